/* Callees that hold a grid barrier are inlined into their callers (SPEC
 * section 1), after checking that no recursion and no indirect call can reach
 * a barrier. The caller's module is never changed: the inlining happens in a
 * copy that the analysis reads. */
#include "gs.h"

#include <llvm-c/Error.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  gs_vec fns;      /* LLVMValueRef, every function of the module */
  gs_map index;    /* function -> position in fns */
  gs_vec *callees; /* per function: defined callees (int) */
  gs_vec *callers; /* per function: callers (int) */
  LLVMValueRef *indirect; /* per function: its first indirect call, or NULL */
  char *holds;     /* per function: holds a barrier, directly or through a callee */
  char *reached;   /* per function: reachable from a kernel */
} callgraph;

static int fn_index(const callgraph *g, LLVMValueRef fn) {
  intptr_t i = -1;
  map_get(&g->index, fn, &i);
  return (int)i;
}

static const char *fn_name(LLVMValueRef fn) {
  size_t len;
  return LLVMGetValueName2(fn, &len);
}

static gs_error *callgraph_build(callgraph *g, LLVMModuleRef m, const gs_options *opts) {
  vec_init(&g->fns, sizeof(LLVMValueRef));
  map_init(&g->index);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    map_put(&g->index, f, (intptr_t)g->fns.len);
    VEC_PUSH(&g->fns, LLVMValueRef, f);
  }
  size_t n = g->fns.len;
  g->callees = gs_xcalloc(n, sizeof *g->callees);
  g->callers = gs_xcalloc(n, sizeof *g->callers);
  g->indirect = gs_xcalloc(n, sizeof *g->indirect);
  g->holds = gs_xcalloc(n, 1);
  g->reached = gs_xcalloc(n, 1);
  for (size_t i = 0; i < n; i++) {
    vec_init(&g->callees[i], sizeof(int));
    vec_init(&g->callers[i], sizeof(int));
  }
  for (size_t i = 0; i < n; i++) {
    LLVMValueRef f = VEC_AT(&g->fns, LLVMValueRef, i);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
        if (!ir_is_call(in) || LLVMIsAInlineAsm(LLVMGetCalledValue(in)))
          continue;
        LLVMValueRef callee = ir_called_function(in);
        if (!callee) {
          if (!g->indirect[i])
            g->indirect[i] = in;
          continue;
        }
        call_kind kind;
        gs_error *err = barrier_classify(opts, in, &kind);
        if (err)
          return err;
        if (kind == CALL_GRID_BARRIER) {
          g->holds[i] = 1;
        } else if (LLVMCountBasicBlocks(callee)) {
          int j = fn_index(g, callee);
          VEC_PUSH(&g->callees[i], int, j);
          VEC_PUSH(&g->callers[j], int, (int)i);
        }
      }
  }
  return NULL;
}

static void callgraph_free(callgraph *g) {
  for (size_t i = 0; i < g->fns.len; i++) {
    vec_free(&g->callees[i]);
    vec_free(&g->callers[i]);
  }
  free(g->callees);
  free(g->callers);
  free(g->indirect);
  free(g->holds);
  free(g->reached);
  vec_free(&g->fns);
  map_free(&g->index);
}

/* Marks MARK[j] for every j reachable from the marked functions along EDGES. */
static void propagate(size_t n, gs_vec *edges, char *mark) {
  gs_vec work;
  vec_init(&work, sizeof(int));
  for (size_t i = 0; i < n; i++)
    if (mark[i])
      VEC_PUSH(&work, int, (int)i);
  while (work.len) {
    int i = VEC_AT(&work, int, --work.len);
    for (size_t k = 0; k < edges[i].len; k++) {
      int j = VEC_AT(&edges[i], int, k);
      if (!mark[j]) {
        mark[j] = 1;
        VEC_PUSH(&work, int, j);
      }
    }
  }
  vec_free(&work);
}

/* A call F -> C closing a cycle among the functions marked in MARK (which
 * cannot be inlined away): returns 1 and sets *F, *C. */
static int find_cycle(const callgraph *g, const char *mark, int *from, int *to) {
  size_t n = g->fns.len;
  char *color = gs_xcalloc(n, 1); /* 0 new, 1 on the stack, 2 done */
  int *next = gs_xcalloc(n, sizeof(int));
  int *stack = gs_xcalloc(n, sizeof(int));
  int found = 0;
  for (size_t root = 0; root < n && !found; root++) {
    if (!mark[root] || color[root])
      continue;
    size_t sp = 0;
    stack[sp++] = (int)root;
    color[root] = 1;
    while (sp && !found) {
      int f = stack[sp - 1];
      if ((size_t)next[f] == g->callees[f].len) {
        color[f] = 2;
        sp--;
        continue;
      }
      int c = VEC_AT(&g->callees[f], int, next[f]++);
      if (!mark[c])
        continue;
      if (color[c] == 1) {
        *from = f, *to = c;
        found = 1;
      } else if (!color[c]) {
        color[c] = 1;
        stack[sp++] = c;
      }
    }
  }
  free(color);
  free(next);
  free(stack);
  return found;
}

static gs_error *find_recursion(const callgraph *g) {
  int f, c;
  if (!find_cycle(g, g->holds, &f, &c))
    return NULL;
  return gs_errorf("function '%s' calls '%s' recursively, and the recursion reaches a grid "
                   "barrier: barriers can only be split after inlining, which recursion "
                   "prevents",
                   fn_name(VEC_AT(&g->fns, LLVMValueRef, f)),
                   fn_name(VEC_AT(&g->fns, LLVMValueRef, c)));
}

/* A function whose address is taken can be called indirectly. */
static int address_taken(LLVMValueRef fn) {
  for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (ir_is_call(user) && LLVMGetCalledValue(user) == fn)
      continue;
    return 1;
  }
  return 0;
}

static gs_error *find_indirect_barrier(const callgraph *g, const gs_options *opts) {
  LLVMValueRef taken = NULL;
  for (size_t i = 0; i < g->fns.len && !taken; i++) {
    LLVMValueRef f = VEC_AT(&g->fns, LLVMValueRef, i);
    if ((g->holds[i] || barrier_is_spelling(opts, fn_name(f))) && address_taken(f))
      taken = f;
  }
  if (!taken)
    return NULL;
  for (size_t i = 0; i < g->fns.len; i++) {
    if (!g->reached[i] || !g->indirect[i])
      continue;
    char *where = ir_describe(g->indirect[i]);
    gs_error *e = gs_errorf("function '%s': the indirect call %s may reach a grid barrier "
                            "(the address of '%s', which %s a grid barrier, is taken); "
                            "barriers must be reached through direct calls",
                            fn_name(VEC_AT(&g->fns, LLVMValueRef, i)), where, fn_name(taken),
                            g->holds[fn_index(g, taken)] ? "calls" : "is");
    free(where);
    return e;
  }
  return NULL;
}

static void set_always_inline(LLVMValueRef fn) {
  static const char *const drop[] = {"noinline", "optnone"};
  for (size_t i = 0; i < 2; i++) {
    unsigned kind = LLVMGetEnumAttributeKindForName(drop[i], strlen(drop[i]));
    LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind);
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u))
      if (ir_is_call(LLVMGetUser(u)))
        LLVMRemoveCallSiteEnumAttribute(LLVMGetUser(u), LLVMAttributeFunctionIndex, kind);
  }
  unsigned always = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
  LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                          LLVMCreateEnumAttribute(LLVMGetModuleContext(LLVMGetGlobalParent(fn)),
                                                  always, 0));
}

/* Whether CALL, of a declaration, may read the grid unseen: not a grid
 * barrier, not a query or workgroup barrier the target knows (those the
 * segment remaps or leaves as they are), not a library function. */
static int declaration_may_read(const gs_options *opts, const gs_target *t, LLVMValueRef call) {
  const char *name = ir_callee_name(call);
  return !barrier_is_spelling(opts, name) && !t->is_pure_query(name) &&
         !t->is_invocation_id_call(name) && !t->is_workgroup_barrier(call, name, 0) &&
         virtual_declaration_may_read_grid(name);
}

/* whether operand V of an instruction names a workgroup variable, itself or
 * through constant expressions */
static int names_workgroup_variable(LLVMValueRef v, const gs_target *t, int depth) {
  if (LLVMIsAGlobalVariable(v))
    return t->global_space(LLVMGetPointerAddressSpace(LLVMTypeOf(v))) == SPACE_WORKGROUP;
  if (!LLVMIsAConstantExpr(v) || depth > 8)
    return 0;
  for (int k = 0; k < LLVMGetNumOperands(v); k++)
    if (names_workgroup_variable(LLVMGetOperand(v, (unsigned)k), t, depth + 1))
      return 1;
  return 0;
}

static int uses_workgroup_variable(LLVMValueRef inst, const gs_target *t) {
  for (int k = 0; k < LLVMGetNumOperands(inst); k++)
    if (names_workgroup_variable(LLVMGetOperand(inst, (unsigned)k), t, 0))
      return 1;
  return 0;
}

/* Whatever a segment reaches is the segment (docs/split.md). The split
 * rewrites a segment's own body: its workgroup variables become the
 * segment's copies (carried across barriers where needed), and with virtual
 * workgroups (lib/virtual.c) its grid queries read the virtual workgroup. So
 * every function that a kernel to split reaches and that names a workgroup
 * variable, or with virtual workgroups reads the grid, itself or through its
 * callees, is inlined like a callee holding a barrier; they are marked in
 * SEEN. What the split cannot see through is an error: recursion among such
 * functions, an indirect call that may reach one, and a call to a
 * declaration that may read the grid. */
static gs_error *segment_plan(const callgraph *g, LLVMModuleRef m, const gs_options *opts,
                              const gs_target *t, char *seen) {
  size_t n = g->fns.len, len;
  int virt = virtual_workgroups_on(opts, t);
  char *split = gs_xcalloc(n + 1, 1);
  char *grid = gs_xcalloc(n + 1, 1);      /* reads the grid, or may through a declaration */
  char *variable = gs_xcalloc(n + 1, 1);  /* names a workgroup variable */
  for (size_t i = 0; i < n; i++) {
    LLVMValueRef f = VEC_AT(&g->fns, LLVMValueRef, i);
    split[i] = (char)(g->holds[i] && t->is_kernel(m, f) &&
                      (!opts || !opts->kernel || !strcmp(opts->kernel, fn_name(f))));
  }
  propagate(n, g->callees, split);
  gs_error *err = NULL;
  for (size_t i = 0; i < n; i++) {
    LLVMValueRef f = VEC_AT(&g->fns, LLVMValueRef, i);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
        if (virt && virtual_reads_grid(in, t))
          grid[i] = 1;
        if (uses_workgroup_variable(in, t))
          variable[i] = 1;
        LLVMValueRef callee = ir_is_call(in) ? ir_called_function(in) : NULL;
        if (!virt || !callee || LLVMCountBasicBlocks(callee) ||
            !declaration_may_read(opts, t, in))
          continue;
        grid[i] = 1;
        if (err || !split[i])
          continue;
        char *where = ir_describe(in);
        err = gs_errorf("function '%s': virtual workgroups: the call %s reaches '%s', which is "
                        "declared but not defined in the module and may read the grid, which "
                        "a segment cannot remap (define it in the module, or use "
                        "virtual-workgroups=false)",
                        fn_name(f), where, fn_name(callee));
        free(where);
      }
  }
  propagate(n, g->callers, grid);
  propagate(n, g->callers, variable);
  /* the recursion that matters is among what the kernels to split reach */
  char *in_split[2] = {gs_xcalloc(n + 1, 1), gs_xcalloc(n + 1, 1)};
  for (size_t i = 0; i < n; i++) {
    in_split[0][i] = (char)(variable[i] && split[i]);
    in_split[1][i] = (char)(grid[i] && split[i]);
    seen[i] = (char)(in_split[0][i] || in_split[1][i]);
  }
  int from, to;
  if (!err && find_cycle(g, in_split[0], &from, &to))
    err = gs_errorf("function '%s' calls '%s' recursively and the recursion names a workgroup "
                    "variable: the split gives each segment its own workgroup variables by "
                    "inlining, which recursion prevents",
                    fn_name(VEC_AT(&g->fns, LLVMValueRef, from)),
                    fn_name(VEC_AT(&g->fns, LLVMValueRef, to)));
  if (!err && find_cycle(g, in_split[1], &from, &to))
    err = gs_errorf("function '%s' calls '%s' recursively and the recursion reads the grid: "
                    "virtual workgroups remap grid queries only after inlining, which "
                    "recursion prevents (use virtual-workgroups=false)",
                    fn_name(VEC_AT(&g->fns, LLVMValueRef, from)),
                    fn_name(VEC_AT(&g->fns, LLVMValueRef, to)));
  /* an indirect call may reach any function whose address is taken */
  LLVMValueRef taken = NULL;
  for (size_t i = 0; i < n && !taken; i++) {
    LLVMValueRef f = VEC_AT(&g->fns, LLVMValueRef, i);
    const char *name = fn_name(f);
    int defined = LLVMCountBasicBlocks(f) > 0;
    int may = defined ? grid[i] || variable[i]
                      : virt && (t->is_pure_query(name) || t->is_invocation_id_call(name) ||
                                 virtual_declaration_may_read_grid(name));
    if (may && address_taken(f))
      taken = f;
  }
  for (size_t i = 0; i < n && !err && taken; i++) {
    if (!split[i] || !g->indirect[i])
      continue;
    char *where = ir_describe(g->indirect[i]);
    err = gs_errorf("function '%s': the indirect call %s may reach '%s', which may %s: the "
                    "split rewrites only what a segment calls directly",
                    fn_name(VEC_AT(&g->fns, LLVMValueRef, i)), where,
                    LLVMGetValueName2(taken, &len),
                    virt ? "read the grid (virtual workgroups) or name a workgroup variable"
                         : "name a workgroup variable");
    free(where);
  }
  free(split);
  free(grid);
  free(variable);
  free(in_split[0]);
  free(in_split[1]);
  return err;
}

/* Names of the functions to inline: reached from a kernel, defined, holding a
 * barrier (or reaching what segment_plan marks), and called.
 * Checks recursion and indirect calls first. */
static gs_error *inline_plan(LLVMModuleRef m, const gs_options *opts, const gs_target *t,
                             gs_vec *names) {
  callgraph g;
  gs_error *err = callgraph_build(&g, m, opts);
  size_t n = g.fns.len;
  char *reads = gs_xcalloc(n + 1, 1);
  if (!err) {
    propagate(n, g.callers, g.holds);
    for (size_t i = 0; i < n; i++)
      g.reached[i] = (char)t->is_kernel(m, VEC_AT(&g.fns, LLVMValueRef, i));
    propagate(n, g.callees, g.reached);
    err = find_recursion(&g);
  }
  if (!err)
    err = find_indirect_barrier(&g, opts);
  if (!err)
    err = segment_plan(&g, m, opts, t, reads);
  for (size_t i = 0; !err && i < n; i++)
    if (g.reached[i] && (g.holds[i] || reads[i]) && g.callers[i].len)
      VEC_PUSH(names, char *, gs_strdup(fn_name(VEC_AT(&g.fns, LLVMValueRef, i))));
  free(reads);
  callgraph_free(&g);
  return err;
}

static gs_error *inline_apply(LLVMModuleRef c, const gs_target *t, const gs_vec *names) {
  for (size_t i = 0; i < names->len; i++)
    set_always_inline(LLVMGetNamedFunction(c, VEC_AT(names, char *, i)));
  gs_error *err = ir_run_passes(c, "always-inline", "inlining the callees that hold grid barriers");
  /* every call to a barrier-holding callee must be gone from the kernels */
  for (size_t i = 0; !err && i < names->len; i++) {
    LLVMValueRef f = LLVMGetNamedFunction(c, VEC_AT(names, char *, i));
    /* an internal callee is deleted once every call to it is inlined */
    for (LLVMUseRef u = f ? LLVMGetFirstUse(f) : NULL; u && !err; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (!ir_is_call(user) ||
          !t->is_kernel(c, LLVMGetBasicBlockParent(LLVMGetInstructionParent(user))))
        continue;
      char *where = ir_describe(user);
      err = gs_errorf("the call %s to '%s', which holds a grid barrier (or reads the grid, "
                      "with virtual workgroups), could not be inlined",
                      where, VEC_AT(names, char *, i));
      free(where);
    }
  }
  return err;
}

static void free_names(gs_vec *names) {
  for (size_t i = 0; i < names->len; i++)
    free(VEC_AT(names, char *, i));
  vec_free(names);
}

gs_error *inline_barrier_callees(LLVMModuleRef m, const gs_options *opts, const gs_target *t,
                                 LLVMModuleRef *copy, gs_scratch **scratch) {
  *copy = NULL;
  if (scratch)
    *scratch = NULL;
  gs_vec names;
  vec_init(&names, sizeof(char *));
  gs_error *err = inline_plan(m, opts, t, &names);
  if (!err && names.len) {
    LLVMModuleRef c = LLVMCloneModule(m);
    err = inline_apply(c, t, &names);
    if (err)
      LLVMDisposeModule(c);
    else
      *copy = c;
  } else if (!err && scratch) {
    gs_vec kernels;
    vec_init(&kernels, sizeof(LLVMValueRef));
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
      if (t->is_kernel(m, f))
        VEC_PUSH(&kernels, LLVMValueRef, f);
    *copy = scratch_copy(m, kernels.data, kernels.len, scratch);
    vec_free(&kernels);
  }
  free_names(&names);
  return err;
}

/* keep-original=false (docs/split.md): no function that reaches a grid
 * barrier stays, whatever its linkage (the originals of the split kernels,
 * their helpers, kernels that other kernels call, kernels not split), and no
 * barrier's declaration: they cannot run where there is no grid barrier, and
 * the segments call none of them. Each must be used only by calls from the
 * others; otherwise an error, with M unchanged. */
gs_error *drop_barrier_functions(LLVMModuleRef m, const gs_options *opts, int check_only) {
  callgraph g;
  gs_error *err = callgraph_build(&g, m, opts);
  size_t n = g.fns.len;
  if (!err)
    propagate(n, g.callers, g.holds);
  for (size_t i = 0; i < n && !err; i++) {
    LLVMValueRef f = VEC_AT(&g.fns, LLVMValueRef, i);
    if (!g.holds[i])
      continue;
    for (LLVMUseRef u = LLVMGetFirstUse(f); u && !err; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (ir_is_call(user) && ir_called_function(user) == f &&
          g.holds[fn_index(&g, LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)))])
        continue;
      char *what = LLVMIsAInstruction(user) ? ir_describe(user) : gs_strdup("a constant");
      err = gs_errorf("function '%s' reaches a grid barrier and is used by %s, which does not: "
                      "keep-original=false cannot remove it",
                      fn_name(f), what);
      free(what);
    }
  }
  /* callers first: a function goes once nothing uses it (there is no
   * recursion among them: find_recursion) */
  for (int changed = !err && !check_only; changed;) {
    changed = 0;
    for (size_t i = 0; i < n; i++) {
      LLVMValueRef f = VEC_AT(&g.fns, LLVMValueRef, i);
      if (!f)
        continue;
      int barrier = !LLVMCountBasicBlocks(f) && barrier_is_spelling(opts, fn_name(f));
      if ((g.holds[i] || barrier) && !LLVMGetFirstUse(f)) {
        LLVMDeleteFunction(f);
        VEC_AT(&g.fns, LLVMValueRef, i) = NULL;
        changed = 1;
      }
    }
  }
  callgraph_free(&g);
  return err;
}
