/* The Vulkan host (vk_host.h): a --target vulkan module run as its plan
 * says. Every segment is a compute pipeline of its own, with one descriptor
 * set built from the plan's bindings of that segment (binding N: the
 * buffer of the segment's argument), and the module's push-constant block
 * holding the scalar arguments at the plan's offsets. Buffers are
 * device-local, filled and read back through staging buffers.
 *
 * A static schedule is recorded into one command buffer, with a pipeline
 * barrier between two segments only where the later one reads or writes a
 * buffer the earlier wrote, or writes one the earlier read (the bindings'
 * access, which follows the roles).
 *
 * A dynamic schedule (include/gridsplit/control_word.h) runs with no host
 * round trip per segment: every segment is dispatched indirectly from its
 * own three words of a dispatch buffer, and after each the module's step
 * shader (gs.step, lib/target_vulkan.c) checks the segment's choice
 * against the successor table, advances the control word and gives the
 * chosen segment the grid's workgroup counts and the segment that ran zero.
 * The host records launches ahead along each segment's first successor, in
 * batches that double from R->BATCH, and reads the control word back once
 * per batch: a launch the schedule did not reach dispatches no workgroups.
 * Where every launch recorded ran, the path is known; where the plan's
 * "path_from_arguments" holds (the scalar arguments and the grid, the same
 * in every run here, decide it) and the segments loop over virtual
 * workgroups, the next runs replay it as gs-cuda-run does (docs/split.md,
 * "Replaying a path"): direct dispatches, each vouched for in its order
 * word, no step shader, no control word; after them the path runs once
 * more from the inputs, and its outputs must be the first run's, byte for
 * byte. */
#define _POSIX_C_SOURCE 200809L
#include "vk_host.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gridsplit/control_word.h"
#include "hostplan.h"
#include "occupancy.h"
#include "order.h"
#include "vk_device.h"

/* the step shader's interface (lib/target_vulkan.c, step_shader) */
#define STEP_ENTRY "gs.step"
enum { STEP_CONTROL, STEP_SUCCESSORS, STEP_DISPATCH, STEP_BINDINGS };
enum { STEP_PUSH_WORDS = 5, MAX_BATCH = 1024 };

typedef struct {
  const gs_vk_request *req;
  char *err;
  size_t err_size;
  gs_host_plan plan;
  gs_host_arg *args;
  gs_vk_device d;
  size_t nparams;     /* the segments' arguments: the kernel's, live state, control */
  int *buf_of;        /* per parameter: its buffer in BUFS, or -1 */
  gs_vk_buffer *bufs; /* the buffers, one per distinct one */
  size_t nbufs;
  unsigned groups[3];   /* the grid's workgroups per dimension */
  unsigned launch[3];   /* the workgroups each dispatch launches: the grid's, or with
                           virtual workgroups as many physical ones as are asked */
  unsigned *seg_groups; /* virtual workgroups, per segment: its dispatches' physical
                           workgroups (launch[0], or what NVIDIA's multiprocessors hold) */
  int order_offset;     /* virtual workgroups: the order's place in the push constants */
  gs_order orders;
  size_t ninv, ngroups; /* invocations, workgroups */
  unsigned wg[3];
  unsigned char *push; /* the push constants: the plan's push_bytes */
  size_t nseg;
  VkShaderModule sm;
  VkDescriptorPool pool;
  VkDescriptorSetLayout *dsl; /* per segment, and the step's last */
  VkPipelineLayout *pl;
  VkPipeline *pipe;
  VkDescriptorSet *set;
  VkQueryPool timer;
  VkQueryPool prof; /* --profile: two timestamps around each segment dispatch of a command buffer */
  uint32_t prof_cap, prof_used;
  int *prof_seg;           /* per pair: its segment */
  double *seg_us;          /* per segment: device time summed while PROFILING */
  unsigned long *seg_runs; /* per segment: its dispatches while PROFILING */
  int profiling;           /* the runs counted: those after the first and the warm-up */
  unsigned profiled_runs;
  /* dynamic schedules */
  int dynamic;
  gs_vk_buffer successors, dispatch, word; /* WORD: the control word's staging copy */
  gs_vk_buffer counts;                     /* --verbose: the dispatch words' staging copy */
  int *predicted;                          /* per segment: its first successor, or -1 */
  size_t learned; /* the launches the last run took (0: none yet): the next run's first batch */
  int *path;      /* the segments the last run launched, in order, when it is known whole */
  size_t npath, path_cap;
  int path_known;
  int learn_stepwise; /* the next run records one launch a batch, to learn the path */
  int step_shader;    /* a dynamic schedule stepped by gs.step, not in its segments */
  int replayed;       /* some run replayed the path: check it after the runs */
} vk_run;

/* The physical workgroups (dimension x) of a dispatch of segment S */
static unsigned groups_x(const vk_run *v, size_t s) {
  return v->seg_groups ? v->seg_groups[s] : v->launch[0];
}

static int failf(vk_run *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int failf(vk_run *v, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(v->err, v->err_size, fmt, ap);
  va_end(ap);
  return 1;
}

/* ---- the plan, the module and the arguments, before any device work */

/* The names of the module's entry points (OpEntryPoint); 0, or 1 when it
 * is no SPIR-V */
static int module_facts(const unsigned char *code, size_t size, char ***names, size_t *n) {
  const uint32_t *w = (const uint32_t *)code;
  size_t nw = size / 4;
  *names = NULL;
  *n = 0;
  if (size % 4 || nw < 5 || w[0] != 0x07230203)
    return 1;
  for (size_t i = 5; i < nw;) {
    uint32_t count = w[i] >> 16, op = w[i] & 0xffff;
    if (!count || i + count > nw)
      return 1;
    if (op == 15 /* OpEntryPoint */ && count >= 4) {
      const char *name = (const char *)&w[i + 3];
      size_t room = 4 * (count - 3);
      if (strnlen(name, room) < room) {
        *names = realloc(*names, (*n + 1) * sizeof **names);
        (*names)[(*n)++] = strdup(name);
      }
    }
    i += count;
  }
  return 0;
}

/* SPIR-V's opcodes, execution modes and capabilities the host patches in */
enum {
  SPV_OP_CAPABILITY = 17,
  SPV_OP_ENTRY_POINT = 15,
  SPV_OP_EXECUTION_MODE = 16,
  SPV_OP_TYPE_FLOAT = 22,
  SPV_MODE_DENORM_PRESERVE = 4459,
  SPV_MODE_SIGNED_ZERO_INF_NAN_PRESERVE = 4461,
  SPV_MODE_ROUNDING_MODE_RTE = 4462,
  SPV_CAP_DENORM_PRESERVE = 4464,
  SPV_CAP_SIGNED_ZERO_INF_NAN_PRESERVE = 4466,
  SPV_CAP_ROUNDING_MODE_RTE = 4467
};

/* Vulkan lets a driver assume that floats are no NaN, infinity or signed
 * zero, flush denormals, and round to nearest or toward zero, unless a
 * shader's execution modes say otherwise; every other runner keeps them and
 * rounds to nearest. The module (whose shaders run anywhere) declares none:
 * the host adds SignedZeroInfNanPreserve for each float width the module has
 * (a device without it is refused), and DenormPreserve and RoundingModeRTE
 * where the device has them (else it warns; RoundingModeRTE for the widths
 * the device's roundingModeIndependence makes share one mode, all of them
 * or none). *OUT is the patched module (malloc'd). */
static int float_controls(vk_run *v, uint32_t **out, size_t *out_words) {
  const uint32_t *w = (const uint32_t *)v->req->spirv;
  size_t n = v->req->spirv_size / 4, caps_end = 5, modes_at = 0;
  uint32_t entries[256];
  size_t nentries = 0;
  int widths[3] = {0, 0, 0}; /* 16, 32, 64 */
  for (size_t i = 5; i < n; i += w[i] >> 16) {
    uint32_t op = w[i] & 0xffff, count = w[i] >> 16;
    if (op == SPV_OP_CAPABILITY)
      caps_end = i + count;
    if (op == SPV_OP_ENTRY_POINT && nentries < 256)
      entries[nentries++] = w[i + 2];
    if ((op == SPV_OP_ENTRY_POINT || op == SPV_OP_EXECUTION_MODE) && !modes_at)
      modes_at = op == SPV_OP_EXECUTION_MODE ? i : 0;
    if (op == SPV_OP_TYPE_FLOAT && count >= 3)
      widths[w[i + 2] == 16 ? 0 : w[i + 2] == 32 ? 1 : 2] = 1;
  }
  const VkPhysicalDeviceVulkan12Properties *p = &v->d.props12;
  const VkBool32 nan_ok[3] = {p->shaderSignedZeroInfNanPreserveFloat16,
                              p->shaderSignedZeroInfNanPreserveFloat32,
                              p->shaderSignedZeroInfNanPreserveFloat64};
  const VkBool32 denorm_ok[3] = {p->shaderDenormPreserveFloat16, p->shaderDenormPreserveFloat32,
                                 p->shaderDenormPreserveFloat64};
  const VkBool32 rte_ok[3] = {p->shaderRoundingModeRTEFloat16, p->shaderRoundingModeRTEFloat32,
                              p->shaderRoundingModeRTEFloat64};
  static const unsigned bits[3] = {16, 32, 64};
  /* the widths that get RoundingModeRTE: those used, with those that must
   * share their mode (none: all three; 32-bit only: 16 and 64 together) */
  int rte[3] = {widths[0], widths[1], widths[2]};
  if (p->roundingModeIndependence == VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_NONE &&
      (widths[0] || widths[1] || widths[2]))
    rte[0] = rte[1] = rte[2] = 1;
  if (p->roundingModeIndependence == VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_32_BIT_ONLY &&
      (widths[0] || widths[2]))
    rte[0] = rte[2] = 1;
  /* widths that share one mode get RTE all together or not at all */
  int any_rte = 0;
  if (p->roundingModeIndependence == VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_NONE &&
      ((rte[0] && !rte_ok[0]) || (rte[1] && !rte_ok[1]) || (rte[2] && !rte_ok[2])))
    rte[0] = rte[1] = rte[2] = 0;
  if (p->roundingModeIndependence == VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_32_BIT_ONLY &&
      ((rte[0] && !rte_ok[0]) || (rte[2] && !rte_ok[2])))
    rte[0] = rte[2] = 0;
  for (int k = 0; k < 3; k++) {
    if (widths[k] && !(rte[k] && rte_ok[k]))
      fprintf(stderr,
              "gridsplit: warning: Vulkan device %s may round %u-bit float results toward zero "
              "(no shaderRoundingModeRTEFloat%u)\n",
              v->d.props.deviceName, bits[k], bits[k]);
    rte[k] = rte[k] && rte_ok[k];
    any_rte |= rte[k];
  }
  int denorm = 0;
  for (int k = 0; k < 3; k++) {
    if (widths[k] && !nan_ok[k])
      return failf(v,
                   "Vulkan device %s cannot keep NaN, infinity and signed zero in %u-bit floats "
                   "(shaderSignedZeroInfNanPreserveFloat%u): its results could differ",
                   v->d.props.deviceName, bits[k], bits[k]);
    if (widths[k] && !denorm_ok[k])
      fprintf(stderr,
              "gridsplit: warning: Vulkan device %s may flush %u-bit denormal floats to zero "
              "(no shaderDenormPreserveFloat%u)\n",
              v->d.props.deviceName, bits[k], bits[k]);
    denorm |= widths[k] && denorm_ok[k];
  }
  if (!modes_at)
    modes_at = n;
  /* three capabilities, and for each entry and width at most three modes of
   * four words */
  uint32_t *o = malloc((n + 6 + 36 * nentries) * 4);
  size_t k = 0;
  memcpy(o, w, caps_end * 4);
  k = caps_end;
  o[k++] = (2u << 16) | SPV_OP_CAPABILITY;
  o[k++] = SPV_CAP_SIGNED_ZERO_INF_NAN_PRESERVE;
  if (denorm) {
    o[k++] = (2u << 16) | SPV_OP_CAPABILITY;
    o[k++] = SPV_CAP_DENORM_PRESERVE;
  }
  if (any_rte) {
    o[k++] = (2u << 16) | SPV_OP_CAPABILITY;
    o[k++] = SPV_CAP_ROUNDING_MODE_RTE;
  }
  memcpy(o + k, w + caps_end, (modes_at - caps_end) * 4);
  k += modes_at - caps_end;
  for (size_t e = 0; e < nentries; e++)
    for (int b = 0; b < 3; b++) {
      if (rte[b]) {
        o[k++] = (4u << 16) | SPV_OP_EXECUTION_MODE;
        o[k++] = entries[e];
        o[k++] = SPV_MODE_ROUNDING_MODE_RTE;
        o[k++] = bits[b];
      }
      if (!widths[b])
        continue;
      uint32_t modes[2] = {SPV_MODE_SIGNED_ZERO_INF_NAN_PRESERVE, SPV_MODE_DENORM_PRESERVE};
      for (int m = 0; m < 1 + (denorm_ok[b] != 0); m++) {
        o[k++] = (4u << 16) | SPV_OP_EXECUTION_MODE;
        o[k++] = entries[e];
        o[k++] = modes[m];
        o[k++] = bits[b];
      }
    }
  memcpy(o + k, w + modes_at, (n - modes_at) * 4);
  k += n - modes_at;
  *out = o;
  *out_words = k;
  return 0;
}

static int has_name(char **names, size_t n, const char *want) {
  for (size_t i = 0; i < n; i++)
    if (!strcmp(names[i], want))
      return 1;
  return 0;
}

static int read_plan(vk_run *v) {
  const gs_vk_request *r = v->req;
  const char *label = r->plan_label ? r->plan_label : "the plan";
  if (gs_host_plan_parse(r->plan_text, label, r->kernel, &v->plan, v->err, v->err_size))
    return 1;
  gs_host_plan *p = &v->plan;
  if (!p->vulkan)
    return failf(v, "%s: not a plan for --target vulkan (its target is no Vulkan triple)", label);
  if (!p->has_args)
    return failf(v, "%s: kernel '%s' has no args", label, p->kernel);
  v->nseg = p->nsegments;
  if (p->steps_in_segments < 0)
    return failf(v, "%s: kernel '%s': the control word's \"step\" is not \"segments\"", label,
                 p->kernel);
  int words = p->steps_in_segments ? GS_CONTROL_FOLDED_WORDS((int)v->nseg) : GS_CONTROL_WORDS;
  if (p->control_arg >= 0 && p->control_words != words)
    return failf(v, "%s: the control word has no \"words\": %d%s", label, words,
                 p->steps_in_segments ? " (4 and 6 a segment, plus one: \"step\": \"segments\")"
                                      : "");
  v->dynamic = p->control_arg >= 0;
  v->step_shader = v->dynamic && !p->steps_in_segments;
  v->nparams = p->nargs;
  if (p->live_arg >= 0 && (size_t)p->live_arg + 1 > v->nparams)
    v->nparams = (size_t)p->live_arg + 1;
  if (p->control_arg >= 0 && (size_t)p->control_arg + 1 > v->nparams)
    v->nparams = (size_t)p->control_arg + 1;
  if (p->virtual_arg >= 0 && (size_t)p->virtual_arg + GS_VIRTUAL_ARGS > v->nparams)
    v->nparams = (size_t)p->virtual_arg + GS_VIRTUAL_ARGS;
  if (v->step_shader && p->push_bytes < 4 * STEP_PUSH_WORDS)
    return failf(v,
                 "%s: kernel '%s' has a dynamic schedule but push_constant_bytes %u leaves no "
                 "room for the step shader's %d words",
                 label, p->kernel, p->push_bytes, STEP_PUSH_WORDS);
  /* the module must be the plan's */
  char **names;
  size_t nnames;
  int bad = module_facts(r->spirv, r->spirv_size, &names, &nnames);
  const char *missing = NULL;
  for (size_t s = 0; !bad && s < v->nseg && !missing; s++)
    if (!has_name(names, nnames, p->segments[s].function))
      missing = p->segments[s].function;
  if (!bad && !missing && v->step_shader && !has_name(names, nnames, STEP_ENTRY))
    missing = STEP_ENTRY;
  /* segments that step have the plan's segment count compiled in: a module
   * with a segment after the plan's last (the split's names) has another */
  char *more = NULL;
  if (!bad && !missing && p->steps_in_segments) {
    size_t len = strlen(p->kernel) + 32;
    more = malloc(len);
    if (more)
      snprintf(more, len, "%s.seg%zu", p->kernel, v->nseg);
    if (more && !has_name(names, nnames, more)) {
      free(more);
      more = NULL;
    }
  }
  int rc = 0;
  if (bad)
    rc = failf(v, "the module is no SPIR-V (%zu bytes)", r->spirv_size);
  else if (more)
    rc = failf(v,
               "the plan and the module do not match: the module has a segment '%s' after the "
               "plan's %zu",
               more, v->nseg);
  else if (!missing && p->steps_in_segments && has_name(names, nnames, STEP_ENTRY))
    rc = failf(v,
               "the plan and the module do not match: the plan's segments step (\"step\": "
               "\"segments\"), the module's need its step shader '%s'",
               STEP_ENTRY);
  else if (missing)
    rc = failf(v, "the plan and the module do not match: the module has no entry point '%s'",
               missing);
  free(more);
  for (size_t i = 0; i < nnames; i++)
    free(names[i]);
  free(names);
  return rc;
}

static int check_grid(vk_run *v) {
  const gs_vk_request *r = v->req;
  const unsigned *pw = v->plan.workgroup_size;
  int given = r->workgroup[0] || r->workgroup[1] || r->workgroup[2];
  for (int d = 0; d < 3 && given; d++) {
    size_t w = r->workgroup[d] ? r->workgroup[d] : 1;
    if (w != pw[d])
      return failf(v,
                   "kernel '%s': its shaders were emitted for workgroups of %u,%u,%u, not "
                   "%zu,%zu,%zu (split with --workgroup to change it)",
                   v->plan.kernel, pw[0], pw[1], pw[2], r->workgroup[0] ? r->workgroup[0] : 1,
                   r->workgroup[1] ? r->workgroup[1] : 1, r->workgroup[2] ? r->workgroup[2] : 1);
  }
  v->ninv = v->ngroups = 1;
  for (int d = 0; d < 3; d++) {
    size_t g = r->grid[d] ? r->grid[d] : 1;
    v->wg[d] = pw[d];
    if (g % pw[d])
      return failf(v, "the grid (%zu in dimension %d) is not a multiple of the workgroup size (%u)",
                   g, d, pw[d]);
    if (g / pw[d] > UINT32_MAX)
      return failf(v, "the grid has too many workgroups in dimension %d", d);
    v->groups[d] = (unsigned)(g / pw[d]);
    v->ninv *= g;
    v->ngroups *= v->groups[d];
  }
  memcpy(v->launch, v->groups, sizeof v->groups);
  if (v->plan.virtual_arg >= 0) {
    /* segments count virtual workgroups in 32 bits (docs/split.md) */
    if (v->ngroups > (size_t)1 << 31)
      return failf(v, "the grid has %zu workgroups, more than virtual workgroups can count (2^31)",
                   v->ngroups);
    size_t want = r->physical_groups ? r->physical_groups : GS_VK_PHYSICAL_GROUPS;
    v->launch[0] = (unsigned)(want < v->ngroups ? want : v->ngroups);
    v->launch[1] = v->launch[2] = 1;
  }
  return 0;
}

/* What order.h needs: per segment, what it does to each bound buffer (an
 * argument given as same:OTHER counts as OTHER), and the buffers' sizes */
static void order_from_plan(vk_run *v) {
  const gs_host_plan *p = &v->plan;
  gs_order_init(&v->orders, p->nsegments, p->nargs);
  for (size_t i = 0; i < p->nargs; i++)
    v->orders.bytes[i] = v->args[i].bytes;
  for (size_t s = 0; s < p->nsegments; s++)
    for (size_t j = 0; j < p->segments[s].nuses; j++) {
      int a = p->segments[s].uses[j].arg;
      if (a < 0 || (size_t)a >= p->nargs)
        continue;
      if (v->args[a].form == GS_BOUND_SAME)
        a = v->args[a].same_as;
      gs_order_note(&v->orders, s, (size_t)a, p->segments[s].uses[j].access);
    }
}

static int bind_args(vk_run *v) {
  const gs_vk_request *r = v->req;
  gs_host_plan *p = &v->plan;
  v->args = gs_plan_args(p);
  if (r->describe)
    r->describe(r->hook_ctx, v->args, p->nargs);
  if (gs_bind_specs(v->args, p->nargs, r->args, r->nargs, p->kernel, v->err, v->err_size) ||
      (r->complete && r->complete(r->hook_ctx, v->args, p->nargs, v->err, v->err_size)) ||
      gs_bind_finish(v->args, p->nargs, p->distinct, p->kernel, v->err, v->err_size))
    return 1;
  v->push = calloc(p->push_bytes + 4, 1);
  for (size_t i = 0; i < p->nargs; i++) {
    const gs_host_arg *a = &v->args[i];
    if (a->kind == GS_HOST_LOCAL || a->kind == GS_HOST_VALUE)
      return failf(v, "kernel '%s': argument '%s' is %s, which a Vulkan shader does not take",
                   p->kernel, a->name,
                   a->kind == GS_HOST_LOCAL ? "workgroup memory" : "a struct passed by value");
  }
  v->order_offset = -1;
  int ranged = 0; /* the range's first and end pushed */
  for (size_t i = 0; i < p->npush; i++) {
    const gs_plan_push *q = &p->push[i];
    if (p->virtual_arg >= 0 && q->arg >= p->virtual_arg) {
      /* the virtual grid's workgroup counts, the order (per launch), and
       * the range of them a launch runs: all of them */
      int d = q->arg - p->virtual_arg;
      uint32_t all[2] = {0, (uint32_t)v->ngroups};
      if (d == GS_VIRTUAL_ORDER)
        v->order_offset = (int)q->offset;
      else if (d >= GS_VIRTUAL_FIRST)
        memcpy(v->push + q->offset, &all[d - GS_VIRTUAL_FIRST], 4), ranged++;
      else
        memcpy(v->push + q->offset, &v->groups[d], 4);
      continue;
    }
    const gs_host_arg *a = &v->args[q->arg];
    if (a->scalar_size != q->bytes)
      return failf(v, "kernel '%s': scalar '%s' has %zu bytes, its push constant %u", p->kernel,
                   a->name, a->scalar_size, q->bytes);
    memcpy(v->push + q->offset, a->scalar, q->bytes);
  }
  if (p->virtual_arg >= 0 && (v->order_offset < 0 || ranged != 2))
    return failf(v,
                 "kernel '%s' loops over virtual workgroups, but its plan pushes no order or "
                 "no range of them",
                 p->kernel);
  order_from_plan(v);
  return 0;
}

/* ---- the device side */

static int make_buffer(vk_run *v, VkDeviceSize bytes, int param) {
  /* a binding holds at most maxStorageBufferRange bytes, and the shaders
   * count bytes in 32 bits */
  VkDeviceSize most = v->d.props.limits.maxStorageBufferRange;
  if (bytes > most)
    return failf(v,
                 "a buffer of %llu bytes (%s) is more than a Vulkan storage buffer binding "
                 "of device %s holds (maxStorageBufferRange %llu)",
                 (unsigned long long)bytes,
                 param >= 0 && (size_t)param < v->plan.nargs ? v->args[param].name
                                                             : "the live state",
                 v->d.props.deviceName, (unsigned long long)most);
  v->bufs = realloc(v->bufs, (v->nbufs + 1) * sizeof *v->bufs);
  if (gs_vk_buffer_make(&v->d, bytes, 0, &v->bufs[v->nbufs]))
    return 1;
  if (param >= 0)
    v->buf_of[param] = (int)v->nbufs;
  v->nbufs++;
  return 0;
}

/* the control word's buffer (a dynamic schedule) */
static gs_vk_buffer *control_buffer(vk_run *v) { return &v->bufs[v->buf_of[v->plan.control_arg]]; }

/* What STAGE wrote (ACCESS) made visible to the compute shaders and the
 * indirect dispatches recorded after it */
static void barrier_to_shaders(VkCommandBuffer cb, VkPipelineStageFlags stage,
                               VkAccessFlags access) {
  VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, access,
                        VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                            VK_ACCESS_INDIRECT_COMMAND_READ_BIT};
  vkCmdPipelineBarrier(cb, stage,
                       VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT,
                       0, 1, &mb, 0, NULL, 0, NULL);
}

/* Uploads SIZE bytes of DATA (NULL: zeros) to the start of buffer B */
static int upload(vk_run *v, gs_vk_buffer *b, const void *data, size_t size) {
  VkCommandBuffer cb;
  gs_vk_buffer st = {0};
  if (data && size && gs_vk_buffer_make(&v->d, size, 1, &st))
    return 1;
  if (gs_vk_begin(&v->d, &cb)) {
    gs_vk_buffer_free(&v->d, &st);
    return 1;
  }
  vkCmdFillBuffer(cb, b->buf, 0, VK_WHOLE_SIZE, 0);
  VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                        VK_ACCESS_TRANSFER_WRITE_BIT};
  vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1,
                       &mb, 0, NULL, 0, NULL);
  if (data && size) {
    memcpy(st.map, data, size);
    VkBufferCopy region = {0, 0, size};
    vkCmdCopyBuffer(cb, st.buf, b->buf, 1, &region);
  }
  barrier_to_shaders(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT);
  int rc = gs_vk_submit(&v->d, cb);
  gs_vk_buffer_free(&v->d, &st);
  return rc;
}

/* SIZE bytes from the start of buffer B into OUT */
static int download(vk_run *v, gs_vk_buffer *b, void *out, size_t size) {
  if (!size)
    return 0;
  VkCommandBuffer cb;
  gs_vk_buffer st;
  if (gs_vk_buffer_make(&v->d, size, 1, &st))
    return 1;
  int rc = gs_vk_begin(&v->d, &cb);
  if (!rc) {
    gs_vk_copy(cb, b->buf, st.buf, st.size <= b->size ? st.size : b->size);
    rc = gs_vk_submit(&v->d, cb);
  }
  if (!rc)
    memcpy(out, st.map, size);
  gs_vk_buffer_free(&v->d, &st);
  return rc;
}

/* The kernel's buffers, the live state (its header: carried workgroup
 * arguments' sizes, program-scope variables) and the control word */
/* The inputs into the buffers: every buffer argument's file or zeros, and
 * the live state's header (the program-scope variables' initial values) */
static int write_inputs(vk_run *v) {
  gs_host_plan *p = &v->plan;
  for (size_t i = 0; i < p->nargs; i++) {
    const gs_host_arg *a = &v->args[i];
    if (a->kind == GS_HOST_BUFFER && a->form != GS_BOUND_SAME &&
        upload(v, &v->bufs[v->buf_of[i]], a->form == GS_BOUND_FILE ? a->data : NULL, a->bytes))
      return 1;
  }
  if (p->live_arg < 0)
    return 0;
  /* the whole live state zeros first, then the header */
  unsigned char *h = calloc(p->header_bytes + 1, 1);
  for (size_t i = 0; i < p->nglobals; i++)
    memcpy(h + p->globals[i].offset, p->globals[i].init, p->globals[i].bytes);
  int rc = upload(v, &v->bufs[v->buf_of[p->live_arg]], p->header_bytes ? h : NULL, p->header_bytes);
  free(h);
  return rc;
}

static int make_buffers(vk_run *v) {
  gs_host_plan *p = &v->plan;
  v->buf_of = malloc((v->nparams + 1) * sizeof *v->buf_of);
  for (size_t i = 0; i < v->nparams; i++)
    v->buf_of[i] = -1;
  for (size_t i = 0; i < p->nargs; i++) {
    const gs_host_arg *a = &v->args[i];
    if (a->kind == GS_HOST_BUFFER && a->form != GS_BOUND_SAME && make_buffer(v, a->bytes, (int)i))
      return 1;
  }
  for (size_t i = 0; i < p->nargs; i++)
    if (v->args[i].form == GS_BOUND_SAME)
      v->buf_of[i] = v->buf_of[v->args[i].same_as];
  /* the workgroups' areas from a multiple of 16 (docs/split.md) */
  if (p->live_arg >= 0 && make_buffer(v,
                                      (p->header_bytes + v->ninv * p->live_bytes + 15) / 16 * 16 +
                                          v->ngroups * p->workgroup_bytes,
                                      p->live_arg))
    return 1;
  /* room for the words of the step in the segments in any case: a module
   * that steps in its segments run with a plan that says otherwise (an
   * edited plan) writes them, harmlessly, where the step shader steps */
  if (v->dynamic &&
      make_buffer(v, 4 * (VkDeviceSize)GS_CONTROL_FOLDED_WORDS(v->nseg), p->control_arg))
    return 1;
  return write_inputs(v);
}

static int make_set_layout(vk_run *v, const gs_plan_binding *b, size_t n,
                           VkDescriptorSetLayout *out) {
  VkDescriptorSetLayoutBinding *lb = calloc(n + 1, sizeof *lb);
  for (size_t i = 0; i < n; i++) {
    VkDescriptorSetLayoutBinding x = {(uint32_t)b[i].binding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                      VK_SHADER_STAGE_COMPUTE_BIT, NULL};
    lb[i] = x;
  }
  VkDescriptorSetLayoutCreateInfo ci = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, NULL,
                                        0, (uint32_t)n, lb};
  int rc = gs_vk_check(&v->d, vkCreateDescriptorSetLayout(v->d.dev, &ci, NULL, out),
                       "creating a descriptor set layout");
  free(lb);
  return rc;
}

/* --verbose with GS_VK_DUMP_DIR set: DIR/module.spv, the module as the
 * driver gets it (make_pipelines), and the driver's internal representations
 * of executable EI (its machine code, where it gives it) as text files
 * DIR/ENTRY.E.K.txt, for reading beside another compiler's */
static void dump_representations(vk_run *v, const VkPipelineExecutableInfoKHR *ei,
                                 const char *entry, uint32_t e) {
  const char *dir = getenv("GS_VK_DUMP_DIR");
  PFN_vkGetPipelineExecutableInternalRepresentationsKHR reps =
      (PFN_vkGetPipelineExecutableInternalRepresentationsKHR)vkGetDeviceProcAddr(
          v->d.dev, "vkGetPipelineExecutableInternalRepresentationsKHR");
  uint32_t n = 0;
  if (!dir || !reps || reps(v->d.dev, ei, &n, NULL) != VK_SUCCESS || !n)
    return;
  VkPipelineExecutableInternalRepresentationKHR *r = calloc(n, sizeof *r);
  if (!r)
    return;
  for (uint32_t k = 0; k < n; k++)
    r[k].sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INTERNAL_REPRESENTATION_KHR;
  if (reps(v->d.dev, ei, &n, r) == VK_SUCCESS) {
    for (uint32_t k = 0; k < n; k++)
      r[k].pData = r[k].dataSize ? calloc(1, r[k].dataSize + 1) : NULL;
    if (reps(v->d.dev, ei, &n, r) == VK_SUCCESS)
      for (uint32_t k = 0; k < n; k++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.%u.%u.txt", dir, entry, e, k);
        FILE *f = fopen(path, "wb");
        if (!f)
          continue;
        fprintf(f, "# %s: %s\n", r[k].name, r[k].description);
        if (r[k].pData)
          fwrite(r[k].pData, 1, r[k].dataSize, f);
        fclose(f);
      }
    for (uint32_t k = 0; k < n; k++)
      free(r[k].pData);
  }
  free(r);
}

/* Whether NAME (a driver's statistic) contains WORD, in any case */
static int names(const char *name, const char *word) {
  for (; *name; name++) {
    size_t i = 0;
    while (word[i] && name[i] && (name[i] | 32) == (word[i] | 32))
      i++;
    if (!word[i])
      return 1;
  }
  return 0;
}

/* The driver's statistics of PIPE (VK_KHR_pipeline_executable_properties):
 * its registers per invocation and workgroup memory into REGS and SHARED
 * (0 where it gives none), and with --verbose every statistic, one line
 * per executable */
static void pipeline_stats(vk_run *v, VkPipeline pipe, const char *entry, unsigned *regs,
                           unsigned *shared) {
  *regs = *shared = 0;
  PFN_vkGetPipelineExecutablePropertiesKHR props =
      (PFN_vkGetPipelineExecutablePropertiesKHR)vkGetDeviceProcAddr(
          v->d.dev, "vkGetPipelineExecutablePropertiesKHR");
  PFN_vkGetPipelineExecutableStatisticsKHR stats =
      (PFN_vkGetPipelineExecutableStatisticsKHR)vkGetDeviceProcAddr(
          v->d.dev, "vkGetPipelineExecutableStatisticsKHR");
  VkPipelineInfoKHR pi = {VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR, NULL, pipe};
  uint32_t ne = 0;
  if (!props || !stats || props(v->d.dev, &pi, &ne, NULL) != VK_SUCCESS)
    return;
  for (uint32_t e = 0; e < ne; e++) {
    VkPipelineExecutableInfoKHR ei = {VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR, NULL, pipe,
                                      e};
    uint32_t ns = 0;
    if (stats(v->d.dev, &ei, &ns, NULL) != VK_SUCCESS || !ns)
      continue;
    VkPipelineExecutableStatisticKHR *st = calloc(ns, sizeof *st);
    for (uint32_t k = 0; st && k < ns; k++)
      st[k].sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR;
    if (st && stats(v->d.dev, &ei, &ns, st) == VK_SUCCESS)
      for (uint32_t k = 0; k < ns; k++) {
        unsigned long long x = st[k].format == VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR
                                   ? (unsigned long long)(st[k].value.i64 > 0 ? st[k].value.i64 : 0)
                               : st[k].format == VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR
                                   ? (unsigned long long)st[k].value.u64
                                   : 0;
        x = x < 0xffffffffu ? x : 0xffffffffu;
        if (names(st[k].name, "register") && !*regs)
          *regs = (unsigned)x;
        else if (names(st[k].name, "shared") && !*shared)
          *shared = (unsigned)x;
      }
    if (st && v->req->verbose && stats(v->d.dev, &ei, &ns, st) == VK_SUCCESS) {
      fprintf(stderr, "gridsplit: vulkan: %s statistics:", entry);
      for (uint32_t k = 0; k < ns; k++) {
        fprintf(stderr, "%s %s ", k ? ";" : "", st[k].name);
        switch (st[k].format) {
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_BOOL32_KHR:
          fprintf(stderr, "%s", st[k].value.b32 ? "true" : "false");
          break;
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR:
          fprintf(stderr, "%lld", (long long)st[k].value.i64);
          break;
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR:
          fprintf(stderr, "%llu", (unsigned long long)st[k].value.u64);
          break;
        default:
          fprintf(stderr, "%g", st[k].value.f64);
        }
      }
      fputc('\n', stderr);
    }
    free(st);
    if (v->req->verbose)
      dump_representations(v, &ei, entry, e);
  }
}

/* Segment S's physical workgroups (virtual workgroups): as asked
 * (--physical-groups); else as many as the device's multiprocessors hold
 * at once where NVIDIA's driver says how many registers and how much
 * workgroup memory the segment's pipeline takes (REGS, SHARED), so that a
 * dispatch is one wave (bench/gpu/README.md: cg's update segment, 40
 * registers, ran 1056 workgroups where 792 fit); else
 * GS_VK_PHYSICAL_GROUPS. At most the grid's; any count computes the same.
 * GS_VK_TEST_GROUPS, a comma list, sets each segment's in its turn (tests:
 * lavapipe says nothing of its registers). */
static void segment_groups(vk_run *v, size_t s, unsigned regs, unsigned shared) {
  size_t want = v->launch[0];
  unsigned per =
      gs_nv_groups_per_sm(regs, shared, v->wg[0] * v->wg[1] * v->wg[2], v->d.warps_per_sm);
  if (!v->req->physical_groups && per && v->d.sm_count)
    want = (size_t)per * v->d.sm_count;
  const char *test = getenv("GS_VK_TEST_GROUPS");
  for (size_t k = 0; test && *test; k++) {
    char *end;
    unsigned long long x = strtoull(test, &end, 10);
    if (k == s && end != test && x)
      want = (size_t)x;
    test = strchr(test, ',');
    test = test ? test + 1 : NULL;
  }
  unsigned most = v->d.props.limits.maxComputeWorkGroupCount[0];
  want = want < v->ngroups ? want : v->ngroups;
  v->seg_groups[s] = (unsigned)(want < most ? want : most);
  if (v->req->verbose)
    fprintf(stderr,
            "gridsplit: vulkan: %s segment %zu: %u registers, %u bytes of workgroup memory: "
            "%u workgroups a multiprocessor; %u physical workgroups a dispatch\n",
            v->plan.kernel, s, regs, shared, per, v->seg_groups[s]);
}

static int make_pipeline(vk_run *v, size_t i, const char *entry) {
  VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, v->plan.push_bytes};
  VkPipelineLayoutCreateInfo plci = {VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     NULL,
                                     0,
                                     1,
                                     &v->dsl[i],
                                     v->plan.push_bytes ? 1u : 0u,
                                     v->plan.push_bytes ? &pcr : NULL};
  if (gs_vk_check(&v->d, vkCreatePipelineLayout(v->d.dev, &plci, NULL, &v->pl[i]),
                  "creating a pipeline layout"))
    return 1;
  /* the statistics where they are printed or size the dispatches */
  int stats = v->d.stats &&
              (v->req->verbose || (v->seg_groups && v->d.sm_count && !v->req->physical_groups));
  VkComputePipelineCreateInfo cpci = {
      VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      NULL,
      (stats ? VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR : 0u) |
          (stats && v->req->verbose ? VK_PIPELINE_CREATE_CAPTURE_INTERNAL_REPRESENTATIONS_BIT_KHR
                                    : 0u),
      {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0, VK_SHADER_STAGE_COMPUTE_BIT,
       v->sm, entry, NULL},
      v->pl[i],
      VK_NULL_HANDLE,
      0};
  char what[512];
  snprintf(what, sizeof what, "creating the pipeline of entry point '%s'", entry);
  if (gs_vk_check(&v->d,
                  vkCreateComputePipelines(v->d.dev, VK_NULL_HANDLE, 1, &cpci, NULL, &v->pipe[i]),
                  what))
    return 1;
  unsigned regs = 0, shared = 0;
  if (stats)
    pipeline_stats(v, v->pipe[i], entry, &regs, &shared);
  if (v->seg_groups && i < v->nseg)
    segment_groups(v, i, regs, shared);
  return 0;
}

static void write_set(vk_run *v, VkDescriptorSet set, const gs_plan_binding *b, size_t n,
                      const VkBuffer *bufs) {
  VkDescriptorBufferInfo *bi = calloc(n + 1, sizeof *bi);
  VkWriteDescriptorSet *w = calloc(n + 1, sizeof *w);
  for (size_t i = 0; i < n; i++) {
    VkDescriptorBufferInfo x = {bufs[i], 0, VK_WHOLE_SIZE};
    bi[i] = x;
    VkWriteDescriptorSet y = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                              NULL,
                              set,
                              (uint32_t)b[i].binding,
                              0,
                              1,
                              VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                              NULL,
                              &bi[i],
                              NULL};
    w[i] = y;
  }
  vkUpdateDescriptorSets(v->d.dev, (uint32_t)n, w, 0, NULL);
  free(bi);
  free(w);
}

/* The step shader's successor table and dispatch words (filled by
 * fill_step_table once the pipelines are made) */
static int make_step_buffers(vk_run *v) {
  size_t n = v->nseg, row = n + 1;
  v->predicted = malloc(n * sizeof *v->predicted);
  for (size_t s = 0; s < n; s++) {
    const gs_plan_segment *seg = &v->plan.segments[s];
    v->predicted[s] = -1;
    for (size_t i = 0; i < seg->nsuccessors && v->predicted[s] < 0; i++)
      if (seg->successors[i] >= 0)
        v->predicted[s] = seg->successors[i];
  }
  return gs_vk_buffer_make(&v->d, n * row * 4, 0, &v->successors) ||
         gs_vk_buffer_make(&v->d, 12 * n, 0, &v->dispatch) ||
         gs_vk_buffer_make(&v->d, GS_CONTROL_BYTES, 1, &v->word) ||
         (v->req->verbose &&
          gs_vk_buffer_make(&v->d,
                            v->plan.steps_in_segments ? 4 * (VkDeviceSize)v->plan.control_words
                                                      : 12 * (VkDeviceSize)n,
                            1, &v->counts));
}

/* The successor table (u32 per entry: segment s's row of NSEG + 1, entry
 * 0 the end, entry t + 1 segment t): 0 where t does not follow s; where
 * it does, with virtual workgroups t's physical workgroups (the step
 * shader dispatches that many, lib/target_vulkan.c), else 1 */
static int fill_step_table(vk_run *v) {
  size_t n = v->nseg, row = n + 1;
  uint32_t *table = calloc(n * row + 1, sizeof *table);
  if (!table)
    return failf(v, "out of memory");
  for (size_t s = 0; s < n; s++) {
    const gs_plan_segment *seg = &v->plan.segments[s];
    for (size_t i = 0; i < seg->nsuccessors; i++) {
      int t = seg->successors[i];
      table[s * row + (size_t)(t + 1)] = t >= 0 && v->seg_groups ? groups_x(v, (size_t)t) : 1;
    }
  }
  int rc = upload(v, &v->successors, table, n * row * 4);
  free(table);
  return rc;
}

static int make_pipelines(vk_run *v) {
  size_t n = v->nseg, total = 0;
  uint32_t *code = NULL;
  size_t words = 0;
  if (float_controls(v, &code, &words))
    return 1;
  const char *dump = v->req->verbose ? getenv("GS_VK_DUMP_DIR") : NULL;
  if (dump) { /* the module as the driver gets it, float controls added */
    char path[4096];
    snprintf(path, sizeof path, "%s/module.spv", dump);
    FILE *f = fopen(path, "wb");
    if (f) {
      fwrite(code, 4, words, f);
      fclose(f);
    }
  }
  VkShaderModuleCreateInfo smci = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, NULL, 0, 4 * words,
                                   code};
  int bad = gs_vk_check(&v->d, vkCreateShaderModule(v->d.dev, &smci, NULL, &v->sm),
                        "creating the shader module");
  free(code);
  if (bad)
    return 1;
  if (v->plan.virtual_arg >= 0) {
    v->seg_groups = calloc(n + 1, sizeof *v->seg_groups);
    if (!v->seg_groups)
      return failf(v, "out of memory");
  }
  v->dsl = calloc(n + 1, sizeof *v->dsl);
  v->pl = calloc(n + 1, sizeof *v->pl);
  v->pipe = calloc(n + 1, sizeof *v->pipe);
  v->set = calloc(n + 1, sizeof *v->set);
  for (size_t s = 0; s < n; s++)
    total += v->plan.segments[s].nbindings;
  VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, (uint32_t)total + STEP_BINDINGS};
  VkDescriptorPoolCreateInfo dpci = {
      VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, NULL, 0, (uint32_t)n + 1, 1, &ps};
  if (gs_vk_check(&v->d, vkCreateDescriptorPool(v->d.dev, &dpci, NULL, &v->pool),
                  "creating a descriptor pool"))
    return 1;
  static const gs_plan_binding step_bindings[STEP_BINDINGS] = {
      {STEP_CONTROL, -1, 1}, {STEP_SUCCESSORS, -1, 0}, {STEP_DISPATCH, -1, 1}};
  size_t sets = n + (size_t)v->step_shader;
  for (size_t s = 0; s < sets; s++) {
    int step = s == n;
    const gs_plan_binding *b = step ? step_bindings : v->plan.segments[s].bindings;
    size_t nb = step ? STEP_BINDINGS : v->plan.segments[s].nbindings;
    if (make_set_layout(v, b, nb, &v->dsl[s]) ||
        make_pipeline(v, s, step ? STEP_ENTRY : v->plan.segments[s].function))
      return 1;
    VkDescriptorSetAllocateInfo dsai = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, NULL,
                                        v->pool, 1, &v->dsl[s]};
    if (gs_vk_check(&v->d, vkAllocateDescriptorSets(v->d.dev, &dsai, &v->set[s]),
                    "allocating a descriptor set"))
      return 1;
    VkBuffer *bufs = calloc(nb + 1, sizeof *bufs);
    for (size_t i = 0; i < nb; i++) {
      if (step) {
        bufs[i] = i == STEP_CONTROL      ? control_buffer(v)->buf
                  : i == STEP_SUCCESSORS ? v->successors.buf
                                         : v->dispatch.buf;
        continue;
      }
      int bi = v->buf_of[b[i].arg];
      if (bi < 0) {
        free(bufs);
        return failf(v, "segment %zu of '%s' binds argument %d, which has no buffer", s,
                     v->plan.kernel, b[i].arg);
      }
      bufs[i] = v->bufs[bi].buf;
    }
    write_set(v, v->set[s], b, nb, bufs);
    free(bufs);
  }
  return 0;
}

/* ---- recording */

static void dispatch_setup(vk_run *v, VkCommandBuffer cb, size_t i, const void *push) {
  vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, v->pipe[i]);
  vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, v->pl[i], 0, 1, &v->set[i], 0, NULL);
  if (v->plan.push_bytes)
    vkCmdPushConstants(cb, v->pl[i], VK_SHADER_STAGE_COMPUTE_BIT, 0, v->plan.push_bytes, push);
}

/* --profile: room for N segment dispatches in the next command buffer */
static int prof_reserve(vk_run *v, size_t n) {
  v->prof_used = 0;
  if (!v->req->profile || n <= v->prof_cap)
    return 0;
  if (v->prof)
    vkDestroyQueryPool(v->d.dev, v->prof, NULL);
  v->prof = VK_NULL_HANDLE;
  free(v->prof_seg);
  v->prof_cap = 0;
  v->prof_seg = malloc(n * sizeof *v->prof_seg);
  VkQueryPoolCreateInfo ci = {VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                              NULL,
                              0,
                              VK_QUERY_TYPE_TIMESTAMP,
                              2 * (uint32_t)n,
                              0};
  if (!v->prof_seg || gs_vk_check(&v->d, vkCreateQueryPool(v->d.dev, &ci, NULL, &v->prof),
                                  "creating the profile's query pool"))
    return 1;
  v->prof_cap = (uint32_t)n;
  return 0;
}

static void prof_reset(vk_run *v, VkCommandBuffer cb) {
  if (v->prof)
    vkCmdResetQueryPool(cb, v->prof, 0, 2 * v->prof_cap);
}

/* a timestamp before (END 0) or after (END 1) segment S's dispatch */
static void prof_mark(vk_run *v, VkCommandBuffer cb, int s, int end) {
  if (!v->prof || v->prof_used >= v->prof_cap)
    return;
  vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, v->prof, 2 * v->prof_used + end);
  if (end)
    v->prof_seg[v->prof_used++] = s;
}

/* after the command buffer ran: its pairs into the segments' sums */
static int prof_collect(vk_run *v) {
  if (!v->prof || !v->prof_used || !v->profiling)
    return 0;
  uint64_t *t = malloc(2 * v->prof_used * sizeof *t);
  int rc =
      !t || gs_vk_check(&v->d,
                        vkGetQueryPoolResults(v->d.dev, v->prof, 0, 2 * v->prof_used,
                                              2 * v->prof_used * sizeof *t, t, 8,
                                              VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
                        "reading the profile's timestamps");
  for (uint32_t q = 0; !rc && q < v->prof_used; q++) {
    v->seg_us[v->prof_seg[q]] +=
        (double)(t[2 * q + 1] - t[2 * q]) * v->d.props.limits.timestampPeriod * 1e-3;
    v->seg_runs[v->prof_seg[q]]++;
  }
  free(t);
  v->prof_used = 0;
  return rc;
}

static void prof_print(vk_run *v) {
  if (!v->req->profile || !v->profiled_runs)
    return;
  double all = 0;
  for (size_t s = 0; s < v->nseg; s++)
    all += v->seg_us[s];
  fprintf(stderr, "gridsplit: vulkan: %s: profile of %u runs (per run: segment, dispatches, us)\n",
          v->plan.kernel, v->profiled_runs);
  for (size_t s = 0; s < v->nseg; s++)
    if (v->seg_runs[s])
      fprintf(stderr, "gridsplit: vulkan: %s:   segment %zu: %.2f dispatches, %.2f us (%.1f%%)\n",
              v->plan.kernel, s, (double)v->seg_runs[s] / v->profiled_runs,
              v->seg_us[s] / v->profiled_runs, all > 0 ? 100 * v->seg_us[s] / all : 0);
  fprintf(stderr, "gridsplit: vulkan: %s:   segments together: %.2f us\n", v->plan.kernel,
          all / v->profiled_runs);
}

enum { PENDING_READ = 1, PENDING_WRITE = 2 };

/* A static schedule: the segments that are not empty, in order. PENDING
 * (per buffer) holds what dispatches since the last barrier did to it. */
static void record_static(vk_run *v, VkCommandBuffer cb) {
  unsigned char *pending = calloc(v->nbufs + 1, 1);
  VkBufferMemoryBarrier *bmb = calloc(v->nbufs + 1, sizeof *bmb);
  for (size_t s = 0; s < v->nseg; s++) {
    const gs_plan_segment *seg = &v->plan.segments[s];
    if (v->req->verbose)
      fprintf(stderr, "gridsplit: vulkan: %s segment %zu%s\n", v->plan.kernel, s,
              seg->empty ? ": empty, not dispatched" : "");
    if (seg->empty)
      continue;
    int conflict = 0;
    for (size_t i = 0; i < seg->nbindings; i++) {
      int b = v->buf_of[seg->bindings[i].arg];
      if ((pending[b] & PENDING_WRITE) || (seg->bindings[i].writable && pending[b]))
        conflict = 1;
    }
    if (conflict) {
      /* every write so far made visible; reads only ordered (an execution
       * dependency) */
      uint32_t nb = 0;
      for (size_t b = 0; b < v->nbufs; b++)
        if (pending[b] & PENDING_WRITE) {
          VkBufferMemoryBarrier x = {VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
                                     NULL,
                                     VK_ACCESS_SHADER_WRITE_BIT,
                                     VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT,
                                     VK_QUEUE_FAMILY_IGNORED,
                                     VK_QUEUE_FAMILY_IGNORED,
                                     v->bufs[b].buf,
                                     0,
                                     VK_WHOLE_SIZE};
          bmb[nb++] = x;
        }
      vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                           VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 0, NULL, nb, bmb, 0, NULL);
      memset(pending, 0, v->nbufs);
      if (v->req->verbose)
        fprintf(stderr, "gridsplit: vulkan: barrier before segment %zu (%u buffers written)\n", s,
                nb);
    }
    for (size_t i = 0; i < seg->nbindings; i++)
      pending[v->buf_of[seg->bindings[i].arg]] |=
          seg->bindings[i].writable ? PENDING_READ | PENDING_WRITE : PENDING_READ;
    if (v->order_offset >= 0) {
      uint32_t order = gs_order_next(&v->orders, s);
      memcpy(v->push + v->order_offset, &order, 4);
    }
    prof_mark(v, cb, (int)s, 0);
    dispatch_setup(v, cb, s, v->push);
    vkCmdDispatch(cb, groups_x(v, s), v->launch[1], v->launch[2]);
    prof_mark(v, cb, (int)s, 1);
  }
  free(pending);
  free(bmb);
}

/* One batch of a dynamic schedule: N launches from segment FROM along
 * first successors, each followed by the step shader, or stepped by its
 * own last workgroup ("step": "segments") */
static void record_batch(vk_run *v, VkCommandBuffer cb, int from, size_t n) {
  for (size_t q = 0; q < n && from >= 0; q++, from = v->predicted[from]) {
    if (v->req->verbose)
      fprintf(stderr, "gridsplit: vulkan: %s segment %d recorded\n", v->plan.kernel, from);
    if (v->npath == v->path_cap) {
      size_t cap = v->path_cap ? 2 * v->path_cap : 64;
      int *grown = realloc(v->path, cap * sizeof *grown);
      if (!grown) {
        fprintf(stderr, "gs-vk-run: out of memory recording the path\n");
        abort();
      }
      v->path = grown;
      v->path_cap = cap;
    }
    v->path[v->npath++] = from;
    if (v->order_offset >= 0) {
      /* stepped: the guard and the choices run, every virtual workgroup
       * first to last */
      uint32_t order = 0;
      memcpy(v->push + v->order_offset, &order, 4);
    }
    prof_mark(v, cb, from, 0);
    dispatch_setup(v, cb, (size_t)from, v->push);
    if (v->plan.steps_in_segments)
      vkCmdDispatchIndirect(cb, control_buffer(v)->buf,
                            4 * (VkDeviceSize)GS_CONTROL_DISPATCH(from));
    else
      vkCmdDispatchIndirect(cb, v->dispatch.buf, 12 * (VkDeviceSize)from);
    prof_mark(v, cb, from, 1);
    barrier_to_shaders(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT);
    if (v->plan.steps_in_segments) /* its last workgroup stepped */
      continue;
    uint32_t *step_push = calloc(v->plan.push_bytes / 4 + 1, 4);
    step_push[0] = (uint32_t)from;
    step_push[1] = (uint32_t)v->nseg;
    memcpy(step_push + 2, v->launch, sizeof v->launch);
    /* with virtual workgroups the next segment's own count comes from the
     * successor table: the step shader takes the larger */
    if (v->seg_groups)
      step_push[2] = 1;
    dispatch_setup(v, cb, v->nseg, step_push);
    free(step_push);
    vkCmdDispatch(cb, 1, 1, 1);
    barrier_to_shaders(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT);
  }
}

static void timestamp(vk_run *v, VkCommandBuffer cb, uint32_t q) {
  if (v->timer)
    vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, v->timer, q);
}

static int run_static(vk_run *v) {
  VkCommandBuffer cb;
  if (prof_reserve(v, v->nseg) || gs_vk_begin(&v->d, &cb))
    return 1;
  prof_reset(v, cb);
  if (v->timer)
    vkCmdResetQueryPool(cb, v->timer, 0, 2);
  timestamp(v, cb, 0);
  record_static(v, cb);
  timestamp(v, cb, 1);
  return gs_vk_submit(&v->d, cb) || prof_collect(v);
}

/* Whether a learned path may be replayed (docs/split.md, "Replaying a
 * path"): the plan says the arguments decide it, the segments take the
 * replay in their order word (virtual workgroups), and it is asked for */
static int replayable(const vk_run *v) {
  return v->plan.path_from_arguments && v->order_offset >= 0 && !v->req->no_replay;
}

static int run_dynamic(vk_run *v) {
  /* the control word at its start: unset, no flags, launch 0, segment 0;
   * segment 0 gets the grid, every other segment nothing */
  int32_t start[GS_CONTROL_WORDS] = {GS_CONTROL_UNSET, 0, 0, 0};
  int rc;
  if (v->plan.steps_in_segments) {
    /* and after it: none arrived, segment 0's counts, every segment's own */
    size_t n = v->nseg;
    uint32_t *w = calloc((size_t)GS_CONTROL_FOLDED_WORDS(n), 4);
    if (!w)
      return failf(v, "out of memory");
    memcpy(w, start, sizeof start);
    for (size_t s = 0; s < n; s++) {
      uint32_t *given = w + GS_CONTROL_GIVEN(n, s);
      given[0] = groups_x(v, s);
      given[1] = v->launch[1];
      given[2] = v->launch[2];
    }
    memcpy(w + GS_CONTROL_DISPATCH(0), w + GS_CONTROL_GIVEN(n, 0), 12);
    rc = upload(v, control_buffer(v), w, 4 * (size_t)GS_CONTROL_FOLDED_WORDS(n));
    free(w);
  } else {
    uint32_t *counts = calloc(3 * v->nseg, 4);
    memcpy(counts, v->launch, sizeof v->launch);
    counts[0] = groups_x(v, 0);
    rc = upload(v, control_buffer(v), start, sizeof start) ||
         upload(v, &v->dispatch, counts, 12 * v->nseg);
    free(counts);
  }
  int from = 0, first = 1;
  v->npath = 0;
  v->path_known = 0;
  /* a run as long as the last (the same arguments, a loop's trip count the
   * same) whose path follows each segment's first successor (a loop whose
   * exit is its last successor) records exactly its launches in one batch:
   * none recorded and not reached (each cost 7.6 us on the H200), no
   * read-back between batches. When every launch recorded ran, the
   * recorded sequence is the path (replays) */
  size_t batch = v->learn_stepwise        ? 1
                 : v->req->batch          ? v->req->batch
                 : v->learned > MAX_BATCH ? MAX_BATCH
                 : v->learned             ? v->learned
                                          : 16;
  size_t ran = 0, max = v->req->max_launches;
  while (!rc) {
    if (max && ran >= max)
      return failf(v,
                   "kernel '%s': the schedule has not ended after %zu launches "
                   "(--max-launches %zu): segment %d would run next",
                   v->plan.kernel, max, max, from);
    size_t n = max && batch > max - ran ? max - ran : batch;
    VkCommandBuffer cb;
    if (prof_reserve(v, n) || gs_vk_begin(&v->d, &cb))
      return 1;
    prof_reset(v, cb);
    if (first && v->timer) {
      vkCmdResetQueryPool(cb, v->timer, 0, 2);
      timestamp(v, cb, 0);
    } else if (v->timer)
      vkCmdResetQueryPool(cb, v->timer, 1, 1); /* written again: the last batch's counts */
    first = 0;
    record_batch(v, cb, from, n);
    timestamp(v, cb, 1);
    /* the last step shader's writes, then their copies (a transfer, which
     * record_batch's barriers do not order) */
    VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_SHADER_WRITE_BIT,
                          VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &mb, 0, NULL, 0, NULL);
    gs_vk_copy(cb, control_buffer(v)->buf, v->word.buf, GS_CONTROL_BYTES);
    if (v->req->verbose && v->plan.steps_in_segments)
      gs_vk_copy(cb, control_buffer(v)->buf, v->counts.buf,
                 4 * (VkDeviceSize)v->plan.control_words);
    else if (v->req->verbose)
      gs_vk_copy(cb, v->dispatch.buf, v->counts.buf, 12 * v->nseg);
    if (gs_vk_submit(&v->d, cb) || prof_collect(v))
      return 1;
    const int32_t *word = v->word.map;
    if (v->req->verbose)
      fprintf(stderr, "gridsplit: vulkan: %s: %d launches ran, next %d\n", v->plan.kernel,
              word[GS_CONTROL_LAUNCH], word[GS_CONTROL_CURRENT]);
    /* and what the step shader gave the next segment to dispatch */
    int nx = word[GS_CONTROL_CURRENT];
    if (v->req->verbose && nx >= 0 && (size_t)nx < v->nseg) {
      const uint32_t *c = (const uint32_t *)v->counts.map +
                          (v->plan.steps_in_segments ? GS_CONTROL_DISPATCH(nx) : 3 * nx);
      fprintf(stderr, "gridsplit: vulkan: %s: segment %d is given %u,%u,%u workgroups\n",
              v->plan.kernel, nx, c[0], c[1], c[2]);
    }
    int cur = word[GS_CONTROL_CURRENT];
    if (cur == GS_CONTROL_UNSET) {
      v->learned = (size_t)word[GS_CONTROL_LAUNCH];
      /* every launch recorded ran: each was the one chosen. Where one did
       * not (the path left a first successor, or ended inside a batch) and
       * the path could be replayed, the next run learns it launch by
       * launch: each batch one launch, the segment the control word names */
      v->path_known = v->learned == v->npath;
      v->learn_stepwise = !v->path_known && replayable(v);
      return 0;
    }
    if (cur <= GS_CONTROL_STOPPED(0)) {
      int seg = GS_CONTROL_STOPPED_SEGMENT(cur);
      if (word[GS_CONTROL_FLAGS] & GS_CONTROL_DIVERGED)
        return failf(v,
                     "kernel '%s': divergent grid barrier at run time: after segment %d the "
                     "invocations did not all reach the same barrier",
                     v->plan.kernel, seg);
      return failf(v,
                   "the plan and the kernel do not match: segment %d chose segment %d, which "
                   "is not one of its successors",
                   seg, word[GS_CONTROL_NEXT]);
    }
    if (cur < 0 || (size_t)cur >= v->nseg)
      return failf(v, "the control word holds no segment (%d) after the recorded launches", cur);
    /* the first launch of a batch is always dispatched: one that did not
     * step (a module whose steps the plan's "step" does not describe)
     * would record the same launch again forever */
    if ((size_t)word[GS_CONTROL_LAUNCH] == ran && cur == from)
      return failf(v,
                   "kernel '%s': segment %d ran and did not step the control word: the "
                   "module's steps are not the plan's (\"step\"%s)",
                   v->plan.kernel, from,
                   v->plan.steps_in_segments ? ": \"segments\"" : " absent: a step shader");
    from = cur;
    ran = (size_t)word[GS_CONTROL_LAUNCH];
    if (!v->learn_stepwise)
      batch = batch * 2 < MAX_BATCH ? batch * 2 : MAX_BATCH;
  }
  return rc;
}

/* Whether the next run replays the path the last took (docs/split.md,
 * "Replaying a path"; gs-cuda-run's replays) */
static int replays(const vk_run *v) {
  size_t max = v->req->max_launches;
  return replayable(v) && v->path_known && (!max || v->npath <= max);
}

/* The known path's launches, each vouched for in its order word (the
 * replay bit and its launch number: no guard, no choice), a barrier after
 * each; no step shader, and the control word is not read */
static int run_replay(vk_run *v) {
  VkCommandBuffer cb;
  if (prof_reserve(v, v->npath) || gs_vk_begin(&v->d, &cb))
    return 1;
  prof_reset(v, cb);
  if (v->timer) {
    vkCmdResetQueryPool(cb, v->timer, 0, 2);
    timestamp(v, cb, 0);
  }
  for (size_t q = 0; q < v->npath; q++) {
    int s = v->path[q];
    /* first to last, as the stepped runs it is checked against */
    uint32_t order = GS_ORDER_REPLAY | GS_ORDER_LAUNCH(q);
    memcpy(v->push + v->order_offset, &order, 4);
    if (v->req->verbose)
      fprintf(stderr, "gridsplit: vulkan: %s segment %d replayed\n", v->plan.kernel, s);
    prof_mark(v, cb, s, 0);
    dispatch_setup(v, cb, (size_t)s, v->push);
    vkCmdDispatch(cb, groups_x(v, (size_t)s), v->launch[1], v->launch[2]);
    prof_mark(v, cb, s, 1);
    barrier_to_shaders(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT);
  }
  timestamp(v, cb, 1);
  v->replayed = 1;
  return gs_vk_submit(&v->d, cb) || prof_collect(v);
}

/* The host outputs, one allocation each (the buffers', then the header's
 * program-scope variables) in OUT[0 .. *N) */
static int read_outputs(vk_run *v, unsigned char ***out, size_t **sizes, const char ***names,
                        size_t *n) {
  gs_host_plan *p = &v->plan;
  size_t nout = p->noutputs + p->nglobals;
  *out = calloc(nout + 1, sizeof **out);
  *sizes = calloc(nout + 1, sizeof **sizes);
  *names = calloc(nout + 1, sizeof **names);
  *n = 0;
  unsigned char *header = NULL;
  if (p->live_arg >= 0 && p->header_bytes) {
    header = calloc(p->header_bytes + 1, 1);
    if (download(v, &v->bufs[v->buf_of[p->live_arg]], header, p->header_bytes)) {
      free(header);
      return 1;
    }
  }
  for (size_t o = 0; o < nout; o++) {
    size_t size;
    unsigned char *data;
    const char *name;
    if (o < p->noutputs) {
      name = v->args[p->outputs[o]].name;
      size = v->args[p->outputs[o]].bytes;
      data = malloc(size + 1);
      if (download(v, &v->bufs[v->buf_of[p->outputs[o]]], data, size)) {
        free(data);
        free(header);
        return 1;
      }
    } else {
      const gs_plan_global *g = &p->globals[o - p->noutputs];
      if (!g->output || !header)
        continue;
      name = g->name;
      size = g->bytes;
      data = malloc(size + 1);
      memcpy(data, header + g->offset, size);
    }
    (*names)[*n] = name;
    (*out)[*n] = data;
    (*sizes)[(*n)++] = size;
  }
  free(header);
  return 0;
}

static void free_outputs(unsigned char **out, size_t *sizes, const char **names, size_t n) {
  for (size_t i = 0; out && i < n; i++)
    free(out[i]);
  free(out);
  free(sizes);
  free(names);
}

/* One run of the schedule: static, the learned path replayed, or stepped;
 * *HOW names which */
static int run_once(vk_run *v, const char **how) {
  if (!v->dynamic) {
    *how = "static";
    return run_static(v);
  }
  int replay = replays(v);
  *how = replay ? "replayed" : "stepped";
  return replay ? run_replay(v) : run_dynamic(v);
}

static int read_timer(vk_run *v, double *seconds);

/* Untimed runs before the timed ones, for 200 ms of device time (at most
 * 64): the first run's outputs are read back in between, which left the
 * H200 idle long enough to run the next runs at its lowest SM clock (345
 * MHz; bench/gpu/README.md, sixth session). Each is a run like the timed
 * ones: a dynamic schedule learns and replays as it would. */
static int warm_up(vk_run *v) {
  double spent = 0;
  for (int k = 0; k < 64 && spent < 0.2; k++) {
    double s = 0;
    const char *how;
    if (run_once(v, &how) || read_timer(v, &s))
      return 1;
    spent += s;
    if (v->req->verbose)
      fprintf(stderr, "gridsplit: vulkan: %s: warm-up run took %.1f us\n", v->plan.kernel, 1e6 * s);
  }
  return 0;
}

/* After the runs, a replayed path runs once more from the inputs, and its
 * outputs must be FIRST, the first (stepped, checked) run's, byte for byte:
 * the replay skips the guards and choices that would catch a wrong path */
static int check_replay(vk_run *v, unsigned char **first, const size_t *sizes, const char **names,
                        size_t n) {
  unsigned char **again = NULL;
  size_t *asizes = NULL, m = 0, bytes = 0;
  const char **anames = NULL;
  int rc = write_inputs(v) || run_replay(v) || read_outputs(v, &again, &asizes, &anames, &m);
  for (size_t i = 0; !rc && i < n && i < m; i++) {
    size_t at = 0;
    while (at < sizes[i] && first[i][at] == again[i][at])
      at++;
    if (at < sizes[i])
      rc = failf(v,
                 "kernel '%s': the replayed path's output '%s' differs from the first run's at "
                 "byte %zu",
                 v->plan.kernel, names[i], at);
    bytes += sizes[i];
  }
  if (!rc)
    printf("%s: the replayed path from the inputs again: %zu bytes of outputs, the first run's\n",
           v->plan.kernel, bytes);
  free_outputs(again, asizes, anames, m);
  return rc;
}

/* OUT[0 .. N) (read_outputs') into the output directory, if one is asked for */
static int write_outputs(vk_run *v, unsigned char **out, const size_t *sizes, const char **names,
                         size_t n) {
  const char *dir = v->req->out_dir;
  if (!dir)
    return 0;
  if (mkdir(dir, 0777) != 0 && errno != EEXIST)
    return failf(v, "cannot create '%s': %s", dir, strerror(errno));
  int rc = 0;
  for (size_t i = 0; !rc && i < n; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.bin", dir, names[i]);
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(out[i], 1, sizes[i], f) == sizes[i];
    if (f && fclose(f))
      ok = 0;
    if (!ok)
      rc = failf(v, "cannot write '%s': %s", path, strerror(errno));
  }
  return rc;
}

static int make_timer(vk_run *v) {
  if (!v->req->seconds)
    return 0;
  uint32_t nq = 32;
  VkQueueFamilyProperties qf[32];
  vkGetPhysicalDeviceQueueFamilyProperties(v->d.pd, &nq, qf);
  if (v->d.family >= nq || !qf[v->d.family].timestampValidBits)
    return failf(v, "Vulkan device %s has no timestamps on its compute queue",
                 v->d.props.deviceName);
  VkQueryPoolCreateInfo ci = {
      VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO, NULL, 0, VK_QUERY_TYPE_TIMESTAMP, 2, 0};
  return gs_vk_check(&v->d, vkCreateQueryPool(v->d.dev, &ci, NULL, &v->timer),
                     "creating a timestamp query pool");
}

static int read_timer(vk_run *v, double *seconds) {
  uint64_t t[2];
  if (gs_vk_check(&v->d,
                  vkGetQueryPoolResults(v->d.dev, v->timer, 0, 2, sizeof t, t, 8,
                                        VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
                  "reading timestamps"))
    return 1;
  *seconds = (double)(t[1] - t[0]) * v->d.props.limits.timestampPeriod * 1e-9;
  return 0;
}

static void release(vk_run *v) {
  gs_vk_device *d = &v->d;
  if (d->dev) {
    vkDeviceWaitIdle(d->dev);
    for (size_t i = 0; v->pipe && i <= v->nseg; i++) {
      if (v->pipe[i])
        vkDestroyPipeline(d->dev, v->pipe[i], NULL);
      if (v->pl[i])
        vkDestroyPipelineLayout(d->dev, v->pl[i], NULL);
      if (v->dsl[i])
        vkDestroyDescriptorSetLayout(d->dev, v->dsl[i], NULL);
    }
    if (v->pool)
      vkDestroyDescriptorPool(d->dev, v->pool, NULL);
    if (v->sm)
      vkDestroyShaderModule(d->dev, v->sm, NULL);
    if (v->timer)
      vkDestroyQueryPool(d->dev, v->timer, NULL);
    if (v->prof)
      vkDestroyQueryPool(d->dev, v->prof, NULL);
    for (size_t b = 0; b < v->nbufs; b++)
      gs_vk_buffer_free(d, &v->bufs[b]);
    gs_vk_buffer_free(d, &v->successors);
    gs_vk_buffer_free(d, &v->dispatch);
    gs_vk_buffer_free(d, &v->word);
    gs_vk_buffer_free(d, &v->counts);
  }
  gs_vk_close(d);
  free(v->pipe);
  free(v->pl);
  free(v->dsl);
  free(v->set);
  free(v->bufs);
  free(v->buf_of);
  free(v->push);
  free(v->predicted);
  free(v->seg_groups);
  free(v->prof_seg);
  free(v->seg_us);
  free(v->seg_runs);
  gs_order_free(&v->orders);
  if (v->args)
    gs_bind_free(v->args, v->plan.nargs);
  free(v->args);
  gs_host_plan_free(&v->plan);
}

int gs_vk_run(const gs_vk_request *r, char *err, size_t err_size) {
  vk_run v;
  memset(&v, 0, sizeof v);
  v.req = r;
  v.err = err;
  v.err_size = err_size;
  v.plan.live_arg = v.plan.control_arg = v.plan.virtual_arg = -1;
  int rc = read_plan(&v) || check_grid(&v) || bind_args(&v);
  const char *why = !rc && r->replay ? gs_plan_replay_refusal(&v.plan) : NULL;
  if (why)
    rc = failf(&v, "--replay: kernel '%s' cannot be replayed: %s", v.plan.kernel, why);
  if (!rc)
    rc = gs_vk_open(&v.d, r->device, "gridsplit", err, err_size);
  if (!rc) {
    const VkPhysicalDeviceLimits *lim = &v.d.props.limits;
    for (int d = 0; d < 3 && !rc; d++)
      if (v.launch[d] > lim->maxComputeWorkGroupCount[d])
        rc = failf(&v,
                   "the grid needs %u workgroups in dimension %d; Vulkan device %s dispatches "
                   "at most %u (split with --virtual-workgroups)",
                   v.launch[d], d, v.d.props.deviceName, lim->maxComputeWorkGroupCount[d]);
    if (!rc && (size_t)v.wg[0] * v.wg[1] * v.wg[2] > lim->maxComputeWorkGroupInvocations)
      rc = failf(&v, "workgroups of %u,%u,%u are more invocations than Vulkan device %s takes (%u)",
                 v.wg[0], v.wg[1], v.wg[2], v.d.props.deviceName,
                 lim->maxComputeWorkGroupInvocations);
  }
  if (!rc)
    rc = make_buffers(&v) || (v.dynamic && make_step_buffers(&v)) || make_pipelines(&v) ||
         (v.dynamic && fill_step_table(&v)) || make_timer(&v);
  if (!rc && r->profile) {
    v.seg_us = calloc(v.nseg, sizeof *v.seg_us);
    v.seg_runs = calloc(v.nseg, sizeof *v.seg_runs);
    if (!v.seg_us || !v.seg_runs)
      rc = failf(&v, "out of memory");
  }
  unsigned runs = r->runs ? r->runs : 1;
  unsigned char **first = NULL;
  size_t *sizes = NULL, nfirst = 0;
  const char **names = NULL;
  for (unsigned i = 0; i < runs && !rc; i++) {
    const char *how;
    v.profiling = i > 0 || runs == 1;
    v.profiled_runs += v.profiling;
    rc = run_once(&v, &how);
    if (!rc && v.timer)
      rc = read_timer(&v, &r->seconds[i]);
    if (!rc && v.timer && r->verbose)
      fprintf(stderr, "gridsplit: vulkan: %s: run %u took %.1f us (%s)\n", v.plan.kernel, i,
              1e6 * r->seconds[i], how);
    /* the first run's outputs, read once: written out, and kept where a
     * replay is checked against them. (Reading them a second time, 1 GB at
     * jacobi_loop's 2^27, left the H200 idle long enough to drop its SM
     * clock to 345 MHz for the next runs.) */
    int keep = runs > 1 && v.dynamic && replayable(&v);
    if (!rc && i == 0 && (r->out_dir || keep)) {
      rc = read_outputs(&v, &first, &sizes, &names, &nfirst) ||
           write_outputs(&v, first, sizes, names, nfirst);
      if (!keep) {
        free_outputs(first, sizes, names, nfirst);
        first = NULL, sizes = NULL, names = NULL, nfirst = 0;
      }
    }
    if (!rc && i == 0 && runs > 1 && v.timer)
      rc = warm_up(&v);
  }
  if (!rc && r->replay && !v.replayed)
    rc = failf(&v,
               "--replay: kernel '%s': no run learned the whole path (%u runs; a run learns it "
               "when every launch it recorded ran)",
               v.plan.kernel, runs);
  if (!rc)
    prof_print(&v);
  v.profiling = 0;
  if (!rc && v.replayed)
    rc = check_replay(&v, first, sizes, names, nfirst);
  free_outputs(first, sizes, names, nfirst);
  free(v.path);
  release(&v);
  return rc;
}
