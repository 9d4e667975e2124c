/* The plan JSON of SPEC section 4 (version 1). An analysis without a split
 * carries no state: live_state is null and live_in/live_out are empty. */
#include "gridsplit/plan.h"

#include "gs.h"
#include "split_steps.h" /* virtual_arg_names */
#include "vulkan_layout.h"

#include <stdlib.h>

static const char *yes(int b) { return b ? "true" : "false"; }

/* --target vulkan: the split module, whose segments' layouts the plan
 * records (lib/vulkan_layout.c, as the emission places them) */
typedef struct {
  LLVMModuleRef m;
  LLVMTargetDataRef td;
  unsigned push_bytes;
} vulkan_plan;

/* A segment's "bindings": each buffer it touches, the live state and the
 * control word, with the binding number the shader declares */
static void plan_bindings(gs_str *s, const kernel_result *kr, const vulkan_layout *l) {
  str_printf(s, ",\n          \"bindings\": [");
  int first = 1;
  for (unsigned i = 0; i < l->nparams; i++) {
    const vulkan_param *p = &l->params[i];
    if (p->binding < 0 || !p->bound)
      continue;
    const char *name = i < kr->args.len            ? VEC_AT(&kr->args, kernel_arg, i).name
                       : (int)i == kr->control_arg ? GS_CONTROL_ARG_NAME
                                                   : GS_LIVE_STATE_NAME;
    str_printf(s, "%s{\"binding\": %d, \"buffer\": ", first ? "" : ", ", p->binding);
    str_json_string(s, name);
    str_printf(s, ", \"arg\": %u, \"access\": \"%s\"}", i,
               p->writable ? "read-write" : "read-only");
    first = 0;
  }
  str_printf(s, "]");
}

/* A kernel's "workgroup_size", "push_constant_bytes" and "push_constants" */
static void plan_push_constants(gs_str *s, const vulkan_plan *vp, const kernel_result *kr,
                                const vulkan_layout *l) {
  str_printf(s, ",\n      \"workgroup_size\": [%u, %u, %u], \"push_constant_bytes\": %u", l->wg[0],
             l->wg[1], l->wg[2], vp->push_bytes);
  str_printf(s, ", \"push_constants\": [");
  int first = 1;
  for (unsigned i = 0; i < l->nparams; i++) {
    const vulkan_param *p = &l->params[i];
    if (p->push_offset < 0)
      continue;
    /* past the kernel's own: the virtual workgroups' counts and order */
    int v = (int)i - kr->virtual_arg;
    if (i >= kr->args.len && (kr->virtual_arg < 0 || v < 0 || v >= GS_VIRTUAL_ARGS))
      continue;
    str_printf(s, "%s{\"name\": ", first ? "" : ", ");
    str_json_string(s, i < kr->args.len ? VEC_AT(&kr->args, kernel_arg, i).name
                                        : virtual_arg_names[v]);
    str_printf(s, ", \"arg\": %u, \"offset\": %d, \"bytes\": %u}", i, p->push_offset, p->bytes);
    first = 0;
  }
  str_printf(s, "]");
}

static void plan_slots(gs_str *s, const gs_vec *slots) {
  str_printf(s, "[");
  for (size_t i = 0; slots && i < slots->len; i++) {
    const live_slot *l = &VEC_AT(slots, live_slot, i);
    str_printf(s, "%s{\"name\": ", i ? ", " : "");
    str_json_string(s, l->name);
    str_printf(s, ", \"offset\": %u, \"bytes\": %u", l->offset, l->bytes);
    if (l->once)
      str_printf(s, ", \"once\": true}");
    else
      str_printf(s, ", \"elem_bytes\": %u}", l->elem);
  }
  str_printf(s, "]");
}

static void plan_segment(gs_str *s, const gs_analysis *a, size_t k, size_t seg,
                         const vulkan_layout *vl) {
  const kernel_result *kr = &VEC_AT(&a->kernels, kernel_result, k);
  const char *kname = gs_kernel_name(a, k);
  str_printf(s, "        {\n          \"index\": %zu, \"function\": ", seg);
  char *fn = segment_function_name(kname, gs_kernel_barrier_count(a, k), seg);
  str_json_string(s, fn);
  free(fn);
  if (seg == 0)
    str_printf(s, ", \"begins_at\": \"entry\"");
  else
    str_printf(s, ", \"begins_at\": \"barrier %zu\"", seg);
  const char *loc = gs_segment_location(a, k, seg);
  str_printf(s, ", \"location\": ");
  if (loc)
    str_json_string(s, loc);
  else
    str_printf(s, "null");
  if (gs_segment_is_empty(a, k, seg))
    str_printf(s, ", \"empty\": true");
  str_printf(s, ",\n          \"successors\": [");
  for (size_t i = 0; i < gs_segment_successor_count(a, k, seg); i++)
    str_printf(s, "%s%d", i ? ", " : "", gs_segment_successor(a, k, seg, i));
  str_printf(s, "],\n          \"buffers\": [");
  int first = 1;
  for (size_t b = 0; b < gs_kernel_buffer_count(a, k); b++) {
    gs_segment_access acc = gs_segment_buffer_access(a, k, seg, b);
    if (acc.role == GS_ROLE_NONE)
      continue;
    str_printf(s, "%s\n            {\"name\": ", first ? "" : ",");
    first = 0;
    str_json_string(s, gs_kernel_buffer(a, k, b).name);
    int consumes = acc.role != GS_ROLE_WRITE;
    int produces = acc.role != GS_ROLE_READ;
    str_printf(s,
               ", \"role\": \"%s\", \"access\": \"%s\", \"atomic\": %s, "
               "\"consumes_input\": %s, \"produces_output\": %s}",
               gs_role_name(acc.role), gs_role_access(acc.role), yes(acc.atomic), yes(consumes),
               yes(produces));
  }
  str_printf(s, "%s],\n          \"live_in\": ", first ? "" : "\n          ");
  plan_slots(s, kr->live_in ? &kr->live_in[seg] : NULL);
  str_printf(s, ", \"live_out\": ");
  plan_slots(s, kr->live_out ? &kr->live_out[seg] : NULL);
  if (vl)
    plan_bindings(s, kr, vl);
  str_printf(s, "\n        }");
}

/* the layouts of kernel K's segments in VP's module, or NULL (no vulkan
 * plan, or no segments: an analysis without a split); why not in *ERR */
static vulkan_layout *segment_layouts(const vulkan_plan *vp, const kernel_result *kr, char **err) {
  if (!vp)
    return NULL;
  vulkan_layout *ls = gs_xcalloc(kr->nsegments + 1, sizeof *ls);
  for (size_t seg = 0; seg < kr->nsegments && !*err; seg++) {
    LLVMValueRef fn = segment_function(vp->m, kr, seg);
    if (!fn || !LLVMCountBasicBlocks(fn)) {
      for (size_t i = 0; i < seg; i++)
        vulkan_layout_free(&ls[i]);
      free(ls);
      return NULL;
    }
    *err = vulkan_layout_of(fn, vp->td, &ls[seg]);
  }
  return ls;
}

static char *plan_json(const gs_analysis *a, const char *module_name, const vulkan_plan *vp,
                       char **err) {
  gs_str s;
  str_init(&s);
  str_printf(&s, "{\n  \"format\": \"gridsplit-plan\", \"version\": 1,\n  \"module\": ");
  str_json_string(&s, module_name ? module_name : "");
  str_printf(&s, ", \"target\": ");
  str_json_string(&s, vp ? GS_VULKAN_TRIPLE : gs_analysis_target(a));
  str_printf(&s, ",\n  \"kernels\": [");
  for (size_t k = 0; k < gs_analysis_kernel_count(a) && !*err; k++) {
    const kernel_result *kr = &VEC_AT(&a->kernels, kernel_result, k);
    vulkan_layout *vl = segment_layouts(vp, kr, err);
    str_printf(&s, "%s\n    {\n      \"name\": ", k ? "," : "");
    str_json_string(&s, gs_kernel_name(a, k));
    str_printf(&s, ",\n      \"barriers\": %u, \"schedule\": \"%s\",\n      \"buffers\": [",
               gs_kernel_barrier_count(a, k),
               gs_kernel_schedule(a, k) == GS_SCHEDULE_STATIC ? "static" : "dynamic");
    for (size_t b = 0; b < gs_kernel_buffer_count(a, k); b++) {
      gs_buffer_info bi = gs_kernel_buffer(a, k, b);
      str_printf(&s, "%s\n        {\"name\": ", b ? "," : "");
      str_json_string(&s, bi.name);
      if (bi.arg >= 0)
        str_printf(&s, ", \"arg\": %d", bi.arg);
      else
        str_printf(&s, ", \"arg\": null");
      str_printf(&s, ", \"space\": \"%s\", \"host_input\": %s, \"host_output\": %s}",
                 gs_space_name(bi.space), yes(bi.host_input), yes(bi.host_output));
    }
    str_printf(&s, "%s]", gs_kernel_buffer_count(a, k) ? "\n      " : "");
    /* structs passed by value: bytes from the host, never buffers (SPEC 4) */
    for (size_t v = 0; v < gs_kernel_value_count(a, k); v++) {
      gs_value_info vi = gs_kernel_value(a, k, v);
      str_printf(&s, "%s{\"name\": ", v ? ", " : ",\n      \"values\": [");
      str_json_string(&s, vi.name);
      str_printf(&s, ", \"arg\": %d, \"bytes\": %u}", vi.arg, vi.bytes);
      if (v + 1 == gs_kernel_value_count(a, k))
        str_printf(&s, "]");
    }
    str_printf(&s, ",\n      \"args\": [");
    for (size_t i = 0; i < kr->args.len; i++) {
      const kernel_arg *ka = &VEC_AT(&kr->args, kernel_arg, i);
      str_printf(&s, "%s\n        {\"name\": ", i ? "," : "");
      str_json_string(&s, ka->name);
      str_printf(&s, ", \"kind\": \"%s\", \"type\": \"%s\", \"bytes\": %u}", ka->kind,
                 ka->type, ka->bytes);
    }
    str_printf(&s, "%s],\n      \"live_state\": ", kr->args.len ? "\n      " : "");
    if (kr->live_state_arg < 0) {
      str_printf(&s, "null");
    } else {
      str_printf(&s, "{\"arg\": %d, \"bytes_per_invocation\": %u", kr->live_state_arg,
                 kr->live_bytes);
      if (kr->workgroup_bytes || kr->workgroup_args.len)
        str_printf(&s, ", \"workgroup_bytes\": %u", kr->workgroup_bytes);
      /* the header: carried workgroup arguments' sizes, program-scope
       * variables, values carried once per grid */
      if (kr->header_bytes)
        str_printf(&s, ", \"header_bytes\": %u", kr->header_bytes);
      if (kr->workgroup_args.len) {
        str_printf(&s, ", \"workgroup_args\": [");
        for (size_t i = 0; i < kr->workgroup_args.len; i++)
          str_printf(&s, "%s{\"arg\": %d, \"size_offset\": %zu}", i ? ", " : "",
                     VEC_AT(&kr->workgroup_args, int, i), 8 * i);
        str_printf(&s, "]");
      }
      if (kr->globals.len) {
        str_printf(&s, ", \"globals\": [");
        for (size_t i = 0; i < kr->globals.len; i++) {
          const carried_global *cg = &VEC_AT(&kr->globals, carried_global, i);
          str_printf(&s, "%s{\"name\": ", i ? ", " : "");
          str_json_string(&s, cg->name);
          str_printf(&s, ", \"offset\": %u, \"bytes\": %u, \"init\": \"", cg->offset,
                     cg->bytes);
          for (unsigned j = 0; j < cg->bytes; j++)
            str_printf(&s, "%02x", cg->init[j]);
          str_printf(&s, "\"}");
        }
        str_printf(&s, "]");
      }
      if (kr->status_offset >= 0)
        str_printf(&s, ", \"status_offset\": %d", kr->status_offset);
      str_printf(&s, "}");
    }
    if (kr->control_arg >= 0)
      str_printf(
          &s, ",\n      \"control\": {\"arg\": %d, \"words\": %d, \"path_from_arguments\": %s%s}",
          kr->control_arg,
          kr->steps_in_segments ? (int)GS_CONTROL_FOLDED_WORDS(kr->nsegments) : GS_CONTROL_WORDS,
          yes(kr->path_from_arguments), kr->steps_in_segments ? ", \"step\": \"segments\"" : "");
    if (kr->distinct_buffers)
      str_printf(&s, ",\n      \"distinct_buffers\": true");
    if (kr->virtual_arg >= 0)
      str_printf(&s,
                 ",\n      \"virtual_workgroups\": true, \"virtual_groups\": {\"arg\": %d, "
                 "\"order_arg\": %d, \"range_arg\": %d}",
                 kr->virtual_arg, kr->virtual_arg + GS_VIRTUAL_ORDER,
                 kr->virtual_arg + GS_VIRTUAL_FIRST);
    if (vl && !*err)
      plan_push_constants(&s, vp, kr, &vl[0]);
    str_printf(&s, ",\n      \"segments\": [\n");
    for (size_t seg = 0; seg < gs_kernel_segment_count(a, k); seg++) {
      if (seg)
        str_printf(&s, ",\n");
      plan_segment(&s, a, k, seg, vl && !*err ? &vl[seg] : NULL);
    }
    str_printf(&s, "\n      ]\n    }");
    for (size_t seg = 0; vl && seg < kr->nsegments; seg++)
      vulkan_layout_free(&vl[seg]);
    free(vl);
  }
  str_printf(&s, "%s]\n}\n", gs_analysis_kernel_count(a) ? "\n  " : "");
  return str_take(&s);
}

char *gs_plan_json(const gs_analysis *a, const char *module_name) {
  char *err = NULL;
  return plan_json(a, module_name, NULL, &err);
}

gs_error *gs_plan_json_for_target(const gs_analysis *a, LLVMModuleRef m, gs_target_kind kind,
                                  const char *module_name, char **out) {
  *out = NULL;
  if (kind != GS_TARGET_VULKAN) {
    *out = gs_plan_json(a, module_name);
    return NULL;
  }
  vulkan_plan vp = {m, LLVMGetModuleDataLayout(m), 0};
  char *err = vulkan_push_bytes(m, vp.td, &vp.push_bytes);
  char *json = err ? NULL : plan_json(a, module_name, &vp, &err);
  if (err) {
    gs_error *e = gs_error_create("%s", err);
    free(err);
    free(json);
    return e;
  }
  *out = json;
  return NULL;
}
