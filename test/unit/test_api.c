/* Unit tests: options, loading, the plan, the roles table, and that analysis
 * leaves the module alone (SPEC sections 4 and 5, docs/formats.md). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitWriter.h>

#include "unit.h"

/* --- names ------------------------------------------------------------- */

START_TEST(role_and_space_names) {
  ck_assert_str_eq(gs_role_name(GS_ROLE_NONE), "none");
  ck_assert_str_eq(gs_role_name(GS_ROLE_READ), "read");
  ck_assert_str_eq(gs_role_name(GS_ROLE_WRITE), "write");
  ck_assert_str_eq(gs_role_name(GS_ROLE_READWRITE), "readwrite");
  ck_assert_str_eq(gs_role_name(GS_ROLE_ACCUMULATE), "accumulate");
  ck_assert_str_eq(gs_role_access(GS_ROLE_READ), "read_only");
  ck_assert_str_eq(gs_role_access(GS_ROLE_WRITE), "write_only");
  ck_assert_str_eq(gs_role_access(GS_ROLE_READWRITE), "read_write");
  ck_assert_str_eq(gs_role_access(GS_ROLE_ACCUMULATE), "read_write");
  ck_assert_str_eq(gs_space_name(GS_SPACE_GLOBAL), "global");
  ck_assert_str_eq(gs_space_name(GS_SPACE_CONSTANT), "constant");
  ck_assert_str_eq(gs_space_name(GS_SPACE_WORKGROUP), "workgroup");
}
END_TEST

/* --- options ----------------------------------------------------------- */

START_TEST(options_parse_good) {
  gs_options *o = gs_options_create();
  ck_assert_ptr_nonnull(o);
  ck_assert_ptr_null(gs_options_parse(o, "barrier=A;barrier=B;kernel=K"));
  ck_assert_ptr_null(gs_options_parse(o, "kernel=bump"));
  ck_assert_ptr_null(gs_options_parse(o, "steps-in-segments=true;virtual-workgroups=true"));
  ck_assert_ptr_null(gs_options_add_barrier(o, "my_sync"));
  ck_assert_ptr_null(gs_options_set_kernel(o, "bump"));
  gs_options_dispose(o);
}
END_TEST

START_TEST(options_parse_unknown_key) {
  gs_options *o = gs_options_create();
  gs_error *e = gs_options_parse(o, "barrier=A;frobnicate=3");
  ck_assert_ptr_nonnull(e);
  ck_assert_ptr_nonnull(gs_error_message(e));
  ck_assert_msg(strstr(gs_error_message(e), "frobnicate") != NULL,
                "error does not name the key: %s", gs_error_message(e));
  gs_error_dispose(e);
  gs_options_dispose(o);
}
END_TEST

START_TEST(options_parse_malformed) {
  static const char *const bad[] = {"barrier", "=x", "kernel"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    gs_options *o = gs_options_create();
    gs_error *e = gs_options_parse(o, bad[i]);
    ck_assert_msg(e != NULL, "option text '%s' accepted", bad[i]);
    ck_assert_ptr_nonnull(gs_error_message(e));
    ck_assert_msg(gs_error_message(e)[0] != '\0', "empty message for '%s'", bad[i]);
    gs_error_dispose(e);
    gs_options_dispose(o);
  }
}
END_TEST

/* Options parsed from text take effect: the kernel= of a missing kernel is
 * an error at analysis, naming it. */
START_TEST(options_parse_kernel_takes_effect) {
  gs_options *o = gs_options_create();
  ck_assert_ptr_null(gs_options_parse(o, "kernel=not_here"));
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, IR_BUMP);
  char *msg = analyze_err(m, o);
  ck_assert_msg(strstr(msg, "not_here") != NULL, "error does not name the kernel: %s", msg);
  free(msg);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  gs_options_dispose(o);
}
END_TEST

/* --- the module is left alone ------------------------------------------ */

static void check_unchanged(const char *ir) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, ir);
  char *before = module_text(m);
  gs_analysis *a = analyze_ok(m, NULL);
  char *after = module_text(m);
  ck_assert_msg(strcmp(before, after) == 0, "gs_analyze changed the module:\n--- before\n%s\n"
                "--- after\n%s", before, after);
  char *vmsg = NULL;
  ck_assert_msg(!LLVMVerifyModule(m, LLVMReturnStatusAction, &vmsg), "module broken: %s", vmsg);
  LLVMDisposeMessage(vmsg);
  char *t = gs_analysis_print_roles(a);
  ck_assert_ptr_nonnull(t);
  char *after_print = module_text(m);
  ck_assert_msg(strcmp(before, after_print) == 0, "printing the roles changed the module");
  free(after_print);
  gs_dispose_string(t);
  gs_analysis_dispose(a);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  free(before);
  free(after);
}

START_TEST(module_unchanged_simple) { check_unchanged(IR_BUMP); }
END_TEST

START_TEST(module_unchanged_after_inlining) { check_unchanged(IR_CALLER); }
END_TEST

START_TEST(module_unchanged_stencil) { check_unchanged(IR_STENCIL); }
END_TEST

START_TEST(module_unchanged_after_inlining_external) {
  char *text = strdup(IR_CALLER);
  for (char *p; (p = strstr(text, "internal "));)
    memmove(p, p + 9, strlen(p + 9) + 1);
  check_unchanged(text);
  free(text);
}
END_TEST

/* A kernel made with the LLVM C builder, as a frontend would: its
 * arguments have no names, so the buffers are arg0 and arg1. */
START_TEST(builder_module_unnamed_args) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = LLVMModuleCreateWithNameInContext("built", ctx);
  LLVMSetTarget(m, "spir64-unknown-unknown");
  LLVMTypeRef gptr = LLVMPointerTypeInContext(ctx, 1);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMTypeRef voidt = LLVMVoidTypeInContext(ctx);
  LLVMTypeRef params[] = {gptr, gptr};
  LLVMValueRef k = LLVMAddFunction(m, "built_k", LLVMFunctionType(voidt, params, 2, 0));
  LLVMSetFunctionCallConv(k, LLVMSPIRKERNELCallConv);
  LLVMTypeRef synct = LLVMFunctionType(voidt, NULL, 0, 0);
  LLVMValueRef sync = LLVMAddFunction(m, "gridsplit_grid_sync", synct);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, k, "entry"));
  LLVMBuildStore(b, LLVMConstInt(i32, 1, 0), LLVMGetParam(k, 1));
  LLVMBuildCall2(b, synct, sync, NULL, 0, "");
  LLVMBuildLoad2(b, i32, LLVMGetParam(k, 0), "v");
  LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
  char *vmsg = NULL;
  ck_assert_msg(!LLVMVerifyModule(m, LLVMReturnStatusAction, &vmsg), "built module: %s", vmsg);
  LLVMDisposeMessage(vmsg);
  char *before = module_text(m);
  gs_analysis *a = analyze_ok(m, NULL);
  char *after = module_text(m);
  ck_assert_str_eq(before, after);
  ck_assert_str_eq(gs_kernel_name(a, 0), "built_k");
  expect_kernel(a, 0, 1, GS_SCHEDULE_STATIC);
  ck_assert_str_eq(gs_kernel_buffer(a, 0, 0).name, "arg0");
  ck_assert_str_eq(gs_kernel_buffer(a, 0, 1).name, "arg1");
  expect_buffer(a, 0, "arg0", 0, GS_SPACE_GLOBAL, 1, 0);
  expect_buffer(a, 0, "arg1", 1, GS_SPACE_GLOBAL, 0, 1);
  expect_access(a, 0, 0, "arg1", GS_ROLE_WRITE, 0, 1, 0);
  expect_untouched_except(a, 0, 0, "arg1");
  expect_access(a, 0, 1, "arg0", GS_ROLE_READ, 1, 0, 0);
  expect_untouched_except(a, 0, 1, "arg0");
  gs_analysis_dispose(a);
  free(before);
  free(after);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}
END_TEST

/* A struct passed by value, as a frontend builds it (a byval pointer to
 * { i8, float, [3 x i16], i64 }, 24 bytes with padding): a value of the
 * kernel (SPEC section 4), not a buffer; the split keeps it by value in
 * every segment. */
START_TEST(builder_module_struct_value) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = LLVMModuleCreateWithNameInContext("built", ctx);
  LLVMSetTarget(m, "spir64-unknown-unknown");
  LLVMSetDataLayout(m, "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-n8:16:32:64");
  LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx), i16 = LLVMInt16TypeInContext(ctx);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx);
  LLVMTypeRef fields[] = {i8, LLVMFloatTypeInContext(ctx), LLVMArrayType(i16, 3), i64};
  LLVMTypeRef st = LLVMStructCreateNamed(ctx, "struct.P");
  LLVMStructSetBody(st, fields, 4, 0);
  LLVMTypeRef gptr = LLVMPointerTypeInContext(ctx, 1), pptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMTypeRef voidt = LLVMVoidTypeInContext(ctx);
  LLVMTypeRef params[] = {gptr, pptr};
  LLVMValueRef k = LLVMAddFunction(m, "k", LLVMFunctionType(voidt, params, 2, 0));
  LLVMSetFunctionCallConv(k, LLVMSPIRKERNELCallConv);
  LLVMAddAttributeAtIndex(
      k, 2, LLVMCreateTypeAttribute(ctx, LLVMGetEnumAttributeKindForName("byval", 5), st));
  LLVMTypeRef synct = LLVMFunctionType(voidt, NULL, 0, 0);
  LLVMValueRef sync = LLVMAddFunction(m, "gridsplit_grid_sync", synct);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, k, "entry"));
  LLVMValueRef tag = LLVMBuildLoad2(b, i8, LLVMGetParam(k, 1), "tag");
  LLVMBuildCall2(b, synct, sync, NULL, 0, "");
  LLVMBuildStore(b, LLVMBuildZExt(b, tag, i32, ""), LLVMGetParam(k, 0));
  LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
  char *vmsg = NULL;
  ck_assert_msg(!LLVMVerifyModule(m, LLVMReturnStatusAction, &vmsg), "built module: %s", vmsg);
  LLVMDisposeMessage(vmsg);
  gs_analysis *a = NULL;
  gs_error *e = gs_split_module(m, NULL, &a);
  ck_assert_msg(e == NULL, "split failed: %s", e ? gs_error_message(e) : "");
  ck_assert_uint_eq(gs_kernel_buffer_count(a, 0), 1);
  ck_assert_str_eq(gs_kernel_buffer(a, 0, 0).name, "arg0");
  ck_assert_uint_eq(gs_kernel_value_count(a, 0), 1);
  gs_value_info v = gs_kernel_value(a, 0, 0);
  ck_assert_str_eq(v.name, "arg1");
  ck_assert_int_eq(v.arg, 1);
  ck_assert_uint_eq(v.bytes, 24);
  /* nothing is carried: segment 1 reads the struct again */
  ck_assert_int_eq(gs_kernel_live_state_arg(a, 0), -1);
  LLVMValueRef seg1 = LLVMGetNamedFunction(m, "k.seg1");
  ck_assert_ptr_nonnull(seg1);
  ck_assert_uint_eq(LLVMCountParams(seg1), 2);
  LLVMAttributeRef byval =
      LLVMGetEnumAttributeAtIndex(seg1, 2, LLVMGetEnumAttributeKindForName("byval", 5));
  ck_assert_ptr_nonnull(byval);
  ck_assert_ptr_eq(LLVMGetTypeAttributeValue(byval), st);
  gs_analysis_dispose(a);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}
END_TEST

/* --- loading ----------------------------------------------------------- */

static void check_bump_module(LLVMModuleRef m) {
  gs_analysis *a = analyze_ok(m, NULL);
  ck_assert_uint_eq(gs_analysis_kernel_count(a), 1);
  ck_assert_str_eq(gs_kernel_name(a, 0), "bump");
  expect_kernel(a, 0, 1, GS_SCHEDULE_STATIC);
  expect_access(a, 0, 1, "out", GS_ROLE_ACCUMULATE, 1, 1, 0);
  gs_analysis_dispose(a);
}

START_TEST(load_textual_ir) {
  char *dir = temp_dir();
  char *path = path_join(dir, "bump.ll");
  write_file(path, IR_BUMP, strlen(IR_BUMP));
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  gs_error *e = gs_load_module(ctx, path, 0, &m);
  ck_assert_msg(e == NULL, "load failed: %s", e ? gs_error_message(e) : "");
  ck_assert_ptr_nonnull(m);
  check_bump_module(m);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  unlink(path);
  rmdir(dir);
  free(path);
  free(dir);
}
END_TEST

START_TEST(load_bitcode) {
  char *dir = temp_dir();
  char *path = path_join(dir, "bump.bc");
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef src = parse_ir(ctx, IR_BUMP);
  ck_assert_int_eq(LLVMWriteBitcodeToFile(src, path), 0);
  LLVMDisposeModule(src);
  LLVMModuleRef m = NULL;
  gs_error *e = gs_load_module(ctx, path, 0, &m);
  ck_assert_msg(e == NULL, "load failed: %s", e ? gs_error_message(e) : "");
  ck_assert_ptr_nonnull(m);
  check_bump_module(m);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  unlink(path);
  rmdir(dir);
  free(path);
  free(dir);
}
END_TEST

/* Loads PATH expecting an error that names BASENAME (and WHERE if given). */
static void expect_load_error(const char *path, const char *basename, const char *where) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  gs_error *e = gs_load_module(ctx, path, 0, &m);
  ck_assert_msg(e != NULL, "loading %s succeeded", path);
  const char *msg = gs_error_message(e);
  ck_assert_ptr_nonnull(msg);
  ck_assert_msg(strstr(msg, basename) != NULL, "error does not name the file %s: %s", basename,
                msg);
  if (where)
    ck_assert_msg(strstr(msg, where) != NULL, "error does not say where (%s): %s", where, msg);
  gs_error_dispose(e);
  if (m)
    LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}

START_TEST(load_malformed_ir) {
  static const char bad[] = "target triple = \"spir64-unknown-unknown\"\n"
                            "define spir_kernel void @k(ptr addrspace(1) %x) {\n"
                            "  store i32 1, ptr addrspace(1) %nothere, align 4\n"
                            "  ret void\n"
                            "}\n";
  char *dir = temp_dir();
  char *path = path_join(dir, "broken.ll");
  write_file(path, bad, strlen(bad));
  expect_load_error(path, "broken.ll", ":3:");
  unlink(path);
  rmdir(dir);
  free(path);
  free(dir);
}
END_TEST

START_TEST(load_malformed_bitcode) {
  static const unsigned char junk[] = {'B', 'C', 0xC0, 0xDE, 0x35, 0x14, 0x00, 0x00, 0x05,
                                       0x00, 0x00, 0x00, 0x62, 0x0C, 0x30, 0x24, 0xFF, 0xFF};
  char *dir = temp_dir();
  char *path = path_join(dir, "junk.bc");
  write_file(path, junk, sizeof junk);
  expect_load_error(path, "junk.bc", NULL);
  unlink(path);
  rmdir(dir);
  free(path);
  free(dir);
}
END_TEST

START_TEST(load_missing_file) {
  expect_load_error("/nonexistent-gs-dir/missing_input.ll", "missing_input.ll", NULL);
  expect_load_error("/nonexistent-gs-dir/missing_input.bc", "missing_input.bc", NULL);
}
END_TEST

static const char OPENCL_SRC[] = "void gridsplit_grid_sync(void);\n"
                                 "kernel void twice(global int *a, global const int *b) {\n"
                                 "  size_t i = get_global_id(0);\n"
                                 "  a[i] = b[i];\n"
                                 "  gridsplit_grid_sync();\n"
                                 "  a[i] += 1;\n"
                                 "}\n";

static void check_opencl(int opt_level, int check_roles) {
  char *dir = temp_dir();
  char *path = path_join(dir, "twice.cl");
  write_file(path, OPENCL_SRC, strlen(OPENCL_SRC));
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  gs_error *e = gs_load_module(ctx, path, opt_level, &m);
  ck_assert_msg(e == NULL, "loading OpenCL C at -O%d failed: %s", opt_level,
                e ? gs_error_message(e) : "");
  gs_analysis *a = analyze_ok(m, NULL);
  ck_assert_str_eq(gs_analysis_target(a), "spir64-unknown-unknown");
  size_t k = find_kernel(a, "twice");
  expect_kernel(a, k, 1, GS_SCHEDULE_STATIC);
  ck_assert_ptr_null(gs_segment_location(a, k, 0));
  const char *loc = gs_segment_location(a, k, 1);
  ck_assert_msg(loc != NULL, "no location for the barrier at -O%d (debug info expected)",
                opt_level);
  ck_assert_msg(strstr(loc, "twice.cl:5:3") != NULL, "barrier location '%s', expected twice.cl:5:3",
                loc);
  if (check_roles) {
    expect_buffer(a, k, "a", 0, GS_SPACE_GLOBAL, 0, 1);
    expect_buffer(a, k, "b", 1, GS_SPACE_GLOBAL, 1, 0);
    expect_access(a, k, 0, "a", GS_ROLE_WRITE, 0, 1, 0);
    expect_access(a, k, 0, "b", GS_ROLE_READ, 1, 0, 0);
    expect_access(a, k, 1, "a", GS_ROLE_ACCUMULATE, 1, 1, 0);
    expect_untouched_except(a, k, 1, "a");
  }
  gs_analysis_dispose(a);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  unlink(path);
  rmdir(dir);
  free(path);
  free(dir);
}

START_TEST(load_opencl_c_o2) { check_opencl(2, 1); }
END_TEST

START_TEST(load_opencl_c_o0) { check_opencl(0, 0); }
END_TEST

START_TEST(load_opencl_c_error) {
  static const char bad[] = "kernel void k(global int *a) {\n"
                            "  a[0] = undeclared_thing;\n"
                            "}\n";
  char *dir = temp_dir();
  char *path = path_join(dir, "oops.cl");
  write_file(path, bad, strlen(bad));
  expect_load_error(path, "oops.cl", NULL);
  unlink(path);
  rmdir(dir);
  free(path);
  free(dir);
}
END_TEST

/* --- the roles table (docs/formats.md) ---------------------------------- */

static void check_table(const char *ir, const char *expected) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, ir);
  gs_analysis *a = analyze_ok(m, NULL);
  char *t = gs_analysis_print_roles(a);
  ck_assert_ptr_nonnull(t);
  char *got = squeeze_spaces(t);
  char *want = squeeze_spaces(expected);
  ck_assert_msg(strcmp(got, want) == 0, "roles table:\n%s\nexpected:\n%s", got, want);
  free(got);
  free(want);
  gs_dispose_string(t);
  gs_analysis_dispose(a);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}

START_TEST(roles_table_histogram) {
  check_table(IR_HISTOGRAM,
              "kernel 'histogram': barriers 1, schedule static\n"
              "  buffer data: arg 0, global, host_input yes, host_output no\n"
              "  buffer bins: arg 1, global, host_input yes, host_output yes\n"
              "  buffer scaled: arg 2, global, host_input no, host_output yes\n"
              "  segment 0: begins at entry, successors 1\n"
              "    data  read  read_only\n"
              "    bins  accumulate  read_write  atomic\n"
              "  segment 1: begins at barrier 1, successors end\n"
              "    bins  read  read_only\n"
              "    scaled  write  write_only\n");
}
END_TEST

START_TEST(roles_table_stencil) {
  check_table(IR_STENCIL,
              "kernel 'stencil': barriers 2, schedule dynamic\n"
              "  buffer a: arg 0, global, host_input yes, host_output yes\n"
              "  buffer b: arg 1, global, host_input no, host_output yes\n"
              "  segment 0: begins at entry, successors 1\n"
              "    a  read  read_only\n"
              "    b  write  write_only\n"
              "  segment 1: begins at barrier 1, successors 2\n"
              "    a  accumulate  read_write\n"
              "    b  read  read_only\n"
              "  segment 2: begins at barrier 2, successors 1 end\n"
              "    a  read  read_only\n"
              "    b  accumulate  read_write\n");
}
END_TEST

START_TEST(roles_table_globals) {
  check_table(IR_GLOBALS,
              "kernel 'globals': barriers 1, schedule static\n"
              "  buffer out: arg 0, global, host_input no, host_output yes\n"
              "  buffer coef: arg 1, constant, host_input yes, host_output no\n"
              "  buffer arg2: arg 2, global, host_input no, host_output no\n"
              "  buffer table: global variable, global, host_input yes, host_output no\n"
              "  buffer scratch: global variable, workgroup, host_input no, host_output no\n"
              "  buffer counter: global variable, global, host_input yes, host_output yes\n"
              "  segment 0: begins at entry, successors 1\n"
              "    table  read  read_only\n"
              "    scratch  write  write_only\n"
              "    counter  accumulate  read_write  atomic\n"
              "  segment 1: begins at barrier 1, successors end\n"
              "    out  write  write_only\n"
              "    coef  read  read_only\n"
              "    counter  read  read_only\n");
}
END_TEST

START_TEST(roles_table_no_buffers) {
  static const char *const ir = SPIR_PRELUDE
      "define spir_kernel void @quiet(ptr addrspace(1) %x) {\n"
      "entry:\n"
      "  store i32 1, ptr addrspace(1) %x, align 4\n"
      "  call void @gridsplit_grid_sync()\n"
      "  ret void\n"
      "}\n";
  check_table(ir, "kernel 'quiet': barriers 1, schedule static\n"
                  "  buffer x: arg 0, global, host_input no, host_output yes\n"
                  "  segment 0: begins at entry, successors 1\n"
                  "    x  write  write_only\n"
                  "  segment 1: begins at barrier 1, successors end\n"
                  "    (no buffers)\n");
}
END_TEST

/* --- the plan (SPEC section 4) ------------------------------------------ */

static char *plan_for(const char *ir, const char *module_name) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, ir);
  gs_analysis *a = analyze_ok(m, NULL);
  char *json = gs_plan_json(a, module_name);
  ck_assert_ptr_nonnull(json);
  char *compact = json_compact(json);
  gs_dispose_string(json);
  gs_analysis_dispose(a);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return compact;
}

/* The plan of the split (gs_split_module), which carries live state; the
 * module must then hold every segment kernel and verify. */
static char *split_plan_for(const char *ir, const char *module_name, unsigned nsegments) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, ir);
  gs_analysis *a = NULL;
  gs_error *e = gs_split_module(m, NULL, &a);
  ck_assert_msg(e == NULL, "split failed: %s", e ? gs_error_message(e) : "");
  char *json = gs_plan_json(a, module_name);
  char *compact = json_compact(json);
  gs_dispose_string(json);
  for (unsigned s = 0; s < nsegments; s++) {
    char name[64];
    snprintf(name, sizeof name, "%s.seg%u", gs_kernel_name(a, 0), s);
    ck_assert_msg(LLVMGetNamedFunction(m, name) != NULL, "no %s after the split", name);
  }
  char *msg = NULL;
  ck_assert_msg(!LLVMVerifyModule(m, LLVMReturnStatusAction, &msg), "split module: %s", msg);
  LLVMDisposeMessage(msg);
  gs_analysis_dispose(a);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return compact;
}

#define HAS(text, sub)                                                             \
  ck_assert_msg(strstr(text, sub) != NULL, "plan lacks %s in:\n%s", sub, text)
#define LACKS(text, sub)                                                           \
  ck_assert_msg(strstr(text, sub) == NULL, "plan has %s in:\n%s", sub, text)

/* The innermost object of PLAN holding NEEDLE and also ALSO (any key order),
 * which must exist. */
static char *object(const char *plan, const char *needle, const char *also) {
  char *o = json_object_with(plan, needle, also);
  ck_assert_msg(o != NULL, "plan has no object with %s and %s:\n%s", needle, also, plan);
  return o;
}

START_TEST(plan_histogram) {
  char *p = plan_for(IR_HISTOGRAM, "histogram.cl");
  ck_assert_msg(p[0] == '{' && p[strlen(p) - 1] == '}', "plan is not one object: %s", p);
  HAS(p, "\"format\":\"gridsplit-plan\"");
  HAS(p, "\"version\":1");
  HAS(p, "\"module\":\"histogram.cl\"");
  HAS(p, "\"target\":\"spir64-unknown-unknown\"");
  HAS(p, "\"kernels\":[{");
  HAS(p, "\"name\":\"histogram\"");
  HAS(p, "\"barriers\":1");
  HAS(p, "\"schedule\":\"static\"");
  HAS(p, "\"live_state\":null");

  char *b = object(p, "\"name\":\"data\"", "\"host_input\"");
  HAS(b, "\"arg\":0");
  HAS(b, "\"space\":\"global\"");
  HAS(b, "\"host_input\":true");
  HAS(b, "\"host_output\":false");
  free(b);
  b = object(p, "\"name\":\"bins\"", "\"host_input\"");
  HAS(b, "\"arg\":1");
  HAS(b, "\"host_input\":true");
  HAS(b, "\"host_output\":true");
  free(b);
  b = object(p, "\"name\":\"scaled\"", "\"host_input\"");
  HAS(b, "\"arg\":2");
  HAS(b, "\"host_input\":false");
  HAS(b, "\"host_output\":true");
  free(b);

  char *s0 = object(p, "\"index\":0", "\"begins_at\"");
  HAS(s0, "\"function\":\"histogram.seg0\"");
  HAS(s0, "\"begins_at\":\"entry\"");
  HAS(s0, "\"successors\":[1]");
  HAS(s0, "\"location\":null");
  HAS(s0, "\"live_in\":[]");
  HAS(s0, "\"live_out\":[]");
  LACKS(s0, "\"scaled\"");
  b = object(s0, "\"name\":\"data\"", "\"role\"");
  HAS(b, "\"role\":\"read\"");
  HAS(b, "\"access\":\"read_only\"");
  HAS(b, "\"atomic\":false");
  HAS(b, "\"consumes_input\":true");
  HAS(b, "\"produces_output\":false");
  free(b);
  b = object(s0, "\"name\":\"bins\"", "\"role\"");
  HAS(b, "\"role\":\"accumulate\"");
  HAS(b, "\"access\":\"read_write\"");
  HAS(b, "\"atomic\":true");
  HAS(b, "\"consumes_input\":true");
  HAS(b, "\"produces_output\":true");
  free(b);
  free(s0);

  char *s1 = object(p, "\"index\":1", "\"begins_at\"");
  HAS(s1, "\"function\":\"histogram.seg1\"");
  HAS(s1, "\"begins_at\":\"barrier 1\"");
  HAS(s1, "\"successors\":[-1]");
  LACKS(s1, "\"data\"");
  b = object(s1, "\"name\":\"bins\"", "\"role\"");
  HAS(b, "\"role\":\"read\"");
  HAS(b, "\"atomic\":false");
  free(b);
  b = object(s1, "\"name\":\"scaled\"", "\"role\"");
  HAS(b, "\"role\":\"write\"");
  HAS(b, "\"access\":\"write_only\"");
  HAS(b, "\"consumes_input\":false");
  HAS(b, "\"produces_output\":true");
  free(b);
  free(s1);
  free(p);
}
END_TEST

START_TEST(plan_stencil) {
  char *p = split_plan_for(IR_STENCIL, "stencil.ll", 3);
  HAS(p, "\"module\":\"stencil.ll\"");
  HAS(p, "\"schedule\":\"dynamic\"");
  HAS(p, "\"barriers\":2");
  /* %t lives across both barriers and is no id or size: it is carried, in
   * the argument after the kernel's three. */
  HAS(p, "\"live_state\":{\"arg\":3,");
  char *s2 = object(p, "\"index\":2", "\"begins_at\"");
  HAS(s2, "\"function\":\"stencil.seg2\"");
  HAS(s2, "\"begins_at\":\"barrier 2\"");
  ck_assert_msg(strstr(s2, "\"successors\":[1,-1]") || strstr(s2, "\"successors\":[-1,1]"),
                "segment 2 successors in %s", s2);
  char *b = object(s2, "\"name\":\"b\"", "\"role\"");
  HAS(b, "\"role\":\"accumulate\"");
  HAS(b, "\"atomic\":false");
  free(b);
  /* Segment 2 computes %t1 = %t + 1 from the carried %t (an i32). */
  HAS(s2, "\"live_in\":[{");
  char *t = object(s2, "\"name\":\"t\"", "\"bytes\"");
  HAS(t, "\"bytes\":4");
  free(t);
  free(s2);
  free(p);
}
END_TEST

START_TEST(plan_globals) {
  char *p = plan_for(IR_GLOBALS, "globals.ll");
  char *b = object(p, "\"name\":\"table\"", "\"host_input\"");
  HAS(b, "\"arg\":null");
  HAS(b, "\"space\":\"global\"");
  free(b);
  b = object(p, "\"name\":\"scratch\"", "\"host_input\"");
  HAS(b, "\"arg\":null");
  HAS(b, "\"space\":\"workgroup\"");
  HAS(b, "\"host_input\":false");
  HAS(b, "\"host_output\":false");
  free(b);
  b = object(p, "\"name\":\"coef\"", "\"host_input\"");
  HAS(b, "\"arg\":1");
  HAS(b, "\"space\":\"constant\"");
  free(b);
  b = object(p, "\"name\":\"arg2\"", "\"host_input\"");
  HAS(b, "\"arg\":2");
  free(b);
  LACKS(p, "\"lut\"");
  free(p);
}
END_TEST

/* Names that need escaping in JSON stay valid JSON strings. */
START_TEST(plan_escapes_names) {
  static const char *const ir = SPIR_PRELUDE
      "define spir_kernel void @\"we\\22ird\"(ptr addrspace(1) %x) {\n"
      "entry:\n"
      "  store i32 1, ptr addrspace(1) %x, align 4\n"
      "  call void @gridsplit_grid_sync()\n"
      "  ret void\n"
      "}\n";
  char *p = plan_for(ir, "dir\\mod\".ll");
  HAS(p, "\"name\":\"we\\\"ird\"");
  HAS(p, "\"module\":\"dir\\\\mod\\\".ll\"");
  free(p);
}
END_TEST

START_TEST(roles_table_locations) {
  check_table(IR_DEBUG, "kernel 'located': barriers 2, schedule static\n"
                        "  buffer x: arg 0, global, host_input no, host_output yes\n"
                        "  segment 0: begins at entry, successors 1\n"
                        "    x  write  write_only\n"
                        "  segment 1: begins at barrier 1 (located.cl:14:5), successors 2\n"
                        "    x  read  read_only\n"
                        "  segment 2: begins at barrier 2, successors end\n"
                        "    (no buffers)\n");
}
END_TEST

START_TEST(plan_locations) {
  char *p = plan_for(IR_DEBUG, "located.cl");
  char *s = object(p, "\"index\":1", "\"begins_at\"");
  HAS(s, "\"location\":\"located.cl:14:5\"");
  free(s);
  s = object(p, "\"index\":2", "\"begins_at\"");
  HAS(s, "\"location\":null");
  free(s);
  free(p);
}
END_TEST

Suite *suite_api(void) {
  Suite *s = suite_create("api");
  TCase *tc = tcase_create("api");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, role_and_space_names);
  tcase_add_test(tc, options_parse_good);
  tcase_add_test(tc, options_parse_unknown_key);
  tcase_add_test(tc, options_parse_malformed);
  tcase_add_test(tc, options_parse_kernel_takes_effect);
  tcase_add_test(tc, module_unchanged_simple);
  tcase_add_test(tc, module_unchanged_after_inlining);
  tcase_add_test(tc, module_unchanged_stencil);
  tcase_add_test(tc, module_unchanged_after_inlining_external);
  tcase_add_test(tc, builder_module_unnamed_args);
  tcase_add_test(tc, builder_module_struct_value);
  tcase_add_test(tc, load_textual_ir);
  tcase_add_test(tc, load_bitcode);
  tcase_add_test(tc, load_malformed_ir);
  tcase_add_test(tc, load_malformed_bitcode);
  tcase_add_test(tc, load_missing_file);
  tcase_add_test(tc, load_opencl_c_o2);
  tcase_add_test(tc, load_opencl_c_o0);
  tcase_add_test(tc, load_opencl_c_error);
  tcase_add_test(tc, roles_table_histogram);
  tcase_add_test(tc, roles_table_stencil);
  tcase_add_test(tc, roles_table_globals);
  tcase_add_test(tc, roles_table_no_buffers);
  tcase_add_test(tc, plan_histogram);
  tcase_add_test(tc, plan_stencil);
  tcase_add_test(tc, plan_globals);
  tcase_add_test(tc, plan_escapes_names);
  tcase_add_test(tc, roles_table_locations);
  tcase_add_test(tc, plan_locations);
  suite_add_tcase(s, tc);
  return s;
}
