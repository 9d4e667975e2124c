#!/bin/sh
# Where a dynamic schedule's time goes on the GPU (run in the folder
# prepare.sh wrote): each kernel's duration under ncu (--clock-control none:
# the clocks as they are), for the first 300 launches of one run of the
# CUDA split's cg at 2^20, per segment and step kernel, for each PTX given
# (e.g. workloads.ptx and a variant). It found cg's group-0 segments at 43
# us where they had taken 14 (lib/virtual.c, record_choices).
#   sh ncu_segments.sh workloads.ptx [OTHER.ptx ...]
cd "$(dirname "$0")"
[ -x gs-cuda-run ] || cc -O2 -I/usr/local/cuda/include -I. gs_cuda_run.c hostplan.c json.c order.c \
  -L/usr/local/cuda/lib64/stubs -lcuda -o gs-cuda-run || exit 1
python3 -c "
import numpy as np, run
names, grid, moved = run.inputs('cg', 1 << 20, '/tmp/cgin', np.random.default_rng(2026))
print(' '.join('%s=@/tmp/cgin/%s.bin' % (b, b) for b in names))" > /tmp/cgargs
for ptx in "$@"; do
  echo "== $ptx"
  ncu --clock-control none --metrics gpu__time_duration.sum --launch-count 300 --csv \
    ./gs-cuda-run --plan workloads.plan.json --kernel cg --grid 1048576 --workgroup 256 \
    --repeat 1 --out /tmp/cgo "$ptx" $(cat /tmp/cgargs) n=1048576 nx=1024 maxit=200 tol2=1e-8 \
    > /tmp/ncu.csv 2>/tmp/ncu.err || { tail -5 /tmp/ncu.err; continue; }
  python3 - <<'PY'
import csv, collections
rows = [r for r in csv.reader(open('/tmp/ncu.csv')) if len(r) > 10]
hdr = rows[0]; k = hdr.index('Kernel Name'); v = hdr.index('Metric Value'); u = hdr.index('Metric Unit')
agg = collections.defaultdict(list)
for r in rows[1:]:
    x = float(r[v].replace(',', ''))
    x = x / 1000 if r[u] in ('nsecond', 'ns') else x * (1000 if r[u] in ('msecond', 'ms') else 1)
    agg[r[k][:40]].append(x)
for name, xs in sorted(agg.items()):
    xs.sort()
    print('%-40s n=%4d median %8.2f us  sum %9.1f us' % (name, len(xs), xs[len(xs)//2], sum(xs)))
PY
done
