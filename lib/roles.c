/* Roles, the accumulate rule, host_input and host_output: SPEC section 3. */
#include "gs.h"

#include <stdlib.h>

static seg_access *at(kernel_result *kr, size_t s, size_t b) {
  return &kr->access[s * kr->buffers.len + b];
}

void roles_earlier_writers(const unsigned *flags, const gs_vec *successors, size_t n, char *earlier,
                           int *work) {
  size_t top = 0;
  for (size_t s = 0; s < n; s++)
    earlier[s] = 0;
  for (size_t s = 0; s < n; s++)
    if (flags[s] & (ACC_W | ACC_A))
      work[top++] = (int)s;
  /* every successor of a writer has an earlier writer, and so does everything
   * those reach */
  while (top) {
    int s = work[--top];
    for (size_t i = 0; i < successors[s].len; i++) {
      int t = VEC_AT(&successors[s], int, i);
      if (t >= 0 && !earlier[t]) {
        earlier[t] = 1;
        work[top++] = t;
      }
    }
  }
}

static void earlier_writers(kernel_result *kr, size_t b, char *earlier, int *work) {
  size_t n = kr->nsegments;
  unsigned *flags = gs_xcalloc(n ? n : 1, sizeof *flags);
  for (size_t s = 0; s < n; s++)
    flags[s] = at(kr, s, b)->flags;
  roles_earlier_writers(flags, kr->successors, n, earlier, work);
  free(flags);
}

/* host_input: on some path from segment 0, a segment reads b before any
 * segment on that path wrote it (a segment that does both reads first). */
static int reads_before_write(kernel_result *kr, size_t b, char *seen, int *work) {
  size_t n = kr->nsegments, top = 0;
  for (size_t s = 0; s < n; s++)
    seen[s] = 0;
  work[top++] = 0;
  seen[0] = 1;
  while (top) {
    int s = work[--top];
    unsigned f = at(kr, (size_t)s, b)->flags;
    if (f & (ACC_R | ACC_A))
      return 1;
    if (f & ACC_W)
      continue;
    for (size_t i = 0; i < kr->successors[s].len; i++) {
      int t = VEC_AT(&kr->successors[s], int, i);
      if (t >= 0 && !seen[t]) {
        seen[t] = 1;
        work[top++] = t;
      }
    }
  }
  return 0;
}

void roles_compute(kernel_result *kr) {
  size_t n = kr->nsegments, nb = kr->buffers.len;
  char *mark = gs_xcalloc(n, 1);
  int *work = gs_xcalloc(n * 2 + 1, sizeof(int));
  kr->host_input = gs_xcalloc(nb ? nb : 1, sizeof(int));
  kr->host_output = gs_xcalloc(nb ? nb : 1, sizeof(int));
  for (size_t b = 0; b < nb; b++) {
    buffer_space sp = VEC_AT(&kr->buffers, buffer_desc, b).space;
    earlier_writers(kr, b, mark, work);
    int written = 0;
    for (size_t s = 0; s < n; s++) {
      seg_access *a = at(kr, s, b);
      unsigned f = a->flags;
      written |= (f & (ACC_W | ACC_A)) != 0;
      if (!f)
        a->role = GS_ROLE_NONE;
      else if ((f & ACC_A) || ((f & ACC_W) && mark[s]))
        a->role = GS_ROLE_ACCUMULATE;
      else if ((f & ACC_R) && (f & ACC_W))
        a->role = GS_ROLE_READWRITE;
      else if (f & ACC_W)
        a->role = GS_ROLE_WRITE;
      else
        a->role = GS_ROLE_READ;
    }
    if (sp == SPACE_WORKGROUP)
      continue; /* never host inputs or outputs */
    kr->host_output[b] = written;
    kr->host_input[b] = sp == SPACE_CONSTANT || reads_before_write(kr, b, mark, work);
  }
  free(mark);
  free(work);
}
