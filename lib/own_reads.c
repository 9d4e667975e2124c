/* Reads of the invocation's own writes (docs/analysis.md, "Own writes"),
 * the last part of the access step (lib/provenance.c).
 *
 * A load is not R when every path from the function's entry to it stores to
 * the same address, at least as many bytes, with nothing between that could
 * let another invocation's write in: no call (but the target's id queries
 * and LLVM's markers), no fence, no atomic (a workgroup or grid barrier is a
 * call). It then reads what this invocation wrote in this segment: a write
 * by another invocation in between would be a data race. The same address
 * means the same SSA value, or the same pure computation (GEPs, integer
 * arithmetic, casts, selects, compares, id queries) of the same SSA values
 * and constants; a value that is not such a computation (a phi, a load, a
 * call) is the same only as itself, and a store's address stops being
 * available where a value it depends on is defined again (a phi of a loop
 * on the next iteration). A forward must-dataflow over the blocks: available
 * addresses, intersected at joins. */
#include "gs.h"

#include <llvm-c/Target.h>

#include <stdlib.h>
#include <string.h>

typedef struct {
  LLVMOpcode op;         /* 0: a leaf (an instruction, argument or constant) */
  LLVMValueRef leaf;     /* the leaf, or the callee of an id query */
  LLVMTypeRef type, aux; /* result type; a GEP's source element type */
  size_t first, nops;    /* operands: node ids in own_ctx.ops */
  int next;              /* the next node of the same hash */
} own_node;

typedef struct {
  const gs_target *t;
  LLVMTargetDataRef td;
  gs_vec nodes;               /* own_node */
  gs_vec ops;                 /* int */
  gs_map by_hash;             /* hash -> first node + 1 */
  gs_map node_of;             /* value -> node + 1 */
  gs_vec key_bytes;           /* per available-address key: its size */
  gs_vec key_next;            /* per key: the next key of the same node, or -1 */
  gs_map key_of;              /* node + 1 -> its first key + 1 */
  gs_vec key_deps;            /* per key: gs_vec of leaf instructions */
  gs_map kill;                /* leaf instruction -> index into kill_sets + 1 */
  char *meet;                 /* per buffer: a plain load reads it and a plain store writes it */
  gs_vec kill_sets;           /* gs_bits */
  size_t nwords;
} own_ctx;

static int own_pure_op(LLVMOpcode op) {
  return ir_is_integer_op(op) || op == LLVMGetElementPtr || op == LLVMAddrSpaceCast ||
         op == LLVMSelect || op == LLVMICmp;
}

/* An id query of the target with constant arguments: the same value
 * wherever the invocation calls it. */
static LLVMValueRef own_query(own_ctx *o, LLVMValueRef v) {
  if (!LLVMIsACallInst(v))
    return NULL;
  const char *name = ir_callee_name(v);
  if (!name || !o->t->is_pure_query(name))
    return NULL;
  for (unsigned i = 0; i < LLVMGetNumArgOperands(v); i++)
    if (!LLVMIsAConstantInt(LLVMGetOperand(v, i)))
      return NULL;
  return ir_called_function(v);
}

static int own_intern(own_ctx *o, own_node *n, const int *ops) {
  uintptr_t h = (uintptr_t)n->op * 31u + (uintptr_t)n->leaf * 17u + (uintptr_t)n->type * 7u +
                (uintptr_t)n->aux;
  for (size_t i = 0; i < n->nops; i++)
    h = h * 1000003u + (uintptr_t)ops[i] + 1;
  h = (h << 4) | 8; /* never 0, never a real pointer */
  intptr_t first;
  int found = map_get(&o->by_hash, (const void *)h, &first) ? (int)first - 1 : -1;
  for (int i = found; i >= 0; i = VEC_AT(&o->nodes, own_node, i).next) {
    own_node *m = &VEC_AT(&o->nodes, own_node, i);
    int same = m->op == n->op && m->leaf == n->leaf && m->type == n->type && m->aux == n->aux &&
               m->nops == n->nops;
    for (size_t k = 0; same && k < n->nops; k++)
      same = VEC_AT(&o->ops, int, m->first + k) == ops[k];
    if (same)
      return i;
  }
  n->first = o->ops.len;
  for (size_t k = 0; k < n->nops; k++)
    VEC_PUSH(&o->ops, int, ops[k]);
  n->next = found;
  VEC_PUSH(&o->nodes, own_node, *n);
  map_put(&o->by_hash, (const void *)h, (intptr_t)o->nodes.len);
  return (int)o->nodes.len - 1;
}

/* The node of V: pure computations by structure, anything else itself.
 * Pointer bitcasts do not change an address and are looked through. */
static int own_node_of(own_ctx *o, LLVMValueRef v) {
  intptr_t x;
  if (map_get(&o->node_of, v, &x))
    return (int)x - 1;
  own_node n;
  memset(&n, 0, sizeof n);
  n.type = LLVMTypeOf(v);
  int id;
  int cast =
      (LLVMIsABitCastInst(v) || (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMBitCast)) &&
      LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind;
  LLVMValueRef query = own_query(o, v);
  if (cast) {
    id = own_node_of(o, LLVMGetOperand(v, 0));
  } else if (query || (LLVMIsAInstruction(v) && own_pure_op(LLVMGetInstructionOpcode(v)))) {
    unsigned nops = query ? LLVMGetNumArgOperands(v) : (unsigned)LLVMGetNumOperands(v);
    int *ops = gs_xcalloc(nops + 1, sizeof *ops);
    for (unsigned i = 0; i < nops; i++)
      ops[i] = own_node_of(o, LLVMGetOperand(v, i));
    n.op = query ? LLVMCall : LLVMGetInstructionOpcode(v);
    n.leaf = query;
    n.nops = nops;
    if (n.op == LLVMGetElementPtr)
      n.aux = LLVMGetGEPSourceElementType(v);
    if (n.op == LLVMICmp)
      n.aux = (LLVMTypeRef)(uintptr_t)(LLVMGetICmpPredicate(v) + 1);
    id = own_intern(o, &n, ops);
    free(ops);
  } else {
    n.leaf = v;
    id = own_intern(o, &n, NULL);
  }
  map_put(&o->node_of, v, id + 1);
  return id;
}

/* the leaf instructions node ID depends on */
static void own_deps(own_ctx *o, int id, gs_vec *deps) {
  own_node *n = &VEC_AT(&o->nodes, own_node, id);
  if (!n->op) {
    if (LLVMIsAInstruction(n->leaf))
      VEC_PUSH(deps, LLVMValueRef, n->leaf);
    return;
  }
  size_t first = n->first, nops = n->nops;
  for (size_t k = 0; k < nops; k++)
    own_deps(o, VEC_AT(&o->ops, int, first + k), deps);
}

static int own_plain(LLVMValueRef i) {
  return !LLVMGetVolatile(i) && LLVMGetOrdering(i) == LLVMAtomicOrderingNotAtomic;
}

/* whether instruction I (of opcode OP) may let another invocation's writes
 * in */
static int own_sync(own_ctx *o, LLVMValueRef i, LLVMOpcode op) {
  switch (op) {
  case LLVMFence:
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg:
    return 1;
  case LLVMLoad:
  case LLVMStore:
    return LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic;
  case LLVMCall:
  case LLVMInvoke: {
    if (ir_is_marker(i))
      return 0;
    const char *name = ir_callee_name(i);
    return !name || !o->t->is_pure_query(name);
  }
  default:
    return 0;
  }
}

/* the key of a plain store's address and size, or -1 */
static int own_key(own_ctx *o, LLVMValueRef addr, unsigned long long bytes, int add) {
  int node = own_node_of(o, addr);
  intptr_t first = 0;
  int k = map_get(&o->key_of, (const void *)(intptr_t)(node + 1), &first) ? (int)first - 1 : -1;
  for (; k >= 0; k = VEC_AT(&o->key_next, int, k))
    if (VEC_AT(&o->key_bytes, unsigned long long, k) == bytes)
      return k;
  if (!add)
    return -1;
  k = (int)o->key_bytes.len;
  VEC_PUSH(&o->key_bytes, unsigned long long, bytes);
  VEC_PUSH(&o->key_next, int, first ? (int)first - 1 : -1);
  map_put(&o->key_of, (const void *)(intptr_t)(node + 1), k + 1);
  gs_vec deps;
  vec_init(&deps, sizeof(LLVMValueRef));
  own_deps(o, node, &deps);
  VEC_PUSH(&o->key_deps, gs_vec, deps);
  return k;
}

/* What the dataflow needs of an instruction, in a block's order: a sync
 * empties the available set, a kill takes a kill set out of it, a gen puts
 * a key in; a load is where the final walk asks whether its bytes are
 * available. */
enum { OWN_SYNC, OWN_KILL, OWN_GEN, OWN_LOAD };

typedef struct {
  int kind;
  int arg;         /* KILL: the kill set; GEN: the key; LOAD: the node */
  intptr_t fact;   /* LOAD: the load's first fact */
  unsigned long long bytes; /* LOAD: its size */
} own_event;

static void own_event_push(gs_vec *events, int kind, int arg, intptr_t fact,
                           unsigned long long bytes) {
  own_event e = {kind, arg, fact, bytes};
  VEC_PUSH(events, own_event, e);
}

/* Whether the load or store I, with its first fact in *F, touches a buffer
 * of O->meet. Only those matter: a store and a load whose addresses are the
 * same computation have the same buffers, so a load can be covered only by
 * a store to a buffer it reads. */
static int own_meets(const own_ctx *o, const kernel_access *ka, LLVMValueRef i, intptr_t *f) {
  if (!map_get(&ka->first_fact, i, f))
    return 0;
  for (intptr_t g = *f; g >= 0; g = VEC_AT(&ka->facts, access_fact, g).next)
    if (o->meet[VEC_AT(&ka->facts, access_fact, g).buffer])
      return 1;
  return 0;
}

/* the events of instruction I, appended to EVENTS */
static void own_events(own_ctx *o, const kernel_access *ka, LLVMValueRef i, gs_vec *events) {
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  intptr_t f;
  if (op == LLVMLoad && own_plain(i) && own_meets(o, ka, i, &f))
    own_event_push(events, OWN_LOAD, own_node_of(o, LLVMGetOperand(i, 0)), f,
                   LLVMStoreSizeOfType(o->td, LLVMTypeOf(i)));
  if (own_sync(o, i, op)) {
    own_event_push(events, OWN_SYNC, 0, 0, 0);
    return;
  }
  intptr_t ks;
  if (o->kill.len && map_get(&o->kill, i, &ks))
    own_event_push(events, OWN_KILL, (int)ks - 1, 0, 0);
  if (op == LLVMStore && own_plain(i) && own_meets(o, ka, i, &f)) {
    LLVMValueRef val = LLVMGetOperand(i, 0);
    int k = own_key(o, LLVMGetOperand(i, 1), LLVMStoreSizeOfType(o->td, LLVMTypeOf(val)), 0);
    if (k >= 0)
      own_event_push(events, OWN_GEN, k, 0, 0);
  }
}

/* whether a load at NODE of BYTES bytes reads an available key */
static int own_covered(const own_ctx *o, int node, unsigned long long bytes, const uint64_t *avail) {
  intptr_t first;
  if (!map_get(&o->key_of, (const void *)(intptr_t)(node + 1), &first))
    return 0;
  for (int k = (int)first - 1; k >= 0; k = VEC_AT(&o->key_next, int, k))
    if (VEC_AT(&o->key_bytes, unsigned long long, k) >= bytes && (avail[k / 64] >> (k % 64) & 1))
      return 1;
  return 0;
}

/* The N events EV applied to AVAIL; with KA, the covered
 * loads lose R on the way. */
static void own_apply(const own_ctx *o, const own_event *ev, size_t n, uint64_t *avail,
                      kernel_access *ka) {
  for (size_t e = 0; e < n; e++) {
    switch (ev[e].kind) {
    case OWN_SYNC:
      memset(avail, 0, o->nwords * sizeof *avail);
      break;
    case OWN_KILL: {
      const gs_bits *kill = &VEC_AT(&o->kill_sets, gs_bits, ev[e].arg);
      for (size_t w = 0; w < o->nwords; w++)
        avail[w] &= ~kill->words[w];
      break;
    }
    case OWN_GEN:
      avail[ev[e].arg / 64] |= 1ull << (ev[e].arg % 64);
      break;
    case OWN_LOAD:
      if (ka && own_covered(o, ev[e].arg, ev[e].bytes, avail))
        for (intptr_t f = ev[e].fact; f >= 0; f = VEC_AT(&ka->facts, access_fact, f).next) {
          access_fact *af = &VEC_AT(&ka->facts, access_fact, f);
          if (af->flags & ACC_R)
            af->flags = (af->flags & ~(unsigned)ACC_R) | ACC_OWN;
        }
      break;
    }
  }
}

void refine_own_reads(kernel_access *ka, LLVMModuleRef m, LLVMValueRef fn, const gs_target *t) {
  own_ctx o;
  memset(&o, 0, sizeof o);
  o.t = t;
  o.td = LLVMGetModuleDataLayout(m);
  vec_init(&o.nodes, sizeof(own_node));
  vec_init(&o.ops, sizeof(int));
  map_init(&o.by_hash);
  map_init(&o.node_of);
  vec_init(&o.key_bytes, sizeof(unsigned long long));
  vec_init(&o.key_next, sizeof(int));
  map_init(&o.key_of);
  vec_init(&o.key_deps, sizeof(gs_vec));
  map_init(&o.kill);
  vec_init(&o.kill_sets, sizeof(gs_bits));
  gs_map block_index;
  map_init(&block_index);
  size_t nb = 0, nbuf = ka->buffers.len;
  /* the buffers where plain loads and plain stores meet */
  char *loaded = gs_xcalloc(nbuf + 1, 1), *stored = gs_xcalloc(nbuf + 1, 1);
  o.meet = gs_xcalloc(nbuf + 1, 1);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      LLVMOpcode op = LLVMGetInstructionOpcode(i);
      intptr_t f;
      if ((op == LLVMLoad || op == LLVMStore) && own_plain(i) && map_get(&ka->first_fact, i, &f))
        for (; f >= 0; f = VEC_AT(&ka->facts, access_fact, f).next)
          (op == LLVMLoad ? loaded : stored)[VEC_AT(&ka->facts, access_fact, f).buffer] = 1;
    }
  }
  int meet = 0;
  for (size_t b = 0; b < nbuf; b++)
    meet |= o.meet[b] = loaded[b] && stored[b];
  free(loaded);
  free(stored);
  /* the keys: the address and size of every plain store there */
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); meet && bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    map_put(&block_index, bb, (intptr_t)nb++);
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      intptr_t f;
      if (LLVMGetInstructionOpcode(i) == LLVMStore && own_plain(i) && own_meets(&o, ka, i, &f))
        own_key(&o, LLVMGetOperand(i, 1),
                LLVMStoreSizeOfType(o.td, LLVMTypeOf(LLVMGetOperand(i, 0))), 1);
    }
  }
  size_t nkeys = o.key_bytes.len;
  if (nkeys) {
    o.nwords = (nkeys + 63) / 64;
    /* where a value a key depends on is defined again, the key is gone */
    for (size_t k = 0; k < nkeys; k++) {
      gs_vec *deps = &VEC_AT(&o.key_deps, gs_vec, k);
      for (size_t d = 0; d < deps->len; d++) {
        LLVMValueRef leaf = VEC_AT(deps, LLVMValueRef, d);
        intptr_t ks;
        if (!map_get(&o.kill, leaf, &ks)) {
          gs_bits b;
          bits_init(&b, nkeys);
          VEC_PUSH(&o.kill_sets, gs_bits, b);
          ks = (intptr_t)o.kill_sets.len;
          map_put(&o.kill, leaf, ks);
        }
        bits_set(&VEC_AT(&o.kill_sets, gs_bits, ks - 1), k);
      }
    }
    /* every block's events and successors, read from the IR once */
    gs_vec events, succs;
    vec_init(&events, sizeof(own_event));
    vec_init(&succs, sizeof(int));
    size_t *first_event = gs_xcalloc(nb + 1, sizeof *first_event);
    size_t *first_succ = gs_xcalloc(nb + 1, sizeof *first_succ);
    size_t b = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
         bb = LLVMGetNextBasicBlock(bb), b++) {
      first_event[b] = events.len;
      first_succ[b] = succs.len;
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        own_events(&o, ka, i, &events);
      LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
      unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
      for (unsigned k = 0; k < ns; k++) {
        intptr_t si = 0;
        map_get(&block_index, LLVMGetSuccessor(term, k), &si);
        VEC_PUSH(&succs, int, (int)si);
      }
    }
    first_event[nb] = events.len;
    first_succ[nb] = succs.len;
    const own_event *ev = events.data;
    /* IN of every block but the entry starts full (the meet's identity) */
    uint64_t *in = gs_xcalloc(nb * o.nwords, sizeof *in);
    uint64_t *cur = gs_xcalloc(o.nwords, sizeof *cur);
    char *seen = gs_xcalloc(nb, 1);
    for (b = 1; b < nb; b++)
      memset(in + b * o.nwords, 0xff, o.nwords * sizeof *in);
    int changed = 1;
    while (changed) {
      changed = 0;
      for (b = 0; b < nb; b++) {
        if (b && !seen[b])
          continue; /* not reached yet */
        memcpy(cur, in + b * o.nwords, o.nwords * sizeof *cur);
        own_apply(&o, ev + first_event[b], first_event[b + 1] - first_event[b], cur, NULL);
        for (size_t k = first_succ[b]; k < first_succ[b + 1]; k++) {
          int si = VEC_AT(&succs, int, k);
          uint64_t *sin = in + (size_t)si * o.nwords;
          if (!si)
            continue; /* the entry: nothing is available there */
          for (size_t w = 0; w < o.nwords; w++) {
            uint64_t meet = sin[w] & cur[w];
            if (meet != sin[w] || !seen[si])
              changed = 1;
            sin[w] = meet;
          }
          seen[si] = 1;
        }
      }
    }
    /* the covered loads lose R */
    for (b = 0; b < nb; b++) {
      memcpy(cur, in + b * o.nwords, o.nwords * sizeof *cur);
      own_apply(&o, ev + first_event[b], first_event[b + 1] - first_event[b], cur, ka);
    }
    free(in);
    free(cur);
    free(seen);
    free(first_event);
    free(first_succ);
    vec_free(&events);
    vec_free(&succs);
  }
  for (size_t k = 0; k < o.key_deps.len; k++)
    vec_free(&VEC_AT(&o.key_deps, gs_vec, k));
  for (size_t k = 0; k < o.kill_sets.len; k++)
    bits_free(&VEC_AT(&o.kill_sets, gs_bits, k));
  vec_free(&o.nodes);
  vec_free(&o.ops);
  map_free(&o.by_hash);
  map_free(&o.node_of);
  vec_free(&o.key_bytes);
  vec_free(&o.key_next);
  map_free(&o.key_of);
  vec_free(&o.key_deps);
  map_free(&o.kill);
  vec_free(&o.kill_sets);
  map_free(&block_index);
  free(o.meet);
}
