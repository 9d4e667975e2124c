#!/usr/bin/env bash
# The roles benchmark: for each (N instructions, B barriers) of the sweep,
# generate a kernel, time gs_analyze on it (gs-bench-roles, minimum of a few
# runs) and `opt -passes=verify -disable-output` on the same file, and print
# one row. See bench/README.md.
#
#   roles.sh --gen GS_BENCH_GEN --roles GS_BENCH_ROLES --opt OPT [--quick] [--split]
#            [--sizes "1000 10000 ..."] [--barriers "1 10 ..."]
set -euo pipefail

gen="" roles="" opt="" mode=""
sizes="1000 10000 100000 1000000"
barrier_counts="1 10 100 1000 10000"
while [ $# -gt 0 ]; do
  case "$1" in
    --gen) gen=$2; shift 2 ;;
    --roles) roles=$2; shift 2 ;;
    --opt) opt=$2; shift 2 ;;
    --sizes) sizes=$2; shift 2 ;;
    --barriers) barrier_counts=$2; shift 2 ;;
    --quick) sizes="1000 10000 100000"; shift ;;
    --split) mode="--split"; shift ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "roles.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
for tool in "$gen" "$roles" "$opt"; do
  if [ -z "$tool" ] || [ ! -x "$tool" ]; then
    echo "roles.sh: need --gen, --roles and --opt executables (got '$tool')" >&2
    exit 2
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/gs-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Wall seconds of one command, as a decimal.
seconds() {
  local t0 t1
  t0=$(date +%s%N)
  "$@"
  t1=$(date +%s%N)
  echo "$(( (t1 - t0) / 1000 ))" | awk '{ printf "%.6f", $1 / 1e6 }'
}

what=analysis_s
[ -n "$mode" ] && what=split_s
printf '%-8s %-6s %12s %10s %12s %12s %8s %9s\n' \
  N B "$what" ns/instr verify_s verify_in_s ratio ratio_in
start=$(date +%s)
for n in $sizes; do
  # Fewer repetitions where one run is long enough to time on its own.
  reps=5
  [ "$n" -ge 100000 ] && reps=3
  [ "$n" -ge 1000000 ] && reps=2
  for b in $barrier_counts; do
    [ "$b" -lt $(( n / 20 )) ] || continue
    ll="$work/k_${n}_${b}.ll"
    "$gen" "$n" "$b" > "$ll"
    read -r analysis verify_in count found < <("$roles" $mode "$ll" "$reps")
    if [ "$count" -ne "$n" ] || [ "$found" -ne "$b" ]; then
      echo "roles.sh: $ll has $count instructions and $found barriers, expected $n and $b" >&2
      exit 1
    fi
    # opt runs as a whole process (parse + verify), as a user would run it;
    # verify_in_s is LLVMVerifyModule alone, in gs-bench-roles' process.
    verify=""
    for _ in $(seq "$reps"); do
      t=$(seconds "$opt" -passes=verify -disable-output "$ll" 2>/dev/null)
      if [ -z "$verify" ] || awk "BEGIN { exit !($t < $verify) }"; then verify=$t; fi
    done
    awk -v n="$n" -v b="$b" -v a="$analysis" -v v="$verify" -v vi="$verify_in" 'BEGIN {
      printf "%-8d %-6d %12.6f %10.1f %12.6f %12.6f %8.3f %9.2f\n", n, b, a, a * 1e9 / n, v, vi,
             a / v, (vi > 0 ? a / vi : 0) }'
    rm -f "$ll"
  done
done
echo "# ($what: gs_analyze, or gs_split_module with --split)"
echo "# ratio = analysis_s / verify_s (the opt process: parse + verify);"
echo "# ratio_in = analysis_s / verify_in_s (LLVMVerifyModule alone, same process);"
echo "# $(( $(date +%s) - start )) s in all"
