#!/bin/sh
# Builds what bench/gpu/run.sh needs on the GPU machine, here (where LLVM is):
# the four workloads compiled for NVPTX with the device library
# (lowering/opencl_nvptx.ll), split by gridsplit (virtual workgroups, NVPTX's
# default) and emitted as PTX, with their plans: for sm_90 with a gridsplit
# built on LLVM 22, for sm_80 (which the driver compiles for the H200) with
# one built on LLVM 15, whose NVPTX backend does not know sm_90.
# Given GS_VK_RUN (and a gridsplit on LLVM 22 on), also the Vulkan side:
# prepare_vulkan.sh's shaders, plans and gs-vk-run, which run.py then
# measures beside the others. Every workload's buffers are distinct, and
# the split is told so (--distinct-buffers; the runners check it at launch),
# as a user who knows it tells it: cg's segments then read p[i] and r[i]
# again where they would carry them (docs/split.md, "Reading a value again").
# Usage: bench/gpu/prepare.sh GRIDSPLIT OUTDIR [GS_VK_RUN]
set -eu
tool=$1 out=$2 vkrun=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
major=$("$tool" --version | sed 's/.*(LLVM \([0-9]*\)).*/\1/')
llvm=/usr/lib/llvm-$major/bin
mcpu=sm_80
[ "$major" -lt 20 ] || mcpu=sm_90
mkdir -p "$out"
"$llvm/clang" -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -fno-discard-value-names \
  -target nvptx64-nvidia-cuda -emit-llvm -c -O2 -o "$out/k.bc" "$here/workloads.cl"
"$llvm/llvm-link" "$out/k.bc" "$here/../../lowering/opencl_nvptx.ll" -o "$out/linked.bc"
"$llvm/opt" -passes=always-inline,instcombine,globaldce "$out/linked.bc" -o "$out/workloads.bc"
"$tool" --target nvptx --mcpu "$mcpu" --drop-original --distinct-buffers -o "$out" "$out/workloads.bc"
# the same with atomics of the system's scope, for grids over several GPUs
# (run.py --devices, --big)
"$tool" --target nvptx --mcpu "$mcpu" --drop-original --distinct-buffers --system-atomics \
  -o "$out/sys" "$out/workloads.bc"
rm -f "$out/k.bc" "$out/linked.bc"
cp "$here/coop.cu" "$here/run.py" "$here/ncu_segments.sh" "$out/"
sh "$here/../../runtime/cuda/copy_sources.sh" "$out"
[ -z "$vkrun" ] || "$here/prepare_vulkan.sh" "$tool" "$vkrun" "$out"
