/* NVLink bytes from NVML's counters (nvlink.h). The few declarations NVML
 * needs are written here from its documentation: nvmlInit_v2,
 * nvmlDeviceGetHandleByPciBusId_v2, nvmlDeviceGetFieldValues and
 * nvmlErrorString, whose return is an enum (NVML_SUCCESS 0), and the field
 * value, a struct of the field and scope ids (unsigned), a timestamp and a
 * latency (long long), the value's type and the field's own return (enums)
 * and the value, a union of 8 bytes. */
#define _POSIX_C_SOURCE 200809L
#include "nvlink.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FIELD_DATA_TX = 138, FIELD_DATA_RX = 139 };
/* the value's types NVML documents: double, then unsigned int, unsigned
 * long, unsigned long long, signed long long, signed int, unsigned short */
enum {
  VALUE_DOUBLE = 0,
  VALUE_UINT,
  VALUE_ULONG,
  VALUE_ULONGLONG,
  VALUE_SLONGLONG,
  VALUE_SINT,
  VALUE_USHORT
};

typedef struct {
  unsigned field, scope;
  long long timestamp, latency;
  int type, ret;
  union {
    double d;
    unsigned u;
    unsigned long ul;
    unsigned long long ull;
    long long sll;
    int si;
    unsigned short us;
  } value;
} field_value;

typedef int (*init_fn)(void);
typedef int (*shutdown_fn)(void);
typedef int (*handle_fn)(const char *, void **);
typedef int (*fields_fn)(void *, int, field_value *);
typedef const char *(*error_fn)(int);

/* one GPU's counters at the start and at the stop, and whether each read
 * gave them */
typedef struct {
  void *device;
  unsigned long long kib[2][2]; /* [start, stop][tx, rx] */
  int ok[2];
  int ret; /* NVML's return where a read did not give them, or 0 */
} gpu_counters;

struct gs_nvlink {
  void *lib;
  shutdown_fn shutdown;
  fields_fn fields;
  error_fn error;
  size_t n;
  gpu_counters *gpu;
};

static const char *nvml_error(error_fn error, int ret) {
  const char *s = error ? error(ret) : NULL;
  return s ? s : "an unknown NVML error";
}

gs_nvlink *gs_nvlink_open(const char *library, const char *const *bus, size_t n, char *why,
                          size_t whylen) {
  const char *name = library ? library : "libnvidia-ml.so.1";
  void *lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char *e = dlerror();
    snprintf(why, whylen, "%s", e ? e : name);
    return NULL;
  }
  init_fn init = (init_fn)dlsym(lib, "nvmlInit_v2");
  handle_fn handle = (handle_fn)dlsym(lib, "nvmlDeviceGetHandleByPciBusId_v2");
  gs_nvlink *l = calloc(1, sizeof *l);
  l->lib = lib;
  l->shutdown = (shutdown_fn)dlsym(lib, "nvmlShutdown");
  l->fields = (fields_fn)dlsym(lib, "nvmlDeviceGetFieldValues");
  l->error = (error_fn)dlsym(lib, "nvmlErrorString");
  if (!init || !handle || !l->shutdown || !l->fields) {
    snprintf(why, whylen,
             "%s lacks nvmlInit_v2, nvmlShutdown, "
             "nvmlDeviceGetHandleByPciBusId_v2 or nvmlDeviceGetFieldValues",
             name);
    dlclose(lib);
    free(l);
    return NULL;
  }
  int ret = init();
  if (ret) {
    snprintf(why, whylen, "nvmlInit_v2: %s", nvml_error(l->error, ret));
    dlclose(lib);
    free(l);
    return NULL;
  }
  l->n = n;
  l->gpu = calloc(n ? n : 1, sizeof *l->gpu);
  for (size_t g = 0; g < n; g++) {
    ret = handle(bus[g], &l->gpu[g].device);
    if (ret) {
      snprintf(why, whylen, "no NVML device for the GPU at %s: %s", bus[g],
               nvml_error(l->error, ret));
      gs_nvlink_close(l);
      return NULL;
    }
  }
  return l;
}

/* Reads GPU G's two counters into slot WHEN (0 start, 1 stop) */
static void read_counters(gs_nvlink *l, size_t g, int when) {
  gpu_counters *c = &l->gpu[g];
  field_value v[2];
  memset(v, 0, sizeof v);
  v[0].field = FIELD_DATA_TX;
  v[1].field = FIELD_DATA_RX;
  /* every link of the GPU together */
  v[0].scope = v[1].scope = UINT_MAX;
  c->ok[when] = 0;
  int ret = l->fields(c->device, 2, v);
  for (int k = 0; k < 2 && !ret; k++) {
    ret = v[k].ret;
    switch (ret ? -1 : v[k].type) {
    case VALUE_UINT:
      c->kib[when][k] = v[k].value.u;
      break;
    case VALUE_ULONG:
      c->kib[when][k] = v[k].value.ul;
      break;
    case VALUE_ULONGLONG:
      c->kib[when][k] = v[k].value.ull;
      break;
    case VALUE_SLONGLONG:
      c->kib[when][k] = v[k].value.sll < 0 ? 0 : (unsigned long long)v[k].value.sll;
      break;
    case VALUE_SINT:
      c->kib[when][k] = v[k].value.si < 0 ? 0 : (unsigned long long)v[k].value.si;
      break;
    case VALUE_USHORT:
      c->kib[when][k] = v[k].value.us;
      break;
    case VALUE_DOUBLE:
      c->kib[when][k] = v[k].value.d < 0 ? 0 : (unsigned long long)v[k].value.d;
      break;
    default:
      /* NVML's "not supported" where the field's own return has none */
      if (!ret)
        ret = 3;
      break;
    }
  }
  if (ret)
    c->ret = ret;
  c->ok[when] = !ret;
}

void gs_nvlink_start(gs_nvlink *l) {
  for (size_t g = 0; g < l->n; g++)
    read_counters(l, g, 0);
}

void gs_nvlink_stop(gs_nvlink *l) {
  for (size_t g = 0; g < l->n; g++)
    read_counters(l, g, 1);
}

int gs_nvlink_bytes(const gs_nvlink *l, size_t g, unsigned long long *tx, unsigned long long *rx,
                    char *why, size_t whylen) {
  const gpu_counters *c = &l->gpu[g];
  if (!c->ok[0] || !c->ok[1]) {
    snprintf(why, whylen, "NVML gave no NVLink data counters: %s", nvml_error(l->error, c->ret));
    return -1;
  }
  /* the counters only grow; one that went back (a driver reload) is no
   * count */
  if (c->kib[1][0] < c->kib[0][0] || c->kib[1][1] < c->kib[0][1]) {
    snprintf(why, whylen, "NVML's NVLink counters went back during the run");
    return -1;
  }
  *tx = (c->kib[1][0] - c->kib[0][0]) * 1024;
  *rx = (c->kib[1][1] - c->kib[0][1]) * 1024;
  return 0;
}

void gs_nvlink_close(gs_nvlink *l) {
  if (!l)
    return;
  l->shutdown();
  dlclose(l->lib);
  free(l->gpu);
  free(l);
}
