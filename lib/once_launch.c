/* gridsplit: values carried once that the launch's number gives.
 *
 * A loop with one grid barrier an iteration carries its counter once
 * (jacobi_loop's `it`, docs/split.md "Values carried once"): every launch
 * of the loop's segment reads it from the live state's header, and what it
 * picks (the ping-pong buffer, `it & 1`) waits for that read, a round trip
 * to memory at the start of every launch that a static schedule's segment,
 * whose counter is a constant, does not make. A replayed launch knows its
 * number L without reading memory (the order argument; the guard reads
 * control[GS_CONTROL_LAUNCH] on the stepping way only: control_build_guard),
 * and such a counter is a function of L alone.
 *
 * A value carried once at header offset K is given by L when, in the
 * segments as built (after mem2reg), every store of K in segment 0 stores
 * the same constant C, and every store of K in any other segment stores
 * what that segment read of K plus the same constant D (through adds and
 * subtractions of constants, and phis and selects whose ways agree). Then
 * launch L >= 1 reads C + D * (L - 1), whatever the path: launch 0 runs
 * segment 0, the only one that runs at launch 0 (barriers lead to the
 * others); a launch that reads K has K live at the barrier it starts from,
 * so the launch before stored K at that barrier (each launch stores the
 * copy the next reads), and by induction that launch stored C (launch 0)
 * or what it read plus D. Arithmetic is modulo 2^width, as the stores'
 * was: a counter that wraps wraps alike. Each read becomes that
 * expression, and the stores go (nothing reads K any more); the tags go
 * from every segment. A value of any other shape (an argument's start, a
 * loop with two barriers, where one segment adds and another carries
 * through, a float) is read as before. */
#include "split_steps.h"

#include <stdlib.h>
#include <string.h>

enum { FORM_NONE, FORM_CONST, FORM_READ };

typedef struct {
  int form;             /* FORM_CONST: K; FORM_READ: the read plus K */
  unsigned long long k; /* modulo 2^64; compared modulo the width */
} form;

typedef struct {
  unsigned read_kind;
  unsigned offset;
  gs_vec visiting; /* phis on the way: a cycle is no form */
} tracer;

static unsigned tag_offset(LLVMValueRef inst, unsigned kind, int *has) {
  LLVMValueRef md = LLVMGetMetadata(inst, kind);
  *has = md != NULL;
  if (!md || LLVMGetMDNodeNumOperands(md) != 1)
    return 0;
  LLVMValueRef op;
  LLVMGetMDNodeOperands(md, &op);
  return op && LLVMIsAConstantInt(op) ? (unsigned)LLVMConstIntGetZExtValue(op) : 0;
}

static int same_form(form a, form b, unsigned width) {
  unsigned long long mask = width >= 64 ? ~0ull : (1ull << width) - 1;
  return a.form == b.form && ((a.k ^ b.k) & mask) == 0;
}

/* V as a form of the read of T's offset in its function */
static form trace(tracer *t, LLVMValueRef v, unsigned width, int depth) {
  form none = {FORM_NONE, 0};
  if (depth > 64 || LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind ||
      LLVMGetIntTypeWidth(LLVMTypeOf(v)) != width)
    return none;
  if (LLVMIsAConstantInt(v))
    return (form){FORM_CONST, LLVMConstIntGetZExtValue(v)};
  if (!LLVMIsAInstruction(v))
    return none;
  int tagged;
  unsigned off = tag_offset(v, t->read_kind, &tagged);
  if (tagged)
    return off == t->offset ? (form){FORM_READ, 0} : none;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMAdd:
  case LLVMSub: {
    LLVMValueRef a = LLVMGetOperand(v, 0), b = LLVMGetOperand(v, 1);
    int sub = LLVMGetInstructionOpcode(v) == LLVMSub;
    if (!sub && LLVMIsAConstantInt(a) && !LLVMIsAConstantInt(b)) {
      LLVMValueRef x = a;
      a = b, b = x;
    }
    if (!LLVMIsAConstantInt(b))
      return none;
    form f = trace(t, a, width, depth + 1);
    unsigned long long k = LLVMConstIntGetZExtValue(b);
    f.k = sub ? f.k - k : f.k + k;
    return f.form == FORM_NONE ? none : f;
  }
  case LLVMSelect: {
    form a = trace(t, LLVMGetOperand(v, 1), width, depth + 1);
    form b = trace(t, LLVMGetOperand(v, 2), width, depth + 1);
    return a.form != FORM_NONE && same_form(a, b, width) ? a : none;
  }
  case LLVMPHI: {
    if (in_vec(&t->visiting, v))
      return none;
    VEC_PUSH(&t->visiting, LLVMValueRef, v);
    form f = none;
    unsigned n = LLVMCountIncoming(v);
    for (unsigned i = 0; i < n; i++) {
      form g = trace(t, LLVMGetIncomingValue(v, i), width, depth + 1);
      if (g.form == FORM_NONE || (i && !same_form(f, g, width))) {
        f = none;
        break;
      }
      f = g;
    }
    t->visiting.len--;
    return f;
  }
  default:
    return none;
  }
}

typedef struct {
  unsigned read, write, launch; /* metadata kinds */
} kinds;

/* the instruction of FN tagged KIND (with offset OFF when WANT_OFF) */
static void collect(LLVMValueRef fn, unsigned kind, int want_off, unsigned off, gs_vec *out) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      int has;
      unsigned o = tag_offset(i, kind, &has);
      if (has && (!want_off || o == off))
        VEC_PUSH(out, LLVMValueRef, i);
    }
}

/* The launch's number READ uses, among LAUNCH (the instructions tagged so
 * in its function): the one in its block (a body inlined into each loop
 * over virtual workgroups brings its own), else the only one (the guard's,
 * in the segment's entry); NULL if neither */
static LLVMValueRef launch_for(LLVMValueRef read, const gs_vec *launch) {
  /* the read's block, then up through blocks with one predecessor (each
   * dominated by the next): the status word's test puts a block between */
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(read);
  LLVMValueRef fn = LLVMGetBasicBlockParent(bb);
  for (int depth = 0; bb && depth < 8; depth++) {
    for (size_t i = 0; i < launch->len; i++)
      if (LLVMGetInstructionParent(VEC_AT(launch, LLVMValueRef, i)) == bb)
        return VEC_AT(launch, LLVMValueRef, i);
    LLVMBasicBlockRef pred = NULL;
    int npred = 0;
    for (LLVMBasicBlockRef p = LLVMGetFirstBasicBlock(fn); p; p = LLVMGetNextBasicBlock(p)) {
      LLVMValueRef term = LLVMGetBasicBlockTerminator(p);
      unsigned n = term ? LLVMGetNumSuccessors(term) : 0;
      for (unsigned k = 0; k < n; k++)
        if (LLVMGetSuccessor(term, k) == bb)
          pred = p, npred++;
    }
    bb = npred == 1 ? pred : NULL;
  }
  return launch->len == 1 ? VEC_AT(launch, LLVMValueRef, 0) : NULL;
}

/* Whether FN reads the header words at OFF (its two copies) other than
 * through the tagged reads: a load at a constant offset from the live
 * state in [OFF, OFF + 16) without the tag (one the optimizer moved and
 * untagged would read what no store writes any more once the stores go) */
static int untagged_read(LLVMValueRef fn, const kinds *k, unsigned off) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsALoadInst(i))
        continue;
      unsigned long long at;
      LLVMValueRef p;
      size_t len;
      if (!ir_param_offset(LLVMGetOperand(i, 0), &p, &at) ||
          strcmp(LLVMGetValueName2(p, &len), GS_LIVE_STATE_NAME) || at < off || at >= off + 16ull)
        continue;
      /* the read's loads are the tagged select's operands */
      int tagged = 0;
      for (LLVMUseRef u = LLVMGetFirstUse(i); u; u = LLVMGetNextUse(u)) {
        int has;
        unsigned o = tag_offset(LLVMGetUser(u), k->read, &has);
        tagged |= has && o == off;
      }
      if (!tagged)
        return 1;
    }
  return 0;
}

/* Whether offset OFF is given by the launch's number in the segments FNS:
 * its C and D */
static int by_launch(LLVMValueRef *fns, size_t n, const kinds *k, unsigned off,
                     unsigned long long *c, unsigned long long *d) {
  gs_vec insts, launch;
  vec_init(&insts, sizeof(LLVMValueRef));
  vec_init(&launch, sizeof(LLVMValueRef));
  int ok = 1, have_c = 0, have_d = 0;
  unsigned width = 0;
  for (size_t s = 0; ok && s < n; s++) {
    insts.len = launch.len = 0;
    ok = !untagged_read(fns[s], k, off);
    collect(fns[s], k->read, 1, off, &insts);
    collect(fns[s], k->launch, 0, 0, &launch);
    for (size_t i = 0; ok && i < insts.len; i++) {
      LLVMValueRef r = VEC_AT(&insts, LLVMValueRef, i);
      LLVMTypeRef ty = LLVMTypeOf(r);
      unsigned w = LLVMGetTypeKind(ty) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(ty) : 0;
      /* every read needs the launch's number */
      ok = s > 0 && w && w <= 64 && (!width || w == width) && launch_for(r, &launch);
      width = w;
    }
    insts.len = 0;
    collect(fns[s], k->write, 1, off, &insts);
    for (size_t i = 0; ok && i < insts.len; i++) {
      LLVMValueRef v = LLVMGetOperand(VEC_AT(&insts, LLVMValueRef, i), 0);
      LLVMTypeRef ty = LLVMTypeOf(v);
      unsigned w = LLVMGetTypeKind(ty) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(ty) : 0;
      ok = w && w <= 64 && (!width || w == width);
      width = w;
      if (!ok)
        break;
      tracer t = {k->read, off, {0}};
      vec_init(&t.visiting, sizeof(LLVMValueRef));
      form f = trace(&t, v, width, 0);
      vec_free(&t.visiting);
      form want = {s ? FORM_READ : FORM_CONST, s ? *d : *c};
      int *have = s ? &have_d : &have_c;
      ok = f.form == want.form && (!*have || same_form(f, want, width));
      if (ok && !*have) {
        *have = 1;
        *(s ? d : c) = f.k;
      }
    }
  }
  vec_free(&insts);
  vec_free(&launch);
  if (!have_d)
    *d = 0;
  return ok && have_c;
}

/* whether INST only computes a value: arithmetic, comparisons, casts,
 * selects, addresses and plain loads */
static int pure(LLVMValueRef inst) {
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  if (op == LLVMLoad)
    return !LLVMGetVolatile(inst) && LLVMGetOrdering(inst) == LLVMAtomicOrderingNotAtomic;
  return (op >= LLVMAdd && op <= LLVMXor) || (op >= LLVMTrunc && op <= LLVMBitCast) ||
         op == LLVMAddrSpaceCast || op == LLVMICmp || op == LLVMSelect || op == LLVMGetElementPtr;
}

/* INST, and what computed its operands where nothing else uses it (the
 * loads of the two copies and their addresses, the copy's choice) */
static void erase_unused(LLVMValueRef inst) {
  if (!LLVMIsAInstruction(inst) || LLVMGetFirstUse(inst))
    return;
  if (!pure(inst))
    return;
  unsigned n = (unsigned)LLVMGetNumOperands(inst);
  LLVMValueRef ops[3];
  if (n > 3 || LLVMIsAPHINode(inst))
    return;
  for (unsigned i = 0; i < n; i++)
    ops[i] = LLVMGetOperand(inst, i);
  LLVMInstructionEraseFromParent(inst);
  for (unsigned i = 0; i < n; i++) {
    int again = 0; /* an operand twice (`op %x, %x`) is erased once */
    for (unsigned j = 0; j < i; j++)
      again |= ops[j] == ops[i];
    if (!again)
      erase_unused(ops[i]);
  }
}

/* every read of OFF in FN: C + D * (L - 1) */
static void rewrite_reads(LLVMValueRef fn, const kinds *k, unsigned off, unsigned long long c,
                          unsigned long long d) {
  gs_vec reads, launch;
  vec_init(&reads, sizeof(LLVMValueRef));
  vec_init(&launch, sizeof(LLVMValueRef));
  collect(fn, k->read, 1, off, &reads);
  collect(fn, k->launch, 0, 0, &launch);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(fn)));
  for (size_t i = 0; i < reads.len; i++) {
    LLVMValueRef r = VEC_AT(&reads, LLVMValueRef, i), l = launch_for(r, &launch);
    LLVMTypeRef ty = LLVMTypeOf(r);
    LLVMPositionBuilderBefore(b, r);
    LLVMValueRef before = LLVMBuildSub(b, l, LLVMConstInt(LLVMTypeOf(l), 1, 0), "");
    unsigned w = LLVMGetIntTypeWidth(ty), lw = LLVMGetIntTypeWidth(LLVMTypeOf(l));
    if (w > lw)
      before = LLVMBuildZExt(b, before, ty, "");
    else if (w < lw)
      before = LLVMBuildTrunc(b, before, ty, "");
    unsigned long long mask = w >= 64 ? ~0ull : (1ull << w) - 1;
    LLVMValueRef v = (d & mask) == 1 ? before : LLVMBuildMul(b, before, LLVMConstInt(ty, d, 0), "");
    if (c & mask)
      v = LLVMBuildAdd(b, v, LLVMConstInt(ty, c, 0), "");
    size_t len;
    const char *name = LLVMGetValueName2(r, &len);
    LLVMSetValueName2(v, name, len);
    LLVMReplaceAllUsesWith(r, v);
    erase_unused(r);
  }
  LLVMDisposeBuilder(b);
  vec_free(&reads);
  vec_free(&launch);
}

/* the stores of OFF in FN, with the addresses only they used */
static void erase_writes(LLVMValueRef fn, const kinds *k, unsigned off) {
  gs_vec writes;
  vec_init(&writes, sizeof(LLVMValueRef));
  collect(fn, k->write, 1, off, &writes);
  for (size_t i = 0; i < writes.len; i++) {
    LLVMValueRef st = VEC_AT(&writes, LLVMValueRef, i);
    LLVMValueRef val = LLVMGetOperand(st, 0), ptr = LLVMGetOperand(st, 1);
    LLVMInstructionEraseFromParent(st);
    erase_unused(ptr);
    erase_unused(val);
  }
  vec_free(&writes);
}

static void untag(LLVMValueRef fn, const kinds *k) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      LLVMSetMetadata(i, k->read, NULL);
      LLVMSetMetadata(i, k->write, NULL);
      LLVMSetMetadata(i, k->launch, NULL);
    }
}

void once_from_launch(LLVMModuleRef m, const kernel_result *kr) {
  /* only a dynamic schedule's segments have the tags (lib/state.c,
   * lib/clone.c, lib/virtual.c) */
  if (kr->schedule != GS_SCHEDULE_DYNAMIC)
    return;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  kinds k = {LLVMGetMDKindIDInContext(ctx, GS_ONCE_READ_MD, sizeof GS_ONCE_READ_MD - 1),
             LLVMGetMDKindIDInContext(ctx, GS_ONCE_WRITE_MD, sizeof GS_ONCE_WRITE_MD - 1),
             LLVMGetMDKindIDInContext(ctx, GS_LAUNCH_MD, sizeof GS_LAUNCH_MD - 1)};
  size_t n = kr->nsegments;
  LLVMValueRef *fns = gs_xcalloc(n ? n : 1, sizeof *fns);
  for (size_t s = 0; s < n; s++)
    if (!(fns[s] = segment_function(m, kr, s))) {
      free(fns);
      return;
    }
  {
    /* the offsets carried once, from their stores, each once */
    gs_vec writes, offsets;
    vec_init(&writes, sizeof(LLVMValueRef));
    vec_init(&offsets, sizeof(unsigned));
    for (size_t s = 0; s < n; s++)
      collect(fns[s], k.write, 0, 0, &writes);
    for (size_t i = 0; i < writes.len; i++) {
      int has, seen = 0;
      unsigned off = tag_offset(VEC_AT(&writes, LLVMValueRef, i), k.write, &has);
      for (size_t j = 0; j < offsets.len; j++)
        seen |= VEC_AT(&offsets, unsigned, j) == off;
      if (!seen)
        VEC_PUSH(&offsets, unsigned, off);
    }
    vec_free(&writes);
    for (size_t i = 0; i < offsets.len; i++) {
      unsigned off = VEC_AT(&offsets, unsigned, i);
      unsigned long long c = 0, d = 0;
      if (!by_launch(fns, n, &k, off, &c, &d))
        continue;
      for (size_t s = 0; s < n; s++) {
        rewrite_reads(fns[s], &k, off, c, d);
        erase_writes(fns[s], &k, off);
      }
    }
    vec_free(&offsets);
  }
  for (size_t s = 0; s < n; s++)
    untag(fns[s], &k);
  free(fns);
}
