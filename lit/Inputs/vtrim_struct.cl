// lit/Run_virtual_trim.ll: Inputs/vtrim.cl's trim with its bounds in a
// struct argument (the reference interpreter takes no struct arguments;
// the test compares this kernel's bytes with trim's). A by-value struct's
// fields are loads, which lib/vtrim.c does not take for launch-invariant:
// only its loops bounded otherwise (i < n, g == 0) are cut.
#include "vtrim.cl"

typedef struct {
  uint m;
  int k;
} bounds;

// The same with the bounds in a struct argument.
kernel void trims(global uint *a, global uint *part, global uint *out, global int *sg, uint n,
                  bounds b) {
  TRIM_BODY(b.m, b.k)
}
