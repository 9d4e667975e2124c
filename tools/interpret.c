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

static int read_whole_file(const char *path, unsigned char **data, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return 0;
  size_t cap = 1 << 16, len = 0;
  unsigned char *buf = malloc(cap);
  for (;;) {
    if (len == cap)
      buf = realloc(buf, cap *= 2);
    size_t got = fread(buf + len, 1, cap - len, f);
    len += got;
    if (got == 0)
      break;
  }
  int ok = !ferror(f);
  fclose(f);
  if (!ok) {
    free(buf);
    return 0;
  }
  *data = buf;
  *size = len;
  return 1;
}

/* A number as one element of type T, little-endian as on the device. */
static int parse_element(const char *s, gs_type t, unsigned char out[8]) {
  char *end;
  errno = 0;
  if (gs_type_is_float(t)) {
    double d = strtod(s, &end);
    if (errno || end == s || *end)
      return 0;
    if (t == GS_TYPE_F32) {
      float f = (float)d;
      memcpy(out, &f, 4);
    } else {
      memcpy(out, &d, 8);
    }
    return 1;
  }
  unsigned bits = gs_type_size(t) * 8;
  unsigned long long u;
  if (s[0] == '-') {
    long long v = strtoll(s, &end, 0);
    if (errno || end == s || *end || !gs_type_is_signed(t) || (bits == 32 && v < -2147483648LL))
      return 0;
    u = (unsigned long long)v;
  } else {
    u = strtoull(s, &end, 0);
    if (errno || end == s || *end)
      return 0;
    unsigned long long max = gs_type_is_signed(t)
                                 ? (bits == 32 ? 0x7fffffffULL : 0x7fffffffffffffffULL)
                                 : (bits == 32 ? 0xffffffffULL : ~0ULL);
    if (u > max)
      return 0;
  }
  memcpy(out, &u, bits / 8); /* little-endian host */
  return 1;
}

/* Binds "NAME=..." to buffer *B; prints the error and returns an exit
 * status, or 0. */
static int bind_arg(const gs_program *p, const char *input, const char *a, gs_interp_buffer *b) {
  const char *eq = strchr(a, '=');
  if (!eq || eq == a)
    return usage_error("argument '%s': expected NAME=@FILE, NAME=zeros:BYTES or NAME=VALUE", a);
  char *name = strndup(a, (size_t)(eq - a));
  const char *v = eq + 1;
  int k = gs_program_find_buffer(p, name);
  int rc = 0;
  b->name = name;
  if (k < 0) {
    fprintf(stderr, "%s: error: program '%s' has no buffer '%s'\n", input, gs_program_name(p),
            name);
    return EXIT_INPUT;
  }
  const gs_buffer *pb = gs_program_buffer(p, (size_t)k);
  if (v[0] == '@') {
    unsigned char *data;
    if (!read_whole_file(v + 1, &data, &b->bytes)) {
      fprintf(stderr, "%s: error: cannot read '%s' (buffer '%s'): %s\n", input, v + 1, name,
              strerror(errno));
      return EXIT_INPUT;
    }
    b->data = data;
  } else if (!strncmp(v, "zeros:", 6)) {
    char *end;
    errno = 0;
    unsigned long long n = strtoull(v + 6, &end, 0);
    if (errno || end == v + 6 || *end || v[6] == '-') {
      fprintf(stderr, "%s: error: argument '%s': '%s' is not a byte count\n", input, name, v + 6);
      return EXIT_INPUT;
    }
    b->bytes = (size_t)n;
    b->data = n ? calloc((size_t)n, 1) : NULL;
    if (n && !b->data) {
      fprintf(stderr, "%s: error: cannot allocate %llu bytes for '%s'\n", input, n, name);
      return EXIT_INPUT;
    }
  } else {
    unsigned char elem[8];
    if (pb->access == GS_ACCESS_WORKGROUP || !parse_element(v, pb->elem, elem)) {
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
  return rc;
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
