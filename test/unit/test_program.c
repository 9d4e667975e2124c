/* Unit tests of programs (include/gridsplit/program.h, docs/programs.md):
 * the builder and its misuse, the parser, the checker's rules, the
 * canonical printer, equality and the round trip, and robustness against
 * truncated, junk and deeply nested input. The messages of bad program texts
 * are golden files, test/programs/errors/parse (test/programs/test_errors.c). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"

/* The example of docs/programs.md. */
static const char DOC_EXAMPLE[] =
    "// Sum of squares of a runtime-sized input, in two phases around a grid barrier.\n"
    "program sum_squares;\n"
    "workgroup_size 64;\n"
    "\n"
    "buffer input:   read u32[?] @0;\n"
    "buffer partial: readwrite u32[1024] @1;\n"
    "buffer total:   write u32[1] @2 output;\n"
    "buffer tile:    workgroup u32[64];\n"
    "\n"
    "kernel {\n"
    "  let gid = global_id(0);\n"
    "  let lid = local_id(0);\n"
    "  var acc: u32 = 0;\n"
    "  for i in gid..len(input) step 65536 {\n"
    "    let x = input[i];\n"
    "    acc = acc + x * x;\n"
    "  }\n"
    "  tile[lid] = acc;\n"
    "  workgroup_barrier;\n"
    "  if lid == 0 {\n"
    "    var s = 0u32;\n"
    "    for j in 0..64 {\n"
    "      s = s + tile[j];\n"
    "    }\n"
    "    partial[group_id(0)] = s;\n"
    "  }\n"
    "  grid_barrier;\n"
    "  region finish {\n"
    "    if gid == 0 {\n"
    "      var t = 0u32;\n"
    "      for g in 0..num_groups(0) {\n"
    "        t = t + partial[g];\n"
    "      }\n"
    "      total[0] = t;\n"
    "    }\n"
    "  }\n"
    "}\n";

/* Its canonical form (docs/programs.md: every literal with its suffix, every
 * let/var with its type, blanks normalised). */
static const char DOC_EXAMPLE_PRINTED[] =
    "program sum_squares;\n"
    "workgroup_size 64;\n"
    "\n"
    "buffer input: read u32[?] @0;\n"
    "buffer partial: readwrite u32[1024] @1;\n"
    "buffer total: write u32[1] @2 output;\n"
    "buffer tile: workgroup u32[64];\n"
    "\n"
    "kernel {\n"
    "  let gid: u32 = global_id(0);\n"
    "  let lid: u32 = local_id(0);\n"
    "  var acc: u32 = 0u32;\n"
    "  for i in gid..len(input) step 65536 {\n"
    "    let x: u32 = input[i];\n"
    "    acc = acc + x * x;\n"
    "  }\n"
    "  tile[lid] = acc;\n"
    "  workgroup_barrier;\n"
    "  if lid == 0u32 {\n"
    "    var s: u32 = 0u32;\n"
    "    for j in 0i32..64i32 {\n"
    "      s = s + tile[j];\n"
    "    }\n"
    "    partial[group_id(0)] = s;\n"
    "  }\n"
    "  grid_barrier;\n"
    "  region finish {\n"
    "    if gid == 0u32 {\n"
    "      var t: u32 = 0u32;\n"
    "      for g in 0u32..num_groups(0) {\n"
    "        t = t + partial[g];\n"
    "      }\n"
    "      total[0u32] = t;\n"
    "    }\n"
    "  }\n"
    "}\n";

static uint32_t lcg(uint32_t *state) {
  *state = *state * 1664525u + 1013904223u;
  return *state >> 8;
}

static gs_program *parse_ok(const char *text) {
  gs_program *p = NULL;
  gs_error *e = gs_program_parse(text, "t.gsp", &p);
  ck_assert_msg(e == NULL, "parse failed: %s", gs_error_message(e));
  ck_assert_ptr_nonnull(p);
  ck_assert(gs_program_is_checked(p));
  return p;
}

/* The message of a parse that must fail (malloc'ed); *out must stay NULL. */
static char *parse_err(const char *text) {
  gs_program *p = (gs_program *)1;
  gs_error *e = gs_program_parse(text, "t.gsp", &p);
  ck_assert_msg(e != NULL, "parse succeeded: %s", text);
  ck_assert_ptr_null(p);
  char *msg = strdup(gs_error_message(e));
  gs_error_dispose(e);
  return msg;
}

static char *check_err(gs_program *p) {
  gs_error *e = gs_program_check(p);
  ck_assert_msg(e != NULL, "check succeeded");
  ck_assert(!gs_program_is_checked(p));
  char *msg = strdup(gs_error_message(e));
  gs_error_dispose(e);
  return msg;
}

static void check_ok(gs_program *p) {
  gs_error *e = gs_program_check(p);
  ck_assert_msg(e == NULL, "check failed: %s", gs_error_message(e));
  ck_assert(gs_program_is_checked(p));
}

/* print(parse(text)) parses to an equal program and prints the same;
 * returns the printed text (malloc'ed). */
static char *round_trip(const char *text) {
  gs_program *p = parse_ok(text);
  char *s1 = gs_program_print(p);
  ck_assert_ptr_nonnull(s1);
  gs_program *q = NULL;
  gs_error *e = gs_program_parse(s1, "printed.gsp", &q);
  ck_assert_msg(e == NULL, "printed text does not parse: %s\n%s", gs_error_message(e), s1);
  ck_assert_msg(gs_program_equal(p, q), "printed text parses to another program:\n%s", s1);
  ck_assert(gs_program_equal(q, p));
  char *s2 = gs_program_print(q);
  ck_assert_str_eq(s1, s2);
  free(s2);
  gs_program_dispose(p);
  gs_program_dispose(q);
  return s1;
}

/* The body statement I of the program. */
static const gs_stmt *body_stmt(const gs_program *p, size_t i) {
  const gs_stmt *b = gs_program_body(p);
  ck_assert_uint_lt(i, b->u.block.len);
  return b->u.block.stmts[i];
}

/* The docs example, built with the builder (positions left out). */
static gs_program *build_doc_example(void) {
  gs_program *p = gs_program_create("sum_squares");
  gs_program_set_workgroup_size(p, 64, 1, 1);
  gs_program_add_buffer(p, "input", 0, GS_TYPE_U32, 0, GS_ACCESS_READ, 0);
  gs_program_add_buffer(p, "partial", 1, GS_TYPE_U32, 1024, GS_ACCESS_READWRITE, 0);
  gs_program_add_buffer(p, "total", 2, GS_TYPE_U32, 1, GS_ACCESS_WRITE, 1);
  gs_program_add_buffer(p, "tile", -1, GS_TYPE_U32, 64, GS_ACCESS_WORKGROUP, 0);
  gs_program_append(p, gs_stmt_let(p, "gid", GS_TYPE_NONE, gs_expr_id(p, GS_ID_GLOBAL_ID, 0)));
  gs_program_append(p, gs_stmt_let(p, "lid", GS_TYPE_NONE, gs_expr_id(p, GS_ID_LOCAL_ID, 0)));
  gs_program_append(p, gs_stmt_var(p, "acc", GS_TYPE_U32, gs_expr_int(p, GS_TYPE_NONE, 0)));
  gs_stmt *loop = gs_stmt_block(p);
  gs_block_append(p, loop,
                  gs_stmt_let(p, "x", GS_TYPE_NONE, gs_expr_load(p, "input", gs_expr_var(p, "i"))));
  gs_block_append(
      p, loop,
      gs_stmt_assign(p, "acc",
                     gs_expr_binary(p, GS_BIN_ADD, gs_expr_var(p, "acc"),
                                    gs_expr_binary(p, GS_BIN_MUL, gs_expr_var(p, "x"),
                                                   gs_expr_var(p, "x")))));
  gs_program_append(p, gs_stmt_for(p, "i", gs_expr_var(p, "gid"), gs_expr_len(p, "input"), 65536,
                                   loop));
  gs_program_append(p, gs_stmt_store(p, "tile", gs_expr_var(p, "lid"), gs_expr_var(p, "acc")));
  gs_program_append(p, gs_stmt_workgroup_barrier(p));
  gs_stmt *then1 = gs_stmt_block(p);
  gs_block_append(p, then1, gs_stmt_var(p, "s", GS_TYPE_NONE, gs_expr_uint(p, GS_TYPE_U32, 0)));
  gs_stmt *inner = gs_stmt_block(p);
  gs_block_append(p, inner,
                  gs_stmt_assign(p, "s",
                                 gs_expr_binary(p, GS_BIN_ADD, gs_expr_var(p, "s"),
                                                gs_expr_load(p, "tile", gs_expr_var(p, "j")))));
  gs_block_append(p, then1,
                  gs_stmt_for(p, "j", gs_expr_int(p, GS_TYPE_NONE, 0),
                              gs_expr_int(p, GS_TYPE_NONE, 64), 1, inner));
  gs_block_append(p, then1,
                  gs_stmt_store(p, "partial", gs_expr_id(p, GS_ID_GROUP_ID, 0),
                                gs_expr_var(p, "s")));
  gs_program_append(p, gs_stmt_if(p,
                                   gs_expr_binary(p, GS_BIN_EQ, gs_expr_var(p, "lid"),
                                                  gs_expr_int(p, GS_TYPE_NONE, 0)),
                                   then1, NULL));
  gs_program_append(p, gs_stmt_grid_barrier(p));
  gs_stmt *then2 = gs_stmt_block(p);
  gs_block_append(p, then2, gs_stmt_var(p, "t", GS_TYPE_NONE, gs_expr_uint(p, GS_TYPE_U32, 0)));
  gs_stmt *sum = gs_stmt_block(p);
  gs_block_append(p, sum,
                  gs_stmt_assign(p, "t",
                                 gs_expr_binary(p, GS_BIN_ADD, gs_expr_var(p, "t"),
                                                gs_expr_load(p, "partial", gs_expr_var(p, "g")))));
  gs_block_append(p, then2,
                  gs_stmt_for(p, "g", gs_expr_int(p, GS_TYPE_NONE, 0),
                              gs_expr_id(p, GS_ID_NUM_GROUPS, 0), 1, sum));
  gs_block_append(p, then2,
                  gs_stmt_store(p, "total", gs_expr_int(p, GS_TYPE_NONE, 0), gs_expr_var(p, "t")));
  gs_stmt *region = gs_stmt_block(p);
  gs_block_append(p, region,
                  gs_stmt_if(p,
                             gs_expr_binary(p, GS_BIN_EQ, gs_expr_var(p, "gid"),
                                            gs_expr_int(p, GS_TYPE_NONE, 0)),
                             then2, NULL));
  gs_program_append(p, gs_stmt_region(p, "finish", region));
  return p;
}

START_TEST(doc_example_prints_canonically) {
  gs_program *p = parse_ok(DOC_EXAMPLE);
  char *s = gs_program_print(p);
  ck_assert_str_eq(s, DOC_EXAMPLE_PRINTED);
  gs_dispose_string(s);
  gs_program_dispose(p);
  s = round_trip(DOC_EXAMPLE_PRINTED);
  ck_assert_str_eq(s, DOC_EXAMPLE_PRINTED);
  free(s);
}
END_TEST

START_TEST(builder_equals_parsed) {
  gs_program *built = build_doc_example();
  check_ok(built);
  gs_program *parsed = parse_ok(DOC_EXAMPLE);
  ck_assert(gs_program_equal(built, parsed));
  char *s = gs_program_print(built);
  ck_assert_str_eq(s, DOC_EXAMPLE_PRINTED);
  free(s);
  /* checking twice changes nothing */
  check_ok(built);
  ck_assert(gs_program_equal(built, parsed));
  gs_program_dispose(built);
  gs_program_dispose(parsed);
}
END_TEST

/* Before checking, unsuffixed literals and unannotated lets print as built. */
START_TEST(builder_prints_before_check) {
  gs_program *p = gs_program_create("k");
  gs_program_set_workgroup_size(p, 8, 8, 1);
  gs_program_add_buffer(p, "out", 3, GS_TYPE_I64, 16, GS_ACCESS_WRITE, 1);
  gs_program_append(p, gs_stmt_let(p, "v", GS_TYPE_NONE,
                                   gs_expr_unary(p, GS_UN_NEG, gs_expr_int(p, GS_TYPE_NONE, 5))));
  gs_program_append(p, gs_stmt_store(p, "out", gs_expr_int(p, GS_TYPE_NONE, -2),
                                     gs_expr_cast(p, GS_TYPE_I64, gs_expr_var(p, "v"))));
  ck_assert(!gs_program_is_checked(p));
  char *s = gs_program_print(p);
  ck_assert_str_eq(s, "program k;\n"
                      "workgroup_size 8, 8;\n"
                      "\n"
                      "buffer out: write i64[16] @3 output;\n"
                      "\n"
                      "kernel {\n"
                      "  let v = -(5);\n"
                      "  out[-2] = i64(v);\n"
                      "}\n");
  free(s);
  /* -2 as an index of type u32 does not fit */
  char *msg = check_err(p);
  ck_assert_str_eq(msg, "<program>: error: integer literal -2 does not fit u32");
  free(msg);
  gs_program_dispose(p);
}
END_TEST

START_TEST(checker_fills_types_slots_and_references) {
  gs_program *p = parse_ok(DOC_EXAMPLE);
  ck_assert_int_eq(gs_program_slot_count(p), 9); /* gid lid acc i x s j t g */
  ck_assert_uint_eq(gs_program_buffer_count(p), 4);
  ck_assert_int_eq(gs_program_find_buffer(p, "tile"), 3);
  ck_assert_int_eq(gs_program_find_buffer(p, "nope"), -1);
  ck_assert_ptr_null(gs_program_buffer(p, 4));
  const gs_buffer *tile = gs_program_buffer(p, 3);
  ck_assert_str_eq(tile->name, "tile");
  ck_assert_int_eq(tile->binding, -1);
  ck_assert_uint_eq(tile->count, 64);
  ck_assert_int_eq(tile->access, GS_ACCESS_WORKGROUP);
  ck_assert_uint_eq(gs_program_buffer(p, 0)->count, 0);
  ck_assert_int_eq(gs_program_buffer(p, 2)->output, 1);
  ck_assert_uint_eq(tile->pos.line, 8);
  ck_assert_uint_eq(tile->pos.col, 1);
  unsigned wg[3];
  gs_program_workgroup_size(p, wg);
  ck_assert_uint_eq(wg[0], 64);
  ck_assert_uint_eq(wg[1], 1);
  ck_assert_uint_eq(wg[2], 1);
  ck_assert_str_eq(gs_program_name(p), "sum_squares");
  ck_assert_str_eq(gs_program_file(p), "t.gsp");

  const gs_stmt *gid = body_stmt(p, 0);
  ck_assert_int_eq(gid->kind, GS_STMT_LET);
  ck_assert_int_eq(gid->u.let.type, GS_TYPE_U32);
  ck_assert_int_eq(gid->u.let.slot, 0);
  ck_assert_int_eq(gid->u.let.mutable_, 0);
  ck_assert_uint_eq(gid->pos.line, 11);
  ck_assert_uint_eq(gid->pos.col, 3);
  ck_assert_uint_eq(gid->u.let.value->pos.col, 13);
  const gs_stmt *acc = body_stmt(p, 2);
  ck_assert_int_eq(acc->u.let.mutable_, 1);
  ck_assert_int_eq(acc->u.let.value->kind, GS_EXPR_INT);
  ck_assert_int_eq(acc->u.let.value->type, GS_TYPE_U32);

  const gs_stmt *loop = body_stmt(p, 3);
  ck_assert_int_eq(loop->kind, GS_STMT_FOR);
  ck_assert_int_eq(loop->u.for_.type, GS_TYPE_U32);
  ck_assert_int_eq(loop->u.for_.slot, 3);
  ck_assert_uint_eq(loop->u.for_.step, 65536);
  ck_assert_int_eq(loop->u.for_.end->kind, GS_EXPR_LEN);
  ck_assert_int_eq(loop->u.for_.end->u.len.buffer.buf, 0);
  const gs_stmt *x = loop->u.for_.body->u.block.stmts[0];
  ck_assert_int_eq(x->u.let.slot, 4);
  const gs_expr *load = x->u.let.value;
  ck_assert_int_eq(load->kind, GS_EXPR_LOAD);
  ck_assert_int_eq(load->u.load.buffer.buf, 0);
  ck_assert_ptr_eq(load->u.load.index->u.var.decl, loop);
  ck_assert_int_eq(load->u.load.index->u.var.slot, 3);
  const gs_stmt *assign = loop->u.for_.body->u.block.stmts[1];
  ck_assert_int_eq(assign->kind, GS_STMT_ASSIGN);
  ck_assert_ptr_eq(assign->u.assign.decl, acc);
  ck_assert_int_eq(assign->u.assign.slot, 2);
  const gs_expr *sum = assign->u.assign.value;
  ck_assert_int_eq(sum->u.binary.op, GS_BIN_ADD);
  ck_assert_uint_eq(sum->pos.line, 16);
  ck_assert_uint_eq(sum->pos.col, 15);

  const gs_stmt *branch = body_stmt(p, 6);
  ck_assert_int_eq(branch->kind, GS_STMT_IF);
  ck_assert_int_eq(branch->u.if_.cond->type, GS_TYPE_BOOL);
  ck_assert_int_eq(branch->u.if_.else_body->kind, GS_STMT_BLOCK);
  ck_assert_uint_eq(branch->u.if_.else_body->u.block.len, 0);
  const gs_stmt *inner = branch->u.if_.then_body->u.block.stmts[1];
  ck_assert_int_eq(inner->u.for_.type, GS_TYPE_I32);
  ck_assert_int_eq(body_stmt(p, 8)->kind, GS_STMT_REGION);
  ck_assert_str_eq(body_stmt(p, 8)->u.region.name, "finish");
  gs_program_dispose(p);
}
END_TEST

#define HEADER                                                                                   \
  "program t;\n"                                                                                 \
  "workgroup_size 64;\n"                                                                         \
  "buffer a: readwrite u32[?] @0;\n"                                                             \
  "buffer f: read f32[16] @1;\n"                                                                 \
  "buffer w: write u32[16] @2;\n"                                                                \
  "buffer tile: workgroup u32[64];\n"                                                            \
  "buffer u: uniform i32[1] @3;\n"                                                               \
  "buffer g: readwrite f32[8] @4;\n"                                                             \
  "kernel {\n"
/* HEADER's kernel body starts on line 10. */

static gs_program *parse_body_ok(const char *body) {
  char *text = malloc(strlen(HEADER) + strlen(body) + 3);
  sprintf(text, "%s%s}\n", HEADER, body);
  gs_program *p = parse_ok(text);
  free(text);
  return p;
}

/* Literal types come from the context; suffixes and values (docs/programs.md, "Types"). */
START_TEST(literal_typing) {
  gs_program *p = parse_body_ok("  let a1 = 7;\n"
                                "  let a2: u64 = 7;\n"
                                "  let a3 = 1u32 + 2;\n"
                                "  let a4 = 2 * a3;\n"
                                "  let a5: f32 = 2;\n"
                                "  let a6 = f[0] * 3;\n"
                                "  let a7 = 0.5;\n"
                                "  let a8: f64 = 0.1;\n"
                                "  let a9 = -2147483648i32;\n"
                                "  let b1 = 4294967295u32;\n"
                                "  let b2 = -1i64;\n"
                                "  let b3 = 0x7fffffffu32;\n"
                                "  let b4 = 0.1f32;\n"
                                "  let b5 = 1.0000000596046447753906251f32;\n"
                                "  let b6 = -0.0f64;\n"
                                "  let b7 = 18446744073709551615u64;\n"
                                "  let b8 = -9223372036854775808i64;\n"
                                "  let b9 = 2f32;\n"
                                "  let c1 = 1e3;\n");
  struct { gs_type type; gs_expr_kind kind; } want[] = {
      {GS_TYPE_I32, GS_EXPR_INT},   {GS_TYPE_U64, GS_EXPR_INT},   {GS_TYPE_U32, GS_EXPR_BINARY},
      {GS_TYPE_U32, GS_EXPR_BINARY}, {GS_TYPE_F32, GS_EXPR_FLOAT}, {GS_TYPE_F32, GS_EXPR_BINARY},
      {GS_TYPE_F32, GS_EXPR_FLOAT}, {GS_TYPE_F64, GS_EXPR_FLOAT}, {GS_TYPE_I32, GS_EXPR_INT},
      {GS_TYPE_U32, GS_EXPR_INT},   {GS_TYPE_I64, GS_EXPR_INT},   {GS_TYPE_U32, GS_EXPR_INT},
      {GS_TYPE_F32, GS_EXPR_FLOAT}, {GS_TYPE_F32, GS_EXPR_FLOAT}, {GS_TYPE_F64, GS_EXPR_FLOAT},
      {GS_TYPE_U64, GS_EXPR_INT},   {GS_TYPE_I64, GS_EXPR_INT},   {GS_TYPE_F32, GS_EXPR_FLOAT},
      {GS_TYPE_F32, GS_EXPR_FLOAT}};
  for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
    const gs_stmt *s = body_stmt(p, i);
    ck_assert_msg(s->u.let.type == want[i].type, "let %zu: type %s", i,
                  gs_type_name(s->u.let.type));
    ck_assert_msg(s->u.let.value->kind == want[i].kind, "let %zu: kind %d", i,
                  (int)s->u.let.value->kind);
  }
  /* a3 = 1u32 + 2: the 2 is u32 */
  ck_assert_int_eq(body_stmt(p, 2)->u.let.value->u.binary.rhs->type, GS_TYPE_U32);
  /* a4 = 2 * a3: the 2 takes a3's type */
  ck_assert_int_eq(body_stmt(p, 3)->u.let.value->u.binary.lhs->type, GS_TYPE_U32);
  ck_assert(body_stmt(p, 4)->u.let.value->u.float_lit.value == 2.0);
  ck_assert_int_eq(body_stmt(p, 5)->u.let.value->u.binary.rhs->kind, GS_EXPR_FLOAT);
  ck_assert(body_stmt(p, 6)->u.let.value->u.float_lit.value == 0.5);
  ck_assert(body_stmt(p, 7)->u.let.value->u.float_lit.value == 0.1);
  ck_assert_uint_eq(body_stmt(p, 8)->u.let.value->u.int_lit.bits, 0xffffffff80000000ull);
  ck_assert_uint_eq(body_stmt(p, 9)->u.let.value->u.int_lit.bits, 0xffffffffull);
  ck_assert_uint_eq(body_stmt(p, 10)->u.let.value->u.int_lit.bits, 0xffffffffffffffffull);
  ck_assert_uint_eq(body_stmt(p, 11)->u.let.value->u.int_lit.bits, 0x7fffffffull);
  ck_assert(body_stmt(p, 12)->u.let.value->u.float_lit.value == (double)0.1f);
  /* rounded once, decimal to binary32: via binary64 it would tie to 1.0 */
  ck_assert(body_stmt(p, 13)->u.let.value->u.float_lit.value == 1.00000011920928955078125);
  double z = body_stmt(p, 14)->u.let.value->u.float_lit.value;
  ck_assert(z == 0.0 && signbit(z));
  ck_assert_uint_eq(body_stmt(p, 15)->u.let.value->u.int_lit.bits, UINT64_MAX);
  ck_assert_uint_eq(body_stmt(p, 16)->u.let.value->u.int_lit.bits, 0x8000000000000000ull);
  ck_assert(body_stmt(p, 18)->u.let.value->u.float_lit.value == 1000.0);
  char *s = gs_program_print(p);
  const char *lets = strstr(s, "kernel {\n");
  ck_assert_ptr_nonnull(lets);
  ck_assert_str_eq(lets, "kernel {\n"
                         "  let a1: i32 = 7i32;\n"
                         "  let a2: u64 = 7u64;\n"
                         "  let a3: u32 = 1u32 + 2u32;\n"
                         "  let a4: u32 = 2u32 * a3;\n"
                         "  let a5: f32 = 2.0f32;\n"
                         "  let a6: f32 = f[0u32] * 3.0f32;\n"
                         "  let a7: f32 = 0.5f32;\n"
                         "  let a8: f64 = 0.1f64;\n"
                         "  let a9: i32 = -2147483648i32;\n"
                         "  let b1: u32 = 4294967295u32;\n"
                         "  let b2: i64 = -1i64;\n"
                         "  let b3: u32 = 2147483647u32;\n"
                         "  let b4: f32 = 0.1f32;\n"
                         "  let b5: f32 = 1.0000001f32;\n"
                         "  let b6: f64 = -0.0f64;\n"
                         "  let b7: u64 = 18446744073709551615u64;\n"
                         "  let b8: i64 = -9223372036854775808i64;\n"
                         "  let b9: f32 = 2.0f32;\n"
                         "  let c1: f32 = 1000.0f32;\n"
                         "}\n");
  free(s);
  gs_program_dispose(p);
}
END_TEST

/* Only the parentheses the precedence needs (docs/programs.md, "Grammar"). */
START_TEST(printer_parentheses_exact) {
  gs_program *p = parse_body_ok("  let x = 1u32;\n"
                                "  let b = true;\n"
                                "  let e1 = (1 + 2) * 3;\n"
                                "  let e2 = 1 - (2 - 3);\n"
                                "  let e3 = (1 - 2) - 3;\n"
                                "  let e4 = b && b || b;\n"
                                "  let e5 = b && (b || b);\n"
                                "  let e6 = (x < x) == b;\n"
                                "  let e7 = -(5);\n"
                                "  let e8 = - -5;\n"
                                "  let e9 = 1 << 2 + 3;\n"
                                "  let f1 = (1 << 2) + 3;\n"
                                "  let f2 = x & 1 == 0;\n"
                                "  let f4 = -(x + 1);\n"
                                "  let f5 = !(x < 2) || !b;\n"
                                "  let f6 = x ^ x | x & x;\n"
                                "  let f7 = (x | x) ^ x;\n"
                                "  let f8 = ~~x % (x / 2);\n"
                                "  let f9 = 2 - -3;\n"
                                "  let g1 = select(b, x, 2) >> u32(f[1]);\n");
  char *s = gs_program_print(p);
  const char *body = strstr(s, "kernel {\n");
  ck_assert_str_eq(body, "kernel {\n"
                         "  let x: u32 = 1u32;\n"
                         "  let b: bool = true;\n"
                         "  let e1: i32 = (1i32 + 2i32) * 3i32;\n"
                         "  let e2: i32 = 1i32 - (2i32 - 3i32);\n"
                         "  let e3: i32 = 1i32 - 2i32 - 3i32;\n"
                         "  let e4: bool = b && b || b;\n"
                         "  let e5: bool = b && (b || b);\n"
                         "  let e6: bool = (x < x) == b;\n"
                         "  let e7: i32 = -(5i32);\n"
                         "  let e8: i32 = --5i32;\n"
                         "  let e9: i32 = 1i32 << 2i32 + 3i32;\n"
                         "  let f1: i32 = (1i32 << 2i32) + 3i32;\n"
                         "  let f2: bool = x & 1u32 == 0u32;\n"
                         "  let f4: u32 = -(x + 1u32);\n"
                         "  let f5: bool = !(x < 2u32) || !b;\n"
                         "  let f6: u32 = x ^ x | x & x;\n"
                         "  let f7: u32 = (x | x) ^ x;\n"
                         "  let f8: u32 = ~~x % (x / 2u32);\n"
                         "  let f9: i32 = 2i32 - -3i32;\n"
                         "  let g1: u32 = select(b, x, 2u32) >> u32(f[1u32]);\n"
                         "}\n");
  /* the tree, not only the text: e9 is 1 << (2 + 3), f2 is (x & 1) == 0 */
  const gs_expr *e9 = body_stmt(p, 10)->u.let.value;
  ck_assert_int_eq(e9->u.binary.op, GS_BIN_SHL);
  ck_assert_int_eq(e9->u.binary.rhs->u.binary.op, GS_BIN_ADD);
  const gs_expr *f2 = body_stmt(p, 12)->u.let.value;
  ck_assert_int_eq(f2->u.binary.op, GS_BIN_EQ);
  ck_assert_int_eq(f2->u.binary.lhs->u.binary.op, GS_BIN_AND);
  const gs_expr *e7 = body_stmt(p, 8)->u.let.value;
  ck_assert_int_eq(e7->kind, GS_EXPR_UNARY);
  const gs_expr *e8 = body_stmt(p, 9)->u.let.value;
  ck_assert_int_eq(e8->kind, GS_EXPR_UNARY);
  ck_assert_int_eq(e8->u.unary.operand->kind, GS_EXPR_INT);
  ck_assert_uint_eq(e8->u.unary.operand->u.int_lit.bits, (uint64_t)-5);
  gs_program_dispose(p);
  char *again = round_trip(s);
  ck_assert_str_eq(again, s);
  free(again);
  free(s);
}
END_TEST

/* Programs using every construct survive print/parse exactly. */
static const char *const ROUND_TRIPS[] = {
    /* histogram with atomics, a workgroup tile and an early return */
    "program histogram;\n"
    "workgroup_size 256;\n"
    "buffer data: read u32[?] @0;\n"
    "buffer bins: readwrite u32[256] @1 output;\n"
    "buffer local_bins: workgroup u32[256];\n"
    "kernel {\n"
    "  let lid = local_id(0);\n"
    "  local_bins[lid] = 0;\n"
    "  workgroup_barrier;\n"
    "  let gid = global_id(0);\n"
    "  if gid < len(data) {\n"
    "    atomic_add(local_bins, data[gid] & 0xff, 1);\n"
    "  }\n"
    "  workgroup_barrier;\n"
    "  let old = atomic_add(bins, lid, local_bins[lid]);\n"
    "  if old == 0xffffffffu32 { return; }\n"
    "}\n",
    /* floats, casts, select, else-if chains, 3-D ids */
    "program mix;\n"
    "workgroup_size 4, 4, 4;\n"
    "buffer x: read f32[?] @2;\n"
    "buffer y: readwrite f64[4096] @0 output;\n"
    "buffer scale: uniform f32[1] @1;\n"
    "kernel {\n"
    "  let i = global_id(0) + global_size(0) * (global_id(1) + global_size(1) * global_id(2));\n"
    "  let v = x[i] * scale[0] + -0.0;\n"
    "  var r: f64 = f64(v);\n"
    "  if v < 0.0 { r = -r; } else if v == 0.0 { r = 1.0e-300; } else if v > 1e30 {\n"
    "    r = f64(i32(v)) / 3.0;\n"
    "  } else { r = select(local_id(2) == group_id(1), r, f64(num_groups(2) + local_size(1))); }\n"
    "  y[i % 4096] = r;\n"
    "}\n",
    /* grid barriers in uniform loops, collectives, integer semantics */
    "program sgd;\n"
    "workgroup_size 64;\n"
    "buffer grads: readwrite f32[1024] @0;\n"
    "buffer sum: readwrite f32[1024] @1 output;\n"
    "buffer counts: readwrite i64[64] @2 output;\n"
    "buffer gathered: write i64[4096] @3 output;\n"
    "buffer best: readwrite u32[16] @4 output;\n"
    "buffer root: uniform u32[1] @5;\n"
    "kernel {\n"
    "  for it in 0u32..10 {\n"
    "    region compute {\n"
    "      let g = global_id(0);\n"
    "      if g < 1024 { grads[g] = grads[g] * 0.5f32 - f32(it); }\n"
    "    }\n"
    "    all_reduce(add, grads, sum, 256, 4);\n"
    "    grid_barrier;\n"
    "  }\n"
    "  reduce_scatter(max, grads, sum, 64, 4);\n"
    "  broadcast(grads, sum, 16, 4, root[0]);\n"
    "  all_gather(counts, gathered, 16, 4);\n"
    "  all_reduce(xor, counts, gathered, 16, 4);\n"
    "  var k: i64 = -9223372036854775807i64 - 1;\n"
    "  for j in 0i64..64 step 3 { k = (k >> 1) ^ (k << 63) | ~j; }\n"
    "  let cas = atomic_cmpxchg(best, 0, 0, global_id(0));\n"
    "  atomic_max(counts, 1, k);\n"
    "  atomic_min(best, 1u64, cas);\n"
    "  atomic_exchange(best, 2, atomic_sub(best, 3, 1) | atomic_or(best, 4, 2) & "
    "atomic_and(best, 5, 7) ^ atomic_xor(best, 6, 1));\n"
    "  { let z = bool(cas) && !false; if z { return; } }\n"
    "}\n",
    /* minimal: no buffers, empty blocks */
    "program empty;\nworkgroup_size 1;\nkernel {\n  {\n  }\n  region r {}\n  if true {} else {}\n}\n",
};

START_TEST(round_trip_programs) {
  char *s = round_trip(ROUND_TRIPS[_i]);
  free(s);
}
END_TEST

/* The canonical text of the third program, as a golden file would hold it. */
START_TEST(round_trip_golden_collectives) {
  char *s = round_trip(ROUND_TRIPS[2]);
  const char *body = strstr(s, "kernel {\n");
  ck_assert_str_eq(body,
                   "kernel {\n"
                   "  for it in 0u32..10u32 {\n"
                   "    region compute {\n"
                   "      let g: u32 = global_id(0);\n"
                   "      if g < 1024u32 {\n"
                   "        grads[g] = grads[g] * 0.5f32 - f32(it);\n"
                   "      }\n"
                   "    }\n"
                   "    all_reduce(add, grads, sum, 256u32, 4u32);\n"
                   "    grid_barrier;\n"
                   "  }\n"
                   "  reduce_scatter(max, grads, sum, 64u32, 4u32);\n"
                   "  broadcast(grads, sum, 16u32, 4u32, root[0u32]);\n"
                   "  all_gather(counts, gathered, 16u32, 4u32);\n"
                   "  all_reduce(xor, counts, gathered, 16u32, 4u32);\n"
                   "  var k: i64 = -9223372036854775807i64 - 1i64;\n"
                   "  for j in 0i64..64i64 step 3 {\n"
                   "    k = k >> 1i64 ^ k << 63i64 | ~j;\n"
                   "  }\n"
                   "  let cas: u32 = atomic_cmpxchg(best, 0u32, 0u32, global_id(0));\n"
                   "  atomic_max(counts, 1u32, k);\n"
                   "  atomic_min(best, 1u64, cas);\n"
                   "  atomic_exchange(best, 2u32, atomic_sub(best, 3u32, 1u32) | "
                   "atomic_or(best, 4u32, 2u32) & atomic_and(best, 5u32, 7u32) ^ "
                   "atomic_xor(best, 6u32, 1u32));\n"
                   "  {\n"
                   "    let z: bool = bool(cas) && !false;\n"
                   "    if z {\n"
                   "      return;\n"
                   "    }\n"
                   "  }\n"
                   "}\n");
  free(s);
}
END_TEST

/* Float literals print as the shortest decimal that reads back to the same
 * bits, for f32 and f64, normal and subnormal, large and small. */
START_TEST(float_literals_round_trip) {
  static const double f64s[] = {0.1, 1e-5, 0.000123456789012345678, 1e15, 123456789.123,
                                5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
                                -0.0, 3.0, -2.5e-10, 9007199254740993.0, 1e16, 0.3};
  static const float f32s[] = {0.1f, 1e-45f, 1.17549435e-38f, 3.40282347e38f, -0.0f, 16777216.0f,
                               0.000123456f, 1e-4f, 33554436.0f, 7.0e-5f};
  gs_program *p = gs_program_create("floats");
  size_t n64 = sizeof f64s / sizeof *f64s, n32 = sizeof f32s / sizeof *f32s, nrand = 200;
  gs_program_add_buffer(p, "d", 0, GS_TYPE_F64, (uint32_t)(n64 + nrand), GS_ACCESS_WRITE, 1);
  gs_program_add_buffer(p, "s", 1, GS_TYPE_F32, (uint32_t)(n32 + nrand), GS_ACCESS_WRITE, 1);
  for (size_t i = 0; i < n64; i++)
    gs_program_append(p, gs_stmt_store(p, "d", gs_expr_uint(p, GS_TYPE_U32, i),
                                       gs_expr_float(p, GS_TYPE_F64, f64s[i])));
  for (size_t i = 0; i < n32; i++)
    gs_program_append(p, gs_stmt_store(p, "s", gs_expr_uint(p, GS_TYPE_U32, i),
                                       gs_expr_float(p, GS_TYPE_F32, f32s[i])));
  uint32_t seed = 99;
  for (size_t i = 0; i < nrand; i++) {
    uint64_t bits = (uint64_t)lcg(&seed) << 40 ^ (uint64_t)lcg(&seed) << 20 ^ lcg(&seed);
    bits &= ~(0x7ffull << 52) | ((uint64_t)(lcg(&seed) % 2046) << 52); /* finite */
    double d;
    memcpy(&d, &bits, sizeof d);
    uint32_t b32 = lcg(&seed) << 8 ^ lcg(&seed);
    b32 = (b32 & ~(0xffu << 23)) | ((lcg(&seed) % 254) << 23);
    float f;
    memcpy(&f, &b32, sizeof f);
    gs_program_append(p, gs_stmt_store(p, "d", gs_expr_uint(p, GS_TYPE_U32, n64 + i),
                                       gs_expr_float(p, GS_TYPE_F64, d)));
    gs_program_append(p, gs_stmt_store(p, "s", gs_expr_uint(p, GS_TYPE_U32, n32 + i),
                                       gs_expr_float(p, GS_TYPE_F32, f)));
  }
  check_ok(p);
  char *text = gs_program_print(p);
  ck_assert(strstr(text, "  d[3u32] = 1000000000000000.0f64;\n"));
  ck_assert(strstr(text, "  d[5u32] = 5e-324f64;\n"));
  ck_assert(strstr(text, "  d[8u32] = -0.0f64;\n"));
  ck_assert(strstr(text, "  s[1u32] = 1e-45f32;\n"));
  ck_assert(strstr(text, "  s[7u32] = 0.0001f32;\n"));
  gs_program *q = parse_ok(text);
  ck_assert(gs_program_equal(p, q));
  for (size_t i = 0; i < n32; i++) {
    double v = body_stmt(q, n64 + i)->u.store.value->u.float_lit.value;
    ck_assert_msg(v == (double)f32s[i] && !signbit(v) == !signbit(f32s[i]), "f32 %zu", i);
  }
  free(text);
  gs_program_dispose(p);
  gs_program_dispose(q);
}
END_TEST

/* Programs that differ in one thing are not equal; positions do not matter. */
START_TEST(equality_is_structural) {
  static const char base[] = "program e;\nworkgroup_size 32;\n"
                             "buffer b: readwrite f32[8] @0 output;\n"
                             "kernel {\n  let i = global_id(0);\n  b[i] = 0.0;\n}\n";
  static const char *const differ[] = {
      "program f;\nworkgroup_size 32;\nbuffer b: readwrite f32[8] @0 output;\n"
      "kernel {\n  let i = global_id(0);\n  b[i] = 0.0;\n}\n",
      "program e;\nworkgroup_size 32, 2;\nbuffer b: readwrite f32[8] @0 output;\n"
      "kernel {\n  let i = global_id(0);\n  b[i] = 0.0;\n}\n",
      "program e;\nworkgroup_size 32;\nbuffer b: readwrite f32[8] @1 output;\n"
      "kernel {\n  let i = global_id(0);\n  b[i] = 0.0;\n}\n",
      "program e;\nworkgroup_size 32;\nbuffer b: readwrite f32[9] @0 output;\n"
      "kernel {\n  let i = global_id(0);\n  b[i] = 0.0;\n}\n",
      "program e;\nworkgroup_size 32;\nbuffer b: readwrite f32[8] @0;\n"
      "kernel {\n  let i = global_id(0);\n  b[i] = 0.0;\n}\n",
      "program e;\nworkgroup_size 32;\nbuffer b: write f32[8] @0 output;\n"
      "kernel {\n  let i = global_id(0);\n  b[i] = 0.0;\n}\n",
      "program e;\nworkgroup_size 32;\nbuffer b: readwrite f64[8] @0 output;\n"
      "kernel {\n  let i = global_id(0);\n  b[i] = 0.0;\n}\n",
      "program e;\nworkgroup_size 32;\nbuffer b: readwrite f32[8] @0 output;\n"
      "kernel {\n  var i = global_id(0);\n  b[i] = 0.0;\n}\n",
      "program e;\nworkgroup_size 32;\nbuffer b: readwrite f32[8] @0 output;\n"
      "kernel {\n  let i = local_id(0);\n  b[i] = 0.0;\n}\n",
      "program e;\nworkgroup_size 32;\nbuffer b: readwrite f32[8] @0 output;\n"
      "kernel {\n  let i = global_id(1);\n  b[i] = 0.0;\n}\n",
      "program e;\nworkgroup_size 32;\nbuffer b: readwrite f32[8] @0 output;\n"
      "kernel {\n  let i = global_id(0);\n  b[i] = -0.0;\n}\n",
      "program e;\nworkgroup_size 32;\nbuffer b: readwrite f32[8] @0 output;\n"
      "kernel {\n  let i = global_id(0);\n  b[i + 0] = 0.0;\n}\n",
      "program e;\nworkgroup_size 32;\nbuffer b: readwrite f32[8] @0 output;\n"
      "kernel {\n  let j = global_id(0);\n  b[j] = 0.0;\n}\n",
      "program e;\nworkgroup_size 32;\nbuffer b: readwrite f32[8] @0 output;\n"
      "kernel {\n  let i = global_id(0);\n  b[i] = 0.0;\n  return;\n}\n",
      "program e;\nworkgroup_size 32;\nbuffer b: readwrite f32[8] @0 output;\n"
      "kernel {\n  let i = global_id(0);\n  { b[i] = 0.0; }\n}\n",
      "program e;\nworkgroup_size 32;\nbuffer b: readwrite f32[8] @0 output;\n"
      "kernel {\n  let i = global_id(0);\n  region r { b[i] = 0.0; }\n}\n",
      "program e;\nworkgroup_size 32;\nbuffer b: readwrite f32[8] @0 output;\n"
      "kernel {\n  let i = global_id(0);\n  b[u32(i)] = 0.0;\n}\n",
      "program e;\nworkgroup_size 32;\nbuffer b: readwrite f32[8] @0 output;\n"
      "kernel {\n  let i = global_id(0);\n  b[i] = 1.0e-45;\n}\n",
  };
  /* the same program spelled differently: comments, blanks, suffixes, hex */
  static const char same[] = "// e\nprogram   e ;workgroup_size 32 ;\n\n\n"
                             "buffer b :readwrite f32 [ 8 ] @ 0 output ;kernel{let i:u32=global_id"
                             "( 0 );b[ i ]=0.0f32;}";
  gs_program *p = parse_ok(base);
  gs_program *q = parse_ok(same);
  ck_assert(gs_program_equal(p, q));
  ck_assert(gs_program_equal(p, p));
  for (size_t i = 0; i < sizeof differ / sizeof *differ; i++) {
    gs_program *d = parse_ok(differ[i]);
    ck_assert_msg(!gs_program_equal(p, d), "variant %zu compares equal", i);
    ck_assert_msg(!gs_program_equal(d, p), "variant %zu compares equal (reversed)", i);
    gs_program_dispose(d);
  }
  ck_assert(!gs_program_equal(p, NULL));
  ck_assert(!gs_program_equal(NULL, p));
  gs_program_dispose(p);
  gs_program_dispose(q);
}
END_TEST

/* Malformed and ill-typed programs and their exact messages are golden files:
 * test/programs/errors/parse/NAME.gsp and NAME.gsp.err (test/programs/test_errors.c). */

/* A cast gives its operand no type: unsuffixed literals inside default. */
START_TEST(cast_operands_take_no_context) {
  gs_program *p = parse_body_ok("  let v = u64(1 << 40);\n"
                                "  let h = f32(1 / 2);\n"
                                "  let q = 2 / 4 * f[0];\n");
  const gs_expr *v = body_stmt(p, 0)->u.let.value;
  ck_assert_int_eq(v->type, GS_TYPE_U64);
  ck_assert_int_eq(v->u.cast.operand->type, GS_TYPE_I32);
  ck_assert_int_eq(v->u.cast.operand->u.binary.rhs->type, GS_TYPE_I32);
  const gs_expr *h = body_stmt(p, 1)->u.let.value;
  ck_assert_int_eq(h->u.cast.operand->u.binary.lhs->kind, GS_EXPR_INT);
  /* without a cast the context reaches through operators: 2 / 4 is f32 here */
  const gs_expr *q = body_stmt(p, 2)->u.let.value;
  ck_assert_int_eq(q->u.binary.lhs->type, GS_TYPE_F32);
  ck_assert_int_eq(q->u.binary.lhs->u.binary.lhs->kind, GS_EXPR_FLOAT);
  gs_program_dispose(p);
}
END_TEST

/* Collectives whose extents fit, or depend on run-time values. */
START_TEST(collective_extents) {
  gs_program *p = parse_body_ok("  all_gather(a, w, 4, 2);\n"
                                "  broadcast(f, g, 2, 4, 3);\n"
                                "  all_reduce(min, f, g, 2, 4);\n"
                                "  reduce_scatter(max, f, g, 1, 4);\n"
                                "  all_reduce(add, f, g, len(a), 4);\n"
                                "  broadcast(f, g, 16, 4, u32(u[0]));\n");
  const gs_stmt *s = body_stmt(p, 1);
  ck_assert_int_eq(s->kind, GS_STMT_COLLECTIVE);
  ck_assert_int_eq(s->u.coll.kind, GS_COLL_BROADCAST);
  ck_assert_int_eq(s->u.coll.src.buf, 1);
  ck_assert_int_eq(s->u.coll.dst.buf, 5);
  ck_assert_int_eq(s->u.coll.root->type, GS_TYPE_U32);
  ck_assert_int_eq(body_stmt(p, 2)->u.coll.op, GS_REDUCE_MIN);
  ck_assert_ptr_null(body_stmt(p, 2)->u.coll.root);
  gs_program_dispose(p);
}
END_TEST

/* Names may be reused in separate blocks; a name is visible to the end of its block. */
START_TEST(scopes_allow_reuse) {
  gs_program *p = parse_body_ok("  for i in 0..4 { let t = i; }\n"
                                "  for i in 0u32..4 { let t = i; a[t] = t; }\n"
                                "  { var t = 1.0; t = t * 2; }\n");
  ck_assert_int_eq(gs_program_slot_count(p), 5); /* i t i t t */
  ck_assert_int_eq(body_stmt(p, 0)->u.for_.type, GS_TYPE_I32);
  ck_assert_int_eq(body_stmt(p, 1)->u.for_.type, GS_TYPE_U32);
  gs_program_dispose(p);
}
END_TEST

/* PREFIX, then UNIT N times, then SUFFIX (malloc'ed). */
static char *repeat(const char *prefix, const char *unit, int n, const char *suffix) {
  size_t lp = strlen(prefix), lu = strlen(unit), ls = strlen(suffix);
  char *s = malloc(lp + lu * (size_t)n + ls + 1), *w = s;
  memcpy(w, prefix, lp);
  w += lp;
  for (int i = 0; i < n; i++, w += lu)
    memcpy(w, unit, lu);
  memcpy(w, suffix, ls + 1);
  return s;
}

/* The parser's recursion has a limit: nesting 100000 levels deep is an error,
 * never a crash. (300 levels, with their exact messages, are golden files:
 * test/programs/errors/parse/nesting_*.gsp.) */
START_TEST(deep_nesting_is_an_error) {
  char *text, *msg;
  /* 100000 parentheses, blocks, else-ifs: an error, never a crash */
  const char *const prefixes[] = {HEADER "  let x = ", HEADER "  ", HEADER "  "};
  const char *const openers[] = {"(", "{", "if true {} else "};
  for (int k = 0; k < 3; k++) {
    text = repeat(prefixes[k], openers[k], 100000, "");
    msg = parse_err(text);
    ck_assert_msg(strstr(msg, "error: nesting is deeper than 256 levels") != NULL, "%s", msg);
    free(msg);
    free(text);
  }
}
END_TEST

/* A tree built deeper than the limit: the checker, the printer and equality
 * refuse it instead of overflowing the stack. */
START_TEST(deep_built_tree) {
  gs_program *p = gs_program_create("deep");
  gs_program_add_buffer(p, "out", 0, GS_TYPE_I32, 1, GS_ACCESS_WRITE, 1);
  gs_expr *e = gs_expr_int(p, GS_TYPE_I32, 1);
  for (int i = 0; i < 100000; i++)
    e = gs_expr_unary(p, GS_UN_NEG, e);
  gs_program_append(p, gs_stmt_store(p, "out", gs_expr_uint(p, GS_TYPE_U32, 0), e));
  char *msg = check_err(p);
  ck_assert_str_eq(msg, "<program>: error: nesting is deeper than 256 levels");
  free(msg);
  ck_assert_ptr_null(gs_program_print(p));
  ck_assert(!gs_program_equal(p, p));
  gs_program_dispose(p);
}
END_TEST

/* Every prefix of a real program: an error with a position, or (only when
 * the kernel's closing brace is there) the program. */
START_TEST(truncated_input) {
  size_t n = strlen(DOC_EXAMPLE);
  size_t complete = (size_t)(strrchr(DOC_EXAMPLE, '}') - DOC_EXAMPLE) + 1;
  char *buf = malloc(n + 1);
  for (size_t len = 0; len <= n; len++) {
    memcpy(buf, DOC_EXAMPLE, len);
    buf[len] = 0;
    gs_program *p = NULL;
    gs_error *e = gs_program_parse(buf, "t.gsp", &p);
    if (len >= complete) {
      ck_assert_msg(!e, "prefix %zu: %s", len, gs_error_message(e));
      gs_program_dispose(p);
      continue;
    }
    ck_assert_msg(e && !p, "prefix %zu parses", len);
    ck_assert_msg(!strncmp(gs_error_message(e), "t.gsp:", 6) &&
                      strstr(gs_error_message(e), ": error: "),
                  "prefix %zu: %s", len, gs_error_message(e));
    gs_error_dispose(e);
  }
  free(buf);
}
END_TEST

/* Junk: every byte of a real program replaced by bytes that break it, random
 * bytes, and random token soup. Nothing crashes; errors have a position. */
START_TEST(junk_input) {
  static const char junk[] = {0x01, 0x7f, (char)0xff, '$', '{', '}', ';', '(', ')', '-', '9', 'x'};
  size_t n = strlen(DOC_EXAMPLE);
  char *buf = malloc(n + 1);
  int errors = 0;
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < sizeof junk; j++) {
      memcpy(buf, DOC_EXAMPLE, n + 1);
      buf[i] = junk[j];
      gs_program *p = NULL;
      gs_error *e = gs_program_parse(buf, "t.gsp", &p);
      if (e) {
        ck_assert_msg(!p && !strncmp(gs_error_message(e), "t.gsp:", 6), "%s",
                      gs_error_message(e));
        errors++;
      }
      gs_error_dispose(e);
      gs_program_dispose(p);
    }
  free(buf);
  ck_assert_int_gt(errors, (int)n);
  uint32_t seed = 12345;
  char bytes[256];
  for (int k = 0; k < 3000; k++) {
    size_t len = lcg(&seed) % 255;
    for (size_t i = 0; i < len; i++)
      bytes[i] = (char)(1 + lcg(&seed) % 255);
    bytes[len] = 0;
    gs_program *p = NULL;
    gs_error *e = gs_program_parse(bytes, "t.gsp", &p);
    ck_assert(e && !p);
    gs_error_dispose(e);
  }
  static const char *const vocab[] = {
      "let", "var", "x", "y", "a", "f", "tile", "=", "==", "+", "-", "*", "<", "&&", "(", ")",
      "{", "}", "[", "]", ";", ",", "..", "if", "else", "for", "in", "step", "region", "return",
      "grid_barrier", "1", "2u32", "1.5", "-3", "true", "select", "u32", "len", "global_id",
      "atomic_add", "atomic_cmpxchg", "all_reduce", "broadcast", "add", "0", "!", "~"};
  char text[4096];
  for (int k = 0; k < 3000; k++) {
    strcpy(text, HEADER);
    size_t len = lcg(&seed) % 40;
    for (size_t i = 0; i < len; i++) {
      strcat(text, vocab[lcg(&seed) % (sizeof vocab / sizeof *vocab)]);
      strcat(text, " ");
    }
    if (lcg(&seed) % 2)
      strcat(text, "}\n");
    gs_program *p = NULL;
    gs_error *e = gs_program_parse(text, "t.gsp", &p);
    if (e)
      ck_assert_msg(!p && !strncmp(gs_error_message(e), "t.gsp:", 6), "%s", gs_error_message(e));
    else {
      char *printed = gs_program_print(p);
      gs_program *q = NULL;
      gs_error *e2 = gs_program_parse(printed, "p.gsp", &q);
      ck_assert_msg(!e2 && gs_program_equal(p, q), "%s\n%s", text, printed);
      gs_program_dispose(q);
      free(printed);
    }
    gs_error_dispose(e);
    gs_program_dispose(p);
  }
}
END_TEST

START_TEST(parse_file_reads_and_names_the_file) {
  char *dir = temp_dir();
  char *path = path_join(dir, "k.gsp");
  write_file(path, DOC_EXAMPLE, strlen(DOC_EXAMPLE));
  gs_program *p = NULL;
  gs_error *e = gs_program_parse_file(path, &p);
  ck_assert_msg(!e, "%s", gs_error_message(e));
  ck_assert_str_eq(gs_program_file(p), path);
  gs_program *q = parse_ok(DOC_EXAMPLE);
  ck_assert(gs_program_equal(p, q));
  gs_program_dispose(p);
  gs_program_dispose(q);
  /* a NUL byte inside the file is junk, not the end of the text */
  static const char with_nul[] = "program t;\nworkgroup_size 1;\nkernel {\n  \0\n}\n";
  write_file(path, with_nul, sizeof with_nul - 1);
  e = gs_program_parse_file(path, &p);
  ck_assert_ptr_nonnull(e);
  ck_assert_ptr_null(p);
  char want[512];
  snprintf(want, sizeof want, "%s:4:3: error: unexpected byte 0x00", path);
  ck_assert_str_eq(gs_error_message(e), want);
  gs_error_dispose(e);
  char *missing = path_join(dir, "missing.gsp");
  e = gs_program_parse_file(missing, &p);
  snprintf(want, sizeof want, "cannot read '%s': No such file or directory", missing);
  ck_assert_str_eq(gs_error_message(e), want);
  ck_assert_ptr_null(p);
  gs_error_dispose(e);
  e = gs_program_parse_file(NULL, &p);
  ck_assert_str_eq(gs_error_message(e), "gs_program_parse_file: the path is NULL");
  gs_error_dispose(e);
  e = gs_program_parse_file(path, NULL);
  ck_assert_str_eq(gs_error_message(e), "gs_program_parse_file: the output pointer is NULL");
  gs_error_dispose(e);
  e = gs_program_parse(NULL, "x", &p);
  ck_assert_str_eq(gs_error_message(e), "gs_program_parse: the text is NULL");
  gs_error_dispose(e);
  e = gs_program_parse("program t;", NULL, &p);
  ck_assert_str_eq(gs_error_message(e), "<input>:1:11: error: expected 'workgroup_size', found end of file");
  gs_error_dispose(e);
  free(missing);
  free(path);
  free(dir);
}
END_TEST

/* Builder misuse: the first misuse is reported by gs_program_check. */
typedef gs_program *(*misuse_fn)(void);

static gs_program *m_null_operand(void) {
  gs_program *p = gs_program_create("m");
  gs_program_append(p, gs_stmt_let(p, "x", GS_TYPE_NONE,
                                   gs_expr_binary(p, GS_BIN_ADD, NULL, gs_expr_int(p, 0, 1))));
  return p;
}
static gs_program *m_same_operand(void) {
  gs_program *p = gs_program_create("m");
  gs_expr *x = gs_expr_int(p, 0, 1);
  gs_expr_binary(p, GS_BIN_ADD, x, x);
  return p;
}
static gs_program *m_placed_twice(void) {
  gs_program *p = gs_program_create("m");
  gs_expr *x = gs_expr_int(p, 0, 1);
  gs_expr_binary(p, GS_BIN_ADD, x, gs_expr_int(p, 0, 2));
  gs_expr_binary(p, GS_BIN_SUB, gs_expr_int(p, 0, 3), x);
  return p;
}
static gs_program *m_foreign(void) {
  gs_program *p = gs_program_create("m");
  gs_program *other = gs_program_create("o");
  gs_expr_unary(p, GS_UN_NEG, gs_expr_int(other, 0, 1));
  gs_program_dispose(other);
  return p;
}
static gs_program *m_not_a_block(void) {
  gs_program *p = gs_program_create("m");
  gs_stmt_if(p, gs_expr_bool(p, 1), gs_stmt_return(p), NULL);
  return p;
}
static gs_program *m_append_to_non_block(void) {
  gs_program *p = gs_program_create("m");
  gs_block_append(p, gs_stmt_grid_barrier(p), gs_stmt_return(p));
  return p;
}
static gs_program *m_cycle(void) {
  gs_program *p = gs_program_create("m");
  gs_stmt *b = gs_stmt_block(p);
  gs_stmt *s = gs_stmt_if(p, gs_expr_bool(p, 1), b, NULL);
  gs_block_append(p, b, s);
  return p;
}
static gs_program *m_append_twice(void) {
  gs_program *p = gs_program_create("m");
  gs_stmt *r = gs_stmt_return(p);
  gs_program_append(p, r);
  gs_program_append(p, r);
  return p;
}
static gs_program *m_append_body(void) {
  gs_program *p = gs_program_create("m");
  gs_program_append(p, (gs_stmt *)gs_program_body(p));
  return p;
}
static gs_program *m_eval_not_atomic(void) {
  gs_program *p = gs_program_create("m");
  gs_program_append(p, gs_stmt_eval(p, gs_expr_bool(p, 1)));
  return p;
}
static gs_program *m_bad_binop(void) {
  gs_program *p = gs_program_create("m");
  gs_expr_binary(p, (gs_binop)99, gs_expr_int(p, 0, 1), gs_expr_int(p, 0, 2));
  return p;
}
static gs_program *m_int_of_float_type(void) {
  gs_program *p = gs_program_create("m");
  gs_expr_int(p, GS_TYPE_F32, 1);
  return p;
}
static gs_program *m_infinite_float(void) {
  gs_program *p = gs_program_create("m");
  gs_expr_float(p, GS_TYPE_F32, INFINITY);
  return p;
}
static gs_program *m_atomic_cmpxchg_op(void) {
  gs_program *p = gs_program_create("m");
  gs_expr_atomic(p, GS_ATOMIC_CMPXCHG, "a", gs_expr_int(p, 0, 0), gs_expr_int(p, 0, 1));
  return p;
}
static gs_program *m_null_name(void) {
  gs_program *p = gs_program_create("m");
  gs_expr_var(p, NULL);
  return p;
}
static gs_program *m_first_kept(void) {
  gs_program *p = gs_program_create("m");
  gs_stmt_store(p, "b", NULL, NULL);
  gs_expr_var(p, NULL);
  return p;
}
static gs_program *m_bad_access(void) {
  gs_program *p = gs_program_create("m");
  gs_program_add_buffer(p, "b", 0, GS_TYPE_U32, 1, (gs_access)7, 0);
  return p;
}
static gs_program *m_bad_reduce(void) {
  gs_program *p = gs_program_create("m");
  gs_stmt_all_reduce(p, (gs_reduce_op)6, "a", "b", gs_expr_int(p, 0, 1), gs_expr_int(p, 0, 1));
  return p;
}
static gs_program *m_missing_root(void) {
  gs_program *p = gs_program_create("m");
  gs_stmt_broadcast(p, "a", "b", gs_expr_int(p, 0, 1), gs_expr_int(p, 0, 1), NULL);
  return p;
}
static gs_program *m_cast_to_none(void) {
  gs_program *p = gs_program_create("m");
  gs_expr_cast(p, GS_TYPE_NONE, gs_expr_int(p, 0, 1));
  return p;
}
static gs_program *m_bad_name(void) {
  gs_program *p = gs_program_create("m");
  gs_program_add_buffer(p, "a b", 0, GS_TYPE_U32, 1, GS_ACCESS_READ, 0);
  return p;
}
static gs_program *m_bad_program_name(void) { return gs_program_create("9lives"); }
static gs_program *m_positioned(void) {
  gs_program *p = gs_program_create("m");
  gs_program_set_file(p, "gen.gsp");
  gs_program_set_pos(p, 3, 7);
  gs_program_append(p, gs_stmt_let(p, "x", GS_TYPE_NONE, gs_expr_var(p, "nope")));
  return p;
}
static gs_program *m_f32_overflow(void) {
  gs_program *p = gs_program_create("m");
  gs_program_add_buffer(p, "o", 0, GS_TYPE_F32, 1, GS_ACCESS_WRITE, 1);
  gs_program_append(p, gs_stmt_store(p, "o", gs_expr_int(p, GS_TYPE_NONE, 0),
                                     gs_expr_float(p, GS_TYPE_F32, 1e300)));
  return p;
}
static gs_program *m_same_body(void) {
  gs_program *p = gs_program_create("m");
  gs_stmt *b = gs_stmt_block(p);
  gs_stmt_if(p, gs_expr_bool(p, 1), b, b);
  return p;
}

static const struct {
  misuse_fn build;
  const char *message;
} MISUSES[] = {
    {m_null_operand, "gs_expr_binary: the left operand is NULL"},
    {m_same_operand, "gs_expr_binary: the two operands are the same expression"},
    {m_placed_twice, "gs_expr_binary: the right operand is already part of the program"},
    {m_foreign, "gs_expr_unary: the operand is not an expression of this program"},
    {m_not_a_block, "gs_stmt_if: the then body is not a block (gs_stmt_block)"},
    {m_append_to_non_block, "gs_block_append: the block is not a block (gs_stmt_block)"},
    {m_cycle, "gs_block_append: the block lies inside the statement"},
    {m_append_twice, "gs_block_append: the statement is already part of the program"},
    {m_append_body, "gs_block_append: the statement is already part of the program"},
    {m_eval_not_atomic,
     "gs_stmt_eval: the expression is not an atomic (only atomics can be statements)"},
    {m_bad_binop, "gs_expr_binary: operator 99 is not a gs_binop"},
    {m_int_of_float_type, "gs_expr_int: type f32 is not an integer type"},
    {m_infinite_float, "gs_expr_float: the value is not finite"},
    {m_atomic_cmpxchg_op, "gs_expr_atomic: operator 8 is not a gs_atomic_op other than "
                          "GS_ATOMIC_CMPXCHG (use gs_expr_cmpxchg)"},
    {m_null_name, "gs_expr_var: the name is NULL"},
    {m_first_kept, "gs_stmt_store: the index is NULL"},
    {m_bad_access, "gs_program_add_buffer: access 7 is not a gs_access"},
    {m_bad_reduce, "gs_stmt_all_reduce: op 6 is not a gs_reduce_op"},
    {m_missing_root, "gs_stmt_broadcast: the root is NULL"},
    {m_cast_to_none, "gs_expr_cast: type 0 is not a value type"},
    {m_same_body, "gs_stmt_if: the two bodies are the same block"},
    {m_bad_name, "<program>: error: buffer name 'a b' is not a name"},
    {m_bad_program_name, "<program>: error: program name '9lives' is not a name"},
    {m_positioned, "gen.gsp:3:7: error: undefined variable 'nope'"},
    {m_f32_overflow, "<program>: error: float literal 1e+300 is out of range for f32"},
};

START_TEST(builder_misuse) {
  gs_program *p = MISUSES[_i].build();
  char *msg = check_err(p);
  ck_assert_str_eq(msg, MISUSES[_i].message);
  free(msg);
  /* still an error the second time */
  msg = check_err(p);
  ck_assert_str_eq(msg, MISUSES[_i].message);
  free(msg);
  gs_program_dispose(p);
}
END_TEST

/* A NULL program: every call is harmless. */
START_TEST(builder_null_program) {
  ck_assert_ptr_null(gs_program_create(NULL));
  ck_assert_ptr_null(gs_expr_int(NULL, GS_TYPE_I32, 1));
  ck_assert_ptr_null(gs_expr_var(NULL, "x"));
  ck_assert_ptr_null(gs_expr_binary(NULL, GS_BIN_ADD, NULL, NULL));
  ck_assert_ptr_null(gs_stmt_block(NULL));
  ck_assert_ptr_null(gs_stmt_grid_barrier(NULL));
  ck_assert_ptr_null(gs_stmt_all_gather(NULL, "a", "b", NULL, NULL));
  ck_assert_ptr_null(gs_program_add_buffer(NULL, "a", 0, GS_TYPE_U32, 1, GS_ACCESS_READ, 0));
  gs_block_append(NULL, NULL, NULL);
  gs_program_append(NULL, NULL);
  gs_program_set_pos(NULL, 1, 1);
  gs_program_set_file(NULL, "x");
  gs_program_set_workgroup_size(NULL, 1, 1, 1);
  gs_program_dispose(NULL);
  ck_assert_ptr_null(gs_program_print(NULL));
  ck_assert_ptr_null(gs_program_name(NULL));
  ck_assert_ptr_null(gs_program_body(NULL));
  ck_assert_uint_eq(gs_program_buffer_count(NULL), 0);
  ck_assert_int_eq(gs_program_find_buffer(NULL, "a"), -1);
  ck_assert(!gs_program_is_checked(NULL));
  gs_error *e = gs_program_check(NULL);
  ck_assert_str_eq(gs_error_message(e), "gs_program_check: the program is NULL");
  gs_error_dispose(e);
  ck_assert_str_eq(gs_type_name(GS_TYPE_U64), "u64");
  ck_assert_str_eq(gs_type_name((gs_type)42), "none");
  ck_assert_uint_eq(gs_type_size(GS_TYPE_F64), 8);
  ck_assert_uint_eq(gs_type_size(GS_TYPE_I32), 4);
  ck_assert_str_eq(gs_binop_name(GS_BIN_SHR), ">>");
  ck_assert_str_eq(gs_atomic_name(GS_ATOMIC_EXCHANGE), "atomic_exchange");
  ck_assert_str_eq(gs_collective_name(GS_COLL_REDUCE_SCATTER), "reduce_scatter");
  ck_assert_str_eq(gs_reduce_name(GS_REDUCE_XOR), "xor");
  ck_assert_str_eq(gs_id_name(GS_ID_LOCAL_SIZE), "local_size");
  ck_assert_str_eq(gs_access_name(GS_ACCESS_UNIFORM), "uniform");
}
END_TEST

/* Appending after a check leaves the program unchecked until checked again. */
START_TEST(builder_append_after_check) {
  gs_program *p = gs_program_create("k");
  gs_program_add_buffer(p, "o", 0, GS_TYPE_U32, 4, GS_ACCESS_READWRITE, 1);
  gs_program_append(p, gs_stmt_eval(p, gs_expr_atomic(p, GS_ATOMIC_ADD, "o",
                                                       gs_expr_id(p, GS_ID_LOCAL_ID, 0),
                                                       gs_expr_int(p, GS_TYPE_NONE, 1))));
  check_ok(p);
  gs_program_append(p, gs_stmt_store(p, "o", gs_expr_int(p, GS_TYPE_NONE, 0),
                                     gs_expr_float(p, GS_TYPE_F32, 1.0)));
  ck_assert(!gs_program_is_checked(p));
  char *msg = check_err(p);
  ck_assert_str_eq(msg, "<program>: error: store of f32 into 'o' of u32");
  free(msg);
  gs_program_dispose(p);
}
END_TEST

Suite *suite_program(void) {
  Suite *s = suite_create("program");
  TCase *tc = tcase_create("program");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, doc_example_prints_canonically);
  tcase_add_test(tc, builder_equals_parsed);
  tcase_add_test(tc, builder_prints_before_check);
  tcase_add_test(tc, checker_fills_types_slots_and_references);
  tcase_add_test(tc, literal_typing);
  tcase_add_test(tc, printer_parentheses_exact);
  tcase_add_loop_test(tc, round_trip_programs, 0, sizeof ROUND_TRIPS / sizeof *ROUND_TRIPS);
  tcase_add_test(tc, round_trip_golden_collectives);
  tcase_add_test(tc, float_literals_round_trip);
  tcase_add_test(tc, equality_is_structural);
  tcase_add_test(tc, cast_operands_take_no_context);
  tcase_add_test(tc, collective_extents);
  tcase_add_test(tc, scopes_allow_reuse);
  tcase_add_test(tc, deep_nesting_is_an_error);
  tcase_add_test(tc, deep_built_tree);
  tcase_add_test(tc, truncated_input);
  tcase_add_test(tc, junk_input);
  tcase_add_test(tc, parse_file_reads_and_names_the_file);
  tcase_add_loop_test(tc, builder_misuse, 0, sizeof MISUSES / sizeof *MISUSES);
  tcase_add_test(tc, builder_null_program);
  tcase_add_test(tc, builder_append_after_check);
  suite_add_tcase(s, tc);
  return s;
}
