/* gridsplit run --runtime vulkan (gs_run with GS_RUNTIME_VULKAN): INPUT
 * split and emitted as Vulkan compute shaders, with the plan that places
 * their bindings (gs_plan_json_for_target), or a module and plan written
 * before (PLAN), run by the Vulkan host (runtime/vk_host.h). */
#define _POSIX_C_SOURCE 200809L
#include <gridsplit/gridsplit.h>
#include <gridsplit/run.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hostplan.h"
#include "run_vulkan.h"

#ifdef GS_HAVE_VULKAN
#include "program_args.h"
#include "child.h"
#include "selfcheck.h"
#include "vk_host.h"

/* The host outputs of KERNEL in PLAN with their OpenCL element types (from
 * the segments' kernel_arg_base_type, "" where unknown), for --check */
typedef struct {
  char *kernel;
  check_output *outs;
  size_t n;
  char (*elems)[64];
} check_list;

static void base_type(LLVMValueRef fn, unsigned arg, char *out, size_t size) {
  out[0] = 0;
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  unsigned kind = LLVMGetMDKindIDInContext(ctx, "kernel_arg_base_type", 20);
  size_t n;
  LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(fn, &n);
  for (size_t i = 0; i < n; i++) {
    if (LLVMValueMetadataEntriesGetKind(md, (unsigned)i) != kind)
      continue;
    LLVMValueRef node =
        LLVMMetadataAsValue(ctx, LLVMValueMetadataEntriesGetMetadata(md, (unsigned)i));
    if (arg >= LLVMGetMDNodeNumOperands(node))
      continue;
    LLVMValueRef *ops = calloc(LLVMGetMDNodeNumOperands(node), sizeof *ops);
    LLVMGetMDNodeOperands(node, ops);
    unsigned len = 0;
    const char *t = ops[arg] ? LLVMGetMDString(ops[arg], &len) : NULL;
    size_t keep = t ? strcspn(t, "*") : 0;
    while (keep && t[keep - 1] == ' ')
      keep--;
    snprintf(out, size, "%.*s", (int)keep, t ? t : "");
    free(ops);
  }
  if (md)
    LLVMDisposeValueMetadataEntries(md);
}

static void outputs_to_check(LLVMModuleRef m, const char *plan_text, const char *kernel,
                             check_list *c) {
  gs_host_plan p;
  char why[256];
  memset(c, 0, sizeof *c);
  if (gs_host_plan_parse(plan_text, "the plan", kernel, &p, why, sizeof why))
    return; /* gs_vk_run reports it */
  LLVMValueRef seg0 = p.nsegments ? LLVMGetNamedFunction(m, p.segments[0].function) : NULL;
  c->kernel = strdup(p.kernel);
  c->outs = calloc(p.noutputs + 1, sizeof *c->outs);
  c->elems = calloc(p.noutputs + 1, sizeof *c->elems);
  for (size_t i = 0; i < p.noutputs; i++) {
    if (seg0)
      base_type(seg0, (unsigned)p.outputs[i], c->elems[i], sizeof c->elems[i]);
    c->outs[c->n].name = strdup(p.args[p.outputs[i]].name);
    c->outs[c->n++].element = c->elems[i];
  }
  gs_host_plan_free(&p);
}

/* gs_vk_run in a child process (child.h): a driver that crashes on a
 * shader (lavapipe did on one that spirv-val passed) ends the run with an
 * error, not gridsplit run */
static gs_error *vk_job_run(void *ctx) {
  char why[4096];
  return gs_vk_run(ctx, why, sizeof why) ? gs_error_create("%s", why) : NULL;
}

static void check_list_free(check_list *c) {
  for (size_t i = 0; i < c->n; i++)
    free((char *)c->outs[i].name);
  free(c->outs);
  free(c->elems);
  free(c->kernel);
}

/* a .gsp program's argument conventions, as the Vulkan host's hooks */
typedef struct {
  gs_program *program;
  const char *kernel;
} program_hooks;

static void describe_program_args(void *ctx, gs_host_arg *args, size_t nargs) {
  gs_program_describe_args(((program_hooks *)ctx)->program, args, nargs);
}

static int complete_program_args(void *ctx, gs_host_arg *args, size_t nargs, char *err,
                                 size_t err_size) {
  program_hooks *h = ctx;
  gs_error *e = gs_program_complete_args(h->program, args, nargs, h->kernel);
  if (e)
    snprintf(err, err_size, "%s", gs_error_message(e));
  gs_error_dispose(e);
  return e != NULL;
}

/* INPUT split for --target vulkan into *SPIRV and *PLAN */
static gs_error *split_for_vulkan(const gs_run_request *req, char **spirv, size_t *size,
                                  char **plan, check_list *check) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  gs_analysis *a = NULL;
  gs_options *opts = gs_options_create();
  gs_options_set_keep_original(opts, 0);
  gs_options_set_distinct_buffers(opts, req->distinct_buffers);
  gs_options_set_virtual_workgroups(opts, req->virtual_workgroups > 0);
  gs_options_set_steps_in_segments(opts, 1);
  gs_error *err = NULL;
  for (size_t i = 0; i < req->nbarriers && !err; i++)
    err = gs_options_add_barrier(opts, req->barriers[i]);
  if (!err && req->kernel)
    err = gs_options_set_kernel(opts, req->kernel);
  if (!err)
    err = gs_load_module_for(ctx, req->input, req->opt_level, GS_TARGET_VULKAN, &m);
  if (!err)
    err = gs_split_module(m, opts, &a);
  if (!err && req->workgroup[0]) {
    unsigned wg[3];
    for (int d = 0; d < 3; d++)
      wg[d] = req->workgroup[d] ? (unsigned)req->workgroup[d] : 1;
    err = gs_set_workgroup_size(m, a, wg);
  }
  if (!err)
    err = gs_emit(m, GS_TARGET_VULKAN, NULL, spirv, size);
  if (!err) {
    const char *slash = strrchr(req->input, '/');
    err = gs_plan_json_for_target(a, m, GS_TARGET_VULKAN, slash ? slash + 1 : req->input, plan);
  }
  if (!err && req->check)
    outputs_to_check(m, *plan, req->kernel, check);
  gs_analysis_dispose(a);
  gs_options_dispose(opts);
  if (m)
    LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return err;
}

gs_error *gs_run_vulkan(const gs_run_request *req) {
  char *spirv = NULL, *plan = NULL, why[4096];
  size_t size = 0;
  check_list check;
  memset(&check, 0, sizeof check);
  gs_error *err = req->check ? check_request(req) : NULL;
  if (err) {
    /* the request cannot be checked: nothing runs */
  } else if (req->plan) {
    unsigned char *code = NULL, *text = NULL;
    size_t text_size;
    if (gs_bind_read_file(req->input, &code, &size, why, sizeof why) ||
        gs_bind_read_file(req->plan, &text, &text_size, why, sizeof why))
      err = gs_error_create("%s", why);
    spirv = (char *)code;
    plan = (char *)text;
  } else {
    err = split_for_vulkan(req, &spirv, &size, &plan, &check);
  }
  program_hooks hooks = {NULL, req->kernel ? req->kernel : "the kernel"};
  size_t ilen = strlen(req->input);
  if (!err && !req->plan && ilen > 4 && !strcmp(req->input + ilen - 4, ".gsp"))
    err = gs_program_parse_file(req->input, &hooks.program);
  if (!err) {
    gs_vk_request r;
    memset(&r, 0, sizeof r);
    if (hooks.program) {
      r.describe = describe_program_args;
      r.complete = complete_program_args;
      r.hook_ctx = &hooks;
    }
    r.spirv = (const unsigned char *)spirv;
    r.spirv_size = size;
    r.plan_text = plan;
    r.plan_label = req->plan ? req->plan : "the plan";
    r.kernel = req->kernel;
    memcpy(r.grid, req->grid, sizeof r.grid);
    if (req->plan)
      memcpy(r.workgroup, req->workgroup, sizeof r.workgroup);
    r.args = req->args;
    r.nargs = req->nargs;
    r.out_dir = req->out_dir ? req->out_dir : "gridsplit-run";
    r.device = req->device;
    r.physical_groups = req->physical_groups;
    r.max_launches = req->max_launches;
    r.verbose = req->verbose;
    /* --replay: two runs learn the path (the first records 16 ahead), the
     * third replays it, then it runs once more from the inputs, checked
     * against the first run's outputs, which are the ones written */
    r.replay = req->replay;
    r.runs = req->replay ? 3 : 1;
    int sig = gs_run_in_child(vk_job_run, &r, "the Vulkan run", &err);
    if (sig)
      err = gs_error_create("the Vulkan run (device %u) stopped on signal %d (%s): the driver "
                            "or the runner crashed while building or running kernel '%s'",
                            req->device, sig, strsignal(sig),
                            check.kernel ? check.kernel : req->kernel ? req->kernel : "(the plan's)");
    if (!err && req->check)
      err = check_against_reference(req, check.kernel ? check.kernel : "", check.outs, check.n,
                                    r.out_dir);
  }
  check_list_free(&check);
  gs_program_dispose(hooks.program);
  if (req->plan) {
    free(spirv);
    free(plan);
  } else {
    gs_dispose_string(spirv);
    gs_dispose_string(plan);
  }
  return err;
}

#else

gs_error *gs_run_vulkan(const gs_run_request *req) {
  (void)req;
  return gs_error_create("this gridsplit was built without the Vulkan loader (Debian "
                         "libvulkan-dev): --runtime vulkan is not available");
}

#endif
