/* Unit tests: bad input gives an error that says what and where, and leaves
 * the module as it was (SPEC sections 1 and 7). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>

#include "unit.h"

/* Analyses TEXT expecting an error; checks the module text is unchanged and
 * still verifies; returns the message (malloc'ed). */
static char *expect_error(const char *text, const gs_options *opts) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, text);
  char *before = module_text(m);
  char *msg = analyze_err(m, opts);
  char *after = module_text(m);
  ck_assert_msg(strcmp(before, after) == 0, "module changed by a failed gs_analyze");
  char *vmsg = NULL;
  ck_assert_msg(!LLVMVerifyModule(m, LLVMReturnStatusAction, &vmsg),
                "module does not verify after a failed gs_analyze: %s", vmsg);
  LLVMDisposeMessage(vmsg);
  free(before);
  free(after);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return msg;
}

#define ASSERT_MENTIONS(msg, word)                                                 \
  ck_assert_msg(strstr(msg, word) != NULL, "error message does not name '%s': %s", word, msg)

/* Invocations with gid < 16 wait at site 1, the others at site 2. */
START_TEST(divergent_branch_on_global_id) {
  static const char *const ir = SPIR_PRELUDE
      "define spir_kernel void @split_on_id(ptr addrspace(1) %x) {\n"
      "entry:\n"
      "  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)\n"
      "  %c = icmp ult i64 %gid, 16\n"
      "  br i1 %c, label %early, label %join\n"
      "early:\n"
      "  call void @gridsplit_grid_sync()\n"
      "  br label %join\n"
      "join:\n"
      "  call void @gridsplit_grid_sync()\n"
      "  ret void\n"
      "}\n";
  char *msg = expect_error(ir, NULL);
  ASSERT_MENTIONS(msg, "split_on_id");
  free(msg);
}
END_TEST

/* The same, with the id passed through private memory (what clang -O0 emits). */
START_TEST(divergent_branch_through_alloca) {
  static const char *const ir = SPIR_PRELUDE
      "define spir_kernel void @via_alloca(ptr addrspace(1) %x) {\n"
      "entry:\n"
      "  %slot = alloca i64, align 8\n"
      "  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)\n"
      "  store i64 %gid, ptr %slot, align 8\n"
      "  %g = load i64, ptr %slot, align 8\n"
      "  %c = icmp ult i64 %g, 16\n"
      "  br i1 %c, label %early, label %join\n"
      "early:\n"
      "  call void @gridsplit_grid_sync()\n"
      "  br label %join\n"
      "join:\n"
      "  call void @gridsplit_grid_sync()\n"
      "  ret void\n"
      "}\n";
  char *msg = expect_error(ir, NULL);
  ASSERT_MENTIONS(msg, "via_alloca");
  free(msg);
}
END_TEST

/* A loop whose trip count depends on the id, with a barrier inside and one
 * after: invocations that leave early wait at the second site. */
START_TEST(divergent_loop_trip_count) {
  static const char *const ir = SPIR_PRELUDE
      "define spir_kernel void @id_loop(ptr addrspace(1) %x) {\n"
      "entry:\n"
      "  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)\n"
      "  br label %loop\n"
      "loop:\n"
      "  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]\n"
      "  call void @gridsplit_grid_sync()\n"
      "  %i1 = add i64 %i, 1\n"
      "  %c = icmp ult i64 %i1, %gid\n"
      "  br i1 %c, label %loop, label %after\n"
      "after:\n"
      "  call void @gridsplit_grid_sync()\n"
      "  ret void\n"
      "}\n";
  char *msg = expect_error(ir, NULL);
  ASSERT_MENTIONS(msg, "id_loop");
  free(msg);
}
END_TEST

/* A divergent branch around a call whose callee holds the barrier: the
 * error comes after inlining into the private copy, and M is untouched. */
START_TEST(divergent_after_inlining) {
  static const char *const ir = SPIR_PRELUDE
      "define internal spir_func void @phase() {\n"
      "entry:\n"
      "  call void @gridsplit_grid_sync()\n"
      "  ret void\n"
      "}\n"
      "define spir_kernel void @inl_div(ptr addrspace(1) %x) {\n"
      "entry:\n"
      "  %lid = call spir_func i64 @_Z12get_local_idj(i32 0)\n"
      "  %c = icmp eq i64 %lid, 0\n"
      "  br i1 %c, label %then, label %join\n"
      "then:\n"
      "  call spir_func void @phase()\n"
      "  br label %join\n"
      "join:\n"
      "  call spir_func void @phase()\n"
      "  ret void\n"
      "}\n";
  char *msg = expect_error(ir, NULL);
  ASSERT_MENTIONS(msg, "inl_div");
  free(msg);
}
END_TEST

/* Two barrier sites chosen by COND_IR's %c (which may use %gid and %x). */
#define TWO_SITES(name, cond_ir)                                                   \
  SPIR_PRELUDE                                                                      \
  "define spir_kernel void @" name "(ptr addrspace(1) %x) {\n"                     \
  "entry:\n"                                                                        \
  "  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)\n" cond_ir               \
  "  br i1 %c, label %early, label %join\n"                                         \
  "early:\n"                                                                        \
  "  call void @gridsplit_grid_sync()\n"                                            \
  "  br label %join\n"                                                              \
  "join:\n"                                                                         \
  "  call void @gridsplit_grid_sync()\n"                                            \
  "  ret void\n"                                                                    \
  "}\n"

/* A value loaded from an address that depends on the id is itself
 * invocation-dependent. */
START_TEST(divergent_branch_on_value_loaded_at_id) {
  char *msg = expect_error(TWO_SITES("loaded_at_id",
                                     "  %p = getelementptr inbounds i32, ptr addrspace(1) %x,"
                                     " i64 %gid\n"
                                     "  %v = load i32, ptr addrspace(1) %p, align 4\n"
                                     "  %c = icmp eq i32 %v, 0\n"),
                           NULL);
  ASSERT_MENTIONS(msg, "loaded_at_id");
  free(msg);
}
END_TEST

/* Workgroup ids differ between invocations of the grid too. */
START_TEST(divergent_branch_on_group_id) {
  char *msg = expect_error(TWO_SITES("on_group",
                                     "  %grp = call spir_func i64 @_Z12get_group_idj(i32 0)\n"
                                     "  %c = icmp eq i64 %grp, 0\n"),
                           NULL);
  ASSERT_MENTIONS(msg, "on_group");
  free(msg);
}
END_TEST

/* With debug info the error says file:line (SPEC section 5). */
START_TEST(divergent_error_has_location) {
  static const char *const ir = SPIR_PRELUDE
      "define spir_kernel void @div_dbg(ptr addrspace(1) %x) !dbg !4 {\n"
      "entry:\n"
      "  %gid = call spir_func i64 @_Z13get_global_idj(i32 0), !dbg !7\n"
      "  %c = icmp ult i64 %gid, 16, !dbg !7\n"
      "  br i1 %c, label %early, label %join, !dbg !7\n"
      "early:\n"
      "  call void @gridsplit_grid_sync(), !dbg !8\n"
      "  br label %join, !dbg !8\n"
      "join:\n"
      "  call void @gridsplit_grid_sync(), !dbg !9\n"
      "  ret void, !dbg !9\n"
      "}\n"
      "!llvm.dbg.cu = !{!0}\n"
      "!llvm.module.flags = !{!3}\n"
      "!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: \"unit\","
      " isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)\n"
      "!1 = !DIFile(filename: \"div.cl\", directory: \"\")\n"
      "!3 = !{i32 2, !\"Debug Info Version\", i32 3}\n"
      "!4 = distinct !DISubprogram(name: \"div_dbg\", scope: !1, file: !1, line: 1, type: !5,"
      " scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)\n"
      "!5 = !DISubroutineType(types: !6)\n"
      "!6 = !{null}\n"
      "!7 = !DILocation(line: 3, column: 7, scope: !4)\n"
      "!8 = !DILocation(line: 4, column: 5, scope: !4)\n"
      "!9 = !DILocation(line: 6, column: 3, scope: !4)\n";
  char *msg = expect_error(ir, NULL);
  ASSERT_MENTIONS(msg, "div_dbg");
  ck_assert_msg(strstr(msg, "div.cl:3:7") || strstr(msg, "div.cl:4:5") || strstr(msg, "div.cl:6:3"),
                "error gives no file:line of the branch or a barrier: %s", msg);
  free(msg);
}
END_TEST

START_TEST(recursion_through_barrier) {
  static const char *const ir = SPIR_PRELUDE
      "define internal spir_func void @deep_phase(ptr addrspace(1) %p, i32 %d) {\n"
      "entry:\n"
      "  %z = icmp eq i32 %d, 0\n"
      "  br i1 %z, label %done, label %more\n"
      "more:\n"
      "  call void @gridsplit_grid_sync()\n"
      "  %d1 = sub i32 %d, 1\n"
      "  call spir_func void @deep_phase(ptr addrspace(1) %p, i32 %d1)\n"
      "  br label %done\n"
      "done:\n"
      "  ret void\n"
      "}\n"
      "define spir_kernel void @rec_kernel(ptr addrspace(1) %p, i32 %depth) {\n"
      "entry:\n"
      "  call spir_func void @deep_phase(ptr addrspace(1) %p, i32 %depth)\n"
      "  ret void\n"
      "}\n";
  char *msg = expect_error(ir, NULL);
  ck_assert_msg(strstr(msg, "deep_phase") || strstr(msg, "rec_kernel"),
                "error names neither the recursive function nor the kernel: %s", msg);
  free(msg);
}
END_TEST

START_TEST(indirect_call_to_barrier) {
  static const char *const ir = SPIR_PRELUDE
      "define internal spir_func void @phase_a() {\n"
      "entry:\n"
      "  call void @gridsplit_grid_sync()\n"
      "  ret void\n"
      "}\n"
      "define internal spir_func void @phase_b() {\n"
      "entry:\n"
      "  ret void\n"
      "}\n"
      "define spir_kernel void @indirect_k(ptr addrspace(1) %p, i32 %sel) {\n"
      "entry:\n"
      "  %c = icmp ne i32 %sel, 0\n"
      "  %f = select i1 %c, ptr @phase_a, ptr @phase_b\n"
      "  call spir_func void %f()\n"
      "  ret void\n"
      "}\n";
  char *msg = expect_error(ir, NULL);
  ASSERT_MENTIONS(msg, "indirect_k");
  free(msg);
}
END_TEST

START_TEST(module_without_kernels) {
  static const char *const ir = SPIR_PRELUDE
      "define spir_func void @helper(ptr addrspace(1) %p) {\n"
      "entry:\n"
      "  call void @gridsplit_grid_sync()\n"
      "  ret void\n"
      "}\n";
  char *msg = expect_error(ir, NULL);
  ASSERT_MENTIONS(msg, "kernel");
  free(msg);
}
END_TEST

START_TEST(missing_kernel_option) {
  gs_options *o = gs_options_create();
  ck_assert_ptr_null(gs_options_set_kernel(o, "no_such_kernel"));
  char *msg = expect_error(IR_BUMP, o);
  ASSERT_MENTIONS(msg, "no_such_kernel");
  free(msg);
  gs_options_dispose(o);
}
END_TEST

/* A kernel that analyses fine next to one that fails: the whole call fails. */
START_TEST(one_bad_kernel_fails_the_call) {
  static const char *const bad =
      "define spir_kernel void @bad_one(ptr addrspace(1) %x) {\n"
      "entry:\n"
      "  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)\n"
      "  %c = icmp ult i64 %gid, 16\n"
      "  br i1 %c, label %early, label %join\n"
      "early:\n"
      "  call void @gridsplit_grid_sync()\n"
      "  br label %join\n"
      "join:\n"
      "  call void @gridsplit_grid_sync()\n"
      "  ret void\n"
      "}\n";
  char *text = malloc(strlen(IR_BUMP) + strlen(bad) + 1);
  strcpy(text, IR_BUMP);
  strcat(text, bad);
  char *msg = expect_error(text, NULL);
  ASSERT_MENTIONS(msg, "bad_one");
  free(msg);
  /* Selecting the good kernel succeeds. */
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, text);
  gs_options *o = gs_options_create();
  ck_assert_ptr_null(gs_options_set_kernel(o, "bump"));
  gs_analysis *a = analyze_ok(m, o);
  ck_assert_uint_eq(gs_analysis_kernel_count(a), 1);
  ck_assert_str_eq(gs_kernel_name(a, 0), "bump");
  gs_analysis_dispose(a);
  gs_options_dispose(o);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  free(text);
}
END_TEST

Suite *suite_errors(void) {
  Suite *s = suite_create("errors");
  TCase *tc = tcase_create("errors");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, divergent_branch_on_global_id);
  tcase_add_test(tc, divergent_branch_through_alloca);
  tcase_add_test(tc, divergent_loop_trip_count);
  tcase_add_test(tc, divergent_after_inlining);
  tcase_add_test(tc, divergent_branch_on_value_loaded_at_id);
  tcase_add_test(tc, divergent_branch_on_group_id);
  tcase_add_test(tc, divergent_error_has_location);
  tcase_add_test(tc, recursion_through_barrier);
  tcase_add_test(tc, indirect_call_to_barrier);
  tcase_add_test(tc, module_without_kernels);
  tcase_add_test(tc, missing_kernel_option);
  tcase_add_test(tc, one_bad_kernel_fails_the_call);
  suite_add_tcase(s, tc);
  return s;
}
