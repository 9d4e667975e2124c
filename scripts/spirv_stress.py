#!/usr/bin/env python3
"""SPIR-V from random kernels: llvm-stress functions made into spir64
kernels (typed pointers, as SPIRV-LLVM-Translator 15 needs) with a grid
barrier in the entry block, split with `gridsplit --target spirv`, and every
module written checked with spirv-val.

    scripts/spirv_stress.py GRIDSPLIT SEED COUNT [--size N] [--keep DIR] [--llvm 15|22]

With --llvm 22 (a gridsplit built with LLVM 22) the kernels keep opaque
pointers and come from llvm-stress-22.

Counts: kernels tried, kernels the split refused, kernels split, modules
written that spirv-val rejects (must be 0), crashes (exit other than 0/1).
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

HEAD = ('target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-'
        'v256:256-v512:512-v1024:1024"\ntarget triple = "spir64-unknown-unknown"\n\n'
        'declare void @gridsplit_grid_sync()\n\n')
GEN = "i8 addrspace(4)*"
OPAQUE = False


def split_type(text):
    """'T rest' -> (T, rest), T a vector type or one token"""
    if text.startswith("<"):
        end = text.index(">") + 1
        return text[:end], text[end:].strip()
    t, _, rest = text.partition(" ")
    return t, rest


def kernel(src, rnd):
    """the llvm-stress module SRC as a typed-pointer spir64 kernel, or None"""
    out, n = [], 0
    in_entry, placed = False, False
    # numbered values become named ones: the pointer parameters get casts
    body = [re.sub(r"%(\d+)\b", r"%v\1", l) for l in src.splitlines()
            if l and not l.startswith(";") and not l.startswith("source_filename")]
    entry_len = 0
    for l in body:
        if l.startswith("define"):
            in_entry = True
            continue
        if in_entry:
            if l.startswith("}") or (re.match(r"^\S+:", l) and entry_len):
                break
            if "alloca" not in l and not l.lstrip().startswith("br ") and l.startswith("  "):
                entry_len += 1
    where = rnd.randrange(entry_len + 1) if entry_len else 0
    seen = labels = 0
    entry_done = False
    pending = []
    for l in body:
        m = re.match(r"define void @(\S+)\((.*)\) \{$", l)
        if m:
            params, casts = [], []
            for p in m.group(2).split(", "):
                ty, name = p.split(" ")
                if ty == "ptr":
                    glob = "ptr addrspace(1)" if OPAQUE else "i8 addrspace(1)*"
                    params.append("%s %s.g" % (glob, name))
                    casts.append("  %s = addrspacecast %s %s.g to %s" % (name, glob, name, GEN))
                else:
                    params.append(p)
            out.append("define spir_kernel void @k(%s) {" % ", ".join(params))
            pending = casts
            continue
        if re.match(r"^\S+:", l):
            labels += 1
            if labels > 1:
                if pending or not placed:
                    return None
                entry_done = True
            out.append(l)
            continue
        a = re.match(r"^  (%\S+) = alloca (.*), align (\d+)$", l)
        if a:
            name, ty, al = a.groups()
            out.append("  %s.p = alloca %s, align %s" % (name, ty, al))
            if OPAQUE:
                pending.append("  %s = addrspacecast ptr %s.p to %s" % (name, name, GEN))
                continue
            pending.append("  %s.q = addrspacecast %s* %s.p to %s addrspace(4)*" % (name, ty, name, ty))
            pending.append("  %s = bitcast %s addrspace(4)* %s.q to %s" % (name, ty, name, GEN))
            continue
        if pending and not entry_done:
            out.extend(pending)
            pending = []
        if not entry_done and not placed and l.startswith("  ") and seen == where:
            out.append("  call void @gridsplit_grid_sync()")
            placed = True
        ld = re.match(r"^  (%\S+) = load (volatile )?(.*), ptr (%\S+)(, align \d+)?$", l)
        st = re.match(r"^  store (volatile )?(.*), ptr (%\S+)(, align \d+)?$", l)
        if OPAQUE and (ld or st):
            out.append(re.sub(r"\bptr\b", GEN, l))
        elif ld:
            name, vol, ty, p, al = ld.groups()
            n += 1
            out.append("  %%c%d = bitcast %s %s to %s addrspace(4)*" % (n, GEN, p, ty))
            out.append("  %s = load %s%s, %s addrspace(4)* %%c%d%s" % (name, vol or "", ty, ty, n, al or ""))
        elif st:
            vol, tv, p, al = st.groups()
            ty, v = split_type(tv)
            n += 1
            out.append("  %%c%d = bitcast %s %s to %s addrspace(4)*" % (n, GEN, p, ty))
            out.append("  store %s%s %s, %s addrspace(4)* %%c%d%s" % (vol or "", ty, v, ty, n, al or ""))
        else:
            out.append(re.sub(r"\bptr\b", GEN, l))
        if not entry_done and l.startswith("  ") and "alloca" not in l:
            seen += 1
    if not placed:
        return None
    return HEAD + "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("gridsplit")
    ap.add_argument("seed", type=int)
    ap.add_argument("count", type=int)
    ap.add_argument("--size", type=int, default=40)
    ap.add_argument("--keep")
    ap.add_argument("--llvm", default="15")
    args = ap.parse_args()
    global GEN, OPAQUE
    if args.llvm != "15":
        GEN, OPAQUE = "ptr addrspace(4)", True
    rnd = random.Random(args.seed)
    tried = refused = split = invalid = crashes = malformed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.count):
            seed = args.seed * 100000 + i
            src = subprocess.run(["llvm-stress-" + args.llvm, "--seed=%d" % seed, "--size=%d" % args.size,
                                  "-o", "-"], capture_output=True, text=True).stdout
            k = kernel(src, rnd)
            path = os.path.join(tmp, "s%d.ll" % seed)
            if k is None:
                malformed += 1
                continue
            open(path, "w").write(k)
            if subprocess.run(["llvm-as-" + args.llvm, path, "-o", "/dev/null"],
                              capture_output=True).returncode:
                malformed += 1
                continue
            tried += 1
            out = os.path.join(tmp, "o%d" % seed)
            r = subprocess.run([args.gridsplit, "--target", "spirv", "-o", out, path],
                               capture_output=True, text=True, timeout=120)
            if r.returncode not in (0, 1):
                crashes += 1
                print("crash: seed %d rc %d: %s" % (seed, r.returncode, r.stderr.strip()[-300:]))
                continue
            if r.returncode == 1:
                refused += 1
                if args.keep:
                    os.makedirs(args.keep, exist_ok=True)
                    open(os.path.join(args.keep, "refused_%d.ll" % seed), "w").write(k)
                    open(os.path.join(args.keep, "refused_%d.txt" % seed), "w").write(r.stderr)
                continue
            split += 1
            spv = os.path.join(out, "s%d.spv" % seed)
            v = subprocess.run(["spirv-val", spv], capture_output=True, text=True)
            if v.returncode:
                invalid += 1
                if args.keep:
                    os.makedirs(args.keep, exist_ok=True)
                    open(os.path.join(args.keep, "invalid_%d.ll" % seed), "w").write(k)
                    open(os.path.join(args.keep, "invalid_%d.txt" % seed), "w").write(v.stdout + v.stderr)
    print("tried %d (not made into kernels %d), refused %d, split %d, invalid SPIR-V written %d, "
          "crashes %d" % (tried, malformed, refused, split, invalid, crashes))
    return 1 if invalid or crashes else 0


if __name__ == "__main__":
    sys.exit(main())
