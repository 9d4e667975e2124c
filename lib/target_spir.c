/* SPIR and SPIR-V-friendly IR: OpenCL address spaces (SPIR 1.2 / 2.0 spec:
 * 0 private, 1 global, 2 constant, 3 local, 4 generic). */
#include "gs.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int spir_is_kernel(LLVMModuleRef m, LLVMValueRef fn) {
  (void)m;
  return target_has_kernel_cc(fn, LLVMSPIRKERNELCallConv);
}

static buffer_space spir_arg_space(unsigned as) {
  switch (as) {
  case 1:
    return SPACE_GLOBAL;
  case 2:
    return SPACE_CONSTANT;
  case 3:
    return SPACE_WORKGROUP;
  default:
    return SPACE_NONE;
  }
}

/* OpenCL C work-item functions whose results differ between work-items or
 * work-groups, and their SPIR-V builtin spellings. */
static const char *const spir_id_functions[] = {"get_global_id",
                                                "get_local_id",
                                                "get_group_id",
                                                "get_global_linear_id",
                                                "get_local_linear_id",
                                                "get_sub_group_local_id",
                                                "get_sub_group_id",
                                                "__spirv_BuiltInGlobalInvocationId",
                                                "__spirv_BuiltInLocalInvocationId",
                                                "__spirv_BuiltInWorkgroupId",
                                                "__spirv_BuiltInGlobalLinearId",
                                                "__spirv_BuiltInLocalInvocationIndex",
                                                "__spirv_BuiltInSubgroupLocalInvocationId",
                                                "__spirv_BuiltInSubgroupId",
                                                NULL};

static int in_list(const char *const *list, const char *name) {
  char *base = ir_itanium_base(name);
  int found = 0;
  for (size_t i = 0; list[i] && !found; i++)
    found = !strcmp(base, list[i]);
  free(base);
  return found;
}

static int spir_is_id_call(const char *callee) { return in_list(spir_id_functions, callee); }

static int spir_is_id_global(const char *global) { return in_list(spir_id_functions, global); }

/* work-item functions that only read the invocation's coordinates */
static const char *const spir_queries[] = {
    "get_global_id",           "get_local_id",         "get_group_id",        "get_global_size",
    "get_local_size",          "get_num_groups",       "get_work_dim",        "get_global_offset",
    "get_enqueued_local_size", "get_global_linear_id", "get_local_linear_id", NULL};

static int spir_is_pure_query(const char *callee) { return in_list(spir_queries, callee); }

/* OpenCL work-item functions (OpenCL C 6.15.1), size_t results: i64 on
 * spir64, i32 on spir */
static LLVMValueRef spir_query(LLVMBuilderRef b, LLVMModuleRef m, gs_query q, unsigned dim) {
  static const char *const names[] = {"_Z13get_global_idj", "_Z15get_global_sizej",
                                      "_Z12get_local_idj",  "_Z14get_local_sizej",
                                      "_Z12get_group_idj",  "_Z14get_num_groupsj"};
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  int wide = strncmp(LLVMGetTarget(m), "spir-", 5) != 0;
  LLVMTypeRef size_t_ty = wide ? LLVMInt64TypeInContext(ctx) : LLVMInt32TypeInContext(ctx);
  return target_call(b, m, names[q], size_t_ty, LLVMConstInt(LLVMInt32TypeInContext(ctx), dim, 0),
                     LLVMSPIRFUNCCallConv);
}

/* barrier(CLK_LOCAL_MEM_FENCE) */
static void spir_workgroup_barrier(LLVMBuilderRef b, LLVMModuleRef m) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), &i32, 1, 0);
  LLVMValueRef fn = LLVMGetNamedFunction(m, "_Z7barrierj");
  unsigned convergent = LLVMGetEnumAttributeKindForName("convergent", 10);
  if (!fn) {
    fn = LLVMAddFunction(m, "_Z7barrierj", fty);
    LLVMSetFunctionCallConv(fn, LLVMSPIRFUNCCallConv);
    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                            LLVMCreateEnumAttribute(ctx, convergent, 0));
  }
  LLVMValueRef arg = LLVMConstInt(i32, 1, 0);
  LLVMValueRef call = LLVMBuildCall2(b, LLVMGlobalGetValueType(fn), fn, &arg, 1, "");
  LLVMSetInstructionCallConv(call, LLVMGetFunctionCallConv(fn));
  LLVMAddCallSiteAttribute(call, LLVMAttributeFunctionIndex,
                           LLVMCreateEnumAttribute(ctx, convergent, 0));
}

/* OpenCL C 6.15.1: the work-item functions that read the grid, and the
 * dimension they take. Virtual workgroups assume a zero global offset, as
 * every gridsplit runner launches. */
static int spir_grid_query(LLVMValueRef call, const char *callee, gs_query *q, LLVMValueRef *dim) {
  static const char *const remapped[] = {"get_global_id", "get_global_size", "get_group_id",
                                         "get_num_groups", NULL};
  static const gs_query queries[] = {Q_GLOBAL_ID, Q_GLOBAL_SIZE, Q_GROUP_ID, Q_NUM_GROUPS};
  static const char *const fixed[] = {
      "__spirv_BuiltInGlobalInvocationId", "__spirv_BuiltInWorkgroupId",
      "__spirv_BuiltInGlobalLinearId",     "__spirv_BuiltInNumWorkgroups",
      "__spirv_BuiltInGlobalSize",         NULL};
  char *base = ir_itanium_base(callee);
  int r = in_list(fixed, callee) ? -1 : 0;
  for (size_t i = 0; remapped[i] && !r; i++)
    if (!strcmp(base, remapped[i]) && LLVMGetNumArgOperands(call) == 1) {
      *q = queries[i];
      *dim = LLVMGetOperand(call, 0);
      r = 1;
    }
  if (!r && !strcmp(base, "get_global_linear_id") && !LLVMGetNumArgOperands(call)) {
    *q = Q_GLOBAL_LINEAR_ID;
    *dim = NULL;
    r = 1;
  }
  free(base);
  return r;
}

/* barrier(flags), work_group_barrier(flags[, scope]) (ordering workgroup
 * memory with the local-memory fence, OpenCL C 6.15.8: CLK_LOCAL_MEM_FENCE =
 * 1), or
 * __spirv_ControlBarrier with Workgroup execution scope (2) */
static int spir_is_workgroup_barrier(LLVMValueRef call, const char *callee, int orders_memory) {
  char *base = ir_itanium_base(callee);
  int r = 0;
  LLVMValueRef a0 = LLVMGetNumArgOperands(call) ? LLVMGetOperand(call, 0) : NULL;
  int local = a0 && LLVMIsAConstantInt(a0) && (LLVMConstIntGetZExtValue(a0) & 1);
  if (!strcmp(base, "barrier") || !strcmp(base, "work_group_barrier"))
    r = local || !orders_memory;
  else if (!strcmp(base, "__spirv_ControlBarrier"))
    r = a0 && LLVMIsAConstantInt(a0) && LLVMConstIntGetZExtValue(a0) == 2;
  free(base);
  return r;
}

static int spir_is_group_id(const char *name) {
  static const char *const ids[] = {"get_group_id", "__spirv_BuiltInWorkgroupId", NULL};
  return in_list(ids, name);
}

/* barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE) */
static void spir_program_barrier(LLVMBuilderRef b, LLVMModuleRef m) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMValueRef fn = target_declare_convergent(m, "_Z7barrierj", LLVMVoidTypeInContext(ctx), &i32, 1,
                                              LLVMSPIRFUNCCallConv);
  LLVMValueRef flags = LLVMConstInt(i32, 3, 0);
  target_build_call(b, fn, &flags, 1);
}

/* opencl.spir.version 2.0 (SPIR 2.0 spec, "Metadata") */
static void spir_module_metadata(LLVMModuleRef m, LLVMValueRef fn) {
  (void)fn;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMMetadataRef ver[2] = {LLVMValueAsMetadata(LLVMConstInt(i32, 2, 0)),
                            LLVMValueAsMetadata(LLVMConstInt(i32, 0, 0))};
  LLVMAddNamedMetadataOperand(m, "opencl.spir.version",
                              LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, ver, 2)));
}

#if GS_LLVM_MAJOR >= 20
static void spir_init_backend(void) {
  LLVMInitializeSPIRVTargetInfo();
  LLVMInitializeSPIRVTarget();
  LLVMInitializeSPIRVTargetMC();
  LLVMInitializeSPIRVAsmPrinter();
}
#endif

#if GS_LLVM_MAJOR >= 22
#define SPIR_LAYOUT                                                                                \
  "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
#else
#define SPIR_LAYOUT                                                                                \
  "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
#endif

/* SPIR-V emission hooks of the SPIR target (lib/target_spir.c): before
 * LLVM 20 SPIRV-LLVM-Translator as a library, from typed-pointer IR; from
 * LLVM 20 on LLVM's SPIR-V backend, after spirv_legalize. Every module passes
 * the SPIRV-Tools validator or is not written (docs/targets.md). */

#if GS_HAVE_SPIRV_TRANSLATOR
int gs_spirv_translate(LLVMModuleRef m, char **data, size_t *size, char **error);
#endif

/* NULL when the SPIR-V DATA may be written, else why not */
char *spirv_check(const char *data, size_t size) { return spirv_check_for(data, size, 0); }

/* The same under Vulkan 1.3's rules (VULKAN) or SPIR-V 1.6's */
char *spirv_check_for(const char *data, size_t size, int vulkan) {
#if GS_HAVE_SPIRV_TOOLS
  return spirv_validate_for(data, size, vulkan);
#else
  (void)vulkan;
  (void)data;
  (void)size;
  return gs_strdup("this gridsplit was built without SPIRV-Tools, which validates every SPIR-V "
                   "module before it is written");
#endif
}

/* SPIRV-LLVM-Translator 15 crashes on opaque pointers */
gs_error *spirv_emit_check(LLVMModuleRef m) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (unsigned i = 0; i < LLVMCountParams(f); i++) {
      LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(f, i));
      if (LLVMGetTypeKind(t) == LLVMPointerTypeKind && LLVMPointerTypeIsOpaque(t)) {
        size_t len;
        return gs_errorf("function '%s' has opaque pointers, which SPIRV-LLVM-Translator 15 "
                         "cannot translate: give typed-pointer IR (clang-15 -Xclang "
                         "-no-opaque-pointers, or a .cl input, which gridsplit compiles so)",
                         LLVMGetValueName2(f, &len));
      }
    }
  return NULL;
}

/* M through the translator into the file OUT */
char *spirv_emit_translate(LLVMModuleRef m, const char *out) {
#if GS_HAVE_SPIRV_TRANSLATOR
  /* the translator's debug info does not pass spirv-val; segments carry
   * none of their own anyway */
  LLVMStripModuleDebugInfo(m);
  spirv_legalize(m);
  char *msg = emit_verify_message(m);
  if (msg)
    return msg;
  /* the translator writes dereferenceable(N) as MaxByteOffset N, an upper
   * bound on every offset, where LLVM's is a lower bound: the live state
   * (dereferenceable as far as its header) is read far beyond it */
  unsigned deref[2] = {LLVMGetEnumAttributeKindForName("dereferenceable", 15),
                       LLVMGetEnumAttributeKindForName("dereferenceable_or_null", 23)};
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    for (unsigned i = 0; i < LLVMCountParams(f); i++)
      for (int k = 0; k < 2; k++)
        LLVMRemoveEnumAttributeAtIndex(f, i + 1, deref[k]);
    if (LLVMCountBasicBlocks(f))
      ir_tidy_blocks(f);
  }
  char *data = NULL;
  size_t size = 0;
  if (!gs_spirv_translate(m, &data, &size, &msg))
    return msg;
  if ((msg = spirv_check(data, size)))
    return msg;
  FILE *f = fopen(out, "wb");
  if (!f || fwrite(data, 1, size, f) != size)
    return gs_strdup("cannot write the SPIR-V");
  fclose(f);
  return NULL;
#else
  (void)m;
  (void)out;
  return gs_strdup("this gridsplit was built without SPIRV-LLVM-Translator");
#endif
}

/* SPIR-V: SPIRV-LLVM-Translator before LLVM 20 (above),
 * LLVM's SPIR-V backend from then on; every module passes the SPIRV-Tools
 * validator or is not written. */
const gs_target target_spir = {
    .name = "spir",
    .triple = "spir64-unknown-unknown",
    .triple_prefix = "spir",
    .data_layout = SPIR_LAYOUT,
    .arg_space = spir_arg_space,
    .global_space = target_global_space,
    .constant_as = 2,
    .is_kernel = spir_is_kernel,
    .kernel_cc = LLVMSPIRKERNELCallConv,
    .func_cc = LLVMSPIRFUNCCallConv,
    .segment_cc = 0,
    .is_invocation_id_call = spir_is_id_call,
    .is_invocation_id_global = spir_is_id_global,
    .is_pure_query = spir_is_pure_query,
    .build_query = spir_query,
    .is_group_id = spir_is_group_id,
    .grid_query = spir_grid_query,
    .virtual_by_default = 0,
    .unroll_sums = 4,     /* NVIDIA's Vulkan driver left cg's sums rolled (lib/unroll.c) */
    .hoist_unwritten = 1, /* the Vulkan cg's division by dots[0] (lib/split.c) */
    /* not for POCL 3.1, which runs LLVM 15's */
    .uniform_barrier_branches = GS_LLVM_MAJOR >= 20,
    .build_workgroup_barrier = spir_workgroup_barrier,
    .build_program_barrier = spir_program_barrier,
    .is_workgroup_barrier = spir_is_workgroup_barrier,
    .device_scope = "device",
    .workgroup_scope = "workgroup",
    .lower_kernel_attributes = NULL,
    .lower_module_metadata = spir_module_metadata,
    .opencl_c = 1,
    .default_cpu = NULL,
#if GS_LLVM_MAJOR < 20
    .emitter = "translator",
    .emit_check = spirv_emit_check,
    .emit_translate = spirv_emit_translate,
#else
    .init_backend = spir_init_backend,
    .emitter = "backend",
#endif
    .backend_triple = "spirv64-unknown-unknown",
    .emits_assembly = 0,
    .drop_dead_functions = 0,
    .emit_prepare = spirv_legalize,
    .check_output = spirv_check,
};
