/* gridsplit: streaming loads on NVPTX ask the L2 for 256 bytes.
 *
 * A load from global memory whose address advances by exactly its own size
 * from one invocation to the next along x (in[i], src[i - 1], a[base + l])
 * reads, together with its neighbours, every byte of a line and of the next
 * one. PTX ISA 7.4 lets such a load say so (ld.global.L2::256B): the L2 then
 * fetches 256 bytes from DRAM on a miss instead of the sectors asked for, so
 * a warp's miss brings in the next warp's data too. With as many warps
 * resident as the device holds, a memory-bound segment is limited by the
 * requests in flight, and this doubles the bytes each request brings
 * (bench/gpu: the Jacobi sweeps at 2^27 elements by 7%).
 *
 * LLVM's NVPTX backend has no way to say it, so the load becomes inline
 * assembly with a side effect, ordered as the load was against every other
 * memory access. Gathers (hist[in[j] & 255]) and loads whose address does not
 * depend on the invocation keep plain loads: a 256-byte fetch there moves
 * bytes nobody reads.
 *
 * The stride is worked out from the final IR, before code generation: the
 * x invocation id has stride 1, anything that does not depend on it stride 0,
 * and the arithmetic of addresses (add, sub, shifts and products by
 * constants, GEPs, casts) combines them. It only chooses a hint, never what a
 * load reads, so it may be approximate: wrapping and disjoint-or are taken as
 * plain arithmetic. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "gs.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>

#define UNKNOWN LLONG_MIN
#define PENDING (LLONG_MIN + 1) /* a phi still being worked out: no constraint */
#define BUDGET 4096             /* values visited per load */

typedef struct {
  gs_map memo; /* value -> stride, for values that do not depend on a pending phi */
  gs_map open; /* phi -> 1 while it is being worked out */
  int nopen;
  LLVMTargetDataRef td;
  int budget;
} stride_ctx;

static int known(long long s) { return s != UNKNOWN && s != PENDING; }

/* A and B combined by OP ('+', '-', '*'), UNKNOWN absorbing and PENDING
 * next; UNKNOWN where the result leaves +-2^40 (no stride is that large) */
static long long combine(long long a, long long b, char op) {
  if (a == UNKNOWN || b == UNKNOWN)
    return UNKNOWN;
  if (a == PENDING || b == PENDING)
    return PENDING;
  long long v = 0;
  int over = op == '+'   ? __builtin_add_overflow(a, b, &v)
             : op == '-' ? __builtin_sub_overflow(a, b, &v)
                         : __builtin_mul_overflow(a, b, &v);
  return over || v > (1LL << 40) || v < -(1LL << 40) ? UNKNOWN : v;
}

static long long stride_of(stride_ctx *c, LLVMValueRef v);

static int const_int(LLVMValueRef v, long long *out) {
  if (!LLVMIsAConstantInt(v))
    return 0;
  *out = LLVMConstIntGetSExtValue(v);
  return 1;
}

/* the byte stride of a GEP: the first index steps over the source type, and
 * each later one into the type the one before reached: a struct's field (a
 * constant, no stride) or an array's or vector's element */
static long long gep_stride(stride_ctx *c, LLVMValueRef g) {
  long long s = stride_of(c, LLVMGetOperand(g, 0));
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(g);
  unsigned n = (unsigned)LLVMGetNumOperands(g);
  for (unsigned k = 1; k < n && s != UNKNOWN; k++) {
    LLVMValueRef idx = LLVMGetOperand(g, k);
    if (k > 1) {
      LLVMTypeKind kind = LLVMGetTypeKind(ty);
      long long field = 0;
      if (kind == LLVMStructTypeKind) {
        if (!const_int(idx, &field) || field < 0 ||
            field >= (long long)LLVMCountStructElementTypes(ty))
          return UNKNOWN;
        ty = LLVMStructGetTypeAtIndex(ty, (unsigned)field);
        continue;
      }
      if (kind != LLVMArrayTypeKind && kind != LLVMVectorTypeKind)
        return UNKNOWN;
      ty = LLVMGetElementType(ty);
    }
    if (!LLVMTypeIsSized(ty))
      return UNKNOWN;
    long long size = (long long)LLVMABISizeOfType(c->td, ty);
    s = combine(s, combine(stride_of(c, idx), size, '*'), '+');
  }
  return s;
}

static long long phi_stride(stride_ctx *c, LLVMValueRef v, unsigned first, unsigned n) {
  long long s = PENDING;
  for (unsigned k = first; k < n; k++) {
    long long is = stride_of(c, LLVMGetOperand(v, k));
    if (is == UNKNOWN || (known(s) && known(is) && is != s))
      return UNKNOWN;
    if (known(is))
      s = is;
  }
  return s;
}

static long long inst_stride(stride_ctx *c, LLVMValueRef v) {
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  long long a, b, k;
  switch (op) {
  case LLVMCall: {
    const char *callee = ir_callee_name(v);
    if (!callee)
      return UNKNOWN;
    if (!strcmp(callee, "llvm.nvvm.read.ptx.sreg.tid.x"))
      return 1;
    /* the workgroup's and the grid's ids and sizes: the same in every
     * invocation of a workgroup (lane masks, clocks and the like are not) */
    static const char *const same[] = {"llvm.nvvm.read.ptx.sreg.ctaid.",
                                       "llvm.nvvm.read.ptx.sreg.nctaid.",
                                       "llvm.nvvm.read.ptx.sreg.ntid."};
    for (size_t k = 0; k < sizeof same / sizeof *same; k++)
      if (!strncmp(callee, same[k], strlen(same[k])))
        return 0;
    /* a minimum, maximum or saturated difference of values the same in
     * every invocation (the virtual group counts are bounded so, and a
     * launch's range counted so: lib/virtual.c) */
    static const char *const minmax[] = {"llvm.umin.", "llvm.umax.", "llvm.smin.", "llvm.smax.",
                                         "llvm.usub.sat."};
    for (size_t k = 0; k < sizeof minmax / sizeof *minmax; k++)
      if (!strncmp(callee, minmax[k], strlen(minmax[k]))) {
        a = stride_of(c, LLVMGetOperand(v, 0));
        b = stride_of(c, LLVMGetOperand(v, 1));
        if (a == UNKNOWN || b == UNKNOWN || (known(a) && a) || (known(b) && b))
          return UNKNOWN;
        return a == 0 && b == 0 ? 0 : PENDING;
      }
    return UNKNOWN;
  }
  case LLVMPHI: {
    intptr_t open = 0;
    if (map_get(&c->open, v, &open) && open)
      return PENDING;
    map_put(&c->open, v, 1);
    c->nopen++;
    long long s = phi_stride(c, v, 0, (unsigned)LLVMCountIncoming(v));
    map_put(&c->open, v, 0);
    c->nopen--;
    return s;
  }
  case LLVMSelect:
    return phi_stride(c, v, 1, 3);
  case LLVMICmp:
    /* a comparison of values the same in every invocation (the bound of a
     * trimmed loop over virtual workgroups: lib/vtrim.c) */
    a = stride_of(c, LLVMGetOperand(v, 0));
    b = stride_of(c, LLVMGetOperand(v, 1));
    if (a == UNKNOWN || b == UNKNOWN || (known(a) && a) || (known(b) && b))
      return UNKNOWN;
    return a == 0 && b == 0 ? 0 : PENDING;
  case LLVMZExt:
  case LLVMSExt:
  case LLVMTrunc:
  case LLVMBitCast:
  case LLVMFreeze:
  case LLVMPtrToInt:
  case LLVMIntToPtr:
  case LLVMAddrSpaceCast:
    return stride_of(c, LLVMGetOperand(v, 0));
  case LLVMGetElementPtr:
    return gep_stride(c, v);
  case LLVMLoad:
    /* the same address in every invocation reads the same value */
    a = stride_of(c, LLVMGetOperand(v, 0));
    return a == 0 ? 0 : a == PENDING ? PENDING : UNKNOWN;
  default:
    break;
  }
  /* arithmetic: the same in every invocation from operands that are */
  if (!LLVMIsABinaryOperator(v))
    return UNKNOWN;
  LLVMValueRef x = LLVMGetOperand(v, 0), y = LLVMGetOperand(v, 1);
  a = stride_of(c, x);
  b = stride_of(c, y);
  if (a == 0 && b == 0)
    return 0;
  switch (op) {
  case LLVMAdd:
    return combine(a, b, '+');
  case LLVMSub:
    return combine(a, b, '-');
  case LLVMOr: /* a disjoint or of a shifted group index and a local id */
  case LLVMXor:
    return a == 0 || b == 0 ? combine(a, b, '+') : UNKNOWN;
  case LLVMMul:
    if (const_int(y, &k))
      return combine(a, k, '*');
    if (const_int(x, &k))
      return combine(b, k, '*');
    return UNKNOWN;
  case LLVMShl:
    return const_int(y, &k) && k >= 0 && k < 32 ? combine(a, 1LL << k, '*') : UNKNOWN;
  case LLVMAnd:
    /* a mask of the low bits (a zero extension in disguise) keeps the stride */
    if (const_int(y, &k) && k >= 0xffff && k < LLONG_MAX && (k & (k + 1)) == 0)
      return a;
    return UNKNOWN;
  default:
    return UNKNOWN;
  }
}

static long long stride_of(stride_ctx *c, LLVMValueRef v) {
  intptr_t got;
  if (map_get(&c->memo, v, &got))
    return (long long)got;
  if (!LLVMIsAInstruction(v))
    return LLVMIsAArgument(v) || LLVMIsAConstant(v) ? 0 : UNKNOWN;
  if (c->budget-- <= 0)
    return UNKNOWN;
  long long s = inst_stride(c, v);
  /* neither what depends on a phi still open nor what ran out of budget */
  if (s != PENDING && c->nopen == 0 && c->budget > 0)
    map_put(&c->memo, v, (intptr_t)s);
  return s;
}

/* the PTX type and constraint that load TY, or NULL */
static const char *ptx_load_type(LLVMTypeRef ty, const char **cons, LLVMTypeRef *reg) {
  LLVMContextRef ctx = LLVMGetTypeContext(ty);
  switch (LLVMGetTypeKind(ty)) {
  case LLVMFloatTypeKind:
    *cons = "=f,l", *reg = ty;
    return "f32";
  case LLVMDoubleTypeKind:
    *cons = "=d,l", *reg = ty;
    return "f64";
  case LLVMIntegerTypeKind:
    switch (LLVMGetIntTypeWidth(ty)) {
    case 8:
      *cons = "=h,l", *reg = LLVMInt16TypeInContext(ctx);
      return "u8";
    case 16:
      *cons = "=h,l", *reg = ty;
      return "b16";
    case 32:
      *cons = "=r,l", *reg = ty;
      return "b32";
    case 64:
      *cons = "=l,l", *reg = ty;
      return "b64";
    default:
      return NULL;
    }
  default:
    return NULL;
  }
}

static int streams(stride_ctx *c, LLVMValueRef ld, unsigned invariant) {
  LLVMValueRef p = LLVMGetOperand(ld, 0);
  LLVMTypeRef ty = LLVMTypeOf(ld);
  if (LLVMGetVolatile(ld) || LLVMGetOrdering(ld) != LLVMAtomicOrderingNotAtomic ||
      LLVMGetMetadata(ld, invariant) || LLVMGetPointerAddressSpace(LLVMTypeOf(p)) != 1)
    return 0;
  const char *cons;
  LLVMTypeRef reg;
  if (!ptx_load_type(ty, &cons, &reg))
    return 0;
  long long size = (long long)LLVMStoreSizeOfType(c->td, ty);
  if (LLVMGetAlignment(ld) < size)
    return 0;
  c->budget = BUDGET;
  long long s = stride_of(c, p);
  return s == size || s == -size;
}

void ptx_stream_hints(LLVMModuleRef m) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  unsigned invariant = LLVMGetMDKindIDInContext(ctx, "invariant.load", 14);
  stride_ctx c;
  c.td = LLVMGetModuleDataLayout(m);
  gs_vec loads;
  vec_init(&loads, sizeof(LLVMValueRef));
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    map_init(&c.memo);
    map_init(&c.open);
    c.nopen = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (LLVMIsALoadInst(i) && streams(&c, i, invariant))
          VEC_PUSH(&loads, LLVMValueRef, i);
    map_free(&c.memo);
    map_free(&c.open);
  }
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  for (size_t k = 0; k < loads.len; k++) {
    LLVMValueRef ld = VEC_AT(&loads, LLVMValueRef, k), p = LLVMGetOperand(ld, 0);
    LLVMTypeRef ty = LLVMTypeOf(ld), reg, pty = LLVMTypeOf(p);
    const char *cons, *pt = ptx_load_type(ty, &cons, &reg);
    char code[64];
    snprintf(code, sizeof code, "ld.global.L2::256B.%s $0, [$1];", pt);
    LLVMTypeRef fty = LLVMFunctionType(reg, &pty, 1, 0);
    /* a side effect: ordered against every other access, never merged */
    LLVMValueRef asm_ = LLVMGetInlineAsm(fty, code, strlen(code), (char *)cons, strlen(cons), 1,
                                         0, LLVMInlineAsmDialectATT, 0);
    LLVMPositionBuilderBefore(b, ld);
    LLVMValueRef v = LLVMBuildCall2(b, fty, asm_, &p, 1, "");
    LLVMInstructionSetDebugLoc(v, LLVMInstructionGetDebugLoc(ld));
    if (reg != ty)
      v = LLVMBuildTrunc(b, v, ty, "");
    LLVMReplaceAllUsesWith(ld, v);
    LLVMInstructionEraseFromParent(ld);
  }
  LLVMDisposeBuilder(b);
  vec_free(&loads);
}
