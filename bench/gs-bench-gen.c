/* gs-bench-gen: writes a generated spir64 kernel as textual LLVM IR for the
 * roles benchmark (bench/README.md).
 *
 *   gs-bench-gen N B [SEED] > kernel.ll
 *
 * The kernel has exactly N instructions and B grid barriers
 * (`call void @gridsplit_grid_sync()`) spread evenly through straight-line
 * code, like a long solver step unrolled by a frontend: each segment loads
 * from input buffers, the constant table and a scratch buffer that earlier
 * segments wrote, stores to an output and the scratch buffer, bumps a
 * histogram with atomics, and now and then guards a store with
 * `if (gid < n)` (a branch that rejoins before the next barrier). One
 * accumulator lives across every barrier. The text is deterministic for a
 * given SEED. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t rng_state;

static unsigned rng(unsigned bound) {
  /* xorshift64*: deterministic, independent of the C library. */
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return (unsigned)((rng_state * 2685821657736338717ULL) >> 33) % bound;
}

static unsigned long value_id; /* next %vN */
static unsigned long block_id; /* next block label */
static unsigned long acc;      /* %vN holding the running accumulator */

/* Instruction counts of the units below. */
enum { LOAD_UNIT = 4, STORE_UNIT = 3, ATOMIC_UNIT = 5, GUARD_UNIT = 6, ARITH_UNIT = 1 };

static void arith(void) {
  unsigned long v = value_id++;
  printf("  %%v%lu = fmul float %%v%lu, 0x3FEFF7CEE0000000\n", v, acc);
  acc = v;
}

/* acc += BUF[gid + off]: add, gep, load, fadd. */
static void load_unit(const char *buf, unsigned as) {
  unsigned long i = value_id++, p = value_id++, x = value_id++, s = value_id++;
  printf("  %%v%lu = add i64 %%gid, %u\n", i, rng(64));
  printf("  %%v%lu = getelementptr inbounds float, ptr addrspace(%u) %%%s, i64 %%v%lu\n", p, as,
         buf, i);
  printf("  %%v%lu = load float, ptr addrspace(%u) %%v%lu, align 4\n", x, as, p);
  printf("  %%v%lu = fadd float %%v%lu, %%v%lu\n", s, acc, x);
  acc = s;
}

/* BUF[gid + off] = acc: add, gep, store. */
static void store_unit(const char *buf) {
  unsigned long i = value_id++, p = value_id++;
  printf("  %%v%lu = add i64 %%gid, %u\n", i, rng(64));
  printf("  %%v%lu = getelementptr inbounds float, ptr addrspace(1) %%%s, i64 %%v%lu\n", p, buf, i);
  printf("  store float %%v%lu, ptr addrspace(1) %%v%lu, align 4\n", acc, p);
}

/* hist[(int)acc & 255] += 1 atomically: fptosi, and, zext, gep, atomicrmw. */
static void atomic_unit(void) {
  unsigned long h = value_id++, b = value_id++, z = value_id++, p = value_id++, o = value_id++;
  printf("  %%v%lu = fptosi float %%v%lu to i32\n", h, acc);
  printf("  %%v%lu = and i32 %%v%lu, 255\n", b, h);
  printf("  %%v%lu = zext i32 %%v%lu to i64\n", z, b);
  printf("  %%v%lu = getelementptr inbounds i32, ptr addrspace(1) %%hist, i64 %%v%lu\n", p, z);
  printf("  %%v%lu = atomicrmw add ptr addrspace(1) %%v%lu, i32 1 monotonic, align 4\n", o, p);
}

/* if (gid < n) out0[gid] = acc;  icmp, br, gep, store, br, and the join
 * block's first instruction is whatever follows. */
static void guard_unit(void) {
  unsigned long c = value_id++, p = value_id++;
  unsigned long then = block_id++, join = block_id++;
  printf("  %%v%lu = icmp ult i64 %%gid, %%n64\n", c);
  printf("  br i1 %%v%lu, label %%b%lu, label %%b%lu\n", c, then, join);
  printf("b%lu:\n", then);
  printf("  %%v%lu = getelementptr inbounds float, ptr addrspace(1) %%out0, i64 %%gid\n", p);
  printf("  store float %%v%lu, ptr addrspace(1) %%v%lu, align 4\n", acc, p);
  printf("  br label %%b%lu\n", join);
  printf("b%lu:\n", join);
  arith(); /* the sixth instruction, so the join block is never empty */
}

/* Emits one segment's body of exactly BUDGET instructions. SEGMENT is its
 * index: the scratch buffer is read only after segment 0 wrote it. */
static void segment(unsigned long budget, unsigned long seg) {
  while (budget >= GUARD_UNIT) {
    unsigned pick = rng(100);
    if (pick < 30) {
      static const char *const inputs[] = {"in0", "in1"};
      load_unit(inputs[rng(2)], 1);
      budget -= LOAD_UNIT;
    } else if (pick < 38) {
      load_unit("coef", 2);
      budget -= LOAD_UNIT;
    } else if (pick < 50 && seg > 0) {
      load_unit("tmp", 1);
      budget -= LOAD_UNIT;
    } else if (pick < 62) {
      store_unit(rng(2) ? "tmp" : "out0");
      budget -= STORE_UNIT;
    } else if (pick < 72) {
      atomic_unit();
      budget -= ATOMIC_UNIT;
    } else if (pick < 75) {
      guard_unit();
      budget -= GUARD_UNIT;
    } else {
      arith();
      budget -= ARITH_UNIT;
    }
  }
  while (budget-- > 0)
    arith();
}

int main(int argc, char **argv) {
  if (argc < 3 || argc > 4) {
    fprintf(stderr, "usage: gs-bench-gen N B [SEED]\n");
    return 2;
  }
  unsigned long n = strtoul(argv[1], NULL, 10), b = strtoul(argv[2], NULL, 10);
  rng_state = argc > 3 ? strtoull(argv[3], NULL, 10) : 88172645463325252ULL;
  if (rng_state == 0)
    rng_state = 1;
  /* entry: gid, n64, acc0; tail: gep, store, ret. */
  const unsigned long fixed = 3 + 3 + b;
  if (n < fixed + (b + 1) * GUARD_UNIT) {
    fprintf(stderr, "gs-bench-gen: N=%lu is too small for B=%lu barriers\n", n, b);
    return 2;
  }
  unsigned long body = n - fixed, per = body / (b + 1);

  printf("; generated by gs-bench-gen %lu %lu\n", n, b);
  printf("target triple = \"spir64-unknown-unknown\"\n\n");
  printf("declare spir_func i64 @_Z13get_global_idj(i32)\n");
  printf("declare void @gridsplit_grid_sync()\n\n");
  printf("define spir_kernel void @bench(ptr addrspace(1) %%in0, ptr addrspace(1) %%in1,"
         " ptr addrspace(2) %%coef, ptr addrspace(1) %%tmp, ptr addrspace(1) %%out0,"
         " ptr addrspace(1) %%hist, i32 %%n) {\n");
  printf("entry:\n");
  printf("  %%gid = call spir_func i64 @_Z13get_global_idj(i32 0)\n");
  printf("  %%n64 = zext i32 %%n to i64\n");
  acc = value_id++;
  printf("  %%v%lu = uitofp i64 %%gid to float\n", acc);
  for (unsigned long s = 0; s <= b; s++) {
    segment(s == b ? body - per * b : per, s);
    if (s < b)
      printf("  call void @gridsplit_grid_sync()\n");
  }
  unsigned long p = value_id++;
  printf("  %%v%lu = getelementptr inbounds float, ptr addrspace(1) %%out0, i64 %%gid\n", p);
  printf("  store float %%v%lu, ptr addrspace(1) %%v%lu, align 4\n", acc, p);
  printf("  ret void\n}\n");
  return ferror(stdout) ? 1 : 0;
}
