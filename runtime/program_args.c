/* A .gsp program's arguments (program_args.h). */
#include "program_args.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The program buffer argument ARG passes, or NULL. */
static const gs_buffer *program_buffer(const gs_program *p, const gs_host_arg *arg) {
  int b = p ? gs_program_find_buffer(p, arg->name) : -1;
  return b < 0 ? NULL : gs_program_buffer(p, (size_t)b);
}

void gs_program_describe_args(const gs_program *p, gs_host_arg *args, size_t nargs) {
  for (size_t i = 0; i < nargs; i++) {
    gs_host_arg *a = &args[i];
    const gs_buffer *pb = a->kind == GS_HOST_BUFFER ? program_buffer(p, a) : NULL;
    /* a program's scalars are read-only buffers of one element
     * (docs/programs.md): NAME=VALUE gives such a buffer that value */
    if (pb && pb->count == 1 && (pb->access == GS_ACCESS_READ || pb->access == GS_ACCESS_UNIFORM))
      a->one_element = pb->elem == GS_TYPE_I64 || pb->elem == GS_TYPE_U64
                           ? (gs_number_type){GS_NUMBER_SIGNLESS, 64}
                       : pb->elem == GS_TYPE_F32 ? (gs_number_type){GS_NUMBER_FLOAT, 32}
                       : pb->elem == GS_TYPE_F64 ? (gs_number_type){GS_NUMBER_FLOAT, 64}
                                                 : (gs_number_type){GS_NUMBER_SIGNLESS, 32};
  }
}

gs_error *gs_program_complete_args(const gs_program *p, gs_host_arg *args, size_t nargs,
                                   const char *kernel) {
  for (size_t k = 0; k < nargs; k++) {
    gs_host_arg *a = &args[k];
    const gs_buffer *b = program_buffer(p, a);
    if (!b || b->count || a->form == GS_BOUND_NONE)
      continue;
    char name[256];
    snprintf(name, sizeof name, "%s_len", b->name);
    for (size_t j = 0; j < nargs; j++) {
      gs_host_arg *len = &args[j];
      if (strcmp(len->name, name) || len->kind != GS_HOST_SCALAR || len->form != GS_BOUND_NONE)
        continue;
      size_t count = a->bytes / gs_type_size(b->elem);
      if (count > 0xffffffffu)
        return gs_error_create("kernel '%s': buffer '%s' has %zu elements, more than len() can "
                               "count",
                               kernel, b->name, count);
      uint32_t v = (uint32_t)count;
      memcpy(len->scalar, &v, 4);
      len->scalar_size = 4;
      len->form = GS_BOUND_SCALAR;
    }
  }
  /* a buffer with a count holds exactly that many elements, as the
   * interpreter asks (include/gridsplit/interp.h) */
  for (size_t k = 0; k < nargs; k++) {
    gs_host_arg *a = &args[k];
    const gs_buffer *b = program_buffer(p, a);
    if (b && b->count && a->form != GS_BOUND_NONE &&
        a->bytes != (size_t)b->count * gs_type_size(b->elem))
      return gs_error_create("kernel '%s': buffer '%s' is %s[%u] (%zu bytes), but %zu bytes were "
                             "given",
                             kernel, b->name, gs_type_name(b->elem), (unsigned)b->count,
                             (size_t)b->count * gs_type_size(b->elem), a->bytes);
  }
  return NULL;
}
