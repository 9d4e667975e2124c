# What test/cuda's scripts share (sourced, with $src the source tree):
# splitting a kernel for sm_90 as bench/gpu does, and gs-cuda-run's sources
# copied for the GPU machine, where build_runner builds them.

# absolute PATH: PATH from the root, for after a cd
absolute() {
  echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
}

# nvptx_split KERNEL.cl GRIDSPLIT22: k$o.bc .. o$o/w$o.{ptx,plan.json} for
# -O0 and -O2 in the current folder (--distinct-buffers)
nvptx_split() {
  k=$1 g22=$2
  llvm=/usr/lib/llvm-$("$g22" --version | sed 's/.*(LLVM \([0-9]*\)).*/\1/')/bin
  for o in 0 2; do
    "$llvm/clang" -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -fno-discard-value-names \
      -target nvptx64-nvidia-cuda -emit-llvm -c -O$o -o k$o.bc "$k"
    "$llvm/llvm-link" k$o.bc "$src/lowering/opencl_nvptx.ll" -o l$o.bc 2>/dev/null
    "$llvm/opt" -passes=always-inline,globaldce l$o.bc -o w$o.bc
    "$g22" --target nvptx --mcpu sm_90 --drop-original --distinct-buffers -o o$o w$o.bc
  done
}

# copy_runner: gs-cuda-run's sources into the current folder
copy_runner() {
  sh "$src/runtime/cuda/copy_sources.sh" .
}

# build_runner: gs-cuda-run, on the GPU machine
build_runner() {
  sh build.sh
}

# same WHAT GOT_DIR REF_DIR FILE...: every FILE the reference's bytes (sets
# fail=1 where one is not)
same() {
  what=$1 got=$2 ref=$3
  shift 3
  for f in "$@"; do
    cmp -s "$got/$f" "$ref/$f" || { echo "FAIL: $what: $f differs"; fail=1; return; }
  done
  echo "$what: the reference's bytes"
}
