/* A small JSON reader for plans (RFC 8259 values; numbers as doubles). */
#ifndef GS_JSON_H
#define GS_JSON_H

#include <stddef.h>

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_kind;

typedef struct json_value json_value;
struct json_value {
  json_kind kind;
  double number;      /* JSON_NUMBER, JSON_BOOL (0 or 1) */
  char *string;       /* JSON_STRING */
  size_t count;       /* JSON_ARRAY, JSON_OBJECT */
  json_value *items;  /* elements, or member values */
  char **keys;        /* JSON_OBJECT member names */
};

/* Parses TEXT; on error returns NULL and writes "line L, column C: what" to
 * ERR (ERR_SIZE bytes). */
json_value *json_parse(const char *text, char *err, size_t err_size);
void json_free(json_value *v);

const json_value *json_get(const json_value *object, const char *key); /* NULL if absent */

#endif
