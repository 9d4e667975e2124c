#!/bin/sh
# The lit Run_vulkan_* cases on another machine's Vulkan device (issue 13: the
# H200's NVIDIA driver beside lavapipe): the same shaders, inputs and
# independent references, without LLVM there.
#
#   test/vulkan/device_check.sh prepare BUILD DIR   after BUILD's lit ran
#       (LLVM 22): copies gs-vk-exec, the emitted modules and the reference
#       scripts into DIR, with this script
#   DIR/device_check.sh run DIR                     on the device's machine:
#       each case's bytes "as expected", or "differ"; exit 1 on any failure
#
# On the GPU machine the Vulkan loader comes as Debian's libvulkan1, unpacked
# (the device README's recipe), with VK_DRIVER_FILES naming NVIDIA's ICD.
set -eu
case "${1:-}" in
  prepare)
    [ $# -eq 3 ] || { echo "usage: device_check.sh prepare BUILD DIR" >&2; exit 2; }
    root=$(cd "$(dirname "$0")/../.." && pwd)
    out=$2/lit/Output
    mkdir -p "$3"
    cp "$2/runtime/gs-vk-exec" "$0" "$3/"
    for f in vk_rich vk_scale vk_dynamic vk_builtins; do cp "$root/lit/Inputs/$f.py" "$3/"; done
    cp "$out/Run_vulkan_rich.ll.tmp/Target_vulkan_backend_mends.spv" "$3/rich.spv"
    cp "$out/Run_vulkan_scale.ll.tmp/Target_vulkan_shaders.spv" "$3/scale.spv"
    cp "$out/Run_vulkan_dynamic.ll.tmp/iter.spv" "$3/iter.spv"
    cp "$out/Run_vulkan_builtins.ll.tmp/Run_vulkan_builtins.spv" "$3/builtins.spv"
    ;;
  run)
    [ $# -eq 2 ] || { echo "usage: device_check.sh run DIR" >&2; exit 2; }
    cd "$2"
    X=./gs-vk-exec
    for t in rich scale dyn5 dyn1 builtins; do rm -rf "$t" && mkdir "$t"; done
    fail=0
    python3 vk_rich.py make rich
    $X rich.spv --groups 2 --push 03000000 --buffer rich/x --buffer rich/flags \
      --buffer rich/wide --buffer rich/hist --entry rich.seg0 --entry rich.seg1 &&
      python3 vk_rich.py check rich || fail=1
    python3 vk_scale.py make scale
    $X scale.spv --groups 2 --push 0000004064000000 --buffer scale/in --buffer scale/out \
      --buffer scale/state --entry scale.seg0 --entry scale.seg1 &&
      python3 vk_scale.py check scale || fail=1
    for n in 5 1; do
      python3 vk_dynamic.py make "dyn$n" "$n"
      $X iter.spv --groups 2 --control 3 --buffer "dyn$n/a" --buffer "dyn$n/steps" \
        --buffer "dyn$n/state" --buffer "dyn$n/ctl" --entry iter.seg0 --entry iter.seg1 &&
        python3 vk_dynamic.py check "dyn$n" "$n" || fail=1
    done
    python3 vk_builtins.py make builtins
    $X builtins.spv --groups 2 --buffer builtins/x --buffer builtins/out \
      --buffer builtins/counts --buffer builtins/state --entry ops.seg0 --entry ops.seg1 &&
      python3 vk_builtins.py check builtins || fail=1
    exit $fail
    ;;
  *) echo "usage: device_check.sh prepare BUILD DIR | run DIR" >&2; exit 2 ;;
esac
