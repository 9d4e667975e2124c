#!/bin/sh
# The Vulkan side of bench/gpu: the workloads compiled for spir64 (names
# kept: the plans name the arguments as run.py binds them, in, p1, out, ...),
# each kernel emitted by gridsplit --target vulkan as compute shaders of 256
# invocations that loop over virtual workgroups (as the CUDA split's do), one
# module and plan per kernel (vk/NAME.spv, vk/NAME.plan.json), and gs-vk-run,
# which runs a kernel as its plan says (it needs only libc and
# libvulkan.so.1). run.py measures them when vk/ is in its folder. Split
# with --distinct-buffers, as prepare.sh splits the CUDA side.
# Usage: bench/gpu/prepare_vulkan.sh GRIDSPLIT GS_VK_RUN OUTDIR
# (GRIDSPLIT built on LLVM 22 or later; prepare.sh calls this when given
# GS_VK_RUN as its third argument.)
set -eu
tool=$1 run=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
major=$("$tool" --version | sed 's/.*(LLVM \([0-9]*\)).*/\1/')
if [ "$major" -lt 22 ]; then
  echo "prepare_vulkan.sh: --target vulkan needs a gridsplit built on LLVM 22 on ($tool: $major)" >&2
  exit 1
fi
llvm=/usr/lib/llvm-$major/bin
mkdir -p "$out/vk"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$llvm/clang" -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -fno-discard-value-names \
  -target spir64 -emit-llvm -c -O2 -o "$tmp/workloads.bc" "$here/workloads.cl"
for k in reduce scan histnorm jacobi jacobi_loop cg bfs; do
  "$tool" --target vulkan --virtual-workgroups --distinct-buffers --workgroup 256 --kernel "$k" -o "$tmp/$k" \
    "$tmp/workloads.bc"
  cp "$tmp/$k/workloads.spv" "$out/vk/$k.spv"
  cp "$tmp/$k/workloads.plan.json" "$out/vk/$k.plan.json"
done
cp "$run" "$out/gs-vk-run"
cp "$here/vk_profile.py" "$here/vk_probe.py" "$here/run.py" "$out/"
