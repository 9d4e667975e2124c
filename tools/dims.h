/* The tool's "X[,Y,Z]" option values, for gridsplit run (tools/gridsplit.c)
 * and gridsplit interpret (tools/interpret.c). */
#ifndef GS_TOOLS_DIMS_H
#define GS_TOOLS_DIMS_H

#include <stddef.h>

/* "X[,Y,Z]" with positive sizes into OUT (unused dimensions 0); 0 if not */
int tool_parse_dims(const char *s, size_t out[3]);

#endif
