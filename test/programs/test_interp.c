/* Unit tests of the interpreter's C API (include/gridsplit/interp.h):
 * programs built with the builder and parsed from text, run on small grids,
 * their results and every error message checked exactly. The expectations
 * come from docs/programs.md and interp.h, not from the implementation. */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gridsplit/interp.h"
#include "gridsplit/program.h"

static gs_program *parse_ok(const char *text) {
  gs_program *p = NULL;
  gs_error *e = gs_program_parse(text, "t.gsp", &p);
  ck_assert_msg(!e, "the test program does not parse: %s", gs_error_message(e));
  return p;
}

static void run_ok(const gs_program *p, size_t gx, size_t gy, gs_interp_buffer *b, size_t n) {
  size_t grid[3] = {gx, gy, 0};
  gs_error *e = gs_interpret(p, grid, b, n);
  ck_assert_msg(!e, "gs_interpret failed: %s", gs_error_message(e));
}

/* gs_interpret must fail; the message must be WANT exactly. */
static void run_fails(const gs_program *p, size_t gx, size_t gy, gs_interp_buffer *b, size_t n,
                      const char *want) {
  size_t grid[3] = {gx, gy, 0};
  gs_error *e = gs_interpret(p, grid, b, n);
  ck_assert_msg(e != NULL, "gs_interpret succeeded; expected: %s", want);
  ck_assert_str_eq(gs_error_message(e), want);
  gs_error_dispose(e);
}

/* Parses TEXT, runs it on GX invocations with one buffer NAME of BYTES
 * zero bytes, expects the error WANT. */
static void text_fails(const char *text, size_t gx, const char *name, size_t bytes,
                       const char *want) {
  gs_program *p = parse_ok(text);
  void *data = calloc(bytes, 1);
  gs_interp_buffer b = {name, data, bytes};
  run_fails(p, gx, 0, &b, 1, want);
  free(data);
  gs_program_dispose(p);
}

/* --- results --------------------------------------------------------------------- */

/* out[g] = src[g] * 2 + g, built with the builder. */
START_TEST(builder_program_runs) {
  gs_program *p = gs_program_create("scale");
  gs_program_set_workgroup_size(p, 4, 1, 1);
  gs_program_add_buffer(p, "src", 0, GS_TYPE_F32, 0, GS_ACCESS_READ, 0);
  gs_program_add_buffer(p, "out", 1, GS_TYPE_F32, 8, GS_ACCESS_WRITE, 1);
  gs_program_append(p, gs_stmt_let(p, "g", GS_TYPE_NONE, gs_expr_id(p, GS_ID_GLOBAL_ID, 0)));
  gs_expr *twice = gs_expr_binary(p, GS_BIN_MUL, gs_expr_load(p, "src", gs_expr_var(p, "g")),
                                  gs_expr_float(p, GS_TYPE_F32, 2.0));
  gs_expr *value =
      gs_expr_binary(p, GS_BIN_ADD, twice, gs_expr_cast(p, GS_TYPE_F32, gs_expr_var(p, "g")));
  gs_program_append(p, gs_stmt_store(p, "out", gs_expr_var(p, "g"), value));
  gs_error *e = gs_program_check(p);
  ck_assert_msg(!e, "%s", gs_error_message(e));
  float in[8] = {0.5f, -1.0f, 3.25f, 0.0f, 100.0f, -0.125f, 7.0f, 1e-3f};
  float out[8] = {0};
  gs_interp_buffer b[2] = {{"src", in, sizeof in}, {"out", out, sizeof out}};
  run_ok(p, 8, 0, b, 2);
  for (int g = 0; g < 8; g++)
    ck_assert_msg(out[g] == in[g] * 2.0f + (float)g, "out[%d] = %a", g, (double)out[g]);
  gs_program_dispose(p);
}
END_TEST

/* Each invocation reads the element another one (in another workgroup) writes
 * before the grid barrier: a reversal in place. */
START_TEST(grid_barrier_orders_all_workgroups) {
  gs_program *p = parse_ok("program reverse;\n"
                           "workgroup_size 64;\n"
                           "buffer data: readwrite u32[?] @0 output;\n"
                           "kernel {\n"
                           "  let g = global_id(0);\n"
                           "  let v = data[global_size(0) - 1 - g];\n"
                           "  grid_barrier;\n"
                           "  data[g] = v;\n"
                           "}\n");
  uint32_t data[256];
  for (uint32_t i = 0; i < 256; i++)
    data[i] = i * 7 + 1;
  gs_interp_buffer b = {"data", data, sizeof data};
  run_ok(p, 256, 0, &b, 1);
  for (uint32_t i = 0; i < 256; i++)
    ck_assert_uint_eq(data[i], (255 - i) * 7 + 1);
  gs_program_dispose(p);
}
END_TEST

/* Workgroup memory: one copy per workgroup, zero at the start, kept across a
 * grid barrier; a workgroup barrier orders it. */
START_TEST(workgroup_memory_per_workgroup) {
  gs_program *p = parse_ok("program tiles;\n"
                           "workgroup_size 4;\n"
                           "buffer out: write u32[12] @0 output;\n"
                           "buffer tile: workgroup u32[5];\n"
                           "kernel {\n"
                           "  let l = local_id(0);\n"
                           "  tile[l] = tile[l] + group_id(0) * 10 + l;\n"
                           "  grid_barrier;\n"
                           "  workgroup_barrier;\n"
                           "  out[global_id(0)] = tile[3 - l] * 100 + tile[4];\n"
                           "}\n");
  uint32_t out[12] = {0};
  gs_interp_buffer b = {"out", out, sizeof out};
  run_ok(p, 12, 0, &b, 1);
  for (uint32_t g = 0; g < 12; g++)
    ck_assert_uint_eq(out[g], ((g / 4) * 10 + 3 - g % 4) * 100);
  gs_program_dispose(p);
}
END_TEST

/* Invocations that returned take no part: the others pass the barrier. */
START_TEST(returned_invocations_do_not_block) {
  gs_program *p = parse_ok("program early;\n"
                           "workgroup_size 2;\n"
                           "buffer out: readwrite i32[8] @0 output;\n"
                           "kernel {\n"
                           "  let g = global_id(0);\n"
                           "  out[g] = i32(g);\n"
                           "  if g >= 5 {\n"
                           "    return;\n"
                           "  }\n"
                           "  workgroup_barrier;\n"
                           "  grid_barrier;\n"
                           "  out[g] = out[g + 3] * -1;\n"
                           "}\n");
  int32_t out[8] = {0};
  gs_interp_buffer b = {"out", out, sizeof out};
  run_ok(p, 8, 0, &b, 1);
  int32_t want[8] = {-3, -4, -5, -6, -7, 5, 6, 7};
  for (int g = 0; g < 8; g++)
    ck_assert_int_eq(out[g], want[g]);
  gs_program_dispose(p);
}
END_TEST

/* A u32[?] buffer: len() is its element count. */
START_TEST(runtime_sized_buffer_len) {
  gs_program *p = parse_ok("program lens;\n"
                           "workgroup_size 1;\n"
                           "buffer r: read u64[?] @0;\n"
                           "buffer out: write u32[2] @1 output;\n"
                           "kernel {\n"
                           "  out[0] = len(r);\n"
                           "  out[1] = len(out);\n"
                           "}\n");
  uint64_t r[5] = {0};
  uint32_t out[2] = {0};
  gs_interp_buffer b[2] = {{"out", out, sizeof out}, {"r", r, sizeof r}};
  run_ok(p, 1, 0, b, 2);
  ck_assert_uint_eq(out[0], 5);
  ck_assert_uint_eq(out[1], 2);
  gs_program_dispose(p);
}
END_TEST

/* 2^16 invocations of a grid-strided reduction with workgroup and grid
 * barriers: interp.h promises an oracle fast enough for large grids. The
 * bound is generous (a loaded machine); a quadratic scheduler misses it. */
START_TEST(large_grid_is_fast) {
  gs_program *p = NULL;
  gs_error *e = gs_program_parse_file(GS_EXAMPLES_DIR "/reduce_sum.gsp", &p);
  ck_assert_msg(!e, "%s", gs_error_message(e));
  size_t n = 3 << 16;
  float *input = malloc(n * sizeof *input);
  for (size_t i = 0; i < n; i++)
    input[i] = (float)(i % 17) - 8.0f; /* small integers: the float sum is exact */
  float partial[1024] = {0}, total = 0;
  gs_interp_buffer b[3] = {{"input", input, n * sizeof *input},
                           {"partial", partial, sizeof partial},
                           {"total", &total, 4}};
  clock_t t0 = clock();
  run_ok(p, 1 << 16, 0, b, 3);
  double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
  double want = 0;
  for (size_t i = 0; i < n; i++)
    want += input[i];
  ck_assert_msg(total == (float)want, "total %a, expected %a", (double)total, want);
  ck_assert_msg(secs < 3.0, "2^16 invocations took %.2f s of CPU time", secs);
  free(input);
  gs_program_dispose(p);
}
END_TEST

/* --- errors at run time ---------------------------------------------------------- */

START_TEST(load_out_of_bounds) {
  text_fails("program oob;\n"
             "workgroup_size 4;\n"
             "buffer a: readwrite u32[8] @0;\n"
             "kernel {\n"
             "  a[global_id(0)] = a[global_id(0) + 2];\n"
             "}\n",
             8, "a", 32,
             "t.gsp:5:21: error: invocation 6: load index 8 is out of bounds of buffer 'a' "
             "(8 elements)");
}
END_TEST

START_TEST(store_negative_index) {
  text_fails("program oob;\n"
             "workgroup_size 4;\n"
             "buffer a: write i32[?] @0;\n"
             "kernel {\n"
             "  let i = i32(global_id(0)) - 2;\n"
             "  if i != -1 {\n"
             "    return;\n"
             "  }\n"
             "  a[i] = 5;\n"
             "}\n",
             4, "a", 16,
             "t.gsp:9:3: error: invocation 1: store index -1 is out of bounds of buffer 'a' (4 "
             "elements)");
}
END_TEST

START_TEST(atomic_out_of_bounds) {
  text_fails("program oob;\n"
             "workgroup_size 2;\n"
             "buffer bins: readwrite u32[4] @0;\n"
             "kernel {\n"
             "  atomic_add(bins, global_id(0) * 3, 1);\n"
             "}\n",
             4, "bins", 16,
             "t.gsp:5:3: error: invocation 2: atomic_add index 6 is out of bounds of buffer "
             "'bins' (4 elements)");
}
END_TEST

START_TEST(workgroup_buffer_out_of_bounds) {
  gs_program *p = parse_ok("program oob;\n"
                           "workgroup_size 4, 2;\n"
                           "buffer out: write u32[?] @0;\n"
                           "buffer tile: workgroup u32[8];\n"
                           "kernel {\n"
                           "  let l = local_id(1) * 4 + local_id(0);\n"
                           "  tile[l] = l;\n"
                           "  workgroup_barrier;\n"
                           "  out[global_id(1) * 8 + global_id(0)] = tile[l + global_id(1)];\n"
                           "}\n");
  uint32_t out[16] = {0};
  gs_interp_buffer b = {"out", out, sizeof out};
  run_fails(p, 8, 2, &b, 1,
            "t.gsp:9:42: error: invocation (3, 1): load index 8 is out of bounds of buffer "
            "'tile' (8 elements)");
  gs_program_dispose(p);
}
END_TEST

/* The first invocations of the grid wait at one barrier, the rest at another. */
START_TEST(divergent_grid_barrier) {
  text_fails("program diverge;\n"
             "workgroup_size 4;\n"
             "buffer a: readwrite u32[?] @0;\n"
             "kernel {\n"
             "  if global_id(0) < 4 {\n"
             "    grid_barrier;\n"
             "  } else {\n"
             "    a[0] = 1;\n"
             "    grid_barrier;\n"
             "  }\n"
             "}\n",
             8, "a", 4,
             "t.gsp:6:5: error: divergent grid barrier: invocation 0 waits at the grid_barrier "
             "at 6:5 while invocation 4 waits at the grid_barrier at 9:5");
}
END_TEST

START_TEST(divergent_grid_barrier_and_collective) {
  gs_program *p = parse_ok("program diverge;\n"
                           "workgroup_size 2;\n"
                           "buffer s: read u32[2] @0;\n"
                           "buffer d: write u32[2] @1;\n"
                           "kernel {\n"
                           "  if group_id(0) == 1 {\n"
                           "    all_reduce(add, s, d, 1, 2);\n"
                           "  }\n"
                           "  grid_barrier;\n"
                           "}\n");
  uint32_t s[2] = {1, 2}, d[2] = {0, 0};
  gs_interp_buffer b[2] = {{"s", s, 8}, {"d", d, 8}};
  run_fails(p, 4, 0, b, 2,
            "t.gsp:9:3: error: divergent grid barrier: invocation 0 waits at the grid_barrier "
            "at 9:3 while invocation 2 waits at the all_reduce at 7:5");
  ck_assert_uint_eq(d[0], 0); /* the collective did not run */
  gs_program_dispose(p);
}
END_TEST

START_TEST(divergent_workgroup_barrier) {
  text_fails("program diverge;\n"
             "workgroup_size 4;\n"
             "buffer a: readwrite u32[?] @0;\n"
             "kernel {\n"
             "  if local_id(0) == 2 {\n"
             "    workgroup_barrier;\n"
             "  } else {\n"
             "    workgroup_barrier;\n"
             "  }\n"
             "}\n",
             4, "a", 4,
             "t.gsp:8:5: error: divergent workgroup barrier: invocation 0 waits at the "
             "workgroup_barrier at 8:5 while invocation 2 waits at the workgroup_barrier at 6:5");
}
END_TEST

/* Invocation 5 waits at a workgroup barrier that invocation 4, waiting at a
 * grid barrier, never reaches: a deadlock on a device, an error here. */
START_TEST(workgroup_barrier_against_grid_barrier) {
  text_fails("program diverge;\n"
             "workgroup_size 2;\n"
             "buffer a: readwrite u32[?] @0;\n"
             "kernel {\n"
             "  if global_id(0) == 4 {\n"
             "    grid_barrier;\n"
             "  }\n"
             "  workgroup_barrier;\n"
             "}\n",
             6, "a", 4,
             "t.gsp:8:3: error: divergent workgroup barrier: invocation 5 waits at the "
             "workgroup_barrier at 8:3 while invocation 4 waits at the grid_barrier at 6:5");
}
END_TEST

START_TEST(collective_arguments_differ) {
  gs_program *p = parse_ok("program coll;\n"
                           "workgroup_size 4;\n"
                           "buffer s: read f32[?] @0;\n"
                           "buffer d: write f32[?] @1;\n"
                           "kernel {\n"
                           "  all_reduce(add, s, d, 1, group_id(0) + 1);\n"
                           "}\n");
  float s[4] = {0}, d[4] = {0};
  gs_interp_buffer b[2] = {{"s", s, 16}, {"d", d, 16}};
  run_fails(p, 8, 0, b, 2,
            "t.gsp:6:3: error: all_reduce: invocation 0 gives parts = 1 but invocation 4 gives "
            "parts = 2 (it must be the same in every invocation)");
  gs_program_dispose(p);
}
END_TEST

START_TEST(collective_outside_its_buffers) {
  gs_program *p = parse_ok("program coll;\n"
                           "workgroup_size 4;\n"
                           "buffer s: read u32[?] @0;\n"
                           "buffer d: write u32[?] @1;\n"
                           "kernel {\n"
                           "  all_gather(s, d, 4, 4);\n"
                           "}\n");
  uint32_t s[16] = {0}, d[8] = {0};
  gs_interp_buffer b[2] = {{"s", s, sizeof s}, {"d", d, sizeof d}};
  run_fails(p, 4, 0, b, 2,
            "t.gsp:6:3: error: all_gather with n = 4, parts = 4 addresses elements 0..63 of dst "
            "'d', which has 8");
  gs_program_dispose(p);
  p = parse_ok("program coll;\n"
               "workgroup_size 4;\n"
               "buffer s: read u32[?] @0;\n"
               "buffer d: write u32[?] @1;\n"
               "kernel {\n"
               "  reduce_scatter(xor, s, d, 2, 4);\n"
               "}\n");
  run_fails(p, 4, 0, b, 2,
            "t.gsp:6:3: error: reduce_scatter with n = 2, parts = 4 addresses elements 0..31 "
            "of src 's', which has 16");
  gs_program_dispose(p);
  p = parse_ok("program coll;\n"
               "workgroup_size 4;\n"
               "buffer s: read u32[?] @0;\n"
               "buffer d: write u32[?] @1;\n"
               "kernel {\n"
               "  broadcast(s, d, 2, 4, len(d) / 2);\n"
               "}\n");
  run_fails(p, 4, 0, b, 2,
            "t.gsp:6:3: error: broadcast: root 4 is not below parts 4 (invocation 0)");
  gs_program_dispose(p);
}
END_TEST

/* --- errors in the arguments ------------------------------------------------------ */

static const char *const TWO_BUFFERS = "program two;\n"
                                       "workgroup_size 4;\n"
                                       "buffer a: read u32[8] @0;\n"
                                       "buffer r: readwrite u32[?] @1 output;\n"
                                       "buffer tile: workgroup u32[4];\n"
                                       "kernel {\n"
                                       "  r[0] = a[0];\n"
                                       "}\n";

START_TEST(argument_errors) {
  gs_program *p = parse_ok(TWO_BUFFERS);
  uint32_t a[8] = {0}, r[3] = {0};
  unsigned char odd[6] = {0};
  gs_interp_buffer ok[2] = {{"a", a, sizeof a}, {"r", r, sizeof r}};
  run_fails(p, 4, 0, ok, 1, "t.gsp: error: buffer 'r' is not given");
  gs_interp_buffer small[2] = {{"a", a, 12}, {"r", r, sizeof r}};
  run_fails(p, 4, 0, small, 2,
            "t.gsp: error: buffer 'a' has 12 bytes, but the program declares u32[8] (32 bytes)");
  gs_interp_buffer twice[3] = {{"a", a, sizeof a}, {"r", r, sizeof r}, {"r", r, sizeof r}};
  run_fails(p, 4, 0, twice, 3, "t.gsp: error: buffer 'r' is given twice");
  gs_interp_buffer unknown[3] = {{"a", a, sizeof a}, {"r", r, sizeof r}, {"q", r, sizeof r}};
  run_fails(p, 4, 0, unknown, 3, "t.gsp: error: program 'two' has no buffer 'q'");
  gs_interp_buffer wg[3] = {{"a", a, sizeof a}, {"r", r, sizeof r}, {"tile", r, sizeof r}};
  run_fails(p, 4, 0, wg, 3,
            "t.gsp: error: buffer 'tile' is a workgroup buffer: the interpreter allocates it, it "
            "is not given");
  gs_interp_buffer partial[2] = {{"a", a, sizeof a}, {"r", odd, sizeof odd}};
  run_fails(p, 4, 0, partial, 2,
            "t.gsp: error: buffer 'r' has 6 bytes, not a whole number of u32 elements (4 bytes "
            "each)");
  gs_interp_buffer empty[2] = {{"a", a, sizeof a}, {"r", r, 0}};
  run_fails(p, 4, 0, empty, 2, "t.gsp: error: buffer 'r' is empty");
  gs_interp_buffer unnamed[2] = {{"a", a, sizeof a}, {NULL, r, sizeof r}};
  run_fails(p, 4, 0, unnamed, 2, "t.gsp: error: buffer 1 of the call has no name");

  run_fails(p, 6, 0, ok, 2,
            "t.gsp: error: the grid (6) is not a multiple of the workgroup size (4) in "
            "dimension 0");
  run_fails(p, 0, 0, ok, 2, "t.gsp: error: the grid is empty");
  run_fails(p, 4, 5000000000u, ok, 2,
            "t.gsp: error: the grid has 5000000000 invocations in dimension 1; at most "
            "4294967295");
  run_fails(p, 65536, 65536, ok, 2, "t.gsp: error: the grid has more than 4294967295 invocations");
  size_t grid[3] = {4, 1, 1};
  gs_error *e = gs_interpret(p, NULL, ok, 2);
  ck_assert_str_eq(gs_error_message(e), "t.gsp: error: gs_interpret: the grid is NULL");
  gs_error_dispose(e);
  e = gs_interpret(p, grid, NULL, 2);
  ck_assert_str_eq(gs_error_message(e), "t.gsp: error: gs_interpret: the buffers are NULL");
  gs_error_dispose(e);
  e = gs_interpret(NULL, grid, ok, 2);
  ck_assert_str_eq(gs_error_message(e), "gs_interpret: the program is NULL");
  gs_error_dispose(e);
  gs_program_dispose(p);
}
END_TEST

/* A grid whose per-invocation state cannot fit is refused up front, not
 * left to abort in malloc. */
START_TEST(grid_too_large_for_memory) {
  gs_program *p = parse_ok("program big;\n"
                           "workgroup_size 1;\n"
                           "buffer a: readwrite u32[1] @0;\n"
                           "kernel {\n"
                           "  let g = global_id(0);\n"
                           "  grid_barrier;\n"
                           "  atomic_add(a, 0, g);\n"
                           "}\n");
  uint32_t a = 0;
  gs_interp_buffer b = {"a", &a, 4};
  size_t grid[3] = {4000000000u, 1, 1};
  gs_error *e = gs_interpret(p, grid, &b, 1);
  ck_assert_ptr_nonnull(e);
  const char *msg = gs_error_message(e);
  const char *head = "t.gsp: error: a grid of 4000000000 invocations needs ";
  const char *tail = " GiB of interpreter state";
  ck_assert_msg(!strncmp(msg, head, strlen(head)) && strlen(msg) > strlen(head) + strlen(tail) &&
                    !strcmp(msg + strlen(msg) - strlen(tail), tail),
                "unexpected message: %s", msg);
  gs_error_dispose(e);
  gs_program_dispose(p);
}
END_TEST

START_TEST(unchecked_program) {
  gs_program *p = gs_program_create("raw");
  gs_program_append(p, gs_stmt_grid_barrier(p));
  size_t grid[3] = {1, 1, 1};
  gs_error *e = gs_interpret(p, grid, NULL, 0);
  ck_assert_str_eq(gs_error_message(e),
                   "<program>: error: the program is not checked (gs_program_check)");
  gs_error_dispose(e);
  ck_assert_ptr_null(gs_program_check(p));
  e = gs_interpret(p, grid, NULL, 0);
  ck_assert_msg(!e, "%s", gs_error_message(e));
  gs_program_dispose(p);
}
END_TEST

static Suite *suite_interp(void) {
  Suite *s = suite_create("interp");
  TCase *run = tcase_create("run");
  tcase_add_test(run, builder_program_runs);
  tcase_add_test(run, grid_barrier_orders_all_workgroups);
  tcase_add_test(run, workgroup_memory_per_workgroup);
  tcase_add_test(run, returned_invocations_do_not_block);
  tcase_add_test(run, runtime_sized_buffer_len);
  tcase_add_test(run, large_grid_is_fast);
  tcase_set_timeout(run, 60);
  suite_add_tcase(s, run);
  TCase *err = tcase_create("errors");
  tcase_add_test(err, load_out_of_bounds);
  tcase_add_test(err, store_negative_index);
  tcase_add_test(err, atomic_out_of_bounds);
  tcase_add_test(err, workgroup_buffer_out_of_bounds);
  tcase_add_test(err, divergent_grid_barrier);
  tcase_add_test(err, divergent_grid_barrier_and_collective);
  tcase_add_test(err, divergent_workgroup_barrier);
  tcase_add_test(err, workgroup_barrier_against_grid_barrier);
  tcase_add_test(err, collective_arguments_differ);
  tcase_add_test(err, collective_outside_its_buffers);
  tcase_add_test(err, argument_errors);
  tcase_add_test(err, grid_too_large_for_memory);
  tcase_add_test(err, unchecked_program);
  suite_add_tcase(s, err);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(suite_interp());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
