/* examples/vulkan: a frontend that splits a kernel for Vulkan and runs it
 * through gridsplit's C API (docs/targets.md "Vulkan").
 *
 *   vulkan_run KERNEL.cl WORKDIR
 *
 * 1. gs_load_module_for, gs_split_module and gs_set_workgroup_size split the
 *    kernel into segments with workgroups of 64; gs_emit writes them as
 *    Vulkan compute shaders and gs_plan_json_for_target the plan, whose
 *    "bindings" a WebGPU or Vulkan host binds each segment's buffers by
 *    (read-only where the segment only reads);
 * 2. gs_run with GS_RUNTIME_VULKAN runs that module and plan on the first
 *    Vulkan device (lavapipe in CI) and writes the host outputs;
 * 3. the outputs are checked against the same computation in plain C.
 * Prints "vulkan_run: N elements as expected"; exit 1 on any error. */
#define _POSIX_C_SOURCE 200809L
#include <gridsplit/gridsplit.h>
#include <gridsplit/run.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1000, GRID = 1024 };

static int fail(gs_error *e, const char *what) {
  fprintf(stderr, "vulkan_run: %s: %s\n", what, gs_error_message(e));
  gs_error_dispose(e);
  return 1;
}

static int write_file(const char *path, const void *data, size_t size) {
  FILE *f = fopen(path, "wb");
  int ok = f && fwrite(data, 1, size, f) == size;
  if (f && fclose(f))
    ok = 0;
  if (!ok)
    fprintf(stderr, "vulkan_run: cannot write %s\n", path);
  return !ok;
}

/* 1: the split, the shaders and the plan, into DIR/normalize.spv and
 * DIR/normalize.plan.json */
static int split_for_vulkan(const char *source, const char *dir) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  gs_analysis *a = NULL;
  char *spirv = NULL, *plan = NULL;
  size_t size = 0;
  static const unsigned wg[3] = {64, 1, 1};
  gs_error *e = gs_load_module_for(ctx, source, 2, GS_TARGET_VULKAN, &m);
  if (!e)
    e = gs_split_module(m, NULL, &a);
  if (!e)
    e = gs_set_workgroup_size(m, a, wg);
  if (!e)
    e = gs_emit(m, GS_TARGET_VULKAN, NULL, &spirv, &size);
  if (!e)
    e = gs_plan_json_for_target(a, m, GS_TARGET_VULKAN, "normalize.cl", &plan);
  int rc = e ? fail(e, source) : 0;
  if (!rc) {
    printf("%s: %zu segments; their bindings are in %s/normalize.plan.json\n", gs_kernel_name(a, 0),
           gs_kernel_segment_count(a, 0), dir);
    char path[4096];
    snprintf(path, sizeof path, "%s/normalize.spv", dir);
    rc = write_file(path, spirv, size);
    snprintf(path, sizeof path, "%s/normalize.plan.json", dir);
    rc = rc || write_file(path, plan, strlen(plan));
  }
  gs_dispose_string(spirv);
  gs_dispose_string(plan);
  gs_analysis_dispose(a);
  if (m)
    LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return rc;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: vulkan_run KERNEL.cl WORKDIR\n");
    return 2;
  }
  const char *dir = argv[2];
  if (split_for_vulkan(argv[1], dir))
    return 1;
  /* 2: the inputs, then the run */
  static int in[N];
  for (int i = 0; i < N; i++)
    in[i] = (i * 37) % 201 - 100;
  char in_path[4096], spv[4096], plan[4096], out_dir[4096], arg_in[4200];
  snprintf(in_path, sizeof in_path, "%s/in.bin", dir);
  snprintf(spv, sizeof spv, "%s/normalize.spv", dir);
  snprintf(plan, sizeof plan, "%s/normalize.plan.json", dir);
  snprintf(out_dir, sizeof out_dir, "%s/out", dir);
  snprintf(arg_in, sizeof arg_in, "in=@%s", in_path);
  if (write_file(in_path, in, sizeof in))
    return 1;
  const char *args[] = {arg_in, "out=zeros:4000", "total=zeros:4", "n=1000"};
  gs_run_request req;
  memset(&req, 0, sizeof req);
  req.runtime = GS_RUNTIME_VULKAN;
  req.input = spv;
  req.plan = plan;
  req.grid[0] = GRID;
  req.out_dir = out_dir;
  req.args = args;
  req.nargs = 4;
  gs_error *e = gs_run(&req);
  if (e)
    return fail(e, "running on Vulkan");
  /* 3: the same in plain C */
  long total = 0;
  for (int i = 0; i < N; i++)
    total += (long)in[i] * in[i];
  int got[N];
  snprintf(in_path, sizeof in_path, "%s/out/out.bin", dir);
  FILE *f = fopen(in_path, "rb");
  size_t nread = f ? fread(got, sizeof got[0], N, f) : 0;
  if (f)
    fclose(f);
  for (int i = 0; i < N; i++) {
    int want = in[i] * 1000 / ((int)total % 997 + 1);
    if (nread != N || got[i] != want) {
      fprintf(stderr, "vulkan_run: out[%d] is %d, expected %d\n", i, nread == N ? got[i] : -1,
              want);
      return 1;
    }
  }
  printf("vulkan_run: %d elements as expected\n", N);
  return 0;
}
