#!/usr/bin/env python3
"""Why reduce and scan through Vulkan are slower than the same algorithm
through CUDA (issue 13), run in the folder prepare.sh wrote, after run.py
(which builds coop). Two probes at 2^E elements (default 27):

  clocks    the SM and memory clocks (nvidia-smi sampled every 50 ms) while
            the cooperative kernel, then the Vulkan shaders, run for some
            seconds each: does the driver clock a Vulkan queue lower?
  variants  vk/NAME.spv against vk/NAME_V.spv for every variant V present
            (nobar: workgroup barriers without memory semantics, a timing
            probe only; novirt: one workgroup per 256 elements, no loop over
            virtual workgroups; opt: the module through spirv-opt -O; any
            other a shader built otherwise, with NAME's plan), each
            twice, alternating, the smaller median kept, with the bytes
            compared to the cooperative kernel's.

  vk_probe.py [--size E] [--seconds S] [--no-clocks] NAME ...

VK_PROBE_ARGS adds its words to every gs-vk-run command (--batch 16: the
first batch of every run 16 launches, as before runs learned the last
run's count).
"""
import json, os, subprocess, sys, time
import numpy as np
from run import WG, compare, inputs, scalars, sh


def vk(spv, plan, name, grid, d, names, n, reps, out):
    r = sh(["./gs-vk-run", spv, plan, "--kernel", name, "--grid", str(grid), "--workgroup",
            str(WG), "--repeat", str(reps), "--out", out] +
           ["%s=@%s/%s.bin" % (b, d, b) for b in names] + scalars(name, n) +
           os.environ.get("VK_PROBE_ARGS", "").split())
    return float(r.split(" us, min")[0].split()[-1])


def is_variant(name, v):
    """vk/NAME_V.spv is a variant of NAME's shaders, not another kernel's
    (jacobi_loop.spv is no variant of jacobi): its plan, if it has one of its
    own, is for NAME"""
    plan = "vk/%s_%s.plan.json" % (name, v)
    return not os.path.exists(plan) or json.load(open(plan))["kernels"][0]["name"] == name


def coop(name, n, reps, d, out):
    r = sh(["./coop", name, str(n), str(reps), d, out])
    return float(r.split(" us per run")[0].split()[-1])


def clocks(log, t0, t1):
    """median SM and memory clock (MHz) and power (W) of the samples in [t0, t1]"""
    sm, mem, pw = [], [], []
    for line in open(log):
        f = [x.strip() for x in line.split(",")]
        if len(f) < 5:
            continue
        try:
            t = time.mktime(time.strptime(f[0].split(".")[0], "%Y/%m/%d %H:%M:%S")) + \
                float("0." + f[0].split(".")[1])
        except (ValueError, IndexError):
            continue
        if t0 <= t <= t1:
            sm.append(float(f[1].split()[0]))
            mem.append(float(f[2].split()[0]))
            pw.append(float(f[4].split()[0]))
    if not sm:
        return "no samples"
    return "SM %.0f MHz (min %.0f), memory %.0f MHz, %.0f W, %d samples" % (
        np.median(sm), min(sm), np.median(mem), np.median(pw), len(sm))


def main():
    args = sys.argv[1:]
    e, seconds = 27, 3.0
    if "--size" in args:
        i = args.index("--size"); e = int(args[i + 1]); del args[i:i + 2]
    clock_probe = "--no-clocks" not in args
    if not clock_probe:
        args.remove("--no-clocks")
    if "--seconds" in args:
        i = args.index("--seconds"); seconds = float(args[i + 1]); del args[i:i + 2]
    n = 1 << e
    rng = np.random.default_rng(2026)
    log = "/tmp/gsb/clocks.csv"
    os.makedirs("/tmp/gsb", exist_ok=True)
    smi = subprocess.Popen(["nvidia-smi", "--query-gpu=timestamp,clocks.sm,clocks.mem,pstate,"
                            "power.draw", "--format=csv,noheader", "-lms", "50"],
                           stdout=open(log, "w"), stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    try:
        for name in args or ("reduce", "scan"):
            d = "/tmp/gsb/probe_%s" % name
            names, grid, _ = inputs(name, n, d, rng)
            co, vo = d + "/coop", d + "/vk"
            for o in (co, vo):
                os.makedirs(o, exist_ok=True)
            # one run of each sets the repeat count for about `seconds`
            tc = coop(name, n, 5, d, co)
            tv = vk("vk/%s.spv" % name, "vk/%s.plan.json" % name, name, grid, d, names, n, 5, vo)
            for what, f, us in () if not clock_probe else (("coop", lambda r: coop(name, n, r, d, co), tc),
                                ("vulkan", lambda r: vk("vk/%s.spv" % name,
                                                        "vk/%s.plan.json" % name, name, grid,
                                                        d, names, n, r, vo), tv)):
                time.sleep(0.5)
                reps = max(20, int(seconds * 1e6 / us))
                t0 = time.time()
                got = f(reps)
                t1 = time.time()
                # leave out the start (inputs, pipeline creation) and the end
                print("clocks %s 2^%d %s: %.1f us per run over %d runs; %s" % (
                    name, e, what, got, reps, clocks(log, t0 + 0.4 * (t1 - t0),
                                                     t1 - 0.1 * (t1 - t0))))
                sys.stdout.flush()
            variants = sorted(v for v in (f[len(name) + 1:-4] for f in os.listdir("vk")
                                          if f.startswith(name + "_") and f.endswith(".spv"))
                              if is_variant(name, v))
            times = {v: [] for v in ["base"] + variants + ["coop"]}
            same = {}
            for _ in range(2):
                for v in times:
                    out = "%s/%s" % (d, v)
                    os.makedirs(out, exist_ok=True)
                    if v == "coop":
                        times[v].append(coop(name, n, 15, d, out))
                        continue
                    spv = "vk/%s.spv" % name if v == "base" else "vk/%s_%s.spv" % (name, v)
                    plan = "vk/%s_%s.plan.json" % (name, v)
                    if not os.path.exists(plan):
                        plan = "vk/%s.plan.json" % name
                    times[v].append(vk(spv, plan, name, grid, d, names, n, 15, out))
                    same[v] = compare(co, out)[0]
            for v, t in times.items():
                print("variant %s 2^%d %-6s %9.1f us (%.1f, %.1f) %5.2fx coop %s" % (
                    name, e, v, min(t), t[0], t[1], min(t) / min(times["coop"]),
                    "" if v == "coop" else "bytes %s" % ("same" if same[v] else "DIFFER")))
            sys.stdout.flush()
            subprocess.run(["rm", "-rf", d])
    finally:
        smi.terminate()


if __name__ == "__main__":
    main()
