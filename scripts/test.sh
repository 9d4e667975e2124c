#!/bin/sh
# Builds gridsplit against LLVM 15 and LLVM 22 and runs every test on both:
# Check unit tests, lit + FileCheck regression tests, and the fixture corpus
# compared against the libclang oracle; then installs each build into a
# temporary prefix and builds examples/frontend against it alone.
set -eu
cd "$(dirname "$0")/.."
./scripts/setup.sh
for v in ${GRIDSPLIT_LLVM_VERSIONS:-15 22}; do
  dir=build/llvm$v
  echo "== LLVM $v =="
  cmake -S . -B "$dir" -DLLVM_DIR="/usr/lib/llvm-$v/lib/cmake/llvm" -DGRIDSPLIT_WERROR=ON >/dev/null
  cmake --build "$dir" -j2
  ctest --test-dir "$dir" -j2 --output-on-failure
  # the installed package, as a frontend compiler uses it
  examples/frontend/check.sh "$dir"
done
