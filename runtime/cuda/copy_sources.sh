#!/bin/sh
# gs-cuda-run's sources, copied flat into DEST for the GPU machine (which has
# no LLVM and needs none), with build.sh, which builds them there:
#   runtime/cuda/copy_sources.sh DEST      (here)
#   sh DEST/build.sh                       (there: DEST/gs-cuda-run)
# The one list of the runner's sources; test/cuda and bench/gpu copy it so.
set -eu
rt=$(cd "$(dirname "$0")/.." && pwd)
dest=$1
mkdir -p "$dest/gridsplit"
cp "$rt/cuda/gs_cuda_run.c" "$rt/cuda/nvlink.c" "$rt/cuda/nvlink.h" "$rt/cuda/build.sh" \
  "$rt/hostplan.c" "$rt/hostplan.h" "$rt/json.c" "$rt/json.h" "$rt/order.c" "$rt/order.h" \
  "$rt/devices.c" "$rt/devices.h" "$dest/"
cp "$rt/../include/gridsplit/control_word.h" "$dest/gridsplit/"
# runtime/'s headers lie beside it now
sed -i 's|#include "\.\./\([a-z_]*\.h\)"|#include "\1"|' "$dest/gs_cuda_run.c"
