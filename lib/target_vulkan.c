/* The Vulkan output (--target vulkan, docs/targets.md "Vulkan"): the split
 * runs as for SPIR (lib/target_spir.c: OpenCL-flavoured kernels), and
 * emission rewrites every kernel into a GLCompute shader for LLVM 22's SPIR-V
 * backend with a Vulkan triple:
 * - a global or constant buffer argument becomes a storage buffer (set 0,
 *   binding = its place among the kernel's pointer arguments), read and
 *   written as an array of 32-bit words through
 *   llvm.spv.resource.handlefrombinding / getpointer; a buffer the kernel
 *   only reads (`readonly`, the roles' attribute) is NonWritable;
 * - every access is turned from pointer arithmetic into a byte offset from
 *   its buffer, then into word accesses: whole words loaded or stored and
 *   bitcast, narrower values shifted out of their word, and stored with two
 *   atomic operations on their word (which other invocations may be
 *   writing);
 * - workgroup variables become arrays of words in the same way;
 * - scalar arguments become one push-constant block per kernel;
 * - OpenCL's id and size queries become the shader builtins, barrier() the
 *   workgroup barrier; the workgroup size is the kernel's
 *   reqd_work_group_size, else 64 x 1 x 1;
 * - kernels that reach a grid barrier (the split's originals) are left
 *   out: a shader cannot import one.
 * What cannot be put so is refused, naming the instruction, and nothing is
 * written. Every module passes spirv-val for Vulkan 1.3. */
#include "split_steps.h" /* virtual_arg_names */
#include "vulkan.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if GS_LLVM_MAJOR >= 22

/* reqd_work_group_size, else 64 x 1 x 1 */
static void workgroup_size(vk *v, LLVMValueRef fn, unsigned wg[3]) {
  wg[0] = 64;
  wg[1] = wg[2] = 1;
  unsigned kind = LLVMGetMDKindIDInContext(v->ctx, "reqd_work_group_size", 20);
  size_t n;
  LLVMValueMetadataEntry *entries = LLVMGlobalCopyAllMetadata(fn, &n);
  for (size_t i = 0; i < n; i++) {
    if (LLVMValueMetadataEntriesGetKind(entries, (unsigned)i) != kind)
      continue;
    LLVMValueRef md =
        LLVMMetadataAsValue(v->ctx, LLVMValueMetadataEntriesGetMetadata(entries, (unsigned)i));
    if (LLVMGetMDNodeNumOperands(md) != 3)
      continue;
    LLVMValueRef ops[3];
    LLVMGetMDNodeOperands(md, ops);
    for (int d = 0; d < 3; d++)
      if (ops[d] && LLVMIsAConstantInt(ops[d]))
        wg[d] = (unsigned)LLVMConstIntGetZExtValue(ops[d]);
  }
  LLVMDisposeValueMetadataEntries(entries);
}

static int reaches_grid_barrier(LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      const char *name = ir_is_call(in) ? ir_callee_name(in) : NULL;
      if (name && barrier_is_spelling(NULL, name))
        return 1;
    }
  return 0;
}

/* Where K's scalar arguments lie in the push constants: in order, each at
 * the next multiple of its size (the host's C layout); their bytes in all,
 * or 0 with *ERR set for an argument that has no such place. */
static unsigned scalar_layout(vk *v, LLVMValueRef k, unsigned *offsets, char **err) {
  unsigned at = 0;
  for (unsigned i = 0; i < LLVMCountParams(k); i++) {
    LLVMValueRef a = LLVMGetParam(k, i);
    LLVMTypeRef ty = LLVMTypeOf(a);
    if (LLVMGetTypeKind(ty) == LLVMPointerTypeKind)
      continue;
    unsigned bytes;
    int s = vulkan_shape(v, ty, &bytes);
    if (!s || bytes > 8) {
      *err = vulkan_refuse(a, "is a scalar argument that a push constant cannot hold");
      return 0;
    }
    at = (at + bytes - 1) / bytes * bytes;
    offsets[i] = at;
    at += bytes;
  }
  return at;
}

/* argument A, BYTES at byte OFFSET of the push constants, at the builder */
static LLVMValueRef push_load(vk *v, LLVMTypeRef ty, unsigned offset, unsigned bytes) {
  LLVMValueRef x = NULL;
  unsigned n = bytes < 4 ? 1 : bytes / 4;
  if (bytes >= 4)
    x = n == 1 ? NULL : LLVMGetUndef(vulkan_words_type(v, n));
  LLVMValueRef w = NULL;
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef ix[3] = {LLVMConstInt(v->i32, 0, 0), LLVMConstInt(v->i32, 0, 0),
                          LLVMConstInt(v->i32, offset / 4 + k, 0)};
    w = LLVMBuildLoad2(v->b, v->i32, LLVMBuildInBoundsGEP2(v->b, v->push_ty, v->push, ix, 3, ""),
                       "");
    if (bytes >= 4 && n > 1)
      x = LLVMBuildInsertElement(v->b, x, w, LLVMConstInt(v->i32, k, 0), "");
  }
  if (bytes < 4) {
    LLVMValueRef part =
        LLVMBuildTrunc(v->b, LLVMBuildLShr(v->b, w, LLVMConstInt(v->i32, 8 * (offset % 4), 0), ""),
                       LLVMIntTypeInContext(v->ctx, 8 * bytes), "");
    return LLVMBuildBitCast(v->b, part, ty, "");
  }
  return LLVMBuildBitCast(v->b, n == 1 ? w : x, ty, "");
}

/* Kernel K as a shader: buffers bound, scalars pushed, accesses in words. */
static char *make_shader(vk *v, LLVMValueRef k) {
  size_t len;
  char *name = gs_strdup(LLVMGetValueName2(k, &len));
  LLVMSetValueName2(k, "", 0);
  unsigned wg[3];
  workgroup_size(v, k, wg);
  LLVMTypeRef voidt = LLVMVoidTypeInContext(v->ctx);
  LLVMValueRef e = LLVMAddFunction(v->m, name, LLVMFunctionType(voidt, NULL, 0, 0));
  char threads[64];
  snprintf(threads, sizeof threads, "%u,%u,%u", wg[0], wg[1], wg[2]);
  LLVMAddAttributeAtIndex(e, LLVMAttributeFunctionIndex,
                          LLVMCreateStringAttribute(v->ctx, "hlsl.shader", 11, "compute", 7));
  LLVMAddAttributeAtIndex(
      e, LLVMAttributeFunctionIndex,
      LLVMCreateStringAttribute(v->ctx, "hlsl.numthreads", 15, threads, (unsigned)strlen(threads)));
  /* the body moves over; the arguments are made at its entry */
  while (LLVMGetFirstBasicBlock(k)) {
    LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(k);
    LLVMRemoveBasicBlockFromParent(bb);
    LLVMAppendExistingBasicBlock(e, bb);
  }
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(e);
  LLVMPositionBuilderBefore(v->b, LLVMGetFirstInstruction(entry));
  unsigned n = LLVMCountParams(k), binding = 0, nscalars = 0;
  unsigned readonly = LLVMGetEnumAttributeKindForName("readonly", 8);
  char *err = NULL;
  for (unsigned i = 0; i < n && !err; i++) {
    LLVMValueRef a = LLVMGetParam(k, i);
    LLVMTypeRef ty = LLVMTypeOf(a);
    if (!strcmp(LLVMGetValueName2(a, &len), virtual_arg_names[0])) {
      /* nothing runs such shaders yet, nor checks them: refused, not guessed */
      err = vulkan_refuse(a, "is a virtual-workgroup count: --target vulkan does not take "
                             "virtual workgroups yet (split without them)");
      break;
    }
    if (LLVMGetTypeKind(ty) != LLVMPointerTypeKind) {
      nscalars++;
      continue;
    }
    unsigned as = LLVMGetPointerAddressSpace(ty);
    if (as != 1 && as != 2) {
      err = vulkan_refuse(a, "is a pointer argument outside global and constant memory, which a "
                             "Vulkan shader cannot take");
      break;
    }
    int writable = as == 1 && !LLVMGetEnumAttributeAtIndex(k, i + 1, readonly);
    LLVMTypeRef arr = LLVMArrayType2(v->i32, 0);
    unsigned ints[2] = {12 /* StorageBuffer */, (unsigned)writable};
    LLVMTypeRef hty = LLVMTargetExtTypeInContext(v->ctx, "spirv.VulkanBuffer", &arr, 1, ints, 2);
    /* a name of its own per shader: LLVM 22 makes one variable per name,
     * and a buffer one segment only reads another may write */
    const char *aname = LLVMGetValueName2(a, &len);
    char *bn = gs_xmalloc(strlen(name) + len + 2);
    sprintf(bn, "%s.%s", name, aname);
    LLVMValueRef bname = LLVMBuildGlobalString(v->b, bn, "");
    free(bn);
    LLVMValueRef args[5] = {LLVMConstInt(v->i32, 0, 0), LLVMConstInt(v->i32, binding++, 0),
                            LLVMConstInt(v->i32, 1, 0), LLVMConstInt(v->i32, 0, 0), bname};
    root r = {NULL, 0, NULL, NULL};
    r.control = !strcmp(aname, GS_CONTROL_ARG_NAME);
    r.handle = vulkan_call(v, vulkan_intrinsic(v, "llvm.spv.resource.handlefrombinding", &hty, 1),
                           args, 5, LLVMGetValueName2(a, &len));
    VEC_PUSH(&v->roots, root, r);
    map_put(&v->root_of, a, (intptr_t)v->roots.len);
  }
  unsigned *offsets = gs_xcalloc(n + 1, sizeof *offsets);
  if (!err && nscalars)
    scalar_layout(v, k, offsets, &err);
  for (unsigned i = 0; !err && i < n; i++) {
    LLVMValueRef a = LLVMGetParam(k, i);
    if (LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind)
      continue;
    unsigned bytes;
    vulkan_shape(v, LLVMTypeOf(a), &bytes);
    LLVMValueRef x = push_load(v, LLVMTypeOf(a), offsets[i], bytes);
    LLVMSetValueName2(x, LLVMGetValueName2(a, &len), len);
    LLVMReplaceAllUsesWith(a, x);
  }
  free(offsets);
  if (!err)
    err = vulkan_rewrite_builtins(v, e, wg);
  if (!err)
    err = vulkan_rewrite_accesses(v, e);
  free(name);
  return err;
}

/* After the rewrite nothing may use K's arguments any more (K goes). */
static char *check_args_unused(LLVMValueRef k) {
  for (unsigned i = 0; i < LLVMCountParams(k); i++) {
    LLVMUseRef u = LLVMGetFirstUse(LLVMGetParam(k, i));
    if (u)
      return vulkan_refuse(LLVMGetUser(u),
                           "uses a kernel argument in a way a Vulkan shader cannot");
  }
  return NULL;
}

/* Workgroup variables as arrays of words, their roots. */
static char *workgroup_words(vk *v) {
  LLVMValueRef last = LLVMGetLastGlobal(v->m); /* the words go after it */
  for (LLVMValueRef g = LLVMGetFirstGlobal(v->m), next; g; g = next) {
    next = g == last ? NULL : LLVMGetNextGlobal(g);
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
    if (as == 1 && LLVMGetFirstUse(g))
      return vulkan_refuse(g, "is a program-scope variable in global memory, which Vulkan has no "
                              "storage for");
    if (as != AS_WORKGROUP)
      continue;
    unsigned long long bytes = LLVMABISizeOfType(v->td, LLVMGlobalGetValueType(g));
    LLVMTypeRef wty = LLVMArrayType2(v->i32, (bytes + 3) / 4);
    size_t len;
    char *gname = gs_strdup(LLVMGetValueName2(g, &len));
    LLVMValueRef w = LLVMAddGlobalInAddressSpace(v->m, wty, "", AS_WORKGROUP);
    LLVMSetLinkage(w, LLVMInternalLinkage);
    LLVMSetInitializer(w, LLVMGetUndef(wty));
    LLVMSetAlignment(w, 4);
    LLVMSetValueName2(w, gname, len);
    free(gname);
    root r = {NULL, 0, w, wty};
    VEC_PUSH(&v->roots, root, r);
    map_put(&v->root_of, g, (intptr_t)v->roots.len);
  }
  return NULL;
}

/* emit_rewrite: the module (the split's, for SPIR) into shaders */
static char *vulkan_rewrite(LLVMModuleRef m, const char *cpu) {
  (void)cpu;
  vk v;
  memset(&v, 0, sizeof v);
  v.m = m;
  v.ctx = LLVMGetModuleContext(m);
  v.td = LLVMCreateTargetData(LLVMGetDataLayoutStr(m)); /* the split's, SPIR's */
  v.b = LLVMCreateBuilderInContext(v.ctx);
  v.i32 = LLVMInt32TypeInContext(v.ctx);
  v.i64 = LLVMInt64TypeInContext(v.ctx);
  vec_init(&v.roots, sizeof(root));
  vec_init(&v.dead, sizeof(LLVMValueRef));
  map_init(&v.root_of);
  map_init(&v.resolved);
  map_init(&v.root_memo);
  char *err = NULL;
  /* helpers into the kernels: a shader passes no pointers to functions */
  unsigned inl = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
  unsigned noinl = LLVMGetEnumAttributeKindForName("noinline", 8);
  unsigned optnone = LLVMGetEnumAttributeKindForName("optnone", 7);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (LLVMCountBasicBlocks(f) && LLVMGetFunctionCallConv(f) != LLVMSPIRKERNELCallConv) {
      LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, noinl);
      LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, optnone);
      LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                              LLVMCreateEnumAttribute(v.ctx, inl, 0));
    }
  gs_error *pe = ir_run_passes(m, "always-inline", "inlining into the shaders");
  if (pe) {
    err = gs_strdup(gs_error_message(pe));
    gs_error_dispose(pe);
  }
  gs_vec kernels;
  vec_init(&kernels, sizeof(LLVMValueRef));
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (LLVMCountBasicBlocks(f) && LLVMGetFunctionCallConv(f) == LLVMSPIRKERNELCallConv)
      VEC_PUSH(&kernels, LLVMValueRef, f);
  /* the split's originals call a grid barrier: no shader can */
  for (size_t i = 0; !err && i < kernels.len; i++) {
    LLVMValueRef k = VEC_AT(&kernels, LLVMValueRef, i);
    if (reaches_grid_barrier(k)) {
      LLVMDeleteFunction(k);
      VEC_AT(&kernels, LLVMValueRef, i) = NULL;
    }
  }
  if (!err)
    err = workgroup_words(&v);
  /* one push-constant block for every shader: LLVM 22 lists every
   * variable of the module in every entry point's interface, and Vulkan
   * allows an entry point one push-constant block */
  unsigned push_bytes = 0;
  for (size_t i = 0; !err && i < kernels.len; i++) {
    LLVMValueRef k = VEC_AT(&kernels, LLVMValueRef, i);
    if (!k)
      continue;
    unsigned *offsets = gs_xcalloc(LLVMCountParams(k) + 1, sizeof *offsets);
    unsigned bytes = scalar_layout(&v, k, offsets, &err);
    free(offsets);
    if (bytes > push_bytes)
      push_bytes = bytes;
  }
  if (!err && push_bytes) {
    LLVMTypeRef words = LLVMArrayType2(v.i32, (push_bytes + 3) / 4);
    v.push_ty = LLVMStructTypeInContext(v.ctx, &words, 1, 0);
    v.push = LLVMAddGlobalInAddressSpace(m, v.push_ty, "gs.push", AS_PUSH);
    LLVMSetExternallyInitialized(v.push, 1);
    LLVMSetVisibility(v.push, LLVMHiddenVisibility);
  }
  for (size_t i = 0; !err && i < kernels.len; i++) {
    LLVMValueRef k = VEC_AT(&kernels, LLVMValueRef, i);
    if (k)
      err = make_shader(&v, k);
  }
  if (!err) {
    for (size_t i = v.dead.len; i-- > 0;)
      LLVMInstructionEraseFromParent(VEC_AT(&v.dead, LLVMValueRef, i));
    /* a loop's pointer phi and its step use each other: with every access
     * through them rewritten (any other use was refused), nothing else does */
    for (size_t i = 0; i < v.resolved.cap; i++) {
      LLVMValueRef p = (LLVMValueRef)v.resolved.slots[i].key;
      if (p && LLVMIsAPHINode(p))
        LLVMReplaceAllUsesWith(p, LLVMGetPoison(LLVMTypeOf(p)));
    }
    /* the pointer arithmetic the accesses no longer use, the kernels' old
     * shells, and what only they used */
    int changed = 1;
    while (changed) {
      changed = 0;
      for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
          for (LLVMValueRef in = LLVMGetFirstInstruction(bb), nx; in; in = nx) {
            nx = LLVMGetNextInstruction(in);
            if (!LLVMGetFirstUse(in) &&
                (LLVMIsAGetElementPtrInst(in) || LLVMIsACastInst(in) || LLVMIsAPHINode(in) ||
                 LLVMIsASelectInst(in) || LLVMIsABinaryOperator(in))) {
              LLVMInstructionEraseFromParent(in);
              changed = 1;
            }
          }
    }
    for (size_t i = 0; !err && i < kernels.len; i++)
      if (VEC_AT(&kernels, LLVMValueRef, i))
        err = check_args_unused(VEC_AT(&kernels, LLVMValueRef, i));
    for (size_t i = 0; !err && i < kernels.len; i++)
      if (VEC_AT(&kernels, LLVMValueRef, i))
        LLVMDeleteFunction(VEC_AT(&kernels, LLVMValueRef, i));
    for (LLVMValueRef f = LLVMGetFirstFunction(m), next; !err && f; f = next) {
      next = LLVMGetNextFunction(f);
      if (!LLVMGetFirstUse(f) && LLVMGetFunctionCallConv(f) != LLVMSPIRKERNELCallConv &&
          !LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, "hlsl.shader", 11))
        LLVMDeleteFunction(f);
    }
    for (LLVMValueRef g = LLVMGetFirstGlobal(m), next; g; g = next) {
      next = LLVMGetNextGlobal(g);
      if (!LLVMGetFirstUse(g) && LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == AS_WORKGROUP &&
          map_get(&v.root_of, g, NULL))
        LLVMDeleteGlobal(g);
    }
  }
  /* Vulkan asks for structured control flow; the segments' entry dispatch
   * and the control word's early exits are not, and LLVM 22's backend
   * structurizes only some shapes (heat1d's segments failed spirv-val:
   * "OpSelectionMerge must immediately precede ..."): LLVM's structurizer
   * first */
  if (!err) {
    gs_error *se = ir_run_passes(m, "function(structurizecfg)", "structurizing the shaders");
    if (se) {
      err = gs_strdup(gs_error_message(se));
      gs_error_dispose(se);
    }
  }
  vec_free(&kernels);
  vec_free(&v.roots);
  vec_free(&v.dead);
  map_free(&v.root_of);
  map_free(&v.resolved);
  map_free(&v.root_memo);
  LLVMDisposeBuilder(v.b);
  LLVMDisposeTargetData(v.td);
  return err;
}

static gs_error *vulkan_emit_check(LLVMModuleRef m) {
  (void)m;
  return NULL;
}

#else

static gs_error *vulkan_emit_check(LLVMModuleRef m) {
  (void)m;
  return gs_errorf("--target vulkan needs gridsplit built with LLVM 22 or later: it emits with "
                   "LLVM's SPIR-V backend for Vulkan, which LLVM %d lacks (this build emits "
                   "OpenCL's SPIR-V, --target spirv, through SPIRV-LLVM-Translator)",
                   GS_LLVM_MAJOR);
}

#endif

/* Mends two faults of LLVM 22's SPIR-V backend for Vulkan, each pinned by a
 * lit test (Target_vulkan_backend_mends.ll):
 * - it writes the zero of atomics' scope and semantics (and of some
 *   selects) as OpConstantNull of a 32-bit integer, then reuses that as the
 *   member index 0 of a storage buffer's OpAccessChain, which must be an
 *   OpConstant. A null scalar integer or float is the constant 0, so each
 *   becomes OpConstant %type %id 0 (ids and order kept).
 * - llvm.spv.group.memory.barrier.with.group.sync is OpControlBarrier
 *   Workgroup Workgroup SequentiallyConsistent, with no storage class, which
 *   orders no memory at all; OpenCL's barrier() orders workgroup (and with
 *   CLK_GLOBAL_MEM_FENCE global) memory. Its semantics become
 *   AcquireRelease | UniformMemory | WorkgroupMemory, a constant added
 *   after the 32-bit unsigned integer type. */
enum {
  OP_TYPE_INT = 21,
  OP_TYPE_FLOAT = 22,
  OP_CONSTANT = 43,
  OP_CONSTANT_NULL = 46,
  OP_CONTROL_BARRIER = 224,
  BARRIER_SEMANTICS = 0x8 | 0x40 | 0x100
};

static int vulkan_mend(char **data, size_t *size) {
  if (*size % 4 || *size < 20)
    return 0;
  size_t n = *size / 4;
  uint32_t *w = (uint32_t *)*data;
  uint32_t bound = w[3], uint_ty = 0, semantics = bound;
  unsigned char *width = gs_xcalloc(bound + 1, 1); /* scalar types' widths in words */
  int barriers = 0;
  for (size_t i = 5; i < n;) {
    uint32_t count = w[i] >> 16, op = w[i] & 0xffff;
    if (!count || i + count > n) {
      free(width);
      return 0; /* not SPIR-V as expected: left to the validator */
    }
    if ((op == OP_TYPE_INT || op == OP_TYPE_FLOAT) && count >= 3 && w[i + 1] < bound) {
      width[w[i + 1]] = (unsigned char)(w[i + 2] > 32 ? 2 : 1);
      if (op == OP_TYPE_INT && count == 4 && w[i + 2] == 32 && !w[i + 3])
        uint_ty = w[i + 1];
    }
    barriers |= op == OP_CONTROL_BARRIER;
    i += count;
  }
  uint32_t *out = gs_xmalloc(2 * *size + 32);
  size_t o = 0, changed = 0;
  for (size_t i = 0; i < 5; i++)
    out[o++] = w[i];
  for (size_t i = 5; i < n;) {
    uint32_t count = w[i] >> 16, op = w[i] & 0xffff;
    if (op == OP_CONSTANT_NULL && count == 3 && w[i + 1] < bound && width[w[i + 1]]) {
      unsigned words = width[w[i + 1]];
      out[o++] = ((3u + words) << 16) | OP_CONSTANT;
      out[o++] = w[i + 1];
      out[o++] = w[i + 2];
      for (unsigned k = 0; k < words; k++)
        out[o++] = 0;
      changed++;
    } else if (op == OP_CONTROL_BARRIER && count == 4 && uint_ty) {
      out[o++] = w[i];
      out[o++] = w[i + 1];
      out[o++] = w[i + 2];
      out[o++] = semantics;
      changed++;
    } else {
      for (uint32_t k = 0; k < count; k++)
        out[o++] = w[i + k];
    }
    if (op == OP_TYPE_INT && w[i + 1] == uint_ty && barriers) {
      out[o++] = (4u << 16) | OP_CONSTANT;
      out[o++] = uint_ty;
      out[o++] = semantics;
      out[o++] = BARRIER_SEMANTICS;
    }
    i += count;
  }
  free(width);
  if (!changed) {
    free(out);
    return 0;
  }
  if (barriers && uint_ty)
    out[3] = bound + 1;
  free(*data);
  *data = (char *)out;
  *size = o * 4;
  return 1;
}

/* NULL when the SPIR-V DATA passes spirv-val for Vulkan 1.3 */
static char *vulkan_check(const char *data, size_t size) { return spirv_check_for(data, size, 1); }

/* The Vulkan output's emission (lib/target.c pairs it with SPIR's
 * analysis and lowering). */
const gs_target target_vulkan = {
    .name = "vulkan",
    .triple = "spir64-unknown-unknown",
    .triple_prefix = "spir",
    .emitter = "backend",
    .emit_check = vulkan_emit_check,
#if GS_LLVM_MAJOR >= 22
    .backend_triple = VULKAN_TRIPLE,
    .emit_rewrite = vulkan_rewrite,
#endif
    .emits_assembly = 0,
    .drop_dead_functions = 0,
    .check_output = vulkan_check,
    .mend_output = vulkan_mend,
};
