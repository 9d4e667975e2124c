#!/usr/bin/env python3
"""Where the Vulkan split's time goes (bench/gpu, run in the folder
prepare.sh wrote, after run.py): for each workload and size named, the
median time (gs-vk-run --repeat, device timestamps) of the whole schedule,
of each segment dispatched alone (a copy of the plan with every other
segment marked empty: the outputs are wrong, the time is that segment's),
and the same at the smallest grid (one workgroup), where what remains is
the fixed cost of the dispatches and the barriers between them.

  vk_profile.py [--reps N] NAME:E ...     e.g. jacobi:24 reduce:27
  vk_profile.py --cuda-physical NAME:E ...
  vk_profile.py --timestamps NAME:E ...

--timestamps: any schedule, dynamic ones too: gs-vk-run --profile (and the
words of VK_PROFILE_ARGS: --verbose prints the driver's statistics and each
segment's physical workgroups, not each launch), which
writes timestamps around each segment's dispatches in the timed runs and
prints each segment's dispatches and device time per run (the step shaders
of a stepped run are outside them).

--cuda-physical: the control for the Vulkan shaders' one workgroup per 256
elements: the CUDA split (gs-cuda-run --graph, built by run.py) with its
default physical grid (the device full, each physical workgroup looping
over virtual ones) against --physical-groups set to the grid's workgroup
count (one physical workgroup per virtual one, as Vulkan dispatches), each
measured twice, alternating, the smaller median kept.
"""
import json, os, subprocess, sys
import numpy as np
from run import WG, ceil, inputs, scalars, sh


def vk(name, plan, grid, d, names, n, reps):
    out = sh(["./gs-vk-run", "vk/%s.spv" % name, plan, "--kernel", name, "--grid", str(grid),
              "--repeat", str(reps), "--out", d + "/vkprof"] +
             ["%s=@%s/%s.bin" % (b, d, b) for b in names] + ["n=%d" % n] +
             (["sweeps=8"] if name == "jacobi_loop" else []))
    return float(out.split(" us, min")[0].split()[-1])


def timestamps(jobs, rng, reps):
    for job in jobs:
        name, e = job.split(":")
        n = 1 << int(e)
        d = "/tmp/gsprof/%s_%d" % (name, n)
        names, grid, _ = inputs(name, n, d, rng)
        r = subprocess.run(["./gs-vk-run", "vk/%s.spv" % name, "vk/%s.plan.json" % name, "--kernel",
                            name, "--grid", str(grid), "--workgroup", str(WG), "--repeat",
                            str(reps), "--profile", "--out", d + "/o"] +
                           ["%s=@%s/%s.bin" % (b, d, b) for b in names] + scalars(name, n) +
                           os.environ.get("VK_PROFILE_ARGS", "").split(),
                           capture_output=True, text=True)
        # (--verbose in VK_PROFILE_ARGS: the statistics and counts, not every launch)
        print("%s 2^%s %s: %s%s" % (name, e, os.environ.get("VK_PROFILE_ARGS", ""), r.stdout,
              "\n".join(l for l in r.stderr.splitlines() if "warning" not in l and
                        " recorded" not in l and " replayed" not in l and "launches ran" not in l
                        and "barrier before" not in l)))
        sys.stdout.flush()
        subprocess.run(["rm", "-rf", d])


def cuda_physical(jobs, rng):
    for job in jobs:
        name, e = job.split(":")
        e = int(e)
        n, reps = 1 << e, {20: 200, 24: 50, 27: 15}.get(e, 15)
        d = "/tmp/gsprof/%s_%d" % (name, e)
        names, grid, _ = inputs(name, n, d, rng)
        os.makedirs(d + "/o", exist_ok=True)
        t = []
        for phys in ([], ["--physical-groups", str(grid // WG)]) * 2:
            out = sh(["./gs-cuda-run", "--plan", "workloads.plan.json", "--kernel", name,
                      "--grid", str(grid), "--workgroup", str(WG), "--graph", "--repeat",
                      str(reps), "--out", d + "/o"] + phys + ["workloads.ptx"] +
                     ["%s=@%s/%s.bin" % (b, d, b) for b in names] + ["n=%d" % n])
            t.append(float(out.split(" us per run")[0].split()[-1]))
        print("%-9s 2^%d cuda split: device-full physical %.1f us, one physical workgroup per "
              "virtual (%d) %.1f us" % (name, e, min(t[0::2]), grid // WG, min(t[1::2])))
        sys.stdout.flush()
        subprocess.run(["rm", "-rf", d])


def main():
    os.chdir(os.path.dirname(os.path.abspath(__file__)))
    args = sys.argv[1:]
    reps = 50
    if args[:1] == ["--cuda-physical"]:
        return cuda_physical(args[1:], np.random.default_rng(3))
    if args[:1] == ["--reps"]:
        reps, args = int(args[1]), args[2:]
    rng = np.random.default_rng(7)
    if args[:1] == ["--timestamps"]:
        return timestamps(args[1:], rng, reps)
    for job in args:
        name, e = job.split(":")
        e = int(e)
        full = json.load(open("vk/%s.plan.json" % name))
        kern = [k for k in full["kernels"] if k["name"] == name][0]
        segs = [s["index"] for s in kern["segments"] if not s.get("empty")]
        empty = {s["index"]: s.get("empty") for s in kern["segments"]}
        for n in (1 << e, WG):
            d = "/tmp/gsprof/%s_%d" % (name, n)
            names, grid, _ = inputs(name, n, d, rng)
            whole = vk(name, "vk/%s.plan.json" % name, grid, d, names, n, reps)
            alone = []
            if kern["schedule"] == "static":
                for s in segs:
                    for x in kern["segments"]:
                        x["empty"] = x["index"] != s
                    path = d + "/plan_seg%d.json" % s
                    json.dump(full, open(path, "w"))
                    alone.append(vk(name, path, grid, d, names, n, reps))
                for x in kern["segments"]:
                    x["empty"] = empty[x["index"]]
            print("%-11s n=%-10d grid %-10d whole %9.1f us; alone: %s (sum %.1f us)" % (
                name, n, grid, whole, " ".join("seg%d %.1f" % (s, t) for s, t in zip(segs, alone))
                or "-", sum(alone)))
            sys.stdout.flush()
            subprocess.run(["rm", "-rf", d])


if __name__ == "__main__":
    main()
