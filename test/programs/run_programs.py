#!/usr/bin/env python3
"""Differential test of the example programs (examples/*.gsp).

For every case (an example, a grid and deterministic inputs from a PRNG
seeded by the case's name) this runs

  * `gridsplit interpret`: the reference interpreter (true grid barriers,
    one invocation at a time), writing every buffer (--all-buffers);
  * `gridsplit run`: the program lowered, split at its grid barriers and run
    segment by segment on the OpenCL device (POCL);

and compares the bytes of every buffer `gridsplit run` wrote back (its host
outputs) with the interpreter's, and checks that every buffer the program
marks `output` was written back. The examples are written so that their
results do not depend on the order of atomics, so every comparison is exact.

  run_programs.py --tool build/tools/gridsplit [-k SUBSTR] [--interpret-only]
                  [--split-only [--spirv-val SPIRV_VAL]] [--via-spirv LLVM_SPIRV]
                  [--random N [--seed S]] [--export-gpu DIR]

--interpret-only runs only the interpreter (every case, and the time it
takes); --split-only lowers and splits every program for every target
instead of running anything (for LLVM 22, whose bitcode POCL cannot read);
--via-spirv runs the SPIR-V the split emits, translated back; --random runs
generated programs (random_programs.py) instead of the examples.
The last line is `N passed, N failed`; exit status 0 only when none
failed.
"""
import argparse
import concurrent.futures
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(HERE)), "examples")


class Args:
    """The arguments of one case; buffers are files in the case's input
    directory."""

    def __init__(self, directory):
        self.dir = directory
        self.items = []

    def buffer(self, name, fmt, values):
        data = struct.pack("<%d%s" % (len(values), fmt), *values)
        path = os.path.join(self.dir, name + ".in")
        with open(path, "wb") as f:
            f.write(data)
        self.items.append("%s=@%s" % (name, path))

    def zeros(self, name, nbytes):
        self.items.append("%s=zeros:%d" % (name, nbytes))

    def scalar(self, name, value):
        self.items.append("%s=%s" % (name, value))


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def floats(rng, n, lo=-1.0, hi=1.0):
    return [f32(rng.uniform(lo, hi)) for _ in range(n)]


# --- the cases ------------------------------------------------------------------
# A builder takes (args, rng, grid) and fills in the arguments.

def b_reduce_sum(a, rng, g, n=None):
    n = n if n is not None else 3 * g[0] - 5
    a.buffer("input", "f", floats(rng, n, -100, 100))
    a.zeros("partial", 4 * (g[0] // 64))
    a.zeros("total", 4)


def b_reduce_sum_short(a, rng, g):
    b_reduce_sum(a, rng, g, n=g[0] // 2 + 1)  # fewer elements than invocations


def b_prefix_scan(a, rng, g):
    n = g[0] - 7
    a.buffer("data", "I", [rng.getrandbits(32) if i % 5 else rng.randrange(16)
                           for i in range(n)])  # full-range values: the sums wrap
    a.zeros("scan", 4 * n)
    a.zeros("sums", 4 * (g[0] // 64))
    a.zeros("total", 4)


def b_histogram(a, rng, g):
    n = 5 * g[0] + 3
    samples = floats(rng, n, -1.25, 1.25)  # some below lo, some at or above hi
    for i in range(0, n, 97):
        samples[i] = float("nan")
    for i in range(5, n, 101):
        samples[i] = float("inf") if i % 2 else float("-inf")
    a.buffer("samples", "f", samples)
    a.buffer("range", "f", [-1.0, 1.0])
    a.zeros("bins", 4 * 64)
    a.zeros("freq", 4 * 64)
    a.zeros("cdf", 4 * 64)


def b_jacobi2d(iterations):
    def build(a, rng, g):
        w, h = g[0], g[1]
        u = [0.0] * (w * h)
        for y in range(h):
            for x in range(w):
                if x == 0 or y == 0 or x == w - 1 or y == h - 1:
                    u[y * w + x] = f32(rng.uniform(0, 10))
        a.buffer("u", "f", u)
        a.buffer("f", "f", floats(rng, w * h, -0.5, 0.5))
        a.scalar("iterations", iterations)
        a.zeros("change", 4 * w * h)
    return build


def b_stream_compact(a, rng, g):
    n = g[0] - 3
    a.buffer("input", "f", floats(rng, n))
    a.scalar("threshold", 0.25)
    a.zeros("counts", 4 * (g[0] // 64))
    a.zeros("kept_values", 4 * n)
    a.zeros("kept", 4)


def b_bitonic_sort(a, rng, g):
    n = g[0]
    a.buffer("keys", "i", [rng.randrange(-n, n) for _ in range(n)])  # duplicates too
    a.buffer("values", "I", list(range(n)))
    a.scalar("log2n", n.bit_length() - 1)


def csr_graph(rng, nodes, degree, isolated):
    """A random undirected graph: a few long paths, random extra edges, and
    ISOLATED nodes (the last ones) that no edge reaches."""
    connected = nodes - isolated
    adj = [set() for _ in range(nodes)]
    for v in range(1, connected):
        u = v - 1 if v % 7 else rng.randrange(v)  # long paths, so many levels
        adj[v].add(u)
        adj[u].add(v)
    for _ in range(connected * degree // 2):
        x, y = rng.randrange(connected), rng.randrange(connected)
        if x != y:
            adj[x].add(y)
            adj[y].add(x)
    offsets, columns = [0], []
    for v in range(nodes):
        columns.extend(sorted(adj[v]))
        offsets.append(len(columns))
    return offsets, columns or [0]


def b_bfs_levels(levels):
    def build(a, rng, g):
        nodes = g[0] - 5
        offsets, columns = csr_graph(rng, nodes, 1, 3)
        a.buffer("offsets", "I", offsets)
        a.buffer("columns", "I", columns)
        a.scalar("source", rng.randrange(nodes - 3))
        a.zeros("dist", 4 * nodes)
        a.zeros("frontier", 4 * levels)
    return build


def b_kmeans(a, rng, g):
    n, k = g[0] - 10, 5
    centres = [(rng.uniform(-0.7, 0.7), rng.uniform(-0.7, 0.7)) for _ in range(k)]
    px, py = [], []
    for i in range(n):
        cx, cy = centres[i % k]
        px.append(f32(max(-1.0, min(1.0, cx + rng.gauss(0, 0.15)))))
        py.append(f32(max(-1.0, min(1.0, cy + rng.gauss(0, 0.15)))))
    a.buffer("px", "f", px)
    a.buffer("py", "f", py)
    start = []
    for c in range(k):  # the first points as the initial centroids
        start += [px[c], py[c]]
    a.buffer("centroids", "f", start)
    a.zeros("assignment", 4 * n)
    groups = g[0] // 64
    a.zeros("partial", 4 * 3 * k * groups)
    a.zeros("totals", 4 * 3 * k * groups)
    a.scalar("iterations", 4)


def b_power_iteration(n):
    def build(a, rng, g):
        groups = g[0] // 64
        a.buffer("a", "f", floats(rng, n * n, 0.0, 1.0))
        a.buffer("x", "f", [1.0] * n)
        a.zeros("y", 4 * n)
        a.zeros("partial", 4 * groups)
        a.zeros("norm", 4 * groups)
        a.zeros("lambda", 4 * 8)
    return build


def b_sharded_sgd(slice_size, rows_per_rank, steps):
    def build(a, rng, g):
        ranks = g[0] // 64
        d = slice_size * ranks
        m = rows_per_rank * ranks
        true_w = floats(rng, d, -1, 1)
        feats = floats(rng, m * d, -1, 1)
        targets = [f32(sum(feats[i * d + j] * true_w[j] for j in range(d))
                       + rng.gauss(0, 0.01)) for i in range(m)]
        a.buffer("features", "f", feats)
        a.buffer("targets", "f", targets)
        a.buffer("w_init", "f", floats(rng, d, -0.1, 0.1))
        a.zeros("weights", 4 * d * ranks)
        a.zeros("grads", 4 * d * ranks)
        a.zeros("grad_slice", 4 * d)
        a.zeros("w_slice", 4 * d)
        a.zeros("loss_part", 4 * ranks)
        a.zeros("loss_all", 4 * ranks)
        a.zeros("losses", 4 * steps)
        a.scalar("rate", 0.1)
    return build


class Case:
    def __init__(self, example, grid, builder, label=""):
        self.source = os.path.join(EXAMPLES, example + ".gsp")
        self.example = example
        self.grid = grid
        self.builder = builder
        self.name = "%s%s@%s" % (example, label, "x".join(map(str, grid)))
        self.workgroup = (8, 8) if len(grid) == 2 else (64,)
        self.expect = {}


# --- semantics programs -----------------------------------------------------------
# test/programs/semantics/*.gsp state their arguments and the bytes the
# outputs must hold, derived by hand from docs/programs.md:
#   // run: --grid X[,Y,Z] NAME=zeros:BYTES NAME=VALUE NAME=@T:v,v,...
#   // expect: NAME = T:v,v,...
# where T is an element type and, for f32/f64, a value written 0x... is a
# bit pattern.

FORMATS = {"i32": "i", "u32": "I", "i64": "q", "u64": "Q", "f32": "f", "f64": "d"}
BITS = {"f32": "I", "f64": "Q"}


def pack_values(text):
    """'f32:1,0x7fc00000,-0' -> bytes"""
    t, _, items = text.partition(":")
    out = b""
    for item in items.split(","):
        if t in BITS and item.startswith("0x"):
            out += struct.pack("<" + BITS[t], int(item, 16))
        elif t in BITS:
            out += struct.pack("<" + FORMATS[t], float(item))
        else:
            out += struct.pack("<" + FORMATS[t], int(item, 0))
    return out


def semantics_case(path):
    text = open(path).read()
    run_line = next(l for l in text.splitlines() if l.startswith("// run: "))[8:].split()
    wg = next(l for l in text.splitlines() if l.startswith("workgroup_size "))
    wg = tuple(int(x) for x in wg[len("workgroup_size "):].rstrip(";").split(","))
    grid = tuple(int(x) for x in run_line[run_line.index("--grid") + 1].split(","))
    specs = [a for a in run_line if "=" in a]

    def build(a, rng, g):
        for spec in specs:
            name, _, value = spec.partition("=")
            if value.startswith("@"):
                data = pack_values(value[1:])
                path = os.path.join(a.dir, name + ".in")
                with open(path, "wb") as f:
                    f.write(data)
                a.items.append("%s=@%s" % (name, path))
            else:
                a.items.append(spec)

    name = os.path.splitext(os.path.basename(path))[0]
    case = Case(name, grid, build)
    case.source, case.workgroup, case.name = path, wg, "semantics/" + name
    for line in text.splitlines():
        if line.startswith("// expect: "):
            buf, _, value = line[len("// expect: "):].partition(" = ")
            case.expect[buf] = pack_values(value)
    return case


# --- programs that must fail ---------------------------------------------------------
# test/programs/errors/*.gsp: `// run:` as above, `// interpret-error: MESSAGE`
# (FILE stands for the program's path) that `gridsplit interpret` must print
# and exit 1 with, and optionally `// run-error: TEXT` that `gridsplit run`
# must exit 1 with, TEXT in its message (the split refuses the program).

def error_case(path):
    case = semantics_case(path)
    case.name = "errors/" + os.path.splitext(os.path.basename(path))[0]
    lines = open(path).read().splitlines()
    case.interpret_error = next(l[len("// interpret-error: "):] for l in lines
                                if l.startswith("// interpret-error: ")).replace("FILE", path)
    case.run_error = next((l[len("// run-error: "):] for l in lines
                           if l.startswith("// run-error: ")), None)
    return case


def run_error_case(opts, case):
    cdir = os.path.join(opts.work, case.name.replace("/", "_"))
    shutil.rmtree(cdir, ignore_errors=True)
    os.makedirs(os.path.join(cdir, "in"))
    args = Args(os.path.join(cdir, "in"))
    case.builder(args, None, case.grid)
    common = ["--grid", ",".join(map(str, case.grid))]
    problems = []
    rc, out, secs = run([opts.tool, "interpret"] + common + ["--out", os.path.join(cdir, "i"),
                        case.source] + args.items, opts.timeout)
    if rc != 1 or out.strip() != case.interpret_error:
        problems.append("gridsplit interpret: expected exit 1 and\n      %s\n    got exit %d and\n"
                        "      %s" % (case.interpret_error, rc, out.strip()))
    if case.run_error and not opts.interpret_only:
        runtime = ["--runtime", opts.runtime] if opts.runtime != "opencl" else []
        rc, out, _ = run([opts.tool, "run"] + runtime + common + ["--out", os.path.join(cdir, "r"),
                         case.source] + args.items, opts.timeout)
        if rc != 1 or case.run_error not in out:
            problems.append("gridsplit run: expected exit 1 with '%s', got exit %d: %s"
                            % (case.run_error, rc, out.strip()[-300:]))
    if not problems and not opts.keep:
        shutil.rmtree(cdir, ignore_errors=True)
    return not problems, problems, secs


def usage_checks(tool):
    """Exact messages and exit statuses of `gridsplit interpret` for bad
    command lines (2: usage, 1: input)."""
    ex = os.path.join(EXAMPLES, "reduce_sum.gsp")
    checks = [
        ([], 2, "gridsplit interpret: error: no input file\n"
                "(run 'gridsplit interpret --help' for usage)"),
        ([ex], 2, "gridsplit interpret: error: --grid is required\n"
                  "(run 'gridsplit interpret --help' for usage)"),
        (["--grid", "0", ex], 2, "gridsplit interpret: error: --grid '0': expected X[,Y,Z] "
                                 "with positive sizes\n(run 'gridsplit interpret --help' for usage)"),
        (["--frobnicate", ex], 2, "gridsplit interpret: error: unknown option '--frobnicate' "
                                  "for gridsplit interpret\n(run 'gridsplit interpret --help' "
                                  "for usage)"),
        (["--grid", "64", ex, "input=zeros:4", "partial=zeros:4"], 1,
         "%s: error: buffer 'total' is not given" % ex),
        (["--grid", "64", "--workgroup", "32", ex, "input=zeros:4", "partial=zeros:4",
          "total=zeros:4"], 1,
         "%s: error: --workgroup 32,1,1 is not the program's workgroup_size 64, 1, 1" % ex),
        (["--grid", "64", ex, "nope=zeros:4"], 1, "%s: error: program 'reduce_sum' has no "
                                                   "buffer 'nope'" % ex),
        (["--grid", "64", ex, "total=abc"], 1, "%s: error: argument 'total': 'abc' is neither "
                                                "@FILE, zeros:BYTES nor a value of type f32" % ex),
        (["--grid", "64", ex, "input=@/nonexistent/x.bin"], 1,
         "%s: error: cannot read '/nonexistent/x.bin' (buffer 'input'): No such file or "
         "directory" % ex),
        (["--grid", "64", ex, "input=zeros:6", "partial=zeros:4", "total=zeros:4"], 1,
         "%s: error: buffer 'input' has 6 bytes, not a whole number of f32 elements "
         "(4 bytes each)" % ex),
        (["--grid", "64", ex, "input=zeros:8", "partial=zeros:4", "total=zeros:8"], 1,
         "%s: error: buffer 'total' has 8 bytes, but the program declares f32[1] (4 bytes)" % ex),
        (["--grid", "96", ex, "input=zeros:8", "partial=zeros:4", "total=zeros:4"], 1,
         "%s: error: the grid (96) is not a multiple of the workgroup size (64) in "
         "dimension 0" % ex),
    ]
    failures = []
    for argv, want_rc, want in checks:
        rc, out, _ = run([tool, "interpret"] + argv, 60)
        if rc != want_rc or out.strip() != want:
            failures.append("gridsplit interpret %s: expected exit %d and\n      %s\n    got "
                            "exit %d and\n      %s" % (" ".join(argv), want_rc, want, rc,
                                                      out.strip()))
    return len(checks), failures


def all_cases():
    sem = os.path.join(HERE, "semantics")
    cases = [semantics_case(os.path.join(sem, f)) for f in sorted(os.listdir(sem))
             if f.endswith(".gsp")]
    for g in (64, 256, 1024, 4096, 65536):
        cases.append(Case("reduce_sum", (g,), b_reduce_sum))
    cases.append(Case("reduce_sum", (192,), b_reduce_sum_short, "-short"))
    cases.append(Case("reduce_sum", (64 * 37,), b_reduce_sum))  # not a power of two
    for g in (64, 320, 1024, 4096, 65536):
        cases.append(Case("prefix_scan", (g,), b_prefix_scan))
    for g in (64, 256, 2048, 65536):
        cases.append(Case("histogram", (g,), b_histogram))
    for g, it in (((8, 8), 1), ((16, 16), 7), ((32, 24), 20), ((128, 64), 12)):
        cases.append(Case("jacobi2d", g, b_jacobi2d(it), "-it%d" % it))
    for g in (64, 192, 1024, 8192, 65536):
        cases.append(Case("stream_compact", (g,), b_stream_compact))
    for g in (64, 128, 1024, 8192, 65536):
        cases.append(Case("bitonic_sort", (g,), b_bitonic_sort))
    for g, levels in ((64, 64), (512, 16), (1024, 300), (8192, 64)):
        cases.append(Case("bfs_levels", (g,), b_bfs_levels(levels), "-L%d" % levels))
    for g in (64, 256, 1024, 16384):
        cases.append(Case("kmeans", (g,), b_kmeans))
    for g, n in ((64, 50), (256, 200), (512, 300)):
        cases.append(Case("power_iteration", (g,), b_power_iteration(n), "-n%d" % n))
    for g, s, rows, steps in ((64, 5, 150, 4), (256, 3, 70, 3), (1024, 2, 40, 2)):
        cases.append(Case("sharded_sgd", (g,), b_sharded_sgd(s, rows, steps),
                          "-s%d-r%d" % (s, rows)))
    return cases


# --- running --------------------------------------------------------------------

def run(cmd, timeout):
    t0 = time.time()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
        return p.returncode, p.stdout.decode(errors="replace"), time.time() - t0
    except subprocess.TimeoutExpired:
        return 124, "timed out after %ds" % timeout, time.time() - t0


def outputs(directory):
    if not os.path.isdir(directory):
        return {}
    return {f[:-4]: os.path.join(directory, f) for f in os.listdir(directory) if f.endswith(".bin")}


def declared_outputs(path):
    """Names of the buffers a program marks `output` (a plain reading of the
    declarations, independent of the library's parser)."""
    names = []
    for line in open(path):
        line = line.split("//", 1)[0].strip()
        if line.startswith("buffer ") and line.rstrip(";").split()[-1] == "output":
            names.append(line.split()[1].rstrip(":"))
    return names


def first_difference(name, expected, actual):
    if len(expected) != len(actual):
        return "%s: %d bytes expected, %d written" % (name, len(expected), len(actual))
    bad = [i for i in range(0, len(expected), 4) if expected[i:i + 4] != actual[i:i + 4]]
    i = bad[0]
    return "%s: %d of %d words differ; first at byte %d: expected %s, got %s" % (
        name, len(bad), len(expected) // 4, i, expected[i:i + 4].hex(), actual[i:i + 4].hex())


EXPORT_LOCK = threading.Lock()
ELEMENT_BYTES = {"i32": 4, "u32": 4, "f32": 4, "i64": 8, "u64": 8, "f64": 8}


def declared_buffers(path):
    """name -> (element type, count or None for `?`), from the declarations."""
    out = {}
    for line in open(path):
        line = line.split("//", 1)[0].strip()
        if line.startswith("buffer "):
            name, rest = line[len("buffer "):].split(":", 1)
            words = rest.split()
            elem, count = words[1].split("[")
            count = count.split("]")[0]
            out[name.strip()] = (elem, None if count == "?" else int(count))
    return out


def kernel_items(case, args, exp_dir, in_dir, prefix):
    """The arguments of CASE for its lowered kernel rather than the program
    (what gridsplit run works out from a .gsp itself): a one-element buffer
    given as a value becomes a file (the interpreter wrote its bytes), and
    every `?` buffer's count is passed as <b>_len (docs/programs.md). Files
    are copied to IN_DIR and named PREFIX + file name."""
    buffers = declared_buffers(case.source)
    items, sizes = [], {}
    for item in args.items:
        name, _, value = item.partition("=")
        if value.startswith("zeros:"):
            items.append(item)
            sizes[name] = int(value[6:])
            continue
        src = value[1:] if value.startswith("@") else os.path.join(exp_dir, name + ".bin")
        shutil.copyfile(src, os.path.join(in_dir, name + ".in"))
        items.append("%s=@%s%s.in" % (name, prefix, name))
        sizes[name] = os.path.getsize(src)
    for name, (elem, count) in sorted(buffers.items()):
        if count is None and name in sizes:
            items.append("%s_len=%d" % (name, sizes[name] // ELEMENT_BYTES[elem]))
    return items


def via_spirv(opts, case, args, exp_dir, cdir, common, act_dir):
    """gridsplit run of the program's SPIR-V: split to SPIR-V, translated
    back by SPIRV-LLVM-Translator, run with its plan."""
    spv_dir = os.path.join(cdir, "spirv")
    os.makedirs(os.path.join(spv_dir, "in"), exist_ok=True)
    stem = os.path.splitext(os.path.basename(case.source))[0]
    rc, out, _ = run([opts.tool, "--target", "spirv", "-o", spv_dir, case.source], opts.timeout)
    if rc != 0:
        return rc, "gridsplit --target spirv failed:\n" + out
    bc = os.path.join(spv_dir, stem + ".bc")
    rc, out, _ = run([opts.via_spirv, "-r", os.path.join(spv_dir, stem + ".spv"), "-o", bc],
                     opts.timeout)
    if rc != 0:
        return rc, "llvm-spirv -r failed:\n" + out
    items = kernel_items(case, args, exp_dir, os.path.join(spv_dir, "in"),
                         os.path.join(spv_dir, "in") + "/")
    rc, out, _ = run([opts.tool, "run"] + common + ["--plan", os.path.join(spv_dir, stem +
                     ".plan.json"), "--out", act_dir, bc] + items, opts.timeout)
    return rc, out


def export_gpu(opts, case, args, exp_dir):
    """Writes what gs-cuda-run needs to run CASE on an NVIDIA GPU, in the
    layout of test/e2e/gpu_check.sh: the program split for nvptx
    (kernel.ptx, kernel.plan.json), the inputs (one-element buffers given as
    values become files, and every `?` buffer's <b>_len is passed, as
    gridsplit run does), the interpreter's outputs as the expected bytes,
    and one line of EXPORT/cases.txt. Returns a list of problems."""
    root = os.path.abspath(opts.export_gpu)
    slug = "".join(c if c.isalnum() or c in "-." else "_" for c in case.name)
    cdir = os.path.join(root, slug)
    shutil.rmtree(cdir, ignore_errors=True)
    os.makedirs(os.path.join(cdir, "in"))
    os.makedirs(os.path.join(cdir, "expected"))
    stem = os.path.splitext(os.path.basename(case.source))[0]
    rc, out, _ = run([opts.tool, "--target", "nvptx", "--drop-original", "-o",
                      os.path.join(cdir, "ptx"), case.source], opts.timeout)
    if rc != 0:
        return ["gridsplit --target nvptx failed (exit %d): %s" % (rc, out.strip()[-300:])]
    os.rename(os.path.join(cdir, "ptx", stem + ".ptx"), os.path.join(cdir, "kernel.ptx"))
    os.rename(os.path.join(cdir, "ptx", stem + ".plan.json"),
              os.path.join(cdir, "kernel.plan.json"))
    shutil.rmtree(os.path.join(cdir, "ptx"))
    buffers = declared_buffers(case.source)
    items = kernel_items(case, args, exp_dir, os.path.join(cdir, "in"), "in/")
    plan = json.load(open(os.path.join(cdir, "kernel.plan.json")))
    kernel = plan["kernels"][0]
    exact = [b["name"] for b in kernel["buffers"] if b.get("host_output")
             and not b["name"].startswith("gridsplit.") and b["name"] in buffers]
    for name in exact:
        shutil.copyfile(os.path.join(exp_dir, name + ".bin"),
                        os.path.join(cdir, "expected", name + ".bin"))
    with EXPORT_LOCK:
        with open(os.path.join(root, "cases.txt"), "a") as f:
            f.write("%s|%s|%s|%s|%s|%s\n" % (slug, kernel["name"], ",".join(map(str, case.grid)),
                                            ",".join(map(str, case.workgroup)), " ".join(items),
                                            " ".join(exact)))
    return []


def random_case(opts, seed):
    """A generated program (random_programs.py) and its inputs, written to
    the work directory."""
    import random_programs
    text, inputs = random_programs.generate(seed)
    path = os.path.join(opts.work, "random_%d.gsp" % seed)
    with open(path, "w") as f:
        f.write(text)
    grid, workgroup = random_programs.shape(seed)

    def build(a, rng, g):
        n = random_programs.invocations(seed)
        for name, (fmt, values) in sorted(inputs.items()):
            a.buffer(name, fmt, values)
        for t in random_programs.NUMS:
            size = 4 if t in ("i32", "u32", "f32") else 8
            a.zeros("out_" + t, size * n * random_programs.SLOTS)
            a.zeros("mid_" + t, size * n)
            a.zeros("coll_" + t, size * n * n)
        for t in random_programs.INTS:
            a.zeros("acc_" + t, (4 if t in ("i32", "u32") else 8) * 5)

    case = Case("random_%d" % seed, grid, build)
    case.source, case.workgroup = path, workgroup
    case.name = "random/%d" % seed
    # Two NaN operands give the payload of the first on x86, and LLVM may
    # swap the operands of a commutative float operation: NaNs compare
    # equal whatever their bits.
    case.nan_equal = True
    return case


def same_bytes(name, expected, actual, nan_equal):
    if expected == actual or not nan_equal or len(expected) != len(actual):
        return expected == actual
    fmt = {"f32": "f", "f64": "d"}.get(name[-3:])
    if not fmt:
        return False
    size = struct.calcsize(fmt)
    for i in range(0, len(expected), size):
        e = struct.unpack("<" + fmt, expected[i:i + size])[0]
        a = struct.unpack("<" + fmt, actual[i:i + size])[0]
        if expected[i:i + size] != actual[i:i + size] and not (e != e and a != a):
            return False
    return True


def initial_bytes(args, name):
    for item in args.items:
        n, _, value = item.partition("=")
        if n == name and value.startswith("zeros:"):
            return bytes(int(value[6:]))
        if n == name and value.startswith("@"):
            return open(value[1:], "rb").read()
    return None


def run_case(opts, case):
    """Returns (ok, lines, seconds of the interpreter)."""
    source = case.source
    slug = "".join(c if c.isalnum() or c in "-." else "_" for c in case.name)
    cdir = os.path.join(opts.work, slug)
    shutil.rmtree(cdir, ignore_errors=True)
    os.makedirs(os.path.join(cdir, "in"))
    args = Args(os.path.join(cdir, "in"))
    case.builder(args, random.Random(zlib.crc32(case.name.encode())), case.grid)
    common = ["--grid", ",".join(map(str, case.grid)),
              "--workgroup", ",".join(map(str, case.workgroup))]
    exp_dir, act_dir = os.path.join(cdir, "interpret"), os.path.join(cdir, "run")
    rc, out, secs = run([opts.tool, "interpret"] + common + ["--all-buffers", "--out", exp_dir,
                        source] + args.items, opts.timeout)
    if rc != 0:
        return False, ["gridsplit interpret failed (exit %d):" % rc] + out.splitlines()[-10:], secs
    problems = []
    for name, want in sorted(case.expect.items()):
        path = os.path.join(exp_dir, name + ".bin")
        got = open(path, "rb").read() if os.path.exists(path) else b""
        if got != want:
            problems.append("interpreter, " + first_difference(name, want, got))
    if problems:
        return False, problems, secs
    if opts.export_gpu:
        problems = export_gpu(opts, case, args, exp_dir)
        if problems:
            return False, problems, secs
    if opts.interpret_only:
        if not opts.keep:
            shutil.rmtree(cdir, ignore_errors=True)
        return True, [], secs
    if opts.via_spirv:
        rc, out = via_spirv(opts, case, args, exp_dir, cdir, common, act_dir)
    else:
        runtime = ["--runtime", opts.runtime] if opts.runtime != "opencl" else []
        rc, out, _ = run([opts.tool, "run"] + runtime + common + ["--out", act_dir, source] +
                         args.items, opts.timeout)
    if rc != 0:
        return False, ["gridsplit run failed (exit %d):" % rc] + out.splitlines()[-10:], secs
    expected, actual = outputs(exp_dir), outputs(act_dir)
    for name in declared_outputs(source):
        if name not in actual and initial_bytes(args, name) != open(expected[name], "rb").read():
            # gridsplit run reads back what the plan's segments write; an output
            # buffer that no instruction left in the split writes keeps its
            # initial bytes on the host, and must have kept them here too
            problems.append("%s: an output buffer the interpreter changed, not written by "
                            "gridsplit run" % name)
    for name in sorted(actual):
        if name.startswith("gridsplit."):
            continue  # the lowering's own globals (a collective's rank counter), no program buffer
        if name not in expected:
            problems.append("%s: written by gridsplit run, not a buffer of the program" % name)
            continue
        e, a = open(expected[name], "rb").read(), open(actual[name], "rb").read()
        if not same_bytes(name, e, a, getattr(case, "nan_equal", False)):
            problems.append(first_difference(name, e, a))
    if not problems and not opts.keep:
        shutil.rmtree(cdir, ignore_errors=True)
    return not problems, problems, secs


def split_case(opts, case):
    """The program lowered and split for every target: the tool succeeds,
    writes the module and a plan naming the kernel, and SPIR-V validates."""
    problems = []
    cdir = os.path.join(opts.work, case.name.replace("/", "_"))
    stem = os.path.splitext(os.path.basename(case.source))[0]
    os.makedirs(cdir, exist_ok=True)
    for target, ext in (("ir", ".ll"), ("spirv", ".spv"), ("amdgcn", ".hsaco"), ("nvptx", ".ptx")):
        out_dir = os.path.join(cdir, target)
        shutil.rmtree(out_dir, ignore_errors=True)
        rc, out, _ = run([opts.tool, "--target", target, "-o", out_dir, case.source], opts.timeout)
        module = os.path.join(out_dir, stem + ext)
        plan = os.path.join(out_dir, stem + ".plan.json")
        if rc != 0:
            problems.append("gridsplit --target %s failed (exit %d): %s"
                            % (target, rc, out.strip()[-300:]))
        elif not os.path.exists(module) or not os.path.exists(plan):
            problems.append("gridsplit --target %s wrote no %s or no plan" % (target, module))
        elif '"name": "%s"' % program_name(case.source) not in open(plan).read():
            problems.append("the %s plan names no kernel %s" % (target, program_name(case.source)))
        elif target == "spirv" and opts.spirv_val:
            rc, out, _ = run([opts.spirv_val, module], 120)
            if rc != 0:
                problems.append("spirv-val rejects the SPIR-V: %s" % out.strip()[-300:])
    if not problems and not opts.keep:
        shutil.rmtree(cdir, ignore_errors=True)
    return not problems, problems, 0.0


def program_name(path):
    for line in open(path):
        if line.startswith("program "):
            return line.split()[1].rstrip(";")
    return "?"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tool", required=True, help="the gridsplit executable")
    ap.add_argument("-k", "--filter", action="append", default=[],
                    help="only cases whose name contains this (repeatable)")
    ap.add_argument("--interpret-only", action="store_true",
                    help="run only the interpreter on every case")
    ap.add_argument("--split-only", action="store_true",
                    help="only lower and split every program for every target (where "
                         "gridsplit run cannot run: a gridsplit built with LLVM 22)")
    ap.add_argument("--random", type=int, default=0, metavar="N",
                    help="instead of the examples, N generated programs (random_programs.py)")
    ap.add_argument("--seed", type=int, default=1, help="the first seed of --random")
    ap.add_argument("--via-spirv", metavar="LLVM_SPIRV",
                    help="run every program through SPIR-V: gridsplit --target spirv, then "
                         "LLVM_SPIRV -r back to bitcode, then gridsplit run --plan")
    ap.add_argument("--runtime", choices=["opencl", "vulkan"], default="opencl",
                    help="where gridsplit run runs the programs: POCL (an LLVM 15 --tool), or "
                         "a Vulkan device as Vulkan compute shaders (an LLVM 22 --tool)")
    ap.add_argument("--skip", action="append", default=[], metavar="SUBSTR=WHY",
                    help="leave out the cases whose name contains SUBSTR, saying WHY "
                         "(printed with every run: a known fault of the device that runs them)")
    ap.add_argument("--export-gpu", metavar="DIR",
                    help="also write every case for gs-cuda-run on an NVIDIA GPU "
                         "(test/e2e/gpu_check.sh DIR GS_CUDA_RUN runs them)")
    ap.add_argument("--spirv-val", help="spirv-val, to validate the SPIR-V of --split-only")
    ap.add_argument("-j", "--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--timeout", type=int, default=300, help="seconds per command")
    ap.add_argument("--work", help="work directory (default: a temporary one)")
    ap.add_argument("--keep", action="store_true", help="keep the files of passing cases")
    ap.add_argument("--list", action="store_true", help="list the cases and exit")
    opts = ap.parse_args()

    cases = all_cases()
    if opts.filter:
        cases = [c for c in cases if any(f in c.name for f in opts.filter)]
    for skip in opts.skip:
        what, _, why = skip.partition("=")
        left = [c.name for c in cases if what in c.name]
        if not left:
            ap.error("--skip %s names no case" % what)
        for name in left:
            print("SKIP %s: %s" % (name, why))
        cases = [c for c in cases if what not in c.name]
    if opts.list:
        for c in cases:
            print(c.name)
        return 0
    examples = sorted(f[:-4] for f in os.listdir(EXAMPLES) if f.endswith(".gsp"))
    untested = [e for e in examples if not any(c.source == os.path.join(EXAMPLES, e + ".gsp")
                                               for c in all_cases())]
    work_owned = not opts.work
    opts.work = os.path.abspath(opts.work or tempfile.mkdtemp(prefix="gs-programs."))
    os.makedirs(opts.work, exist_ok=True)
    if opts.random:
        sys.path.insert(0, HERE)
        cases = [random_case(opts, s) for s in range(opts.seed, opts.seed + opts.random)]
        untested = []

    errdir = os.path.join(HERE, "errors")
    errors = [error_case(os.path.join(errdir, f)) for f in sorted(os.listdir(errdir))
              if f.endswith(".gsp")] if not opts.random else []
    if opts.filter:
        errors = [c for c in errors if any(f in c.name for f in opts.filter)]
    passed = failed = 0
    t0 = time.time()
    if opts.split_only:
        seen, programs = set(), []
        for c in cases + errors:
            if c.source not in seen and not c.name.startswith("errors/"):
                seen.add(c.source)
                programs.append(Case(c.example, c.grid, None))
                programs[-1].source = c.source
                programs[-1].name = "split/" + os.path.splitext(os.path.basename(c.source))[0]
        cases, errors = [], []
    if not opts.split_only and not opts.random and (not opts.filter or
                                                    any("usage" in f for f in opts.filter)):
        count, failures = usage_checks(opts.tool)
        passed += not failures
        failed += bool(failures)
        print("%s usage (%d command lines)" % ("FAIL" if failures else "PASS", count))
        for line in failures:
            print("    " + line)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
        futures = [(c, pool.submit(run_case, opts, c)) for c in cases]
        futures += [(c, pool.submit(run_error_case, opts, c)) for c in errors]
        if opts.split_only:
            futures = [(c, pool.submit(split_case, opts, c)) for c in programs]
        for case, fut in futures:
            try:
                ok, lines, secs = fut.result()
            except Exception as e:  # a bug in this script must not hide the others
                ok, lines, secs = False, ["run_programs internal error: %r" % e], 0
            passed += ok
            failed += not ok
            print("%s %s%s" % ("PASS" if ok else "FAIL", case.name,
                                "" if opts.split_only else " (interpreter %.2f s)" % secs))
            for line in lines:
                print("    " + line)
            sys.stdout.flush()
    for e in untested:
        failed += 1
        print("FAIL examples/%s.gsp: no case runs it" % e)
    if work_owned and not opts.keep and not failed:
        shutil.rmtree(opts.work, ignore_errors=True)
    print("(%.0f s)" % (time.time() - t0))
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
