/* Bytes a GPU sent and received over NVLink, where the driver can tell:
 * NVML's data-throughput counters (fields 138 and 139, cumulative KiB since
 * the driver loaded, every link of the GPU together), read through
 * libnvidia-ml.so.1 loaded at run time, so that gs-cuda-run builds where no
 * NVML header is installed and runs where no NVML library is. The counters
 * are the whole GPU's: another process's traffic counts too. No CUDA. */
#ifndef GS_NVLINK_H
#define GS_NVLINK_H

#include <stddef.h>

typedef struct gs_nvlink gs_nvlink;

/* Opens NVML (LIBRARY, or libnvidia-ml.so.1 where NULL) for the GPUs whose
 * PCI bus ids ("0000:19:00.0", as cuDeviceGetPCIBusId writes them) are
 * BUS[0..N). NULL where it cannot: WHY (WHYLEN bytes) then says why, for
 * a note; nothing is an error. */
gs_nvlink *gs_nvlink_open(const char *library, const char *const *bus, size_t n, char *why,
                          size_t whylen);

/* Reads every GPU's counters: at the start, then at the end of what a
 * report counts */
void gs_nvlink_start(gs_nvlink *l);
void gs_nvlink_stop(gs_nvlink *l);

/* GPU G's bytes between the last start and stop: 0 and *TX, *RX set, or -1
 * where NVML did not give both counters both times (WHY then says why) */
int gs_nvlink_bytes(const gs_nvlink *l, size_t g, unsigned long long *tx, unsigned long long *rx,
                    char *why, size_t whylen);

void gs_nvlink_close(gs_nvlink *l);

#endif
