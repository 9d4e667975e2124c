#!/bin/sh
# One grid over several logical devices on a GPU (gs-cuda-run --devices N):
# lit/Inputs/devices.cl's kernels (phases that read across the grid what
# other workgroups wrote and write what they read; atomics from every
# device; a dynamic schedule, replayed) split for sm_90 at -O0 and -O2, run
# on 1, 2 and 3 logical devices, against POCL's outputs on 3 (gridsplit run
# --devices 3 --check: the reference's bytes).
#   devices.sh prepare DIR GRIDSPLIT15 GRIDSPLIT22   (here: LLVM, POCL)
#   devices.sh run DIR                               (on the GPU machine)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=$here/../..
mode=$1 dir=$2
if [ "$mode" = prepare ]; then
  g15=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
  g22=$(cd "$(dirname "$4")" && pwd)/$(basename "$4")
  llvm=/usr/lib/llvm-$("$g22" --version | sed 's/.*(LLVM \([0-9]*\)).*/\1/')/bin
  k=$src/lit/Inputs/devices.cl
  mkdir -p "$dir/gridsplit"
  cd "$dir"
  python3 "$src/lit/Inputs/devices.py" make .
  "$g15" run -O2 --check --distinct-buffers --devices 3 --physical-groups 2 --kernel apart \
    --grid 96 --workgroup 16 --out ref_apart "$k" a=zeros:308 b=zeros:308 c=zeros:308 n=77
  "$g15" run -O2 --check --distinct-buffers --devices 3 --physical-groups 2 --kernel sweeps \
    --grid 96 --workgroup 16 --out ref_sweeps "$k" a=@a.bin b=zeros:308 sums=zeros:40 n=77 count=9
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
  for n in 1 2 3; do
    ./gs-cuda-run --devices $n --physical-groups 2 --plan o$o/w$o.plan.json --kernel apart \
      --grid 96 --workgroup 16 --out g o$o/w$o.ptx a=zeros:308 b=zeros:308 c=zeros:308 n=77 \
      >/dev/null || fail=1
    same "-O$o apart on $n" g ref_apart a.bin b.bin c.bin
    ./gs-cuda-run --devices $n --physical-groups 2 --repeat 2 --segment-times \
      --plan o$o/w$o.plan.json --kernel sweeps --grid 96 --workgroup 16 --out g o$o/w$o.ptx \
      a=@a.bin b=zeros:308 sums=zeros:40 n=77 count=9 >/dev/null || fail=1
    same "-O$o sweeps on $n" g ref_sweeps a.bin b.bin sums.bin
  done
done
exit $fail
