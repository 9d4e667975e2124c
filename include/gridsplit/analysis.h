/* gridsplit: grid barriers, segments and per-segment buffer roles
 * (SPEC sections 1 to 3). */
#ifndef GRIDSPLIT_ANALYSIS_H
#define GRIDSPLIT_ANALYSIS_H

#include <stddef.h>

#include <llvm-c/Core.h>

#include "gridsplit/error.h"
#include "gridsplit/options.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gs_analysis gs_analysis;

typedef enum {
  GS_ROLE_NONE = 0, /* the segment does not touch the buffer */
  GS_ROLE_READ,
  GS_ROLE_WRITE,
  GS_ROLE_READWRITE,
  GS_ROLE_ACCUMULATE
} gs_role;

typedef enum { GS_SPACE_GLOBAL, GS_SPACE_CONSTANT, GS_SPACE_WORKGROUP } gs_space;

typedef enum { GS_SCHEDULE_STATIC, GS_SCHEDULE_DYNAMIC } gs_schedule;

/* The end of the kernel in a successor list. */
#define GS_SEGMENT_END (-1)

typedef struct {
  const char *name; /* IR name of the argument or global; `argN` if unnamed */
  int arg;          /* argument index, or -1 for a module global variable */
  gs_space space;
  int host_input;   /* SPEC section 3 */
  int host_output;
} gs_buffer_info;

typedef struct {
  gs_role role;
  int read, write, atomic; /* the R, W and A facts of SPEC section 3 */
} gs_segment_access;

/* Analyses every kernel of M, with or without grid barriers (or only the
 * kernel named in OPTS); a kernel without barriers is one segment. M is left exactly as it was: callees holding barriers are
 * inlined into a private copy. OPTS may be NULL. On error *OUT is NULL. */
gs_error *gs_analyze(LLVMModuleRef m, const gs_options *opts, gs_analysis **out);
void gs_analysis_dispose(gs_analysis *a);

const char *gs_analysis_target(const gs_analysis *a); /* the module's triple */

size_t gs_analysis_kernel_count(const gs_analysis *a);
const char *gs_kernel_name(const gs_analysis *a, size_t k);
unsigned gs_kernel_barrier_count(const gs_analysis *a, size_t k);
gs_schedule gs_kernel_schedule(const gs_analysis *a, size_t k);

size_t gs_kernel_buffer_count(const gs_analysis *a, size_t k);
gs_buffer_info gs_kernel_buffer(const gs_analysis *a, size_t k, size_t b);

/* A kernel argument passed by value that is not a scalar: a struct (a
 * `byval` or `byref` pointer in the IR, or a first-class aggregate) or a
 * vector (OpenCL's float4). It is
 * no buffer; the host passes its BYTES bytes, laid out as the module's data
 * layout says (SPEC section 4, "values"). */
typedef struct {
  const char *name; /* IR name of the argument; `argN` if unnamed */
  int arg;          /* argument index */
  unsigned bytes;   /* its size, padding included */
} gs_value_info;

size_t gs_kernel_value_count(const gs_analysis *a, size_t k);
gs_value_info gs_kernel_value(const gs_analysis *a, size_t k, size_t i);

/* Segments are numbered 0..barriers (SPEC section 2). */
size_t gs_kernel_segment_count(const gs_analysis *a, size_t k);
size_t gs_segment_successor_count(const gs_analysis *a, size_t k, size_t s);
int gs_segment_successor(const gs_analysis *a, size_t k, size_t s, size_t i);
/* Source location "file:line:col" of the barrier a segment begins after, or
 * NULL for segment 0 and where there is no debug info. */
const char *gs_segment_location(const gs_analysis *a, size_t k, size_t s);
/* After the split: whether segment S, as emitted, has no effect (it writes no
 * memory and calls nothing that could), typically the return after a grid
 * barrier that ends a kernel. A host need not launch it in a static schedule
 * (SPEC section 4, "empty"). */
int gs_segment_is_empty(const gs_analysis *a, size_t k, size_t s);
gs_segment_access gs_segment_buffer_access(const gs_analysis *a, size_t k, size_t s,
                                           size_t b);

/* Warnings: escapes and unknown uses that were counted as read and write. */
size_t gs_analysis_warning_count(const gs_analysis *a);
const char *gs_analysis_warning(const gs_analysis *a, size_t i);

const char *gs_role_name(gs_role role);     /* "read", "write", ... "none" */
const char *gs_role_access(gs_role role);   /* "read_only", "write_only", "read_write" */
const char *gs_space_name(gs_space space);  /* "global", "constant", "workgroup" */

/* The per-segment roles table that --print-roles and print<gridsplit-roles>
 * show. Release with gs_dispose_string. */
char *gs_analysis_print_roles(const gs_analysis *a);

#ifdef __cplusplus
}
#endif
#endif
