#!/bin/sh
# Runs the cases that run_e2e.py --export-gpu DIR wrote on an NVIDIA GPU with
# gs-cuda-run, and compares every output with the reference's as run_e2e.py
# does (run_e2e.py --check-export: exact bytes, or the comparison the case
# names, and every output written by one side only is a failure).
# Usage: gpu_check.sh DIR GS_CUDA_RUN [OUT [RUN_ARGS]]: RUN_ARGS go to every
# gs-cuda-run (--devices 3: each grid over three logical devices, the same
# bytes as on one; --physical-groups N). Exit status 0 only when every
# case passed; the cases the export left out, each with its reason, are
# listed in DIR/exceptions.txt and printed.
here=$(cd "$(dirname "$0")" && pwd)
dir=$1 run=$2 out=${3:-/tmp/gs-gpu-out} run_args=${4:-}
pass=0 fail=0
mkdir -p "$out"
if [ ! -s "$dir/cases.txt" ]; then
  echo "gpu_check: no cases in $dir/cases.txt"
  echo "0 passed, 1 failed"
  exit 1
fi
# compare_case CASE_DIR OUT_DIR EXACT: prints the differences; status 0 when
# there are none.
compare_case() {
  if [ -f "$1/compare.json" ]; then
    python3 "$here/run_e2e.py" --check-export "$1" "$2"
  elif [ -n "$3" ]; then
    status=0
    for name in $3; do
      cmp -s "$1/expected/$name.bin" "$2/$name.bin" || { echo "$name differs"; status=1; }
    done
    return $status
  else
    echo "neither compare.json nor a list of outputs to compare"
    return 1
  fi
}

# A line: SLUG|KERNEL|GRID|WG|ITEMS[|EXACT]. run_e2e.py's cases carry
# compare.json; test/programs/run_programs.py's name in EXACT the outputs
# compared byte for byte (every host output of the plan).
while IFS='|' read -r slug kernel grid wg items exact; do
  case_dir=$dir/$slug
  rm -rf "${out:?}/$slug"
  # shellcheck disable=SC2086 # ITEMS and RUN_ARGS hold several arguments
  if ! (cd "$case_dir" && "$run" $run_args --plan kernel.plan.json --kernel "$kernel" --grid "$grid" \
      --workgroup "$wg" --out "$out/$slug" kernel.ptx $items) > "$out.log" 2>&1; then
    fail=$((fail + 1)); echo "FAIL $slug: $(tail -1 "$out.log")"; continue
  fi
  if compare_case "$case_dir" "$out/$slug" "$exact" > "$out.log" 2>&1; then
    pass=$((pass + 1)); echo "PASS $slug"; sed 's/^/    /' "$out.log"
  else
    fail=$((fail + 1)); echo "FAIL $slug:"; sed 's/^/    /' "$out.log"
  fi
done < "$dir/cases.txt"
if [ -s "$dir/exceptions.txt" ]; then
  echo "not exported, each for its reason:"
  sed 's/^/  /' "$dir/exceptions.txt"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
