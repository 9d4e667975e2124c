#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Out of memory is the one condition the library cannot report as a value. */
void *gs_xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p)
    abort();
  return p;
}

void *gs_xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p)
    abort();
  return p;
}

void *gs_xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p)
    abort();
  return p;
}

char *gs_strndup(const char *s, size_t n) {
  char *d = gs_xmalloc(n + 1);
  memcpy(d, s, n);
  d[n] = 0;
  return d;
}

char *gs_strdup(const char *s) { return gs_strndup(s, strlen(s)); }

void vec_init(gs_vec *v, size_t elem) {
  v->data = NULL;
  v->len = v->cap = 0;
  v->elem = elem;
}

void vec_free(gs_vec *v) {
  free(v->data);
  v->data = NULL;
  v->len = v->cap = 0;
}

void *vec_push(gs_vec *v, const void *elem) {
  if (v->len == v->cap) {
    v->cap = v->cap ? 2 * v->cap : 8;
    v->data = gs_xrealloc(v->data, v->cap * v->elem);
  }
  void *slot = (char *)v->data + v->len * v->elem;
  memcpy(slot, elem, v->elem);
  v->len++;
  return slot;
}

static size_t map_hash(const void *key, size_t cap) {
  uint64_t h = (uint64_t)(uintptr_t)key;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return (size_t)h & (cap - 1);
}

void map_init(gs_map *m) {
  m->slots = NULL;
  m->cap = m->len = 0;
}

void map_free(gs_map *m) {
  free(m->slots);
  map_init(m);
}

/* the slot of KEY, or the free slot where it would go */
static gs_map_slot *map_slot(const gs_map *m, const void *key) {
  size_t i = map_hash(key, m->cap);
  while (m->slots[i].key && m->slots[i].key != key)
    i = (i + 1) & (m->cap - 1);
  return &m->slots[i];
}

/* CAP slots (a power of two), the keys moved over */
static void map_rehash(gs_map *m, size_t cap) {
  gs_map old = *m;
  m->cap = cap;
  m->slots = gs_xcalloc(m->cap, sizeof *m->slots);
  for (size_t i = 0; i < old.cap; i++)
    if (old.slots[i].key)
      *map_slot(m, old.slots[i].key) = old.slots[i];
  free(old.slots);
}

void map_reserve(gs_map *m, size_t n) {
  size_t cap = m->cap ? m->cap : 64;
  while (2 * n > cap)
    cap *= 2;
  if (cap != m->cap)
    map_rehash(m, cap);
}

void map_put(gs_map *m, const void *key, intptr_t val) {
  if (2 * (m->len + 1) > m->cap)
    map_rehash(m, m->cap ? 2 * m->cap : 64);
  gs_map_slot *s = map_slot(m, key);
  if (!s->key) {
    s->key = key;
    m->len++;
  }
  s->val = val;
}

int map_get(const gs_map *m, const void *key, intptr_t *val) {
  if (!m->cap)
    return 0;
  const gs_map_slot *s = map_slot(m, key);
  if (!s->key)
    return 0;
  if (val)
    *val = s->val;
  return 1;
}

void bits_init(gs_bits *b, size_t nbits) {
  b->nbits = nbits;
  b->words = gs_xcalloc((nbits + 63) / 64, sizeof *b->words);
}

void bits_free(gs_bits *b) {
  free(b->words);
  b->words = NULL;
  b->nbits = 0;
}

void bits_set(gs_bits *b, size_t i) { b->words[i / 64] |= (uint64_t)1 << (i % 64); }

int bits_test(const gs_bits *b, size_t i) { return (b->words[i / 64] >> (i % 64)) & 1; }

void str_init(gs_str *s) {
  s->s = NULL;
  s->len = s->cap = 0;
}

void str_vprintf(gs_str *s, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0)
    return;
  if (s->len + (size_t)n + 1 > s->cap) {
    s->cap = (s->len + (size_t)n + 1) * 2;
    s->s = gs_xrealloc(s->s, s->cap);
  }
  vsnprintf(s->s + s->len, (size_t)n + 1, fmt, ap);
  s->len += (size_t)n;
}

void str_append(gs_str *s, const char *bytes, size_t n) {
  if (s->len + n + 1 > s->cap) {
    s->cap = (s->len + n + 1) * 2;
    s->s = gs_xrealloc(s->s, s->cap);
  }
  if (n)
    memcpy(s->s + s->len, bytes, n);
  s->len += n;
  s->s[s->len] = 0;
}

void str_printf(gs_str *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  str_vprintf(s, fmt, ap);
  va_end(ap);
}

/* RFC 3629: the length of the UTF-8 encoded character at P (N bytes
 * left), or 0 where no valid character starts (an overlong form, a
 * surrogate, a value past U+10FFFF, a truncated or stray byte). */
size_t utf8_char_length(const unsigned char *p, size_t n) {
  if (!n)
    return 0;
  if (p[0] < 0x80)
    return 1;
  size_t len = p[0] >= 0xc2 && p[0] <= 0xdf ? 2 : p[0] >= 0xe0 && p[0] <= 0xef ? 3
               : p[0] >= 0xf0 && p[0] <= 0xf4                             ? 4
                                                                           : 0;
  if (!len || len > n)
    return 0;
  for (size_t i = 1; i < len; i++)
    if ((p[i] & 0xc0) != 0x80)
      return 0;
  if ((p[0] == 0xe0 && p[1] < 0xa0) || (p[0] == 0xed && p[1] > 0x9f) ||
      (p[0] == 0xf0 && p[1] < 0x90) || (p[0] == 0xf4 && p[1] > 0x8f))
    return 0;
  return len;
}

/* JSON text is UTF-8 (RFC 8259 section 8.1): a byte that starts no valid
 * character becomes U+FFFD. Names that the plan's readers look up (kernels,
 * buffers) are checked before they get here (lib/analysis.c). */
void str_json_string(gs_str *s, const char *text) {
  str_printf(s, "\"");
  const unsigned char *p = (const unsigned char *)text;
  size_t n = strlen(text);
  while (n) {
    size_t len = utf8_char_length(p, n);
    if (!len) {
      str_printf(s, "\\ufffd");
      len = 1;
    } else if (*p == '"' || *p == '\\') {
      str_printf(s, "\\%c", *p);
    } else if (*p < 0x20 || *p == 0x7f) {
      str_printf(s, "\\u%04x", *p);
    } else {
      str_append(s, (const char *)p, len);
    }
    p += len;
    n -= len;
  }
  str_printf(s, "\"");
}

void str_escaped(gs_str *s, const char *bytes, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)bytes[i];
    if (c >= 0x20 && c < 0x7f && c != '\\')
      str_printf(s, "%c", c);
    else
      str_printf(s, "\\%02X", c);
  }
}

char *str_take(gs_str *s) {
  char *r = s->s ? s->s : gs_strdup("");
  str_init(s);
  return r;
}

void str_free(gs_str *s) {
  free(s->s);
  str_init(s);
}
