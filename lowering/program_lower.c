/* Programs to LLVM IR kernels (docs/programs.md, "Lowering").
 *
 * The lowering is deliberately plain: every variable is an alloca, read and
 * written through loads and stores, and mem2reg turns them into SSA values
 * at the end. Ids and sizes come from the target descriptions (lib/target_*.c
 * build_query), so the split and the uniformity analysis recognise them as
 * they do in any other kernel. The arithmetic is exactly the one
 * docs/programs.md defines ("Semantics of operations"), which the interpreter
 * follows too: the two are compared byte for byte. */
#include "gridsplit/lower.h"

#include "gs.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* OpenCL address spaces as kernel_arg_addr_space numbers them on every
 * target: 1 global, 2 constant. */
enum { AS_GLOBAL = 1, AS_LOCAL = 3, CL_AS_CONSTANT = 2 };

typedef struct {
  const gs_program *p;
  const gs_target *t;
  LLVMContextRef ctx;
  LLVMModuleRef m;
  LLVMBuilderRef b;
  LLVMValueRef fn;
  LLVMBasicBlockRef entry;
  LLVMValueRef *buf_ptr; /* per buffer: its argument or module global */
  LLVMValueRef *buf_len; /* per buffer: its element count (u32) */
  LLVMValueRef *slots;   /* per variable slot: its alloca */
  int terminated;        /* the current block has returned */
  unsigned collectives;  /* counters made so far */
  LLVMDIBuilderRef di;
  LLVMMetadataRef di_scope;
} lower_ctx;

/* types */

static LLVMTypeRef llvm_type(lower_ctx *c, gs_type t) {
  switch (t) {
  case GS_TYPE_BOOL:
    return LLVMInt1TypeInContext(c->ctx);
  case GS_TYPE_I32:
  case GS_TYPE_U32:
    return LLVMInt32TypeInContext(c->ctx);
  case GS_TYPE_I64:
  case GS_TYPE_U64:
    return LLVMInt64TypeInContext(c->ctx);
  case GS_TYPE_F32:
    return LLVMFloatTypeInContext(c->ctx);
  case GS_TYPE_F64:
    return LLVMDoubleTypeInContext(c->ctx);
  default:
    return LLVMInt32TypeInContext(c->ctx);
  }
}

/* OpenCL C spelling, for kernel_arg_type */
static const char *opencl_type(gs_type t) {
  switch (t) {
  case GS_TYPE_I32: return "int";
  case GS_TYPE_U32: return "uint";
  case GS_TYPE_I64: return "long";
  case GS_TYPE_U64: return "ulong";
  case GS_TYPE_F32: return "float";
  case GS_TYPE_F64: return "double";
  default: return "int";
  }
}

static unsigned type_bits(gs_type t) { return t == GS_TYPE_BOOL ? 1 : gs_type_size(t) * 8; }

static unsigned buffer_space_of(lower_ctx *c, const gs_buffer *b) {
  if (b->access == GS_ACCESS_WORKGROUP)
    return AS_LOCAL;
  return b->access == GS_ACCESS_UNIFORM ? c->t->constant_as : AS_GLOBAL;
}

static LLVMValueRef i64_const(lower_ctx *c, uint64_t v) {
  return LLVMConstInt(LLVMInt64TypeInContext(c->ctx), v, 0);
}

static LLVMValueRef i32_const(lower_ctx *c, uint64_t v) {
  return LLVMConstInt(LLVMInt32TypeInContext(c->ctx), v, 0);
}

/* attributes */

static void add_enum_attr(LLVMValueRef fn, LLVMAttributeIndex idx, const char *name,
                          uint64_t value) {
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
  if (kind)
    LLVMAddAttributeAtIndex(fn, idx, LLVMCreateEnumAttribute(ctx, kind, value));
}

/* `nocapture` (LLVM 15), `captures(none)` (LLVM 21 on: an integer attribute
 * whose value 0 is "none") */
static void add_nocapture(LLVMValueRef fn, unsigned arg) {
#if GS_LLVM_MAJOR >= 21
  add_enum_attr(fn, arg + 1, "captures", 0);
#else
  add_enum_attr(fn, arg + 1, "nocapture", 0);
#endif
}

/* The access a buffer's declaration promises, as parameter attributes (SPEC
 * section 6: roles reach the kernels so; noalias only where the source says
 * so, which a program cannot). */
static void buffer_param_attrs(LLVMValueRef fn, unsigned arg, gs_access access, unsigned align) {
  add_nocapture(fn, arg);
  add_enum_attr(fn, arg + 1, "noundef", 0);
  add_enum_attr(fn, arg + 1, "align", align);
  if (access == GS_ACCESS_READ || access == GS_ACCESS_UNIFORM)
    add_enum_attr(fn, arg + 1, "readonly", 0);
  else if (access == GS_ACCESS_WRITE)
    add_enum_attr(fn, arg + 1, "writeonly", 0);
}

/* calls */

static LLVMValueRef declare(lower_ctx *c, const char *name, LLVMTypeRef ret, LLVMTypeRef *params,
                            unsigned n, unsigned cc, int convergent) {
  LLVMValueRef fn = LLVMGetNamedFunction(c->m, name);
  if (fn)
    return fn;
  fn = LLVMAddFunction(c->m, name, LLVMFunctionType(ret, params, n, 0));
  LLVMSetFunctionCallConv(fn, cc);
  add_enum_attr(fn, LLVMAttributeFunctionIndex, "nounwind", 0);
  if (convergent)
    add_enum_attr(fn, LLVMAttributeFunctionIndex, "convergent", 0);
  return fn;
}

static LLVMValueRef call(lower_ctx *c, LLVMValueRef fn, LLVMValueRef *args, unsigned n) {
  LLVMValueRef call =
      LLVMBuildCall2(c->b, LLVMGlobalGetValueType(fn), fn, args, n, "");
  LLVMSetInstructionCallConv(call, LLVMGetFunctionCallConv(fn));
  return call;
}

/* `call void @gridsplit_grid_sync()`, the canonical spelling (SPEC 1), in a
 * block of its own: mem2reg puts no phi before it there. (The split of this
 * branch carries a phi that shares a block with a barrier with its old value
 * when a back edge re-enters that block within one segment, so a loop whose
 * header holds the barrier would not end; main fixed that in 589b745.) */
static void build_grid_barrier(lower_ctx *c) {
  LLVMValueRef fn = declare(c, "gridsplit_grid_sync", LLVMVoidTypeInContext(c->ctx), NULL, 0,
                            c->t->func_cc, 1);
  LLVMBasicBlockRef bb = LLVMAppendBasicBlockInContext(c->ctx, c->fn, "grid.barrier");
  LLVMBuildBr(c->b, bb);
  LLVMPositionBuilderAtEnd(c->b, bb);
  call(c, fn, NULL, 0);
}

#if GS_LLVM_MAJOR >= 20
static unsigned sync_scope(lower_ctx *c, const char *name) {
  return LLVMGetSyncScopeID(c->ctx, name, strlen(name));
}
#endif

/* A workgroup barrier that orders workgroup and global memory
 * (docs/programs.md), as the target spells it (lib/target_*.c
 * build_program_barrier). */
static void build_workgroup_barrier(lower_ctx *c) { c->t->build_program_barrier(c->b, c->m); }

/* blocks */

static LLVMBasicBlockRef new_block(lower_ctx *c, const char *name) {
  return LLVMAppendBasicBlockInContext(c->ctx, c->fn, name);
}

static void branch_to(lower_ctx *c, LLVMBasicBlockRef bb) {
  if (!c->terminated)
    LLVMBuildBr(c->b, bb);
}

static void enter(lower_ctx *c, LLVMBasicBlockRef bb) {
  LLVMPositionBuilderAtEnd(c->b, bb);
  c->terminated = 0;
}

static int has_predecessors(LLVMBasicBlockRef bb) {
  return LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)) != NULL;
}

/* An alloca in the entry block, before any other instruction, so that
 * mem2reg promotes it. */
static LLVMValueRef entry_alloca(lower_ctx *c, LLVMTypeRef ty, const char *name) {
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->ctx);
  LLVMValueRef first = LLVMGetFirstInstruction(c->entry);
  if (first)
    LLVMPositionBuilderBefore(b, first);
  else
    LLVMPositionBuilderAtEnd(b, c->entry);
  LLVMValueRef a = LLVMBuildAlloca(b, ty, name);
  LLVMDisposeBuilder(b);
  return a;
}

/* expressions */

static LLVMValueRef lower_expr(lower_ctx *c, const gs_expr *e);

/* An element pointer of buffer BUF at INDEX (any integer type: extended to
 * i64 by its signedness) */
static LLVMValueRef element_ptr(lower_ctx *c, int buf, const gs_expr *index) {
  const gs_buffer *b = gs_program_buffer(c->p, (size_t)buf);
  LLVMValueRef i = lower_expr(c, index);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(c->ctx);
  if (type_bits(index->type) < 64)
    i = gs_type_is_signed(index->type) ? LLVMBuildSExt(c->b, i, i64, "")
                                       : LLVMBuildZExt(c->b, i, i64, "");
  LLVMTypeRef elem = llvm_type(c, b->elem);
  if (b->access == GS_ACCESS_WORKGROUP) {
    LLVMValueRef idx[2] = {i64_const(c, 0), i};
    return LLVMBuildInBoundsGEP2(c->b, LLVMArrayType(elem, b->count), c->buf_ptr[buf], idx, 2,
                                 "");
  }
  return LLVMBuildInBoundsGEP2(c->b, elem, c->buf_ptr[buf], &i, 1, "");
}

static int expr_has_effects(const gs_expr *e) {
  if (!e)
    return 0;
  switch (e->kind) {
  case GS_EXPR_LOAD: /* may be out of bounds where the left operand guards it */
  case GS_EXPR_ATOMIC:
    return 1;
  case GS_EXPR_UNARY:
    return expr_has_effects(e->u.unary.operand);
  case GS_EXPR_BINARY:
    return expr_has_effects(e->u.binary.lhs) || expr_has_effects(e->u.binary.rhs);
  case GS_EXPR_SELECT:
    return expr_has_effects(e->u.select.cond) || expr_has_effects(e->u.select.then_value) ||
           expr_has_effects(e->u.select.else_value);
  case GS_EXPR_CAST:
    return expr_has_effects(e->u.cast.operand);
  default:
    return 0;
  }
}

/* x / 0 and x % 0 give 0; MIN / -1 gives MIN and MIN % -1 gives 0. The
 * divisor is replaced by 1 where LLVM's division would be undefined, which
 * gives x (MIN) for the quotient and 0 for the remainder; a zero divisor's
 * quotient is then selected to 0. */
static LLVMValueRef build_division(lower_ctx *c, gs_binop op, gs_type t, LLVMValueRef x,
                                   LLVMValueRef d) {
  LLVMTypeRef ty = llvm_type(c, t);
  unsigned bits = type_bits(t);
  LLVMValueRef zero = LLVMConstInt(ty, 0, 0), one = LLVMConstInt(ty, 1, 0);
  LLVMValueRef is_zero = LLVMBuildICmp(c->b, LLVMIntEQ, d, zero, "");
  LLVMValueRef bad = is_zero;
  if (gs_type_is_signed(t)) {
    LLVMValueRef min = LLVMConstInt(ty, 1ULL << (bits - 1), 0);
    LLVMValueRef minus_one = LLVMConstAllOnes(ty);
    LLVMValueRef overflow = LLVMBuildAnd(c->b, LLVMBuildICmp(c->b, LLVMIntEQ, x, min, ""),
                                         LLVMBuildICmp(c->b, LLVMIntEQ, d, minus_one, ""), "");
    bad = LLVMBuildOr(c->b, is_zero, overflow, "");
  }
  LLVMValueRef safe = LLVMBuildSelect(c->b, bad, one, d, "");
  int sig = gs_type_is_signed(t);
  if (op == GS_BIN_REM)
    return sig ? LLVMBuildSRem(c->b, x, safe, "") : LLVMBuildURem(c->b, x, safe, "");
  LLVMValueRef q = sig ? LLVMBuildSDiv(c->b, x, safe, "") : LLVMBuildUDiv(c->b, x, safe, "");
  return LLVMBuildSelect(c->b, is_zero, zero, q, "");
}

static LLVMValueRef build_compare(lower_ctx *c, gs_binop op, gs_type t, LLVMValueRef l,
                                  LLVMValueRef r) {
  if (gs_type_is_float(t)) {
    /* ordered compares, `!=` unordered (docs/programs.md) */
    static const LLVMRealPredicate preds[] = {LLVMRealOEQ, LLVMRealUNE, LLVMRealOLT,
                                              LLVMRealOLE, LLVMRealOGT, LLVMRealOGE};
    return LLVMBuildFCmp(c->b, preds[op - GS_BIN_EQ], l, r, "");
  }
  static const LLVMIntPredicate spreds[] = {LLVMIntEQ, LLVMIntNE, LLVMIntSLT,
                                            LLVMIntSLE, LLVMIntSGT, LLVMIntSGE};
  static const LLVMIntPredicate upreds[] = {LLVMIntEQ, LLVMIntNE, LLVMIntULT,
                                            LLVMIntULE, LLVMIntUGT, LLVMIntUGE};
  return LLVMBuildICmp(c->b, gs_type_is_signed(t) ? spreds[op - GS_BIN_EQ] : upreds[op - GS_BIN_EQ],
                       l, r, "");
}

/* && and || evaluate the right operand only when needed: through blocks
 * when it loads or updates memory, as plain i1 logic otherwise. */
static LLVMValueRef build_logic(lower_ctx *c, const gs_expr *e) {
  int is_and = e->u.binary.op == GS_BIN_LAND;
  LLVMValueRef l = lower_expr(c, e->u.binary.lhs);
  if (!expr_has_effects(e->u.binary.rhs)) {
    LLVMValueRef r = lower_expr(c, e->u.binary.rhs);
    return is_and ? LLVMBuildAnd(c->b, l, r, "") : LLVMBuildOr(c->b, l, r, "");
  }
  LLVMBasicBlockRef from = LLVMGetInsertBlock(c->b);
  LLVMBasicBlockRef rhs_bb = new_block(c, is_and ? "and.rhs" : "or.rhs");
  LLVMBasicBlockRef end = new_block(c, is_and ? "and.end" : "or.end");
  if (is_and)
    LLVMBuildCondBr(c->b, l, rhs_bb, end);
  else
    LLVMBuildCondBr(c->b, l, end, rhs_bb);
  LLVMPositionBuilderAtEnd(c->b, rhs_bb);
  LLVMValueRef r = lower_expr(c, e->u.binary.rhs);
  LLVMBasicBlockRef rhs_end = LLVMGetInsertBlock(c->b);
  LLVMBuildBr(c->b, end);
  LLVMPositionBuilderAtEnd(c->b, end);
  LLVMTypeRef i1 = LLVMInt1TypeInContext(c->ctx);
  LLVMValueRef phi = LLVMBuildPhi(c->b, i1, "");
  LLVMValueRef vals[2] = {LLVMConstInt(i1, is_and ? 0 : 1, 0), r};
  LLVMBasicBlockRef bbs[2] = {from, rhs_end};
  LLVMAddIncoming(phi, vals, bbs, 2);
  return phi;
}

static LLVMValueRef build_binary(lower_ctx *c, const gs_expr *e) {
  gs_binop op = e->u.binary.op;
  if (op == GS_BIN_LAND || op == GS_BIN_LOR)
    return build_logic(c, e);
  gs_type t = e->u.binary.lhs->type; /* both operands have it */
  LLVMValueRef l = lower_expr(c, e->u.binary.lhs);
  LLVMValueRef r = lower_expr(c, e->u.binary.rhs);
  if (op >= GS_BIN_EQ && op <= GS_BIN_GE)
    return build_compare(c, op, t, l, r);
  if (gs_type_is_float(t)) {
    /* no fast-math flags, so nothing may contract a*b+c into an FMA */
    switch (op) {
    case GS_BIN_ADD: return LLVMBuildFAdd(c->b, l, r, "");
    case GS_BIN_SUB: return LLVMBuildFSub(c->b, l, r, "");
    case GS_BIN_MUL: return LLVMBuildFMul(c->b, l, r, "");
    default: return LLVMBuildFDiv(c->b, l, r, "");
    }
  }
  LLVMTypeRef ty = llvm_type(c, t);
  switch (op) {
  case GS_BIN_ADD: return LLVMBuildAdd(c->b, l, r, "");
  case GS_BIN_SUB: return LLVMBuildSub(c->b, l, r, "");
  case GS_BIN_MUL: return LLVMBuildMul(c->b, l, r, "");
  case GS_BIN_DIV:
  case GS_BIN_REM: return build_division(c, op, t, l, r);
  case GS_BIN_AND: return LLVMBuildAnd(c->b, l, r, "");
  case GS_BIN_OR: return LLVMBuildOr(c->b, l, r, "");
  case GS_BIN_XOR: return LLVMBuildXor(c->b, l, r, "");
  case GS_BIN_SHL:
  case GS_BIN_SHR: {
    /* the amount modulo the width: its low bits (two's complement) */
    LLVMValueRef amount = LLVMBuildAnd(c->b, r, LLVMConstInt(ty, type_bits(t) - 1, 0), "");
    if (op == GS_BIN_SHL)
      return LLVMBuildShl(c->b, l, amount, "");
    return gs_type_is_signed(t) ? LLVMBuildAShr(c->b, l, amount, "")
                                : LLVMBuildLShr(c->b, l, amount, "");
  }
  default: return l;
  }
}

/* Float to integer: truncation toward zero, saturating, NaN to 0
 * (docs/programs.md, casts), which is llvm.fptosi.sat / llvm.fptoui.sat.
 * Built from compares and selects around a conversion that only ever sees
 * values in range: SPIRV-LLVM-Translator 15 has no saturating intrinsics. */
static LLVMValueRef build_fp_to_int(lower_ctx *c, LLVMValueRef v, gs_type to) {
  unsigned bits = type_bits(to);
  int sig = gs_type_is_signed(to);
  LLVMTypeRef fty = LLVMTypeOf(v), ity = llvm_type(c, to);
  /* [lo, hi): -2^(bits-1) .. 2^(bits-1) signed, 0 .. 2^bits unsigned; both
   * powers of two, exact in f32 and f64 */
  double hi = sig ? (double)(1ULL << (bits - 1)) : (bits == 64 ? 18446744073709551616.0
                                                                : (double)(1ULL << bits));
  double lo = sig ? -hi : 0.0;
  LLVMValueRef nan = LLVMBuildFCmp(c->b, LLVMRealUNO, v, v, "");
  LLVMValueRef above = LLVMBuildFCmp(c->b, LLVMRealOGE, v, LLVMConstReal(fty, hi), "");
  LLVMValueRef below = LLVMBuildFCmp(c->b, LLVMRealOLT, v, LLVMConstReal(fty, lo), "");
  LLVMValueRef out = LLVMBuildOr(c->b, nan, LLVMBuildOr(c->b, above, below, ""), "");
  LLVMValueRef safe = LLVMBuildSelect(c->b, out, LLVMConstReal(fty, 0.0), v, "");
  LLVMValueRef r = sig ? LLVMBuildFPToSI(c->b, safe, ity, "") : LLVMBuildFPToUI(c->b, safe, ity, "");
  LLVMValueRef max = sig ? LLVMConstInt(ity, (1ULL << (bits - 1)) - 1, 0) : LLVMConstAllOnes(ity);
  LLVMValueRef min = sig ? LLVMConstInt(ity, 1ULL << (bits - 1), 0) : LLVMConstNull(ity);
  r = LLVMBuildSelect(c->b, above, max, r, "");
  r = LLVMBuildSelect(c->b, below, min, r, "");
  return LLVMBuildSelect(c->b, nan, LLVMConstNull(ity), r, "");
}

static LLVMValueRef build_cast(lower_ctx *c, const gs_expr *e) {
  const gs_expr *src = e->u.cast.operand;
  gs_type from = src->type, to = e->type;
  LLVMValueRef v = lower_expr(c, src);
  LLVMTypeRef ty = llvm_type(c, to);
  if (from == to)
    return v;
  if (to == GS_TYPE_BOOL) /* from an integer */
    return LLVMBuildICmp(c->b, LLVMIntNE, v, LLVMConstNull(LLVMTypeOf(v)), "");
  if (from == GS_TYPE_BOOL)
    return LLVMBuildZExt(c->b, v, ty, "");
  if (gs_type_is_int(from) && gs_type_is_int(to)) {
    unsigned fb = type_bits(from), tb = type_bits(to);
    if (fb == tb)
      return v;
    if (fb > tb)
      return LLVMBuildTrunc(c->b, v, ty, "");
    return gs_type_is_signed(from) ? LLVMBuildSExt(c->b, v, ty, "") : LLVMBuildZExt(c->b, v, ty, "");
  }
  if (gs_type_is_int(from))
    return gs_type_is_signed(from) ? LLVMBuildSIToFP(c->b, v, ty, "") : LLVMBuildUIToFP(c->b, v, ty, "");
  if (gs_type_is_int(to))
    return build_fp_to_int(c, v, to);
  return to == GS_TYPE_F64 ? LLVMBuildFPExt(c->b, v, ty, "") : LLVMBuildFPTrunc(c->b, v, ty, "");
}

static LLVMValueRef build_id(lower_ctx *c, const gs_expr *e) {
  static const gs_query queries[] = {Q_GLOBAL_ID, Q_LOCAL_ID, Q_GROUP_ID,
                                     Q_GLOBAL_SIZE, Q_LOCAL_SIZE, Q_NUM_GROUPS};
  LLVMValueRef v = c->t->build_query(c->b, c->m, queries[e->u.id.id], e->u.id.dim);
  return LLVMBuildTrunc(c->b, v, LLVMInt32TypeInContext(c->ctx), "");
}

/* Sequentially consistent, at device scope (workgroup scope for workgroup
 * buffers) where the C API names scopes (LLVM 20 on); system scope, which is
 * stronger, on LLVM 15. */
static LLVMValueRef build_rmw(lower_ctx *c, LLVMAtomicRMWBinOp op, LLVMValueRef ptr,
                              LLVMValueRef v, int workgroup) {
  return ir_atomic_rmw(c->b, op, ptr, v, LLVMAtomicOrderingSequentiallyConsistent,
                       workgroup ? c->t->workgroup_scope : c->t->device_scope);
}

static LLVMValueRef build_atomic(lower_ctx *c, const gs_expr *e) {
  int buf = e->u.atomic.buffer.buf;
  const gs_buffer *b = gs_program_buffer(c->p, (size_t)buf);
  int workgroup = b->access == GS_ACCESS_WORKGROUP;
  LLVMValueRef ptr = element_ptr(c, buf, e->u.atomic.index);
  LLVMValueRef v = lower_expr(c, e->u.atomic.value);
  if (e->u.atomic.op == GS_ATOMIC_CMPXCHG) {
    LLVMValueRef desired = lower_expr(c, e->u.atomic.desired);
#if GS_LLVM_MAJOR >= 20
    LLVMValueRef x = LLVMBuildAtomicCmpXchgSyncScope(
        c->b, ptr, v, desired, LLVMAtomicOrderingSequentiallyConsistent,
        LLVMAtomicOrderingSequentiallyConsistent,
        sync_scope(c, workgroup ? c->t->workgroup_scope : c->t->device_scope));
#else
    LLVMValueRef x = LLVMBuildAtomicCmpXchg(c->b, ptr, v, desired,
                                            LLVMAtomicOrderingSequentiallyConsistent,
                                            LLVMAtomicOrderingSequentiallyConsistent, 0);
#endif
    return LLVMBuildExtractValue(c->b, x, 0, "");
  }
  int sig = gs_type_is_signed(b->elem);
  LLVMAtomicRMWBinOp op;
  switch (e->u.atomic.op) {
  case GS_ATOMIC_ADD: op = LLVMAtomicRMWBinOpAdd; break;
  case GS_ATOMIC_SUB: op = LLVMAtomicRMWBinOpSub; break;
  case GS_ATOMIC_MIN: op = sig ? LLVMAtomicRMWBinOpMin : LLVMAtomicRMWBinOpUMin; break;
  case GS_ATOMIC_MAX: op = sig ? LLVMAtomicRMWBinOpMax : LLVMAtomicRMWBinOpUMax; break;
  case GS_ATOMIC_AND: op = LLVMAtomicRMWBinOpAnd; break;
  case GS_ATOMIC_OR: op = LLVMAtomicRMWBinOpOr; break;
  case GS_ATOMIC_XOR: op = LLVMAtomicRMWBinOpXor; break;
  default: op = LLVMAtomicRMWBinOpXchg; break;
  }
  return build_rmw(c, op, ptr, v, workgroup);
}

static LLVMValueRef lower_expr(lower_ctx *c, const gs_expr *e) {
  switch (e->kind) {
  case GS_EXPR_INT:
    return LLVMConstInt(llvm_type(c, e->type), e->u.int_lit.bits, 0);
  case GS_EXPR_FLOAT:
    return LLVMConstReal(llvm_type(c, e->type), e->u.float_lit.value);
  case GS_EXPR_BOOL:
    return LLVMConstInt(LLVMInt1TypeInContext(c->ctx), e->u.bool_lit.value ? 1 : 0, 0);
  case GS_EXPR_VAR:
    return LLVMBuildLoad2(c->b, llvm_type(c, e->type), c->slots[e->u.var.slot], e->u.var.name);
  case GS_EXPR_LOAD: {
    const gs_buffer *b = gs_program_buffer(c->p, (size_t)e->u.load.buffer.buf);
    LLVMValueRef ptr = element_ptr(c, e->u.load.buffer.buf, e->u.load.index);
    LLVMValueRef v = LLVMBuildLoad2(c->b, llvm_type(c, b->elem), ptr, "");
    LLVMSetAlignment(v, gs_type_size(b->elem));
    return v;
  }
  case GS_EXPR_LEN:
    return c->buf_len[e->u.len.buffer.buf];
  case GS_EXPR_UNARY: {
    LLVMValueRef v = lower_expr(c, e->u.unary.operand);
    if (e->u.unary.op == GS_UN_NEG)
      return gs_type_is_float(e->type) ? LLVMBuildFNeg(c->b, v, "") : LLVMBuildNeg(c->b, v, "");
    return LLVMBuildNot(c->b, v, ""); /* ~ of an integer, ! of a bool */
  }
  case GS_EXPR_BINARY:
    return build_binary(c, e);
  case GS_EXPR_SELECT: {
    LLVMValueRef cond = lower_expr(c, e->u.select.cond);
    LLVMValueRef a = lower_expr(c, e->u.select.then_value);
    LLVMValueRef b = lower_expr(c, e->u.select.else_value);
    return LLVMBuildSelect(c->b, cond, a, b, "");
  }
  case GS_EXPR_CAST:
    return build_cast(c, e);
  case GS_EXPR_ID:
    return build_id(c, e);
  case GS_EXPR_ATOMIC:
    return build_atomic(c, e);
  }
  return LLVMGetUndef(llvm_type(c, e->type));
}

/* collectives */

/* The reduction of docs/programs.md: min is `x < acc ? x : acc`, max
 * `x > acc ? x : acc` by the element type's compare. */
static LLVMValueRef build_reduce(LLVMBuilderRef b, gs_reduce_op op, gs_type t, LLVMValueRef acc,
                                 LLVMValueRef x) {
  int fl = gs_type_is_float(t), sig = gs_type_is_signed(t);
  switch (op) {
  case GS_REDUCE_ADD:
    return fl ? LLVMBuildFAdd(b, acc, x, "") : LLVMBuildAdd(b, acc, x, "");
  case GS_REDUCE_MIN:
  case GS_REDUCE_MAX: {
    int lt = op == GS_REDUCE_MIN;
    LLVMValueRef cmp =
        fl ? LLVMBuildFCmp(b, lt ? LLVMRealOLT : LLVMRealOGT, x, acc, "")
           : LLVMBuildICmp(b, lt ? (sig ? LLVMIntSLT : LLVMIntULT) : (sig ? LLVMIntSGT : LLVMIntUGT),
                           x, acc, "");
    return LLVMBuildSelect(b, cmp, x, acc, "");
  }
  case GS_REDUCE_AND:
    return LLVMBuildAnd(b, acc, x, "");
  case GS_REDUCE_OR:
    return LLVMBuildOr(b, acc, x, "");
  default:
    return LLVMBuildXor(b, acc, x, "");
  }
}

/* The internal function that computes a collective's output elements
 * rank, rank + count, ... : gridsplit.<collective>.<type>[.<op>][.constant]
 * (src, dst, n, parts[, root], rank, count). Its src parameter is readonly
 * and dst writeonly, both nocapture: the declared effects the role analysis
 * reads (SPEC section 3). */
static LLVMValueRef collective_function(lower_ctx *c, const gs_stmt *s) {
  gs_collective_kind kind = s->u.coll.kind;
  const gs_buffer *src = gs_program_buffer(c->p, (size_t)s->u.coll.src.buf);
  const gs_buffer *dst = gs_program_buffer(c->p, (size_t)s->u.coll.dst.buf);
  gs_type t = src->elem;
  int has_op = kind == GS_COLL_ALL_REDUCE || kind == GS_COLL_REDUCE_SCATTER;
  unsigned src_as = buffer_space_of(c, src), dst_as = buffer_space_of(c, dst);
  char name[128];
  snprintf(name, sizeof name, "gridsplit.%s.%s%s%s%s", gs_collective_name(kind), gs_type_name(t),
           has_op ? "." : "", has_op ? gs_reduce_name(s->u.coll.op) : "",
           src_as != AS_GLOBAL ? ".constant" : "");
  LLVMValueRef fn = LLVMGetNamedFunction(c->m, name);
  if (fn)
    return fn;
  LLVMTypeRef elem = llvm_type(c, t), i32 = LLVMInt32TypeInContext(c->ctx);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(c->ctx);
  LLVMTypeRef params[7] = {LLVMPointerType(elem, src_as), LLVMPointerType(elem, dst_as), i32,
                           i32};
  unsigned np = 4;
  if (kind == GS_COLL_BROADCAST)
    params[np++] = i32;
  params[np++] = i64;
  params[np++] = i64;
  fn = LLVMAddFunction(c->m, name, LLVMFunctionType(LLVMVoidTypeInContext(c->ctx), params, np, 0));
  LLVMSetLinkage(fn, LLVMInternalLinkage);
  LLVMSetFunctionCallConv(fn, c->t->func_cc);
  add_enum_attr(fn, LLVMAttributeFunctionIndex, "nounwind", 0);
  static const char *const names[] = {"src", "dst", "n", "parts", "root", "rank", "count"};
  for (unsigned i = 0; i < np; i++) {
    const char *pn = names[i < 4 || kind == GS_COLL_BROADCAST ? i : i + 1];
    LLVMSetValueName2(LLVMGetParam(fn, i), pn, strlen(pn));
  }
  buffer_param_attrs(fn, 0, GS_ACCESS_READ, gs_type_size(t));
  buffer_param_attrs(fn, 1, GS_ACCESS_WRITE, gs_type_size(t));
  LLVMValueRef psrc = LLVMGetParam(fn, 0), pdst = LLVMGetParam(fn, 1);
  LLVMValueRef n = LLVMGetParam(fn, 2), parts = LLVMGetParam(fn, 3);
  LLVMValueRef root = kind == GS_COLL_BROADCAST ? LLVMGetParam(fn, 4) : NULL;
  LLVMValueRef rank = LLVMGetParam(fn, np - 2), count = LLVMGetParam(fn, np - 1);

  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->ctx);
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(c->ctx, fn, "entry");
  LLVMBasicBlockRef loop = LLVMAppendBasicBlockInContext(c->ctx, fn, "element");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(c->ctx, fn, "done");
  LLVMPositionBuilderAtEnd(b, entry);
  LLVMValueRef n64 = LLVMBuildZExt(b, n, i64, "n64");
  LLVMValueRef parts64 = LLVMBuildZExt(b, parts, i64, "parts64");
  LLVMValueRef row = LLVMBuildMul(b, parts64, n64, "row"); /* parts * n */
  LLVMValueRef total = kind == GS_COLL_ALL_GATHER ? LLVMBuildMul(b, parts64, row, "total") : row;
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntULT, rank, total, ""), loop, done);

  LLVMPositionBuilderAtEnd(b, loop);
  LLVMValueRef e = LLVMBuildPhi(b, i64, "e");
  LLVMValueRef value = NULL;
  LLVMBasicBlockRef store_bb = loop;
  if (kind == GS_COLL_BROADCAST || kind == GS_COLL_ALL_GATHER) {
    LLVMValueRef from;
    if (kind == GS_COLL_BROADCAST)
      from = LLVMBuildAdd(b, LLVMBuildMul(b, LLVMBuildZExt(b, root, i64, ""), n64, ""),
                          LLVMBuildURem(b, e, n64, ""), "from");
    else
      from = LLVMBuildURem(b, e, row, "from");
    value = LLVMBuildLoad2(b, elem, LLVMBuildInBoundsGEP2(b, elem, psrc, &from, 1, ""), "");
    LLVMSetAlignment(value, gs_type_size(t));
  } else {
    /* all_reduce: dst[r*n+j] folds src[q*n+j]; reduce_scatter: dst[r*n+j]
     * folds src[q*parts*n + r*n+j]; both strictly in q order from q = 0 */
    LLVMValueRef base = kind == GS_COLL_ALL_REDUCE ? LLVMBuildURem(b, e, n64, "j") : e;
    LLVMValueRef stride = kind == GS_COLL_ALL_REDUCE ? n64 : row;
    LLVMValueRef first = LLVMBuildLoad2(b, elem, LLVMBuildInBoundsGEP2(b, elem, psrc, &base, 1, ""), "");
    LLVMSetAlignment(first, gs_type_size(t));
    LLVMBasicBlockRef fold = LLVMAppendBasicBlockInContext(c->ctx, fn, "fold");
    LLVMBasicBlockRef folded = LLVMAppendBasicBlockInContext(c->ctx, fn, "folded");
    LLVMMoveBasicBlockBefore(fold, done);
    LLVMMoveBasicBlockBefore(folded, done);
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntUGT, parts64, i64_const(c, 1), ""), fold, folded);
    LLVMPositionBuilderAtEnd(b, fold);
    LLVMValueRef q = LLVMBuildPhi(b, i64, "q");
    LLVMValueRef acc = LLVMBuildPhi(b, elem, "acc");
    LLVMValueRef at = LLVMBuildAdd(b, LLVMBuildMul(b, q, stride, ""), base, "");
    LLVMValueRef x = LLVMBuildLoad2(b, elem, LLVMBuildInBoundsGEP2(b, elem, psrc, &at, 1, ""), "");
    LLVMSetAlignment(x, gs_type_size(t));
    LLVMValueRef next_acc = build_reduce(b, s->u.coll.op, t, acc, x);
    LLVMValueRef next_q = LLVMBuildAdd(b, q, i64_const(c, 1), "");
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntULT, next_q, parts64, ""), fold, folded);
    LLVMValueRef qv[2] = {i64_const(c, 1), next_q}, av[2] = {first, next_acc};
    LLVMBasicBlockRef qb[2] = {loop, fold};
    LLVMAddIncoming(q, qv, qb, 2);
    LLVMAddIncoming(acc, av, qb, 2);
    LLVMPositionBuilderAtEnd(b, folded);
    value = LLVMBuildPhi(b, elem, "value");
    LLVMValueRef vv[2] = {first, next_acc};
    LLVMAddIncoming(value, vv, qb, 2);
    store_bb = folded;
  }
  LLVMValueRef st = LLVMBuildStore(b, value, LLVMBuildInBoundsGEP2(b, elem, pdst, &e, 1, ""));
  LLVMSetAlignment(st, gs_type_size(t));
  LLVMValueRef next = LLVMBuildAdd(b, e, count, "");
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntULT, next, total, ""), loop, done);
  LLVMValueRef ev[2] = {rank, next};
  LLVMBasicBlockRef eb[2] = {entry, store_bb};
  LLVMAddIncoming(e, ev, eb, 2);
  LLVMPositionBuilderAtEnd(b, done);
  LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
  return fn;
}

/* A collective (docs/programs.md): every live invocation takes a rank from
 * a counter between two grid barriers, so that the output elements are
 * shared among the invocations that have not returned, whoever they are:
 *
 *   grid barrier                      src is complete
 *   rank = atomic_add(counter, 1)
 *   grid barrier                      every live invocation has a rank
 *   live = counter
 *   collective(src, dst, ..., rank, live)
 *   grid barrier                      dst is complete
 *   if rank == 0: counter = 0         no one reads it again before the
 *                                     next use passes its first barrier
 */
static void lower_collective(lower_ctx *c, const gs_stmt *s) {
  LLVMValueRef args[7];
  unsigned n = 0;
  args[n++] = c->buf_ptr[s->u.coll.src.buf];
  args[n++] = c->buf_ptr[s->u.coll.dst.buf];
  args[n++] = lower_expr(c, s->u.coll.n);
  args[n++] = lower_expr(c, s->u.coll.parts);
  if (s->u.coll.kind == GS_COLL_BROADCAST)
    args[n++] = lower_expr(c, s->u.coll.root);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(c->ctx), i64 = LLVMInt64TypeInContext(c->ctx);
  char name[64];
  snprintf(name, sizeof name, "gridsplit.collective.%u", c->collectives++);
  LLVMValueRef counter = LLVMAddGlobalInAddressSpace(c->m, i32, name, AS_GLOBAL);
  LLVMSetInitializer(counter, i32_const(c, 0));
  LLVMSetLinkage(counter, LLVMInternalLinkage);
  LLVMSetAlignment(counter, 4);

  build_grid_barrier(c);
  LLVMValueRef rank = build_rmw(c, LLVMAtomicRMWBinOpAdd, counter, i32_const(c, 1), 0);
  build_grid_barrier(c);
  LLVMValueRef live = LLVMBuildLoad2(c->b, i32, counter, "live");
  LLVMSetAlignment(live, 4);
  args[n++] = LLVMBuildZExt(c->b, rank, i64, "rank");
  args[n++] = LLVMBuildZExt(c->b, live, i64, "");
  call(c, collective_function(c, s), args, n);
  build_grid_barrier(c);
  LLVMBasicBlockRef reset = new_block(c, "collective.reset");
  LLVMBasicBlockRef after = new_block(c, "collective.end");
  LLVMBuildCondBr(c->b, LLVMBuildICmp(c->b, LLVMIntEQ, rank, i32_const(c, 0), ""), reset, after);
  LLVMPositionBuilderAtEnd(c->b, reset);
  LLVMSetAlignment(LLVMBuildStore(c->b, i32_const(c, 0), counter), 4);
  LLVMBuildBr(c->b, after);
  LLVMPositionBuilderAtEnd(c->b, after);
}

/* statements */

static void lower_stmt(lower_ctx *c, const gs_stmt *s);

static void set_location(lower_ctx *c, gs_pos pos) {
  if (!c->di || !pos.line)
    return;
  LLVMMetadataRef loc =
      LLVMDIBuilderCreateDebugLocation(c->ctx, pos.line, pos.col, c->di_scope, NULL);
  LLVMSetCurrentDebugLocation2(c->b, loc);
}

static void lower_block(lower_ctx *c, const gs_stmt *block) {
  for (size_t i = 0; i < block->u.block.len && !c->terminated; i++)
    lower_stmt(c, block->u.block.stmts[i]);
}

static void store_slot(lower_ctx *c, int slot, LLVMValueRef v) {
  LLVMBuildStore(c->b, v, c->slots[slot]);
}

static void lower_if(lower_ctx *c, const gs_stmt *s) {
  LLVMValueRef cond = lower_expr(c, s->u.if_.cond);
  LLVMBasicBlockRef then_bb = new_block(c, "if.then");
  int has_else = s->u.if_.else_body && s->u.if_.else_body->u.block.len;
  LLVMBasicBlockRef else_bb = has_else ? new_block(c, "if.else") : NULL;
  LLVMBasicBlockRef end = new_block(c, "if.end");
  LLVMBuildCondBr(c->b, cond, then_bb, has_else ? else_bb : end);
  enter(c, then_bb);
  lower_block(c, s->u.if_.then_body);
  branch_to(c, end);
  if (has_else) {
    LLVMMoveBasicBlockAfter(end, LLVMGetLastBasicBlock(c->fn));
    enter(c, else_bb);
    lower_block(c, s->u.if_.else_body);
    branch_to(c, end);
  }
  LLVMMoveBasicBlockAfter(end, LLVMGetLastBasicBlock(c->fn));
  if (has_predecessors(end)) {
    enter(c, end);
  } else {
    /* both sides returned: what follows cannot run */
    LLVMDeleteBasicBlock(end);
    c->terminated = 1;
  }
}

/* for v in a..b step K: a and b evaluated once; the body runs while v < b,
 * and after an iteration the loop ends when b - v <= K (unsigned, exact as
 * v < b), so v + K never overflows (docs/programs.md). */
static void lower_for(lower_ctx *c, const gs_stmt *s) {
  gs_type t = s->u.for_.type;
  LLVMTypeRef ty = llvm_type(c, t);
  LLVMValueRef start = lower_expr(c, s->u.for_.start);
  LLVMValueRef end = lower_expr(c, s->u.for_.end);
  LLVMValueRef slot = c->slots[s->u.for_.slot];
  store_slot(c, s->u.for_.slot, start);
  LLVMIntPredicate lt = gs_type_is_signed(t) ? LLVMIntSLT : LLVMIntULT;
  char name[160];
  snprintf(name, sizeof name, "for.%s", s->u.for_.var);
  LLVMBasicBlockRef body = new_block(c, name);
  snprintf(name, sizeof name, "for.%s.next", s->u.for_.var);
  LLVMBasicBlockRef next = new_block(c, name);
  snprintf(name, sizeof name, "for.%s.end", s->u.for_.var);
  LLVMBasicBlockRef exit = new_block(c, name);
  LLVMBuildCondBr(c->b, LLVMBuildICmp(c->b, lt, start, end, ""), body, exit);
  enter(c, body);
  lower_block(c, s->u.for_.body);
  branch_to(c, next);
  LLVMMoveBasicBlockAfter(next, LLVMGetLastBasicBlock(c->fn));
  LLVMMoveBasicBlockAfter(exit, next);
  if (has_predecessors(next)) {
    enter(c, next);
    set_location(c, s->pos);
    LLVMValueRef v = LLVMBuildLoad2(c->b, ty, slot, s->u.for_.var);
    LLVMValueRef step = LLVMConstInt(ty, s->u.for_.step, 0);
    LLVMValueRef left = LLVMBuildSub(c->b, end, v, "");
    /* the checker keeps the step inside the type */
    LLVMValueRef last = LLVMBuildICmp(c->b, LLVMIntULE, left, step, "");
    LLVMBasicBlockRef step_bb = new_block(c, "for.step");
    LLVMMoveBasicBlockBefore(step_bb, exit);
    LLVMBuildCondBr(c->b, last, exit, step_bb);
    enter(c, step_bb);
    store_slot(c, s->u.for_.slot, LLVMBuildAdd(c->b, v, step, ""));
    LLVMBuildBr(c->b, body);
  } else {
    LLVMDeleteBasicBlock(next);
  }
  enter(c, exit);
}

static void lower_stmt(lower_ctx *c, const gs_stmt *s) {
  set_location(c, s->pos);
  switch (s->kind) {
  case GS_STMT_LET:
    store_slot(c, s->u.let.slot, lower_expr(c, s->u.let.value));
    break;
  case GS_STMT_ASSIGN:
    store_slot(c, s->u.assign.slot, lower_expr(c, s->u.assign.value));
    break;
  case GS_STMT_STORE: {
    const gs_buffer *b = gs_program_buffer(c->p, (size_t)s->u.store.buffer.buf);
    LLVMValueRef ptr = element_ptr(c, s->u.store.buffer.buf, s->u.store.index);
    LLVMValueRef v = lower_expr(c, s->u.store.value);
    LLVMSetAlignment(LLVMBuildStore(c->b, v, ptr), gs_type_size(b->elem));
    break;
  }
  case GS_STMT_IF:
    lower_if(c, s);
    break;
  case GS_STMT_FOR:
    lower_for(c, s);
    break;
  case GS_STMT_BLOCK:
    lower_block(c, s);
    break;
  case GS_STMT_REGION: {
    /* a named block, and the code after it in another */
    LLVMBasicBlockRef bb = new_block(c, s->u.region.name);
    LLVMBuildBr(c->b, bb);
    enter(c, bb);
    lower_block(c, s->u.region.body);
    if (!c->terminated) {
      char name[160];
      snprintf(name, sizeof name, "%s.end", s->u.region.name);
      LLVMBasicBlockRef after = new_block(c, name);
      LLVMBuildBr(c->b, after);
      enter(c, after);
    }
    break;
  }
  case GS_STMT_RETURN:
    LLVMBuildRetVoid(c->b);
    c->terminated = 1;
    break;
  case GS_STMT_WORKGROUP_BARRIER:
    build_workgroup_barrier(c);
    break;
  case GS_STMT_GRID_BARRIER:
    build_grid_barrier(c);
    break;
  case GS_STMT_COLLECTIVE:
    lower_collective(c, s);
    break;
  case GS_STMT_EVAL:
    lower_expr(c, s->u.eval.value);
    break;
  }
}

/* the kernel */

static LLVMMetadataRef md_string(lower_ctx *c, const char *s) {
  return LLVMMDStringInContext2(c->ctx, s, strlen(s));
}

static LLVMMetadataRef md_int(lower_ctx *c, unsigned v) {
  return LLVMValueAsMetadata(i32_const(c, v));
}

/* The OpenCL kernel argument metadata clang gives a kernel (SPIR 1.2/2.0
 * "Kernel Argument Information"); the runner reads element types from
 * kernel_arg_base_type, the split extends each list for its arguments. */
static void kernel_metadata(lower_ctx *c, const int *order, size_t nbufs, size_t nlens) {
  size_t n = nbufs + nlens;
  LLVMMetadataRef *as = gs_xcalloc(n + 1, sizeof *as), *acc = gs_xcalloc(n + 1, sizeof *acc);
  LLVMMetadataRef *ty = gs_xcalloc(n + 1, sizeof *ty), *qual = gs_xcalloc(n + 1, sizeof *qual);
  for (size_t i = 0; i < n; i++) {
    acc[i] = md_string(c, "none");
    if (i < nbufs) {
      const gs_buffer *b = gs_program_buffer(c->p, (size_t)order[i]);
      char text[32];
      snprintf(text, sizeof text, "%s*", opencl_type(b->elem));
      as[i] = md_int(c, buffer_space_of(c, b) == AS_GLOBAL ? AS_GLOBAL : CL_AS_CONSTANT);
      ty[i] = md_string(c, text);
      qual[i] = md_string(c, b->access == GS_ACCESS_READ || b->access == GS_ACCESS_UNIFORM
                                 ? "const"
                                 : "");
    } else {
      as[i] = md_int(c, 0);
      ty[i] = md_string(c, "uint");
      qual[i] = md_string(c, "");
    }
  }
  static const char *const kinds[] = {"kernel_arg_addr_space", "kernel_arg_access_qual",
                                      "kernel_arg_type", "kernel_arg_base_type",
                                      "kernel_arg_type_qual"};
  LLVMMetadataRef *lists[] = {as, acc, ty, ty, qual};
  for (int k = 0; k < 5; k++)
    LLVMGlobalSetMetadata(c->fn, LLVMGetMDKindIDInContext(c->ctx, kinds[k], strlen(kinds[k])),
                          LLVMMDNodeInContext2(c->ctx, lists[k], n));
  unsigned wg[3];
  gs_program_workgroup_size(c->p, wg);
  LLVMMetadataRef size[3] = {md_int(c, wg[0]), md_int(c, wg[1]), md_int(c, wg[2])};
  LLVMGlobalSetMetadata(c->fn, LLVMGetMDKindIDInContext(c->ctx, "reqd_work_group_size", 20),
                        LLVMMDNodeInContext2(c->ctx, size, 3));
  /* the buffers the host reads back (the program's `output` flags) */
  LLVMMetadataRef *outs = gs_xcalloc(nbufs + 1, sizeof *outs);
  size_t nouts = 0;
  for (size_t i = 0; i < nbufs; i++)
    if (gs_program_buffer(c->p, (size_t)order[i])->output)
      outs[nouts++] = md_int(c, (unsigned)i);
  LLVMGlobalSetMetadata(c->fn, LLVMGetMDKindIDInContext(c->ctx, "gridsplit.outputs", 17),
                        LLVMMDNodeInContext2(c->ctx, outs, nouts));
  free(outs);
  free(as);
  free(acc);
  free(ty);
  free(qual);
}

static void module_metadata(lower_ctx *c) {
  LLVMMetadataRef ver[2] = {md_int(c, 2), md_int(c, 0)};
  LLVMValueRef node = LLVMMetadataAsValue(c->ctx, LLVMMDNodeInContext2(c->ctx, ver, 2));
  LLVMAddNamedMetadataOperand(c->m, "opencl.ocl.version", node);
  if (c->t->lower_module_metadata)
    c->t->lower_module_metadata(c->m, c->fn);
}

/* Debug info naming the program file, so that the split's messages and the
 * plan's barrier locations point into it (file:line:col). */
static void debug_info_begin(lower_ctx *c) {
  const char *file = gs_program_file(c->p);
  const char *slash = strrchr(file, '/');
  const char *base = slash ? slash + 1 : file;
  size_t dirlen = slash ? (size_t)(slash - file) : 1;
  const char *dir = slash ? file : ".";
  c->di = LLVMCreateDIBuilder(c->m);
  LLVMMetadataRef f = LLVMDIBuilderCreateFile(c->di, base, strlen(base), dir, dirlen);
  const char *producer = "gridsplit " GS_VERSION;
  LLVMDIBuilderCreateCompileUnit(c->di, LLVMDWARFSourceLanguageC, f, producer, strlen(producer), 0,
                                 "", 0, 0, "", 0, LLVMDWARFEmissionLineTablesOnly, 0, 0, 0, "", 0,
                                 "", 0);
  LLVMMetadataRef fty = LLVMDIBuilderCreateSubroutineType(c->di, f, NULL, 0, LLVMDIFlagZero);
  const char *name = gs_program_name(c->p);
  c->di_scope = LLVMDIBuilderCreateFunction(c->di, f, name, strlen(name), name, strlen(name), f, 1,
                                            fty, 0, 1, 1, LLVMDIFlagZero, 0);
  LLVMSetSubprogram(c->fn, c->di_scope);
  LLVMValueRef flag_ver = i32_const(c, LLVMDebugMetadataVersion());
  LLVMAddModuleFlag(c->m, LLVMModuleFlagBehaviorWarning, "Debug Info Version", 18,
                    LLVMValueAsMetadata(flag_ver));
}

static gs_error *run_mem2reg(LLVMModuleRef m) {
  return ir_run_passes(m, "function(mem2reg)", "internal error: mem2reg");
}

static int compare_binding(const void *a, const void *b, const gs_program *p) {
  int x = gs_program_buffer(p, (size_t) * (const int *)a)->binding;
  int y = gs_program_buffer(p, (size_t) * (const int *)b)->binding;
  return (x > y) - (x < y);
}

/* Builds the kernel into a new module of CTX. */
static gs_error *build_module(const gs_program *p, LLVMContextRef ctx, const gs_target *t,
                              LLVMModuleRef *out) {
  lower_ctx c;
  memset(&c, 0, sizeof c);
  c.p = p;
  c.t = t;
  c.ctx = ctx;
  const char *file = gs_program_file(p);
  c.m = LLVMModuleCreateWithNameInContext(file, ctx);
  LLVMSetSourceFileName(c.m, file, strlen(file));
  LLVMSetTarget(c.m, t->triple);
  LLVMSetDataLayout(c.m, t->data_layout);

  /* buffers with a binding become arguments, ordered by binding; then the
   * run-time counts (docs/programs.md, "len") */
  size_t nb = gs_program_buffer_count(p), nargs = 0, nlens = 0;
  int *order = gs_xcalloc(nb + 1, sizeof *order), *lens = gs_xcalloc(nb + 1, sizeof *lens);
  for (size_t i = 0; i < nb; i++)
    if (gs_program_buffer(p, i)->access != GS_ACCESS_WORKGROUP)
      order[nargs++] = (int)i;
  for (size_t i = 1; i < nargs; i++) /* insertion sort: few buffers */
    for (size_t j = i; j > 0 && compare_binding(&order[j - 1], &order[j], p) > 0; j--) {
      int t = order[j];
      order[j] = order[j - 1];
      order[j - 1] = t;
    }
  for (size_t i = 0; i < nargs; i++)
    if (gs_program_buffer(p, (size_t)order[i])->count == 0)
      lens[nlens++] = order[i];
  LLVMTypeRef *params = gs_xcalloc(nargs + nlens + 1, sizeof *params);
  for (size_t i = 0; i < nargs; i++) {
    const gs_buffer *b = gs_program_buffer(p, (size_t)order[i]);
    params[i] = LLVMPointerType(llvm_type(&c, b->elem), buffer_space_of(&c, b));
  }
  for (size_t i = 0; i < nlens; i++)
    params[nargs + i] = LLVMInt32TypeInContext(ctx);
  const char *name = gs_program_name(p);
  c.fn = LLVMAddFunction(c.m, name,
                         LLVMFunctionType(LLVMVoidTypeInContext(ctx), params,
                                          (unsigned)(nargs + nlens), 0));
  free(params);
  LLVMSetFunctionCallConv(c.fn, t->kernel_cc);
  add_enum_attr(c.fn, LLVMAttributeFunctionIndex, "nounwind", 0);
  add_enum_attr(c.fn, LLVMAttributeFunctionIndex, "norecurse", 0);
  unsigned wg[3];
  gs_program_workgroup_size(p, wg);
  if (t->lower_kernel_attributes)
    t->lower_kernel_attributes(c.fn, wg);
  c.buf_ptr = gs_xcalloc(nb + 1, sizeof *c.buf_ptr);
  c.buf_len = gs_xcalloc(nb + 1, sizeof *c.buf_len);
  for (size_t i = 0; i < nargs; i++) {
    const gs_buffer *b = gs_program_buffer(p, (size_t)order[i]);
    LLVMValueRef arg = LLVMGetParam(c.fn, (unsigned)i);
    LLVMSetValueName2(arg, b->name, strlen(b->name));
    buffer_param_attrs(c.fn, (unsigned)i, b->access, gs_type_size(b->elem));
    c.buf_ptr[order[i]] = arg;
  }
  for (size_t i = 0; i < nlens; i++) {
    const gs_buffer *b = gs_program_buffer(p, (size_t)lens[i]);
    LLVMValueRef arg = LLVMGetParam(c.fn, (unsigned)(nargs + i));
    char lname[160];
    snprintf(lname, sizeof lname, "%s_len", b->name);
    LLVMSetValueName2(arg, lname, strlen(lname));
    add_enum_attr(c.fn, (unsigned)(nargs + i + 1), "noundef", 0);
    c.buf_len[lens[i]] = arg;
  }
  for (size_t i = 0; i < nb; i++) {
    const gs_buffer *b = gs_program_buffer(p, i);
    if (b->access == GS_ACCESS_WORKGROUP) {
      /* workgroup memory has no initial contents on any target */
      LLVMTypeRef ty = LLVMArrayType(llvm_type(&c, b->elem), b->count);
      LLVMValueRef g = LLVMAddGlobalInAddressSpace(c.m, ty, b->name, AS_LOCAL);
      LLVMSetInitializer(g, LLVMGetUndef(ty));
      LLVMSetLinkage(g, LLVMInternalLinkage);
      LLVMSetAlignment(g, gs_type_size(b->elem));
      c.buf_ptr[i] = g;
    }
    if (b->count)
      c.buf_len[i] = i32_const(&c, b->count);
  }
  kernel_metadata(&c, order, nargs, nlens);
  module_metadata(&c);
  debug_info_begin(&c);

  c.b = LLVMCreateBuilderInContext(ctx);
  c.entry = LLVMAppendBasicBlockInContext(ctx, c.fn, "entry");
  LLVMPositionBuilderAtEnd(c.b, c.entry);
  int nslots = gs_program_slot_count(p);
  c.slots = gs_xcalloc((size_t)nslots + 1, sizeof *c.slots);
  /* one alloca per variable, named after it, typed by its declaration */
  gs_vec stack;
  vec_init(&stack, sizeof(const gs_stmt *));
  VEC_PUSH(&stack, const gs_stmt *, gs_program_body(p));
  while (stack.len) {
    const gs_stmt *s = VEC_AT(&stack, const gs_stmt *, --stack.len);
    if (!s)
      continue;
    switch (s->kind) {
    case GS_STMT_LET:
      if (s->u.let.slot >= 0 && s->u.let.slot < nslots && !c.slots[s->u.let.slot])
        c.slots[s->u.let.slot] = entry_alloca(&c, llvm_type(&c, s->u.let.type), s->u.let.name);
      break;
    case GS_STMT_FOR:
      if (s->u.for_.slot >= 0 && s->u.for_.slot < nslots && !c.slots[s->u.for_.slot])
        c.slots[s->u.for_.slot] = entry_alloca(&c, llvm_type(&c, s->u.for_.type), s->u.for_.var);
      VEC_PUSH(&stack, const gs_stmt *, s->u.for_.body);
      break;
    case GS_STMT_IF:
      VEC_PUSH(&stack, const gs_stmt *, s->u.if_.then_body);
      VEC_PUSH(&stack, const gs_stmt *, s->u.if_.else_body);
      break;
    case GS_STMT_REGION:
      VEC_PUSH(&stack, const gs_stmt *, s->u.region.body);
      break;
    case GS_STMT_BLOCK:
      for (size_t i = 0; i < s->u.block.len; i++)
        VEC_PUSH(&stack, const gs_stmt *, s->u.block.stmts[i]);
      break;
    default:
      break;
    }
  }
  vec_free(&stack);
  gs_error *err = NULL;
  for (int i = 0; i < nslots && !err; i++)
    if (!c.slots[i])
      err = gs_errorf("%s: internal error: variable slot %d has no declaration", file, i);
  if (!err) {
    lower_block(&c, gs_program_body(p));
    if (!c.terminated)
      LLVMBuildRetVoid(c.b);
  }
  LLVMDIBuilderFinalize(c.di);
  LLVMDisposeDIBuilder(c.di);
  LLVMDisposeBuilder(c.b);
  free(c.slots);
  free(c.buf_ptr);
  free(c.buf_len);
  free(order);
  free(lens);
  if (!err)
    err = run_mem2reg(c.m);
  char *msg = NULL;
  if (!err && LLVMVerifyModule(c.m, LLVMReturnStatusAction, &msg)) {
    size_t n = msg ? strcspn(msg, "\n") : 0;
    err = gs_errorf("%s: internal error: the lowered kernel '%s' does not verify: %.*s", file,
                    name, (int)n, msg ? msg : "");
  }
  LLVMDisposeMessage(msg);
  if (err) {
    LLVMDisposeModule(c.m);
    return err;
  }
  *out = c.m;
  return NULL;
}

/* The kernel and the workgroup buffers are module symbols, next to the
 * functions the lowering declares (OpenCL builtins mangled _Z..., device
 * library functions __..., gridsplit_grid_sync, gridsplit.*): a program may
 * not take those names, nor give a workgroup buffer the kernel's. */
static int reserved_symbol(const char *name) {
  return !strncmp(name, "_Z", 2) || !strncmp(name, "__", 2) || !strncmp(name, "gridsplit", 9);
}

static gs_error *check_symbols(const gs_program *p) {
  const char *file = gs_program_file(p), *name = gs_program_name(p);
  if (reserved_symbol(name))
    return gs_errorf("%s: error: the program name '%s' is reserved (names beginning with _Z, "
                     "__ or gridsplit belong to the lowering and the device libraries)",
                     file, name);
  size_t n = gs_program_buffer_count(p);
  for (size_t i = 0; i < n; i++) {
    const gs_buffer *b = gs_program_buffer(p, i);
    const char *why = NULL, *other = NULL;
    if (b->access == GS_ACCESS_WORKGROUP) {
      if (reserved_symbol(b->name))
        why = "is reserved (names beginning with _Z, __ or gridsplit belong to the lowering "
              "and the device libraries)";
      else if (!strcmp(b->name, name))
        why = "is the kernel's name";
    } else if (!strcmp(b->name, GS_LIVE_STATE_NAME) || !strcmp(b->name, "gs_control")) {
      /* argument names bind buffers at run time; the split adds these */
      why = "is the name of an argument the split adds";
    } else {
      for (size_t j = 0; j < n && !why; j++) {
        const gs_buffer *r = gs_program_buffer(p, j);
        size_t len = strlen(r->name);
        if (r->count == 0 && r->access != GS_ACCESS_WORKGROUP && !strncmp(b->name, r->name, len) &&
            !strcmp(b->name + len, "_len")) {
          why = "is the run-time count argument of the buffer";
          other = r->name;
        }
      }
    }
    if (!why)
      continue;
    gs_str m;
    str_init(&m);
    if (b->pos.line)
      str_printf(&m, "%s:%u:%u: error: ", file, b->pos.line, b->pos.col);
    else
      str_printf(&m, "%s: error: ", file);
    str_printf(&m, "the %sbuffer name '%s' %s%s%s%s",
               b->access == GS_ACCESS_WORKGROUP ? "workgroup " : "", b->name, why,
               other ? " '" : "", other ? other : "", other ? "'" : "");
    gs_error *e = gs_errorf("%s", m.s);
    str_free(&m);
    return e;
  }
  return NULL;
}

gs_error *gs_program_lower(const gs_program *p, LLVMContextRef ctx, gs_target_kind kind,
                           LLVMModuleRef *out) {
  if (out)
    *out = NULL;
  if (!p || !ctx || !out)
    return gs_errorf("gs_program_lower: %s is NULL", !p ? "the program" : !ctx ? "the context" : "out");
  if (!gs_program_is_checked(p))
    return gs_errorf("%s: program '%s' is not checked: call gs_program_check first",
                     gs_program_file(p), gs_program_name(p));
  gs_error *bad = check_symbols(p);
  if (bad)
    return bad;
  const target_output *o = target_output_for(kind);
  if (!o)
    return gs_errorf("gs_program_lower: no target kind %d", (int)kind);
  const gs_target *t = o->target;
#if GS_LLVM_MAJOR < 17
  /* Typed pointers (SPIRV-LLVM-Translator 15 needs them): built in a context
   * of their own and moved into CTX as bitcode, which keeps them typed in a
   * context that has not chosen yet, and upgrades them to opaque pointers
   * in one that holds opaque-pointer IR (LLVM 15 cannot be asked which). */
  LLVMContextRef own = LLVMContextCreate();
  LLVMContextSetOpaquePointers(own, 0);
  LLVMModuleRef m = NULL;
  gs_error *err = build_module(p, own, t, &m);
  if (!err) {
    LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(m);
    LLVMDisposeModule(m);
    if (LLVMParseBitcodeInContext2(ctx, bc, out)) {
      *out = NULL;
      err = gs_errorf("%s: internal error: the lowered kernel could not be read back",
                      gs_program_file(p));
    } else {
      LLVMSetModuleIdentifier(*out, gs_program_file(p), strlen(gs_program_file(p)));
    }
    LLVMDisposeMemoryBuffer(bc);
  }
  LLVMContextDispose(own);
  return err;
#else
  return build_module(p, ctx, t, out);
#endif
}
