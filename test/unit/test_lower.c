/* Unit tests of the lowering C API (include/gridsplit/lower.h): a program
 * made with the builder lowers to a kernel per target with the arguments,
 * attributes and metadata the header and docs/programs.md describe, the
 * kernel splits like any other, and misuse is an error value. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/IRReader.h>

#include "gridsplit/lower.h"
#include "unit.h"

/* program hist; workgroup_size 32;
 * buffer bins: readwrite u32[16] @0 output;
 * buffer data: read u32[?] @1;
 * buffer out:  write u32[16] @2 output;
 * buffer tile: workgroup u32[32];
 * kernel {
 *   let i = global_id(0);
 *   if i < len(data) { atomic_add(bins, data[i] & 15, 1); }
 *   tile[local_id(0)] = i;
 *   grid_barrier;
 *   if i < 16 { out[i] = bins[i]; }
 * } */
static gs_program *histogram_program(void) {
  gs_program *p = gs_program_create("hist");
  gs_program_set_workgroup_size(p, 32, 1, 1);
  gs_program_add_buffer(p, "bins", 0, GS_TYPE_U32, 16, GS_ACCESS_READWRITE, 1);
  gs_program_add_buffer(p, "data", 1, GS_TYPE_U32, 0, GS_ACCESS_READ, 0);
  gs_program_add_buffer(p, "out", 2, GS_TYPE_U32, 16, GS_ACCESS_WRITE, 1);
  gs_program_add_buffer(p, "tile", -1, GS_TYPE_U32, 32, GS_ACCESS_WORKGROUP, 0);
  gs_program_append(p, gs_stmt_let(p, "i", GS_TYPE_NONE, gs_expr_id(p, GS_ID_GLOBAL_ID, 0)));
  gs_stmt *then1 = gs_stmt_block(p);
  gs_expr *slot = gs_expr_binary(p, GS_BIN_AND, gs_expr_load(p, "data", gs_expr_var(p, "i")),
                                 gs_expr_uint(p, GS_TYPE_NONE, 15));
  gs_block_append(p, then1,
                  gs_stmt_eval(p, gs_expr_atomic(p, GS_ATOMIC_ADD, "bins", slot,
                                                 gs_expr_uint(p, GS_TYPE_NONE, 1))));
  gs_program_append(p, gs_stmt_if(p, gs_expr_binary(p, GS_BIN_LT, gs_expr_var(p, "i"),
                                                    gs_expr_len(p, "data")),
                                  then1, NULL));
  gs_program_append(p, gs_stmt_store(p, "tile", gs_expr_id(p, GS_ID_LOCAL_ID, 0),
                                     gs_expr_var(p, "i")));
  gs_program_append(p, gs_stmt_grid_barrier(p));
  gs_stmt *then2 = gs_stmt_block(p);
  gs_block_append(p, then2, gs_stmt_store(p, "out", gs_expr_var(p, "i"),
                                          gs_expr_load(p, "bins", gs_expr_var(p, "i"))));
  gs_program_append(p, gs_stmt_if(p, gs_expr_binary(p, GS_BIN_LT, gs_expr_var(p, "i"),
                                                    gs_expr_uint(p, GS_TYPE_NONE, 16)),
                                  then2, NULL));
  gs_error *e = gs_program_check(p);
  ck_assert_msg(e == NULL, "%s", e ? gs_error_message(e) : "");
  return p;
}

static int has_attr(LLVMValueRef fn, unsigned arg, const char *name) {
  unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
  return kind && LLVMGetEnumAttributeAtIndex(fn, arg + 1, kind) != NULL;
}

static int no_capture(LLVMValueRef fn, unsigned arg) {
  return has_attr(fn, arg, "nocapture") || has_attr(fn, arg, "captures");
}

static const char *param_name(LLVMValueRef fn, unsigned i) {
  size_t len;
  return LLVMGetValueName2(LLVMGetParam(fn, i), &len);
}

/* The function metadata of KIND on FN as a value, or NULL. */
static LLVMValueRef function_md(LLVMValueRef fn, const char *kind) {
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  unsigned id = LLVMGetMDKindIDInContext(ctx, kind, (unsigned)strlen(kind));
  size_t n = 0;
  LLVMValueMetadataEntry *e = LLVMGlobalCopyAllMetadata(fn, &n);
  LLVMValueRef v = NULL;
  for (size_t i = 0; i < n; i++)
    if (LLVMValueMetadataEntriesGetKind(e, (unsigned)i) == id)
      v = LLVMMetadataAsValue(ctx, LLVMValueMetadataEntriesGetMetadata(e, (unsigned)i));
  if (e)
    LLVMDisposeValueMetadataEntries(e);
  return v;
}

static LLVMModuleRef lower_ok(const gs_program *p, LLVMContextRef ctx, gs_target_kind kind) {
  LLVMModuleRef m = NULL;
  gs_error *e = gs_program_lower(p, ctx, kind, &m);
  ck_assert_msg(e == NULL, "%s", e ? gs_error_message(e) : "");
  ck_assert_ptr_nonnull(m);
  char *msg = NULL;
  ck_assert_msg(!LLVMVerifyModule(m, LLVMReturnStatusAction, &msg), "%s", msg);
  LLVMDisposeMessage(msg);
  return m;
}

/* Arguments in binding order, then data_len; access as attributes, never
 * noalias; the workgroup buffer a global in the workgroup space. */
START_TEST(lower_spir64_kernel) {
  gs_program *p = histogram_program();
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = lower_ok(p, ctx, GS_TARGET_IR);
  ck_assert_str_eq(LLVMGetTarget(m), "spir64-unknown-unknown");
  LLVMValueRef fn = LLVMGetNamedFunction(m, "hist");
  ck_assert_ptr_nonnull(fn);
  ck_assert_uint_eq(LLVMGetFunctionCallConv(fn), LLVMSPIRKERNELCallConv);
  ck_assert_uint_eq(LLVMCountParams(fn), 4);
  ck_assert_str_eq(param_name(fn, 0), "bins");
  ck_assert_str_eq(param_name(fn, 1), "data");
  ck_assert_str_eq(param_name(fn, 2), "out");
  ck_assert_str_eq(param_name(fn, 3), "data_len");
  for (unsigned i = 0; i < 3; i++) {
    LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(fn, i));
    ck_assert_int_eq(LLVMGetTypeKind(t), LLVMPointerTypeKind);
    ck_assert_uint_eq(LLVMGetPointerAddressSpace(t), 1);
    ck_assert(no_capture(fn, i));
    ck_assert(!has_attr(fn, i, "noalias"));
  }
  ck_assert(!has_attr(fn, 0, "readonly") && !has_attr(fn, 0, "writeonly"));
  ck_assert(has_attr(fn, 1, "readonly"));
  ck_assert(has_attr(fn, 2, "writeonly"));
  LLVMTypeRef len = LLVMTypeOf(LLVMGetParam(fn, 3));
  ck_assert_int_eq(LLVMGetTypeKind(len), LLVMIntegerTypeKind);
  ck_assert_uint_eq(LLVMGetIntTypeWidth(len), 32);
  LLVMValueRef tile = LLVMGetNamedGlobal(m, "tile");
  ck_assert_ptr_nonnull(tile);
  ck_assert_uint_eq(LLVMGetPointerAddressSpace(LLVMTypeOf(tile)), 3);
  ck_assert_int_eq(LLVMGetLinkage(tile), LLVMInternalLinkage);
  /* the grid barrier is the canonical call, declared once */
  LLVMValueRef sync = LLVMGetNamedFunction(m, "gridsplit_grid_sync");
  ck_assert_ptr_nonnull(sync);
  ck_assert_uint_eq(LLVMCountBasicBlocks(sync), 0);
  /* the workgroup size, as clang gives reqd_work_group_size */
  LLVMValueRef wg = function_md(fn, "reqd_work_group_size");
  ck_assert_ptr_nonnull(wg);
  ck_assert_uint_eq(LLVMGetMDNodeNumOperands(wg), 3);
  LLVMValueRef ops[3];
  LLVMGetMDNodeOperands(wg, ops);
  ck_assert_int_eq(LLVMConstIntGetZExtValue(ops[0]), 32);
  ck_assert_int_eq(LLVMConstIntGetZExtValue(ops[1]), 1);
  /* the output flags: the arguments bins (0) and out (2) */
  LLVMValueRef outs = function_md(fn, "gridsplit.outputs");
  ck_assert_ptr_nonnull(outs);
  ck_assert_uint_eq(LLVMGetMDNodeNumOperands(outs), 2);
  LLVMGetMDNodeOperands(outs, ops);
  ck_assert_int_eq(LLVMConstIntGetZExtValue(ops[0]), 0);
  ck_assert_int_eq(LLVMConstIntGetZExtValue(ops[1]), 2);
  /* the program's file is the module's */
  size_t n;
  ck_assert_str_eq(LLVMGetModuleIdentifier(m, &n), "<program>");
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  gs_program_dispose(p);
}
END_TEST

/* The lowered kernel splits like any other: two segments, the atomic
 * histogram accumulates in segment 0, out is written in segment 1. */
START_TEST(lower_then_split) {
  gs_program *p = histogram_program();
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = lower_ok(p, ctx, GS_TARGET_IR);
  gs_analysis *a = NULL;
  gs_error *e = gs_split_module(m, NULL, &a);
  ck_assert_msg(e == NULL, "%s", e ? gs_error_message(e) : "");
  size_t k = find_kernel(a, "hist");
  expect_kernel(a, k, 1, GS_SCHEDULE_STATIC);
  expect_buffer(a, k, "bins", 0, GS_SPACE_GLOBAL, 1, 1);
  expect_buffer(a, k, "data", 1, GS_SPACE_GLOBAL, 1, 0);
  expect_buffer(a, k, "out", 2, GS_SPACE_GLOBAL, 0, 1);
  expect_access(a, k, 0, "bins", GS_ROLE_ACCUMULATE, 0, 0, 1);
  expect_access(a, k, 0, "data", GS_ROLE_READ, 1, 0, 0);
  expect_access(a, k, 1, "bins", GS_ROLE_READ, 1, 0, 0);
  expect_access(a, k, 1, "out", GS_ROLE_WRITE, 0, 1, 0);
  ck_assert_ptr_nonnull(LLVMGetNamedFunction(m, "hist.seg0"));
  ck_assert_ptr_nonnull(LLVMGetNamedFunction(m, "hist.seg1"));
  gs_analysis_dispose(a);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  gs_program_dispose(p);
}
END_TEST

/* AMDGPU and NVPTX: their kernel conventions and triples; uniform buffers
 * in AMDGPU's constant space, in global memory for PTX. */
START_TEST(lower_amdgcn_nvptx) {
  gs_program *p = histogram_program();
  gs_program_add_buffer(p, "k", 3, GS_TYPE_I32, 1, GS_ACCESS_UNIFORM, 0);
  ck_assert_ptr_null(gs_program_check(p));
  struct {
    gs_target_kind kind;
    const char *triple;
    unsigned cc, uniform_space;
  } t[] = {{GS_TARGET_AMDGCN, "amdgcn-amd-amdhsa", LLVMAMDGPUKERNELCallConv, 4},
           {GS_TARGET_NVPTX, "nvptx64-nvidia-cuda", LLVMPTXKernelCallConv, 1},
           {GS_TARGET_SPIRV, "spir64-unknown-unknown", LLVMSPIRKERNELCallConv, 2}};
  for (int i = 0; i < 3; i++) {
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = lower_ok(p, ctx, t[i].kind);
    ck_assert_str_eq(LLVMGetTarget(m), t[i].triple);
    LLVMValueRef fn = LLVMGetNamedFunction(m, "hist");
    ck_assert_uint_eq(LLVMGetFunctionCallConv(fn), t[i].cc);
    ck_assert_uint_eq(LLVMCountParams(fn), 5);
    ck_assert_str_eq(param_name(fn, 3), "k");
    ck_assert_str_eq(param_name(fn, 4), "data_len");
    ck_assert_uint_eq(LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetParam(fn, 3))),
                      t[i].uniform_space);
    ck_assert(has_attr(fn, 3, "readonly"));
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
  }
  gs_program_dispose(p);
}
END_TEST

/* Typed pointers on LLVM 15 in a context that has not chosen (what
 * SPIRV-LLVM-Translator needs), opaque ones in a context that holds
 * opaque-pointer IR already; opaque on LLVM 22. */
START_TEST(lower_pointer_kinds) {
  gs_program *p = histogram_program();
  LLVMContextRef fresh = LLVMContextCreate();
  LLVMModuleRef m = lower_ok(p, fresh, GS_TARGET_SPIRV);
  LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(LLVMGetNamedFunction(m, "hist"), 0));
  ck_assert_int_eq(LLVMPointerTypeIsOpaque(t), GS_LLVM_MAJOR >= 17);
  LLVMDisposeModule(m);
  LLVMContextDispose(fresh);

  LLVMContextRef used = LLVMContextCreate();
  LLVMModuleRef other = parse_ir(used, "define void @f(ptr addrspace(1) %p) {\n  ret void\n}\n");
  m = lower_ok(p, used, GS_TARGET_IR);
  t = LLVMTypeOf(LLVMGetParam(LLVMGetNamedFunction(m, "hist"), 0));
  ck_assert(LLVMPointerTypeIsOpaque(t));
  LLVMDisposeModule(m);
  LLVMDisposeModule(other);
  LLVMContextDispose(used);
  gs_program_dispose(p);
}
END_TEST

/* Misuse is an error value with a message; *OUT is NULL. */
START_TEST(lower_errors) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = (LLVMModuleRef)1;
  gs_error *e = gs_program_lower(NULL, ctx, GS_TARGET_IR, &m);
  ck_assert_str_eq(gs_error_message(e), "gs_program_lower: the program is NULL");
  ck_assert_ptr_null(m);
  gs_error_dispose(e);

  gs_program *p = gs_program_create("unchecked");
  gs_program_append(p, gs_stmt_grid_barrier(p));
  m = (LLVMModuleRef)1;
  e = gs_program_lower(p, ctx, GS_TARGET_IR, &m);
  ck_assert_str_eq(gs_error_message(e),
                   "<program>: program 'unchecked' is not checked: call gs_program_check first");
  ck_assert_ptr_null(m);
  gs_error_dispose(e);

  ck_assert_ptr_null(gs_program_check(p));
  e = gs_program_lower(p, ctx, (gs_target_kind)9, &m);
  ck_assert_str_eq(gs_error_message(e), "gs_program_lower: no target kind 9");
  ck_assert_ptr_null(m);
  gs_error_dispose(e);

  e = gs_program_lower(p, NULL, GS_TARGET_IR, &m);
  ck_assert_str_eq(gs_error_message(e), "gs_program_lower: the context is NULL");
  gs_error_dispose(e);

  /* module symbols the lowering and the device libraries own */
  gs_program *r = gs_program_create("__kernel");
  ck_assert_ptr_null(gs_program_check(r));
  e = gs_program_lower(r, ctx, GS_TARGET_AMDGCN, &m);
  ck_assert_str_eq(gs_error_message(e),
                   "<program>: error: the program name '__kernel' is reserved (names beginning "
                   "with _Z, __ or gridsplit belong to the lowering and the device libraries)");
  ck_assert_ptr_null(m);
  gs_error_dispose(e);
  gs_program_dispose(r);
  r = gs_program_create("k");
  gs_program_add_buffer(r, "k", -1, GS_TYPE_F32, 4, GS_ACCESS_WORKGROUP, 0);
  ck_assert_ptr_null(gs_program_check(r));
  e = gs_program_lower(r, ctx, GS_TARGET_IR, &m);
  ck_assert_str_eq(gs_error_message(e),
                   "<program>: error: the workgroup buffer name 'k' is the kernel's name");
  gs_error_dispose(e);
  gs_program_dispose(r);

  /* a program with only a grid barrier lowers and is two segments */
  m = lower_ok(p, ctx, GS_TARGET_NVPTX);
  gs_analysis *a = NULL;
  e = gs_split_module(m, NULL, &a);
  ck_assert_msg(e == NULL, "%s", e ? gs_error_message(e) : "");
  ck_assert_uint_eq(gs_kernel_segment_count(a, 0), 2);
  gs_analysis_dispose(a);
  LLVMDisposeModule(m);
  gs_program_dispose(p);
  LLVMContextDispose(ctx);
}
END_TEST

/* gs_load_module_for: a .gsp file lowered for the kind asked, its parse
 * errors as the parser gives them. */
START_TEST(lower_load_file) {
  char *dir = temp_dir();
  char *path = path_join(dir, "k.gsp");
  const char *text = "program k;\nworkgroup_size 8;\nbuffer b: write u32[8] @0 output;\n"
                     "kernel {\n  b[global_id(0)] = 7;\n}\n";
  write_file(path, text, strlen(text));
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  gs_error *e = gs_load_module_for(ctx, path, 2, GS_TARGET_AMDGCN, &m);
  ck_assert_msg(e == NULL, "%s", e ? gs_error_message(e) : "");
  ck_assert_str_eq(LLVMGetTarget(m), "amdgcn-amd-amdhsa");
  LLVMDisposeModule(m);
  e = gs_load_module(ctx, path, 2, &m);
  ck_assert_msg(e == NULL, "%s", e ? gs_error_message(e) : "");
  ck_assert_str_eq(LLVMGetTarget(m), "spir64-unknown-unknown");
  LLVMDisposeModule(m);

  const char *bad = "program k;\nworkgroup_size 8;\nkernel {\n  x = 1;\n}\n";
  write_file(path, bad, strlen(bad));
  e = gs_load_module_for(ctx, path, 2, GS_TARGET_NVPTX, &m);
  ck_assert_ptr_nonnull(e);
  ck_assert_ptr_null(m);
  char *want = malloc(strlen(path) + 64);
  sprintf(want, "%s:4:3: error: undefined variable 'x'", path);
  ck_assert_str_eq(gs_error_message(e), want);
  free(want);
  gs_error_dispose(e);
  LLVMContextDispose(ctx);
  free(path);
  free(dir);
}
END_TEST

Suite *suite_lower(void) {
  Suite *s = suite_create("lower");
  TCase *tc = tcase_create("lower");
  tcase_add_test(tc, lower_spir64_kernel);
  tcase_add_test(tc, lower_then_split);
  tcase_add_test(tc, lower_amdgcn_nvptx);
  tcase_add_test(tc, lower_pointer_kinds);
  tcase_add_test(tc, lower_errors);
  tcase_add_test(tc, lower_load_file);
  suite_add_tcase(s, tc);
  return s;
}
