#!/bin/sh
# Builds gs-cuda-run in the folder copy_sources.sh filled, against CUDA's
# driver API (CUDA_HOME, default /usr/local/cuda)
set -eu
cd "$(dirname "$0")"
cuda=${CUDA_HOME:-/usr/local/cuda}
cc -O2 -I"$cuda/include" -I. gs_cuda_run.c nvlink.c hostplan.c json.c order.c devices.c \
  -L"$cuda/lib64/stubs" -lcuda -ldl -o gs-cuda-run
