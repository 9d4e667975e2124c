#!/bin/sh
# Where a dynamic schedule's time goes on the GPU (run in the folder
# prepare.sh wrote): each kernel's duration under ncu (--clock-control none:
# the clocks as they are), for the first 300 launches of one run of the
# CUDA split's cg at 2^E (GS_NCU_E, default 20), per segment and step
# kernel, with the DRAM bytes each read and wrote, for each PTX given (e.g.
# workloads.ptx and a variant, with its X.plan.json where there is one). It
# found cg's group-0 segments at 43 us where they had taken 14
# (lib/virtual.c, record_choices).
#   [GS_NCU_E=24] sh ncu_segments.sh workloads.ptx [OTHER.ptx ...]
cd "$(dirname "$0")"
[ -x gs-cuda-run ] || sh build.sh || exit 1
e=${GS_NCU_E:-20}
n=$((1 << e))
python3 -c "
import numpy as np, run
names, grid, moved = run.inputs('cg', $n, '/tmp/cgin', np.random.default_rng(2026))
print(' '.join('%s=@/tmp/cgin/%s.bin' % (b, b) for b in names))
print(run.scalars('cg', $n)[1].split('=')[1])" > /tmp/cgargs
for ptx in "$@"; do
  echo "== $ptx"
  plan=${ptx%.ptx}.plan.json
  [ -f "$plan" ] || plan=workloads.plan.json
  ncu --clock-control none --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum \
    --launch-count 300 --csv \
    ./gs-cuda-run --plan "$plan" --kernel cg --grid $n --workgroup 256 \
    --repeat 1 --out /tmp/cgo "$ptx" $(head -1 /tmp/cgargs) n=$n nx=$(tail -1 /tmp/cgargs) \
    maxit=200 tol2=1e-8 \
    > /tmp/ncu.csv 2>/tmp/ncu.err || { tail -5 /tmp/ncu.err; continue; }
  python3 - <<'PY'
import csv, collections
rows = [r for r in csv.reader(open('/tmp/ncu.csv')) if len(r) > 10]
hdr = rows[0]; k = hdr.index('Kernel Name'); v = hdr.index('Metric Value'); u = hdr.index('Metric Unit')
m = hdr.index('Metric Name')
agg = collections.defaultdict(lambda: collections.defaultdict(list))
scale = {'nsecond': 1e-3, 'ns': 1e-3, 'usecond': 1, 'us': 1, 'msecond': 1e3, 'ms': 1e3,
         'byte': 1, 'Kbyte': 1e3, 'Mbyte': 1e6, 'Gbyte': 1e9, 'KB': 1e3, 'MB': 1e6, 'GB': 1e9}
for r in rows[1:]:
    agg[r[k][:40]][r[m]].append(float(r[v].replace(',', '')) * scale.get(r[u], 1))
for name, ms in sorted(agg.items()):
    t = sorted(ms['gpu__time_duration.sum'])
    rd = sorted(ms['dram__bytes_read.sum']); wr = sorted(ms['dram__bytes_write.sum'])
    print('%-40s n=%4d median %8.2f us  sum %9.1f us  DRAM median read %.1f MB write %.1f MB' % (
        name, len(t), t[len(t)//2], sum(t), rd[len(rd)//2] / 1e6, wr[len(wr)//2] / 1e6))
PY
done
