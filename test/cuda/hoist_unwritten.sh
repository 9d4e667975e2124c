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
mode=$1 dir=$2
if [ "$mode" = prepare ]; then
  g15=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
  g22=$(cd "$(dirname "$4")" && pwd)/$(basename "$4")
  llvm=/usr/lib/llvm-$("$g22" --version | sed 's/.*(LLVM \([0-9]*\)).*/\1/')/bin
  k=$src/lit/Inputs/hoist_unwritten.cl
  mkdir -p "$dir/gridsplit"
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
  for o in 0 2; do
    "$llvm/clang" -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -fno-discard-value-names \
      -target nvptx64-nvidia-cuda -emit-llvm -c -O$o -o k$o.bc "$k"
    "$llvm/llvm-link" k$o.bc "$src/lowering/opencl_nvptx.ll" -o l$o.bc 2>/dev/null
    "$llvm/opt" -passes=always-inline,globaldce l$o.bc -o w$o.bc
    "$g22" --target nvptx --mcpu sm_90 --drop-original --distinct-buffers -o o$o w$o.bc
  done
  rt=$src/runtime
  cp "$rt/cuda/gs_cuda_run.c" "$rt/hostplan.c" "$rt/hostplan.h" "$rt/json.c" "$rt/json.h" \
    "$rt/order.c" "$rt/order.h" "$rt/devices.c" "$rt/devices.h" .
  cp "$src/include/gridsplit/control_word.h" gridsplit/
  sed -i "s|\.\./hostplan.h|hostplan.h|; s|\.\./order.h|order.h|; s|\.\./devices.h|devices.h|" gs_cuda_run.c
  exit 0
fi
cd "$dir"
cuda=${CUDA_HOME:-/usr/local/cuda}
cc -O2 -I"$cuda/include" -I. gs_cuda_run.c hostplan.c json.c order.c devices.c -L"$cuda/lib64/stubs" -lcuda \
  -o gs-cuda-run
fail=0
same() { # WHAT GOT_DIR REF_DIR FILE...
  what=$1 got=$2 ref=$3
  shift 3
  for f in "$@"; do
    cmp -s "$got/$f" "$ref/$f" || { echo "FAIL: $what: $f differs"; fail=1; return; }
  done
  echo "$what: the reference's bytes"
}
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
