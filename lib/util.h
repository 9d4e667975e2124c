/* gridsplit: the small containers every file shares. */
#ifndef GS_UTIL_H
#define GS_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* vector: a growable array of fixed-size elements */
typedef struct {
  void *data;
  size_t len, cap, elem;
} gs_vec;

void vec_init(gs_vec *v, size_t elem);
void vec_free(gs_vec *v);
void *vec_push(gs_vec *v, const void *elem); /* returns the new slot */
#define VEC_AT(v, T, i) (((T *)(v)->data)[i])
#define VEC_PUSH(v, T, x)                                                                          \
  do {                                                                                             \
    T vec_tmp_ = (x);                                                                              \
    vec_push((v), &vec_tmp_);                                                                      \
  } while (0)

/* hash map: pointer keys to intptr_t values (open addressing, linear
 * probing; a slot whose key is NULL is free) */
typedef struct {
  const void *key;
  intptr_t val;
} gs_map_slot;

typedef struct {
  gs_map_slot *slots;
  size_t cap, len;
} gs_map;

void map_init(gs_map *m);
void map_free(gs_map *m);
void map_put(gs_map *m, const void *key, intptr_t val);
/* room for N keys without growing */
void map_reserve(gs_map *m, size_t n);
int map_get(const gs_map *m, const void *key, intptr_t *val); /* 1 if present */

/* bitset */
typedef struct {
  uint64_t *words;
  size_t nbits;
} gs_bits;

void bits_init(gs_bits *b, size_t nbits);
void bits_free(gs_bits *b);
void bits_set(gs_bits *b, size_t i);
int bits_test(const gs_bits *b, size_t i);

/* string buffer */
typedef struct {
  char *s;
  size_t len, cap;
} gs_str;

void str_init(gs_str *s);
void str_printf(gs_str *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void str_vprintf(gs_str *s, const char *fmt, va_list ap);
void str_append(gs_str *s, const char *bytes, size_t n); /* N bytes, NULs among them */
void str_json_string(gs_str *s, const char *text); /* a quoted, escaped JSON string */
void str_escaped(gs_str *s, const char *bytes, size_t n); /* printable ASCII, others as \XX */
size_t utf8_char_length(const unsigned char *p, size_t n); /* of a valid character, or 0 */
char *str_take(gs_str *s);                          /* the string; the buffer is reset */
void str_free(gs_str *s);

char *gs_strdup(const char *s);
char *gs_strndup(const char *s, size_t n);
void *gs_xmalloc(size_t n);
void *gs_xcalloc(size_t n, size_t size);
void *gs_xrealloc(void *p, size_t n);

#endif
