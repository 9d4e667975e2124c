/* NVLink bytes from NVML's counters (runtime/cuda/nvlink.h), read through a
 * stand-in library (fake_nvml.c, whose counters and field layout are its
 * own): the bytes between a start and a stop, every value type NVML gives
 * a counter in, and each way NVML can fail, which is a reason, never an
 * error. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "cuda/nvlink.h"
#include "unit.h"

static const char *const BUS[] = {"0000:01:00.0", "0000:02:00.0", "0000:04:00.0"};

START_TEST(nvlink_bytes) {
  char why[256] = "";
  gs_nvlink *l = gs_nvlink_open(GS_FAKE_NVML, BUS, 3, why, sizeof why);
  ck_assert_msg(l != NULL, "%s", why);
  unsigned long long tx = 1, rx = 1;
  /* nothing read yet */
  ck_assert_int_eq(gs_nvlink_bytes(l, 0, &tx, &rx, why, sizeof why), -1);
  gs_nvlink_start(l);
  gs_nvlink_stop(l);
  /* one read between: 5 KiB sent (unsigned long long), 7 received
   * (unsigned int) */
  ck_assert_int_eq(gs_nvlink_bytes(l, 0, &tx, &rx, why, sizeof why), 0);
  ck_assert_uint_eq(tx, 5 * 1024);
  ck_assert_uint_eq(rx, 7 * 1024);
  /* signed long long, received passing 2^32 KiB */
  ck_assert_int_eq(gs_nvlink_bytes(l, 2, &tx, &rx, why, sizeof why), 0);
  ck_assert_uint_eq(tx, 3 * 1024);
  ck_assert_uint_eq(rx, 9 * 1024);
  /* a GPU without NVLink */
  ck_assert_int_eq(gs_nvlink_bytes(l, 1, &tx, &rx, why, sizeof why), -1);
  ck_assert_str_eq(why, "NVML gave no NVLink data counters: Not Supported");
  /* two reads between, from the start */
  gs_nvlink_stop(l);
  ck_assert_int_eq(gs_nvlink_bytes(l, 0, &tx, &rx, why, sizeof why), 0);
  ck_assert_uint_eq(tx, 10 * 1024);
  ck_assert_uint_eq(rx, 14 * 1024);
  gs_nvlink_close(l);
}
END_TEST

START_TEST(nvlink_no_library) {
  char why[256] = "";
  ck_assert_ptr_null(gs_nvlink_open("/nonexistent/libnvidia-ml.so.1", BUS, 1, why, sizeof why));
  ck_assert_msg(strstr(why, "/nonexistent/libnvidia-ml.so.1") != NULL, "%s", why);
  /* a library that is not NVML */
  ck_assert_ptr_null(gs_nvlink_open("libm.so.6", BUS, 1, why, sizeof why));
  ck_assert_str_eq(why, "libm.so.6 lacks nvmlInit_v2, nvmlShutdown, "
                        "nvmlDeviceGetHandleByPciBusId_v2 or nvmlDeviceGetFieldValues");
}
END_TEST

START_TEST(nvlink_no_driver) {
  char why[256] = "";
  setenv("NVML_FAKE_INIT", "9", 1);
  ck_assert_ptr_null(gs_nvlink_open(GS_FAKE_NVML, BUS, 3, why, sizeof why));
  ck_assert_str_eq(why, "nvmlInit_v2: Unknown Error");
}
END_TEST

START_TEST(nvlink_no_device) {
  char why[256] = "";
  const char *const bus[] = {"0000:01:00.0", "0000:03:00.0"};
  ck_assert_ptr_null(gs_nvlink_open(GS_FAKE_NVML, bus, 2, why, sizeof why));
  ck_assert_str_eq(why, "no NVML device for the GPU at 0000:03:00.0: Not Found");
}
END_TEST

Suite *suite_nvlink(void) {
  Suite *s = suite_create("nvlink");
  TCase *tc = tcase_create("nvlink");
  tcase_add_test(tc, nvlink_bytes);
  tcase_add_test(tc, nvlink_no_library);
  tcase_add_test(tc, nvlink_no_driver);
  tcase_add_test(tc, nvlink_no_device);
  suite_add_tcase(s, tc);
  return s;
}
