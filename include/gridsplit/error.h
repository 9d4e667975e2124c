/* gridsplit: errors returned as values. */
#ifndef GRIDSPLIT_ERROR_H
#define GRIDSPLIT_ERROR_H

#ifdef __cplusplus
extern "C" {
#endif

/* Every fallible call returns NULL on success or an error that the caller
 * owns and releases with gs_error_dispose. The message names what went wrong
 * and where (kernel, instruction, file:line where debug info exists). */
typedef struct gs_error gs_error;

const char *gs_error_message(const gs_error *err);
/* An error with the message FMT formats, for code built on the library (the
 * runners) that reports its own errors as the library's; released with
 * gs_error_dispose. */
gs_error *gs_error_create(const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
void gs_error_dispose(gs_error *err);

/* Strings returned by the library (printed tables, plan JSON) are released
 * with this. */
void gs_dispose_string(char *s);

#ifdef __cplusplus
}
#endif
#endif
