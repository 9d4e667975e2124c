#!/bin/sh
# From a fresh machine to a result: installs what gridsplit needs, builds it,
# and analyses the bundled histogram kernel: prints its per-segment roles and
# writes the plan to gridsplit-out/histogram.plan.json.
set -eu
cd "$(dirname "$0")/.."
./scripts/setup.sh
cmake -S . -B build/llvm15 >/dev/null
cmake --build build/llvm15 -j2 --target gridsplit-tool
build/llvm15/tools/gridsplit --print-roles "${1:-examples/histogram.cl}"
echo "split module and plan written to gridsplit-out/"
