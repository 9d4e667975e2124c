/* Unit tests of the public C API (Check). `gs-unit [SUITE]` runs one suite
 * (roles, errors, api, split, program, lower, order, pocl, hostplan, nvlink) or all of them. */
#include <stdlib.h>

#include "unit.h"

int main(int argc, char **argv) {
  SRunner *sr = srunner_create(suite_roles());
  srunner_add_suite(sr, suite_errors());
  srunner_add_suite(sr, suite_api());
  srunner_add_suite(sr, suite_split());
  srunner_add_suite(sr, suite_program());
  srunner_add_suite(sr, suite_lower());
  srunner_add_suite(sr, suite_order());
  srunner_add_suite(sr, suite_pocl());
  srunner_add_suite(sr, suite_hostplan());
  srunner_add_suite(sr, suite_scratch());
  srunner_add_suite(sr, suite_spirv());
  srunner_add_suite(sr, suite_nvlink());
  /* CK_NORMAL prints the closing "100%: Checks: N, Failures: 0, Errors: 0". */
  srunner_run(sr, argc > 1 ? argv[1] : NULL, NULL, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  int run = srunner_ntests_run(sr);
  srunner_free(sr);
  if (run == 0)
    return EXIT_FAILURE; /* an unknown suite name runs nothing */
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
