/* gs-vk-run: a --target vulkan module run as its plan says (vk_host.h), on
 * a machine with a Vulkan driver and no LLVM (the GPU benchmarks):
 *
 *   gs-vk-run MODULE.spv PLAN --grid X[,Y,Z] [--workgroup X[,Y,Z]]
 *             [--kernel NAME] [--out DIR] [--device N] [--batch N]
 *             [--physical-groups N] [--max-launches N]
 *             [--repeat N] [--no-replay] [--profile] [--verbose] ARG...
 *
 * ARGs bind the kernel's arguments as `gridsplit run` binds them. Host
 * outputs go to DIR/NAME.bin (default gridsplit-run), from the first run.
 * With --repeat N the schedule runs N times more, after untimed runs for
 * 200 ms (at most 64) that keep the device's clock up (vk_host.c,
 * warm_up), and the device time of each (timestamps around it) is
 * summarised on stdout as
 * "gs-vk-run: KERNEL: N runs: median U us, min U us". A dynamic schedule
 * whose plan says "path_from_arguments" replays the path it learned in the
 * runs after (vk_host.c) and checks the replay once more from the inputs;
 * --no-replay steps every run. --profile prints on stderr each segment's
 * dispatches and device time per run (timestamps around each dispatch of it,
 * the runs after the first and the warm-up; a dynamic schedule's step
 * shaders are outside them, a recorded launch the schedule did not reach,
 * which dispatches no workgroups, is counted).
 * Exit 0 after a run, 1 on any error (named on stderr), 2 on bad usage. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hostplan.h"
#include "vk_host.h"

static int usage(const char *why) {
  fprintf(stderr,
          "gs-vk-run: %s\nusage: gs-vk-run MODULE.spv PLAN --grid X[,Y,Z] [--workgroup X[,Y,Z]] "
          "[--kernel NAME] [--out DIR] [--device N] [--batch N] [--physical-groups N] "
          "[--max-launches N] [--repeat N] "
          "[--no-replay] [--profile] [--verbose] ARG...\n",
          why);
  return 2;
}

static int dims(const char *s, size_t out[3]) {
  char *end;
  for (int d = 0; d < 3; d++) {
    out[d] = 0;
    if (!*s)
      continue;
    unsigned long long x = strtoull(s, &end, 10);
    if (end == s || !x || (*end && *end != ','))
      return 0;
    out[d] = (size_t)x;
    s = *end ? end + 1 : end;
  }
  return !*s;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  gs_vk_request r;
  memset(&r, 0, sizeof r);
  const char *module = NULL, *plan = NULL;
  const char **args = calloc((size_t)argc + 1, sizeof *args);
  unsigned repeat = 0;
  int have_grid = 0;
  r.out_dir = "gridsplit-run";
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
    int takes = !strcmp(a, "--grid") || !strcmp(a, "--workgroup") || !strcmp(a, "--kernel") ||
                !strcmp(a, "--out") || !strcmp(a, "--device") || !strcmp(a, "--batch") ||
                !strcmp(a, "--repeat") || !strcmp(a, "--physical-groups") ||
                !strcmp(a, "--max-launches");
    if (takes && !val)
      return usage("an option lacks its value");
    if (!strcmp(a, "--grid")) {
      if (!dims(val, r.grid))
        return usage("--grid takes X[,Y,Z]");
      have_grid = 1;
    } else if (!strcmp(a, "--workgroup")) {
      if (!dims(val, r.workgroup))
        return usage("--workgroup takes X[,Y,Z]");
    } else if (!strcmp(a, "--kernel")) {
      r.kernel = val;
    } else if (!strcmp(a, "--out")) {
      r.out_dir = val;
    } else if (!strcmp(a, "--device")) {
      r.device = (unsigned)atoi(val);
    } else if (!strcmp(a, "--batch")) {
      r.batch = (unsigned)atoi(val);
    } else if (!strcmp(a, "--max-launches")) {
      r.max_launches = (size_t)strtoull(val, NULL, 10);
      if (!r.max_launches)
        return usage("--max-launches takes a positive count");
    } else if (!strcmp(a, "--physical-groups")) {
      r.physical_groups = (size_t)strtoull(val, NULL, 10);
    } else if (!strcmp(a, "--repeat")) {
      repeat = (unsigned)atoi(val);
    } else if (!strcmp(a, "--verbose")) {
      r.verbose = 1;
      continue;
    } else if (!strcmp(a, "--profile")) {
      r.profile = 1;
      continue;
    } else if (!strcmp(a, "--no-replay")) {
      r.no_replay = 1;
      continue;
    } else if (a[0] == '-') {
      return usage("unknown option");
    } else if (!module) {
      module = a;
      continue;
    } else if (!plan) {
      plan = a;
      continue;
    } else {
      args[r.nargs++] = a;
      continue;
    }
    i++;
  }
  if (!module || !plan || !have_grid)
    return usage("give MODULE.spv, PLAN and --grid");
  unsigned char *code, *text;
  size_t code_size, text_size;
  char err[4096];
  if (gs_bind_read_file(module, &code, &code_size, err, sizeof err) ||
      gs_bind_read_file(plan, &text, &text_size, err, sizeof err)) {
    fprintf(stderr, "gs-vk-run: %s\n", err);
    return 1;
  }
  r.spirv = code;
  r.spirv_size = code_size;
  r.plan_text = (const char *)text;
  r.plan_label = plan;
  r.args = args;
  r.runs = 1 + repeat;
  double *seconds = calloc(r.runs, sizeof *seconds);
  r.seconds = repeat ? seconds : NULL;
  int rc = gs_vk_run(&r, err, sizeof err);
  if (rc)
    fprintf(stderr, "gs-vk-run: %s\n", err);
  else if (repeat) {
    qsort(seconds + 1, repeat, sizeof *seconds, cmp_double);
    printf("gs-vk-run: %s: %u runs: median %.2f us, min %.2f us\n", r.kernel ? r.kernel : "kernel",
           repeat, 1e6 * seconds[1 + repeat / 2], 1e6 * seconds[1]);
  }
  free(seconds);
  free(code);
  free(text);
  free(args);
  return rc;
}
