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

#include <llvm-c/Support.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if GS_LLVM_MAJOR >= 22

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

/* The handle of storage buffer BINDING of set 0 (its variable named NAME:
 * LLVM 22 makes one variable per name), at the builder */
static LLVMValueRef buffer_handle(vk *v, unsigned binding, int writable, const char *name,
                                  const char *value_name) {
  LLVMTypeRef arr = LLVMArrayType2(v->i32, 0);
  unsigned ints[2] = {12 /* StorageBuffer */, (unsigned)writable};
  LLVMTypeRef hty = LLVMTargetExtTypeInContext(v->ctx, "spirv.VulkanBuffer", &arr, 1, ints, 2);
  LLVMValueRef args[5] = {LLVMConstInt(v->i32, 0, 0), LLVMConstInt(v->i32, binding, 0),
                          LLVMConstInt(v->i32, 1, 0), LLVMConstInt(v->i32, 0, 0),
                          LLVMBuildGlobalString(v->b, name, "")};
  return vulkan_call(v, vulkan_intrinsic(v, "llvm.spv.resource.handlefrombinding", &hty, 1), args,
                     5, value_name);
}

/* a new compute entry point NAME with workgroups of WG */
static LLVMValueRef add_entry(vk *v, const char *name, const unsigned wg[3]) {
  LLVMTypeRef voidt = LLVMVoidTypeInContext(v->ctx);
  LLVMValueRef e = LLVMAddFunction(v->m, name, LLVMFunctionType(voidt, NULL, 0, 0));
  char threads[64];
  snprintf(threads, sizeof threads, "%u,%u,%u", wg[0], wg[1], wg[2]);
  LLVMAddAttributeAtIndex(e, LLVMAttributeFunctionIndex,
                          LLVMCreateStringAttribute(v->ctx, "hlsl.shader", 11, "compute", 7));
  LLVMAddAttributeAtIndex(
      e, LLVMAttributeFunctionIndex,
      LLVMCreateStringAttribute(v->ctx, "hlsl.numthreads", 15, threads, (unsigned)strlen(threads)));
  return e;
}

/* The step shader of a dynamic schedule (vulkan_layout.h): after segment
 * S (push word 0) of NSEG (word 1), when the control word says S ran
 * (CURRENT), S's choice NEXT is checked: no flags set, and NEXT the end
 * (-1) or a segment that the successor table allows (its entry not 0).
 * Then the control word becomes {UNSET, FLAGS, LAUNCH + 1, NEXT}, S's
 * dispatch words zero and NEXT's the counts of words 2..4, the first the
 * larger of word 2 and the table's entry (a host gives each segment its
 * own count of physical workgroups there; an entry of 1 keeps word 2);
 * else CURRENT becomes
 * GS_CONTROL_STOPPED(S), FLAGS gaining GS_CONTROL_NOT_SUCCESSOR for a
 * choice that is no successor. Straight-line but for the one test. */
static void step_shader(vk *v) {
  static const unsigned one[3] = {1, 1, 1};
  LLVMValueRef e = add_entry(v, GS_VULKAN_STEP_ENTRY, one);
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(v->ctx, e, "entry");
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(v->ctx, e, "step");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(v->ctx, e, "done");
  LLVMBuilderRef b = v->b;
  LLVMPositionBuilderAtEnd(b, entry);
  LLVMValueRef ctl = buffer_handle(v, GS_VULKAN_STEP_CONTROL, 1, "gs.step.control", "control");
  LLVMValueRef succ =
      buffer_handle(v, GS_VULKAN_STEP_SUCCESSORS, 0, "gs.step.successors", "successors");
  LLVMValueRef disp = buffer_handle(v, GS_VULKAN_STEP_DISPATCH, 1, "gs.step.dispatch", "dispatch");
  LLVMValueRef w[GS_VULKAN_STEP_PUSH_WORDS];
  for (unsigned i = 0; i < GS_VULKAN_STEP_PUSH_WORDS; i++)
    w[i] = push_load(v, v->i32, 4 * i, 4);
  LLVMValueRef seg = w[0], nseg = w[1];
#define C(x) LLVMConstInt(v->i32, (unsigned long long)(x), 1)
#define CTL(i) vulkan_word_of(v, ctl, C(i))
  LLVMValueRef cur = LLVMBuildLoad2(b, v->i32, CTL(GS_CONTROL_CURRENT), "current");
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, cur, seg, ""), body, done);
  LLVMPositionBuilderAtEnd(b, body);
  LLVMValueRef next = LLVMBuildLoad2(b, v->i32, CTL(GS_CONTROL_NEXT), "next");
  LLVMValueRef flags = LLVMBuildLoad2(b, v->i32, CTL(GS_CONTROL_FLAGS), "flags");
  LLVMValueRef launch = LLVMBuildLoad2(b, v->i32, CTL(GS_CONTROL_LAUNCH), "launch");
  /* the table's entry NEXT + 1 of row SEG, read only where it exists */
  LLVMValueRef entry1 = LLVMBuildAdd(b, next, C(1), "");
  LLVMValueRef row = LLVMBuildAdd(b, nseg, C(1), "");
  LLVMValueRef inrange = LLVMBuildICmp(b, LLVMIntULT, entry1, row, "");
  LLVMValueRef at = LLVMBuildAdd(b, LLVMBuildMul(b, seg, row, ""),
                                 LLVMBuildSelect(b, inrange, entry1, C(0), ""), "");
  LLVMValueRef entry_word = LLVMBuildLoad2(b, v->i32, vulkan_word_of(v, succ, at), "");
  LLVMValueRef allowed = LLVMBuildICmp(b, LLVMIntNE, entry_word, C(0), "");
  LLVMValueRef clean = LLVMBuildICmp(b, LLVMIntEQ, flags, C(0), "");
  LLVMValueRef ok = LLVMBuildAnd(b, clean, LLVMBuildAnd(b, inrange, allowed, ""), "ok");
  LLVMValueRef stray = LLVMBuildAnd(b, clean, LLVMBuildNot(b, ok, ""), "");
  LLVMBuildStore(b, LLVMBuildSelect(b, ok, C(GS_CONTROL_UNSET), next, ""), CTL(GS_CONTROL_NEXT));
  LLVMBuildStore(
      b,
      LLVMBuildOr(b, flags, LLVMBuildSelect(b, stray, C(GS_CONTROL_NOT_SUCCESSOR), C(0), ""), ""),
      CTL(GS_CONTROL_FLAGS));
  LLVMBuildStore(b, LLVMBuildSelect(b, ok, LLVMBuildAdd(b, launch, C(1), ""), launch, ""),
                 CTL(GS_CONTROL_LAUNCH));
  LLVMBuildStore(b, LLVMBuildSelect(b, ok, next, LLVMBuildSub(b, C(-2), seg, ""), ""),
                 CTL(GS_CONTROL_CURRENT));
  /* SEG's counts zero, then NEXT's the grid's (a segment may follow itself) */
  LLVMValueRef go = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntSGE, next, C(0), ""), "");
  LLVMValueRef to = LLVMBuildSelect(b, go, next, seg, "");
  for (unsigned d = 0; d < 3; d++)
    LLVMBuildStore(
        b, C(0),
        vulkan_word_of(v, disp, LLVMBuildAdd(b, LLVMBuildMul(b, seg, C(3), ""), C(d), "")));
  for (unsigned d = 0; d < 3; d++) {
    LLVMValueRef count = w[2 + d];
    if (d == 0) /* the larger of the table's entry and the push word */
      count = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntUGT, entry_word, count, ""), entry_word,
                              count, "");
    LLVMBuildStore(
        b, LLVMBuildSelect(b, go, count, C(0), ""),
        vulkan_word_of(v, disp, LLVMBuildAdd(b, LLVMBuildMul(b, to, C(3), ""), C(d), "")));
  }
#undef CTL
#undef C
  LLVMBuildBr(b, done);
  LLVMPositionBuilderAtEnd(b, done);
  LLVMBuildRetVoid(b);
}

/* A load or store of a scalar straight through a private array or struct
 * (its first element: a GEP to it of zeros folds away) crashes LLVM 22's "SPIRV
 * legalize bitcast pass" (signal 11; private_live's and median_filter's
 * segments save such arrays in the live state). Through a GEP of a frozen
 * byte offset 0 it is an access chain the backend types. */
static int zero_indices(LLVMValueRef gep) {
  for (unsigned i = 1; i < (unsigned)LLVMGetNumOperands(gep); i++) {
    LLVMValueRef x = LLVMGetOperand(gep, i);
    if (!LLVMIsAConstantInt(x) || LLVMConstIntGetZExtValue(x))
      return 0;
  }
  return 1;
}

static void anchor_private_accesses(vk *v, LLVMValueRef e) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(e); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      int load = LLVMIsALoadInst(in) != NULL;
      if (!load && !LLVMIsAStoreInst(in))
        continue;
      unsigned at = load ? 0 : 1;
      LLVMValueRef p = LLVMGetOperand(in, at);
      while (LLVMIsAGetElementPtrInst(p) && zero_indices(p))
        p = LLVMGetOperand(p, 0);
      if (!LLVMIsAAllocaInst(p))
        continue;
      LLVMTypeKind k = LLVMGetTypeKind(LLVMGetAllocatedType(p));
      if (k != LLVMArrayTypeKind && k != LLVMStructTypeKind)
        continue;
      LLVMPositionBuilderBefore(v->b, in);
      LLVMValueRef zero = LLVMBuildFreeze(v->b, LLVMConstInt(v->i64, 0, 0), "");
      LLVMSetOperand(in, at,
                     LLVMBuildInBoundsGEP2(v->b, LLVMInt8TypeInContext(v->ctx), p, &zero, 1, ""));
    }
}

/* fcmp uno and ord (isnan, isunordered) are OpUnordered and OpOrdered,
 * which only OpenCL's Kernel capability has: as OpIsNan of each operand */
static void nan_tests(vk *v, LLVMValueRef e) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(e); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb), next; in; in = next) {
      next = LLVMGetNextInstruction(in);
      if (!LLVMIsAFCmpInst(in))
        continue;
      LLVMRealPredicate p = LLVMGetFCmpPredicate(in);
      if (p != LLVMRealUNO && p != LLVMRealORD)
        continue;
      LLVMPositionBuilderBefore(v->b, in);
      LLVMTypeRef over[2] = {LLVMTypeOf(in), LLVMTypeOf(LLVMGetOperand(in, 0))};
      LLVMValueRef isnan = vulkan_intrinsic(v, "llvm.spv.isnan", over, 2);
      LLVMValueRef a = LLVMGetOperand(in, 0), b = LLVMGetOperand(in, 1);
      LLVMValueRef x =
          LLVMBuildOr(v->b, vulkan_call(v, isnan, &a, 1, ""), vulkan_call(v, isnan, &b, 1, ""), "");
      if (p == LLVMRealORD)
        x = LLVMBuildNot(v->b, x, "");
      LLVMReplaceAllUsesWith(in, x);
      LLVMInstructionEraseFromParent(in);
    }
}

/* Kernel K as a shader: buffers bound, scalars pushed, accesses in words,
 * as vulkan_layout_of places them. */
static char *make_shader(vk *v, LLVMValueRef k) {
  vulkan_layout l;
  char *err = vulkan_layout_of(k, v->td, &l);
  if (err) {
    vulkan_layout_free(&l);
    return err;
  }
  size_t len;
  char *name = gs_strdup(LLVMGetValueName2(k, &len));
  LLVMSetValueName2(k, "", 0);
  LLVMValueRef e = add_entry(v, name, l.wg);
  /* the body moves over; the arguments are made at its entry */
  while (LLVMGetFirstBasicBlock(k)) {
    LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(k);
    LLVMRemoveBasicBlockFromParent(bb);
    LLVMAppendExistingBasicBlock(e, bb);
  }
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(e);
  LLVMPositionBuilderBefore(v->b, LLVMGetFirstInstruction(entry));
  for (unsigned i = 0; i < l.nparams; i++) {
    LLVMValueRef a = LLVMGetParam(k, i);
    const vulkan_param *p = &l.params[i];
    const char *aname = LLVMGetValueName2(a, &len);
    if (p->push_offset >= 0) {
      LLVMValueRef x = push_load(v, LLVMTypeOf(a), (unsigned)p->push_offset, p->bytes);
      LLVMSetValueName2(x, aname, len);
      LLVMReplaceAllUsesWith(a, x);
      continue;
    }
    if (!p->bound)
      continue; /* untouched (readnone): an access left would be refused */
    /* a name of its own per shader: a buffer one segment only reads
     * another may write. LLVM 22's backend makes one variable of every
     * binding that shares a name, so an unnamed argument (clang's -O2
     * discards the names) is named by its place */
    char *bn = gs_xmalloc(strlen(name) + len + 16);
    if (len)
      sprintf(bn, "%s.%s", name, aname);
    else
      sprintf(bn, "%s.arg%u", name, i);
    root r = {NULL, 0, 0, NULL, NULL};
    r.control = !strcmp(aname, GS_CONTROL_ARG_NAME);
    r.writable = p->writable;
    r.handle = buffer_handle(v, (unsigned)p->binding, p->writable, bn, aname);
    free(bn);
    VEC_PUSH(&v->roots, root, r);
    map_put(&v->root_of, a, (intptr_t)v->roots.len);
  }
  err = vulkan_rewrite_builtins(v, e, l.wg);
  if (!err)
    err = vulkan_rewrite_accesses(v, e);
  if (!err) {
    vulkan_narrow_truncs(v, e);
    anchor_private_accesses(v, e);
    nan_tests(v, e);
  }
  vulkan_layout_free(&l);
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
    if (as == 1) { /* left by the split, which carries it in the live state */
      LLVMDeleteGlobal(g);
      continue;
    }
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
    root r = {NULL, 0, 1, w, wty};
    VEC_PUSH(&v->roots, root, r);
    map_put(&v->root_of, g, (intptr_t)v->roots.len);
  }
  return NULL;
}

/* LLVM 22's SPIR-V backend emits OpSelectionMerge and OpLoopMerge as the
 * instruction before a header's branch, but they are no terminators to the
 * machine passes. MachineCSE's partial redundancy elimination hoists a value
 * computed on two paths (blur_passes, fused_stats, grid_helpers, heat1d and
 * pagerank store the live state at the same offset on two paths) to the
 * paths' nearest common dominator, before its first terminator: between the
 * header's merge and its branch, which the SPIR-V spec's rule for
 * OpSelectionMerge and OpLoopMerge forbids ("must immediately precede",
 * spirv-val). No IR shape keeps MachineCSE from it: the backend's own
 * CodeGenPrepare, loop strength reduction and instruction selection make such
 * duplicates after us (llvm-project PR 202046 re-seats the merges
 * instead). So the Vulkan emission runs without MachineCSE, as llc -O0 does:
 * it only removes redundant arithmetic, which a Vulkan driver's compiler
 * removes again.
 * Loop strength reduction is off too: in histogram's segments it turned the
 * loop `local_bins[b] = 0` into a store through the workgroup array itself,
 * on which the backend's "SPIRV legalize bitcast pass" crashes (signal 11;
 * `store i32 0, ptr addrspace(3) @g` alone crashes llc 22). It only
 * rewrites induction variables, which the driver's compiler does again.
 * LLVM's options are global to the process; this runs in gs_emit's child,
 * which exits after emitting this one module. */
static void backend_options(void) {
  const char *argv[] = {"gridsplit", "-disable-machine-cse", "-disable-lsr"};
  LLVMParseCommandLineOptions(3, argv, "");
}

/* Whether phi P is used only by itself and by arithmetic that only P uses:
 * a loop's induction variable whose every other use went to its low 32
 * bits (vulkan_narrow.c) */
static int unused_cycle(LLVMValueRef p) {
  for (LLVMUseRef u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef x = LLVMGetUser(u);
    if (x == p)
      continue;
    if (!LLVMIsABinaryOperator(x) && !LLVMIsACastInst(x) && !LLVMIsASelectInst(x) &&
        !LLVMIsAFreezeInst(x))
      return 0;
    for (LLVMUseRef w = LLVMGetFirstUse(x); w; w = LLVMGetNextUse(w))
      if (LLVMGetUser(w) != p)
        return 0;
  }
  return 1;
}

static int odd_width(LLVMTypeRef t) {
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
    t = LLVMGetElementType(t);
  if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind)
    return 0;
  unsigned w = LLVMGetIntTypeWidth(t);
  return w != 1 && w != 8 && w != 16 && w != 32 && w != 64;
}

/* The last look at every instruction of the shaders and what they call:
 * - Vulkan has no system scope (LLVM's default: a C11 or OpenCL 2.0 fence
 *   without a scope): such a fence orders the device's memory, as an
 *   atomic does (vulkan_access.c's vulkan_scope); spirv-val refused it;
 * - LLVM 22's SPIR-V backend computes an integer of another width than 1,
 *   8, 16, 32 or 64 bits (an i48 that instcombine made of a bit field) in
 *   the next wider one without its wrap-around: zext(trunc i64 x to i48)
 *   gave x. Refused.
 * Why not, or NULL */
static char *last_look(vk *v) {
  unsigned device = LLVMGetSyncScopeID(v->ctx, "device", 6);
  for (LLVMValueRef f = LLVMGetFirstFunction(v->m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
        if (LLVMIsAFenceInst(in) && LLVMGetAtomicSyncScopeID(in) == 1)
          LLVMSetAtomicSyncScopeID(in, device);
        int odd = odd_width(LLVMTypeOf(in));
        for (int k = 0; !odd && k < LLVMGetNumOperands(in); k++)
          odd = odd_width(LLVMTypeOf(LLVMGetOperand(in, (unsigned)k)));
        if (odd)
          return vulkan_refuse(in, "computes on an integer of another width than 8, 16, 32 or 64 "
                                   "bits, which LLVM 22's SPIR-V backend widens without its "
                                   "wrap-around");
      }
  return NULL;
}

/* E's message as the emitter's errors are (NULL for none); E disposed */
static char *message_of(gs_error *e) {
  if (!e)
    return NULL;
  char *err = gs_strdup(gs_error_message(e));
  gs_error_dispose(e);
  return err;
}

/* A pointer that chooses between two buffers by a condition (ping-pong
 * buffers: jacobi's src and dst by the sweep's parity) has each access
 * branch on it (vulkan_access.c, dispatch): a shader holds no pointer to
 * either buffer. In the loop over virtual workgroups the condition is the
 * same for the whole launch, and NVIDIA's driver issued each branch's load
 * alone (jacobi_loop through Vulkan 1.47x the static jacobi at 2^27, the
 * same sweeps); the loops of the shaders that branch so are versioned on
 * it (LLVM's non-trivial unswitching), so that each copy reaches one buffer
 * per pointer and its loads issue together (jacobi_loop 1.34 -> 1.22x
 * cooperative time at 2^27 on the H200). Other shaders are left as they
 * are. LLVM's cost threshold (50) is below the size of a segment's loop:
 * it is raised to 1000 meanwhile and set back to LLVM's default, which,
 * like backend_options, is a process-wide setting (a host that set its own
 * value gets the default back). Loops with workgroup barriers stay as they
 * are (convergent calls are not unswitched). */
static char *unswitch_loops(vk *v) {
  const char *raise[] = {"gridsplit", "-unswitch-threshold=1000"};
  const char *back[] = {"gridsplit", "-unswitch-threshold=50"};
  int raised = 0;
  gs_error *e = NULL;
  for (LLVMValueRef f = LLVMGetFirstFunction(v->m); f && !e; f = LLVMGetNextFunction(f)) {
    intptr_t yes;
    if (!LLVMCountBasicBlocks(f) || !map_get(&v->chooses, f, &yes))
      continue;
    if (!raised++)
      LLVMParseCommandLineOptions(2, raise, "");
    e = ir_run_function_passes(f, "loop(simple-loop-unswitch<nontrivial>),simplifycfg",
                               "unswitching the shaders' loops");
  }
  if (raised)
    LLVMParseCommandLineOptions(2, back, "");
  return message_of(e);
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
  map_init(&v.low32);
  map_init(&v.root_memo);
  map_init(&v.chosen);
  map_init(&v.chooses);
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
  err = message_of(ir_run_passes(m, "always-inline", "inlining into the shaders"));
  gs_vec kernels;
  vec_init(&kernels, sizeof(LLVMValueRef));
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (LLVMCountBasicBlocks(f) && LLVMGetFunctionCallConv(f) == LLVMSPIRKERNELCallConv)
      VEC_PUSH(&kernels, LLVMValueRef, f);
  /* the split's originals call a grid barrier: no shader can */
  for (size_t i = 0; !err && i < kernels.len; i++) {
    LLVMValueRef k = VEC_AT(&kernels, LLVMValueRef, i);
    if (!vulkan_is_shader_kernel(k)) {
      LLVMDeleteFunction(k);
      VEC_AT(&kernels, LLVMValueRef, i) = NULL;
    }
  }
  if (!err)
    err = workgroup_words(&v);
  unsigned push_bytes = 0;
  if (!err)
    err = vulkan_push_bytes(m, v.td, &push_bytes);
  if (!err && push_bytes) {
    LLVMTypeRef words = LLVMArrayType2(v.i32, push_bytes / 4);
    v.push_ty = LLVMStructTypeInContext(v.ctx, &words, 1, 0);
    v.push = LLVMAddGlobalInAddressSpace(m, v.push_ty, "gs.push", AS_PUSH);
    LLVMSetExternallyInitialized(v.push, 1);
    LLVMSetVisibility(v.push, LLVMHiddenVisibility);
  }
  int step = !err && vulkan_needs_step(m);
  for (size_t i = 0; !err && i < kernels.len; i++) {
    LLVMValueRef k = VEC_AT(&kernels, LLVMValueRef, i);
    if (k)
      err = make_shader(&v, k);
  }
  if (!err && step)
    step_shader(&v);
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
                 LLVMIsASelectInst(in) || LLVMIsABinaryOperator(in) || LLVMIsAFreezeInst(in))) {
              LLVMInstructionEraseFromParent(in);
              changed = 1;
            } else if (LLVMIsAPHINode(in) && unused_cycle(in)) {
              LLVMReplaceAllUsesWith(in, LLVMGetPoison(LLVMTypeOf(in)));
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
    /* float division to the nearest, in the shaders and what they call */
    if (!err)
      err = vulkan_exact_fdiv(&v);
    if (!err)
      err = last_look(&v);
    /* every workgroup variable no shader uses: the words of those the
     * rewrite replaced, and of the kernels not emitted (--kernel). The
     * backend lists every Workgroup variable in every entry point's
     * interface, and a driver may reserve workgroup memory for each */
    for (LLVMValueRef g = LLVMGetFirstGlobal(m), next; g; g = next) {
      next = LLVMGetNextGlobal(g);
      if (!LLVMGetFirstUse(g) && LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == AS_WORKGROUP)
        LLVMDeleteGlobal(g);
    }
  }
  if (!err)
    err = unswitch_loops(&v);
  /* Vulkan asks for structured control flow; the segments' entry dispatch
   * and the control word's early exits are not, and LLVM 22's backend
   * structurizes only some shapes (without this, bitonic_sort's and
   * gauss_elim's segments fail spirv-val: "block ... exits the selection
   * headed by ..."): LLVM's structurizer first. It takes only two-way
   * branches: a switch it turns into branches on undef (the split's own
   * choice of the next segment is a switch, and so is a user's: lit
   * Run_vulkan_runtime.ll ran wrong bytes, Run_vulkan_runtime_dynamic.ll
   * missed a divergence, game_of_life's rule lost its births), so switches
   * are lowered to branches before it */
  if (!err)
    err = message_of(
        ir_run_passes(m, "function(lower-switch,structurizecfg)", "structurizing the shaders"));
  if (!err)
    backend_options();
  /* GS_VULKAN_DUMP_IR=FILE: the shaders' LLVM IR as the SPIR-V backend
   * gets it, for reducing a backend fault (docs/targets.md, "Vulkan") */
  const char *dump = getenv("GS_VULKAN_DUMP_IR");
  if (!err && dump && *dump) {
    char *why = NULL;
    if (LLVMPrintModuleToFile(m, dump, &why))
      fprintf(stderr, "gridsplit: warning: GS_VULKAN_DUMP_IR: cannot write '%s': %s\n", dump,
              why ? why : "?");
    LLVMDisposeMessage(why);
  }
  vec_free(&kernels);
  vec_free(&v.roots);
  vec_free(&v.dead);
  map_free(&v.root_of);
  map_free(&v.resolved);
  map_free(&v.low32);
  map_free(&v.root_memo);
  map_free(&v.chosen);
  map_free(&v.chooses);
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
 *   after the 32-bit unsigned integer type.
 * - it decorates no floating-point product or sum NoContraction, so a
 *   Vulkan driver may fuse a*b+c (NVIDIA's does), which no other runner
 *   does (llvm.fmuladd is split in two first, vulkan_calls.c): each gets
 *   the decoration, ahead of the module's first.
 * - it lists every global variable in every entry point's interface, and
 *   NVIDIA's driver gives each pipeline all their workgroup memory: each
 *   interface is pruned to what its entry point uses (spirv_interface.c). */
enum {
  OP_DECORATE = 71,
  OP_MEMBER_DECORATE = 72,
  OP_FADD = 129,
  OP_FSUB = 131,
  OP_FMUL = 133,
  OP_VECTOR_TIMES_SCALAR = 142,
  DECORATION_NO_CONTRACTION = 42,
  OP_TYPE_INT = 21,
  OP_TYPE_FLOAT = 22,
  OP_CONSTANT = 43,
  OP_CONSTANT_NULL = 46,
  OP_CONTROL_BARRIER = 224,
  OP_MEMORY_BARRIER = 225,
  /* AcquireRelease | WorkgroupMemory; a memory barrier also UniformMemory */
  BARRIER_SEMANTICS = 0x8 | 0x100,
  FENCE_SEMANTICS = 0x8 | 0x40 | 0x100
};

static int vulkan_mend(char **data, size_t *size) {
  if (*size % 4 || *size < 20)
    return 0;
  size_t n = *size / 4;
  uint32_t *w = (uint32_t *)*data;
  uint32_t bound = w[3], uint_ty = 0, semantics = bound, fence = bound + 1;
  unsigned char *width = gs_xcalloc(bound + 1, 1); /* scalar types' widths in words */
  int barriers = 0;
  size_t arith = 0; /* products and sums to decorate NoContraction */
  for (size_t i = 5; i < n;) {
    uint32_t count = w[i] >> 16, op = w[i] & 0xffff;
    if (!count || i + count > n) {
      free(width);
      return 0; /* not SPIR-V as expected: left to the validator */
    }
    arith += (op == OP_FADD || op == OP_FSUB || op == OP_FMUL || op == OP_VECTOR_TIMES_SCALAR) &&
             count >= 4;
    if ((op == OP_TYPE_INT || op == OP_TYPE_FLOAT) && count >= 3 && w[i + 1] < bound) {
      width[w[i + 1]] = (unsigned char)(w[i + 2] > 32 ? 2 : 1);
      if (op == OP_TYPE_INT && count == 4 && w[i + 2] == 32 && !w[i + 3])
        uint_ty = w[i + 1];
    }
    barriers |= op == OP_CONTROL_BARRIER || op == OP_MEMORY_BARRIER;
    i += count;
  }
  uint32_t *out = gs_xmalloc(2 * *size + 12 * arith + 32);
  size_t o = 0, changed = 0;
  int decorated = 0;
  for (size_t i = 0; i < 5; i++)
    out[o++] = w[i];
  for (size_t i = 5; i < n;) {
    uint32_t count = w[i] >> 16, op = w[i] & 0xffff;
    if ((op == OP_DECORATE || op == OP_MEMBER_DECORATE) && !decorated) {
      decorated = 1;
      for (size_t j = 5; j < n; j += w[j] >> 16) {
        uint32_t jop = w[j] & 0xffff;
        if ((jop == OP_FADD || jop == OP_FSUB || jop == OP_FMUL || jop == OP_VECTOR_TIMES_SCALAR) &&
            (w[j] >> 16) >= 4) {
          out[o++] = (3u << 16) | OP_DECORATE;
          out[o++] = w[j + 2];
          out[o++] = DECORATION_NO_CONTRACTION;
          changed++;
        }
      }
    }
    if (op == OP_CONSTANT_NULL && count == 3 && w[i + 1] < bound && width[w[i + 1]]) {
      unsigned words = width[w[i + 1]];
      out[o++] = ((3u + words) << 16) | OP_CONSTANT;
      out[o++] = w[i + 1];
      out[o++] = w[i + 2];
      for (unsigned k = 0; k < words; k++)
        out[o++] = 0;
      changed++;
    } else if (op == OP_MEMORY_BARRIER && count == 3 && uint_ty) {
      out[o++] = w[i];
      out[o++] = w[i + 1];
      out[o++] = fence;
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
      out[o++] = (4u << 16) | OP_CONSTANT;
      out[o++] = uint_ty;
      out[o++] = fence;
      out[o++] = FENCE_SEMANTICS;
    }
    i += count;
  }
  free(width);
  if (changed && barriers && uint_ty)
    out[3] = bound + 2;
  if (!changed) {
    free(out);
    out = w;
    o = n;
  }
  /* and each entry point's interface only what it uses (lib/spirv_interface.c) */
  size_t pruned = spirv_prune_interfaces(out, o);
  if (!changed && pruned == o)
    return 0;
  if (changed) {
    free(*data);
    *data = (char *)out;
  }
  *size = pruned * 4;
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
