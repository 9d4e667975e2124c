#!/bin/sh
# gs-cuda-run reads the plan and binds the arguments (runtime/hostplan.h)
# before it touches the driver, so its messages for bad plans and arguments
# are checked on any machine with the CUDA toolkit: the toolkit's stub
# libcuda stands in for the driver (its cuInit fails, after binding).
#   bind_errors.sh GS_CUDA_RUN GRIDSPLIT STUB_LIBCUDA SOURCE_DIR
set -eu
run=$1 tool=$2 stub=$3 src=$4
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
ln -s "$stub" "$t/libcuda.so.1"
"$tool" --target nvptx --drop-original -o "$t" "$src/lit/Target_nvptx.ll"
fails=0
expect() { # MESSAGE ARG...
  want=$1
  shift
  got=$(cd "$t" && LD_LIBRARY_PATH="$t" "$run" --grid 16 --workgroup 4 "$@" 2>&1) && rc=0 || rc=$?
  if [ "$rc" != 1 ] || [ "$got" != "gs-cuda-run: error: $want" ]; then
    echo "FAIL: $*"
    echo "  want (exit 1): gs-cuda-run: error: $want"
    echo "  got (exit $rc): $got"
    fails=1
  fi
}
p="--plan Target_nvptx.plan.json Target_nvptx.ptx"
expect "kernel 'norm2' has no argument 'count' (its arguments: x, scale, acc, y, n)" \
  $p x=zeros:64 scale=zeros:4 acc=zeros:4 y=zeros:64 count=16
expect "argument 'n' is given twice" $p x=zeros:64 scale=zeros:4 acc=zeros:4 y=zeros:64 n=1 n=2
expect "kernel 'norm2': argument 'y' is not given" $p x=zeros:64 scale=zeros:4 acc=zeros:4 n=16
expect "kernel 'norm2': argument 'n' = 4294967296 does not fit in 32 bits" \
  $p x=zeros:64 scale=zeros:4 acc=zeros:4 y=zeros:64 n=4294967296
expect "kernel 'norm2': buffer 'y' is empty" $p x=zeros:64 scale=zeros:4 acc=zeros:4 y=zeros:0 n=16
expect "cannot read '/nonexistent/x.bin': No such file or directory" \
  $p x=@/nonexistent/x.bin scale=zeros:4 acc=zeros:4 y=zeros:64 n=16
printf '{"format": "gridsplit-plan", "version": 1, "kernels": [' > "$t/cut.json"
expect "cut.json: not a valid plan: line 1, column 56: unexpected end of the text" \
  --plan cut.json Target_nvptx.ptx
# one grid over devices: counts, --graph, and a split without virtual
# workgroups (which the ranges need)
a="x=zeros:64 scale=zeros:4 acc=zeros:4 y=zeros:64 n=16"
expect "--devices '0': expected a count of devices from 1 to 64" --devices 0 $p $a
expect "--devices '65': expected a count of devices from 1 to 64" --devices 65 $p $a
expect "--graph with --devices 2: a grid spread over devices is not captured as a graph; leave out --graph" \
  --devices 2 --graph $p $a
"$tool" --target nvptx --no-virtual-workgroups --drop-original -o "$t/plain" "$src/lit/Target_nvptx.ll"
expect "--devices 3: kernel 'norm2' was split without virtual workgroups, which a grid spread over devices needs (gridsplit --target nvptx splits with them unless told not to)" \
  --devices 3 --plan plain/Target_nvptx.plan.json plain/Target_nvptx.ptx $a
expect "--outputs: kernel 'norm2' has no host output 'nothere'" --outputs y,nothere $p $a
expect "--outputs: kernel 'norm2' has no host output 'x'" --outputs x $p $a
# bound as asked: the stub driver's cuInit is the first thing to fail
case $stub in
*/stubs/*) expect "cuInit failed: unknown CUDA error" $p x=zeros:64 scale=zeros:4 acc=zeros:4 \
  y=zeros:64 n=16 ;;
esac
exit $fails
