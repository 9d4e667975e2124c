#!/usr/bin/env python3
"""bench/gpu on an NVIDIA GPU: the four grid-sync workloads as split PTX
(gs-cuda-run, virtual workgroups, static schedules replayed as one CUDA graph)
against the same algorithms with cooperative groups (coop), at 2^20, 2^24 and
2^27 elements in one run. Prints per workload and size the time of each, the
ratio split/cooperative, the achieved bandwidth against the device's copy
bandwidth measured in the same run, whether the outputs are the same bytes,
and the largest grid each accepts. Run in the folder prepare.sh wrote.

When that folder holds prepare_vulkan.sh's files (vk/NAME.spv, its plan,
gs-vk-run), the same inputs also run through Vulkan (gs-vk-run: no virtual
workgroups, the whole grid dispatched per segment, device timestamps around
the schedule), its outputs compared byte for byte with the cooperative
kernel's, its time and ratio to cooperative time in the vk columns;
--no-vulkan leaves it out."""
import os, subprocess, sys
import numpy as np

WG = 256
here = os.path.dirname(os.path.abspath(__file__))
# NVIDIA's ICD on the GPU machines (the loader itself is unpacked from .gl/)
icd = "/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json"
if "VK_DRIVER_FILES" not in os.environ and os.path.exists(icd):
    os.environ["VK_DRIVER_FILES"] = icd


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
    elif name == "cg":
        # six of the 5-point Laplacian's eigenvectors on an NX-wide grid:
        # CG's trip count then depends on the data (a few tens of
        # iterations in floats), bounded by CG_MAXIT
        nx = cg_width(n)
        ny = n // nx
        cols, rows = np.arange(n) % nx, np.arange(n) // nx
        rhs = np.zeros(n)
        for a, b, c in ((1, 1, 1.0), (2, 3, 0.5), (5, 1, 0.25), (3, 7, 0.125), (8, 8, 0.3),
                        (11, 4, -0.2)):
            rhs += c * np.sin(np.pi * a * (cols + 1) / (nx + 1)) * \
                np.sin(np.pi * b * (rows + 1) / (ny + 1))
        f = lambda k: np.zeros(k, np.float32)
        bufs = {"rhs": rhs.astype(np.float32), "x": f(n), "r": f(n), "p": f(n),
                "part": f(ceil(n, WG)), "dots": f(3)}
        f(n).tofile(os.path.join(d, "ap.bin"))  # the cooperative kernel's A p
        grid, moved = ceil(n, WG) * WG, None
    elif name == "bfs":
        # node v -> v + 1 and three random nodes: about log3(n) levels
        offsets = (np.arange(n + 1, dtype=np.uint64) * 4).astype(np.uint32)
        cols = rng.integers(0, n, (n, 4), dtype=np.uint32)
        cols[:, 0] = (np.arange(n, dtype=np.uint64) + 1) % n
        bufs = {"offsets": offsets, "cols": cols.reshape(-1), "dist": np.zeros(n, np.int32),
                "count": np.zeros(n + 1, np.uint32)}
        grid, moved = ceil(n, WG) * WG, None
    else:
        bufs = {"a": rng.random(n, dtype=np.float32), "b": np.zeros(n, np.float32)}
        grid, moved = ceil(n, WG) * WG, 8 * (100 if name == "jacobi_loop100" else 8) * n
    for k, v in bufs.items():
        v.tofile(os.path.join(d, k + ".bin"))
    return list(bufs), grid, moved


CG_MAXIT, CG_TOL2 = 200, "1e-8"  # coop.cu's CG_MAXIT, CG_TOL2


def cg_width(n):
    nx = 1
    while nx * nx < n:
        nx *= 2
    return nx


def scalars(name, n):
    """The kernel's arguments after its buffers, as NAME=VALUE"""
    return ["n=%d" % n] + {"jacobi_loop": ["sweeps=8"], "jacobi_loop100": ["sweeps=100"],
                           "cg": ["nx=%d" % cg_width(n), "maxit=%d" % CG_MAXIT,
                                  "tol2=" + CG_TOL2],
                           "bfs": ["src=0"]}.get(name, [])


def pct(moved, us, copy):
    """the bytes moved per second as a share of the copy bandwidth"""
    return "%10s" % "-" if moved is None else "%10.1f" % (moved / (us * 1e-6) / 1e9 / copy * 100)


def compare(ref, got):
    """Whether every output file in REF has the same bytes in GOT, the bytes
    compared, and where they differ: per file the 32-bit words that differ,
    the first, and (the float outputs) the largest difference in ulps."""
    same, nbytes, notes = True, 0, []
    for f in sorted(os.listdir(ref)):
        a = open(os.path.join(ref, f), "rb").read()
        nbytes += len(a)
        path = os.path.join(got, f)
        if not os.path.exists(path):
            same = False
            notes.append("%s missing" % f)
            continue
        b = open(path, "rb").read()
        if a == b:
            continue
        same = False
        if len(a) != len(b) or len(a) % 4:
            notes.append("%s: %d bytes against %d" % (f, len(b), len(a)))
            continue
        x, y = np.frombuffer(a, np.int32), np.frombuffer(b, np.int32)
        bad = np.flatnonzero(x != y)
        notes.append("%s: %d of %d words differ, first [%d] %08x against %08x, at most %d "
                     "apart as int32 (ulps for floats)" % (
                         f, bad.size, x.size, bad[0], int(y[bad[0]]) & 0xffffffff,
                         int(x[bad[0]]) & 0xffffffff,
                         int(np.abs(x[bad].astype(np.int64) - y[bad].astype(np.int64)).max())))
    return same, nbytes, notes


# the workloads whose schedule is dynamic (a loop of grid barriers)
DYNAMIC = ("jacobi_loop", "jacobi_loop100", "cg", "bfs")

# a workload that runs another's kernel with other arguments
KERNEL = {"jacobi_loop100": "jacobi_loop"}


def fill_sum_run(e, devices, out, outputs):
    """fill_sum over 2^E elements on DEVICES devices (sys/: atomics of the
    system's scope); the time per run, and the sum"""
    n = 1 << e
    x = 1 << 20 if n >= 1 << 20 else n
    os.makedirs(out, exist_ok=True)
    text = sh(["./gs-cuda-run", "--devices", str(devices), "--plan", "sys/workloads.plan.json",
               "--kernel", "fill_sum", "--grid", "%d,%d" % (x, ceil(n, x)), "--workgroup",
               "%d,1" % WG, "--repeat", "3", "--outputs", outputs, "--out", out,
               "sys/workloads.ptx", "x=zeros:%d" % (4 * n), "sum=zeros:8", "n=%d" % n])
    us = float(text.split(" us per run")[0].split()[-1])
    with open(os.path.join(out, "sum.bin"), "rb") as f:
        got = int.from_bytes(f.read(), "little")
    return us, got


def run_big(exps, devices):
    """fill_sum's runs: the sum against 2 * sum of i % 1000 (the first run's:
    --repeat adds to it, its outputs are the checked run's), and at 2^30 the
    bytes of one device against DEVICES'"""
    for e in exps:
        n = 1 << e
        want = 2 * ((n // 1000) * 499500 + (n % 1000) * (n % 1000 - 1) // 2)
        us, got = fill_sum_run(e, devices, "/tmp/gsb/big_%d" % e, "sum")
        print("fill_sum 2^%d on %d devices: %.1f us per run, %.1f GB; sum %d, %s" % (
            e, devices, us, 4.0 * n / 1e9, got, "the invariant's" if got == want else
            "NOT the invariant's %d" % want))
    e = 30
    one = fill_sum_run(e, 1, "/tmp/gsb/big1", "x,sum")
    many = fill_sum_run(e, devices, "/tmp/gsb/bigN", "x,sum")
    same = all(open("/tmp/gsb/big1/%s.bin" % b, "rb").read() ==
               open("/tmp/gsb/bigN/%s.bin" % b, "rb").read() for b in ("x", "sum"))
    xs = np.fromfile("/tmp/gsb/big1/x.bin", dtype=np.uint32)
    right = bool((xs == (np.arange(1 << e, dtype=np.uint64) % 1000).astype(np.uint32)).all())
    print("fill_sum 2^30: one device %.1f us, %d devices %.1f us (speed-up %.2f); %s; x %s" % (
        one[0], devices, many[0], one[0] / many[0],
        "the same bytes" if same else "NOT the same bytes",
        "is i % 1000" if right else "is NOT i % 1000"))
    subprocess.run(["rm", "-rf", "/tmp/gsb/big1", "/tmp/gsb/bigN"] +
                   ["/tmp/gsb/big_%d" % e for e in exps])


def main():
    os.chdir(here)
    # the PTX to measure: the first is the table's, others add their ratios
    # (each with its own plan X.plan.json where there is one);
    # --workload NAME (repeatable) measures only those, --size E (repeatable)
    # only 2^E elements, --reps N runs each N times (else 200/50/15 by size;
    # cg 20/5/3, bfs 50/10/3)
    args, only, sizes = sys.argv[1:], [], []
    vulkan = os.path.exists("gs-vk-run") and os.path.isdir("vk")
    if "--no-vulkan" in args:
        args.remove("--no-vulkan")
        vulkan = False
    # gs-vk-run replays a learned path (dynamic schedules whose plan says
    # path_from_arguments) from its third run; --vk-no-replay steps every run
    vk_extra = []
    if "--vk-no-replay" in args:
        args.remove("--vk-no-replay")
        vk_extra = ["--no-replay"]
    # --vk-compare "ARGS": every Vulkan case also runs with gs-vk-run's ARGS
    # added (alternating with the plain runs, its own outputs compared to
    # the cooperative kernel's), its ratio in the notes
    vk_compare = None
    if "--vk-compare" in args:
        i = args.index("--vk-compare")
        vk_compare = args[i + 1].split()
        del args[i:i + 2]
    # --devices N: sys/'s split (prepare.sh's, with --system-atomics) also
    # runs over N devices (gs-cuda-run --devices N: N logical devices on the
    # GPUs there are, no graph), its time, the speed-up over the same split
    # on one device without a graph too, whether its bytes are the
    # cooperative kernel's, and each GPU's NVLink bytes where NVML has them
    devices = None
    if "--devices" in args:
        i = args.index("--devices")
        devices = int(args[i + 1])
        del args[i:i + 2]
    # --big E[,E...]: fill_sum over 2^E elements on --devices N (default 1)
    # devices, checked by its invariant (issue 15: a data set larger than
    # one GPU's memory), and at 2^30 on one device and on N, the same bytes
    big = []
    if "--big" in args:
        i = args.index("--big")
        big = [int(e) for e in args[i + 1].split(",")]
        del args[i:i + 2]
    while "--workload" in args:
        i = args.index("--workload")
        only.append(args[i + 1])
        del args[i:i + 2]
    reps_override = None
    if "--reps" in args:
        i = args.index("--reps")
        reps_override = int(args[i + 1])
        del args[i:i + 2]
    while "--size" in args:
        i = args.index("--size")
        sizes.append(int(args[i + 1]))
        del args[i:i + 2]
    ptxs = args or ["workloads.ptx"]
    sh(["nvcc", "-O3", "-arch=sm_90", "--fmad=false", "-o", "coop", "coop.cu"])
    sh(["sh", "build.sh"])
    if big:
        return run_big(big, devices or 1)
    copy = float(sh(["./coop", "copy", str(1 << 30), "20"]).split()[1])
    print("device copy bandwidth: %.0f GB/s (read + write)" % copy)
    maxgrid = dict(l.split() for l in sh(["./coop", "maxgrid"]).splitlines())
    rng = np.random.default_rng(2026)
    try:
        print("device: %s" % subprocess.run(
            ["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
            stdout=subprocess.PIPE, text=True).stdout.strip())
    except OSError:
        pass
    if vulkan:
        print("vulkan: gs-vk-run, vk/*.spv; VK_DRIVER_FILES=%s" %
              os.environ.get("VK_DRIVER_FILES", "(unset)"))
    print("%-9s %10s %12s %12s %7s %10s %10s %6s %7s" % ("workload", "elements", "split us",
          "coop us", "ratio", "split %cp", "coop %cp", "same", "spread") +
          (" %10s %7s %7s %7s %7s %11s" % ("vk us", "vk/coop", "vk %cp", "vk same", "vk sprd",
                                          "compared B") if vulkan else ""))
    worst = 0.0
    vk_worst, vk_rows = {}, []
    for e in sizes or (20, 24, 27):
        n = 1 << e
        for name in only or ("reduce", "scan", "histnorm", "jacobi", "jacobi_loop",
                             "jacobi_loop100", "cg", "bfs"):
            kernel = KERNEL.get(name, name)
            reps = {"cg": {20: 20, 24: 5, 27: 3}, "bfs": {20: 50, 24: 10, 27: 3}}.get(
                name, {20: 200, 24: 50, 27: 15}).get(e, 3)
            reps = reps_override or reps
            d = os.path.join("/tmp/gsb", "%s_%d" % (name, e))
            names, grid, moved = inputs(name, n, d, rng)
            so, co, vo = d + "/split", d + "/coop", d + "/vulkan"
            for o in (so, co, vo):
                os.makedirs(o, exist_ok=True)
            # each measured twice, alternating, the smaller median kept; the
            # spread between a version's two medians says what is noise
            ts, tc, tv, tw = {p: [] for p in ptxs}, [], [], []
            tn = {1: [], devices: []} if devices else {}
            links = []
            for _ in range(2):
                for ptx in ptxs:
                    # an extra X.ptx with its own plan X.plan.json (another split)
                    plan = ptx[:-4] + ".plan.json"
                    plan = plan if os.path.exists(plan) else "workloads.plan.json"
                    # each PTX its own outputs, every one compared below
                    po = so if ptx == ptxs[0] else "%s_%s" % (so, os.path.basename(ptx)[:-4])
                    os.makedirs(po, exist_ok=True)
                    out = sh(["./gs-cuda-run", "--plan", plan, "--kernel", kernel,
                              "--grid", str(grid), "--workgroup", str(WG), "--graph", "--repeat",
                              str(reps), "--out", po, ptx] +
                             ["%s=@%s/%s.bin" % (b, d, b) for b in names] + scalars(name, n))
                    ts[ptx].append(float(out.split(" us per run")[0].split()[-1]))
                for nd in tn:
                    # the split with atomics of the system's scope (sys/), which
                    # GPUs other than one may share, on one device and on N
                    os.makedirs(so + "_dev%d" % nd, exist_ok=True)
                    out = sh(["./gs-cuda-run", "--devices", str(nd), "--plan",
                              "sys/workloads.plan.json", "--kernel", kernel, "--grid", str(grid),
                              "--workgroup", str(WG), "--repeat", str(reps), "--nvlink-bytes",
                              "--out", so + "_dev%d" % nd, "sys/workloads.ptx"] +
                             ["%s=@%s/%s.bin" % (b, d, b) for b in names] + scalars(name, n))
                    tn[nd].append(float(out.split(" us per run")[0].split()[-1]))
                    if nd > 1 and not links:
                        links = [l.split(": ", 1)[1] for l in out.splitlines()
                                 if "over NVLink" in l]
                if vulkan:
                    out = sh(["./gs-vk-run", "vk/%s.spv" % kernel, "vk/%s.plan.json" % kernel,
                              "--kernel", kernel, "--grid", str(grid), "--workgroup", str(WG),
                              "--repeat", str(reps), "--out", vo] + vk_extra +
                             ["%s=@%s/%s.bin" % (b, d, b) for b in names] + scalars(name, n))
                    tv.append(float(out.split(" us, min")[0].split()[-1]))
                if vulkan and vk_compare is not None:
                    os.makedirs(vo + "_cmp", exist_ok=True)
                    out = sh(["./gs-vk-run", "vk/%s.spv" % kernel, "vk/%s.plan.json" % kernel,
                              "--kernel", kernel, "--grid", str(grid), "--workgroup", str(WG),
                              "--repeat", str(reps), "--out", vo + "_cmp"] + vk_extra +
                             vk_compare + ["%s=@%s/%s.bin" % (b, d, b) for b in names] +
                             scalars(name, n))
                    tw.append(float(out.split(" us, min")[0].split()[-1]))
                out = sh(["./coop", name, str(n), str(reps), d, co])
                tc.append(float(out.split(" us per run")[0].split()[-1]))
            spread = max([max(tc) / min(tc)] + [max(v) / min(v) for v in ts.values()]) - 1
            tc = min(tc)
            def same_as_coop(o):
                return all(open(os.path.join(co, f), "rb").read() ==
                           open(os.path.join(o, f), "rb").read() for f in os.listdir(co))
            extra = " ".join("%s %.2f%s" % (p, min(v) / tc, "" if same_as_coop(
                "%s_%s" % (so, os.path.basename(p)[:-4])) else " (NOT the cooperative bytes)")
                for p, v in ts.items() if p != ptxs[0])
            ts = min(ts[ptxs[0]])
            same = same_as_coop(so)
            if name not in DYNAMIC:
                worst = max(worst, ts / tc)
            vcols, vnotes = "", []
            if vulkan:
                vsame, vbytes, vnotes = compare(co, vo)
                if not vsame:
                    # the same bytes as the CUDA split's, or neither?
                    ssame, _, _ = compare(so, vo)
                    vnotes.append("against the CUDA split's outputs: %s" %
                                  ("the same bytes" if ssame else "they differ too"))
                v = min(tv)
                if tw:
                    wsame, _, _ = compare(co, vo + "_cmp")
                    vnotes.append("with %s: %.1f us, %.2f (spread %.1f%%), %s" % (
                        " ".join(vk_compare), min(tw), min(tw) / tc,
                        (max(tw) / min(tw) - 1) * 100,
                        "the cooperative bytes" if wsame else "NOT the cooperative bytes"))
                vk_rows.append((name, e, v / tc, vsame))
                if name not in DYNAMIC:
                    vk_worst[e] = max(vk_worst.get(e, 0.0), v / tc)
                vcols = " %10.1f %7.2f %7s %7s %6.1f%% %11d" % (
                    v, v / tc, pct(moved, v, copy).strip(), "yes" if vsame else "NO",
                    (max(tv) / min(tv) - 1) * 100, vbytes)
            print("%-9s %10s %12.1f %12.1f %7.2f %s %s %6s %6.1f%%" % (
                name, "2^%d" % e, ts, tc, ts / tc, pct(moved, ts, copy), pct(moved, tc, copy),
                "yes" if same else "NO", spread * 100) + vcols + ("  " + extra if extra else ""))
            for note in vnotes:
                print("    vulkan %s 2^%d: %s" % (name, e, note))
            if devices:
                print("    devices %s 2^%d: one device %.1f us, %d devices %.1f us, speed-up "
                      "%.2f, %s" % (name, e, min(tn[1]), devices, min(tn[devices]),
                                    min(tn[1]) / min(tn[devices]),
                                    "the cooperative bytes" if same_as_coop(so + "_dev%d" % devices)
                                    else "NOT the cooperative bytes"))
                for l in links:
                    print("    devices %s 2^%d: the checked run's %s" % (name, e, l))
            sys.stdout.flush()
            subprocess.run(["rm", "-rf", d])
    print("largest grid: cooperative %s invocations (reduce %s, scan %s, histnorm %s, jacobi %s); "
          "split: any (2^27 run here; bounded by 2^32-1 workgroups per dimension and memory)"
          % (min(maxgrid.values(), key=int), maxgrid["reduce"], maxgrid["scan"],
             maxgrid["histnorm"], maxgrid["jacobi"]))
    print("worst ratio split/cooperative (static schedules): %.2f" % worst)
    if vulkan:
        print("worst ratio vulkan/cooperative (static schedules): %s" % ", ".join(
            "2^%d %.2f" % (e, r) for e, r in sorted(vk_worst.items())))
        print("vulkan outputs the cooperative bytes: %d of %d cases" % (
            sum(1 for r in vk_rows if r[3]), len(vk_rows)))


if __name__ == "__main__":
    main()
