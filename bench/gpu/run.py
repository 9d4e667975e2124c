#!/usr/bin/env python3
"""bench/gpu on an NVIDIA GPU: the four grid-sync workloads as split PTX
(gs-cuda-run, virtual workgroups, static schedules replayed as one CUDA graph)
against the same algorithms with cooperative groups (coop), at 2^20, 2^24 and
2^27 elements in one run. Prints per workload and size the time of each, the
ratio split/cooperative, the achieved bandwidth against the device's copy
bandwidth measured in the same run, whether the outputs are the same bytes,
and the largest grid each accepts. Run in the folder prepare.sh wrote."""
import os, subprocess, sys
import numpy as np

WG = 256
here = os.path.dirname(os.path.abspath(__file__))
cuda = os.environ.get("CUDA_HOME", "/usr/local/cuda")


def sh(cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), r.stdout))
    return r.stdout


def ceil(a, b):
    return (a + b - 1) // b


def inputs(name, n, d, rng):
    """Every buffer of the workload as a file (the same for both), the grid,
    and the bytes the algorithm must move."""
    os.makedirs(d, exist_ok=True)
    m1 = ceil(n, WG); m2 = ceil(m1, WG)
    z = lambda k: np.zeros(k, np.uint32)
    if name == "reduce":
        bufs = {"in": rng.integers(0, 2**32, n, dtype=np.uint32), "p1": z(m1), "p2": z(m2),
                "out": z(1)}
        grid, moved = ceil(n, WG) * WG, 4 * n
    elif name == "scan":
        bufs = {"in": rng.integers(0, 2**16, n, dtype=np.uint32), "out": z(n), "s0": z(m1),
                "s1": z(max(m2, 1)), "s2": z(WG)}
        grid, moved = ceil(n, WG) * WG, 16 * n
    elif name == "histnorm":
        bufs = {"in": rng.integers(0, 2**32, n, dtype=np.uint32), "hist": z(WG), "out": z(n)}
        grid, moved = ceil(n, 8 * WG) * WG, 12 * n
    else:
        bufs = {"a": rng.random(n, dtype=np.float32), "b": np.zeros(n, np.float32)}
        grid, moved = ceil(n, WG) * WG, 8 * 8 * n
    for k, v in bufs.items():
        v.tofile(os.path.join(d, k + ".bin"))
    return list(bufs), grid, moved


def main():
    os.chdir(here)
    # the PTX to measure: the first is the table's, others add their ratios;
    # --workload NAME (repeatable) measures only those
    args, only = sys.argv[1:], []
    while "--workload" in args:
        i = args.index("--workload")
        only.append(args[i + 1])
        del args[i:i + 2]
    ptxs = args or ["workloads.ptx"]
    sh(["nvcc", "-O3", "-arch=sm_90", "--fmad=false", "-o", "coop", "coop.cu"])
    sh(["cc", "-O2", "-I%s/include" % cuda, "-I.", "gs_cuda_run.c", "hostplan.c", "json.c",
        "order.c",
        "-L%s/lib64/stubs" % cuda, "-lcuda", "-o", "gs-cuda-run"])
    copy = float(sh(["./coop", "copy", str(1 << 30), "20"]).split()[1])
    print("device copy bandwidth: %.0f GB/s (read + write)" % copy)
    maxgrid = dict(l.split() for l in sh(["./coop", "maxgrid"]).splitlines())
    rng = np.random.default_rng(2026)
    print("%-9s %10s %12s %12s %7s %10s %10s %6s %7s" % ("workload", "elements", "split us",
          "coop us", "ratio", "split %cp", "coop %cp", "same", "spread"))
    worst = 0.0
    for e in (20, 24, 27):
        n = 1 << e
        reps = {20: 200, 24: 50, 27: 15}[e]
        for name in only or ("reduce", "scan", "histnorm", "jacobi", "jacobi_loop"):
            d = os.path.join("/tmp/gsb", "%s_%d" % (name, e))
            names, grid, moved = inputs(name, n, d, rng)
            so, co = d + "/split", d + "/coop"
            os.makedirs(so, exist_ok=True); os.makedirs(co, exist_ok=True)
            # each measured twice, alternating, the smaller median kept; the
            # spread between a version's two medians says what is noise
            ts, tc = {p: [] for p in ptxs}, []
            for _ in range(2):
                for ptx in ptxs:
                    out = sh(["./gs-cuda-run", "--plan", "workloads.plan.json", "--kernel", name,
                              "--grid", str(grid), "--workgroup", str(WG), "--graph", "--repeat",
                              str(reps), "--out", so, ptx] +
                             ["%s=@%s/%s.bin" % (b, d, b) for b in names] + ["n=%d" % n] +
                             (["sweeps=8"] if name == "jacobi_loop" else []))
                    ts[ptx].append(float(out.split(" us per run")[0].split()[-1]))
                out = sh(["./coop", name, str(n), str(reps), d, co])
                tc.append(float(out.split(" us per run")[0].split()[-1]))
            spread = max([max(tc) / min(tc)] + [max(v) / min(v) for v in ts.values()]) - 1
            tc = min(tc)
            extra = " ".join("%s %.2f" % (p, min(v) / tc) for p, v in ts.items() if p != ptxs[0])
            ts = min(ts[ptxs[0]])
            same = all(open(os.path.join(co, f), "rb").read() ==
                       open(os.path.join(so, f), "rb").read() for f in os.listdir(co))
            if name != "jacobi_loop":
                worst = max(worst, ts / tc)
            print("%-9s %10s %12.1f %12.1f %7.2f %10.1f %10.1f %6s %6.1f%%" % (
                name, "2^%d" % e, ts, tc, ts / tc, moved / (ts * 1e-6) / 1e9 / copy * 100,
                moved / (tc * 1e-6) / 1e9 / copy * 100, "yes" if same else "NO",
                spread * 100) + ("  " + extra if extra else ""))
            sys.stdout.flush()
            subprocess.run(["rm", "-rf", d])
    print("largest grid: cooperative %s invocations (reduce %s, scan %s, histnorm %s, jacobi %s); "
          "split: any (2^27 run here; bounded by 2^32-1 workgroups per dimension and memory)"
          % (min(maxgrid.values(), key=int), maxgrid["reduce"], maxgrid["scan"],
             maxgrid["histnorm"], maxgrid["jacobi"]))
    print("worst ratio split/cooperative (static schedules): %.2f" % worst)


main()
