/* A recursive-descent JSON reader (RFC 8259), enough for plans. */
#include "json.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *start, *p;
  char *err;
  size_t err_size;
  int failed;
  int depth;
} parser;

static void fail(parser *ps, const char *what) {
  if (ps->failed)
    return;
  ps->failed = 1;
  int line = 1, col = 1;
  for (const char *q = ps->start; q < ps->p; q++) {
    if (*q == '\n') {
      line++;
      col = 1;
    } else {
      col++;
    }
  }
  snprintf(ps->err, ps->err_size, "line %d, column %d: %s", line, col, what);
}

static void skip_space(parser *ps) {
  while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')
    ps->p++;
}

static void parse_value(parser *ps, json_value *v);

static char *parse_string_raw(parser *ps) {
  if (*ps->p != '"') {
    fail(ps, "expected a string");
    return NULL;
  }
  ps->p++;
  size_t cap = 16, len = 0;
  char *s = malloc(cap);
  while (*ps->p != '"') {
    if (!*ps->p || (unsigned char)*ps->p < 0x20) {
      fail(ps, "unterminated string");
      free(s);
      return NULL;
    }
    char c = *ps->p++;
    if (c == '\\') {
      char e = *ps->p++;
      switch (e) {
      case '"': case '\\': case '/': c = e; break;
      case 'b': c = '\b'; break;
      case 'f': c = '\f'; break;
      case 'n': c = '\n'; break;
      case 'r': c = '\r'; break;
      case 't': c = '\t'; break;
      case 'u': {
        unsigned code = 0;
        for (int i = 0; i < 4; i++) {
          if (!isxdigit((unsigned char)*ps->p)) {
            fail(ps, "bad \\u escape");
            free(s);
            return NULL;
          }
          char h = *ps->p++;
          code = code * 16 + (unsigned)(isdigit((unsigned char)h) ? h - '0' : (tolower(h) - 'a' + 10));
        }
        c = code < 0x80 ? (char)code : '?'; /* plans are ASCII */
        break;
      }
      default:
        fail(ps, "bad escape");
        free(s);
        return NULL;
      }
    }
    if (len + 2 > cap)
      s = realloc(s, cap *= 2);
    s[len++] = c;
  }
  ps->p++;
  s[len] = 0;
  return s;
}

static void parse_array(parser *ps, json_value *v) {
  v->kind = JSON_ARRAY;
  ps->p++;
  skip_space(ps);
  if (*ps->p == ']') {
    ps->p++;
    return;
  }
  size_t cap = 0;
  for (;;) {
    if (v->count == cap) {
      cap = cap ? cap * 2 : 4;
      v->items = realloc(v->items, cap * sizeof *v->items);
    }
    memset(&v->items[v->count], 0, sizeof *v->items);
    parse_value(ps, &v->items[v->count++]);
    if (ps->failed)
      return;
    skip_space(ps);
    if (*ps->p == ',') {
      ps->p++;
      continue;
    }
    if (*ps->p == ']') {
      ps->p++;
      return;
    }
    fail(ps, "expected ',' or ']'");
    return;
  }
}

static void parse_object(parser *ps, json_value *v) {
  v->kind = JSON_OBJECT;
  ps->p++;
  skip_space(ps);
  if (*ps->p == '}') {
    ps->p++;
    return;
  }
  size_t cap = 0;
  for (;;) {
    skip_space(ps);
    char *key = parse_string_raw(ps);
    if (!key)
      return;
    if (v->count == cap) {
      cap = cap ? cap * 2 : 4;
      v->items = realloc(v->items, cap * sizeof *v->items);
      v->keys = realloc(v->keys, cap * sizeof *v->keys);
    }
    v->keys[v->count] = key;
    memset(&v->items[v->count], 0, sizeof *v->items);
    v->count++;
    skip_space(ps);
    if (*ps->p != ':') {
      fail(ps, "expected ':'");
      return;
    }
    ps->p++;
    parse_value(ps, &v->items[v->count - 1]);
    if (ps->failed)
      return;
    skip_space(ps);
    if (*ps->p == ',') {
      ps->p++;
      continue;
    }
    if (*ps->p == '}') {
      ps->p++;
      return;
    }
    fail(ps, "expected ',' or '}'");
    return;
  }
}

static void parse_value(parser *ps, json_value *v) {
  skip_space(ps);
  if (++ps->depth > 64) {
    fail(ps, "nested too deeply");
    return;
  }
  char c = *ps->p;
  if (c == '{') {
    parse_object(ps, v);
  } else if (c == '[') {
    parse_array(ps, v);
  } else if (c == '"') {
    v->kind = JSON_STRING;
    v->string = parse_string_raw(ps);
  } else if (!strncmp(ps->p, "true", 4)) {
    v->kind = JSON_BOOL;
    v->number = 1;
    ps->p += 4;
  } else if (!strncmp(ps->p, "false", 5)) {
    v->kind = JSON_BOOL;
    ps->p += 5;
  } else if (!strncmp(ps->p, "null", 4)) {
    v->kind = JSON_NULL;
    ps->p += 4;
  } else if (c == '-' || isdigit((unsigned char)c)) {
    char *end;
    v->kind = JSON_NUMBER;
    v->number = strtod(ps->p, &end);
    ps->p = end;
  } else {
    fail(ps, c ? "unexpected character" : "unexpected end of the text");
  }
  ps->depth--;
}

static void free_members(json_value *v) {
  for (size_t i = 0; i < v->count; i++) {
    free_members(&v->items[i]);
    if (v->keys)
      free(v->keys[i]);
  }
  free(v->items);
  free(v->keys);
  free(v->string);
}

void json_free(json_value *v) {
  if (!v)
    return;
  free_members(v);
  free(v);
}

json_value *json_parse(const char *text, char *err, size_t err_size) {
  parser ps = {text, text, err, err_size, 0, 0};
  json_value *v = calloc(1, sizeof *v);
  parse_value(&ps, v);
  skip_space(&ps);
  if (!ps.failed && *ps.p)
    fail(&ps, "text after the value");
  if (ps.failed) {
    json_free(v);
    return NULL;
  }
  return v;
}

const json_value *json_get(const json_value *object, const char *key) {
  if (!object || object->kind != JSON_OBJECT)
    return NULL;
  for (size_t i = 0; i < object->count; i++)
    if (!strcmp(object->keys[i], key))
      return &object->items[i];
  return NULL;
}
