/* Reading a whole file, for the loaders (lib/load.c) and the program
 * parser (lowering/program_parse.c). */
#include "gs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

gs_error *gs_read_file(const char *path, char **data, size_t *size) {
  *data = NULL;
  *size = 0;
  FILE *f = fopen(path, "rb");
  if (!f)
    return gs_errorf("cannot read '%s': %s", path, strerror(errno));
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  rewind(f);
  size_t want = n > 0 ? (size_t)n : 0;
  *data = gs_xmalloc(want + 1);
  *size = fread(*data, 1, want, f);
  (*data)[*size] = 0;
  fclose(f);
  if (*size == want)
    return NULL;
  free(*data);
  *data = NULL;
  *size = 0;
  return gs_errorf("cannot read '%s': short read", path);
}
