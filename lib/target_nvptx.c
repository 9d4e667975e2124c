/* NVPTX: address spaces of the NVPTX usage guide (0 generic, 1 global,
 * 3 shared, 4 constant, 5 local); CUDA kernel arguments are generic pointers
 * to global memory. Kernels are marked by the ptx_kernel calling convention
 * or, in older IR, by !nvvm.annotations. */
#include "gs.h"

#include <llvm-c/Target.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int nvptx_is_kernel(LLVMModuleRef m, LLVMValueRef fn) {
  if (LLVMCountBasicBlocks(fn) == 0)
    return 0;
  /* ptx_kernel, or spir_kernel as clang marks OpenCL C kernels for NVPTX */
  if (LLVMGetFunctionCallConv(fn) == LLVMPTXKernelCallConv ||
      LLVMGetFunctionCallConv(fn) == LLVMSPIRKERNELCallConv)
    return 1;
  unsigned n = LLVMGetNamedMetadataNumOperands(m, "nvvm.annotations");
  if (!n)
    return 0;
  LLVMValueRef *ops = gs_xcalloc(n, sizeof *ops);
  LLVMGetNamedMetadataOperands(m, "nvvm.annotations", ops);
  int found = 0;
  for (unsigned i = 0; i < n && !found; i++) {
    if (LLVMGetMDNodeNumOperands(ops[i]) < 3)
      continue;
    LLVMValueRef fields[3];
    LLVMGetMDNodeOperands(ops[i], fields);
    unsigned len = 0;
    const char *key = fields[1] ? LLVMGetMDString(fields[1], &len) : NULL;
    found = fields[0] == fn && key && len == 6 && !strncmp(key, "kernel", 6);
  }
  free(ops);
  return found;
}

static int nvptx_is_id_call(const char *callee) {
  static const char *const prefixes[] = {"llvm.nvvm.read.ptx.sreg.tid.",
                                         "llvm.nvvm.read.ptx.sreg.ctaid.",
                                         "llvm.nvvm.read.ptx.sreg.laneid",
                                         "llvm.nvvm.read.ptx.sreg.warpid",
                                         "llvm.nvvm.read.ptx.sreg.smid",
                                         "llvm.nvvm.read.ptx.sreg.clock",
                                         NULL};
  for (size_t i = 0; prefixes[i]; i++)
    if (!strncmp(callee, prefixes[i], strlen(prefixes[i])))
      return 1;
  return 0;
}

static int nvptx_is_id_global(const char *global) {
  (void)global;
  return 0;
}

static int nvptx_is_pure_query(const char *callee) {
  return !strncmp(callee, "llvm.nvvm.read.ptx.sreg.tid.", 28) ||
         !strncmp(callee, "llvm.nvvm.read.ptx.sreg.ctaid.", 30) ||
         !strncmp(callee, "llvm.nvvm.read.ptx.sreg.ntid.", 29) ||
         !strncmp(callee, "llvm.nvvm.read.ptx.sreg.nctaid.", 31);
}

/* PTX special registers (PTX ISA, "Special Registers"): %tid, %ntid,
 * %ctaid, %nctaid; global ids and sizes are built from them */
static LLVMValueRef nvptx_sreg(LLVMBuilderRef b, LLVMModuleRef m, const char *reg, unsigned dim) {
  char name[64];
  snprintf(name, sizeof name, "llvm.nvvm.read.ptx.sreg.%s.%c", reg, "xyz"[dim]);
  return target_call(b, m, name, LLVMInt32TypeInContext(LLVMGetModuleContext(m)), NULL,
                     LLVMCCallConv);
}

static LLVMValueRef nvptx_query(LLVMBuilderRef b, LLVMModuleRef m, gs_query q, unsigned dim) {
  switch (q) {
  case Q_LOCAL_ID:
    return nvptx_sreg(b, m, "tid", dim);
  case Q_LOCAL_SIZE:
    return nvptx_sreg(b, m, "ntid", dim);
  case Q_GROUP_ID:
    return nvptx_sreg(b, m, "ctaid", dim);
  case Q_NUM_GROUPS:
    return nvptx_sreg(b, m, "nctaid", dim);
  case Q_GLOBAL_ID:
    return LLVMBuildAdd(
        b, LLVMBuildMul(b, nvptx_sreg(b, m, "ctaid", dim), nvptx_sreg(b, m, "ntid", dim), ""),
        nvptx_sreg(b, m, "tid", dim), "");
  case Q_GLOBAL_SIZE:
  default:
    return LLVMBuildMul(b, nvptx_sreg(b, m, "nctaid", dim), nvptx_sreg(b, m, "ntid", dim), "");
  }
}

/* bar.sync 0: llvm.nvvm.barrier0 until LLVM 20 renamed it (LLVM reads old
 * IR's calls as the new name, but not a declaration built through the C API) */
static void nvptx_workgroup_barrier(LLVMBuilderRef b, LLVMModuleRef m) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
#if GS_LLVM_MAJOR >= 20
  static const char name[] = "llvm.nvvm.barrier.cta.sync.aligned.all";
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), &i32, 1, 0);
  LLVMValueRef zero = LLVMConstInt(i32, 0, 0);
  LLVMValueRef args[1] = {zero};
  unsigned nargs = 1;
#else
  static const char name[] = "llvm.nvvm.barrier0";
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), NULL, 0, 0);
  LLVMValueRef *args = NULL;
  unsigned nargs = 0;
#endif
  LLVMValueRef fn = LLVMGetNamedFunction(m, name);
  if (!fn)
    fn = LLVMAddFunction(m, name, fty);
  LLVMBuildCall2(b, fty, fn, args, nargs, "");
}

/* %ctaid and %nctaid are the grid; %tid and %ntid stay as they are */
static int nvptx_grid_query(LLVMValueRef call, const char *callee, gs_query *q, LLVMValueRef *dim) {
  static const char *const regs[] = {"llvm.nvvm.read.ptx.sreg.ctaid.",
                                     "llvm.nvvm.read.ptx.sreg.nctaid.", NULL};
  for (int i = 0; regs[i]; i++) {
    size_t n = strlen(regs[i]);
    if (!strncmp(callee, regs[i], n) && callee[n] >= 'x' && callee[n] <= 'z' && !callee[n + 1]) {
      *q = i ? Q_NUM_GROUPS : Q_GROUP_ID;
      *dim = LLVMConstInt(LLVMInt32TypeInContext(LLVMGetTypeContext(LLVMTypeOf(call))),
                          (unsigned long long)(callee[n] - 'x'), 0);
      return 1;
    }
  }
  return 0;
}

/* bar.sync 0 in its spellings (barrier0 before LLVM 20) */
static int nvptx_is_workgroup_barrier(LLVMValueRef call, const char *callee, int orders_memory) {
  (void)call, (void)orders_memory;
  return !strcmp(callee, "llvm.nvvm.barrier0") ||
         !strcmp(callee, "llvm.nvvm.barrier.cta.sync.aligned.all") ||
         !strcmp(callee, "llvm.nvvm.barrier.cta.sync.all");
}

static int nvptx_is_group_id(const char *name) {
  return !strncmp(name, "llvm.nvvm.read.ptx.sreg.ctaid.", 30);
}

/* bar.sync 0, which orders the CTA's memory itself: barrier0 until LLVM 20
 * renamed it barrier.cta.sync.aligned.all(0) */
static void nvptx_program_barrier(LLVMBuilderRef b, LLVMModuleRef m) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef vty = LLVMVoidTypeInContext(ctx);
#if GS_LLVM_MAJOR >= 20
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMValueRef fn = target_declare_convergent(m, "llvm.nvvm.barrier.cta.sync.aligned.all", vty,
                                              &i32, 1, LLVMCCallConv);
  LLVMValueRef id = LLVMConstInt(i32, 0, 0);
  target_build_call(b, fn, &id, 1);
#else
  LLVMValueRef fn = target_declare_convergent(m, "llvm.nvvm.barrier0", vty, NULL, 0, LLVMCCallConv);
  target_build_call(b, fn, NULL, 0);
#endif
}

#if GS_LLVM_MAJOR < 20
/* NVPTX of LLVM 15 also reads kernels from nvvm.annotations */
static void nvptx_module_metadata(LLVMModuleRef m, LLVMValueRef fn) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMValueRef ops[3] = {fn, LLVMMDStringInContext(ctx, "kernel", 6),
                         LLVMConstInt(LLVMInt32TypeInContext(ctx), 1, 0)};
  LLVMAddNamedMetadataOperand(m, "nvvm.annotations", LLVMMDNodeInContext(ctx, ops, 3));
}
#endif

static void nvptx_init_backend(void) {
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
}

#if GS_LLVM_MAJOR >= 22
#define NVPTX_LAYOUT "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
#else
#define NVPTX_LAYOUT "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
#endif

/* PTX emission hooks of the NVPTX target (lib/target_nvptx.c): what a CUDA
 * host cannot take as LLVM's NVPTX backend writes it, rewritten in the
 * code-generation child before the backend runs (docs/targets.md, "PTX on an
 * NVIDIA GPU"). */

/* PTX identifiers have no '.' (PTX ISA, "Identifiers"): `k.seg0` is
 * emitted as `k_$_seg0`, the spelling LLVM's NVPTX backend gives its own
 * local names; runners look segments up the same way (docs/targets.md). */
static void ptx_names(LLVMModuleRef m) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (!strchr(name, '.') || !strncmp(name, "llvm.", 5))
      continue;
    gs_str n;
    str_init(&n);
    for (const char *p = name; *p; p++)
      if (*p == '.')
        str_printf(&n, "_$_");
      else
        str_printf(&n, "%c", *p);
    LLVMSetValueName2(f, n.s, n.len);
    str_free(&n);
  }
}

/* CUDA passes kernel parameters by value and has no pointers into shared or
 * constant memory that a host could give (docs/targets.md):
 * - a workgroup (`local`) pointer argument becomes an offset into the
 *   kernel's dynamic shared memory, `gs_dynamic_shared`, which the host sizes
 *   at launch: the argument's value is that offset;
 * - a constant-space (`__constant`) pointer argument is a global buffer that
 *   the kernel only reads: its loads go to the global space, invariant, so
 *   that the backend reads it through the non-coherent path.
 * Returns NULL, or what could not be rewritten. */
static char *rehome_uses(LLVMBuilderRef b, LLVMValueRef old, LLVMValueRef repl, unsigned as,
                         int depth, LLVMValueRef skip);

static char *rehome_error(LLVMValueRef user) {
  char *text = ir_value_text(user), *msg = gs_xmalloc(strlen(text) + 96);
  sprintf(msg, "'%s' uses a __constant pointer in a way the PTX rewrite cannot follow", text);
  free(text);
  return msg;
}

/* Rewrites every use of OLD (but SKIP) to REPL, a pointer into space AS. */
static char *rehome_uses(LLVMBuilderRef b, LLVMValueRef old, LLVMValueRef repl, unsigned as,
                         int depth, LLVMValueRef skip) {
  gs_vec users;
  vec_init(&users, sizeof(LLVMValueRef));
  for (LLVMUseRef u = LLVMGetFirstUse(old); u; u = LLVMGetNextUse(u))
    if (LLVMGetUser(u) != skip)
      VEC_PUSH(&users, LLVMValueRef, LLVMGetUser(u));
  char *err = depth > 32 ? gs_strdup("__constant pointers nested too deep") : NULL;
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(old));
  unsigned invariant = LLVMGetMDKindIDInContext(ctx, "invariant.load", 14);
  for (size_t k = 0; k < users.len && !err; k++) {
    LLVMValueRef u = VEC_AT(&users, LLVMValueRef, k), nu = NULL;
    if (!LLVMIsAInstruction(u) || LLVMGetOperand(u, 0) != old) {
      err = rehome_error(u);
      break;
    }
    LLVMPositionBuilderBefore(b, u);
    if (LLVMIsAGetElementPtrInst(u)) {
      unsigned n = (unsigned)LLVMGetNumOperands(u) - 1;
      LLVMValueRef *idx = gs_xcalloc(n + 1, sizeof *idx);
      for (unsigned i = 0; i < n; i++)
        idx[i] = LLVMGetOperand(u, i + 1);
      LLVMTypeRef src = LLVMGetGEPSourceElementType(u);
      nu = LLVMIsInBounds(u) ? LLVMBuildInBoundsGEP2(b, src, repl, idx, n, "")
                             : LLVMBuildGEP2(b, src, repl, idx, n, "");
      free(idx);
      err = rehome_uses(b, u, nu, as, depth + 1, NULL);
    } else if (LLVMIsABitCastInst(u)) {
      LLVMTypeRef to = LLVMTypeOf(u);
#if GS_LLVM_MAJOR < 17
      if (!LLVMPointerTypeIsOpaque(to))
        to = LLVMPointerType(LLVMGetElementType(to), as);
#endif
      nu = LLVMBuildBitCast(b, repl, to, "");
      err = rehome_uses(b, u, nu, as, depth + 1, NULL);
    } else if (LLVMIsALoadInst(u)) {
      nu = LLVMBuildLoad2(b, LLVMTypeOf(u), repl, "");
      LLVMSetAlignment(nu, LLVMGetAlignment(u));
      LLVMSetVolatile(nu, LLVMGetVolatile(u));
      LLVMSetMetadata(nu, invariant, LLVMMDNodeInContext(ctx, NULL, 0));
      LLVMReplaceAllUsesWith(u, nu);
    } else if (LLVMIsAAddrSpaceCastInst(u) || LLVMIsAPtrToIntInst(u)) {
      nu = LLVMIsAPtrToIntInst(u) ? LLVMBuildPtrToInt(b, repl, LLVMTypeOf(u), "")
                                  : LLVMBuildAddrSpaceCast(b, repl, LLVMTypeOf(u), "");
      LLVMReplaceAllUsesWith(u, nu);
    } else {
      err = rehome_error(u);
    }
    if (!err)
      LLVMInstructionEraseFromParent(u);
  }
  vec_free(&users);
  return err;
}

/* PTX CODE as inline assembly of type FTY with constraints CONS, called at
 * B on ARGS (a side effect where FTY returns nothing) */
static LLVMValueRef ptx_asm(LLVMBuilderRef b, LLVMTypeRef fty, const char *code, const char *cons,
                            LLVMValueRef *args, unsigned nargs) {
  int effect = LLVMGetTypeKind(LLVMGetReturnType(fty)) == LLVMVoidTypeKind;
  LLVMValueRef asm_ = LLVMGetInlineAsm(fty, (char *)code, strlen(code), (char *)cons, strlen(cons),
                                       effect, 0, LLVMInlineAsmDialectATT, 0);
  return LLVMBuildCall2(b, fty, asm_, args, nargs, "");
}

/* V through a PTX move the backend cannot see into: the DAG combiner would
 * fold inttoptr(ptrtoint P) into an address-space cast between two
 * non-generic spaces, which PTX does not have */
static LLVMValueRef launder(LLVMBuilderRef b, LLVMValueRef v) {
  LLVMTypeRef i64 = LLVMTypeOf(v);
  return ptx_asm(b, LLVMFunctionType(i64, &i64, 1, 0), "mov.b64 $0, $1;", "=l,l", &v, 1);
}

/* F again, with an i64 parameter in place of each workgroup pointer
 * (WORKGROUP[i]) whose only use, if any, is OFFSET[i], its ptrtoint: LLVM 22
 * declares a workgroup pointer parameter `.ptr .shared`, which the CUDA
 * driver does not load, and the kernel reads only the offset anyway */
static void offsets_as_integers(LLVMModuleRef m, LLVMValueRef f, const unsigned char *workgroup,
                                LLVMValueRef *offset) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef fty = LLVMGlobalGetValueType(f), i64 = LLVMInt64TypeInContext(ctx);
  unsigned n = LLVMCountParams(f);
  LLVMTypeRef *types = gs_xcalloc(n + 1, sizeof *types);
  LLVMGetParamTypes(fty, types);
  for (unsigned i = 0; i < n; i++)
    if (workgroup[i])
      types[i] = i64;
  size_t len = 0;
  const char *fname = LLVMGetValueName2(f, &len);
  char *name = gs_strndup(fname, len);
  LLVMValueRef g =
      LLVMAddFunction(m, "gs.retyped", LLVMFunctionType(LLVMGetReturnType(fty), types, n, 0));
  free(types);
  LLVMSetFunctionCallConv(g, LLVMGetFunctionCallConv(f));
  LLVMSetLinkage(g, LLVMGetLinkage(f));
  LLVMSetVisibility(g, LLVMGetVisibility(f));
  LLVMSetUnnamedAddress(g, LLVMGetUnnamedAddress(f));
  LLVMSetAlignment(g, LLVMGetAlignment(f));
  if (LLVMGetSection(f))
    LLVMSetSection(g, LLVMGetSection(f));
  if (LLVMGetGC(f))
    LLVMSetGC(g, LLVMGetGC(f));
  if (LLVMHasPersonalityFn(f))
    LLVMSetPersonalityFn(g, LLVMGetPersonalityFn(f));
  /* attributes of the function and of every parameter that keeps its type */
  for (unsigned idx = 0; idx <= n + 1; idx++) {
    LLVMAttributeIndex at = idx == n + 1 ? (LLVMAttributeIndex)LLVMAttributeFunctionIndex : idx;
    if (at >= 1 && at <= n && workgroup[at - 1])
      continue;
    unsigned count = LLVMGetAttributeCountAtIndex(f, at);
    LLVMAttributeRef *attrs = gs_xcalloc(count + 1, sizeof *attrs);
    LLVMGetAttributesAtIndex(f, at, attrs);
    for (unsigned k = 0; k < count; k++)
      LLVMAddAttributeAtIndex(g, at, attrs[k]);
    free(attrs);
  }
  size_t nmd = 0;
  LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(f, &nmd);
  for (size_t k = 0; k < nmd; k++)
    LLVMGlobalSetMetadata(g, LLVMValueMetadataEntriesGetKind(md, (unsigned)k),
                          LLVMValueMetadataEntriesGetMetadata(md, (unsigned)k));
  LLVMDisposeValueMetadataEntries(md);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f), next; bb; bb = next) {
    next = LLVMGetNextBasicBlock(bb);
    LLVMRemoveBasicBlockFromParent(bb);
    LLVMAppendExistingBasicBlock(g, bb);
  }
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef p = LLVMGetParam(f, i), q = LLVMGetParam(g, i);
    size_t plen = 0;
    const char *pname = LLVMGetValueName2(p, &plen);
    LLVMSetValueName2(q, pname, plen);
    if (offset[i]) {
      LLVMReplaceAllUsesWith(offset[i], q);
      LLVMInstructionEraseFromParent(offset[i]);
    } else if (!workgroup[i]) {
      LLVMReplaceAllUsesWith(p, q);
    }
  }
  LLVMReplaceAllUsesWith(f, g);
  LLVMDeleteFunction(f);
  LLVMSetValueName2(g, name, len);
  free(name);
}

static char *ptx_kernel_params(LLVMModuleRef m) {
  const gs_target *t = &target_nvptx;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx);
  LLVMValueRef shared = NULL;
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  char *err = NULL;
  gs_vec kernels;
  vec_init(&kernels, sizeof(LLVMValueRef));
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (t->is_kernel(m, f))
      VEC_PUSH(&kernels, LLVMValueRef, f);
  for (size_t k = 0; k < kernels.len && !err; k++) {
    LLVMValueRef f = VEC_AT(&kernels, LLVMValueRef, k);
    LLVMValueRef *offset = gs_xcalloc(LLVMCountParams(f) + 1, sizeof *offset);
    unsigned char *workgroup = gs_xcalloc(LLVMCountParams(f) + 1, 1);
    int retype = 0;
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(f);
    LLVMValueRef at = ir_first_after_allocas(entry);
    for (unsigned i = 0; i < LLVMCountParams(f) && !err; i++) {
      LLVMValueRef p = LLVMGetParam(f, i);
      LLVMTypeRef ty = LLVMTypeOf(p);
      if (LLVMGetTypeKind(ty) != LLVMPointerTypeKind)
        continue;
      unsigned as = LLVMGetPointerAddressSpace(ty);
      if (as == 3)
        workgroup[i] = 1, retype = 1;
      if (!LLVMGetFirstUse(p))
        continue;
      if (as == 3) {
        if (!shared) {
          shared = LLVMAddGlobalInAddressSpace(m, LLVMArrayType(i8, 0), "gs_dynamic_shared", 3);
          LLVMSetLinkage(shared, LLVMExternalLinkage);
          LLVMSetAlignment(shared, 16);
        }
        LLVMPositionBuilder(b, entry, at);
        LLVMValueRef off = LLVMBuildPtrToInt(b, p, i64, "");
        LLVMValueRef base = LLVMBuildPointerCast(b, shared, LLVMPointerType(i8, 3), "");
        LLVMValueRef q = LLVMBuildPointerCast(b, LLVMBuildGEP2(b, i8, base, &off, 1, ""), ty, "");
        LLVMReplaceAllUsesWith(p, q);
        /* the offset itself reads the parameter */
        LLVMSetOperand(off, 0, p);
        offset[i] = off;
      } else if (as == 4) {
        LLVMPositionBuilder(b, entry, at);
        LLVMTypeRef gty = ty;
#if GS_LLVM_MAJOR < 17
        gty = LLVMPointerTypeIsOpaque(ty) ? LLVMPointerTypeInContext(ctx, 1)
                                          : LLVMPointerType(LLVMGetElementType(ty), 1);
#else
        gty = LLVMPointerTypeInContext(ctx, 1);
#endif
        LLVMValueRef bits = LLVMBuildPtrToInt(b, p, i64, "");
        LLVMValueRef g = LLVMBuildIntToPtr(b, launder(b, bits), gty, "");
        err = rehome_uses(b, p, g, 1, 0, bits);
      }
    }
    if (retype && !err)
      offsets_as_integers(m, f, workgroup, offset);
    free(offset);
    free(workgroup);
  }
  vec_free(&kernels);
  LLVMDisposeBuilder(b);
  return err;
}

/* sm_90 and later (PTX ISA 7.8, "griddepcontrol"): every kernel first lets
 * the next grid in its stream launch, then waits until the grids it depends
 * on have completed and their memory is visible. Launched plainly, both are
 * no-ops; launched with programmatic dependent launch, the next segment's
 * workgroups take the slots of this one's as they leave, instead of after a
 * launch (gs-cuda-run does so when every segment begins so). */
static void ptx_grid_dependency(LLVMModuleRef m) {
  const gs_target *t = &target_nvptx;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), NULL, 0, 0);
  static const char *const code[] = {"griddepcontrol.launch_dependents;", "griddepcontrol.wait;"};
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (!t->is_kernel(m, f))
      continue;
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(f);
    LLVMPositionBuilder(b, entry, ir_first_after_allocas(entry));
    for (int i = 0; i < 2; i++)
      ptx_asm(b, fty, code[i], "~{memory}", NULL, 0);
    /* the words a segment reads as launch-invariant (the control word, the
     * values carried once: lib/split.c) are written by the grid it depends
     * on until the wait returns; an invariant load the backend may order
     * before the asm, a plain one it may not (the optimizer has already
     * taken them out of the loops) */
    unsigned inv = LLVMGetMDKindIDInContext(ctx, "invariant.load", 14);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
        if (LLVMIsALoadInst(in) && LLVMGetMetadata(in, inv))
          LLVMSetMetadata(in, inv, NULL);
  }
  LLVMDisposeBuilder(b);
}

static int sm_at_least(const char *cpu, int version) {
  return cpu && !strncmp(cpu, "sm_", 3) && atoi(cpu + 3) >= version;
}

/* Before the data layout: kernel parameters, the grid dependency (sm_90
 * and later), names. NULL, or what could not be rewritten. */
char *nvptx_emit_rewrite(LLVMModuleRef m, const char *cpu) {
  char *why = ptx_kernel_params(m);
  if (why)
    return why;
  if (ptx_wants_system_atomics(m)) {
    why = ptx_system_atomics(m, cpu && !strncmp(cpu, "sm_", 3) ? atoi(cpu + 3) : 0);
    if (why)
      return why;
  }
  if (sm_at_least(cpu, 90))
    ptx_grid_dependency(m);
  ptx_names(m);
  return NULL;
}

/* After it: sm_90 emits PTX ISA 7.8, which has the streaming loads */
void nvptx_emit_laid_out(LLVMModuleRef m, const char *cpu) {
  if (sm_at_least(cpu, 90))
    ptx_stream_hints(m);
}

/* PTX text from the NVPTX backend; kernel parameters a CUDA host cannot
 * pass, '.' in names, and for sm_90 the grid dependency and streaming loads
 * are rewritten first (above). A PTX kernel cannot be given
 * a constant-bank buffer: the lowering's uniform buffers are global memory
 * the kernel only reads. */
const gs_target target_nvptx = {
    .name = "nvptx",
    .triple = "nvptx64-nvidia-cuda",
    .triple_prefix = "nvptx",
    .data_layout = NVPTX_LAYOUT,
    .arg_space = target_flat_arg_space,
    .global_space = target_global_space,
    .constant_as = 1,
    .is_kernel = nvptx_is_kernel,
    .kernel_cc = LLVMPTXKernelCallConv,
    .func_cc = LLVMCCallConv,
    .segment_cc = LLVMPTXKernelCallConv,
    .is_invocation_id_call = nvptx_is_id_call,
    .is_invocation_id_global = nvptx_is_id_global,
    .is_pure_query = nvptx_is_pure_query,
    .build_query = nvptx_query,
    .is_group_id = nvptx_is_group_id,
    .grid_query = nvptx_grid_query,
    .virtual_by_default = 1,
    .hoist_launch_reads = 1,
    .unroll_sums = 4,     /* as nvcc unrolls them */
    .hoist_unwritten = 1, /* cg: 1.20 -> 1.17x cooperative at 2^24 (H200) */
    .uniform_barrier_branches = 1,
    .build_workgroup_barrier = nvptx_workgroup_barrier,
    .build_program_barrier = nvptx_program_barrier,
    .is_workgroup_barrier = nvptx_is_workgroup_barrier,
    .device_scope = "device",
    .workgroup_scope = "block",
    .lower_kernel_attributes = NULL,
#if GS_LLVM_MAJOR < 20
    .lower_module_metadata = nvptx_module_metadata,
#endif
    .opencl_c = 0,
    .init_backend = nvptx_init_backend,
    .default_cpu = "sm_80",
    .emitter = "backend",
    .backend_triple = NULL,
    .emits_assembly = 1,
    .drop_dead_functions = 1,
    .emit_rewrite = nvptx_emit_rewrite,
    .emit_laid_out = nvptx_emit_laid_out,
};
