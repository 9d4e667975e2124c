/* The analysis driver: kernels, inlining, barriers and segments, divergence,
 * provenance, roles. Reads top to bottom like the steps of SPEC sections 1-3. */
#include "gs.h"

#include <llvm-c/Target.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  kernel_result *kr;
  const kernel_access *ka;
  const int *remap; /* provenance buffer index -> result buffer index, or -1 */
  size_t segment;
} segment_ctx;

static void collect_access(void *ctx, LLVMValueRef inst) {
  segment_ctx *c = ctx;
  intptr_t i;
  if (!map_get(&c->ka->first_fact, inst, &i))
    return;
  for (; i >= 0; i = VEC_AT(&c->ka->facts, access_fact, i).next) {
    const access_fact *f = &VEC_AT(&c->ka->facts, access_fact, i);
    int b = c->remap[f->buffer];
    if (b >= 0)
      c->kr->access[c->segment * c->kr->buffers.len + (size_t)b].flags |= f->flags;
  }
}

/* Module globals appear only in the kernels that touch them. */
static int *keep_buffers(kernel_result *kr, kernel_access *ka) {
  size_t n = ka->buffers.len;
  char *touched = gs_xcalloc(n ? n : 1, 1);
  for (size_t i = 0; i < ka->facts.len; i++)
    touched[VEC_AT(&ka->facts, access_fact, i).buffer] = 1;
  int *remap = gs_xcalloc(n ? n : 1, sizeof(int));
  vec_init(&kr->buffers, sizeof(buffer_desc));
  for (size_t i = 0; i < n; i++) {
    buffer_desc *b = &VEC_AT(&ka->buffers, buffer_desc, i);
    if (b->arg < 0 && !touched[i]) {
      remap[i] = -1;
      continue;
    }
    remap[i] = (int)kr->buffers.len;
    buffer_desc copy = *b;
    copy.name = gs_strdup(b->name);
    copy.value = NULL; /* the analysed module may be a private copy */
    VEC_PUSH(&kr->buffers, buffer_desc, copy);
  }
  free(touched);
  return remap;
}

static gs_schedule schedule_of(const kernel_result *kr) {
  for (size_t s = 0; s < kr->nsegments; s++) {
    const gs_vec *succ = &kr->successors[s];
    for (size_t i = 0; i < succ->len; i++) {
      int t = VEC_AT(succ, int, i);
      if (t != GS_SEGMENT_END && (size_t)t != s + 1)
        return GS_SCHEDULE_DYNAMIC;
    }
    if (s + 1 < kr->nsegments) {
      int has_next = 0;
      for (size_t i = 0; i < succ->len; i++)
        has_next |= VEC_AT(succ, int, i) == (int)(s + 1);
      if (!has_next)
        return GS_SCHEDULE_DYNAMIC;
    }
  }
  return GS_SCHEDULE_STATIC;
}

static void describe_args(kernel_result *kr, LLVMModuleRef m, LLVMValueRef fn,
                          const gs_target *t) {
  vec_init(&kr->args, sizeof(kernel_arg));
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
  for (unsigned i = 0; i < LLVMCountParams(fn); i++) {
    LLVMValueRef p = LLVMGetParam(fn, i);
    LLVMTypeRef ty = LLVMTypeOf(p);
    size_t len;
    const char *name = LLVMGetValueName2(p, &len);
    kernel_arg a;
    memset(&a, 0, sizeof a);
    gs_str n;
    str_init(&n);
    if (*name)
      str_printf(&n, "%s", name);
    else
      str_printf(&n, "arg%u", i);
    a.name = str_take(&n);
    LLVMTypeKind k = LLVMGetTypeKind(ty);
    LLVMTypeRef value = ir_value_arg_type(fn, i);
    if (value) {
      /* a struct passed by value: the host gives its bytes (SPEC section 4) */
      a.kind = "value";
      LLVMTypeKind vk = LLVMGetTypeKind(value);
      snprintf(a.type, sizeof a.type, "%s",
               vk == LLVMStructTypeKind   ? "struct"
               : vk == LLVMArrayTypeKind  ? "array"
               : vk == LLVMVectorTypeKind ? "vector"
                                          : "other");
      a.bytes = (unsigned)LLVMABISizeOfType(td, value);
    } else if (k == LLVMPointerTypeKind) {
      a.kind = t->arg_space(LLVMGetPointerAddressSpace(ty)) == SPACE_WORKGROUP ? "workgroup"
                                                                              : "buffer";
      snprintf(a.type, sizeof a.type, "ptr");
      a.bytes = (unsigned)LLVMStoreSizeOfType(td, ty);
    } else {
      a.kind = "scalar";
      if (k == LLVMIntegerTypeKind)
        snprintf(a.type, sizeof a.type, "i%u", LLVMGetIntTypeWidth(ty));
      else if (k == LLVMFloatTypeKind)
        snprintf(a.type, sizeof a.type, "f32");
      else if (k == LLVMDoubleTypeKind)
        snprintf(a.type, sizeof a.type, "f64");
      else if (k == LLVMHalfTypeKind)
        snprintf(a.type, sizeof a.type, "f16");
      else
        snprintf(a.type, sizeof a.type, "other");
      a.bytes = (unsigned)LLVMStoreSizeOfType(td, ty);
    }
    VEC_PUSH(&kr->args, kernel_arg, a);
  }
}

static int holds_pointer(LLVMTypeRef ty) {
  switch (LLVMGetTypeKind(ty)) {
  case LLVMPointerTypeKind: return 1;
  case LLVMArrayTypeKind:
  case LLVMVectorTypeKind: return holds_pointer(LLVMGetElementType(ty));
  case LLVMStructTypeKind:
    for (unsigned i = 0; i < LLVMCountStructElementTypes(ty); i++)
      if (holds_pointer(LLVMStructGetTypeAtIndex(ty, i)))
        return 1;
    return 0;
  default: return 0;
  }
}

/* A struct passed by value that holds a pointer would let the kernel reach
 * buffers that no argument names: no role could be given to them, and no
 * runner could fill in their addresses (OpenCL C forbids such kernel
 * arguments; CUDA allows them). */
static gs_error *check_values(const kernel_result *kr, LLVMValueRef fn) {
  for (unsigned i = 0; i < LLVMCountParams(fn); i++) {
    LLVMTypeRef vt = ir_value_arg_type(fn, i);
    if (vt && holds_pointer(vt))
      return gs_errorf("kernel '%s': argument '%s' is a struct passed by value that holds a "
                       "pointer; the buffers it points to would have no roles (pass each "
                       "buffer as an argument of its own)",
                       kr->name, VEC_AT(&kr->args, kernel_arg, i).name);
  }
  return NULL;
}

gs_error *analyze_kernel(kernel_result *kr, LLVMModuleRef m, LLVMValueRef fn, const gs_target *t,
                         const gs_options *opts, summary_cache *cache, gs_vec *warnings,
                         kernel_facts *facts) {
  size_t len;
  memset(kr, 0, sizeof *kr);
  kr->name = gs_strdup(LLVMGetValueName2(fn, &len));
  kr->live_state_arg = kr->status_offset = kr->control_arg = kr->virtual_arg = -1;
  describe_args(kr, m, fn, t);
  vec_init(&kr->buffers, sizeof(buffer_desc));

  gs_error *err = check_values(kr, fn);
  if (err)
    return err;
  kernel_cfg cfg;
  err = cfg_build(&cfg, fn, opts);
  int uniform_choice = 0;
  int keep = facts && !err && cfg.barriers.len;
  if (keep)
    map_init(&facts->varying);
  if (!err)
    err = uniformity_check(&cfg, t, &uniform_choice, keep ? &facts->varying : NULL,
                           keep ? &facts->divergent_return : NULL);
  if (err) {
    if (keep)
      map_free(&facts->varying);
    cfg_free(&cfg);
    return err;
  }
  kernel_access ka;
  access_analyze(&ka, m, fn, -1, t, cache, warnings);
  int *remap = keep_buffers(kr, &ka);

  kr->barriers = (unsigned)cfg.barriers.len;
  kr->nsegments = cfg.barriers.len + 1;
  kr->successors = gs_xcalloc(kr->nsegments, sizeof *kr->successors);
  kr->locations = gs_xcalloc(kr->nsegments, sizeof *kr->locations);
  kr->access = gs_xcalloc(kr->nsegments * (kr->buffers.len ? kr->buffers.len : 1),
                          sizeof *kr->access);
  int *stamp = gs_xmalloc(cfg.blocks.len * sizeof(int));
  for (size_t b = 0; b < cfg.blocks.len; b++)
    stamp[b] = -1;
  for (size_t s = 0; s < kr->nsegments; s++) {
    vec_init(&kr->successors[s], sizeof(int));
    if (s > 0)
      kr->locations[s] = ir_location(VEC_AT(&cfg.barriers, LLVMValueRef, s - 1));
    segment_ctx ctx = {kr, &ka, remap, s};
    segment_walk(&cfg, s, &kr->successors[s], collect_access, &ctx, stamp);
  }
  free(stamp);
  free(remap);
  kr->schedule = uniform_choice ? GS_SCHEDULE_DYNAMIC : schedule_of(kr);
  kr->path_from_arguments =
      kr->schedule == GS_SCHEDULE_DYNAMIC && uniformity_path_from_arguments(&cfg, t);
  roles_compute(kr);
  if (keep) {
    facts->cfg = cfg;
    facts->access = ka;
  } else {
    access_free(&ka);
    cfg_free(&cfg);
  }
  return NULL;
}

void kernel_facts_free(kernel_facts *f) {
  if (!f->cfg.fn)
    return;
  cfg_free(&f->cfg);
  access_free(&f->access);
  map_free(&f->varying);
  memset(f, 0, sizeof *f);
}

void kernel_result_free(kernel_result *kr) {
  free(kr->name);
  for (size_t s = 0; kr->successors && s < kr->nsegments; s++) {
    vec_free(&kr->successors[s]);
    free(kr->locations[s]);
  }
  free(kr->successors);
  free(kr->locations);
  free(kr->empty);
  for (size_t b = 0; b < kr->buffers.len; b++)
    free(VEC_AT(&kr->buffers, buffer_desc, b).name);
  vec_free(&kr->buffers);
  for (size_t s = 0; kr->live_in && s < kr->nsegments; s++) {
    for (size_t i = 0; i < kr->live_in[s].len; i++)
      free(VEC_AT(&kr->live_in[s], live_slot, i).name);
    for (size_t i = 0; i < kr->live_out[s].len; i++)
      free(VEC_AT(&kr->live_out[s], live_slot, i).name);
    vec_free(&kr->live_in[s]);
    vec_free(&kr->live_out[s]);
  }
  free(kr->live_in);
  free(kr->live_out);
  vec_free(&kr->workgroup_args);
  for (size_t i = 0; i < kr->args.len; i++)
    free(VEC_AT(&kr->args, kernel_arg, i).name);
  vec_free(&kr->args);
  for (size_t i = 0; i < kr->globals.len; i++) {
    free(VEC_AT(&kr->globals, carried_global, i).name);
    free(VEC_AT(&kr->globals, carried_global, i).init);
  }
  vec_free(&kr->globals);
  free(kr->host_input);
  free(kr->host_output);
  free(kr->access);
}

void gs_analysis_dispose(gs_analysis *a) {
  if (!a)
    return;
  for (size_t k = 0; k < a->kernels.len; k++)
    kernel_result_free(&VEC_AT(&a->kernels, kernel_result, k));
  vec_free(&a->kernels);
  for (size_t i = 0; i < a->warnings.len; i++)
    free(VEC_AT(&a->warnings, char *, i));
  vec_free(&a->warnings);
  free(a->target);
  free(a);
}

static gs_error *check_kernels(LLVMModuleRef m, const gs_target *t, const gs_options *opts) {
  size_t len, nkernels = 0;
  int found = !opts || !opts->kernel;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (!t->is_kernel(m, f))
      continue;
    nkernels++;
    if (opts && opts->kernel && !strcmp(opts->kernel, LLVMGetValueName2(f, &len)))
      found = 1;
  }
  const char *id = LLVMGetModuleIdentifier(m, &len);
  if (!nkernels)
    return gs_errorf("module '%s' has no kernels (no defined function with the spir_kernel, "
                     "amdgpu_kernel or ptx_kernel calling convention)",
                     id);
  if (!found)
    return gs_errorf("module '%s' has no kernel named '%s'", id, opts->kernel);
  return NULL;
}

/* Names reach the emitted module and the plan. LLVM's printer writes a NUL
 * byte in a name as \00, which its parser refuses ("Null bytes are not
 * allowed in names"), and JSON text must be UTF-8: names with a NUL byte
 * are refused wherever they are, and the names a host looks up in the plan
 * (kernels, their arguments, global variables) must be valid UTF-8. Other
 * strings reach the plan through str_json_string, which replaces what is
 * not UTF-8. Only bitcode can carry such names; corrupt bitcode does. */
static int utf8_valid(const char *s, size_t n) {
  for (size_t i = 0, k; i < n; i += k)
    if (!(k = utf8_char_length((const unsigned char *)s + i, n - i)))
      return 0;
  return 1;
}

static gs_error *bad_name(const char *what, LLVMValueRef fn, LLVMValueRef v, const char *why) {
  gs_str s;
  str_init(&s);
  size_t len;
  if (fn) {
    const char *f = LLVMGetValueName2(fn, &len);
    str_printf(&s, "function '");
    str_escaped(&s, f, len);
    str_printf(&s, "': ");
  }
  const char *name = LLVMGetValueName2(v, &len);
  str_printf(&s, "%s '", what);
  str_escaped(&s, name, len);
  str_printf(&s, "' has a name %s", why);
  gs_error *e = gs_errorf("%s", s.s);
  str_free(&s);
  return e;
}

static const char nul_name[] = "with a NUL byte, which LLVM IR text cannot spell",
                  not_utf8[] = "that is not UTF-8, which the plan (JSON) cannot hold";

static int has_nul(LLVMValueRef v) {
  size_t len;
  const char *name = LLVMGetValueName2(v, &len);
  return strlen(name) != len;
}

static int not_utf8_name(LLVMValueRef v) {
  size_t len;
  const char *name = LLVMGetValueName2(v, &len);
  return !utf8_valid(name, len);
}

static gs_error *check_names(LLVMModuleRef m, const gs_target *t) {
  const char *triple = LLVMGetTarget(m);
  for (const unsigned char *p = (const unsigned char *)triple; *p; p++)
    if (*p <= 0x20 || *p >= 0x7f) {
      gs_str s;
      str_init(&s);
      str_escaped(&s, triple, strlen(triple));
      gs_error *e = gs_errorf("the target triple '%s' holds the byte 0x%02x, which no target "
                              "triple has",
                              s.s, *p);
      str_free(&s);
      return e;
    }
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g))
    if (has_nul(g) || not_utf8_name(g))
      return bad_name("global variable", NULL, g, has_nul(g) ? nul_name : not_utf8);
  for (LLVMValueRef a = LLVMGetFirstGlobalAlias(m); a; a = LLVMGetNextGlobalAlias(a))
    if (has_nul(a))
      return bad_name("alias", NULL, a, nul_name);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    int kernel = t->is_kernel(m, f);
    if (has_nul(f) || (kernel && not_utf8_name(f)))
      return bad_name(kernel ? "kernel" : "function", NULL, f, has_nul(f) ? nul_name : not_utf8);
    for (unsigned i = 0; i < LLVMCountParams(f); i++) {
      LLVMValueRef p = LLVMGetParam(f, i);
      if (has_nul(p) || (kernel && not_utf8_name(p)))
        return bad_name("argument", f, p, has_nul(p) ? nul_name : not_utf8);
    }
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
      if (has_nul(LLVMBasicBlockAsValue(bb)))
        return bad_name("block", f, LLVMBasicBlockAsValue(bb), nul_name);
      for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
        if (has_nul(in))
          return bad_name("value", f, in, nul_name);
    }
  }
  return NULL;
}

gs_error *analysis_check_module(LLVMModuleRef m, const gs_options *opts, const gs_target *t) {
  gs_error *err = check_names(m, t);
  if (!err)
    err = check_kernels(m, t, opts);
  return err;
}

gs_error *analysis_run(LLVMModuleRef work, const char *triple, const gs_options *opts,
                       const gs_target *t, gs_analysis **out, gs_vec *facts) {
  gs_analysis *a = gs_xcalloc(1, sizeof *a);
  a->target = gs_strdup(triple);
  vec_init(&a->kernels, sizeof(kernel_result));
  vec_init(&a->warnings, sizeof(char *));
  summary_cache *cache = summaries_create(t, &a->warnings);
  size_t len;
  gs_error *err = NULL;
  for (LLVMValueRef f = LLVMGetFirstFunction(work); f && !err; f = LLVMGetNextFunction(f)) {
    if (!t->is_kernel(work, f))
      continue;
    if (opts && opts->kernel && strcmp(opts->kernel, LLVMGetValueName2(f, &len)))
      continue;
    kernel_result kr;
    kernel_facts kf;
    memset(&kf, 0, sizeof kf);
    err = analyze_kernel(&kr, work, f, t, opts, cache, &a->warnings, facts ? &kf : NULL);
    VEC_PUSH(&a->kernels, kernel_result, kr);
    if (facts)
      VEC_PUSH(facts, kernel_facts, kf);
  }
  summaries_dispose(cache);
  if (err) {
    gs_analysis_dispose(a);
    return err;
  }
  *out = a;
  return NULL;
}

gs_error *gs_analyze(LLVMModuleRef m, const gs_options *opts, gs_analysis **out) {
  *out = NULL;
  if (!m)
    return gs_errorf("gs_analyze: no module");
  const gs_target *t = target_for_module(m);
  LLVMModuleRef copy = NULL;
  gs_error *err = analysis_check_module(m, opts, t);
  if (!err)
    err = inline_barrier_callees(m, opts, t, &copy, NULL);
  if (err)
    return err;
  err = analysis_run(copy ? copy : m, LLVMGetTarget(m), opts, t, out, NULL);
  if (copy)
    LLVMDisposeModule(copy);
  return err;
}

/* accessors */

static const kernel_result *kernel(const gs_analysis *a, size_t k) {
  return &VEC_AT(&a->kernels, kernel_result, k);
}

const char *gs_analysis_target(const gs_analysis *a) { return a->target; }
size_t gs_analysis_kernel_count(const gs_analysis *a) { return a->kernels.len; }
const char *gs_kernel_name(const gs_analysis *a, size_t k) { return kernel(a, k)->name; }
unsigned gs_kernel_barrier_count(const gs_analysis *a, size_t k) { return kernel(a, k)->barriers; }
gs_schedule gs_kernel_schedule(const gs_analysis *a, size_t k) { return kernel(a, k)->schedule; }
size_t gs_kernel_buffer_count(const gs_analysis *a, size_t k) { return kernel(a, k)->buffers.len; }

gs_buffer_info gs_kernel_buffer(const gs_analysis *a, size_t k, size_t b) {
  const kernel_result *kr = kernel(a, k);
  const buffer_desc *d = &VEC_AT(&kr->buffers, buffer_desc, b);
  gs_buffer_info info = {d->name, d->arg, (gs_space)d->space, kr->host_input[b],
                         kr->host_output[b]};
  return info;
}

size_t gs_kernel_value_count(const gs_analysis *a, size_t k) {
  size_t n = 0;
  const kernel_result *kr = kernel(a, k);
  for (size_t i = 0; i < kr->args.len; i++)
    n += !strcmp(VEC_AT(&kr->args, kernel_arg, i).kind, "value");
  return n;
}

gs_value_info gs_kernel_value(const gs_analysis *a, size_t k, size_t v) {
  const kernel_result *kr = kernel(a, k);
  gs_value_info info = {NULL, -1, 0};
  for (size_t i = 0, n = 0; i < kr->args.len; i++) {
    const kernel_arg *ka = &VEC_AT(&kr->args, kernel_arg, i);
    if (strcmp(ka->kind, "value") || n++ != v)
      continue;
    info.name = ka->name;
    info.arg = (int)i;
    info.bytes = ka->bytes;
    break;
  }
  return info;
}

size_t gs_kernel_segment_count(const gs_analysis *a, size_t k) { return kernel(a, k)->nsegments; }

size_t gs_segment_successor_count(const gs_analysis *a, size_t k, size_t s) {
  return kernel(a, k)->successors[s].len;
}

int gs_segment_successor(const gs_analysis *a, size_t k, size_t s, size_t i) {
  return VEC_AT(&kernel(a, k)->successors[s], int, i);
}

const char *gs_segment_location(const gs_analysis *a, size_t k, size_t s) {
  return kernel(a, k)->locations[s];
}

int gs_segment_is_empty(const gs_analysis *a, size_t k, size_t s) {
  const kernel_result *kr = kernel(a, k);
  return kr->empty && s < kr->nsegments && kr->empty[s];
}

gs_segment_access gs_segment_buffer_access(const gs_analysis *a, size_t k, size_t s, size_t b) {
  const kernel_result *kr = kernel(a, k);
  const seg_access *sa = &kr->access[s * kr->buffers.len + b];
  gs_segment_access r = {sa->role, (sa->flags & ACC_R) != 0, (sa->flags & ACC_W) != 0,
                         (sa->flags & ACC_A) != 0};
  return r;
}

size_t gs_analysis_warning_count(const gs_analysis *a) { return a->warnings.len; }
const char *gs_analysis_warning(const gs_analysis *a, size_t i) {
  return VEC_AT(&a->warnings, char *, i);
}

const char *gs_role_name(gs_role role) {
  static const char *const names[] = {"none", "read", "write", "readwrite", "accumulate"};
  return (unsigned)role < 5 ? names[role] : "none";
}

const char *gs_role_access(gs_role role) {
  switch (role) {
  case GS_ROLE_READ:
    return "read_only";
  case GS_ROLE_WRITE:
    return "write_only";
  case GS_ROLE_READWRITE:
  case GS_ROLE_ACCUMULATE:
    return "read_write";
  default:
    return "none";
  }
}

const char *gs_space_name(gs_space space) {
  static const char *const names[] = {"global", "constant", "workgroup"};
  return (unsigned)space < 3 ? names[space] : "global";
}
