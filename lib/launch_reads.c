/* gridsplit: a segment reads its launch-invariant words at once.
 *
 * A dynamic segment with virtual workgroups began with a chain of
 * dependent reads: the guard reads the current segment and branches, then
 * the loop's preheader reads the launch count, then the copy of a value
 * carried once that the count picks (NVPTX's backend folds the split's
 * select of two loaded copies back into a load of a selected address), and
 * only then do the loads of the data begin. Each is a round trip to the L2
 * at every workgroup's start: on the H200 a sweep of jacobi_loop took 6.4 us
 * under ncu where the same sweep in a static schedule took 5.3.
 *
 * Every read the split marks !invariant.load (the control word's launch
 * count, the values carried once: lib/state.c) reads a word of the live
 * state's header or of the control word, at a constant offset from the
 * parameter, which the segment declares dereferenceable that far. Such a
 * read can be made anywhere in the segment, so, once the loop bodies are
 * inlined and before LICM (which drops the tag when it speculates a load out
 * of a loop), each moves to the end of the entry block: they issue together,
 * with the guard's, and a select of two copies stays a select of two values
 * (the backend's folding does not cross blocks). On sm_90 the PTX emission
 * puts griddepcontrol.wait at the entry's start, before them
 * (target_nvptx.c). Targets ask for it with hoist_launch_reads. */
#include "gs.h"

/* bytes a load of TY reads, 0 when not a plain scalar */
static unsigned scalar_bytes(LLVMTypeRef ty) {
  switch (LLVMGetTypeKind(ty)) {
  case LLVMIntegerTypeKind:
    return LLVMGetIntTypeWidth(ty) % 8 ? 0 : LLVMGetIntTypeWidth(ty) / 8;
  case LLVMFloatTypeKind:
    return 4;
  case LLVMDoubleTypeKind:
    return 8;
  default:
    return 0;
  }
}

static unsigned long long dereferenceable(LLVMValueRef fn, LLVMValueRef param) {
  unsigned n = LLVMCountParams(fn);
  for (unsigned i = 0; i < n; i++)
    if (LLVMGetParam(fn, i) == param) {
      LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(
          fn, i + 1, LLVMGetEnumAttributeKindForName("dereferenceable", 15));
      return a ? LLVMGetEnumAttributeValue(a) : 0;
    }
  return 0;
}

static void hoist_function(LLVMValueRef fn, unsigned invariant) {
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
  LLVMValueRef at = LLVMGetBasicBlockTerminator(entry);
  if (!at)
    return;
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderBefore(b, at);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx);
  for (LLVMBasicBlockRef bb = LLVMGetNextBasicBlock(entry); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb), next; in; in = next) {
      next = LLVMGetNextInstruction(in);
      if (!LLVMIsALoadInst(in) || !LLVMGetMetadata(in, invariant) || LLVMGetVolatile(in))
        continue;
      LLVMValueRef param;
      unsigned long long off;
      unsigned bytes = scalar_bytes(LLVMTypeOf(in));
      if (!bytes || !ir_param_offset(LLVMGetOperand(in, 0), &param, &off) ||
          off + bytes > dereferenceable(fn, param))
        continue;
      LLVMValueRef ptr = param;
      if (off) {
        LLVMValueRef k = LLVMConstInt(i64, off, 0);
        LLVMValueRef base = LLVMBuildPointerCast(
            b, param, LLVMPointerType(i8, LLVMGetPointerAddressSpace(LLVMTypeOf(param))), "");
        ptr = LLVMBuildInBoundsGEP2(b, i8, base, &k, 1, "");
      }
      ptr = LLVMBuildPointerCast(b, ptr, LLVMTypeOf(LLVMGetOperand(in, 0)), "");
      LLVMValueRef load = LLVMBuildLoad2(b, LLVMTypeOf(in), ptr, "");
      LLVMSetAlignment(load, LLVMGetAlignment(in));
      LLVMSetMetadata(load, invariant, LLVMGetMetadata(in, invariant));
      LLVMReplaceAllUsesWith(in, load);
      LLVMInstructionEraseFromParent(in);
    }
  LLVMDisposeBuilder(b);
}

void hoist_launch_reads(LLVMValueRef fn) {
  if (LLVMGetFirstBasicBlock(fn))
    hoist_function(
        fn, LLVMGetMDKindIDInContext(LLVMGetTypeContext(LLVMTypeOf(fn)), "invariant.load", 14));
}
