/* The tool's "X[,Y,Z]" option values (tools/dims.h). */
#include "dims.h"

#include <errno.h>
#include <stdlib.h>

int tool_parse_dims(const char *s, size_t out[3]) {
  out[0] = out[1] = out[2] = 0;
  for (int d = 0; d < 3; d++) {
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s || !v || s[0] == '-')
      return 0;
    out[d] = (size_t)v;
    if (!*end)
      return 1;
    if (*end != ',')
      return 0;
    s = end + 1;
  }
  return 0;
}
