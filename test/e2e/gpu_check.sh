#!/bin/sh
# Runs the cases that run_e2e.py --export-gpu DIR wrote on an NVIDIA GPU with
# gs-cuda-run, and compares every exactly-compared output byte for byte with
# the reference's. Usage: gpu_check.sh DIR GS_CUDA_RUN [OUT]
dir=$1 run=$2 out=${3:-/tmp/gs-gpu-out}
pass=0 fail=0
mkdir -p "$out"
while IFS='|' read -r slug kernel grid wg items exact; do
  case_dir=$dir/$slug
  rm -rf "$out/$slug"
  # shellcheck disable=SC2086 # ITEMS holds several arguments
  if ! (cd "$case_dir" && "$run" --plan kernel.plan.json --kernel "$kernel" --grid "$grid" \
      --workgroup "$wg" --out "$out/$slug" kernel.ptx $items) > "$out.log" 2>&1; then
    fail=$((fail + 1)); echo "FAIL $slug: $(tail -1 "$out.log")"; continue
  fi
  bad=""
  for name in $exact; do
    cmp -s "$case_dir/expected/$name.bin" "$out/$slug/$name.bin" || bad="$bad $name"
  done
  if [ -n "$bad" ]; then fail=$((fail + 1)); echo "FAIL $slug: differs:$bad"
  else pass=$((pass + 1)); echo "PASS $slug"; fi
done < "$dir/cases.txt"
echo "$pass passed, $fail failed"
