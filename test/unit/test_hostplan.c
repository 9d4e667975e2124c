/* The hosts' shared plan reader and argument binder (runtime/hostplan.h):
 * what a plan yields, and the exact message of each bad input, as the
 * runners print it after their "error: ". */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "devices.h"
#include "gridsplit/control_word.h"
#include "hostplan.h"
#include "order.h"
#include "unit.h"

/* A dynamic kernel's plan, with a buffer, a scalar, workgroup memory, a
 * struct by value and a carried global, as gridsplit writes one */
static const char plan_text[] =
    "{\"format\": \"gridsplit-plan\", \"version\": 1, \"module\": \"k.cl\",\n"
    " \"kernels\": [{\"name\": \"k\", \"barriers\": 1, \"schedule\": \"dynamic\",\n"
    "  \"buffers\": [{\"name\": \"data\", \"arg\": 0, \"host_output\": true},\n"
    "               {\"name\": \"g\", \"arg\": null, \"host_output\": true}],\n"
    "  \"args\": [{\"name\": \"data\", \"kind\": \"buffer\", \"type\": \"ptr\", \"bytes\": 8},\n"
    "           {\"name\": \"n\", \"kind\": \"scalar\", \"type\": \"i32\", \"bytes\": 4},\n"
    "           {\"name\": \"tile\", \"kind\": \"workgroup\", \"type\": \"ptr\", \"bytes\": 8},\n"
    "           {\"name\": \"s\", \"kind\": \"value\", \"type\": \"struct\", \"bytes\": 12}],\n"
    "  \"live_state\": {\"arg\": 4, \"bytes_per_invocation\": 8, \"workgroup_bytes\": 16,\n"
    "    \"header_bytes\": 16, \"workgroup_args\": [{\"arg\": 2, \"size_offset\": 0}],\n"
    "    \"globals\": [{\"name\": \"g\", \"offset\": 8, \"bytes\": 4, \"init\": \"01020304\"}]},\n"
    "  \"control\": {\"arg\": 5, \"words\": 4},\n"
    "  \"values\": [{\"name\": \"s\", \"arg\": 3, \"bytes\": 12}],\n"
    "  \"segments\": [\n"
    "   {\"index\": 0, \"function\": \"k.seg0\", \"successors\": [1, -1],\n"
    "    \"buffers\": [{\"name\": \"data\", \"role\": \"write\"}]},\n"
    "   {\"index\": 1, \"function\": \"k.seg1\", \"empty\": true, \"successors\": [1, -1],\n"
    "    \"buffers\": [{\"name\": \"data\", \"role\": \"accumulate\"}]}]}]}\n";

START_TEST(hostplan_reads_plan) {
  gs_host_plan p;
  char err[512] = "";
  ck_assert_int_eq(gs_host_plan_parse(plan_text, "k.json", NULL, &p, err, sizeof err), 0);
  ck_assert_str_eq(p.kernel, "k");
  ck_assert_uint_eq(p.nsegments, 2);
  ck_assert_str_eq(p.segments[1].function, "k.seg1");
  ck_assert(!p.segments[0].empty && p.segments[1].empty);
  ck_assert_uint_eq(p.segments[0].nsuccessors, 2);
  ck_assert_int_eq(p.segments[0].successors[1], -1);
  ck_assert_uint_eq(p.segments[1].nuses, 1);
  ck_assert_int_eq(p.segments[1].uses[0].access, GS_ORDER_READS);
  ck_assert(p.has_args);
  ck_assert_uint_eq(p.nargs, 4);
  ck_assert_str_eq(p.args[3].type, "struct");
  ck_assert_int_eq(p.live_arg, 4);
  ck_assert_uint_eq(p.header_bytes, 16);
  ck_assert_uint_eq(p.nworkgroup_args, 1);
  ck_assert_int_eq(p.workgroup_args[0].arg, 2);
  ck_assert_uint_eq(p.nglobals, 1);
  ck_assert_int_eq(p.globals[0].init[3], 4);
  ck_assert(p.globals[0].output);
  ck_assert_int_eq(p.control_arg, 5);
  ck_assert_int_eq(p.control_words, GS_CONTROL_WORDS);
  ck_assert_int_eq(p.steps_in_segments, 0);
  ck_assert_int_eq(p.virtual_arg, -1);
  ck_assert_uint_eq(p.nvalues, 1);
  ck_assert_uint_eq(p.noutputs, 1);
  ck_assert_int_eq(p.outputs[0], 0);
  gs_host_plan_free(&p);
}
END_TEST

/* A plan whose segments step ("step": "segments"), and one whose step is
 * none the hosts know (the Vulkan host refuses it: lit
 * Run_vulkan_steps_in_segments.ll) */
START_TEST(hostplan_steps_in_segments) {
  static const char *const texts[2] = {
      "{\"format\": \"gridsplit-plan\", \"version\": 1, \"kernels\": [{\"name\": \"a\", "
      "\"segments\": [{\"function\": \"a.seg0\", \"successors\": [-1]}], "
      "\"control\": {\"arg\": 1, \"words\": 11, \"step\": \"segments\"}, "
      "\"virtual_groups\": {\"arg\": 2, \"order_arg\": 5, \"range_arg\": 6}}]}",
      "{\"format\": \"gridsplit-plan\", \"version\": 1, \"kernels\": [{\"name\": \"a\", "
      "\"segments\": [{\"function\": \"a.seg0\", \"successors\": [-1]}], "
      "\"control\": {\"arg\": 1, \"words\": 4, \"step\": \"kernel\"}}]}"};
  for (int i = 0; i < 2; i++) {
    gs_host_plan p;
    char err[512] = "";
    ck_assert_int_eq(gs_host_plan_parse(texts[i], "p.json", NULL, &p, err, sizeof err), 0);
    ck_assert_int_eq(p.steps_in_segments, i ? -1 : 1);
    ck_assert_int_eq(p.control_words, i ? GS_CONTROL_WORDS : GS_CONTROL_FOLDED_WORDS(1));
    gs_host_plan_free(&p);
  }
}
END_TEST

/* Each bad plan, and the message that says what and where */
START_TEST(hostplan_bad_plans) {
  static const struct {
    const char *text, *want, *message;
  } cases[] = {
      {"{\"format\": \"gridsplit-plan\", \"version\": 1, \"kernels\": [", NULL,
       "p.json: not a valid plan: line 1, column 56: "},
      {"{\"format\": \"gridsplit-plan\", \"version\": 2, \"kernels\": []}", NULL,
       "p.json: not a gridsplit plan of version 1"},
      {"[1, 2]", NULL, "p.json: not a gridsplit plan of version 1"},
      {"{\"format\": \"gridsplit-plan\", \"version\": 1, \"kernels\": [{\"name\": \"a\"}, "
       "{\"name\": \"b\"}]}",
       NULL, "p.json: the plan has several kernels: choose one with --kernel"},
      {"{\"format\": \"gridsplit-plan\", \"version\": 1, \"kernels\": [{\"name\": \"a\"}]}", "b",
       "p.json: the plan has no kernel named 'b'"},
      {"{\"format\": \"gridsplit-plan\", \"version\": 1, \"kernels\": [{\"name\": \"a\", "
       "\"segments\": []}]}",
       NULL, "p.json: kernel 'a' has no segments"},
      {"{\"format\": \"gridsplit-plan\", \"version\": 1, \"kernels\": [{\"name\": \"a\", "
       "\"segments\": [{\"function\": \"a.seg0\"}]}]}",
       NULL, "p.json: segment 0 of 'a' lacks its function or successors"},
      {"{\"format\": \"gridsplit-plan\", \"version\": 1, \"kernels\": [{\"name\": \"a\", "
       "\"segments\": [{\"function\": \"a.seg0\", \"successors\": [3]}]}]}",
       NULL, "p.json: segment 0 of 'a' has a successor that is no segment"},
      {"{\"format\": \"gridsplit-plan\", \"version\": 1, \"kernels\": [{\"name\": \"a\", "
       "\"segments\": [{\"function\": \"a.seg0\", \"successors\": [-1]}], "
       "\"live_state\": {\"bytes_per_invocation\": 4}}]}",
       NULL, "p.json: kernel 'a': live_state has no argument index"},
      {"{\"format\": \"gridsplit-plan\", \"version\": 1, \"kernels\": [{\"name\": \"a\", "
       "\"segments\": [{\"function\": \"a.seg0\", \"successors\": [-1]}], "
       "\"live_state\": {\"arg\": 1, \"header_bytes\": 4, \"globals\": [{\"name\": \"g\", "
       "\"offset\": 0, \"bytes\": 8, \"init\": \"0000000000000000\"}]}}]}",
       NULL,
       "p.json: kernel 'a': a carried global lacks its name, offset, bytes or init, or lies "
       "outside the header"},
      {"{\"format\": \"gridsplit-plan\", \"version\": 1, \"kernels\": [{\"name\": \"a\", "
       "\"segments\": [{\"function\": \"a.seg0\", \"successors\": [-1]}], "
       "\"virtual_groups\": {\"arg\": 2}}]}",
       NULL, "p.json: kernel 'a': virtual_groups has no order_arg after its three counts"},
      {"{\"format\": \"gridsplit-plan\", \"version\": 1, \"kernels\": [{\"name\": \"a\", "
       "\"segments\": [{\"function\": \"a.seg0\", \"successors\": [-1]}], "
       "\"virtual_groups\": {\"arg\": 2, \"order_arg\": 5}}]}",
       NULL,
       "p.json: kernel 'a': virtual_groups has no range_arg after its order (a plan of a "
       "gridsplit older than 2026-12-04, whose segments take no range)"},
      {"{\"format\": \"gridsplit-plan\", \"version\": 1, \"kernels\": [{\"name\": \"a\", "
       "\"segments\": [{\"function\": \"a.seg0\", \"successors\": [-1]}], "
       "\"control\": {\"arg\": 1, \"words\": 11, \"step\": \"segments\"}}]}",
       NULL, "p.json: kernel 'a': \"step\": \"segments\" needs virtual workgroups"},
      {"{\"format\": \"gridsplit-plan\", \"version\": 1, \"kernels\": [{\"name\": \"a\", "
       "\"segments\": [{\"function\": \"a.seg0\", \"successors\": [-1]}], "
       "\"values\": [{\"arg\": 0}]}]}",
       NULL, "p.json: kernel 'a': a value lacks its argument index or size"},
      {"{\"format\": \"gridsplit-plan\", \"version\": 1, \"kernels\": [{\"name\": \"a\", "
       "\"segments\": [{\"function\": \"a.seg0\", \"successors\": [-1]}], "
       "\"args\": [{\"name\": \"x\", \"kind\": \"buffer\"}]}]}",
       NULL, "p.json: kernel 'a': argument 0 lacks its name, kind, type or bytes"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    gs_host_plan p;
    char err[512] = "";
    ck_assert_int_eq(
        gs_host_plan_parse(cases[i].text, "p.json", cases[i].want, &p, err, sizeof err), 1);
    /* the JSON reader's own words follow its line and column */
    ck_assert_msg(!strncmp(err, cases[i].message, strlen(cases[i].message)),
                  "case %zu: '%s', not '%s'", i, err, cases[i].message);
    if (i)
      ck_assert_str_eq(err, cases[i].message);
    ck_assert_ptr_null(p.segments);
  }
  gs_host_plan p;
  char err[512];
  ck_assert_int_eq(gs_host_plan_read("/nonexistent/p.json", NULL, &p, err, sizeof err), 1);
  ck_assert_str_eq(err, "cannot read '/nonexistent/p.json': No such file or directory");
}
END_TEST

/* The arguments of plan_text's kernel, as gs-cuda-run describes them */
static void describe(gs_host_arg a[4]) {
  memset(a, 0, 4 * sizeof *a);
  a[0] =
      (gs_host_arg){.name = "data", .kind = GS_HOST_BUFFER, .elem_size = 4, .elem_name = "float"};
  a[1] =
      (gs_host_arg){.name = "n", .kind = GS_HOST_SCALAR, .scalar_type = {GS_NUMBER_SIGNLESS, 32}};
  a[2] = (gs_host_arg){.name = "tile", .kind = GS_HOST_LOCAL};
  a[3] =
      (gs_host_arg){.name = "s", .kind = GS_HOST_VALUE, .value_bytes = 12, .value_what = "struct"};
}

static char *temp_file(size_t bytes) {
  char *path = strdup("/tmp/gs-hostplan-XXXXXX");
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  static const char zeros[64];
  ck_assert_int_eq(write(fd, zeros, bytes), (ssize_t)bytes);
  close(fd);
  return path;
}

/* SPECS bound to describe()'s arguments, through gs_bind_finish: 0, or the
 * message in ERR */
static int bind(const char *const *specs, size_t n, int distinct, char *err, size_t size) {
  gs_host_arg a[4];
  describe(a);
  int rc = gs_bind_specs(a, 4, specs, n, "k", err, size) ||
           gs_bind_finish(a, 4, distinct, "k", err, size);
  gs_bind_free(a, 4);
  return rc;
}

START_TEST(hostplan_binds) {
  char *s12 = temp_file(12), spec[128];
  snprintf(spec, sizeof spec, "s=@%s", s12);
  const char *specs[] = {"data=zeros:64", "n=-7", "tile=local:256", spec};
  gs_host_arg a[4];
  char err[512] = "";
  describe(a);
  ck_assert_int_eq(gs_bind_specs(a, 4, specs, 4, "k", err, sizeof err), 0);
  ck_assert_int_eq(gs_bind_finish(a, 4, 0, "k", err, sizeof err), 0);
  ck_assert_int_eq(a[0].form, GS_BOUND_ZEROS);
  ck_assert_uint_eq(a[0].bytes, 64);
  ck_assert_int_eq(a[1].form, GS_BOUND_SCALAR);
  ck_assert_uint_eq(a[1].scalar_size, 4);
  int n;
  memcpy(&n, a[1].scalar, 4);
  ck_assert_int_eq(n, -7);
  ck_assert_int_eq(a[2].form, GS_BOUND_LOCAL);
  ck_assert_uint_eq(a[2].bytes, 256);
  ck_assert_int_eq(a[3].form, GS_BOUND_VALUE);
  ck_assert_uint_eq(a[3].bytes, 12);
  gs_bind_free(a, 4);
  unlink(s12);
  free(s12);
}
END_TEST

/* Each bad argument list, and its message: an unknown name, a name given
 * twice, a size that does not fit, an argument not given, and the rest */
START_TEST(hostplan_bad_args) {
  char *s12 = temp_file(12), *s8 = temp_file(8), *b6 = temp_file(6);
  char s12_spec[128], s8_spec[128], b6_spec[128], s8_message[256];
  snprintf(s12_spec, sizeof s12_spec, "s=@%s", s12);
  snprintf(s8_spec, sizeof s8_spec, "s=@%s", s8);
  snprintf(b6_spec, sizeof b6_spec, "data=@%s", b6);
  snprintf(s8_message, sizeof s8_message,
           "kernel 'k': argument 's' is a struct of 12 bytes, but '%s' holds 8 bytes", s8);
  const struct {
    const char *specs[6];
    int distinct;
    const char *message;
  } cases[] = {
      {{"count=3"}, 0, "kernel 'k' has no argument 'count' (its arguments: data, n, tile, s)"},
      {{"=3"},
       0,
       "argument '=3': expected NAME=@FILE, NAME=zeros:BYTES, NAME=local:BYTES, NAME=same:OTHER "
       "or NAME=VALUE"},
      {{"n"},
       0,
       "argument 'n': expected NAME=@FILE, NAME=zeros:BYTES, NAME=local:BYTES, NAME=same:OTHER "
       "or NAME=VALUE"},
      {{"n=1", "n=2"}, 0, "argument 'n' is given twice"},
      {{"data=zeros:64", "n=1", s12_spec}, 0, "kernel 'k': argument 'tile' is not given"},
      {{"data=zeros:64", "n=1", "tile=local:16"}, 0, "kernel 'k': argument 's' is not given"},
      {{s8_spec}, 0, NULL /* s8_message */},
      {{"s=zeros:12"},
       0,
       "kernel 'k': argument 's' is a struct passed by value (12 bytes): give its bytes as "
       "s=@FILE"},
      {{"n=4294967296"}, 0, "kernel 'k': argument 'n' = 4294967296 does not fit in 32 bits"},
      {{"n=-2147483649"}, 0, "kernel 'k': argument 'n' = -2147483649 does not fit in 32 bits"},
      {{"n=seven"}, 0, "kernel 'k': argument 'n' is a 32-bit integer, not 'seven'"},
      {{"n=zeros:4"}, 0, "kernel 'k': argument 'n' is a scalar, not a buffer ('n=zeros:4')"},
      {{"tile=zeros:4"},
       0,
       "kernel 'k': argument 'tile' is workgroup memory: give its size as tile=local:BYTES"},
      {{"tile=local:0"},
       0,
       "kernel 'k': argument 'tile' is workgroup memory: give its size as tile=local:BYTES"},
      {{"data=zeros:-4"}, 0, "argument 'data': '-4' is not a byte count"},
      {{"data=zeros:0"}, 0, "kernel 'k': buffer 'data' is empty"},
      {{b6_spec},
       0,
       "kernel 'k': buffer 'data' has 6 bytes, not a whole number of 'float' elements (4 bytes "
       "each)"},
      {{"data=7"},
       0,
       "kernel 'k': argument 'data' is a buffer: give it as data=@FILE, data=zeros:BYTES or "
       "data=same:OTHER"},
      {{"data=@/nonexistent/x.bin"},
       0,
       "cannot read '/nonexistent/x.bin': No such file or directory"},
      {{"data=same:n", "n=1", "tile=local:16", s12_spec},
       0,
       "argument 'data': same:n names no other buffer argument"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    size_t n = 0;
    while (n < 6 && cases[i].specs[n])
      n++;
    char err[512] = "";
    ck_assert_msg(bind(cases[i].specs, n, cases[i].distinct, err, sizeof err) == 1,
                  "case %zu bound", i);
    const char *want = cases[i].message ? cases[i].message : s8_message;
    ck_assert_msg(!strcmp(err, want), "case %zu: '%s', not '%s'", i, err, want);
  }
  unlink(s12);
  unlink(s8);
  unlink(b6);
  free(s12);
  free(s8);
  free(b6);
}
END_TEST

/* same:OTHER shares OTHER's buffer, which distinct buffers forbid */
START_TEST(hostplan_same_and_distinct) {
  gs_host_arg a[2] = {{.name = "in", .kind = GS_HOST_BUFFER},
                      {.name = "out", .kind = GS_HOST_BUFFER}};
  const char *specs[] = {"in=zeros:16", "out=same:in"};
  char err[512] = "";
  ck_assert_int_eq(gs_bind_specs(a, 2, specs, 2, "k", err, sizeof err), 0);
  ck_assert_int_eq(gs_bind_finish(a, 2, 0, "k", err, sizeof err), 0);
  ck_assert_int_eq(a[1].same_as, 0);
  ck_assert_uint_eq(a[1].bytes, 16);
  ck_assert_int_eq(gs_bind_finish(a, 2, 1, "k", err, sizeof err), 1);
  ck_assert_str_eq(err, "kernel 'k': buffers were declared distinct, but 'out' is the same buffer "
                        "as 'in'");
}
END_TEST

/* Numbers as each type takes them, little-endian */
START_TEST(hostplan_numbers) {
  unsigned char out[8];
  size_t size;
  const gs_number_type i8 = {GS_NUMBER_SIGNLESS, 8}, u32 = {GS_NUMBER_UNSIGNED, 32},
                       i32 = {GS_NUMBER_SIGNED, 32}, f32 = {GS_NUMBER_FLOAT, 32},
                       u64 = {GS_NUMBER_UNSIGNED, 64};
  ck_assert_int_eq(gs_bind_number("255", i8, out, &size), 0);
  ck_assert_uint_eq(size, 1);
  ck_assert_uint_eq(out[0], 255);
  ck_assert_int_eq(gs_bind_number("-128", i8, out, &size), 0);
  ck_assert_int_eq(gs_bind_number("256", i8, out, &size), GS_BIND_DOES_NOT_FIT);
  ck_assert_int_eq(gs_bind_number("-1", u32, out, &size), GS_BIND_DOES_NOT_FIT);
  ck_assert_int_eq(gs_bind_number("2147483648", i32, out, &size), GS_BIND_DOES_NOT_FIT);
  ck_assert_int_eq(gs_bind_number("-2147483648", i32, out, &size), 0);
  ck_assert_int_eq(gs_bind_number("0x10", u32, out, &size), 0);
  ck_assert_uint_eq(out[0], 16);
  ck_assert_int_eq(gs_bind_number("18446744073709551615", u64, out, &size), 0);
  ck_assert_uint_eq(out[7], 255);
  ck_assert_int_eq(gs_bind_number("1.5", f32, out, &size), 0);
  float f;
  memcpy(&f, out, 4);
  ck_assert(f == 1.5f);
  ck_assert_int_eq(gs_bind_number("1.5x", f32, out, &size), GS_BIND_NOT_A_NUMBER);
  ck_assert_int_eq(gs_bind_number("", u32, out, &size), GS_BIND_NOT_A_NUMBER);
  size_t bytes;
  ck_assert(gs_bind_size("0x100", &bytes) && bytes == 256);
  ck_assert(!gs_bind_size("-1", &bytes) && !gs_bind_size("12k", &bytes));
}
END_TEST

/* devices.h: ranges cover the grid in device order, differing by one at
 * most, empty past it */
START_TEST(hostplan_device_ranges) {
  static const struct {
    size_t total, n;
    uint32_t want[5][2];
  } cases[] = {{6, 3, {{0, 2}, {2, 4}, {4, 6}}},
               {7, 3, {{0, 2}, {2, 4}, {4, 7}}},
               {3, 4, {{0, 0}, {0, 1}, {1, 2}, {2, 3}}},
               {1, 2, {{0, 0}, {0, 1}}},
               {2147483648u,
                5,
                {{0, 429496729},
                 {429496729, 858993459},
                 {858993459, 1288490188},
                 {1288490188, 1717986918},
                 {1717986918, 2147483648u}}}};
  for (size_t c = 0; c < sizeof cases / sizeof *cases; c++)
    for (size_t d = 0; d < cases[c].n; d++) {
      uint32_t first = 99, end = 99;
      gs_device_range(cases[c].total, cases[c].n, d, &first, &end);
      ck_assert_uint_eq(first, cases[c].want[d][0]);
      ck_assert_uint_eq(end, cases[c].want[d][1]);
    }
}
END_TEST

/* devices.h: which segments conflict, from a plan's roles, and the waits a
 * launch takes: the latest conflicting launch of each other device, once */
START_TEST(hostplan_device_waits) {
  /* seg0 writes a; seg1 writes b; seg2 reads a and b, writes c; seg3 reads
   * c; with c given as same:a */
  static const char text[] =
      "{\"format\": \"gridsplit-plan\", \"version\": 1, \"kernels\": [{\"name\": \"k\", "
      "\"distinct_buffers\": true, "
      "\"args\": [{\"name\": \"a\", \"kind\": \"buffer\", \"type\": \"ptr\", \"bytes\": 8}, "
      "{\"name\": \"b\", \"kind\": \"buffer\", \"type\": \"ptr\", \"bytes\": 8}, "
      "{\"name\": \"c\", \"kind\": \"buffer\", \"type\": \"ptr\", \"bytes\": 8}], "
      "\"buffers\": [{\"name\": \"a\", \"arg\": 0}, {\"name\": \"b\", \"arg\": 1}, "
      "{\"name\": \"c\", \"arg\": 2}], "
      "\"segments\": [{\"function\": \"k.seg0\", \"successors\": [1], \"buffers\": "
      "[{\"name\": \"a\", \"role\": \"write\"}]}, "
      "{\"function\": \"k.seg1\", \"successors\": [2], \"buffers\": "
      "[{\"name\": \"b\", \"role\": \"write\"}]}, "
      "{\"function\": \"k.seg2\", \"successors\": [3], \"buffers\": "
      "[{\"name\": \"a\", \"role\": \"read\"}, {\"name\": \"b\", \"role\": \"read\"}, "
      "{\"name\": \"c\", \"role\": \"write\"}]}, "
      "{\"function\": \"k.seg3\", \"successors\": [-1], \"buffers\": "
      "[{\"name\": \"c\", \"role\": \"read\"}]}]}]}";
  gs_host_plan p;
  char err[512] = "";
  ck_assert_int_eq(gs_host_plan_parse(text, "p.json", NULL, &p, err, sizeof err), 0);
  gs_host_arg *args = gs_plan_args(&p);
  gs_device_waits w;
  gs_device_waits_init(&w, &p, args, p.nargs);
  static const unsigned char distinct[4][4] = {
      {1, 0, 1, 0}, {0, 1, 1, 0}, {1, 1, 1, 1}, {0, 0, 1, 0}};
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      ck_assert_msg(w.conflict[i * 4 + j] == distinct[i][j], "segments %d, %d", i, j);
  /* two devices launch 0, 1, 2, 3: seg1 waits for nothing; seg2 for the
   * other's seg1 (its queue ran seg0 first); seg3 for the other's seg2 */
  gs_device_log l;
  gs_device_log_init(&l, 2, 8);
  size_t wait[2], nwait;
  static const int want[4] = {-1, -1, 1, 2};
  for (size_t s = 0; s < 4; s++) {
    size_t got[2][2], ngot[2];
    for (size_t d = 0; d < 2; d++)
      ck_assert_int_eq(gs_device_log_waits(&l, &w, d, s, got[d], &ngot[d]), 0);
    for (size_t d = 0; d < 2; d++) {
      ck_assert_uint_eq(ngot[d], want[s] >= 0);
      if (ngot[d])
        ck_assert_uint_eq(got[d][0], (1 - d) * 8 + (size_t)want[s]);
      gs_device_log_add(&l, d, s);
    }
  }
  /* a fifth launch of seg3 waits for nothing more (the other's seg3 only
   * reads what it reads) */
  ck_assert_int_eq(gs_device_log_waits(&l, &w, 0, 3, wait, &nwait), 0);
  ck_assert_uint_eq(nwait, 0);
  gs_device_waits_free(&w);
  /* c given as a: seg3 reads what seg0 wrote; without distinct buffers
   * every two segments touching buffers conflict */
  args[2].form = GS_BOUND_SAME;
  args[2].same_as = 0;
  gs_device_waits_init(&w, &p, args, p.nargs);
  ck_assert(w.conflict[0 * 4 + 3] && w.conflict[3 * 4 + 0] && !w.conflict[1 * 4 + 3]);
  gs_device_waits_free(&w);
  p.distinct = 0;
  gs_device_waits_init(&w, &p, args, p.nargs);
  for (int i = 0; i < 16; i++)
    ck_assert_msg(w.conflict[i] == (i != 3 * 4 + 3), "pair %d", i);
  gs_device_waits_free(&w);
  /* a live state: every pair */
  p.live_arg = 3;
  gs_device_waits_init(&w, &p, args, p.nargs);
  for (int i = 0; i < 16; i++)
    ck_assert(w.conflict[i]);
  gs_device_waits_free(&w);
  /* a full log says so */
  gs_device_log_clear(&l);
  for (int k = 0; k < 8; k++)
    gs_device_log_add(&l, 0, 0);
  ck_assert_int_eq(gs_device_log_waits(&l, &w, 0, 0, wait, &nwait), -1);
  gs_device_log_free(&l);
  gs_bind_free(args, p.nargs);
  free(args);
  gs_host_plan_free(&p);
}
END_TEST

/* PTX that is not atomic or not ordered between two GPUs sharing a buffer
 * (the PTX ISA's scopes: none on an atom is the GPU's), against what is:
 * the system's scope, workgroup memory, a block's scope on a fence */
START_TEST(hostplan_device_ptx_scopes) {
  static const char *const bad[] = {
      "\tatom.global.add.u32 \t%r1, [%rd1], 1;\n",
      "\t@%p1 red.global.add.u32 \t[%rd1], %r2;\n",
      "\tatom.add.u32 \t%r1, [%rd1], 1;\n",
      "\tatom.relaxed.gpu.global.add.u32 \t%r1, [%rd1], 1;\n",
      "\tld.acquire.gpu.global.b32 \t%r1, [%rd1];\n",
      "\tst.release.gpu.b32 \t[%rd1], %r1;\n",
      "\tld.relaxed.cluster.global.b32 \t%r1, [%rd1];\n",
      "\tfence.acq_rel.gpu;\n",
      "\tfence.sc.cluster;\n",
      "\tmembar.gl;\n",
      "\tcp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%rd1], [%r1], 64;\n",
      "\tmultimem.ld_reduce.relaxed.sys.global.add.u32 %r1, [%rd1];\n",
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    const char *t = bad[i];
    const char *got = gs_device_ptx_gpu_scope(t, t + strlen(t));
    ck_assert_msg(got != NULL, "not refused: %s", t);
    ck_assert_msg(got == t + strspn(t, "\t") || !strncmp(got, "red.", 4), "%s: at '%s'", t, got);
  }
  static const char *const good[] = {
      "\tatom.relaxed.sys.global.add.u32 \t%r1, [%rd1], 1;\n",
      "\tfence.sc.sys;\n\tatom.acquire.sys.add.u64 \t%rd2, [%rd1], 1;\n",
      "\tatom.shared.add.u32 \t%r1, [%r2], 1;\n",
      "\tst.release.gpu.shared.b32 \t[last], %r1;\n",
      "\tld.acquire.cta.global.b32 \t%r1, [%rd1];\n\tfence.acq_rel.cta;\n",
      "\tld.global.L2::256B.f32 \t%r1, [%rd1];\n\tst.global.b32 \t[%rd1], %r1;\n",
      "\tld.volatile.global.b32 \t%r1, [%rd1];\n\tmembar.sys;\n",
      "\tst.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [%r1], %r2, [%r3];\n",
      "\tld.param.b64 \t%rd1, [k_param_0];\n\tbar.sync \t0;\n",
  };
  for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
    const char *t = good[i];
    const char *got = gs_device_ptx_gpu_scope(t, t + strlen(t));
    ck_assert_msg(got == NULL, "refused: '%s' in %s", got ? got : "", t);
  }
  /* only [AT, END) counts */
  const char *two = "\tfence.sc.sys;\n\tmembar.gl;\n";
  ck_assert_ptr_null(gs_device_ptx_gpu_scope(two, strstr(two, "\tmembar")));
  ck_assert_ptr_eq(gs_device_ptx_gpu_scope(two, two + strlen(two)), strstr(two, "membar"));
}
END_TEST

Suite *suite_hostplan(void) {
  Suite *s = suite_create("hostplan");
  TCase *tc = tcase_create("hostplan");
  tcase_add_test(tc, hostplan_reads_plan);
  tcase_add_test(tc, hostplan_bad_plans);
  tcase_add_test(tc, hostplan_steps_in_segments);
  tcase_add_test(tc, hostplan_binds);
  tcase_add_test(tc, hostplan_bad_args);
  tcase_add_test(tc, hostplan_same_and_distinct);
  tcase_add_test(tc, hostplan_numbers);
  tcase_add_test(tc, hostplan_device_ranges);
  tcase_add_test(tc, hostplan_device_waits);
  tcase_add_test(tc, hostplan_device_ptx_scopes);
  suite_add_tcase(s, tc);
  return s;
}
