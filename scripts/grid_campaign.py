#!/usr/bin/env python3
"""Random grid-barrier kernels (Csmith in spirit), each checked with
`gridsplit run --check` at -O0 and -O2, with and without virtual workgroups.

  grid_campaign.py --tool build/llvm15/tools/gridsplit --seed 1 --count 1000
  grid_campaign.py --emit SEED          (print one kernel and its command line)

Every kernel is OpenCL C written the way users write kernels: uniform loops and
branches holding grid barriers, helpers with and without noinline (some holding
a barrier, some reading ids or workgroup memory), private arrays and structs,
workgroup memory of every size (one word, three chars, one word per
invocation, a local argument), workgroup barriers, atomics, early returns,
divergent loops and branches without barriers, 1-D to 3-D grids, and a
problem size `n` that is not a multiple of the workgroup.

The kernels are race-free and deterministic by construction, so that any
difference --check reports is a bug of the split: every invocation writes
only its own slots of global and workgroup memory; a slot of another
invocation is read only after a barrier that orders it after every write of
that phase (grid barrier for global memory, workgroup or grid barrier for
workgroup memory), and never in a phase that writes it; atomics are integer
adds whose return value is unused, read only after a grid barrier; all
arithmetic is unsigned (wraps) and floats add small integers (exact).

Prints kernels tried, runs, passes, disagreements, refusals (the split
rejected a valid kernel), reference failures (a generator bug) and crashes;
with --keep DIR every kernel that did not pass is kept there with its
command lines. Exits 1 when any run disagreed or crashed (and, with
--strict, when any was refused).
"""

import argparse
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

MODES = [("O2", 2, False), ("O0", 0, False), ("O2-virtual", 2, True), ("O0-virtual", 0, True)]
# modes only --modes asks for: the grid over 2 or 3 logical devices
# (gridsplit run --devices N, OpenCL), each its range of virtual workgroups
DEVICE_MODES = [("O2-devices3", 2, True, 3), ("O0-devices2", 0, True, 2)]

NACC = 4


# Shapes of the bug classes of issue 11 that are known and being fixed;
# --avoid leaves them out, so that a campaign on code that still has them
# finds what else is wrong.
KNOWN = {
    "one-word-local": "workgroup variables of one word or less (`local uint x;`)",
    "noinline-query": "grid queries in a helper the segment calls (virtual workgroups)",
    "nonstatic-barrier-helper": "a non-static helper holding a barrier",
    "divergent-counter": "a loop counter used after a divergent loop",
    "call-result": "results of helpers that stay calls (noinline, or -O0)",
}


class Kernel:
    """One random kernel: source text and the arguments to run it."""

    def __init__(self, seed, avoid=()):
        self.rng = random.Random(seed)
        self.seed = seed
        self.avoid = set(avoid)
        r = self.rng
        dims = r.choice([1, 1, 2, 3])
        if dims == 1:
            wg = [r.choice([1, 2, 3, 4, 8, 16, 32, 64])]
            grid = [wg[0] * r.randint(1, max(1, 128 // wg[0]))]
        elif dims == 2:
            wg = [r.choice([1, 2, 4, 8]), r.choice([1, 2, 3, 4])]
            grid = [wg[0] * r.randint(1, 4), wg[1] * r.randint(1, 4)]
        else:
            wg = [r.choice([1, 2, 4]), r.choice([1, 2]), r.choice([1, 2, 3])]
            grid = [wg[0] * r.randint(1, 3), wg[1] * r.randint(1, 3), wg[2] * r.randint(1, 2)]
        self.grid, self.wg = grid, wg
        self.N = 1
        for g in grid:
            self.N *= g
        self.WG = 1
        for w in wg:
            self.WG *= w
        # early: invocations return before the end on their own (gid >= n,
        # or a condition of their own); workgroup memory is then only used
        # slot by slot, and no workgroup barrier is reached.
        self.early = r.random() < 0.45
        self.n = self.N - r.randint(1, max(1, self.N // 3)) if self.early and self.N > 1 else self.N
        self.iters = r.randint(1, 4)
        self.nvars = r.randint(2, 5)
        self.local_arg = (not self.early) and r.random() < 0.3
        self.l1_type = r.choice(["uint", "ushort", "uchar", "ulong"])
        self.helpers = []
        self.helper_names = {}
        self.uniform_vars = ["iters", "n"]
        self.loop_depth = 0
        self.counter = 0
        self.barriers = 0
        self.make_helpers()
        self.body = self.make_body()

    # --- helpers ---------------------------------------------------------------

    def attr(self, returns_value=False):
        if returns_value and "call-result" in self.avoid:
            return "__attribute__((always_inline)) "
        return "__attribute__((noinline)) " if self.rng.random() < 0.6 else ""

    def make_helpers(self):
        r = self.rng
        self.helpers.append("%suint mix(uint a, uint b) { return (a * 2654435761u) ^ (b + 0x9e37u); }"
                            % self.attr(True))
        if r.random() < 0.7 and "noinline-query" not in self.avoid:
            # a grid query inside a helper (virtual workgroups must remap it)
            self.helper_names["gid_of"] = True
            self.helpers.append("%suint gid_of(uint a) {\n"
                                "  return a + (uint)(get_global_id(0) + get_global_size(0) * "
                                "(get_global_id(1) + get_global_size(1) * get_global_id(2))) * 3u;\n}"
                                % self.attr(True))
        if r.random() < 0.6:
            self.helper_names["put"] = True
            self.helpers.append("%svoid put(global uint *o, uint i, uint v) { o[i] = v; }"
                                % self.attr())
        if r.random() < 0.5:
            self.helper_names["bump"] = True
            self.helpers.append("%svoid bump(pair_t *p, uint v) { p->a += v; p->b[v & 1u] ^= v; }"
                                % self.attr())
        if r.random() < 0.5:
            self.helper_names["lread"] = True
            self.helpers.append("%suint lread(local uint *l, uint i) { return l[i]; }" % self.attr(True))
        if r.random() < 0.5:
            # a helper holding a grid barrier: inlined by the split
            self.helper_names["sync_store"] = True
            # (mostly static: a non-static one outlives the split, a known class)
            self.helpers.append("%s%svoid sync_store(global uint *o, uint i, uint v) {\n"
                                "  gridsplit_grid_sync();\n  o[i] = v;\n}"
                                % ("static " if r.random() < 0.8 or "nonstatic-barrier-helper" in
                                   self.avoid else "", self.attr()))

    # --- expressions -------------------------------------------------------------

    def fresh(self, stem):
        self.counter += 1
        return "%s%d" % (stem, self.counter)

    def var(self):
        return "v%d" % self.rng.randrange(self.nvars)

    def const(self):
        return "%du" % self.rng.choice([0, 1, 2, 3, 5, 7, 13, 255, 1000, 65535, 0x9e3779b9])

    def expr(self, st, depth=0):
        r = self.rng
        leaves = [self.var, self.var, self.const, lambda: "gid", lambda: "lid",
                  lambda: r.choice(self.uniform_vars)]
        if depth >= 2 or r.random() < 0.3:
            return r.choice(leaves)()
        k = r.randrange(13)
        if k < 4:
            op = r.choice(["+", "-", "*", "^", "&", "|"])
            return "(%s %s %s)" % (self.expr(st, depth + 1), op, self.expr(st, depth + 1))
        if k == 4:
            return "(%s >> %du)" % (self.expr(st, depth + 1), r.randrange(1, 31))
        if k == 5:
            return "mix(%s, %s)" % (self.expr(st, depth + 1), self.expr(st, depth + 1))
        if k == 6:
            return "in[(%s) %% %du]" % (self.expr(st, depth + 1), self.N)
        if k == 7:
            return "buf[gid]"
        if k == 8 and "buf" not in st.written:
            st.xread.add("buf")
            return "buf[(%s) %% %du]" % (self.expr(st, depth + 1), self.N)
        if k == 9:
            return "pa[(%s) & 3u]" % self.expr(st, depth + 1)
        if k == 10:
            return r.choice(["ps.a", "ps.b[0]", "ps.b[1]"])
        if k == 11 and "gid_of" in self.helper_names:
            return "gid_of(%s)" % self.expr(st, depth + 1)
        if k == 12:
            return "(%s > %s ? %s : %s)" % tuple(self.expr(st, depth + 1) for _ in range(4))
        return r.choice(leaves)()

    def ucond(self):
        r = self.rng
        u = r.choice(self.uniform_vars)
        return r.choice(["%s > %du" % (u, r.randrange(4)), "(%s & 1u) == 0u" % u,
                         "%s != %du" % (u, r.randrange(3)), "%s + iters < %du" % (u, r.randrange(3, 9))])

    # --- statements ----------------------------------------------------------------

    def make_body(self):
        st = State()
        lines = []
        for _ in range(self.rng.randint(4, 12)):
            lines += self.stmt(st, 1, uniform=True)
        if self.barriers == 0:
            lines.append("gridsplit_grid_sync();")
        return lines

    def stmt(self, st, depth, uniform):
        """Statements; UNIFORM: every invocation that has not returned runs
        them together (barriers allowed)."""
        r = self.rng
        k = r.randrange(22)
        v = self.var()
        if k <= 3:
            return ["%s = %s;" % (v, self.expr(st))]
        if k == 4:
            return ["%s += %s;" % (v, self.expr(st))]
        if k == 5:
            e = self.expr(st)  # may read buf across: then no write here
            if "buf" in st.xread:
                return ["%s ^= %s;" % (v, e)]
            st.written.add("buf")
            if "put" in self.helper_names and r.random() < 0.5:
                return ["put(buf, gid, %s);" % e]
            return ["buf[gid] = %s;" % e]
        if k == 6:
            return ["pa[%s & 3u] = %s;" % (r.choice(["gid", v] + self.uniform_vars), self.expr(st))]
        if k == 7:
            if "bump" in self.helper_names:
                return ["bump(&ps, %s);" % self.expr(st)]
            return ["ps.b[%s & 1u] += %s;" % (v, self.expr(st))]
        if k == 8:
            return ["fv += (float)((%s) & 255u);" % self.expr(st)]
        if k == 9:
            if "acc" in st.xread:
                return ["%s |= %s;" % (v, self.expr(st))]
            st.written.add("acc")
            return ["atomic_add(&acc[(%s) %% %du], (%s) & 0xffffu);" % (self.expr(st), NACC, self.expr(st))]
        if k == 10 and "acc" not in st.written:
            st.xread.add("acc")
            return ["%s += acc[%du];" % (v, r.randrange(NACC))]
        if k in (11, 12) and uniform and depth <= 3:
            return self.grid_barrier(st)
        if k == 13 and uniform and depth <= 2:
            return self.uniform_loop(st, depth)
        if k == 14 and uniform and depth <= 3:
            return self.uniform_if(st, depth)
        if k == 15 and depth <= 3:
            return self.divergent_if(st, depth)
        if k == 16:
            return self.divergent_loop(st)
        if k == 17 and uniform and not self.early:
            return self.local_share(st)
        if k == 18:
            # workgroup memory, the invocation's own slot
            return ["L0[lid] = %s;" % self.expr(st), "%s += L0[lid];" % self.var()] if r.random() < 0.5 \
                else ["%s ^= L0[lid];" % v]
        if k == 19 and uniform and not self.early:
            return self.local_word(st)
        if k == 20 and uniform and self.early and depth == 1:
            return ["if ((gid ^ %du) %% %du == 0u) return;" % (r.randrange(7), r.randrange(3, 9))]
        if k == 21 and uniform and r.random() < 0.3:
            return ["if (%s) return;" % self.ucond()]
        return ["%s = mix(%s, %s);" % (v, v, self.expr(st))]

    def block(self, st, depth, uniform, count=None):
        lines = []
        for _ in range(count or self.rng.randint(1, 4)):
            lines += self.stmt(st, depth + 1, uniform)
        return ["  " + l for l in lines]

    def grid_barrier(self, st):
        self.barriers += 1
        st.clear()
        if "sync_store" in self.helper_names and self.rng.random() < 0.3 and "out" not in st.xread:
            return ["sync_store(out, gid * %du + %du, %s);" % (self.out_words(), self.nvars + 6,
                                                                self.var())]
        return ["gridsplit_grid_sync();"]

    def uniform_loop(self, st, depth):
        r = self.rng
        i = self.fresh("i")
        bound = r.choice(["%du" % r.randint(1, 3), "iters", "(iters + %du) %% 3u + 1u" % r.randrange(3)])
        st.everything()  # the body's end meets its start on the back edge
        self.uniform_vars.append(i)
        body = self.block(st, depth, True)
        self.uniform_vars.remove(i)
        st.everything()
        return ["for (uint %s = 0u; %s < %s; %s++) {" % (i, i, bound, i)] + body + ["}"]

    def uniform_if(self, st, depth):
        before = st.copy()
        then = self.block(st, depth, True)
        other = before
        els = self.block(other, depth, True) if self.rng.random() < 0.5 else []
        st.merge(other)
        lines = ["if (%s) {" % self.ucond()] + then
        return lines + (["} else {"] + els + ["}"] if els else ["}"])

    def divergent_if(self, st, depth):
        # both sides run at once in different invocations: the else side
        # starts from what the then side wrote
        cond = "((%s) ^ gid) & %du" % (self.var(), self.rng.choice([1, 2, 3]))
        then = self.block(st, depth, False)
        els = self.block(st, depth, False) if self.rng.random() < 0.5 else []
        lines = ["if (%s) {" % cond] + then
        return lines + (["} else {"] + els + ["}"] if els else ["}"])

    def divergent_loop(self, st):
        # invocations leave at different iterations; the counter is used after
        j = self.fresh("j")
        st.everything()
        body = self.block(st, 2, False, self.rng.randint(1, 2))
        st.everything()
        after = [] if "divergent-counter" in self.avoid else ["%s += %s * %s;" % (self.var(), j, self.const())]
        return ["uint %s = 0u;" % j,
                "for (; %s < (%s) %% 5u; %s++) {" % (j, self.expr(st), j)] + body + ["}"] + after

    def local_share(self, st):
        """Workgroup memory shared through a workgroup barrier."""
        r = self.rng
        a = "lp" if self.local_arg and r.random() < 0.5 else "L0"
        read = ("lread(%s, (lid + %du) %% %du)" % (a, r.randrange(1, 5), self.WG)
                if "lread" in self.helper_names else "%s[(lid + %du) %% %du]" % (a, r.randrange(1, 5), self.WG))
        return ["%s[lid] = %s;" % (a, self.expr(st)),
                "barrier(CLK_LOCAL_MEM_FENCE);",
                "%s += %s;" % (self.var(), read),
                "barrier(CLK_LOCAL_MEM_FENCE);"]

    def local_word(self, st):
        """One-word and three-char workgroup variables, written by one
        invocation, read by all, possibly across a grid barrier."""
        r = self.rng
        lines = ["if (lid == 0u) {",
                 "  L1 = (%s)(%s);" % (self.l1_type, self.expr(st)),
                 "  Lf = (float)((%s) & 1023u);" % self.expr(st),
                 "  for (uint q = 0u; q < 3u; q++) L2[q] = (uchar)(%s + q);" % self.var(),
                 "}",
                 "barrier(CLK_LOCAL_MEM_FENCE);"]
        if r.random() < 0.5:
            lines += self.grid_barrier(st)
        lines += ["%s += (uint)L1 + L2[lid %% 3u];" % self.var(),
                  "fv += Lf;",
                  "barrier(CLK_LOCAL_MEM_FENCE);"]
        if r.random() < 0.5:
            lines += ["if (lid == 0u) Lc = 0u;", "barrier(CLK_LOCAL_MEM_FENCE);",
                      "atomic_add(&Lc, %s & 15u);" % self.var(), "barrier(CLK_LOCAL_MEM_FENCE);",
                      "%s += Lc;" % self.var(), "barrier(CLK_LOCAL_MEM_FENCE);"]
        return lines

    # --- the kernel ------------------------------------------------------------------

    def out_words(self):
        return self.nvars + 8

    def source(self):
        params = ["global const uint *in", "global uint *buf", "global uint *out",
                  "global uint *acc", "global float *fout", "uint n", "uint iters"]
        if self.local_arg:
            params.append("local uint *lp")
        lines = ["// grid_campaign.py kernel, seed %d: grid %s, workgroup %s, n %d" %
                 (self.seed, self.grid, self.wg, self.n),
                 "void gridsplit_grid_sync(void);",
                 "typedef struct { uint a; uint b[2]; } pair_t;", ""]
        lines += self.helpers
        lines += ["", "kernel void k(%s) {" % ", ".join(params)]
        pre = ["uint gid = (uint)(get_global_id(0) + get_global_size(0) * (get_global_id(1) + "
               "get_global_size(1) * get_global_id(2)));",
               "uint lid = (uint)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + "
               "get_local_size(1) * get_local_id(2)));",
               "local uint L0[%d];" % (max(self.WG, 2) if "one-word-local" in self.avoid else self.WG)] + (
               ["local %s L1;" % self.l1_type, "local float Lf;", "local uchar L2[3];", "local uint Lc;"]
               if "one-word-local" not in self.avoid else
               ["local %s L1w[%d];" % (self.l1_type, 8 // {"uint": 4, "ushort": 2, "uchar": 1, "ulong": 8}[self.l1_type] + 1),
                "local float Lfw[2];", "local uchar L2[9];", "local uint Lcw[2];",
                # an index the compiler cannot fold, or clang splits the
                # array into one-word variables again
                "#define L1 L1w[iters > 1000u]", "#define Lf Lfw[iters > 1000u]",
                "#define Lc Lcw[iters > 1000u]"])
        if self.early:
            pre.append("if (gid >= n) return;")
        for i in range(self.nvars):
            pre.append("uint v%d = in[gid] + %du;" % (i, i * 17 + 1))
        pre += ["uint pa[4] = {gid, 1u, 2u, in[gid]};",
                "pair_t ps = {gid * 5u, {iters, 9u}};",
                "float fv = (float)(in[gid] & 255u);",
                "L0[lid] = in[gid] ^ 0x55u;"]
        if self.local_arg:
            pre.append("lp[lid] = gid;")
        if not self.early:
            pre += ["if (lid == 0u) { L1 = 1; Lf = 2.0f; Lc = 0u; L2[0] = 1; L2[1] = 2; L2[2] = 3; }",
                    "barrier(CLK_LOCAL_MEM_FENCE);"]
        post = []
        w = self.out_words()
        for i in range(self.nvars):
            post.append("out[gid * %du + %du] = v%d;" % (w, i, i))
        post += ["out[gid * %du + %du] = pa[0] ^ pa[1] * 3u ^ pa[2] * 5u ^ pa[3] * 7u;" % (w, self.nvars),
                 "out[gid * %du + %du] = ps.a + ps.b[0] * 3u + ps.b[1] * 5u;" % (w, self.nvars + 1),
                 "out[gid * %du + %du] = L0[lid];" % (w, self.nvars + 2),
                 "fout[gid] = fv;"]
        body = pre + self.body + post
        lines += ["  " + l if not l.startswith("#") else l for l in body] + ["}", ""]
        return "\n".join(lines)

    def inputs(self, directory):
        r = random.Random(self.seed * 7 + 2)
        with open(os.path.join(directory, "in.bin"), "wb") as f:
            f.write(struct.pack("<%dI" % self.N, *[r.getrandbits(32) for _ in range(self.N)]))
        with open(os.path.join(directory, "buf.bin"), "wb") as f:
            f.write(struct.pack("<%dI" % self.N, *[r.getrandbits(32) for _ in range(self.N)]))
        args = ["in=@" + os.path.join(directory, "in.bin"),
                "buf=@" + os.path.join(directory, "buf.bin"),
                "out=zeros:%d" % (4 * self.N * self.out_words()),
                "acc=zeros:%d" % (4 * NACC), "fout=zeros:%d" % (4 * self.N),
                "n=%d" % self.n, "iters=%d" % self.iters]
        if self.local_arg:
            args.append("lp=local:%d" % (4 * (max(self.WG, 2) if "one-word-local" in self.avoid
                                              else self.WG)))
        return args


class State:
    """What the current phase (since the last grid barrier) wrote and read
    across invocations; a buffer is read across only if the phase has not
    written it, and written only if the phase has not read it across."""

    ALL = {"buf", "acc", "out"}

    def __init__(self):
        self.written, self.xread = set(), set()

    def clear(self):
        self.written, self.xread = set(), set()

    def everything(self):
        self.written, self.xread = set(self.ALL), set(self.ALL)

    def copy(self):
        s = State()
        s.written, s.xread = set(self.written), set(self.xread)
        return s

    def merge(self, other):
        self.written |= other.written
        self.xread |= other.xread


def run_mode(tool, kernel, directory, args, mode, timeout, runtime="opencl"):
    name, level, virtual = mode[:3]
    devices = mode[3] if len(mode) > 3 else 0
    out = os.path.join(directory, name)
    cmd = [tool, "run", "--check", "--runtime", runtime, "--kernel", "k", "-O%d" % level,
           "--grid", ",".join(map(str, kernel.grid)), "--workgroup", ",".join(map(str, kernel.wg)),
           "--out", out]
    if virtual:
        groups = kernel.N // kernel.WG
        cmd += ["--virtual-workgroups", "--physical-groups", str(max(1, min(3, groups - 1)))]
    if devices:
        cmd += ["--devices", str(devices)]
    cmd += [os.path.join(directory, "k.cl")] + args
    t0 = time.time()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
        rc, text = p.returncode, p.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        rc, text = -1000, "timed out after %ds" % timeout
    seconds = time.time() - t0
    if rc == 0:
        verdict = "pass"
    elif rc == 1 and ("differs from the reference" in text or "bytes after the split" in text):
        verdict = "disagree"
    elif rc == 1 and "--check: the reference run" in text:
        verdict = "reference"
    elif rc == 1 and "POCL stopped" in text:
        verdict = "crash"  # POCL crashed on the segments, even optimized
    elif rc == 1:
        verdict = "refused"
    else:
        verdict = "crash"
    return {"mode": name, "rc": rc, "verdict": verdict, "seconds": round(seconds, 3),
            "message": text.strip()[-600:], "command": " ".join(cmd)}


def one_kernel(opts, seed, work):
    kernel = Kernel(seed, opts.avoid)
    directory = os.path.join(work, "k%d" % seed)
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "k.cl"), "w") as f:
        f.write(kernel.source())
    args = kernel.inputs(directory)
    results = [run_mode(opts.tool, kernel, directory, args, m, opts.timeout, opts.runtime)
               for m in MODES + DEVICE_MODES
               if m[0] in opts.modes]
    bad = [r for r in results if r["verdict"] != "pass"]
    if bad and opts.keep:
        dest = os.path.join(opts.keep, "k%d" % seed)
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(directory, dest, ignore=shutil.ignore_patterns("O*"))
        with open(os.path.join(dest, "results.json"), "w") as f:
            json.dump(results, f, indent=1)
    shutil.rmtree(directory, ignore_errors=True)
    return seed, results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tool", help="the gridsplit executable")
    ap.add_argument("--runtime", choices=["opencl", "vulkan"], default="opencl",
                    help="where gridsplit run --check runs the split: POCL (an LLVM 15 --tool), "
                         "or a Vulkan device (an LLVM 22 --tool)")
    ap.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    ap.add_argument("--count", type=int, default=50, help="kernels (default 50)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=120, help="seconds per run")
    ap.add_argument("--modes", default=",".join(m[0] for m in MODES))
    ap.add_argument("--keep", help="keep every kernel that did not pass in this directory")
    ap.add_argument("--strict", action="store_true", help="a refusal fails too")
    ap.add_argument("--emit", type=int, metavar="SEED", help="print one kernel and stop")
    ap.add_argument("--avoid", default="",
                    help="leave out shapes of known bug classes: 'known' for all, or a list of " +
                    ", ".join(KNOWN))
    ap.add_argument("--known", help="a file of known failures, `SEED MODE VERDICT why` a line: "
                    "such a run is reported KNOWN and does not fail; one that passes, or "
                    "fails otherwise, fails")
    ap.add_argument("--json", help="write every result to this file")
    ap.add_argument("--verbose", action="store_true", help="a line per kernel, with times")
    opts = ap.parse_args()
    opts.modes = opts.modes.split(",")
    opts.avoid = list(KNOWN) if opts.avoid == "known" else [a for a in opts.avoid.split(",") if a]
    for a in opts.avoid:
        if a not in KNOWN:
            ap.error("--avoid: unknown shape '%s' (known: %s)" % (a, ", ".join(KNOWN)))
    if opts.emit is not None:
        k = Kernel(opts.emit, opts.avoid)
        print(k.source())
        print("// args: --grid %s --workgroup %s %s" % (",".join(map(str, k.grid)),
              ",".join(map(str, k.wg)), " ".join(k.inputs(tempfile.gettempdir()))))
        return 0
    if not opts.tool:
        ap.error("--tool is required")
    known = {}
    if opts.known:
        with open(opts.known) as f:
            for line in f:
                fields = line.split(None, 3)
                if not fields or fields[0].startswith("#"):
                    continue
                if len(fields) < 4 or not fields[0].isdigit():
                    ap.error("--known: %s: not `SEED MODE VERDICT why`: %s" % (opts.known, line.strip()))
                known[(int(fields[0]), fields[1])] = fields[2]
    if opts.keep:
        os.makedirs(opts.keep, exist_ok=True)
    work = tempfile.mkdtemp(prefix="grid-campaign-")
    t0 = time.time()
    counts = {"pass": 0, "disagree": 0, "refused": 0, "reference": 0, "crash": 0, "known": 0,
              "unexpected": 0}
    per_mode = {}
    all_results = []
    try:
        with ThreadPoolExecutor(max_workers=opts.jobs) as pool:
            for seed, results in pool.map(lambda s: one_kernel(opts, s, work),
                                          range(opts.seed, opts.seed + opts.count)):
                for r in results:
                    expect = known.pop((seed, r["mode"]), None)
                    if expect is not None:
                        if r["verdict"] == expect:
                            print("seed %d %s: KNOWN %s" % (seed, r["mode"], expect))
                            counts["known"] += 1
                            continue
                        print("seed %d %s: listed as a known %s, but %s" %
                              (seed, r["mode"], expect, r["verdict"]))
                        counts["unexpected"] += 1
                    counts[r["verdict"]] += 1
                    per_mode.setdefault(r["mode"], []).append(r["seconds"])
                    if r["verdict"] != "pass":
                        print("seed %d %s: %s: %s" % (seed, r["mode"], r["verdict"],
                              r["message"].splitlines()[-1] if r["message"] else ""))
                        sys.stdout.flush()
                all_results.append({"seed": seed, "results": results})
                if opts.verbose:
                    print("seed %d: %s" % (seed, ", ".join("%s %s %.1fs" % (r["mode"], r["verdict"],
                                                                          r["seconds"]) for r in results)))
                    sys.stdout.flush()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    runs = sum(counts.values()) - counts["unexpected"]
    stale = [k for k in known if opts.seed <= k[0] < opts.seed + opts.count and
             k[1] in opts.modes]
    for seed, mode in stale:
        print("seed %d %s: listed as known, but not run" % (seed, mode))
    print("grid_campaign: seeds %d..%d: %d kernels tried, %d runs: %d passed, %d disagreements, "
          "%d refusals, %d reference failures, %d crashes, %d known failures (%.1f s)" %
          (opts.seed, opts.seed + opts.count - 1, opts.count, runs, counts["pass"],
           counts["disagree"], counts["refused"], counts["reference"], counts["crash"],
           counts["known"], time.time() - t0))
    for mode, secs in per_mode.items():
        print("  %-11s %.2f s per kernel (mean of %d)" % (mode, sum(secs) / len(secs), len(secs)))
    if opts.json:
        with open(opts.json, "w") as f:
            json.dump(all_results, f, indent=1)
    failed = counts["disagree"] or counts["crash"] or counts["reference"] or \
        counts["unexpected"] or stale or (opts.strict and counts["refused"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
