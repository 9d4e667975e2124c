// FINDINGS.md N6, seed 4757 reduced, with mix kept a call (noinline): a loop
// with a uniform early return and a workgroup barrier inside a uniform `if`,
// then a branch that differs per invocation. POCL 3.1 ran it wrong unsplit.
__attribute__((noinline)) uint mix(uint a, uint b) { return (a * 2654435761u) ^ (b + 0x9e37u); }
kernel void k(global const uint *in, global uint *out, uint n, uint iters) {
  uint gid = get_global_id(0);
  uint v1 = in[gid] + 18u;
  uint v2 = in[gid] + 35u;
  for (uint i = 0u; i < iters; i++) {
    if (n + iters < 6u) return;
    if ((n & 1u) == 0u) {
      barrier(CLK_LOCAL_MEM_FENCE);
      if (!((v1 ^ gid) & 2u))
        v2 = mix(v2, v2);
    }
  }
  out[gid] = v2;
}
