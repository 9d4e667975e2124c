/* Workgroup memory a segment overwrites before it reads it (lib/layout.c,
 * layout_workgroup_memory): such memory need not be carried into the
 * segment from the one before.
 *
 * The pattern is the tree reduction's and the scan's: every invocation
 * stores element `get_local_id(0)` of a workgroup array [N x T], then
 * passes a workgroup barrier, and only then does anyone read the array:
 *
 *   s[lid] = v; barrier(CLK_LOCAL_MEM_FENCE); ... s[lid + k] ...
 *
 * With at least N invocations in the workgroup's x dimension, elements 0 to
 * N-1 are all written in this segment before any invocation reads one: the
 * read sees nothing an earlier segment left. (Several invocations with the
 * same x id, in y or z, write the same element: still written.) The split
 * cannot know the workgroup size, so what this finds is a bound: the
 * segments copy the array only where the workgroup's x size is below N
 * (lib/state.c).
 *
 * A segment's reads (R and A facts of lib/provenance.c; ACC_OWN reads see
 * only the invocation's own writes) are covered when every path from the
 * segment's start to the read, within the segment, passes such a store and
 * then a workgroup barrier that orders workgroup memory: a forward
 * must-dataflow over the kernel's blocks, two bits per block entry. Every
 * invocation of the workgroup reaches that barrier (it is undefined
 * otherwise), so each has stored its element before any read. A kernel
 * whose invocations may have returned before the segment (the status word)
 * is left alone: those invocations store nothing. */
#include "split_steps.h"

#include <stdlib.h>
#include <string.h>

/* the invocation's id in x: the target's query, widened, or narrowed to no
 * fewer than 32 bits (no workgroup is that large), or masked to them */
static int is_local_id_x(LLVMValueRef v) {
  for (;;) {
    LLVMValueRef m = LLVMIsABinaryOperator(v) && LLVMGetInstructionOpcode(v) == LLVMAnd
                         ? LLVMGetOperand(v, 1)
                         : NULL;
    if (LLVMIsAZExtInst(v) || LLVMIsASExtInst(v) ||
        (LLVMIsATruncInst(v) && LLVMGetIntTypeWidth(LLVMTypeOf(v)) >= 32))
      v = LLVMGetOperand(v, 0);
    else if (m && LLVMIsAConstantInt(m) && LLVMGetIntTypeWidth(LLVMTypeOf(m)) <= 64 &&
             (LLVMConstIntGetZExtValue(m) & 0xffffffffull) == 0xffffffffull)
      v = LLVMGetOperand(v, 0); /* zext(trunc to i32), as instcombine writes it */
    else
      break;
  }
  if (!LLVMIsACallInst(v))
    return 0;
  const char *name = ir_callee_name(v);
  if (!name)
    return 0;
  if (!strcmp(name, "llvm.nvvm.read.ptx.sreg.tid.x") || !strcmp(name, "llvm.amdgcn.workitem.id.x"))
    return 1;
  if (strcmp(name, "_Z12get_local_idj") && strcmp(name, "__ockl_get_local_id"))
    return 0;
  LLVMValueRef d = LLVMGetNumArgOperands(v) == 1 ? LLVMGetOperand(v, 0) : NULL;
  return d && LLVMIsAConstantInt(d) && LLVMConstIntGetZExtValue(d) == 0;
}

static LLVMValueRef strip_casts(LLVMValueRef p) {
  while (LLVMIsABitCastInst(p) || LLVMIsAAddrSpaceCastInst(p) ||
         (LLVMIsAConstantExpr(p) &&
          (LLVMGetConstOpcode(p) == LLVMBitCast || LLVMGetConstOpcode(p) == LLVMAddrSpaceCast)))
    p = LLVMGetOperand(p, 0);
  return p;
}

unsigned long long wg_cover_length(LLVMValueRef g) {
  LLVMTypeRef ty = LLVMGlobalGetValueType(g);
  return LLVMGetTypeKind(ty) == LLVMArrayTypeKind ? LLVMGetArrayLength(ty) : 0;
}

/* Whether IN is a plain store of a whole element `get_local_id(0)` of G */
static int covering_store(LLVMTargetDataRef td, LLVMValueRef in, LLVMValueRef g) {
  if (!LLVMIsAStoreInst(in) || LLVMGetVolatile(in) ||
      LLVMGetOrdering(in) != LLVMAtomicOrderingNotAtomic)
    return 0;
  LLVMValueRef p = strip_casts(LLVMGetOperand(in, 1));
  int gep = LLVMIsAGetElementPtrInst(p) ||
            (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr);
  if (!gep || strip_casts(LLVMGetOperand(p, 0)) != g)
    return 0;
  LLVMTypeRef arr = LLVMGlobalGetValueType(g), elem = LLVMGetElementType(arr);
  LLVMTypeRef src = LLVMGetGEPSourceElementType(p);
  unsigned nops = (unsigned)LLVMGetNumOperands(p);
  LLVMValueRef idx;
  if (src == arr && nops == 3 && LLVMIsAConstantInt(LLVMGetOperand(p, 1)) &&
      LLVMConstIntGetZExtValue(LLVMGetOperand(p, 1)) == 0)
    idx = LLVMGetOperand(p, 2);
  else if (src == elem && nops == 2)
    idx = LLVMGetOperand(p, 1);
  else
    return 0;
  LLVMTypeRef stored = LLVMTypeOf(LLVMGetOperand(in, 0));
  if (LLVMStoreSizeOfType(td, stored) != LLVMABISizeOfType(td, elem) ||
      LLVMABISizeOfType(td, stored) != LLVMABISizeOfType(td, elem))
    return 0;
  return is_local_id_x(idx);
}

enum { K_STORED = 1, K_COVERED = 2, K_TOP = 3 };

typedef struct {
  split_ctx *c;
  int buffer;
  LLVMValueRef g;
  unsigned char *in; /* per block: state at its entry, K_TOP while unreached */
  char *seen;        /* per block: reached */
  gs_vec work;       /* block indices */
} cover_ctx;

/* Runs the block from FROM with state ST; 0 where a read is not covered */
static int run_from(cover_ctx *x, LLVMValueRef from, unsigned st) {
  split_ctx *c = x->c;
  for (LLVMValueRef in = from; in; in = LLVMGetNextInstruction(in)) {
    if (map_get(&c->cfg.barrier_site, in, NULL))
      return 1; /* a grid barrier: the path leaves the segment */
    intptr_t f;
    if (map_get(&c->access.first_fact, in, &f))
      for (; f >= 0; f = VEC_AT(&c->access.facts, access_fact, f).next) {
        const access_fact *af = &VEC_AT(&c->access.facts, access_fact, f);
        if (af->buffer == x->buffer && (af->flags & (ACC_R | ACC_A)) && !(st & K_COVERED))
          return 0;
      }
    if (covering_store(c->td, in, x->g))
      st |= K_STORED;
    if ((st & K_STORED) && LLVMIsACallInst(in)) {
      const char *name = ir_callee_name(in);
      if (name && c->t->is_workgroup_barrier(in, name, 1))
        st |= K_COVERED;
    }
    if (LLVMIsATerminatorInst(in)) {
      unsigned n = LLVMGetNumSuccessors(in);
      for (unsigned k = 0; k < n; k++) {
        intptr_t b = 0;
        map_get(&c->cfg.block_index, LLVMGetSuccessor(in, k), &b);
        unsigned next = x->seen[b] ? (x->in[b] & st) : st;
        if (!x->seen[b] || next != x->in[b]) {
          x->seen[b] = 1;
          x->in[b] = (unsigned char)next;
          VEC_PUSH(&x->work, int, (int)b);
        }
      }
      return 1;
    }
  }
  return 1;
}

int wg_segment_covered(split_ctx *c, size_t s, int buffer, LLVMValueRef g) {
  if (c->track_status || !wg_cover_length(g))
    return 0;
  size_t nb = c->cfg.blocks.len;
  cover_ctx x = {c, buffer, g, gs_xmalloc(nb + 1), gs_xcalloc(nb + 1, 1), {0}};
  vec_init(&x.work, sizeof(int));
  memset(x.in, K_TOP, nb + 1);
  LLVMValueRef start = s == 0
                           ? LLVMGetFirstInstruction(VEC_AT(&c->cfg.blocks, LLVMBasicBlockRef, 0))
                           : LLVMGetNextInstruction(VEC_AT(&c->cfg.barriers, LLVMValueRef, s - 1));
  int ok = run_from(&x, start, 0);
  while (ok && x.work.len) {
    int b = VEC_AT(&x.work, int, --x.work.len);
    ok = run_from(&x, LLVMGetFirstInstruction(VEC_AT(&c->cfg.blocks, LLVMBasicBlockRef, b)),
                  x.in[b]);
  }
  vec_free(&x.work);
  free(x.in);
  free(x.seen);
  return ok;
}
