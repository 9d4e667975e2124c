/* qsort's array must not be a null pointer, even of no elements (C11
 * 7.1.4, 7.22.5; UBSan reports it, and a compiler may assume it). This
 * qsort, which the library's calls reach before the C library's, counts null
 * arrays and otherwise sorts with the C library's. The file includes no
 * <stdlib.h>, whose declaration says the array is never null. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

int qsort_null_arrays;

typedef int (*compare_fn)(const void *, const void *);
void qsort(void *base, size_t n, size_t size, compare_fn cmp);

void qsort(void *base, size_t n, size_t size, compare_fn cmp) {
  if (!base) {
    qsort_null_arrays++;
    return;
  }
  void (*next)(void *, size_t, size_t, compare_fn);
  *(void **)&next = dlsym(RTLD_NEXT, "qsort");
  next(base, n, size, cmp);
}
