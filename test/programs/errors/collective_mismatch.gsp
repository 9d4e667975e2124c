// all_reduce whose `parts` differs between workgroups (docs/programs.md: n,
// parts and root are the same in every invocation).
// run: --grid 128 src=zeros:512 dst=zeros:512
// interpret-error: FILE:10:3: error: all_reduce: invocation 0 gives parts = 4 but invocation 64 gives parts = 5 (it must be the same in every invocation)
program mismatch;
workgroup_size 64;
buffer src: read f32[?] @0;
buffer dst: write f32[?] @1 output;
kernel {
  all_reduce(add, src, dst, 16, 4 + group_id(0));
}
