/* SPIR-V words mended after LLVM's backend (lib/spirv_interface.c): each
 * entry point's interface keeps only the global variables its functions
 * name. The modules are written here word by word, the expected interfaces
 * by hand. */
#include <stdint.h>
#include <string.h>

#include "gs.h"
#include "unit.h"

enum {
  ENTRY = 15,
  FUNCTION = 54,
  FUNCTION_END = 56,
  VARIABLE = 59,
  LOAD = 61,
  LABEL = 248,
  RETURN = 253,
  CONSTANT_COMPOSITE = 44
};

#define OP(count, op) (((uint32_t)(count) << 16) | (op))

/* ids: 1 void fn type, 2 a pointer type, 3 f1, 4 f2, 5 v1 (f1's), 6 v2
 * (f2's), 7 v3 (nobody's), 8 v4 (a composite's), 9 that composite, 10 and
 * 11 labels, 12 a load's result; bound 13. f1 loads v1 "Aligned" by a
 * literal far past the bound (a review found it read past the tables),
 * and names the composite; f2 loads v2. */
static size_t module(uint32_t *w) {
  size_t n = 0;
  uint32_t head[5] = {0x07230203, 0x00010600, 0, 13, 0};
  memcpy(w, head, sizeof head);
  n = 5;
  /* OpEntryPoint GLCompute %3 "a" %5 %6 %7 %8; the same for %4 "bc" */
  uint32_t e1[] = {OP(8, ENTRY), 5, 3, 0x61, 5, 6, 7, 8};
  uint32_t e2[] = {OP(8, ENTRY), 5, 4, 0x6362, 5, 6, 7, 8};
  uint32_t vars[] = {OP(4, VARIABLE),           2, 5, 12, OP(4, VARIABLE), 2, 6, 12,
                     OP(4, VARIABLE),           2, 7, 12, OP(4, VARIABLE), 2, 8, 12,
                     OP(4, CONSTANT_COMPOSITE), 2, 9, 8};
  uint32_t f1[] = {OP(5, FUNCTION),
                   1,
                   3,
                   0,
                   1,
                   OP(2, LABEL),
                   10,
                   OP(6, LOAD),
                   2,
                   12,
                   5,
                   2,
                   0x3fffff,
                   OP(4, LOAD),
                   2,
                   12,
                   9,
                   OP(1, RETURN),
                   OP(1, FUNCTION_END)};
  uint32_t f2[] = {
      OP(5, FUNCTION),    1, 4, 0, 1, OP(2, LABEL), 11, OP(4, LOAD), 2, 12, 6, OP(1, RETURN),
      OP(1, FUNCTION_END)};
  memcpy(w + n, e1, sizeof e1), n += sizeof e1 / 4;
  memcpy(w + n, e2, sizeof e2), n += sizeof e2 / 4;
  memcpy(w + n, vars, sizeof vars), n += sizeof vars / 4;
  memcpy(w + n, f1, sizeof f1), n += sizeof f1 / 4;
  memcpy(w + n, f2, sizeof f2), n += sizeof f2 / 4;
  return n;
}

START_TEST(spirv_interfaces_pruned) {
  uint32_t w[128];
  size_t n = module(w), m = spirv_prune_interfaces(w, n);
  /* a: v1 (loaded), v4 (named by a composite: everywhere); bc: v2, v4 */
  uint32_t e1[] = {OP(6, ENTRY), 5, 3, 0x61, 5, 8};
  uint32_t e2[] = {OP(6, ENTRY), 5, 4, 0x6362, 6, 8};
  ck_assert_uint_eq(m, n - 4);
  ck_assert_mem_eq(w + 5, e1, sizeof e1);
  ck_assert_mem_eq(w + 11, e2, sizeof e2);
  /* the rest moved up as it was */
  uint32_t again[128];
  module(again);
  ck_assert_mem_eq(w + 17, again + 21, (n - 21) * 4);
}
END_TEST

START_TEST(spirv_interfaces_left_when_malformed) {
  uint32_t w[128], before[128];
  size_t n = module(w);
  w[21] = 0; /* an instruction of no words */
  memcpy(before, w, n * 4);
  ck_assert_uint_eq(spirv_prune_interfaces(w, n), n);
  ck_assert_mem_eq(w, before, n * 4);
  ck_assert_uint_eq(spirv_prune_interfaces(w, 4), 4);
}
END_TEST

Suite *suite_spirv(void) {
  Suite *s = suite_create("spirv");
  TCase *tc = tcase_create("interfaces");
  tcase_add_test(tc, spirv_interfaces_pruned);
  tcase_add_test(tc, spirv_interfaces_left_when_malformed);
  suite_add_tcase(s, tc);
  return s;
}
