/* LLVM IR to targets (SPEC section 6). Code generation runs in a forked
 * child: LLVM backends report some errors by aborting, and a library must not
 * take its caller down with it. The child writes the result (or the message)
 * to temporary files that the parent reads. */
#define _POSIX_C_SOURCE 200809L
#include "gridsplit/emit.h"

#include "gs.h"
#include "lowering.h"

#include <errno.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int gs_target_cpu_valid(LLVMTargetMachineRef tm, const char *cpu);
#if GS_HAVE_SPIRV_TRANSLATOR
int gs_spirv_translate(LLVMModuleRef m, char **data, size_t *size, char **error);
#endif

static const struct {
  const char *name, *extension, *triple, *cpu;
} targets[] = {{"ir", ".ll", "spir64-unknown-unknown", NULL},
               {"spirv", ".spv", "spir64-unknown-unknown", NULL},
               {"amdgcn", ".hsaco", "amdgcn-amd-amdhsa", "gfx90a"},
               {"nvptx", ".ptx", "nvptx64-nvidia-cuda", "sm_80"}};

gs_error *gs_target_parse(const char *name, gs_target_kind *out) {
  for (int i = 0; i < 4; i++)
    if (name && !strcmp(name, targets[i].name)) {
      *out = (gs_target_kind)i;
      return NULL;
    }
  return gs_errorf("unknown target '%s' (targets: ir, spirv, amdgcn, nvptx)", name ? name : "");
}

const char *gs_target_extension(gs_target_kind kind) {
  return (unsigned)kind <= GS_TARGET_NVPTX ? targets[kind].extension : "";
}

const char *gs_target_triple(gs_target_kind kind) {
  return (unsigned)kind <= GS_TARGET_NVPTX ? targets[kind].triple : "";
}

static void init_targets(void) {
  static int done;
  if (done)
    return;
  done = 1;
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
  LLVMInitializeAMDGPUTargetInfo();
  LLVMInitializeAMDGPUTarget();
  LLVMInitializeAMDGPUTargetMC();
  LLVMInitializeAMDGPUAsmPrinter();
#if GS_LLVM_MAJOR >= 20
  LLVMInitializeSPIRVTargetInfo();
  LLVMInitializeSPIRVTarget();
  LLVMInitializeSPIRVTargetMC();
  LLVMInitializeSPIRVAsmPrinter();
#endif
}

static int triple_is(LLVMModuleRef m, gs_target_kind kind) {
  const char *t = LLVMGetTarget(m);
  switch (kind) {
  case GS_TARGET_SPIRV:
    return !strncmp(t, "spir", 4);
  case GS_TARGET_AMDGCN:
    return !strncmp(t, "amdgcn", 6);
  case GS_TARGET_NVPTX:
    return !strncmp(t, "nvptx", 5);
  default:
    return 1;
  }
}

static void write_message(const char *path, const char *msg) {
  FILE *f = fopen(path, "w");
  if (f) {
    fputs(msg, f);
    fclose(f);
  }
}

/* Backend errors that reach the context become the child's message. */
static void child_diagnostic(LLVMDiagnosticInfoRef info, void *ctx) {
  if (LLVMGetDiagInfoSeverity(info) != LLVMDSError)
    return;
  char *d = LLVMGetDiagInfoDescription(info);
  write_message(ctx, d);
  LLVMDisposeMessage(d);
  _exit(3);
}

/* A code object links every function it holds: one that nothing calls and
 * that is no kernel (a helper whose calls were all inlined, still calling a
 * grid barrier that no device library defines) is left out. */
static void drop_dead_functions(LLVMModuleRef m) {
  const gs_target *t = target_for_module(m);
  int changed = 1;
  while (changed) {
    changed = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(m), next; f; f = next) {
      next = LLVMGetNextFunction(f);
      if (LLVMCountBasicBlocks(f) && !LLVMGetFirstUse(f) && !t->is_kernel(m, f)) {
        LLVMDeleteFunction(f);
        changed = 1;
      }
    }
  }
}

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

/* NULL when the SPIR-V DATA may be written, else why not */
static char *spirv_check(const char *data, size_t size) {
#if GS_HAVE_SPIRV_TOOLS
  return spirv_validate(data, size);
#else
  (void)data;
  (void)size;
  return gs_strdup("this gridsplit was built without SPIRV-Tools, which validates every SPIR-V "
                   "module before it is written");
#endif
}

/* After the rewrites before code generation: 0, or 1 with the verifier's
 * message in ERR (a rewrite that broke the module is an internal error,
 * never a backend crash) */
static int child_verify(LLVMModuleRef m, const char *err) {
  char *msg = NULL;
  if (!LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
    LLVMDisposeMessage(msg);
    return 0;
  }
  gs_str s;
  str_init(&s);
  str_printf(&s, "internal error: the module prepared for code generation does not verify: %s",
             msg ? msg : "");
  for (size_t i = 0; i < s.len; i++)
    if (s.s[i] == '\n')
      s.s[i] = ' ';
  write_message(err, s.s);
  str_free(&s);
  LLVMDisposeMessage(msg);
  return 1;
}

/* In the child: emit M (a copy) to OUT, or a message to ERR and exit 1. */
static int child_emit(LLVMModuleRef m, gs_target_kind kind, const char *cpu, const char *out,
                      const char *err) {
  LLVMContextSetDiagnosticHandler(LLVMGetModuleContext(m), child_diagnostic, (void *)err);
  if (kind == GS_TARGET_SPIRV && GS_LLVM_MAJOR < 20) {
#if GS_HAVE_SPIRV_TRANSLATOR
    /* the translator's debug info does not pass spirv-val; segments carry
     * none of their own anyway */
    LLVMStripModuleDebugInfo(m);
    spirv_legalize(m);
    if (child_verify(m, err))
      return 1;
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
    char *data = NULL, *msg = NULL;
    size_t size = 0;
    if (!gs_spirv_translate(m, &data, &size, &msg)) {
      write_message(err, msg);
      return 1;
    }
    if ((msg = spirv_check(data, size))) {
      write_message(err, msg);
      return 1;
    }
    FILE *f = fopen(out, "wb");
    if (!f || fwrite(data, 1, size, f) != size) {
      write_message(err, "cannot write the SPIR-V");
      return 1;
    }
    fclose(f);
    return 0;
#else
    write_message(err, "this gridsplit was built without SPIRV-LLVM-Translator");
    return 1;
#endif
  }
  const char *triple = kind == GS_TARGET_SPIRV ? "spirv64-unknown-unknown" : LLVMGetTarget(m);
  if (kind == GS_TARGET_SPIRV) {
    LLVMSetTarget(m, triple);
    spirv_legalize(m);
  }
  /* the AMDGPU backend of LLVM 15 stops on some one-element vectors that
   * cross blocks ("Cannot select: i8 = truncate"), which the carried state
   * makes more of: as scalars they are plain values */
  if (kind == GS_TARGET_AMDGCN)
    scalarize_one_element_vectors(m);
  if ((kind == GS_TARGET_SPIRV || kind == GS_TARGET_AMDGCN) && child_verify(m, err))
    return 1;
  LLVMTargetRef target;
  char *msg = NULL;
  if (LLVMGetTargetFromTriple(triple, &target, &msg)) {
    write_message(err, msg ? msg : "no such target");
    return 1;
  }
  LLVMTargetMachineRef tm =
      LLVMCreateTargetMachine(target, triple, cpu ? cpu : "", "", LLVMCodeGenLevelDefault,
                              LLVMRelocPIC, LLVMCodeModelDefault);
  if (cpu && !gs_target_cpu_valid(tm, cpu)) {
    char text[256];
    snprintf(text, sizeof text, "'%s' is not a processor the %s target of LLVM %d knows", cpu,
             targets[kind].name, GS_LLVM_MAJOR);
    write_message(err, text);
    return 1;
  }
  if (kind == GS_TARGET_AMDGCN || kind == GS_TARGET_NVPTX)
    drop_dead_functions(m);

  if (kind == GS_TARGET_NVPTX) {
    char *why = ptx_kernel_params(m);
    if (why) {
      write_message(err, why);
      free(why);
      return 1;
    }
    if (sm_at_least(cpu, 90))
      ptx_grid_dependency(m);
    ptx_names(m);
  }
  LLVMTargetDataRef layout = LLVMCreateTargetDataLayout(tm);
  LLVMSetModuleDataLayout(m, layout);
  LLVMDisposeTargetData(layout);
  /* sm_90 emits PTX ISA 7.8 */
  if (kind == GS_TARGET_NVPTX && sm_at_least(cpu, 90))
    ptx_stream_hints(m);
  LLVMCodeGenFileType ft = kind == GS_TARGET_NVPTX ? LLVMAssemblyFile : LLVMObjectFile;
  int failed = LLVMTargetMachineEmitToFile(tm, m, (char *)out, ft, &msg);
  if (failed)
    write_message(err, msg ? msg : "the backend failed");
  if (!failed && kind == GS_TARGET_SPIRV) {
    char *data = NULL, *why = NULL;
    size_t size = 0;
    gs_error *re = gs_read_file(out, &data, &size);
    why = re ? gs_strdup(gs_error_message(re)) : spirv_check(data, size);
    gs_error_dispose(re);
    if (why) {
      write_message(err, why);
      failed = 1;
    }
    free(why);
    free(data);
  }
  LLVMDisposeMessage(msg);
  LLVMDisposeTargetMachine(tm);
  LLVMDisposeModule(m);
  return failed;
}

/* The reason in LOG (N bytes), the stderr of a child that stopped: the
 * text after "LLVM ERROR: ", else its first non-empty line (a failed
 * assertion's message; a stack dump may follow); NULL if none. Cuts LOG.
 * Bytes that are not printable ASCII become '?'. */
static const char *child_reason(char *log, size_t n) {
  if (!log || !n)
    return NULL;
  for (size_t i = 0; i < n; i++)
    if (log[i] != '\n' && ((unsigned char)log[i] < 32 || (unsigned char)log[i] > 126))
      log[i] = log[i] == '\t' ? ' ' : '?';
  char *line = strstr(log, "LLVM ERROR: ");
  if (line)
    line += 12;
  else
    line = log + strspn(log, "\n ");
  line[strcspn(line, "\n")] = 0;
  return *line ? line : NULL;
}

/* ld.lld -shared: an HSA code object from the AMDGPU object file */
static gs_error *link_code_object(const char *obj, const char *out) {
  char *argv[] = {(char *)GS_LLD_PATH, "-shared", "-o", (char *)out, (char *)obj, NULL};
  pid_t pid;
  int rc = posix_spawn(&pid, GS_LLD_PATH, NULL, NULL, argv, environ);
  if (rc)
    return gs_errorf("cannot run %s: %s", GS_LLD_PATH, strerror(rc));
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  if (!WIFEXITED(status) || WEXITSTATUS(status))
    return gs_errorf("%s -shared could not link the AMDGPU code object", GS_LLD_PATH);
  return NULL;
}

gs_error *gs_emit(LLVMModuleRef m, gs_target_kind kind, const char *mcpu, char **data,
                  size_t *size) {
  *data = NULL;
  *size = 0;
  if ((unsigned)kind > GS_TARGET_NVPTX)
    return gs_errorf("gs_emit: no target kind %d", (int)kind);
  if (kind == GS_TARGET_IR) {
    *data = LLVMPrintModuleToString(m);
    char *copy = gs_strdup(*data);
    LLVMDisposeMessage(*data);
    *data = copy;
    *size = strlen(copy);
    return NULL;
  }
  if (!triple_is(m, kind))
    return gs_errorf("the module is for '%s', not for the %s target: compile the kernels for %s",
                     LLVMGetTarget(m), targets[kind].name, targets[kind].triple);
  if (kind == GS_TARGET_SPIRV && GS_LLVM_MAJOR < 20) {
    /* SPIRV-LLVM-Translator 15 crashes on opaque pointers */
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
  }
  const char *cpu = mcpu ? mcpu : targets[kind].cpu;
  if (kind == GS_TARGET_SPIRV)
    cpu = NULL;
  init_targets();
  char out[] = "/tmp/gridsplit-emit-XXXXXX", err[] = "/tmp/gridsplit-emit-err-XXXXXX";
  int fo = mkstemp(out), fe = mkstemp(err);
  if (fo < 0 || fe < 0)
    return gs_errorf("cannot create a temporary file: %s", strerror(errno));
  close(fo);
  close(fe);
  LLVMModuleRef copy = LLVMCloneModule(m);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    /* what the child's LLVM prints (a fatal error's reason among it) goes
     * to ERR, which a clean error message replaces */
    FILE *log = freopen(err, "a", stderr);
    (void)log;
    _exit(child_emit(copy, kind, cpu, out, err));
  }
  LLVMDisposeModule(copy);
  gs_error *e = NULL;
  int status = 0;
  if (pid < 0) {
    e = gs_errorf("cannot start code generation: %s", strerror(errno));
  } else {
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
      ;
    if (WIFSIGNALED(status)) {
      /* what the child printed before it stopped: LLVM's fatal error
       * ("LLVM ERROR: Cannot select: ..."), else the last line, such as a
       * failed assertion of the translator */
      char *log = NULL;
      size_t n = 0;
      gs_error_dispose(gs_read_file(err, &log, &n));
      const char *why = child_reason(log, n);
      e = gs_errorf("the %s %s of LLVM %d stopped (signal %d) while emitting the segments%s%s",
                    targets[kind].name,
                    kind == GS_TARGET_SPIRV && GS_LLVM_MAJOR < 20 ? "translator" : "backend",
                    GS_LLVM_MAJOR, WTERMSIG(status), why ? ": " : "", why ? why : "");
      free(log);
    } else if (WEXITSTATUS(status)) {
      char *msg = NULL;
      size_t n = 0;
      gs_error_dispose(gs_read_file(err, &msg, &n));
      while (n && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
        msg[--n] = 0;
      /* one line: the translator's messages span several */
      size_t w = 0;
      for (size_t r = 0; r < n; r++) {
        char ch = msg[r] == '\n' || msg[r] == '\t' ? ' ' : msg[r];
        if (ch != ' ' || (w && msg[w - 1] != ' '))
          msg[w++] = ch;
      }
      msg[w] = 0;
      n = w;
      e = gs_errorf("%s code generation failed: %s", targets[kind].name,
                    n ? msg : "the backend gave no reason");
      free(msg);
    }
  }
  if (!e && kind == GS_TARGET_AMDGCN) {
    char so[] = "/tmp/gridsplit-hsaco-XXXXXX";
    int fs = mkstemp(so);
    if (fs >= 0)
      close(fs);
    e = fs < 0 ? gs_errorf("cannot create a temporary file") : link_code_object(out, so);
    if (!e)
      e = gs_read_file(so, data, size);
    unlink(so);
  } else if (!e) {
    e = gs_read_file(out, data, size);
  }
  unlink(out);
  unlink(err);
  return e;
}
