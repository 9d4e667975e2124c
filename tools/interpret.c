/* gridsplit interpret: runs a program (.gsp) with the reference interpreter
 * (include/gridsplit/interp.h), taking the arguments of `gridsplit run`
 * (SPEC section 5), so that the two can be compared byte for byte. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <gridsplit/interp.h>
#include <gridsplit/program.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dims.h"
#include "hostplan.h"
#include "interpret.h"

enum { EXIT_INPUT = 1, EXIT_USAGE = 2 };

static const char interpret_usage[] =
    "usage: gridsplit interpret --grid X[,Y,Z] [--workgroup X[,Y,Z]] [--out DIR]\n"
    "                           [--all-buffers] INPUT.gsp ARG...\n"
    "\n"
    "Runs the program INPUT with the reference interpreter (true grid barriers,\n"
    "one invocation at a time) and writes every `output` buffer to DIR/NAME.bin\n"
    "(default gridsplit-interpret). --workgroup, if given, must be the program's\n"
    "workgroup_size. --all-buffers writes every buffer given, not only the\n"
    "outputs. Each ARG binds a buffer of the program by name:\n"
    "  NAME=@FILE         a buffer holding the file's bytes\n"
    "  NAME=zeros:BYTES   a zero-filled buffer\n"
    "  NAME=VALUE         a buffer of one element holding VALUE (a number)\n"
    "Workgroup buffers are not given. Errors at run time (an index out of\n"
    "bounds, a divergent barrier) name the statement and the invocation.\n";

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "gridsplit interpret: error: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n(run 'gridsplit interpret --help' for usage)\n");
  return EXIT_USAGE;
}

/* Binds "NAME=..." to buffer *B, the primitives as every host's
 * (runtime/hostplan.h); prints the error and returns an exit status, or 0. */
static int bind_arg(const gs_program *p, const char *input, const char *a, gs_interp_buffer *b) {
  size_t name_len;
  const char *v = gs_bind_split(a, &name_len);
  if (!v)
    return usage_error("argument '%s': expected NAME=@FILE, NAME=zeros:BYTES or NAME=VALUE", a);
  char *name = strndup(a, name_len);
  int k = gs_program_find_buffer(p, name);
  b->name = name;
  if (k < 0) {
    fprintf(stderr, "%s: error: program '%s' has no buffer '%s'\n", input, gs_program_name(p),
            name);
    return EXIT_INPUT;
  }
  const gs_buffer *pb = gs_program_buffer(p, (size_t)k);
  if (v[0] == '@') {
    unsigned char *data;
    char why[64];
    int e = gs_bind_read_file(v + 1, &data, &b->bytes, why, sizeof why);
    if (e) {
      fprintf(stderr, "%s: error: cannot read '%s' (buffer '%s'): %s\n", input, v + 1, name,
              strerror(e));
      return EXIT_INPUT;
    }
    b->data = data;
  } else if (!strncmp(v, "zeros:", 6)) {
    size_t n;
    if (!gs_bind_size(v + 6, &n)) {
      fprintf(stderr, "%s: error: argument '%s': '%s' is not a byte count\n", input, name, v + 6);
      return EXIT_INPUT;
    }
    b->bytes = n;
    b->data = n ? calloc(n, 1) : NULL;
    if (n && !b->data) {
      fprintf(stderr, "%s: error: cannot allocate %llu bytes for '%s'\n", input,
              (unsigned long long)n, name);
      return EXIT_INPUT;
    }
  } else {
    /* one element of the buffer's type: a 4-byte integer within its 32
     * bits, any other within 64 (bool takes the low byte) */
    unsigned char elem[8];
    size_t size;
    gs_number_type t = {gs_type_is_float(pb->elem)    ? GS_NUMBER_FLOAT
                        : gs_type_is_signed(pb->elem) ? GS_NUMBER_SIGNED
                                                      : GS_NUMBER_UNSIGNED,
                        pb->elem == GS_TYPE_F32 || gs_type_size(pb->elem) == 4 ? 32u : 64u};
    if (pb->access == GS_ACCESS_WORKGROUP || gs_bind_number(v, t, elem, &size)) {
      fprintf(
          stderr,
          "%s: error: argument '%s': '%s' is neither @FILE, zeros:BYTES nor a value of type %s\n",
          input, name, v, gs_type_name(pb->elem));
      return EXIT_INPUT;
    }
    b->bytes = gs_type_size(pb->elem);
    b->data = malloc(b->bytes);
    memcpy(b->data, elem, b->bytes);
  }
  return 0;
}

static int write_output(const char *dir, const char *name, const void *data, size_t bytes,
                        const char *input) {
  size_t n = strlen(dir) + strlen(name) + 6;
  char *path = malloc(n);
  snprintf(path, n, "%s/%s.bin", dir, name);
  FILE *f = fopen(path, "wb");
  int ok = f && fwrite(data, 1, bytes, f) == bytes;
  if (f && fclose(f) != 0)
    ok = 0;
  if (!ok)
    fprintf(stderr, "%s: error: cannot write '%s': %s\n", input, path, strerror(errno));
  free(path);
  return ok ? 0 : EXIT_INPUT;
}

int interpret_main(int argc, char **argv) {
  size_t grid[3] = {0, 0, 0}, workgroup[3] = {0, 0, 0};
  const char *input = NULL, *out_dir = "gridsplit-interpret";
  const char **args = calloc((size_t)argc + 1, sizeof *args);
  size_t nargs = 0;
  int rc = 0, all_buffers = 0;
  for (int i = 1; i < argc && !rc; i++) {
    const char *a = argv[i];
    int needs = !strcmp(a, "--grid") || !strcmp(a, "--workgroup") || !strcmp(a, "--out");
    if (needs && i + 1 >= argc) {
      rc = usage_error("option '%s' needs a value", a);
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(interpret_usage, stdout);
      free(args);
      return 0;
    } else if (!strcmp(a, "--grid")) {
      if (!tool_parse_dims(argv[++i], grid))
        rc = usage_error("--grid '%s': expected X[,Y,Z] with positive sizes", argv[i]);
    } else if (!strcmp(a, "--workgroup")) {
      if (!tool_parse_dims(argv[++i], workgroup))
        rc = usage_error("--workgroup '%s': expected X[,Y,Z] with positive sizes", argv[i]);
    } else if (!strcmp(a, "--out")) {
      out_dir = argv[++i];
    } else if (!strcmp(a, "--all-buffers")) {
      all_buffers = 1;
    } else if (a[0] == '-') {
      rc = usage_error("unknown option '%s' for gridsplit interpret", a);
    } else if (!input) {
      input = a;
    } else {
      args[nargs++] = a;
    }
  }
  if (!rc && !input)
    rc = usage_error("%s", "no input file");
  if (!rc && !grid[0])
    rc = usage_error("%s", "--grid is required");
  if (rc) {
    free(args);
    return rc;
  }

  gs_program *p = NULL;
  gs_error *e = gs_program_parse_file(input, &p);
  if (e) {
    fprintf(stderr, "%s\n", gs_error_message(e));
    gs_error_dispose(e);
    free(args);
    return EXIT_INPUT;
  }
  unsigned wgs[3];
  gs_program_workgroup_size(p, wgs);
  if (workgroup[0] && (workgroup[0] != wgs[0] || (workgroup[1] ? workgroup[1] : 1) != wgs[1] ||
                       (workgroup[2] ? workgroup[2] : 1) != wgs[2])) {
    fprintf(stderr,
            "%s: error: --workgroup %zu,%zu,%zu is not the program's workgroup_size %u, %u, %u\n",
            input, workgroup[0], workgroup[1] ? workgroup[1] : 1, workgroup[2] ? workgroup[2] : 1,
            wgs[0], wgs[1], wgs[2]);
    rc = EXIT_INPUT;
  }
  gs_interp_buffer *bufs = calloc(nargs + 1, sizeof *bufs);
  size_t nbufs = 0;
  for (size_t i = 0; i < nargs && !rc; i++)
    rc = bind_arg(p, input, args[i], &bufs[nbufs++]);
  if (!rc) {
    e = gs_interpret(p, grid, bufs, nbufs);
    if (e) {
      fprintf(stderr, "%s\n", gs_error_message(e));
      gs_error_dispose(e);
      rc = EXIT_INPUT;
    }
  }
  if (!rc && mkdir(out_dir, 0777) != 0 && errno != EEXIST) {
    fprintf(stderr, "%s: error: cannot create '%s': %s\n", input, out_dir, strerror(errno));
    rc = EXIT_INPUT;
  }
  for (size_t i = 0; i < nbufs && !rc; i++) {
    int k = gs_program_find_buffer(p, bufs[i].name);
    if (all_buffers || gs_program_buffer(p, (size_t)k)->output)
      rc = write_output(out_dir, bufs[i].name, bufs[i].data, bufs[i].bytes, input);
  }
  for (size_t i = 0; i < nbufs; i++) {
    free((char *)bufs[i].name);
    free(bufs[i].data);
  }
  free(bufs);
  free(args);
  gs_program_dispose(p);
  return rc;
}
