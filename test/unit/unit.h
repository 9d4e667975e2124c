/* Unit tests of the public C API: shared helpers.
 *
 * Every expectation in these tests is derived from docs (SPEC.md sections
 * 1 to 5, docs/formats.md, the public headers), not from the implementation. */
#ifndef GS_UNIT_H
#define GS_UNIT_H

#include <check.h>
#include <stddef.h>

#include <llvm-c/Core.h>

#include "gridsplit/gridsplit.h"

/* The start of every SPIR test module. */
#define SPIR_PRELUDE                                                              \
  "target triple = \"spir64-unknown-unknown\"\n"                                  \
  "declare spir_func i64 @_Z13get_global_idj(i32)\n"                              \
  "declare spir_func i64 @_Z12get_local_idj(i32)\n"                               \
  "declare spir_func i64 @_Z12get_group_idj(i32)\n"                               \
  "declare spir_func i64 @_Z14get_num_groupsj(i32)\n"                             \
  "declare spir_func void @_Z7barrierj(i32)\n"                                    \
  "declare void @gridsplit_grid_sync()\n"

/* Kernels shared by several suites (defined in kernels.c). */
extern const char *const IR_BUMP;      /* straight line, write then accumulate */
extern const char *const IR_HISTOGRAM; /* atomics, then a read of the bins */
extern const char *const IR_STENCIL;   /* two barriers in a uniform loop */
extern const char *const IR_CALLER;    /* barriers inside (nested) callees */
extern const char *const IR_GLOBALS;   /* module globals, constant and unnamed args */
extern const char *const IR_DEBUG;     /* barriers with and without !dbg */

/* A module parsed from TEXT in CTX; fails the test when it does not parse. */
LLVMModuleRef parse_ir(LLVMContextRef ctx, const char *text);
/* The printed module, malloc'ed. */
char *module_text(LLVMModuleRef m);

/* gs_analyze that must succeed (the test fails with the error message). */
gs_analysis *analyze_ok(LLVMModuleRef m, const gs_options *opts);
/* gs_analyze that must fail: checks *out is NULL and the message is
 * non-empty; returns a malloc'ed copy of the message. */
char *analyze_err(LLVMModuleRef m, const gs_options *opts);

size_t find_kernel(const gs_analysis *a, const char *name);
size_t find_buffer(const gs_analysis *a, size_t k, const char *name);

void expect_kernel(const gs_analysis *a, size_t k, unsigned barriers, gs_schedule sched);
void expect_buffer(const gs_analysis *a, size_t k, const char *name, int arg, gs_space space,
                   int host_input, int host_output);
/* SUCCS is a comma-separated list such as "1,-1"; compared as a set. */
void expect_successors(const gs_analysis *a, size_t k, size_t s, const char *succs);
/* R, W, A of SPEC section 3 and the role they give. */
void expect_access(const gs_analysis *a, size_t k, size_t s, const char *buffer, gs_role role,
                   int r, int w, int at);
/* Every buffer not named in the comma-separated TOUCHED list has role none
 * and no facts in segment S. */
void expect_untouched_except(const gs_analysis *a, size_t k, size_t s, const char *touched);

/* Text helpers for the printed table and the plan. */
char *squeeze_spaces(const char *text); /* runs of blanks -> one, lines trimmed */
char *json_compact(const char *json);   /* whitespace outside strings removed */
/* The first innermost {...} object of compact JSON that contains NEEDLE and
 * also ALSO, malloc'ed, or NULL. */
char *json_object_with(const char *json, const char *needle, const char *also);

/* A fresh directory for files a test writes; malloc'ed path. */
char *temp_dir(void);
char *path_join(const char *dir, const char *name);
void write_file(const char *path, const void *data, size_t len);

Suite *suite_roles(void);
Suite *suite_errors(void);
Suite *suite_api(void);
Suite *suite_split(void);
Suite *suite_program(void);
Suite *suite_lower(void);
Suite *suite_order(void);
Suite *suite_pocl(void);
Suite *suite_hostplan(void);
Suite *suite_scratch(void);
Suite *suite_spirv(void);
Suite *suite_nvlink(void);

#endif
