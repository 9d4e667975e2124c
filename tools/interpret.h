/* gridsplit interpret (tools/interpret.c): ARGV[0] is "interpret". */
#ifndef GS_TOOLS_INTERPRET_H
#define GS_TOOLS_INTERPRET_H

#include <stddef.h>

int interpret_main(int argc, char **argv);

#endif
