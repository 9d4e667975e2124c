/* PTX emission hooks of the NVPTX target (lib/target_nvptx.c): what a CUDA
 * host cannot take as LLVM's NVPTX backend writes it, rewritten in the
 * code-generation child before the backend runs (docs/targets.md, "PTX on an
 * NVIDIA GPU"). */
#include "gs.h"
#include "lowering.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  LLVMValueRef asm_ = LLVMGetInlineAsm(fty, (char *)code, strlen(code), (char *)cons,
                                       strlen(cons), effect, 0, LLVMInlineAsmDialectATT, 0);
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
  LLVMValueRef g = LLVMAddFunction(m, "gs.retyped", LLVMFunctionType(LLVMGetReturnType(fty),
                                                                     types, n, 0));
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
  const gs_target *t = target_for_module(m);
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
  const gs_target *t = target_for_module(m);
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
