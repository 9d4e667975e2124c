/* Buffer provenance: which buffers each instruction of a kernel reads, writes
 * or updates atomically (the R, W and A facts of SPEC section 3).
 *
 * Every buffer (pointer argument or global) is followed forward through its
 * def-use chains: GEPs, casts, phis, selects; pointers kept in private memory
 * (allocas, as clang emits at -O0) are followed through the stores that put
 * them there and the loads that take them back. Defined callees are analysed
 * once into a summary per parameter; declarations are read through their
 * attributes. Anything else counts as read and write, with a warning. */
#include "gs.h"

#include <llvm-c/Target.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ACC_ESCAPE = 8 }; /* summary bit: the callee already warned */

/* how a walked value relates to the buffer */
enum { POINTS_INTO = 0, HOLDS_POINTER = 1 };

typedef struct {
  unsigned *param_flags;
  char *param_returned; /* the return value may point into this parameter */
  unsigned nparams;
  gs_vec globals; /* global_effect */
  int done;
} fn_summary;

typedef struct {
  LLVMValueRef global;
  unsigned flags;
} global_effect;

struct summary_cache {
  const gs_target *t;
  gs_vec *warnings;
  gs_map by_fn; /* function -> fn_summary * */
  gs_vec all;   /* fn_summary * */
};

typedef void (*fact_sink)(void *sink, LLVMValueRef inst, int root, unsigned flags);

typedef struct {
  LLVMValueRef fn;
  const char *owner_kind; /* "kernel" or "function" */
  summary_cache *cache;
  gs_vec *warnings;
  gs_map visited; /* tagged value -> root + 1 */
  gs_vec work;    /* tagged values */
  int root;
  const char *root_kind; /* "buffer" or "parameter" */
  const char *root_name;
  int returned;
  fact_sink add;
  void *sink;
  LLVMValueRef live_state; /* an emitted segment's live-state argument, or NULL */
} walker;

static fn_summary *summary_get(summary_cache *c, LLVMValueRef fn);

static const char *value_name(LLVMValueRef v) {
  size_t len;
  return LLVMGetValueName2(v, &len);
}

static void push(walker *w, LLVMValueRef v, int mode) {
  const void *key = (const char *)v + mode;
  intptr_t stamp;
  if (map_get(&w->visited, key, &stamp) && stamp == w->root + 1)
    return;
  map_put(&w->visited, key, w->root + 1);
  VEC_PUSH(&w->work, const void *, key);
}

static void escape(walker *w, LLVMValueRef inst, const char *why) {
  char *where = ir_describe(inst);
  gs_str s;
  str_init(&s);
  size_t len;
  str_printf(&s, "%s '%s': %s '%s' %s %s; counted as read and write", w->owner_kind,
             LLVMGetValueName2(w->fn, &len), w->root_kind, w->root_name, why, where);
  free(where);
  warn_once(w->warnings, str_take(&s));
  w->add(w->sink, inst, w->root, ACC_R | ACC_W | ACC_ESCAPE);
}

/* A value of this type can hold a pointer: a pointer, or an aggregate or
 * vector with one inside. */
static int is_pointerish(LLVMTypeRef ty) {
  switch (LLVMGetTypeKind(ty)) {
  case LLVMPointerTypeKind:
    return 1;
  case LLVMArrayTypeKind:
  case LLVMVectorTypeKind:
    return is_pointerish(LLVMGetElementType(ty));
  case LLVMStructTypeKind: {
    unsigned n = LLVMCountStructElementTypes(ty);
    for (unsigned i = 0; i < n; i++)
      if (is_pointerish(LLVMStructGetTypeAtIndex(ty, i)))
        return 1;
    return 0;
  }
  default:
    return 0;
  }
}

/* The objects an address is based on; returns 1 when all are allocas. */
static int based_on_allocas(LLVMValueRef p, gs_vec *allocas) {
  ir_pointer_bases(p, allocas);
  for (size_t i = 0; i < allocas->len; i++)
    if (!LLVMIsAAllocaInst(VEC_AT(allocas, LLVMValueRef, i)))
      return 0;
  return 1;
}

/* A segment carrying a pointer to the next one stores it in its live state;
 * the next segment's reload names the buffers it may point into. */
static int into_live_state(const walker *w, LLVMValueRef addr) {
  if (!w->live_state)
    return 0;
  gs_vec bases;
  vec_init(&bases, sizeof(LLVMValueRef));
  ir_pointer_bases(addr, &bases);
  int ours = bases.len > 0;
  for (size_t i = 0; i < bases.len; i++) {
    ours &= VEC_AT(&bases, LLVMValueRef, i) == w->live_state;
  }
  vec_free(&bases);
  return ours;
}

/* A pointer into the buffer is stored at ADDR: private memory then holds it. */
static void pointer_stored(walker *w, LLVMValueRef inst, LLVMValueRef addr) {
  gs_vec allocas;
  vec_init(&allocas, sizeof(LLVMValueRef));
  if (based_on_allocas(addr, &allocas))
    for (size_t i = 0; i < allocas.len; i++)
      push(w, VEC_AT(&allocas, LLVMValueRef, i), HOLDS_POINTER);
  else
    escape(w, inst, "is stored to memory at");
  vec_free(&allocas);
}

static int starts(const char *s, const char *prefix) { return !strncmp(s, prefix, strlen(prefix)); }

static void visit_intrinsic(walker *w, LLVMValueRef call, const char *name, LLVMValueRef v,
                            unsigned nargs) {
  if (starts(name, "llvm.memcpy") || starts(name, "llvm.memmove")) {
    unsigned f = 0;
    if (nargs > 0 && LLVMGetOperand(call, 0) == v)
      f |= ACC_W;
    if (nargs > 1 && LLVMGetOperand(call, 1) == v)
      f |= ACC_R;
    w->add(w->sink, call, w->root, f);
  } else if (starts(name, "llvm.memset")) {
    w->add(w->sink, call, w->root, ACC_W);
  } else if (starts(name, "llvm.lifetime") || starts(name, "llvm.dbg") ||
             starts(name, "llvm.assume") || starts(name, "llvm.invariant") ||
             starts(name, "llvm.prefetch") || starts(name, "llvm.objectsize") ||
             starts(name, "llvm.experimental.noalias.scope.decl") ||
             starts(name, "llvm.var.annotation") || starts(name, "llvm.is.constant") ||
             starts(name, "llvm.fake.use")) {
    /* no access */
  } else if (starts(name, "llvm.ptr.annotation") || starts(name, "llvm.launder.invariant") ||
             starts(name, "llvm.strip.invariant") || starts(name, "llvm.ptrmask") ||
             starts(name, "llvm.preserve.") || starts(name, "llvm.threadlocal.address") ||
             starts(name, "llvm.nvvm.ptr.")) {
    push(w, call, POINTS_INTO);
  } else if (strstr(name, "masked.load") || strstr(name, "masked.gather") ||
             strstr(name, "masked.expandload") || starts(name, "llvm.nvvm.ldg") ||
             starts(name, "llvm.nvvm.ldu")) {
    w->add(w->sink, call, w->root, ACC_R);
  } else if ((strstr(name, "masked.store") || strstr(name, "masked.scatter") ||
              strstr(name, "masked.compressstore")) &&
             LLVMGetOperand(call, 0) != v) {
    w->add(w->sink, call, w->root, ACC_W);
  } else if (strstr(name, "atomic")) {
    w->add(w->sink, call, w->root, ACC_A);
  } else {
    escape(w, call, "is passed to the intrinsic");
  }
}

static void visit_call(walker *w, LLVMValueRef call, LLVMValueRef v) {
  unsigned nargs = LLVMGetNumArgOperands(call);
  if (LLVMGetCalledValue(call) == v) {
    escape(w, call, "is called as a function by");
    return;
  }
  LLVMValueRef fn = ir_called_function(call);
  int returns_pointer = is_pointerish(LLVMTypeOf(call));
  if (!fn) {
    escape(w, call, "is passed to the indirect call");
    if (returns_pointer)
      push(w, call, POINTS_INTO);
    return;
  }
  const char *name = value_name(fn);
  if (starts(name, "llvm.")) {
    visit_intrinsic(w, call, name, v, nargs);
    return;
  }
  if (LLVMCountBasicBlocks(fn)) {
    fn_summary *s = summary_get(w->cache, fn);
    for (unsigned i = 0; i < nargs; i++) {
      if (LLVMGetOperand(call, i) != v)
        continue;
      if (i >= s->nparams) {
        escape(w, call, "is passed as a variadic argument in");
        continue;
      }
      w->add(w->sink, call, w->root, s->param_flags[i]);
      if (s->param_returned[i])
        push(w, call, POINTS_INTO);
    }
    return;
  }
  char *base = ir_itanium_base(name);
  unsigned atomic = effects_atomic_builtin(base);
  int builtin = atomic != 0;
  for (unsigned i = 0; i < nargs; i++) {
    if (LLVMGetOperand(call, i) != v)
      continue;
    unsigned f;
    if (atomic) {
      /* the atomic object is the first argument; others (`expected`) are
       * read and written plainly */
      w->add(w->sink, call, w->root, i == 0 ? atomic : ACC_R | ACC_W);
    } else if (effects_opencl_builtin(base, i, &f)) {
      builtin = 1;
      w->add(w->sink, call, w->root, f);
    } else if (effects_declared_param(call, fn, i, &f)) {
      w->add(w->sink, call, w->root, f);
    } else {
      escape(w, call, "is passed to the unknown function");
    }
  }
  free(base);
  /* what an unknown function returns may point into what it was given; the
   * builtins return values, not pointers into their arguments */
  if (returns_pointer && !builtin)
    push(w, call, POINTS_INTO);
}

static void visit_user(walker *w, LLVMValueRef v, LLVMValueRef user) {
  switch (LLVMGetInstructionOpcode(user)) {
  case LLVMGetElementPtr:
  case LLVMBitCast:
  case LLVMAddrSpaceCast:
  case LLVMPHI:
  case LLVMFreeze:
  case LLVMExtractValue:
  case LLVMInsertValue:
  case LLVMExtractElement:
  case LLVMInsertElement:
    push(w, user, POINTS_INTO);
    break;
  case LLVMSelect:
    if (LLVMGetOperand(user, 0) != v)
      push(w, user, POINTS_INTO);
    break;
  case LLVMICmp:
    break;
  case LLVMLoad:
    w->add(w->sink, user, w->root, ACC_R);
    break;
  case LLVMStore:
    if (LLVMGetOperand(user, 1) == v)
      w->add(w->sink, user, w->root, ACC_W);
    if (LLVMGetOperand(user, 0) == v && !into_live_state(w, LLVMGetOperand(user, 1)))
      pointer_stored(w, user, LLVMGetOperand(user, 1));
    break;
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg:
    if (LLVMGetOperand(user, 0) == v)
      w->add(w->sink, user, w->root, ACC_A);
    else
      escape(w, user, "is exchanged into memory by");
    break;
  case LLVMCall:
  case LLVMInvoke:
    visit_call(w, user, v);
    break;
  case LLVMRet:
    w->returned = 1;
    break;
  case LLVMPtrToInt:
    escape(w, user, "is converted to an integer by");
    break;
  default:
    escape(w, user, "has an unknown use in");
    break;
  }
}

/* v is the address of private memory that holds a pointer into the buffer */
static void visit_holder_user(walker *w, LLVMValueRef v, LLVMValueRef user) {
  switch (LLVMGetInstructionOpcode(user)) {
  case LLVMGetElementPtr:
  case LLVMBitCast:
  case LLVMAddrSpaceCast:
  case LLVMPHI:
  case LLVMFreeze:
    push(w, user, HOLDS_POINTER);
    break;
  case LLVMSelect:
    if (LLVMGetOperand(user, 0) != v)
      push(w, user, HOLDS_POINTER);
    break;
  case LLVMLoad:
    if (is_pointerish(LLVMTypeOf(user)))
      push(w, user, POINTS_INTO);
    break;
  case LLVMStore:
    if (LLVMGetOperand(user, 0) == v)
      escape(w, user, "is held in private memory whose address is stored by");
    break;
  case LLVMICmp:
    break;
  case LLVMCall:
  case LLVMInvoke: {
    const char *name = ir_callee_name(user);
    if (name &&
        (starts(name, "llvm.lifetime") || starts(name, "llvm.dbg") || starts(name, "llvm.memset")))
      break;
    if (name && (starts(name, "llvm.memcpy") || starts(name, "llvm.memmove"))) {
      if (LLVMGetOperand(user, 1) == v)
        pointer_stored(w, user, LLVMGetOperand(user, 0));
      break;
    }
    escape(w, user, "is held in private memory whose address is passed to");
    break;
  }
  default:
    escape(w, user, "is held in private memory whose address has an unknown use in");
    break;
  }
}

static void walk_root(walker *w, LLVMValueRef root_value, int root, const char *name) {
  w->root = root;
  w->root_name = name;
  w->returned = 0;
  push(w, root_value, POINTS_INTO);
  while (w->work.len) {
    const char *key = VEC_AT(&w->work, const void *, --w->work.len);
    int mode = (int)((uintptr_t)key & 1);
    LLVMValueRef v = (LLVMValueRef)(key - mode);
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (LLVMIsAConstantExpr(user)) {
        LLVMOpcode op = LLVMGetConstOpcode(user);
        if (op == LLVMGetElementPtr || op == LLVMBitCast || op == LLVMAddrSpaceCast)
          push(w, user, mode);
        continue;
      }
      if (!LLVMIsAInstruction(user) || !ir_function_in(user, w->fn))
        continue;
      if (mode == POINTS_INTO)
        visit_user(w, v, user);
      else
        visit_holder_user(w, v, user);
    }
  }
}

static void walker_init(walker *w, LLVMValueRef fn, const char *owner_kind, summary_cache *c,
                        fact_sink add, void *sink) {
  memset(w, 0, sizeof *w);
  w->fn = fn;
  w->owner_kind = owner_kind;
  w->cache = c;
  w->warnings = c->warnings;
  w->add = add;
  w->sink = sink;
  map_init(&w->visited);
  vec_init(&w->work, sizeof(const void *));
}

static void walker_free(walker *w) {
  map_free(&w->visited);
  vec_free(&w->work);
}

/* globals: every global buffer of the target, in module order */
static void for_each_global_buffer(LLVMModuleRef m, const gs_target *t,
                                   void (*f)(void *ctx, LLVMValueRef g, buffer_space sp),
                                   void *ctx) {
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
    if (LLVMIsGlobalConstant(g))
      continue;
    buffer_space sp = t->global_space(LLVMGetPointerAddressSpace(LLVMTypeOf(g)));
    if (sp != SPACE_NONE)
      f(ctx, g, sp);
  }
}

/* summaries of defined callees */

typedef struct {
  fn_summary *s;
  gs_vec *global_values; /* root index - nparams -> global */
} summary_sink;

static void summary_add(void *sink, LLVMValueRef inst, int root, unsigned flags) {
  (void)inst;
  summary_sink *ss = sink;
  if ((unsigned)root < ss->s->nparams) {
    ss->s->param_flags[root] |= flags;
    return;
  }
  LLVMValueRef g = VEC_AT(ss->global_values, LLVMValueRef, (size_t)root - ss->s->nparams);
  for (size_t i = 0; i < ss->s->globals.len; i++) {
    global_effect *e = &VEC_AT(&ss->s->globals, global_effect, i);
    if (e->global == g) {
      e->flags |= flags;
      return;
    }
  }
  VEC_PUSH(&ss->s->globals, global_effect, ((global_effect){g, flags}));
}

static void collect_global(void *ctx, LLVMValueRef g, buffer_space sp) {
  (void)sp;
  VEC_PUSH((gs_vec *)ctx, LLVMValueRef, g);
}

/* Merges the global effects of the defined callees called in FN. */
static void merge_callee_globals(summary_cache *c, LLVMValueRef fn, fact_sink add, void *sink,
                                 int (*root_of)(void *sink, LLVMValueRef g)) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      if (!ir_is_call(in))
        continue;
      LLVMValueRef callee = ir_called_function(in);
      if (!callee || !LLVMCountBasicBlocks(callee))
        continue;
      fn_summary *s = summary_get(c, callee);
      for (size_t i = 0; i < s->globals.len; i++) {
        global_effect *e = &VEC_AT(&s->globals, global_effect, i);
        int root = root_of(sink, e->global);
        if (root >= 0)
          add(sink, in, root, e->flags);
      }
    }
}

static int summary_root_of(void *sink, LLVMValueRef g) {
  summary_sink *ss = sink;
  for (size_t i = 0; i < ss->global_values->len; i++)
    if (VEC_AT(ss->global_values, LLVMValueRef, i) == g)
      return (int)(ss->s->nparams + i);
  return -1;
}

static fn_summary *summary_get(summary_cache *c, LLVMValueRef fn) {
  intptr_t found;
  if (map_get(&c->by_fn, fn, &found)) {
    fn_summary *s = (fn_summary *)found;
    if (!s->done) {
      /* recursion: OpenCL C forbids it; stay conservative */
      for (unsigned i = 0; i < s->nparams; i++)
        s->param_flags[i] |= ACC_R | ACC_W, s->param_returned[i] = 1;
      gs_str msg;
      str_init(&msg);
      str_printf(&msg,
                 "function '%s' is recursive; its pointer parameters count as read "
                 "and write",
                 value_name(fn));
      warn_once(c->warnings, str_take(&msg));
    }
    return s;
  }
  fn_summary *s = gs_xcalloc(1, sizeof *s);
  s->nparams = LLVMCountParams(fn);
  s->param_flags = gs_xcalloc(s->nparams, sizeof *s->param_flags);
  s->param_returned = gs_xcalloc(s->nparams, 1);
  vec_init(&s->globals, sizeof(global_effect));
  map_put(&c->by_fn, fn, (intptr_t)s);
  VEC_PUSH(&c->all, fn_summary *, s);

  gs_vec globals;
  vec_init(&globals, sizeof(LLVMValueRef));
  for_each_global_buffer(LLVMGetGlobalParent(fn), c->t, collect_global, &globals);
  summary_sink ss = {s, &globals};
  walker w;
  walker_init(&w, fn, "function", c, summary_add, &ss);
  w.root_kind = "parameter";
  for (unsigned i = 0; i < s->nparams; i++) {
    LLVMValueRef p = LLVMGetParam(fn, i);
    if (!is_pointerish(LLVMTypeOf(p)))
      continue;
    char argname[32];
    const char *name = value_name(p);
    if (!*name) {
      snprintf(argname, sizeof argname, "arg%u", i);
      name = argname;
    }
    walk_root(&w, p, (int)i, name);
    s->param_returned[i] |= (char)w.returned;
  }
  w.root_kind = "global";
  for (size_t i = 0; i < globals.len; i++) {
    LLVMValueRef g = VEC_AT(&globals, LLVMValueRef, i);
    walk_root(&w, g, (int)(s->nparams + i), value_name(g));
  }
  walker_free(&w);
  merge_callee_globals(c, fn, summary_add, &ss, summary_root_of);
  vec_free(&globals);
  s->done = 1;
  return s;
}

summary_cache *summaries_create(const gs_target *t, gs_vec *warnings) {
  summary_cache *c = gs_xcalloc(1, sizeof *c);
  c->t = t;
  c->warnings = warnings;
  map_init(&c->by_fn);
  vec_init(&c->all, sizeof(fn_summary *));
  return c;
}

void summaries_dispose(summary_cache *c) {
  if (!c)
    return;
  for (size_t i = 0; i < c->all.len; i++) {
    fn_summary *s = VEC_AT(&c->all, fn_summary *, i);
    free(s->param_flags);
    free(s->param_returned);
    vec_free(&s->globals);
    free(s);
  }
  vec_free(&c->all);
  map_free(&c->by_fn);
  free(c);
}

/* kernels */

static void kernel_add(void *sink, LLVMValueRef inst, int root, unsigned flags) {
  kernel_access *ka = sink;
  if (flags & ACC_ESCAPE)
    VEC_AT(&ka->buffers, buffer_desc, root).escapes = 1;
  flags &= ACC_R | ACC_W | ACC_A;
  if (!flags)
    return;
  intptr_t head;
  if (map_get(&ka->first_fact, inst, &head)) {
    access_fact *f = &VEC_AT(&ka->facts, access_fact, head);
    if (f->buffer == root) {
      f->flags |= flags;
      return;
    }
  } else {
    head = -1;
  }
  VEC_PUSH(&ka->facts, access_fact, ((access_fact){root, flags, (int)head}));
  map_put(&ka->first_fact, inst, (intptr_t)ka->facts.len - 1);
}

static int kernel_root_of(void *sink, LLVMValueRef g) {
  kernel_access *ka = sink;
  for (size_t i = 0; i < ka->buffers.len; i++)
    if (VEC_AT(&ka->buffers, buffer_desc, i).value == g)
      return (int)i;
  return -1;
}

static void add_global_buffer(void *ctx, LLVMValueRef g, buffer_space sp) {
  kernel_access *ka = ctx;
  VEC_PUSH(&ka->buffers, buffer_desc, ((buffer_desc){g, gs_strdup(value_name(g)), -1, sp, 0}));
}

void access_analyze(kernel_access *ka, LLVMModuleRef m, LLVMValueRef kernel, int live_state_arg,
                    const gs_target *t, summary_cache *c, gs_vec *warnings) {
  vec_init(&ka->buffers, sizeof(buffer_desc));
  vec_init(&ka->facts, sizeof(access_fact));
  map_init(&ka->first_fact);
  unsigned nparams = LLVMCountParams(kernel);
  for (unsigned i = 0; i < nparams; i++) {
    LLVMValueRef p = LLVMGetParam(kernel, i);
    LLVMTypeRef ty = LLVMTypeOf(p);
    if (LLVMGetTypeKind(ty) != LLVMPointerTypeKind)
      continue;
    /* byval/byref aggregates are values the host passes, not buffers */
    if (ir_value_arg_type(kernel, i))
      continue;
    buffer_space sp = t->arg_space(LLVMGetPointerAddressSpace(ty));
    if (sp == SPACE_NONE)
      continue;
    const char *name = value_name(p);
    gs_str s;
    str_init(&s);
    if (*name)
      str_printf(&s, "%s", name);
    else
      str_printf(&s, "arg%u", i);
    VEC_PUSH(&ka->buffers, buffer_desc, ((buffer_desc){p, str_take(&s), (int)i, sp, 0}));
  }
  for_each_global_buffer(m, t, add_global_buffer, ka);

  /* an emitted segment's reloads of carried pointers (clone.c), by the
   * argument they may point into */
  gs_vec carried;
  vec_init(&carried, sizeof(LLVMValueRef[2]));
  unsigned carry_kind =
      LLVMGetMDKindIDInContext(LLVMGetModuleContext(m), GS_CARRY_MD, (unsigned)strlen(GS_CARRY_MD));
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(kernel); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      LLVMValueRef md =
          live_state_arg >= 0 && LLVMIsALoadInst(in) ? LLVMGetMetadata(in, carry_kind) : NULL;
      unsigned n = md ? LLVMGetMDNodeNumOperands(md) : 0;
      LLVMValueRef *ops = n ? gs_xcalloc(n, sizeof *ops) : NULL;
      if (n)
        LLVMGetMDNodeOperands(md, ops);
      for (unsigned k = 0; k < n; k++) {
        unsigned arg = (unsigned)LLVMConstIntGetZExtValue(ops[k]);
        if (arg < nparams) {
          LLVMValueRef pair[2] = {LLVMGetParam(kernel, arg), in};
          vec_push(&carried, pair);
        }
      }
      free(ops);
    }
  walker w;
  walker_init(&w, kernel, "kernel", c, kernel_add, ka);
  w.warnings = warnings;
  w.live_state = live_state_arg >= 0 ? LLVMGetParam(kernel, (unsigned)live_state_arg) : NULL;
  w.root_kind = "buffer";
  for (size_t i = 0; i < ka->buffers.len; i++) {
    buffer_desc *b = &VEC_AT(&ka->buffers, buffer_desc, i);
    w.root = (int)i; /* the reloads join this root's walk */
    for (size_t k = 0; k < carried.len; k++) {
      LLVMValueRef *pair = (LLVMValueRef *)carried.data + 2 * k;
      if (pair[0] == b->value)
        push(&w, pair[1], POINTS_INTO);
    }
    walk_root(&w, b->value, (int)i, b->name);
  }
  vec_free(&carried);
  walker_free(&w);
  merge_callee_globals(c, kernel, kernel_add, ka, kernel_root_of);
  refine_own_reads(ka, m, kernel, t);
}

void access_free(kernel_access *ka) {
  for (size_t i = 0; i < ka->buffers.len; i++)
    free(VEC_AT(&ka->buffers, buffer_desc, i).name);
  vec_free(&ka->buffers);
  vec_free(&ka->facts);
  map_free(&ka->first_fact);
}
