/* A stand-in for libnvidia-ml.so.1 that runtime/cuda/nvlink.c loads in the
 * unit tests (suite nvlink): three GPUs by PCI bus id. 0000:01:00.0 counts
 * 5 KiB sent and 7 received a read of its counters, sent as an unsigned long
 * long and received as an unsigned int; 0000:02:00.0 has no NVLink (each
 * field's own return is "not supported"); 0000:04:00.0 starts near 2^32 KiB
 * as a signed long long; any other bus id is no device. The field values
 * are written at the byte offsets NVML's documented struct has (ids at 0
 * and 4, the timestamp at 8, the latency at 16, the value's type at 24, the
 * field's return at 28, the value at 32), not through a struct of
 * nvlink.c's. NVML_FAKE_INIT=N makes nvmlInit_v2 return N. */
#include <stdlib.h>
#include <string.h>

enum { OK = 0, NOT_SUPPORTED = 3, NOT_FOUND = 6, ERROR_UNKNOWN = 999 };
enum { FIELD_TX = 138, FIELD_RX = 139 };

static int gpu_id[3] = {1, 2, 4};
static unsigned long long reads[3];

int nvmlInit_v2(void) {
  const char *e = getenv("NVML_FAKE_INIT");
  return e ? atoi(e) : OK;
}

int nvmlShutdown(void) { return OK; }

const char *nvmlErrorString(int r) {
  switch (r) {
  case NOT_SUPPORTED:
    return "Not Supported";
  case NOT_FOUND:
    return "Not Found";
  default:
    return "Unknown Error";
  }
}

int nvmlDeviceGetHandleByPciBusId_v2(const char *bus, void **device) {
  for (int g = 0; g < 3; g++) {
    char want[16] = "0000:0X:00.0";
    want[6] = (char)('0' + gpu_id[g]);
    if (!strcmp(bus, want)) {
      *device = &gpu_id[g];
      return OK;
    }
  }
  return NOT_FOUND;
}

static void put(unsigned char *v, int at, const void *x, size_t n) { memcpy(v + at, x, n); }

int nvmlDeviceGetFieldValues(void *device, int count, void *values) {
  int g = (int)((int *)device - gpu_id);
  if (g < 0 || g > 2)
    return ERROR_UNKNOWN;
  reads[g]++;
  for (int k = 0; k < count; k++) {
    unsigned char *v = (unsigned char *)values + 40 * k;
    unsigned field, scope;
    memcpy(&field, v, 4);
    memcpy(&scope, v + 4, 4);
    long long stamp = (long long)reads[g] * 1000, latency = 1;
    put(v, 8, &stamp, 8);
    put(v, 16, &latency, 8);
    int type = 0, ret = OK;
    /* every link's together only */
    if ((field != FIELD_TX && field != FIELD_RX) || scope != 0xffffffffu)
      ret = NOT_SUPPORTED;
    if (g == 1)
      ret = NOT_SUPPORTED;
    memset(v + 32, 0, 8);
    if (!ret && g == 0 && field == FIELD_TX) {
      unsigned long long x = 100 + 5 * reads[g];
      type = 3;
      put(v, 32, &x, 8);
    } else if (!ret && g == 0) {
      unsigned x = 200 + 7 * (unsigned)reads[g];
      type = 1;
      put(v, 32, &x, 4);
    } else if (!ret) {
      long long x = 0xfffffff0LL + (field == FIELD_TX ? 3 : 9) * (long long)reads[g];
      type = 4;
      put(v, 32, &x, 8);
    }
    put(v, 24, &type, 4);
    put(v, 28, &ret, 4);
  }
  return OK;
}
