#!/bin/bash
# The GPU runs that issues 14 (loops of grid barriers against grid.sync())
# and 15 (one grid over several GPUs) wait for, prepared here into one
# folder inside the checkout that the device tool carries (with .gl, the
# Vulkan loader's debs: bench/gpu/README.md), then run there in parts that
# each end inside one call's 10 minutes.
#
#   scripts/gpu_session.sh prepare DIR
#       here: needs build/llvm15 and build/llvm22 (LLVM, POCL, gs-reference);
#       DIR is a folder of the checkout named build* (build-gpu), which git
#       ignores, so the device tool's call names it in `carry`, with .gl
#       (the Vulkan loader's debs: bench/gpu/README.md); prepare again after
#       a change, since DIR holds the split kernels (DIR/REV says from what)
#   scripts/gpu_session.sh run DIR PART [RUN.PY ARGS]
#       on the GPU machine, in the checkout's root; PART is one of
#         checks          one GPU: test/cuda/devices.sh and hoist_unwritten.sh
#                         against POCL's bytes, gs-cuda-run --nvlink-bytes
#                         once, the exported corpus (LLVM 22, sm_90) on one
#                         device
#         corpus-devices  one GPU: the corpus on 2 and 3 logical devices
#         bench           one GPU: bench/gpu/run.py, every workload and size
#                         through CUDA and Vulkan (issue 14's table)
#         bench-devices   one GPU: run.py --devices 2 at 2^24 and 2^27, CUDA
#                         only (the speed-up of 2 logical devices, the bytes)
#         multi-corpus    every GPU there (nvidia-h200-x2, -x4): the corpus
#                         split with --system-atomics on as many devices
#         multi-bench     run.py --devices G at 2^24 and 2^27
#         multi-30        run.py --devices G at 2^30, 3 runs a case (narrow
#                         it with --workload NAME to fit a call)
#         multi-big       fill_sum over 2^36 elements (256 GB) on G GPUs,
#                         and 2^30 on one and on G, the same bytes
#       Arguments after PART go to run.py (bench, bench-devices,
#       multi-bench, multi-30: --workload NAME, --size E).
# Each part's output goes to stdout and, where $OUT is set, to
# $OUT/PART.txt (and a corpus's whole log to $OUT/corpus-N.txt).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
mode=$1 dir=$2
case $dir in /*) ;; *) dir=$(pwd)/$dir ;; esac

if [ "$mode" = prepare ]; then
  b15=$src/build/llvm15 b22=$src/build/llvm22
  for f in "$b15/tools/gridsplit" "$b22/tools/gridsplit" "$b22/runtime/gs-vk-run"; do
    [ -x "$f" ] || { echo "gpu_session: $f is not built" >&2; exit 1; }
  done
  case $(basename "$dir") in
  build*) ;;
  *)
    echo "gpu_session: DIR must be a folder named build* in the checkout (.gitignore)" >&2
    exit 2
    ;;
  esac
  rm -rf "$dir"
  mkdir -p "$dir"
  git -C "$src" rev-parse HEAD >"$dir/REV"
  sh "$src/test/cuda/devices.sh" prepare "$dir/devices" "$b15/tools/gridsplit" \
    "$b22/tools/gridsplit" >/dev/null
  sh "$src/test/cuda/hoist_unwritten.sh" prepare "$dir/hoist" "$b15/tools/gridsplit" \
    "$b22/tools/gridsplit" >/dev/null
  "$src/bench/gpu/prepare.sh" "$b22/tools/gridsplit" "$dir/bench" "$b22/runtime/gs-vk-run" \
    >/dev/null 2>&1
  # the corpus twice: as split, and with atomics of the system's scope
  for c in corpus:"" corpus-sys:--system-atomics; do
    name=${c%%:*} args=${c#*:}
    (cd "$b15" && python3 "$src/test/e2e/run_e2e.py" --tool tools/gridsplit \
      --reference tools/gs-reference --plain test/e2e/gs-plain-reference \
      --clang /usr/lib/llvm-15/bin/clang --skip-large -j 2 \
      --reference-cache test/e2e/reference-cache --export-gpu "$dir/$name" \
      --export-tool "$b22/tools/gridsplit" --export-clang /usr/lib/llvm-22/bin/clang \
      --export-mcpu sm_90 ${args:+"--export-args=$args"} >"$dir/$name.log" 2>&1) ||
      { tail -20 "$dir/$name.log" >&2; exit 1; }
  done
  du -sh "$dir"
  exit 0
fi

part=$3
shift 3
log=/dev/null
[ -n "${OUT:-}" ] && log=$OUT/$part.txt
# gs-cuda-run from the checkout's sources (test/cuda/common.sh)
runner() {
  . "$src/test/cuda/common.sh"
  mkdir -p /tmp/gs-runner
  (cd /tmp/gs-runner && copy_runner && build_runner)
}
vulkan_loader() {
  for f in "$src"/.gl/*.deb; do dpkg -x "$f" /; done
  ldconfig
}
# corpus NAME EXPORT ARGS: the exported corpus through gpu_check.sh with
# gs-cuda-run's ARGS; every line but the passes printed, the whole log in
# $OUT/NAME.txt where OUT is set
corpus() {
  local out=/tmp/gs-$1.txt st=0
  sh "$src/test/e2e/gpu_check.sh" "$dir/$2" /tmp/gs-runner/gs-cuda-run "/tmp/gs-$1" "$3" \
    >"$out" 2>&1 || st=1
  grep -v '^PASS' "$out" || true
  [ -n "${OUT:-}" ] && cp "$out" "$OUT/$1.txt"
  return $st
}
stamp() {
  echo "[$(date +%H:%M:%S)] $*"
}
# the GPUs (not MIG instances)
gpus=$(nvidia-smi --query-gpu=index --format=csv,noheader | wc -l)
run_part() {
  local status=0
  stamp "gpu_session $part: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader |
    head -1), $gpus GPU(s); prepared from $(cat "$dir/REV" 2>/dev/null || echo '?')"
  case $part in
  checks)
    if sh "$src/test/cuda/devices.sh" run "$dir/devices"; then echo "devices.sh: passed"
    else echo "devices.sh: FAILED"; status=1; fi
    stamp "hoist_unwritten.sh"
    if sh "$src/test/cuda/hoist_unwritten.sh" run "$dir/hoist"; then echo "hoist_unwritten.sh: passed"
    else echo "hoist_unwritten.sh: FAILED"; status=1; fi
    runner
    # NVML's NVLink counters, read or a note saying why not (one GPU's
    # links carry nothing of this run)
    (cd "$dir/devices" && /tmp/gs-runner/gs-cuda-run --devices 2 --nvlink-bytes \
      --plan s2/w2.plan.json --kernel sweeps --grid 96 --workgroup 16 --out /tmp/gs-nv \
      s2/w2.ptx a=@a.bin b=zeros:308 sums=zeros:40 n=77 count=9) || status=1
    stamp "corpus on 1 device"
    corpus corpus-1 corpus "--devices 1" || status=1
    ;;
  corpus-devices)
    runner
    for n in 2 3; do
      stamp "corpus on $n logical devices"
      corpus corpus-$n corpus "--devices $n" || status=1
    done
    ;;
  bench)
    vulkan_loader
    (cd "$dir/bench" && PYTHONUNBUFFERED=1 python3 run.py "$@") || status=1
    ;;
  bench-devices)
    (cd "$dir/bench" && PYTHONUNBUFFERED=1 python3 run.py --no-vulkan --devices 2 --size 24 \
      --size 27 "$@") || status=1
    ;;
  multi-corpus | multi-bench | multi-30 | multi-big)
    if [ "$gpus" -lt 2 ]; then
      echo "$part: one GPU here; it needs nvidia-h200-x2 or -x4"
      return 1
    fi
    case $part in
    multi-corpus)
      runner
      stamp "corpus (--system-atomics) on $gpus GPUs"
      corpus corpus-sys-$gpus corpus-sys "--devices $gpus" || status=1
      ;;
    multi-bench)
      (cd "$dir/bench" && PYTHONUNBUFFERED=1 python3 run.py --no-vulkan --devices "$gpus" \
        --size 24 --size 27 "$@") || status=1
      ;;
    multi-30)
      (cd "$dir/bench" && PYTHONUNBUFFERED=1 python3 run.py --no-vulkan --devices "$gpus" \
        --size 30 --reps 3 "$@") || status=1
      ;;
    multi-big)
      (cd "$dir/bench" && PYTHONUNBUFFERED=1 python3 run.py --big 36 --devices "$gpus") || status=1
      ;;
    esac
    ;;
  *)
    echo "gpu_session: unknown part '$part' (checks, corpus-devices, bench, bench-devices," \
      "multi-corpus, multi-bench, multi-30, multi-big)"
    return 2
    ;;
  esac
  stamp "done"
  return $status
}
run_part "$@" 2>&1 | tee "$log"
