/* The program front end's error messages as golden files (Check).
 *
 * Every errors/parse/NAME.gsp is a program that gs_program_parse must
 * refuse, and NAME.gsp.err beside it holds the message it gives, then one
 * newline, byte for byte. gs_program_parse checks the program too, so parse/
 * holds both syntax errors and the checker's (docs/programs.md). A case that
 * needs another API path gets its own subdirectory and loop here.
 *
 * Each input is parsed from its bytes under the name "t.gsp", as the unit
 * tests that once held these cases inline did, so every golden message starts
 * with t.gsp whatever the file is called. A mismatch prints both messages and
 * the first byte where they differ. */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gridsplit/program.h"

#define PARSE_DIR GS_PROGRAM_ERRORS_DIR "/parse"

/* The inputs of PARSE_DIR (NAME.gsp), sorted; filled before the tests fork. */
static char **parse_cases;
static int parse_case_count;

static int has_suffix(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && !strcmp(s + n - m, suffix);
}

static int compare_names(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files of DIR whose names end in SUFFIX, sorted; NULL when DIR cannot be
 * read (the test that needs them fails). */
static char **list_files(const char *dir, const char *suffix, int *count) {
  DIR *d = opendir(dir);
  *count = 0;
  if (!d)
    return NULL;
  char **names = NULL;
  int cap = 0;
  struct dirent *entry;
  while ((entry = readdir(d))) {
    if (!has_suffix(entry->d_name, suffix))
      continue;
    if (*count == cap) {
      cap = cap ? 2 * cap : 64;
      names = realloc(names, (size_t)cap * sizeof *names);
    }
    names[(*count)++] = strdup(entry->d_name);
  }
  closedir(d);
  qsort(names, (size_t)*count, sizeof *names, compare_names);
  return names;
}

static char *path_in(const char *dir, const char *name, const char *suffix) {
  size_t n = strlen(dir) + strlen(name) + strlen(suffix) + 2;
  char *path = malloc(n);
  snprintf(path, n, "%s/%s%s", dir, name, suffix);
  return path;
}

/* The bytes of PATH, NUL-terminated, and their count in *len; fails the test
 * when the file cannot be read. */
static char *read_bytes(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  ck_assert_msg(f != NULL, "cannot read %s", path);
  size_t cap = 4096, n = 0, got;
  char *data = malloc(cap + 1);
  while ((got = fread(data + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap)
      data = realloc(data, (cap *= 2) + 1);
  }
  ck_assert_msg(!ferror(f), "error reading %s", path);
  fclose(f);
  data[n] = 0;
  *len = n;
  return data;
}

/* The index of the first byte where A and B differ. */
static size_t first_difference(const char *a, size_t na, const char *b, size_t nb) {
  size_t i = 0;
  while (i < na && i < nb && a[i] == b[i])
    i++;
  return i;
}

/* Byte AT of S (N bytes) for a person to read, in BUF: 't' (0x74), or END
 * when S is shorter. */
static const char *describe_byte(char buf[24], const char *s, size_t n, size_t at,
                                 const char *end) {
  if (at >= n)
    return end;
  unsigned char c = (unsigned char)s[at];
  if (c >= 0x20 && c < 0x7f)
    snprintf(buf, 24, "'%c' (0x%02x)", c, c);
  else
    snprintf(buf, 24, "0x%02x", c);
  return buf;
}

/* Every input has its golden message and every golden message its input. */
START_TEST(parse_cases_are_paired) {
  ck_assert_msg(parse_cases != NULL, "cannot read the directory %s", PARSE_DIR);
  ck_assert_msg(parse_case_count > 0, "no NAME.gsp in %s", PARSE_DIR);
  int golden_count;
  char **golden = list_files(PARSE_DIR, ".gsp.err", &golden_count);
  for (int i = 0; i < parse_case_count; i++) {
    char *err = path_in(PARSE_DIR, parse_cases[i], ".err");
    FILE *f = fopen(err, "rb");
    ck_assert_msg(f != NULL, "%s/%s has no golden message %s", PARSE_DIR, parse_cases[i], err);
    fclose(f);
    free(err);
  }
  ck_assert_msg(golden_count == parse_case_count,
                "%s: %d golden messages (NAME.gsp.err) but %d inputs (NAME.gsp)", PARSE_DIR,
                golden_count, parse_case_count);
  for (int i = 0; i < golden_count; i++)
    free(golden[i]);
  free(golden);
}
END_TEST

/* errors/parse/NAME.gsp: gs_program_parse refuses it, leaves the program
 * NULL, and its message is NAME.gsp.err's first line exactly. */
START_TEST(parse_error_is_golden) {
  const char *name = parse_cases[_i];
  char *input_path = path_in(PARSE_DIR, name, "");
  char *golden_path = path_in(PARSE_DIR, name, ".err");
  size_t input_len, want_len;
  char *input = read_bytes(input_path, &input_len);
  char *want = read_bytes(golden_path, &want_len);
  /* gs_program_parse takes a C string: a NUL byte would cut the input */
  ck_assert_msg(memchr(input, 0, input_len) == NULL,
                "%s holds a NUL byte; gs_program_parse would not see past it", input_path);

  gs_program *p = (gs_program *)1;
  gs_error *e = gs_program_parse(input, "t.gsp", &p);
  ck_assert_msg(e != NULL, "%s parses, but %s expects the error\n  %s", input_path, golden_path,
                want);
  ck_assert_msg(p == NULL, "%s: gs_program_parse failed but left a program", input_path);

  const char *msg = gs_error_message(e);
  size_t got_len = strlen(msg) + 1;
  char *got = malloc(got_len + 1);
  snprintf(got, got_len + 1, "%s\n", msg);
  if (got_len != want_len || memcmp(got, want, want_len)) {
    size_t at = first_difference(want, want_len, got, got_len);
    int want_newline = want_len > 0 && want[want_len - 1] == '\n';
    char want_byte[24], got_byte[24];
    ck_abort_msg("%s: gs_program_parse gives another message than %s\n"
                 "--- %s (expected)\n"
                 "+++ gs_program_parse (actual)\n"
                 "-%.*s%s\n"
                 "+%s\n"
                 "first difference at byte %zu: expected %s, actual %s",
                 input_path, golden_path, golden_path, (int)(want_len - (size_t)want_newline), want,
                 want_newline ? "" : "\n\\ no newline at end of the golden file", msg, at,
                 describe_byte(want_byte, want, want_len, at, "end of file"),
                 describe_byte(got_byte, got, got_len, at, "end of message"));
  }
  gs_error_dispose(e);
  free(got);
  free(want);
  free(input);
  free(golden_path);
  free(input_path);
}
END_TEST

static Suite *suite_program_errors(void) {
  Suite *s = suite_create("program-errors");
  TCase *tc = tcase_create("parse");
  parse_cases = list_files(PARSE_DIR, ".gsp", &parse_case_count);
  tcase_add_test(tc, parse_cases_are_paired);
  tcase_add_loop_test(tc, parse_error_is_golden, 0, parse_case_count);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(suite_program_errors());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
