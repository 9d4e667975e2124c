#!/bin/sh
# One grid over several logical devices on a GPU (gs-cuda-run --devices N):
# lit/Inputs/devices.cl's kernels (phases that read across the grid what
# other workgroups wrote and write what they read; atomics from every
# device; a dynamic schedule, replayed) split for sm_90 at -O0 and -O2, run
# on 1, 2 and 3 logical devices, as split and with --system-atomics,
# against POCL's outputs on 3 (gridsplit run --devices 3 --check: the
# reference's bytes).
#   devices.sh prepare DIR GRIDSPLIT15 GRIDSPLIT22   (here: LLVM, POCL)
#   devices.sh run DIR                               (on the GPU machine)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=$here/../..
. "$here/common.sh"
mode=$1 dir=$2
if [ "$mode" = prepare ]; then
  g15=$(absolute "$3") g22=$(absolute "$4")
  k=$src/lit/Inputs/devices.cl
  mkdir -p "$dir"
  cd "$dir"
  python3 "$src/lit/Inputs/devices.py" make .
  "$g15" run -O2 --check --distinct-buffers --devices 3 --physical-groups 2 --kernel apart \
    --grid 96 --workgroup 16 --out ref_apart "$k" a=zeros:308 b=zeros:308 c=zeros:308 n=77
  "$g15" run -O2 --check --distinct-buffers --devices 3 --physical-groups 2 --kernel sweeps \
    --grid 96 --workgroup 16 --out ref_sweeps "$k" a=@a.bin b=zeros:308 sums=zeros:40 n=77 count=9
  nvptx_split "$k" "$g22"
  # the same with atomics of the system's scope (--system-atomics), which
  # devices on several GPUs need: the same bytes on one
  for o in 0 2; do
    "$g22" --target nvptx --mcpu sm_90 --drop-original --distinct-buffers --system-atomics \
      -o s$o w$o.bc
  done
  copy_runner
  exit 0
fi
cd "$dir"
build_runner
fail=0
# o0, o2: as split; s0, s2: with --system-atomics
for o in o0 o2 s0 s2; do
  w=w${o#?}
  for n in 1 2 3; do
    ./gs-cuda-run --devices $n --physical-groups 2 --plan $o/$w.plan.json --kernel apart \
      --grid 96 --workgroup 16 --out g $o/$w.ptx a=zeros:308 b=zeros:308 c=zeros:308 n=77 \
      >/dev/null || fail=1
    same "$o apart on $n" g ref_apart a.bin b.bin c.bin
    ./gs-cuda-run --devices $n --physical-groups 2 --repeat 2 --segment-times \
      --plan $o/$w.plan.json --kernel sweeps --grid 96 --workgroup 16 --out g $o/$w.ptx \
      a=@a.bin b=zeros:308 sums=zeros:40 n=77 count=9 >/dev/null || fail=1
    same "$o sweeps on $n" g ref_sweeps a.bin b.bin sums.bin
  done
done
exit $fail
