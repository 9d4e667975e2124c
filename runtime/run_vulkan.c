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
#include "vk_host.h"

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
                                  char **plan) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  gs_analysis *a = NULL;
  gs_options *opts = gs_options_create();
  gs_options_set_keep_original(opts, 0);
  gs_options_set_distinct_buffers(opts, req->distinct_buffers);
  gs_options_set_virtual_workgroups(opts, req->virtual_workgroups > 0);
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
  gs_analysis_dispose(a);
  gs_options_dispose(opts);
  if (m)
    LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return err;
}

gs_error *gs_run_vulkan(const gs_run_request *req) {
  if (req->check)
    return gs_error_create("--check runs the reference against POCL's run; with --runtime vulkan "
                           "compare the outputs with gs-reference's yourself");
  char *spirv = NULL, *plan = NULL, why[4096];
  size_t size = 0;
  gs_error *err = NULL;
  if (req->plan) {
    unsigned char *code = NULL, *text = NULL;
    size_t text_size;
    if (gs_bind_read_file(req->input, &code, &size, why, sizeof why) ||
        gs_bind_read_file(req->plan, &text, &text_size, why, sizeof why))
      err = gs_error_create("%s", why);
    spirv = (char *)code;
    plan = (char *)text;
  } else {
    err = split_for_vulkan(req, &spirv, &size, &plan);
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
    r.verbose = req->verbose;
    if (gs_vk_run(&r, why, sizeof why))
      err = gs_error_create("%s", why);
  }
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
