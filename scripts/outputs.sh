#!/usr/bin/env bash
# The tool's outputs on every input of the tree, to show that a change keeps
# behaviour byte for byte (issue 12's corpus).
#
#   scripts/outputs.sh run TOOL DIR   runs TOOL (a gridsplit binary) on every
#       .ll, .cl and .gsp under lit/, test/ and examples/ with six option sets,
#       one folder per run in DIR: the module and plan (o/), stdout, stderr and
#       the exit code (rc)
#   scripts/outputs.sh diff A B       the runs whose files differ between two
#       such folders (the DIFile directory, which names the folder, aside);
#       exits 1 when any does
#
# Build the tool at the base and at the change, run both, then diff.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
case "${1:-}" in
  run)
    [ $# -eq 3 ] || { echo "usage: outputs.sh run TOOL DIR" >&2; exit 2; }
    tool=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
    [ -x "$tool" ] || { echo "outputs.sh: '$2' is not an executable" >&2; exit 2; }
    mkdir -p "$3"
    out=$(cd "$3" && pwd)
    n=0
    while IFS= read -r f; do
      for o in "" "--target nvptx" "--virtual-workgroups --drop-original" \
               "--distinct-buffers --target amdgcn" "--no-split" "-O0"; do
        case "$f" in *.ll | *.gsp) [ "$o" = "-O0" ] && continue ;; esac
        d="$out/$(echo "$f $o" | tr '/ ' '__')"
        mkdir -p "$d"
        # shellcheck disable=SC2086
        (cd "$d" && { timeout 120 "$tool" $o -o o --plan o/plan.json --print-roles \
                        "$root/$f" > stdout 2> stderr; echo $? > rc; } || true)
        n=$((n + 1))
      done
    done < <(cd "$root" && find lit test examples \( -name '*.ll' -o -name '*.cl' \
                                                    -o -name '*.gsp' \) | sort)
    echo "outputs.sh: $n runs in $out"
    ;;
  diff)
    [ $# -eq 3 ] || { echo "usage: outputs.sh diff A B" >&2; exit 2; }
    bad=0
    while IFS= read -r line; do
      case "$line" in
        "Files "*) set -- $line
          if ! diff -q -I 'directory: "' "$2" "$4" > /dev/null; then
            echo "differs: $2"; bad=$((bad + 1))
          fi ;;
        *) echo "$line"; bad=$((bad + 1)) ;;
      esac
    done < <(diff -r -q "$2" "$3" || true)
    echo "outputs.sh: $bad differing"
    [ "$bad" -eq 0 ]
    ;;
  *) echo "usage: outputs.sh run TOOL DIR | outputs.sh diff A B" >&2; exit 2 ;;
esac
