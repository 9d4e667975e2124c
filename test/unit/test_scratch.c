/* The split's scratch module (lib/scratch.cpp), an internal part tested on
 * its own: kernels move into the copy only where the copy cannot tell them
 * from copies, and come back as they were. The reference is LLVM's own
 * LLVMCloneModule of the same module, which shares no code with the move. */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>

#include "gs.h"
#include "unit.h"

#define MOVED 1
#define COPIED 0

/* Kernels (spir_kernel functions) of M in order, at most 8. */
static size_t kernels_of(LLVMModuleRef m, LLVMValueRef *out) {
  size_t n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f && n < 8; f = LLVMGetNextFunction(f))
    if (LLVMGetFunctionCallConv(f) == LLVMSPIRKERNELCallConv && LLVMCountBasicBlocks(f))
      out[n++] = f;
  return n;
}

/* IR's kernels move (or not) as EXPECT says, one entry per kernel; the copy
 * prints as LLVM's clone does and verifies; M prints as before once they
 * are back. */
static void check_scratch(const char *what, const char *ir, const int *expect, size_t n) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, ir);
  char *before = module_text(m);
  LLVMModuleRef ref = LLVMCloneModule(m);
  char *ref_text = module_text(ref);
  LLVMValueRef ks[8];
  ck_assert_uint_eq(kernels_of(m, ks), n);
  gs_scratch *s = NULL;
  LLVMModuleRef c = scratch_copy(m, ks, n, &s);
  int any = 0;
  for (size_t i = 0; i < n; i++) {
    LLVMModuleRef home = LLVMGetGlobalParent(ks[i]);
    ck_assert_msg(home == (expect[i] ? c : m), "%s: kernel %zu %s", what, i,
                  expect[i] ? "stayed" : "moved");
    any |= expect[i];
  }
  ck_assert_msg((s != NULL) == any, "%s: scratch record", what);
  char *c_text = module_text(c);
  ck_assert_msg(!strcmp(c_text, ref_text), "%s: the copy differs from a clone:\n%s\n---\n%s", what,
                c_text, ref_text);
  char *msg = NULL;
  ck_assert_msg(!LLVMVerifyModule(c, LLVMReturnStatusAction, &msg), "%s: %s", what, msg);
  LLVMDisposeMessage(msg);
  ck_assert_ptr_null(scratch_restore(m, s));
  for (size_t i = 0; i < n; i++)
    ck_assert_ptr_eq(LLVMGetGlobalParent(ks[i]), m);
  char *after = module_text(m);
  ck_assert_msg(!strcmp(before, after), "%s: M changed:\n%s\n---\n%s", what, before, after);
  free(before);
  free(after);
  free(ref_text);
  free(c_text);
  LLVMDisposeModule(c);
  LLVMDisposeModule(ref);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}

/* Two kernels around a helper, naming globals through constant
 * expressions and aggregates, with uniqued metadata on instructions and on
 * the kernel: both move, each back to its place. */
static const char *const IR_TWO = SPIR_PRELUDE
    "%pair = type { ptr addrspace(1), i32 }\n"
    "@arr = addrspace(1) global [4 x i32] zeroinitializer, align 4\n"
    "@slot = addrspace(1) global %pair zeroinitializer, align 8\n"
    "define spir_kernel void @first(ptr addrspace(1) %out) !kernel_arg_addr_space !0 {\n"
    "entry:\n"
    "  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)\n"
    "  %v = load i32, ptr addrspace(1) getelementptr inbounds ([4 x i32], ptr addrspace(1) "
    "@arr, i64 0, i64 2), align 4, !tbaa !1\n"
    "  %g = addrspacecast ptr addrspace(1) @arr to ptr addrspace(4)\n"
    "  call void @gridsplit_grid_sync()\n"
    "  store %pair { ptr addrspace(1) getelementptr inbounds ([4 x i32], ptr addrspace(1) "
    "@arr, i64 0, i64 1), i32 7 }, ptr addrspace(1) @slot, align 8\n"
    "  %w = call spir_func i32 @helper(i32 %v)\n"
    "  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %gid\n"
    "  store i32 %w, ptr addrspace(1) %p, align 4, !tbaa !1\n"
    "  ret void\n"
    "}\n"
    "define internal spir_func i32 @helper(i32 %x) {\n"
    "  %y = mul i32 %x, 3\n"
    "  ret i32 %y\n"
    "}\n"
    "define spir_kernel void @second(ptr addrspace(1) %out) {\n"
    "entry:\n"
    "  %v = load i32, ptr addrspace(1) @arr, align 4\n"
    "  call void @gridsplit_grid_sync()\n"
    "  store i32 %v, ptr addrspace(1) %out, align 4\n"
    "  ret void\n"
    "}\n"
    "!0 = !{i32 1}\n"
    "!1 = !{!2, !2, i64 0}\n"
    "!2 = !{!\"int\", !3, i64 0}\n"
    "!3 = !{!\"omnipotent char\", !4, i64 0}\n"
    "!4 = !{!\"Simple C++ TBAA\"}\n";

START_TEST(scratch_moves_kernels) {
  static const int two[] = {MOVED, MOVED};
  check_scratch("two kernels", IR_TWO, two, 2);
  static const int one[] = {MOVED};
  check_scratch("globals", IR_GLOBALS, one, 1);
  check_scratch("stencil", IR_STENCIL, one, 1);
}
END_TEST

/* What a copy would show: each keeps the kernel in M and copies it. */
START_TEST(scratch_copies_what_would_show) {
  static const char *const cases[][2] = {
      {"an alloca (prepare promotes it)", "define spir_kernel void @k(ptr addrspace(1) %o) {\n"
                                          "  %a = alloca i32, align 4\n"
                                          "  store i32 1, ptr %a, align 4\n"
                                          "  call void @gridsplit_grid_sync()\n"
                                          "  %v = load i32, ptr %a, align 4\n"
                                          "  store i32 %v, ptr addrspace(1) %o, align 4\n"
                                          "  ret void\n"
                                          "}\n"},
      {"a byval argument (prepare copies it)",
       "%s = type { i32, i32 }\n"
       "define spir_kernel void @k(ptr addrspace(1) %o, ptr byval(%s) %v) {\n"
       "  %x = load i32, ptr %v, align 4\n"
       "  call void @gridsplit_grid_sync()\n"
       "  store i32 %x, ptr addrspace(1) %o, align 4\n"
       "  ret void\n"
       "}\n"},
      {"a use of the kernel", "@ref = addrspace(1) global ptr @k\n"
                              "define spir_kernel void @k(ptr addrspace(1) %o) {\n"
                              "  call void @gridsplit_grid_sync()\n"
                              "  store i32 1, ptr addrspace(1) %o, align 4\n"
                              "  ret void\n"
                              "}\n"},
      {"metadata naming the kernel", "define spir_kernel void @k(ptr addrspace(1) %o) {\n"
                                     "  call void @gridsplit_grid_sync()\n"
                                     "  store i32 1, ptr addrspace(1) %o, align 4\n"
                                     "  ret void\n"
                                     "}\n"
                                     "!annotations = !{!0}\n"
                                     "!0 = !{ptr @k, !\"kernel\", i32 1}\n"},
      {"distinct metadata on an instruction", "define spir_kernel void @k(ptr addrspace(1) %o) {\n"
                                              "entry:\n"
                                              "  call void @gridsplit_grid_sync()\n"
                                              "  br label %next, !llvm.loop !0\n"
                                              "next:\n"
                                              "  store i32 1, ptr addrspace(1) %o, align 4\n"
                                              "  ret void\n"
                                              "}\n"
                                              "!0 = distinct !{!0}\n"},
      {"metadata naming a global", "@g = addrspace(1) global i32 0\n"
                                   "define spir_kernel void @k(ptr addrspace(1) %o) {\n"
                                   "  call void @gridsplit_grid_sync()\n"
                                   "  store i32 1, ptr addrspace(1) %o, align 4, !note !0\n"
                                   "  ret void\n"
                                   "}\n"
                                   "!0 = !{ptr addrspace(1) @g}\n"},
      {"a comdat", "$k = comdat any\n"
                   "define spir_kernel void @k(ptr addrspace(1) %o) comdat {\n"
                   "  call void @gridsplit_grid_sync()\n"
                   "  store i32 1, ptr addrspace(1) %o, align 4\n"
                   "  ret void\n"
                   "}\n"},
      {"debug information",
       "define spir_kernel void @k(ptr addrspace(1) %o) !dbg !4 {\n"
       "  call void @gridsplit_grid_sync(), !dbg !6\n"
       "  store i32 1, ptr addrspace(1) %o, align 4, !dbg !6\n"
       "  ret void, !dbg !6\n"
       "}\n"
       "!llvm.dbg.cu = !{!0}\n"
       "!llvm.module.flags = !{!3}\n"
       "!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: \"t\", "
       "isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !2)\n"
       "!1 = !DIFile(filename: \"k.cl\", directory: \"/t\")\n"
       "!2 = !{}\n"
       "!3 = !{i32 2, !\"Debug Info Version\", i32 3}\n"
       "!4 = distinct !DISubprogram(name: \"k\", scope: !1, file: !1, line: 1, type: !5, "
       "scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, "
       "retainedNodes: !2)\n"
       "!5 = !DISubroutineType(types: !2)\n"
       "!6 = !DILocation(line: 2, column: 3, scope: !4)\n"},
  };
  static const int copied[] = {COPIED};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    size_t len = strlen(SPIR_PRELUDE) + strlen(cases[i][1]) + 1;
    char *ir = malloc(len);
    strcpy(ir, SPIR_PRELUDE);
    strcat(ir, cases[i][1]);
    check_scratch(cases[i][0], ir, copied, 1);
    free(ir);
  }
}
END_TEST

/* A moved kernel that changed in the copy is an internal error, named. */
START_TEST(scratch_restore_notices_change) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, IR_GLOBALS);
  LLVMValueRef k;
  ck_assert_uint_eq(kernels_of(m, &k), 1);
  gs_scratch *s = NULL;
  LLVMModuleRef c = scratch_copy(m, &k, 1, &s);
  ck_assert_ptr_eq(LLVMGetGlobalParent(k), c);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(k)));
  LLVMBuildAlloca(b, LLVMInt32TypeInContext(ctx), "extra");
  LLVMDisposeBuilder(b);
  char *msg = scratch_restore(m, s);
  ck_assert_ptr_nonnull(msg);
  ck_assert_msg(strstr(msg, "changed") != NULL, "%s", msg);
  ck_assert_ptr_eq(LLVMGetGlobalParent(k), m);
  free(msg);
  LLVMDisposeModule(c);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}
END_TEST

Suite *suite_scratch(void) {
  Suite *s = suite_create("scratch");
  TCase *tc = tcase_create("scratch");
  tcase_add_test(tc, scratch_moves_kernels);
  tcase_add_test(tc, scratch_copies_what_would_show);
  tcase_add_test(tc, scratch_restore_notices_change);
  suite_add_tcase(s, tc);
  return s;
}
