/* Unit tests of the split and emission C API (split.h, emit.h): the segment
 * kernels appear in the caller's module, the module is untouched on error,
 * the live state is laid out as docs/split.md says, and emission works into
 * memory. Expectations come from SPEC sections 2, 4, 6 and docs/split.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>

#include "unit.h"

/* Two barriers in a uniform loop: the loop counter is carried, once per grid
 * (it is the same in every invocation), in two copies in the header (the
 * schedule is dynamic); no status word (no invocation returns early). */
START_TEST(split_stencil_segments_and_state) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, IR_STENCIL);
  gs_analysis *a = NULL;
  gs_error *e = gs_split_module(m, NULL, &a);
  ck_assert_msg(e == NULL, "%s", e ? gs_error_message(e) : "");
  ck_assert_uint_eq(gs_analysis_kernel_count(a), 1);
  ck_assert_int_eq(gs_kernel_schedule(a, 0), GS_SCHEDULE_DYNAMIC);
  /* the kernel's 3 arguments, then the live state, then the control word */
  ck_assert_int_eq(gs_kernel_live_state_arg(a, 0), 3);
  ck_assert_int_eq(gs_kernel_control_arg(a, 0), 4);
  ck_assert_uint_eq(gs_kernel_live_bytes(a, 0), 0);
  ck_assert_uint_eq(gs_kernel_live_header_bytes(a, 0), 16);
  for (int s = 0; s < 3; s++) {
    char name[32];
    snprintf(name, sizeof name, "stencil.seg%d", s);
    LLVMValueRef f = LLVMGetNamedFunction(m, name);
    ck_assert_msg(f != NULL, "no %s", name);
    ck_assert_uint_eq(LLVMCountParams(f), 5);
    ck_assert_uint_eq(LLVMGetFunctionCallConv(f), LLVMSPIRKERNELCallConv);
  }
  /* the original stays (keep-original defaults to true) */
  ck_assert_ptr_nonnull(LLVMGetNamedFunction(m, "stencil"));
  char *msg = NULL;
  ck_assert_msg(!LLVMVerifyModule(m, LLVMReturnStatusAction, &msg), "%s", msg);
  LLVMDisposeMessage(msg);
  gs_analysis_dispose(a);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}
END_TEST

/* keep-original=false leaves only the segments. */
/* With virtual workgroups the six u32 arguments follow the live state and
 * the control word: the stencil's 3 arguments, live state (3), control (4),
 * then the counts from 5; without them there are none. The earlier name of
 * the query gives the same. */
START_TEST(split_virtual_workgroups_args) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, IR_STENCIL);
  gs_options *opts = gs_options_create();
  gs_options_set_virtual_workgroups(opts, 1);
  gs_analysis *a = NULL;
  gs_error *e = gs_split_module(m, opts, &a);
  ck_assert_msg(e == NULL, "%s", e ? gs_error_message(e) : "");
  ck_assert_int_eq(gs_kernel_virtual_workgroups_arg(a, 0), 5);
  ck_assert_int_eq(gs_kernel_virtual_groups_arg(a, 0), 5);
  LLVMValueRef seg = LLVMGetNamedFunction(m, "stencil.seg0");
  ck_assert_ptr_nonnull(seg);
  ck_assert_uint_eq(LLVMCountParams(seg), 11);
  gs_analysis_dispose(a);
  gs_options_set_virtual_workgroups(opts, 0);
  LLVMModuleRef m2 = parse_ir(ctx, IR_STENCIL);
  e = gs_split_module(m2, opts, &a);
  ck_assert_msg(e == NULL, "%s", e ? gs_error_message(e) : "");
  ck_assert_int_eq(gs_kernel_virtual_workgroups_arg(a, 0), -1);
  gs_analysis_dispose(a);
  gs_options_dispose(opts);
  LLVMDisposeModule(m);
  LLVMDisposeModule(m2);
  LLVMContextDispose(ctx);
}
END_TEST

START_TEST(split_drops_original) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, IR_HISTOGRAM);
  gs_options *o = gs_options_create();
  gs_options_set_keep_original(o, 0);
  gs_analysis *a = NULL;
  gs_error *e = gs_split_module(m, o, &a);
  ck_assert_msg(e == NULL, "%s", e ? gs_error_message(e) : "");
  ck_assert_ptr_null(LLVMGetNamedFunction(m, "histogram"));
  ck_assert_ptr_nonnull(LLVMGetNamedFunction(m, "histogram.seg0"));
  ck_assert_ptr_nonnull(LLVMGetNamedFunction(m, "histogram.seg1"));
  gs_analysis_dispose(a);
  gs_options_dispose(o);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}
END_TEST

/* A token live across a barrier: an error, and the module as it was. */
START_TEST(split_error_leaves_module) {
  const char *ir = SPIR_PRELUDE
      "declare token @llvm.experimental.convergence.anchor()\n"
      "define spir_kernel void @tok(ptr addrspace(1) %out) {\n"
      "entry:\n"
      "  %t = call token @llvm.experimental.convergence.anchor()\n"
      "  call void @gridsplit_grid_sync()\n"
      "  call void @use(token %t)\n"
      "  ret void\n"
      "}\n"
      "declare void @use(token)\n";
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, ir);
  char *before = module_text(m);
  gs_analysis *a = (gs_analysis *)1;
  gs_error *e = gs_split_module(m, NULL, &a);
  ck_assert_ptr_nonnull(e);
  ck_assert_ptr_null(a);
  ck_assert_msg(strstr(gs_error_message(e), "tok") && strstr(gs_error_message(e), "token"),
                "%s", gs_error_message(e));
  char *after = module_text(m);
  ck_assert_str_eq(before, after);
  free(before);
  free(after);
  gs_error_dispose(e);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}
END_TEST

/* Emission into memory: IR text, and the unknown-target error. */
START_TEST(emit_into_memory) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, IR_HISTOGRAM);
  gs_analysis *a = NULL;
  gs_error *e = gs_split_module(m, NULL, &a);
  ck_assert_msg(e == NULL, "%s", e ? gs_error_message(e) : "");
  char *data = NULL;
  size_t size = 0;
  e = gs_emit(m, GS_TARGET_IR, NULL, &data, &size);
  ck_assert_msg(e == NULL, "%s", e ? gs_error_message(e) : "");
  ck_assert_uint_eq(size, strlen(data));
  ck_assert_ptr_nonnull(strstr(data, "define spir_kernel void @histogram.seg1("));
  gs_dispose_string(data);
  /* a SPIR module is not an NVPTX one: an error, no data */
  e = gs_emit(m, GS_TARGET_NVPTX, NULL, &data, &size);
  ck_assert_ptr_nonnull(e);
  ck_assert_ptr_null(data);
  ck_assert_ptr_nonnull(strstr(gs_error_message(e), "nvptx"));
  gs_error_dispose(e);
  gs_target_kind kind;
  e = gs_target_parse("riscv", &kind);
  ck_assert_ptr_nonnull(e);
  ck_assert_ptr_nonnull(strstr(gs_error_message(e), "riscv"));
  gs_error_dispose(e);
  ck_assert_ptr_null(gs_target_parse("amdgcn", &kind));
  ck_assert_int_eq(kind, GS_TARGET_AMDGCN);
  ck_assert_str_eq(gs_target_extension(kind), ".hsaco");
  /* what the target descriptions say of each kind (docs/targets.md) */
  static const gs_target_kind kinds[] = {GS_TARGET_IR, GS_TARGET_SPIRV, GS_TARGET_AMDGCN,
                                         GS_TARGET_NVPTX};
  static const char *const triples[] = {"spir64-unknown-unknown", "spir64-unknown-unknown",
                                        "amdgcn-amd-amdhsa", "nvptx64-nvidia-cuda"};
  for (int i = 0; i < 4; i++) {
    ck_assert_str_eq(gs_target_triple(kinds[i]), triples[i]);
    ck_assert_int_eq(gs_target_takes_mcpu(kinds[i]), i >= 2);
    ck_assert_int_eq(gs_target_accepts_opencl_c(kinds[i]), i < 2);
  }
  ck_assert_str_eq(gs_target_triple((gs_target_kind)7), "");
  ck_assert_int_eq(gs_target_takes_mcpu((gs_target_kind)7), 0);
  gs_analysis_dispose(a);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}
END_TEST

extern int qsort_null_arrays; /* unit/qsort_probe.c */

/* A segment that ends in `unreachable` has no successor: the segment walk
 * sorted an empty list of successors, whose storage is a null pointer. */
START_TEST(split_segment_ends_unreachable) {
  static const char *const ir = SPIR_PRELUDE
      "define spir_kernel void @stop(ptr addrspace(1) %p, i32 %n) {\n"
      "entry:\n"
      "  store i32 1, ptr addrspace(1) %p\n"
      "  call void @gridsplit_grid_sync()\n"
      "  store i32 2, ptr addrspace(1) %p\n"
      "  unreachable\n"
      "}\n";
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = parse_ir(ctx, ir);
  gs_analysis *a = NULL;
  gs_error *e = gs_split_module(m, NULL, &a);
  ck_assert_msg(e == NULL, "%s", e ? gs_error_message(e) : "");
  ck_assert_int_eq(qsort_null_arrays, 0);
  ck_assert_uint_eq(gs_segment_successor_count(a, 0, 1), 0);
  ck_assert_uint_eq(gs_segment_successor_count(a, 0, 0), 1);
  gs_analysis_dispose(a);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
}
END_TEST

/* The split computes a kernel's segments, uniformity and access once when
 * nothing changes the kernel between the analysis and the split (no alloca
 * to promote, no struct to copy), and again otherwise: both ways must give
 * the same segments and plan. An unrelated function holding an alloca makes
 * the split take the second way for the same kernels. Two kernels with
 * barriers (the second always takes the second way), a helper that is not
 * inlined, an early return, a barrier in a uniform loop and a workgroup
 * barrier. */
static const char *const IR_TWO_KERNELS = SPIR_PRELUDE
    "define internal spir_func float @scale(float %v) noinline {\n"
    "  %r = fmul float %v, 2.5\n"
    "  ret float %r\n"
    "}\n"
    "define spir_kernel void @first(ptr addrspace(1) %x, ptr addrspace(1) %y, i32 %n) {\n"
    "entry:\n"
    "  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)\n"
    "  %n64 = zext i32 %n to i64\n"
    "  %out = icmp uge i64 %gid, %n64\n"
    "  br i1 %out, label %done, label %body\n"
    "body:\n"
    "  %py = getelementptr inbounds float, ptr addrspace(1) %y, i64 %gid\n"
    "  %vy = load float, ptr addrspace(1) %py, align 4\n"
    "  %s = call spir_func float @scale(float %vy)\n"
    "  %px = getelementptr inbounds float, ptr addrspace(1) %x, i64 %gid\n"
    "  store float %s, ptr addrspace(1) %px, align 4\n"
    "  call void @gridsplit_grid_sync()\n"
    "  br label %loop\n"
    "loop:\n"
    "  %i = phi i32 [ 0, %body ], [ %i1, %loop ]\n"
    "  %acc = phi float [ %s, %body ], [ %acc1, %loop ]\n"
    "  %nb = add i64 %gid, 1\n"
    "  %nm = urem i64 %nb, %n64\n"
    "  %pn = getelementptr inbounds float, ptr addrspace(1) %x, i64 %nm\n"
    "  %vn = load float, ptr addrspace(1) %pn, align 4\n"
    "  %acc1 = fadd float %acc, %vn\n"
    "  call void @gridsplit_grid_sync()\n"
    "  store float %acc1, ptr addrspace(1) %px, align 4\n"
    "  call spir_func void @_Z7barrierj(i32 1)\n"
    "  %i1 = add i32 %i, 1\n"
    "  %more = icmp slt i32 %i1, %n\n"
    "  br i1 %more, label %loop, label %done\n"
    "done:\n"
    "  ret void\n"
    "}\n"
    "define spir_kernel void @second(ptr addrspace(1) %z, i32 %n) {\n"
    "entry:\n"
    "  %gid = call spir_func i64 @_Z13get_global_idj(i32 0)\n"
    "  %pz = getelementptr inbounds i32, ptr addrspace(1) %z, i64 %gid\n"
    "  %v = load i32, ptr addrspace(1) %pz, align 4\n"
    "  %w = mul i32 %v, %n\n"
    "  call void @gridsplit_grid_sync()\n"
    "  store i32 %w, ptr addrspace(1) %pz, align 4\n"
    "  ret void\n"
    "}\n";

/* every segment function of A's kernels in M, and the plan, as text */
static char *split_text(LLVMModuleRef m, const gs_analysis *a) {
  size_t len = 0;
  char *text = gs_plan_json(a, "m");
  len = strlen(text);
  for (size_t k = 0; k < gs_analysis_kernel_count(a); k++) {
    for (size_t s = 0; gs_kernel_barrier_count(a, k) && s < gs_kernel_segment_count(a, k); s++) {
      char name[64];
      snprintf(name, sizeof name, "%s.seg%zu", gs_kernel_name(a, k), s);
      LLVMValueRef f = LLVMGetNamedFunction(m, name);
      ck_assert_msg(f != NULL, "no %s", name);
      char *fn = LLVMPrintValueToString(f);
      text = realloc(text, len + strlen(fn) + 1);
      memcpy(text + len, fn, strlen(fn) + 1);
      len += strlen(fn);
      LLVMDisposeMessage(fn);
    }
  }
  return text;
}

START_TEST(split_analysis_reused_or_recomputed) {
  const char *const kernels[] = {IR_TWO_KERNELS, IR_STENCIL, IR_BUMP, IR_HISTOGRAM,
                                 IR_CALLER,      IR_GLOBALS, IR_DEBUG};
  static const char *const unrelated = "define spir_func i32 @unrelated(i32 %v) {\n"
                                       "  %a = alloca i32, align 4\n"
                                       "  store i32 %v, ptr %a, align 4\n"
                                       "  %r = load i32, ptr %a, align 4\n"
                                       "  ret i32 %r\n"
                                       "}\n";
  for (size_t i = 0; i < sizeof kernels / sizeof *kernels; i++) {
    for (int vw = 0; vw < 2; vw++) {
      char *texts[2];
      for (int with_alloca = 0; with_alloca < 2; with_alloca++) {
        size_t n = strlen(kernels[i]) + strlen(unrelated) + 1;
        char *ir = malloc(n);
        snprintf(ir, n, "%s%s", kernels[i], with_alloca ? unrelated : "");
        LLVMContextRef ctx = LLVMContextCreate();
        LLVMModuleRef m = parse_ir(ctx, ir);
        gs_options *opts = gs_options_create();
        gs_options_set_virtual_workgroups(opts, vw);
        gs_analysis *a = NULL;
        gs_error *e = gs_split_module(m, opts, &a);
        ck_assert_msg(e == NULL, "kernel %zu: %s", i, e ? gs_error_message(e) : "");
        texts[with_alloca] = split_text(m, a);
        gs_analysis_dispose(a);
        gs_options_dispose(opts);
        LLVMDisposeModule(m);
        LLVMContextDispose(ctx);
        free(ir);
      }
      ck_assert_msg(!strcmp(texts[0], texts[1]), "kernel %zu, virtual workgroups %d:\n%s\n---\n%s",
                    i, vw, texts[0], texts[1]);
      free(texts[0]);
      free(texts[1]);
    }
  }
}
END_TEST

Suite *suite_split(void) {
  Suite *s = suite_create("split");
  TCase *tc = tcase_create("split");
  tcase_add_test(tc, split_stencil_segments_and_state);
  tcase_add_test(tc, split_virtual_workgroups_args);
  tcase_add_test(tc, split_drops_original);
  tcase_add_test(tc, split_error_leaves_module);
  tcase_add_test(tc, emit_into_memory);
  tcase_add_test(tc, split_segment_ends_unreachable);
  tcase_add_test(tc, split_analysis_reused_or_recomputed);
  suite_add_tcase(s, tc);
  return s;
}
