#!/bin/sh
# Installs every Debian package gridsplit needs to build and test. Idempotent.
set -eu
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
PKGS="cmake make gcc g++ pkg-config
llvm-15-dev llvm-15-tools clang-15 libclang-15-dev lld-15
llvm-spirv-15 libllvmspirvlib-15-dev spirv-tools
check pocl-opencl-icd ocl-icd-opencl-dev opencl-headers
llvm-22-dev llvm-22-tools clang-22 libclang-22-dev lld-22
libvulkan-dev mesa-vulkan-drivers
python3"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  $SUDO apt-get update -q
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends $missing
fi
