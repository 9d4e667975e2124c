#!/bin/sh
# Installs the gridsplit of BUILD_DIR into a temporary prefix and builds this
# example against the installed package alone, through CMake
# (find_package(gridsplit CONFIG)) and through pkg-config, then checks what
# the frontend writes: the plan's roles, and (on LLVM 15, where POCL runs the
# segments) the bytes the installed tool computes from the frontend's module.
#
# usage: examples/frontend/check.sh BUILD_DIR
set -eu
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

cmake --install "$build" --prefix "$prefix" >/dev/null

# CMake: nothing of the source tree or the build is on any search path
cmake -S "$here" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/cmake" >/dev/null
# pkg-config, the way a Makefile would build it
PKG_CONFIG_PATH=$prefix/lib/pkgconfig
export PKG_CONFIG_PATH
# shellcheck disable=SC2046
cc -o "$work/frontend-pc" "$here/frontend.c" $(pkg-config --cflags --libs gridsplit)

for fe in "$work/cmake/frontend" "$work/frontend-pc"; do
  out=$work/out-$(basename "$fe")
  mkdir -p "$out"
  (cd "$out" && "$fe" pairs.ll pairs.plan.json) >"$out/stdout"
  grep -qx 'pairs: 1 grid barrier(s)' "$out/stdout"
  python3 - "$out/pairs.plan.json" <<'EOF'
import json, sys
plan = json.load(open(sys.argv[1]))
(k,) = plan["kernels"]
got = [[(b["name"], b["role"]) for b in s["buffers"]] for s in k["segments"]]
want = [[("a", "read"), ("twice", "write")], [("twice", "read"), ("pairs", "write")]]
if got != want:
    sys.exit("frontend check: roles %s, expected %s" % (got, want))
EOF
done

# the installed plugin loads into opt
opt=$(sed -n 's/^set(gridsplit_LLVM_DIR "\(.*\)\/lib\/cmake\/llvm")$/\1/p' \
  "$prefix/lib/cmake/gridsplit/gridsplitConfig.cmake")/bin/opt
plugin=$prefix/lib/gridsplit/GridSplit.so
test -f "$plugin"
# (LLVM 22's opt warns that it has no spir64 target machine: its stderr is
# shown only when it fails)
"$opt" -load-pass-plugin "$plugin" -passes=verify -disable-output "$work/out-frontend/pairs.ll" \
  2>"$work/opt.err" || { cat "$work/opt.err" >&2; exit 1; }

# the installed tool runs the frontend's split module (POCL reads LLVM 15 bitcode)
if "$prefix/bin/gridsplit" --version | grep -q 'LLVM 15'; then
  out=$work/out-frontend
  python3 -c 'import struct, sys; sys.stdout.buffer.write(struct.pack("<100I", *range(1, 101)))' \
    >"$out/a.bin"
  "$prefix/bin/gridsplit" run --plan "$out/pairs.plan.json" --grid 128 --workgroup 64 \
    --out "$out/run" "$out/pairs.ll" a=@"$out/a.bin" twice=zeros:400 pairs=zeros:400 \
    a_len=100 twice_len=100 pairs_len=100 >/dev/null
  python3 - "$out/run/pairs.bin" <<'EOF'
import struct, sys
got = list(struct.unpack("<100I", open(sys.argv[1], "rb").read()))
a = list(range(1, 101))
want = [2 * a[i] + 2 * a[(i + 1) % 100] for i in range(100)]
if got != want:
    i = next(i for i in range(100) if got[i] != want[i])
    sys.exit("frontend check: pairs[%d] = %d, expected %d" % (i, got[i], want[i]))
EOF
fi
# Where CUDA's header and stub driver are installed, the CUDA runner builds
# from the installed sources and the prefix's headers alone, as
# gs_cuda_run.c says.
cuda=${CUDA_HOME:-/usr/local/cuda}
if [ -f "$cuda/include/cuda.h" ] && [ -f "$cuda/lib64/stubs/libcuda.so" ]; then
  rt=$prefix/share/gridsplit/runtime
  cc -O2 -I"$cuda/include" -I"$prefix/include" "$rt/cuda/gs_cuda_run.c" "$rt/cuda/nvlink.c" \
    "$rt/hostplan.c" "$rt/json.c" "$rt/order.c" "$rt/devices.c" -L"$cuda/lib64/stubs" -lcuda \
    -ldl -o "$work/gs-cuda-run"
fi
echo "examples/frontend: built against the installed package (CMake and pkg-config), plan and bytes as expected"
