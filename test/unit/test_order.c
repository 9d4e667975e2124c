/* The order of virtual workgroups at each launch (runtime/order.h): the
 * reverse of the order of the launch that last touched the largest buffer
 * the segment reads. The access tables are those of the plans of
 * bench/gpu/workloads.cl (docs/formats.md roles). */
#include <stdlib.h>

#include "occupancy.h"
#include "order.h"
#include "unit.h"

enum { N = 1 << 24 };

static void fill(gs_order *o, const unsigned char *table, const size_t *bytes) {
  for (size_t i = 0; i < o->nsegments * o->nbuffers; i++)
    gs_order_note(o, i / o->nbuffers, i % o->nbuffers, table[i]);
  for (size_t b = 0; b < o->nbuffers; b++)
    o->bytes[b] = bytes[b];
}

START_TEST(order_roles) {
  ck_assert_int_eq(gs_order_access("read"), GS_ORDER_READS);
  ck_assert_int_eq(gs_order_access("readwrite"), GS_ORDER_READS);
  ck_assert_int_eq(gs_order_access("write"), GS_ORDER_TOUCHES);
  ck_assert_int_eq(gs_order_access("accumulate"), GS_ORDER_READS);
  ck_assert_int_eq(gs_order_access("none"), GS_ORDER_NONE);
  ck_assert_int_eq(gs_order_access(NULL), GS_ORDER_NONE);
}
END_TEST

/* Jacobi sweeps: a and b change places every segment, so the orders
 * alternate, and a second run of the schedule goes on alternating */
START_TEST(order_jacobi) {
  enum { R = GS_ORDER_READS, T = GS_ORDER_TOUCHES };
  static const unsigned char table[] = {R, T, T, R};
  static const size_t bytes[] = {4 * N, 4 * N};
  gs_order o;
  gs_order_init(&o, 2, 2);
  fill(&o, table, bytes);
  for (int run = 0; run < 8; run++)
    ck_assert_uint_eq(gs_order_next(&o, (size_t)(run & 1)), (unsigned)(run & 1));
  gs_order_free(&o);
}
END_TEST

/* Jacobi sweeps in a loop (a dynamic schedule): the first segment reads a
 * and writes b, the loop's segment reads and writes both (src and dst change
 * with the sweep: both accumulate), so each of its launches runs against the
 * one before */
START_TEST(order_jacobi_loop) {
  enum { R = GS_ORDER_READS, T = GS_ORDER_TOUCHES };
  static const unsigned char table[] = {R, T, /* */ R, R};
  static const size_t bytes[] = {4 * N, 4 * N};
  static const unsigned want[] = {1, 0, 1, 0, 1};
  gs_order o;
  gs_order_init(&o, 2, 2);
  fill(&o, table, bytes);
  ck_assert_uint_eq(gs_order_next(&o, 0), 0);
  for (size_t l = 0; l < sizeof want / sizeof *want; l++)
    ck_assert_uint_eq(gs_order_next(&o, 1), want[l]);
  gs_order_free(&o);
}
END_TEST

/* The histogram, then the normalisation: the second segment reads `in`
 * again, from the end the first one read last; the small histogram does not
 * decide */
START_TEST(order_histnorm) {
  enum { R = GS_ORDER_READS, T = GS_ORDER_TOUCHES, _ = GS_ORDER_NONE };
  /* in, hist (accumulated with atomics, then read), out */
  static const unsigned char table[] = {R, R, _, /* */ R, R, T};
  static const size_t bytes[] = {4 * N, 1024, 4 * N};
  gs_order o;
  gs_order_init(&o, 2, 3);
  fill(&o, table, bytes);
  ck_assert_uint_eq(gs_order_next(&o, 0), 0);
  ck_assert_uint_eq(gs_order_next(&o, 1), 1);
  gs_order_free(&o);
}
END_TEST

/* The scan: block scans up through s0, s1, s2 and offsets down; the last
 * segment reads `out`, which only the first touched, so it runs against the
 * first whatever the small segments between did */
START_TEST(order_scan) {
  enum { R = GS_ORDER_READS, T = GS_ORDER_TOUCHES, _ = GS_ORDER_NONE };
  /* in, out, s0, s1, s2 */
  static const unsigned char table[] = {
      R, T, T, _, _, /* seg0 */
      _, _, R, T, _, /* seg1 */
      _, _, _, R, T, /* seg2 */
      _, _, _, _, R, /* seg3 */
      _, _, _, R, R, /* seg4 */
      _, _, R, R, _, /* seg5 */
      _, R, R, _, _, /* seg6 */
  };
  static const size_t bytes[] = {4 * N, 4 * N, 4 * N / 256, 4 * N / 65536, 1024};
  static const unsigned want[] = {0, 1, 0, 1, 1, 0, 1};
  gs_order o;
  gs_order_init(&o, 7, 5);
  fill(&o, table, bytes);
  for (size_t s = 0; s < 7; s++)
    ck_assert_uint_eq(gs_order_next(&o, s), want[s]);
  gs_order_free(&o);
}
END_TEST

/* A segment that reads nothing touched before runs first to last, and what
 * it touches takes its order; a segment the table does not have is 0 and
 * changes nothing */
START_TEST(order_untouched) {
  enum { R = GS_ORDER_READS, T = GS_ORDER_TOUCHES, _ = GS_ORDER_NONE };
  static const unsigned char table[] = {_, T, /* */ R, _, /* */ _, R};
  static const size_t bytes[] = {64, 64};
  gs_order o;
  gs_order_init(&o, 3, 2);
  fill(&o, table, bytes);
  ck_assert_uint_eq(gs_order_next(&o, 1), 0); /* reads a, never touched */
  ck_assert_uint_eq(gs_order_next(&o, 0), 0); /* writes b */
  ck_assert_uint_eq(gs_order_next(&o, 7), 0);
  ck_assert_uint_eq(gs_order_next(&o, 2), 1); /* reads b, touched at 0 */
  ck_assert_uint_eq(gs_order_next(&o, 2), 0);
  gs_order_free(&o);
}
END_TEST

/* Workgroups an NVIDIA multiprocessor holds (runtime/occupancy.h), for the
 * register counts NVIDIA's Vulkan driver gave bench/gpu's cg segments on
 * the H200 (64 warps a multiprocessor), against CUDA's occupancy
 * calculator's figures for the same kernels */
START_TEST(order_occupancy) {
  ck_assert_uint_eq(gs_nv_groups_per_sm(32, 1036, 256, 64), 8); /* threads limit */
  ck_assert_uint_eq(gs_nv_groups_per_sm(40, 1036, 256, 64), 6); /* 1280 a warp: 51 warps */
  ck_assert_uint_eq(gs_nv_groups_per_sm(37, 1036, 256, 64), 6); /* rounded to 40 */
  ck_assert_uint_eq(gs_nv_groups_per_sm(33, 0, 256, 64), 6);
  ck_assert_uint_eq(gs_nv_groups_per_sm(64, 0, 256, 64), 4);
  ck_assert_uint_eq(gs_nv_groups_per_sm(128, 0, 256, 64), 2);
  ck_assert_uint_eq(gs_nv_groups_per_sm(255, 0, 1024, 64), 0); /* does not fit at all */
  ck_assert_uint_eq(gs_nv_groups_per_sm(16, 0, 32, 64), 32);   /* groups limit */
  ck_assert_uint_eq(gs_nv_groups_per_sm(16, 0, 100, 48), 12);  /* 4 warps, 48 a multiprocessor */
  /* two warps a workgroup: the registers' four partitions hold whole
   * warps (CUDA's calculator: 24 and 20, where 65536 / 1280 / 2 is 25) */
  ck_assert_uint_eq(gs_nv_groups_per_sm(40, 0, 64, 64), 24);
  ck_assert_uint_eq(gs_nv_groups_per_sm(48, 0, 64, 64), 20);
  ck_assert_uint_eq(gs_nv_groups_per_sm(33, 0, 96, 64), 16);
  /* workgroup memory: 48 KB each leaves room for 4 (49152 + 1024) */
  ck_assert_uint_eq(gs_nv_groups_per_sm(16, 49152, 256, 64), 4);
  ck_assert_uint_eq(gs_nv_groups_per_sm(16, 100000, 256, 64), 2);
  /* unknown: no guess */
  ck_assert_uint_eq(gs_nv_groups_per_sm(0, 0, 256, 64), 0);
  ck_assert_uint_eq(gs_nv_groups_per_sm(32, 0, 256, 0), 0);
  ck_assert_uint_eq(gs_nv_groups_per_sm(300, 0, 256, 64), 0);
}
END_TEST

Suite *suite_order(void) {
  Suite *s = suite_create("order");
  TCase *tc = tcase_create("order");
  tcase_add_test(tc, order_roles);
  tcase_add_test(tc, order_jacobi);
  tcase_add_test(tc, order_jacobi_loop);
  tcase_add_test(tc, order_histnorm);
  tcase_add_test(tc, order_scan);
  tcase_add_test(tc, order_untouched);
  tcase_add_test(tc, order_occupancy);
  suite_add_tcase(s, tc);
  return s;
}
