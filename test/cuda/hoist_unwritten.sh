#!/bin/sh
# Reads of unwritten buffers out of the loop over virtual workgroups on
# NVPTX (hoist_unwritten, docs/split.md), on a GPU: lit/Inputs/
# hoist_unwritten.cl's kernels (a helper not inlined at -O0; written buffers
# and workgroup memory the kernel declares restrict, read after a barrier
# that orders another invocation's write) split for sm_90 at -O0 and -O2
# with --distinct-buffers, run by gs-cuda-run on 1, 2 and 3 physical
# workgroups, against POCL's outputs (gridsplit run --check: the reference's
# bytes).
#   hoist_unwritten.sh prepare DIR GRIDSPLIT15 GRIDSPLIT22   (here: LLVM, POCL)
#   hoist_unwritten.sh run DIR                               (on the GPU machine)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=$here/../..
. "$here/common.sh"
mode=$1 dir=$2
if [ "$mode" = prepare ]; then
  g15=$(absolute "$3") g22=$(absolute "$4")
  k=$src/lit/Inputs/hoist_unwritten.cl
  mkdir -p "$dir"
  cd "$dir"
  python3 -c "
import struct
open('c.bin', 'wb').write(struct.pack('<3f', 0.75, -1.5, 3.0))
open('v.bin', 'wb').write(struct.pack('<200f', *[(k * 37 % 101) / 7.0 for k in range(200)]))
open('in.bin', 'wb').write(struct.pack('<16i', *[3 * k - 7 for k in range(16)]))
open('in64.bin', 'wb').write(struct.pack('<64i', *[5 * k - 90 for k in range(64)]))"
  "$g15" run -O2 --check --virtual-workgroups --distinct-buffers --physical-groups 3 --kernel hoist \
    --grid 208 --workgroup 16 --out ref_hoist "$k" c=@c.bin v=@v.bin w=zeros:800 n=200
  "$g15" run -O2 --check --virtual-workgroups --distinct-buffers --physical-groups 1 \
    --kernel flagged --grid 16 --workgroup 16 --out ref_flagged "$k" flag=zeros:4 out=zeros:64 in=@in.bin
  "$g15" run -O2 --check --virtual-workgroups --distinct-buffers --physical-groups 1 \
    --kernel lflagged --grid 64 --workgroup 16 --out ref_lflagged "$k" out=zeros:256 in=@in64.bin \
    s=local:64
  nvptx_split "$k" "$g22"
  copy_runner
  exit 0
fi
cd "$dir"
build_runner
fail=0
for o in 0 2; do
  for pg in 1 2 3; do
    ./gs-cuda-run --plan o$o/w$o.plan.json --kernel hoist --grid 208 --workgroup 16 \
      --physical-groups $pg --out g o$o/w$o.ptx c=@c.bin v=@v.bin w=zeros:800 n=200 >/dev/null
    same "-O$o hoist on $pg" g ref_hoist w.bin v.bin
  done
  ./gs-cuda-run --plan o$o/w$o.plan.json --kernel flagged --grid 16 --workgroup 16 \
    --physical-groups 1 --out g o$o/w$o.ptx flag=zeros:4 out=zeros:64 in=@in.bin >/dev/null
  same "-O$o flagged" g ref_flagged out.bin flag.bin
  ./gs-cuda-run --plan o$o/w$o.plan.json --kernel lflagged --grid 64 --workgroup 16 \
    --physical-groups 1 --out g o$o/w$o.ptx out=zeros:256 in=@in64.bin s=local:64 >/dev/null
  same "-O$o lflagged" g ref_lflagged out.bin
done
exit $fail
