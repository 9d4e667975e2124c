/* gridsplit interpret (tools/interpret.c): ARGV[0] is "interpret". */
#ifndef GS_TOOLS_INTERPRET_H
#define GS_TOOLS_INTERPRET_H

#include <stddef.h>

int interpret_main(int argc, char **argv);
/* "X[,Y,Z]" with positive sizes into OUT (unused dimensions 0); 0 if not
 * (tools/gridsplit.c) */
int tool_parse_dims(const char *s, size_t out[3]);

#endif
