#!/usr/bin/env bash
# The split benchmark (bench/README.md, "The split benchmark"): the split's
# time against LLVM's -O2 pipeline on the same generated kernels, both in
# one process, and the split's time per instruction as kernels grow.
#
#   split.sh --gen GS_BENCH_GEN --split GS_BENCH_SPLIT [--quick]
#
# Prints two tables and their worst figures:
#   1. N = 20000 instructions, B = 10, 20, 40, 80, 160 barriers:
#      split_s, o2_s and ratio = split_s / o2_s (issue 12: at most 0.25);
#   2. B = 10, N = 10^3 .. 10^6 (10^5 with --quick): split_s and ns/instr,
#      and spread = the largest ns/instr over the smallest, from 10^4 on
#      (10^3 is too small to time against the process's fixed costs); beside
#      them the baseline's ns/instr (LLVM's own copy, verifier and disposal of
#      the same module, timed in the same run: what the machine's caches do
#      to linear work on IR of that size) and the split's time over it, with
#      its spread too.
set -euo pipefail
gen="" split="" quick=0
while [ $# -gt 0 ]; do
  case "$1" in
    --gen) gen=$2; shift 2 ;;
    --split) split=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    *) echo "split.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [ -z "$gen" ] || [ -z "$split" ]; then
  echo "usage: split.sh --gen GS_BENCH_GEN --split GS_BENCH_SPLIT [--quick]" >&2
  exit 2
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/gs-bench-split.XXXXXX")
trap 'rm -rf "$work"' EXIT

row() { # N B REPS [--no-o2] -> "split_s o2_s llvm_s"
  local ll="$work/k_$1_$2.ll"
  "$gen" "$1" "$2" > "$ll"
  local out
  out=$("$split" ${4:-} "$ll" "$3")
  set -- $1 $2 $out
  if [ "$5" -ne "$1" ] || [ "$6" -ne "$2" ]; then
    echo "split.sh: $ll has $5 instructions and $6 barriers, expected $1 and $2" >&2
    exit 1
  fi
  rm -f "$ll"
  echo "$3 $4 $7"
}

echo "# 1. the split against default<O2>, N = 20000"
printf '%-8s %-6s %10s %10s %8s\n' N B split_s o2_s ratio
worst=0
for b in 10 20 40 80 160; do
  read -r s o _ < <(row 20000 "$b" 9)
  r=$(awk -v s="$s" -v o="$o" 'BEGIN { printf "%.3f", s / o }')
  printf '%-8d %-6d %10.4f %10.4f %8s\n' 20000 "$b" "$s" "$o" "$r"
  worst=$(awk -v a="$worst" -v b="$r" 'BEGIN { print (b > a ? b : a) }')
done
echo "# worst ratio: $worst (split_s / o2_s; the goal: at most 0.25)"

echo "# 2. time per instruction, B = 10"
printf '%-8s %-6s %10s %10s %12s %12s\n' N B split_s ns/instr base_ns/instr split/base
sizes="1000 10000 100000 1000000"
[ "$quick" = 1 ] && sizes="1000 10000 100000"
lo="" hi="" rlo="" rhi=""
for n in $sizes; do
  reps=5
  [ "$n" -ge 100000 ] && reps=2
  [ "$n" -ge 1000000 ] && reps=1
  read -r s o l < <(row "$n" 10 "$reps" --no-o2)
  ns=$(awk -v s="$s" -v n="$n" 'BEGIN { printf "%.1f", s * 1e9 / n }')
  bns=$(awk -v s="$l" -v n="$n" 'BEGIN { printf "%.1f", s * 1e9 / n }')
  r=$(awk -v s="$s" -v l="$l" 'BEGIN { printf "%.2f", s / l }')
  printf '%-8d %-6d %10.4f %10s %12s %12s\n' "$n" 10 "$s" "$ns" "$bns" "$r"
  if [ "$n" -ge 10000 ]; then
    lo=$(awk -v a="${lo:-$ns}" -v b="$ns" 'BEGIN { print (b < a ? b : a) }')
    hi=$(awk -v a="${hi:-$ns}" -v b="$ns" 'BEGIN { print (b > a ? b : a) }')
    rlo=$(awk -v a="${rlo:-$r}" -v b="$r" 'BEGIN { print (b < a ? b : a) }')
    rhi=$(awk -v a="${rhi:-$r}" -v b="$r" 'BEGIN { print (b > a ? b : a) }')
  fi
done
echo "# ns/instr spread from 10^4 on: $(awk -v a="$lo" -v b="$hi" 'BEGIN { printf "%.2f", b / a }') (largest / smallest; flat is near 1)"
echo "# split/base spread from 10^4 on: $(awk -v a="$rlo" -v b="$rhi" 'BEGIN { printf "%.2f", b / a }') (the same, against LLVM's own linear work)"
