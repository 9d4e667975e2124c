#!/usr/bin/env python3
"""End-to-end test of `gridsplit run` against an independent reference.

For every case (a kernel, a grid, a workgroup size and deterministic inputs
from a seeded PRNG) this runs

  * gs-reference: the original OpenCL C kernel compiled for x86_64 and run
    with one thread per invocation and a real grid barrier, for grids up to a
    few thousand invocations;
  * gs-plain-reference: a sequential C model of the kernel, for the large
    grids (2^16 .. 2^20 invocations) where one thread each is out of reach;
  * `gridsplit run` on the same source and the same arguments;

and compares every output buffer byte for byte (STYLE.md: "Tests that run
kernels compare exact bytes with an independent reference"). Both sides must
write the same outputs (one only the reference wrote must be one it left
unchanged). Outputs whose bytes depend on the order of atomics are compared
after a canonicalisation that the case names (sorted, sorted per segment, by
layers), and outputs of host-libm transcendental builtins within a few ulp;
each such case says why. An output left uncompared must be named by its case
with the reason, and every run prints it.

  run_e2e.py --tool build/tools/gridsplit --reference build/test/e2e/gs-reference
             --plain build/test/e2e/gs-plain-reference --clang clang-15 [-k SUBSTR]
  run_e2e.py --self-check ...   (no tool: reference against the plain C models)
  run_e2e.py --via-spirv llvm-spirv-15 --split-tool build/llvm22/tools/gridsplit ...
                                (LLVM 22's splits through SPIR-V: e2e-llvm22)
  run_e2e.py --runtime vulkan --tool build/llvm22/tools/gridsplit ...
                                (Vulkan compute shaders on a Vulkan device: e2e-vulkan)

With --reference-cache DIR the outputs of gs-reference and
gs-plain-reference are kept in DIR and reused by later runs (the e2e
variants differ only in how gridsplit splits, not in the reference): see
ReferenceCache.

Cases known to fail are listed in expected_failures.txt, each with the
problem it fails with; a listed case that passes, or fails otherwise, fails
the run.

The last line is `N passed, N failed`; exit status 0 only when none failed.
"""
import argparse
import concurrent.futures
import hashlib
import json
import math
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

import spirv_legacy

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(os.path.dirname(HERE), "fixtures")
KERNELS = os.path.join(HERE, "kernels")

CL_FLAGS = ["-x", "cl", "-cl-std=CL2.0", "-Xclang", "-finclude-default-header",
            "-target", "x86_64-unknown-linux-gnu", "-fPIC", "-shared",
            # calls stay inside each workgroup's copy of the object
            # (runtime/selfcheck.c says why)
            "-Wl,-Bsymbolic-functions",
            # -O0: the host compiler must not move memory accesses across
            # barrier calls. At -O1 and above GlobalsAA proves that an
            # external barrier() cannot touch a kernel-scope `local` array
            # (an internal global whose address never escapes) and may
            # reorder its loads across the barrier.
            "-O0"]

# gs-reference's own time limit for one run, in seconds (--timeout).
REFERENCE_TIMEOUT = "240"

# --- inputs -------------------------------------------------------------------


class Args:
    """The argument list of one case; buffers are written to the case's
    input directory. Every helper returns self's list entry text."""

    def __init__(self, directory):
        self.dir = directory
        self.items = []
        self.initial = {}  # buffer name -> bytes given to the kernel

    def buffer(self, name, fmt, values):
        data = struct.pack("<%d%s" % (len(values), fmt), *values)
        path = os.path.join(self.dir, name + ".in")
        with open(path, "wb") as f:
            f.write(data)
        self.items.append("%s=@%s" % (name, path))
        self.initial[name] = data

    def zeros(self, name, nbytes):
        self.items.append("%s=zeros:%d" % (name, nbytes))
        self.initial[name] = bytes(nbytes)

    def local(self, name, nbytes):
        self.items.append("%s=local:%d" % (name, nbytes))

    def scalar(self, name, value):
        if isinstance(value, float):
            value = repr(struct.unpack("<f", struct.pack("<f", value))[0])
        self.items.append("%s=%s" % (name, value))


def floats(rng, n, lo=-1.0, hi=1.0):
    """Random floats that are exact in binary32."""
    return [struct.unpack("<f", struct.pack("<f", rng.uniform(lo, hi)))[0] for _ in range(n)]


def nonzero_floats(rng, n, lo=-1.0, hi=1.0):
    out = floats(rng, n, lo, hi)
    return [v if v != 0.0 else 0.5 for v in out]


def csr_random_graph(rng, nodes, degree):
    """Undirected random graph plus a ring (connected), as CSR."""
    adj = [set() for _ in range(nodes)]
    for v in range(nodes):
        u = (v + 1) % nodes
        if u != v:
            adj[v].add(u)
            adj[u].add(v)
    for _ in range(nodes * degree // 2):
        a, b = rng.randrange(nodes), rng.randrange(nodes)
        if a != b:
            adj[a].add(b)
            adj[b].add(a)
    offsets, columns = [0], []
    for v in range(nodes):
        columns.extend(sorted(adj[v]))
        offsets.append(len(columns))
    return offsets, columns


def csr_random_tree(rng, nodes):
    """A directed random tree rooted at 0 (every node has one parent)."""
    children = [[] for _ in range(nodes)]
    for v in range(1, nodes):
        children[rng.randrange(v)].append(v)  # expected depth O(log nodes)
    offsets, edges = [0], []
    for v in range(nodes):
        edges.extend(children[v])
        offsets.append(len(edges))
    return offsets, edges


# --- the cases ------------------------------------------------------------------
#
# A case builder takes (args, rng, grid, wg) and returns a dict of comparison
# modes for outputs that are not compared exactly:
#   ("skip", why)                  not compared: only where no comparison is
#                                  possible; every run prints it with why
#   ("layers", fmt, layers)        what writing the layers (lists of values, in
#                                  order, each from slot 0 in any order) leaves
#   ("sorted", fmt)                compared as a multiset of fmt elements
#   ("segments", fmt, starts, counts)  sorted within segments [start, start+count)
#                                  named by two int buffers of the expected output
#   ("ulp", n, why)                float32 elements within n ulp
# and may set "fmt:NAME" entries to name an element format for diffs.

def b_smooth_twice(a, rng, g, w):
    n = g[0] - g[0] // 16  # the last work-items return before the barriers
    a.buffer("in", "f", floats(rng, n))
    a.zeros("board", 4 * n)
    a.zeros("out", 4 * n)
    a.scalar("n", n)


def b_count_phases(a, rng, g, w):
    n, phases = g[0] - 3, 3
    a.buffer("flags", "i", [rng.randrange(2) for _ in range(phases * n)])
    a.zeros("counter", 4)
    a.zeros("per_phase", 4 * phases)
    a.zeros("snapshot", 4 * n)
    a.buffer("live", "f", floats(rng, n))
    a.scalar("phases", phases)
    a.scalar("n", n)


def b_bfs_levels(a, rng, g, w):
    nodes = g[0] - 1
    offsets, columns = csr_random_graph(rng, nodes, 2)
    a.buffer("row_offsets", "i", offsets)
    a.buffer("columns", "i", columns)
    a.zeros("dist", 4 * nodes)
    a.zeros("changed", 4)
    a.scalar("nodes", nodes)
    a.scalar("source", rng.randrange(nodes))


def b_bfs_frontier(a, rng, g, w):
    nodes = g[0] + g[0] // 2  # more nodes than work-items: grid-stride loop
    offsets, edges = csr_random_tree(rng, nodes)
    a.buffer("offsets", "I", offsets)
    a.buffer("edges", "I", edges)
    a.zeros("frontier_a", 4 * nodes)
    a.zeros("frontier_b", 4 * nodes)
    a.zeros("sizes", 8)
    a.buffer("parent", "i", [-1] * nodes)
    a.scalar("source", 0)
    a.scalar("max_levels", 64)
    # The order within a level follows the order of the atomic increments;
    # which nodes each level writes does not. Level L (depth L+1 of the tree,
    # every node has one parent) goes to frontier_b for even L, frontier_a
    # for odd L; frontier_a starts as [source]. What each buffer must hold is
    # decided by these layers (check_layers).
    depth = [[0]]
    while depth[-1] and len(depth) <= 64:
        depth.append([w for v in depth[-1] for w in edges[offsets[v]:offsets[v + 1]]])
    layers = {"frontier_a": [depth[0]], "frontier_b": []}
    for level in range(1, len(depth)):
        layers["frontier_b" if level % 2 else "frontier_a"].append(depth[level])
    return {name: ("layers", "I", layers[name]) for name in layers}


def b_bitonic_sort(a, rng, g, w):
    a.buffer("data", "f", nonzero_floats(rng, g[0], -100, 100))
    a.scalar("n", g[0])


def b_bitonic_argsort(a, rng, g, w):
    n = g[0]
    a.buffer("keys_in", "I", [rng.randrange(1000) for _ in range(n)])
    a.zeros("keys", 4 * n)
    a.zeros("perm", 4 * n)
    a.scalar("n", n)
    a.scalar("log2n", n.bit_length() - 1)


def b_box_blur3(a, rng, g, w):
    width, height = g[0] - 3, g[1] - 1
    a.buffer("img", "f", floats(rng, width * height, 0, 1))
    a.zeros("tmp", 4 * width * height)
    a.scalar("width", width)
    a.scalar("height", height)
    a.scalar("radius", 2)


def b_smooth_rounds(a, rng, g, w):
    n = g[0] - 5
    a.buffer("sig", "f", floats(rng, n))
    a.zeros("work", 4 * n)
    a.scalar("n", n)


def b_build_cell_list(a, rng, g, w):
    np_, dim = g[0] - 7, 4
    pos = []
    for _ in range(np_):
        pos += floats(rng, 3, 0, 1) + [1.0]
    a.buffer("pos", "f", pos)
    for name in ("cell_count", "cell_start", "cursor"):
        a.zeros(name, 4 * dim ** 3)
    a.zeros("sorted", 4 * np_)
    a.scalar("np", np_)
    a.scalar("dim", dim)
    a.scalar("inv_cell", float(dim))
    return {"sorted": ("segments", "i", "cell_start", "cell_count")}


def b_release_cells(a, rng, g, w):
    cells, nleaving = 2 * g[0], g[0] - 2
    owner = [rng.randrange(-1, 50) for _ in range(cells)]
    leaving = rng.sample(range(cells), nleaving)
    pre = 5
    a.buffer("owner", "i", owner)
    a.buffer("free_list", "i", [rng.randrange(-3, 3) for _ in range(pre)] + [-1] * (cells))
    a.buffer("free_top", "i", [pre])
    a.buffer("leaving", "i", leaving)
    a.scalar("nleaving", nleaving)
    return {"free_list": ("sorted", "i")}


def spd_csr(rng, n):
    """A symmetric, diagonally dominant matrix: a 1D Laplacian plus noise."""
    ptr, col, val = [0], [], []
    for i in range(n):
        for j in (i - 1, i, i + 1):
            if 0 <= j < n:
                col.append(j)
                val.append(4.0 if i == j else -1.0)
        ptr.append(len(col))
    return ptr, col, val


def b_cg_solve(a, rng, g, w):
    n = g[0] - 2
    ptr, col, val = spd_csr(rng, n)
    a.buffer("ptr", "i", ptr)
    a.buffer("col", "i", col)
    a.buffer("val", "f", val)
    a.buffer("b", "f", floats(rng, n))
    for name in ("x", "r", "p", "ap"):
        a.zeros(name, 4 * n)
    a.zeros("scalars", 12)
    a.scalar("n", n)
    a.scalar("max_iters", 6)
    a.scalar("tol", 1e-6)


def b_fir_two_stage(a, rng, g, w):
    n = g[0] - 9
    a.buffer("x", "f", floats(rng, n, -2, 2))
    a.zeros("stage", 4 * n)
    a.zeros("y", 4 * n)
    a.buffer("taps", "f", [0.4, 0.3, 0.2, 0.1, 0.05])
    a.scalar("ntaps", 5)
    a.scalar("n", n)


def b_fused_stats(a, rng, g, w):
    n = g[0] - 2
    a.buffer("signal", "f", floats(rng, n))
    a.zeros("features", 12 * n)
    a.scalar("n", n)
    a.scalar("radius", 3)


def b_life(a, rng, g, w):
    width, h, gens = g[0], g[1] - 1, 6
    board = [1 if rng.random() < 0.35 else 0 for _ in range(width * h)]
    a.buffer("board0", "B", board)
    a.zeros("board1", width * h)
    a.zeros("population", 4 * gens)
    a.scalar("w", width)
    a.scalar("h", h)
    a.scalar("rule", (g[0] * g[1]) % 3)
    a.scalar("generations", gens)


def b_gauss(a, rng, g, w):
    n = min(g[0], 48)
    m = []
    for i in range(n):
        row = floats(rng, n + 1, -1, 1)
        row[i] = float(n + 2)  # diagonally dominant: no pivoting needed
        m += row
    a.buffer("m", "f", m)
    a.zeros("solution", 4 * n)
    a.scalar("n", n)


def b_heat1d(a, rng, g, w):
    n = g[0] - 3
    a.buffer("u", "f", floats(rng, n, 0, 1))
    a.zeros("scratch", 4 * n)
    a.buffer("weights", "f", [0.05, 0.2, 0.5, 0.2, 0.05])
    a.scalar("n", n)
    a.scalar("steps", 5)


def b_histogram_normalize(a, rng, g, w):
    count = 3 * g[0] + 17
    a.buffer("pixels", "B", [min(255, int(rng.expovariate(1 / 40.0))) for _ in range(count)])
    a.zeros("bins", 4 * 256)
    a.zeros("pdf", 4 * 256)
    a.scalar("count", count)


def b_histogram_cdf(a, rng, g, w):
    nkeys, nbins = g[0] - 1, min(g[0], 100)
    a.buffer("keys", "i", [rng.randrange(-5, nbins + 5) for _ in range(nkeys)])
    a.zeros("counts", 4 * nbins)
    a.zeros("cdf", 4 * nbins)
    a.scalar("nkeys", nkeys)
    a.scalar("nbins", nbins)


def b_jacobi2d(a, rng, g, w, sweeps=5):
    width, height = g[0] - 1, g[1]
    a.buffer("grid_a", "f", floats(rng, width * height, 0, 1))
    a.zeros("grid_b", 4 * width * height)
    a.scalar("width", width)
    a.scalar("height", height)
    a.scalar("sweeps", sweeps)


def b_kmeans(a, rng, g, w):
    npoints, k = g[0] - 4, 4
    pts = []
    centres = [(0.2, 0.2), (0.8, 0.3), (0.3, 0.8), (0.7, 0.7)]
    for i in range(npoints):
        cx, cy = centres[i % k]
        pts += [cx + rng.gauss(0, 0.08), cy + rng.gauss(0, 0.08)]
    pts = [struct.unpack("<f", struct.pack("<f", v))[0] for v in pts]
    a.buffer("points", "f", pts)
    a.buffer("centroids", "f", [0.1, 0.1, 0.9, 0.1, 0.1, 0.9, 0.9, 0.9])
    a.zeros("assign", 4 * npoints)
    for name in ("sum_x", "sum_y", "members"):
        a.zeros(name, 4 * k)
    a.scalar("npoints", npoints)
    a.scalar("k", k)
    a.scalar("iters", 3)


def b_median(a, rng, g, w):
    width, height = g[0] - 1, g[1] - 2 if g[1] > 2 else g[1]
    a.buffer("image", "f", floats(rng, width * height, 0, 1))
    a.zeros("pass1", 4 * width * height)
    a.zeros("pass2", 4 * width * height)
    a.scalar("width", width)
    a.scalar("height", height)


def b_mlp(a, rng, g, w):
    n_in, n_hidden, n_out = 24, g[0] - 3, min(10, g[0])
    a.buffer("x", "f", floats(rng, n_in))
    a.buffer("w1", "f", floats(rng, n_hidden * n_in))
    a.buffer("b1", "f", floats(rng, n_hidden))
    a.buffer("w2", "f", floats(rng, n_out * n_hidden))
    a.buffer("b2", "f", floats(rng, n_out))
    a.zeros("hidden", 4 * n_hidden)
    a.zeros("out", 4 * n_out)
    a.scalar("n_in", n_in)
    a.scalar("n_hidden", n_hidden)
    a.scalar("n_out", n_out)


def b_nbody(a, rng, g, w):
    count = min(g[0] - 1, 512)
    bodies = []
    for _ in range(count):
        bodies += floats(rng, 3) + [1.0] + floats(rng, 3, -0.1, 0.1) + [0.0] + [0.0] * 4
    a.buffer("bodies", "f", bodies)
    a.zeros("energy", 4 * count)
    a.scalar("count", count)
    a.scalar("dt", 0.01)
    a.scalar("softening", 0.01)
    a.scalar("steps", 2)
    return {"fmt:bodies": "f"}


def b_odd_even(a, rng, g, w):
    n = min(2 * g[0], 300)
    a.buffer("keys", "i", [rng.randrange(100) for _ in range(n)])
    a.buffer("values", "i", list(range(n)))
    a.scalar("n", n)


def b_pagerank(a, rng, g, w):
    nodes = g[0] - 2
    offsets, sources = csr_random_graph(rng, nodes, 3)
    outdeg = [0] * nodes
    for s in sources:
        outdeg[s] += 1
    a.buffer("in_offsets", "i", offsets)
    a.buffer("in_sources", "i", sources)
    a.buffer("out_degree", "i", outdeg)
    a.zeros("rank", 4 * nodes)
    a.zeros("contrib", 4 * nodes)
    a.scalar("nodes", nodes)
    a.scalar("damping", 0.85)
    a.scalar("iterations", 4)


def b_power(a, rng, g, w):
    n = min(g[0] - 1, 256)
    a.buffer("A", "f", floats(rng, n * n, 0, 1))
    a.buffer("x", "f", [1.0] * n)
    a.zeros("y", 4 * n)
    a.zeros("partial", 4 * (g[0] // w[0]))
    a.local("red", 4 * w[0])
    a.scalar("n", n)
    a.scalar("iterations", 3)


def b_reduce_max(a, rng, g, w):
    n = g[0] - 5
    a.buffer("data", "f", floats(rng, n, -1000, 1000))
    a.local("tmp", 4 * w[0])
    a.zeros("block_max", 4 * (g[0] // w[0]))
    a.zeros("out", 4)
    a.scalar("n", n)


def b_range_atomic(a, rng, g, w):
    n = g[0] - 1
    a.buffer("values", "i", [rng.randrange(-10 ** 6, 10 ** 6) for _ in range(n)])
    a.zeros("bounds", 8)
    a.zeros("span", 4)
    a.scalar("n", n)


def b_reduce_sum(a, rng, g, w):
    n = 3 * g[0] + 11
    a.buffer("input", "f", floats(rng, n, -10, 10))
    a.zeros("partial", 4 * (g[0] // w[0]))
    a.zeros("result", 4)
    a.scalar("n", n)


def b_saxpy_dot(a, rng, g, w):
    n4 = g[0] - 3
    a.buffer("x", "f", floats(rng, 4 * n4))
    a.buffer("y", "f", floats(rng, 4 * n4))
    a.zeros("z", 16 * n4)
    a.zeros("group_dots", 4 * (g[0] // w[0]))
    a.zeros("result", 4)
    a.scalar("a", 1.5)
    a.scalar("n4", n4)
    why = ("dot() is POCL's library on one side and the reference's on the other; "
           "they may add the four products in a different order")
    return {"group_dots": ("ulp", 4, why), "result": ("ulp", 64, why)}


def b_scan_exclusive(a, rng, g, w):
    n = 2 * g[0] - 37
    a.buffer("in", "i", [rng.randrange(-50, 100) for _ in range(n)])
    a.zeros("out", 4 * n)
    a.zeros("block_sums", 4 * (g[0] // w[0]))
    a.scalar("n", n)


def b_scan_grid(a, rng, g, w):
    n = 2 * g[0]
    a.buffer("data", "i", [rng.randrange(-50, 100) for _ in range(n)])
    a.zeros("total", 4)
    a.scalar("n", n)


def b_stream_compact(a, rng, g, w):
    n = g[0] - 6
    a.buffer("in", "f", floats(rng, n))
    a.zeros("out", 4 * n)
    a.zeros("cursor", 4)
    a.zeros("kept", 4)
    a.scalar("threshold", 0.25)
    a.scalar("n", n)
    return {"out": ("sorted", "f")}


def b_ticket_queue(a, rng, g, w):
    ntasks = 3 * g[0] + 1
    a.buffer("tasks", "i", [rng.randrange(-1000, 1000) for _ in range(ntasks)])
    a.zeros("results", 4 * ntasks)
    a.zeros("next_ticket", 4)
    a.zeros("done", 4)
    a.zeros("status", 4)
    a.scalar("ntasks", ntasks)


def b_transpose_rowsum(a, rng, g, w):
    cols, rows = g[0] - 3, g[1] - 5
    a.buffer("in", "f", floats(rng, rows * cols))
    a.zeros("out", 4 * rows * cols)
    a.zeros("sums", 4 * cols)
    a.scalar("rows", rows)
    a.scalar("cols", cols)


def b_matvec_bias(a, rng, g, w, bias=1):
    n = min(g[0] - 1, 200)
    a.buffer("m", "f", floats(rng, n * n))
    a.buffer("v", "f", floats(rng, n))
    a.zeros("res", 4 * n)
    a.buffer("bias", "f", floats(rng, n))
    a.scalar("n", n)
    a.scalar("apply_bias", bias)


def b_normalize_l2(a, rng, g, w):
    n = g[0] - 3  # the last work-items return before the first barrier
    a.buffer("x", "f", floats(rng, n))
    a.zeros("norm_fixed", 4)
    a.scalar("n", n)


def b_softmax(a, rng, g, w):
    n = g[0] - 1
    a.buffer("logits", "f", floats(rng, n, -4, 4))
    a.zeros("probs", 4 * n)
    a.zeros("work", 8)
    a.scalar("n", n)
    why = "exp is the host libm's on one side, the OpenCL library's on the other"
    return {"probs": ("ulp", 8, why), "work": ("ulp", 8, why)}


def b_private_carry(a, rng, g, w):
    n = g[0] - 2
    a.buffer("in", "i", [rng.randrange(-1000, 1000) for _ in range(n)])
    a.zeros("board", 4 * n)
    a.zeros("out", 32 * n)
    a.scalar("n", n)
    a.scalar("rounds", 5)


def b_helper_rounds(a, rng, g, w):
    n = g[0] * g[1]
    a.buffer("a", "i", [rng.randrange(0, 1000) for _ in range(n)])
    a.zeros("b", 4 * n)
    a.zeros("out", 4 * n)
    a.scalar("rounds", 3)


def b_local_carry(a, rng, g, w):
    n = g[0] - 5
    a.buffer("in", "i", [rng.randrange(-1000, 1000) for _ in range(n)])
    a.zeros("out", 4 * n)
    a.zeros("totals", 4 * (g[0] // w[0]))
    a.scalar("n", n)


def b_bicg_local(a, rng, g, w):
    nx, ny = g[0] - 3, g[0] - 5
    a.buffer("A", "f", floats(rng, nx * ny))
    a.buffer("r", "f", floats(rng, nx))
    # written before every read: the initial contents must not matter
    a.buffer("s", "f", [7.0] * g[0])
    a.buffer("q", "f", [7.0] * g[0])
    a.zeros("tags", 4 * g[0])
    a.scalar("nx", nx)
    a.scalar("ny", ny)


def b_local_helper(a, rng, g, w):
    n = g[0] - 3
    a.buffer("in", "i", [rng.randrange(-1000, 1000) for _ in range(n)])
    a.zeros("sums", 4 * (g[0] // w[0]))
    a.zeros("out", 4 * n)
    a.scalar("n", n)


def b_divergent(a, rng, g, w):
    a.buffer("trips", "i", [1 + i % 3 for i in range(g[0])])
    a.zeros("out", 4 * g[0])
    # The whole of what both must say: the branch and the two barriers by
    # their source lines (the barriers' numbers and the branch's IR text
    # differ between -O0 and -O2 and between the LLVMs).
    sites = ("can reach barrier [0-9]+ \\(divergent\\.cl:%s\\) while others reach barrier "
             "[0-9]+ \\(divergent\\.cl:%s\\)")
    tool = ("{source}: error: kernel 'divergent_sites': divergent grid barrier: the branch "
            "'br [^']*' \\(divergent\\.cl:10:3\\) depends on the invocation id, and "
            "invocations that take it (?:" + sites % ("12:5", "14:3") + "|" +
            sites % ("14:3", "12:5") + "); every invocation that has not returned must reach "
            "the same barrier")
    reference = ("gs-reference: error: divergent grid barrier: invocations reached different "
                 "barrier sites")
    return {"expect": ("error", tool, re.escape(reference))}


# (file, kernel, builder, sizes): sizes are (grid, workgroup) per tier:
# one workgroup, a few workgroups, 2048-4096 invocations. A kernel name may
# carry a [variant] label, to tell apart two cases of one kernel and size.
D1 = [((64,), (64,)), ((256,), (64,)), ((2048,), (128,))]
D1_256 = [((256,), (256,)), ((1024,), (256,)), ((4096,), (256,))]
D1_128 = [((128,), (128,)), ((512,), (128,)), ((2048,), (128,))]
D2 = [((16, 8), (16, 8)), ((32, 16), (16, 8)), ((64, 64), (16, 8))]
D2_16 = [((16, 16), (16, 16)), ((32, 48), (16, 16)), ((64, 64), (16, 16))]

CASES = [
    ("grid_helpers.cl", "smooth_twice", b_smooth_twice, D1),
    ("grid_helpers.cl", "count_phases", b_count_phases, D1),
    ("bfs.cl", "bfs_levels", b_bfs_levels, D1),
    ("bfs_queue.cl", "bfs_frontier", b_bfs_frontier, D1),
    ("bitonic_sort.cl", "bitonic_sort", b_bitonic_sort, D1),
    ("bitonic_sort.cl", "bitonic_argsort", b_bitonic_argsort, D1),
    ("blur_passes.cl", "box_blur3", b_box_blur3, D2),
    ("blur_passes.cl", "smooth_rounds", b_smooth_rounds, D1),
    ("cell_list.cl", "build_cell_list", b_build_cell_list, D1),
    ("cell_list.cl", "release_cells", b_release_cells, D1),
    ("conjugate_gradient.cl", "cg_solve", b_cg_solve, D1),
    ("fir_filter.cl", "fir_two_stage", b_fir_two_stage, D1),
    ("fused_stats.cl", "fused_stats", b_fused_stats, D1),
    ("game_of_life.cl", "life", b_life, D2),
    ("gauss_elim.cl", "gauss_eliminate", b_gauss, D1),
    ("heat1d.cl", "heat1d", b_heat1d, D1),
    ("histogram.cl", "histogram_normalize", b_histogram_normalize, D1_256),
    ("histogram.cl", "histogram_cdf", b_histogram_cdf, D1),
    ("jacobi2d.cl", "jacobi2d", b_jacobi2d, D2),
    ("kmeans.cl", "kmeans_lloyd", b_kmeans, D1),
    ("median_filter.cl", "median_twice", b_median, D2),
    ("mlp_forward.cl", "mlp_forward", b_mlp, D1),
    ("nbody.cl", "nbody_steps", b_nbody, D1),
    ("odd_even_sort.cl", "odd_even_sort", b_odd_even, D1),
    ("pagerank.cl", "pagerank", b_pagerank, D1),
    ("power_iteration.cl", "power_iteration", b_power, D1),
    ("reduce_minmax.cl", "reduce_max", b_reduce_max, D1),
    ("reduce_minmax.cl", "range_atomic", b_range_atomic, D1),
    ("reduce_sum.cl", "reduce_sum", b_reduce_sum, D1_256),
    ("saxpy_dot.cl", "saxpy_dot", b_saxpy_dot, D1_128),
    ("scan_blocks.cl", "scan_exclusive", b_scan_exclusive, D1_256),
    ("scan_grid.cl", "scan_grid_blelloch", b_scan_grid, D1),
    ("stream_compact.cl", "stream_compact", b_stream_compact, D1),
    ("stream_compact.cl", "ticket_queue", b_ticket_queue, D1),
    ("transpose_rowsum.cl", "transpose_rowsum", b_transpose_rowsum, D2_16),
    ("transpose_rowsum.cl", "matvec_bias", b_matvec_bias, D1),
    ("transpose_rowsum.cl", "matvec_bias[no-bias]",
     lambda a, r, g, w: b_matvec_bias(a, r, g, w, 0), D1[:1]),
    ("vector_normalize.cl", "normalize_l2", b_normalize_l2, D1),
    ("vector_normalize.cl", "softmax_row", b_softmax, D1),
    ("private_live.cl", "private_carry", b_private_carry, D1),
    ("local_live.cl", "local_carry", b_local_carry, [((64,), (64,)), ((256,), (32,)),
                                                      ((2048,), (64,))]),
    ("virtual_helpers.cl", "helper_rounds", b_helper_rounds,
     [((16, 8), (16, 8)), ((32, 16), (8, 4))]),
    ("own_writes.cl", "bicg_local", b_bicg_local, [((64,), (16,)), ((256,), (64,))]),
    ("local_helper.cl", "local_helper", b_local_helper, [((256,), (64,))]),
    # Invalid on purpose: both sides must report an error (exit 1), not hang.
    ("divergent.cl", "divergent_sites", b_divergent, [((256,), (64,))]),
]

# Large grids, checked against gs-plain-reference only.
PLAIN_CASES = [
    ("reduce_sum.cl", "reduce_sum", b_reduce_sum, ((1 << 16,), (256,))),
    ("reduce_sum.cl", "reduce_sum", b_reduce_sum, ((1 << 20,), (256,))),
    ("scan_blocks.cl", "scan_exclusive", b_scan_exclusive, ((1 << 18,), (256,))),
    ("scan_grid.cl", "scan_grid_blelloch", b_scan_grid, ((1 << 16,), (256,))),
    ("histogram.cl", "histogram_normalize", b_histogram_normalize, ((1 << 18,), (128,))),
    ("histogram.cl", "histogram_cdf", b_histogram_cdf, ((1 << 16,), (256,))),
    ("jacobi2d.cl", "jacobi2d", lambda a, r, g, w: b_jacobi2d(a, r, g, w, 3),
     ((1024, 1024), (16, 16))),
    ("jacobi2d.cl", "jacobi2d", b_jacobi2d, ((256, 256), (16, 16))),
    ("reduce_minmax.cl", "reduce_max", b_reduce_max, ((1 << 20,), (256,))),
    ("reduce_minmax.cl", "range_atomic", b_range_atomic, ((1 << 18,), (256,))),
    ("vector_normalize.cl", "normalize_l2", b_normalize_l2, ((1 << 16,), (64,))),
    ("bitonic_sort.cl", "bitonic_sort", b_bitonic_sort, ((1 << 16,), (256,))),
]

# Kernels that gs-plain-reference models: in --self-check mode they are also
# run at threaded-reference sizes and compared with gs-reference.
PLAIN_KERNELS = {"reduce_sum", "scan_exclusive", "scan_grid_blelloch", "histogram_normalize",
                 "histogram_cdf", "jacobi2d", "reduce_max", "range_atomic", "normalize_l2",
                 "bitonic_sort"}


class Case:
    def __init__(self, source, kernel, builder, grid, wg, expected_by):
        self.source = source
        label = kernel
        kernel = kernel.split("[")[0]
        self.kernel = kernel
        self.builder = builder
        self.grid = grid
        self.wg = wg
        self.expected_by = expected_by  # "reference" or "plain"
        self.name = "%s:%s@%s/%s" % (os.path.splitext(os.path.basename(source))[0], label,
                                     "x".join(map(str, grid)), "x".join(map(str, wg)))


def source_path(name):
    for d in (FIXTURES, KERNELS):
        p = os.path.join(d, name)
        if os.path.exists(p):
            return p
    return None


def all_cases():
    cases = []
    for source, kernel, builder, sizes in CASES:
        for grid, wg in sizes:
            cases.append(Case(source, kernel, builder, grid, wg, "reference"))
    for source, kernel, builder, (grid, wg) in PLAIN_CASES:
        cases.append(Case(source, kernel, builder, grid, wg, "plain"))
    return cases


# --- running --------------------------------------------------------------------

FORMATS = [("double", "d"), ("float", "f"), ("unsigned_long", "Q"), ("long", "q"),
           ("unsigned_int", "I"), ("int", "i"), ("unsigned_short", "H"), ("short", "h"),
           ("unsigned_char", "B"), ("char", "b")]


def element_format(type_spelling):
    for key, fmt in FORMATS:
        if key in type_spelling:
            return fmt
    return "B"


class ReferenceCache:
    """The outputs of successful gs-reference and gs-plain-reference runs on
    disk, shared by runs and by concurrent processes (ctest -j).

    An entry is keyed by the SHA-256 of everything its run depends on (see
    Runner.reference_key and Runner.plain_key): the reference binary's
    bytes, clang's identity and flags, the kernel source's bytes (and of
    every file it includes), the kernel, grid and workgroup, and the
    arguments with each input file's bytes in place of its path. Changing
    any of them changes the key, so a stale entry is never found; key.json
    in the entry repeats the key, and an entry whose key.json differs is
    not used.

    An entry is written into a temporary directory beside the entries and
    renamed into place, so a reader sees a whole entry or none; when two
    processes write the same key, the first rename wins. Failed runs are
    never kept. Entries unused for PRUNE_DAYS are removed; removing the
    directory at any time is safe."""

    VERSION = 1
    PRUNE_DAYS = 7

    def __init__(self, root):
        self.root = os.path.abspath(root)
        os.makedirs(self.root, exist_ok=True)
        self.digests = {}  # (path, size, mtime, inode) -> SHA-256 of its bytes
        self.lock = threading.Lock()
        self.hits = self.misses = 0
        self.prune()

    def prune(self):
        now = time.time()
        for name in os.listdir(self.root):
            path = os.path.join(self.root, name)
            try:
                if name.startswith(".tmp-"):  # left by a killed writer
                    if now - os.stat(path).st_mtime > 3600:
                        shutil.rmtree(path, ignore_errors=True)
                    continue
                for entry in os.listdir(path):
                    entry = os.path.join(path, entry)
                    if now - os.stat(entry).st_mtime > self.PRUNE_DAYS * 86400:
                        shutil.rmtree(entry, ignore_errors=True)
            except OSError:
                pass  # another process pruned it first

    def digest(self, path):
        """The SHA-256 of PATH's bytes, hashed again whenever its size,
        modification time or inode change."""
        st = os.stat(path)
        stamp = (os.path.realpath(path), st.st_size, st.st_mtime_ns, st.st_ino)
        with self.lock:
            if stamp in self.digests:
                return self.digests[stamp]
        h = hashlib.sha256()
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
        with self.lock:
            self.digests[stamp] = h.hexdigest()
        return h.hexdigest()

    def args_key(self, args):
        """ARGS' items with every @FILE replaced by its bytes' digest."""
        items = []
        for item in args.items:
            name, _, value = item.partition("=")
            if value.startswith("@"):
                value = "@sha256:" + self.digest(value[1:])
            items.append("%s=%s" % (name, value))
        return items

    def source_key(self, source, seen=None):
        """The digests of SOURCE and of every file it #includes with quotes."""
        seen = seen if seen is not None else set()
        path = os.path.realpath(source)
        if path in seen:
            return []
        seen.add(path)
        keys = [[source, self.digest(path)]]
        with open(path, "rb") as f:
            text = f.read().decode(errors="replace")
        for name in re.findall(r'^\s*#\s*include\s*"([^"]+)"', text, re.M):
            included = os.path.join(os.path.dirname(path), name)
            keys += (self.source_key(included, seen) if os.path.exists(included)
                     else [[name, "not found"]])
        return keys

    def _entry(self, key):
        text = json.dumps(dict(key, cache_version=self.VERSION), sort_keys=True)
        h = hashlib.sha256(text.encode()).hexdigest()
        return os.path.join(self.root, h[:2], h), text

    def fetch(self, key, out_dir):
        """Copies the outputs kept for KEY into OUT_DIR; False when there
        are none (OUT_DIR is then left absent)."""
        entry, text = self._entry(key)
        if os.path.exists(out_dir):
            with self.lock:  # never write into, or remove, what is already there
                self.misses += 1
            return False
        try:
            with open(os.path.join(entry, "key.json")) as f:
                if f.read() != text:
                    raise OSError("another key under the same hash")
            shutil.copytree(os.path.join(entry, "out"), out_dir)
            os.utime(entry)  # used: not pruned
        except OSError:
            shutil.rmtree(out_dir, ignore_errors=True)
            with self.lock:
                self.misses += 1
            return False
        with self.lock:
            self.hits += 1
        return True

    def store(self, key, out_dir):
        """Keeps OUT_DIR's outputs for KEY (atomically; a failure to keep them
        only costs a rerun later)."""
        entry, text = self._entry(key)
        if os.path.isdir(entry):
            return
        tmp = None
        try:
            tmp = tempfile.mkdtemp(prefix=".tmp-", dir=self.root)
            shutil.copytree(out_dir, os.path.join(tmp, "out"))
            with open(os.path.join(tmp, "key.json"), "w") as f:
                f.write(text)
            os.makedirs(os.path.dirname(entry), exist_ok=True)
            os.rename(tmp, entry)  # atomic; fails when another writer was first
            tmp = None
        except OSError:
            pass
        finally:
            if tmp:
                shutil.rmtree(tmp, ignore_errors=True)


class Runner:
    def __init__(self, opts):
        self.opts = opts
        self.work = opts.work
        self.cache = {}
        self.signatures = {}
        self.majors = {}  # clang -> its major version
        self.llvm15 = os.path.dirname(opts.clang or "")  # llvm-nm, opt beside clang 15
        self.lock = threading.Lock()  # cases run in threads; compile each object once
        self.ref_cache = ReferenceCache(opts.reference_cache) if opts.reference_cache else None
        self.clang_id = None  # clang's identity, for the cache's keys

    def run(self, cmd, timeout):
        t0 = time.time()
        for attempt in range(5):
            try:
                p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   timeout=timeout)
                return p.returncode, p.stdout.decode(errors="replace"), time.time() - t0
            except subprocess.TimeoutExpired:
                return 124, "timed out after %ds" % timeout, time.time() - t0
            except OSError as e:
                # EACCES/ETXTBSY while the executable is being relinked.
                error = e
                time.sleep(2)
        return 126, "cannot run %s: %s" % (cmd[0], error), time.time() - t0

    def kernel_object(self, source, fused):
        """The reference's x86_64 object for a source, compiled once."""
        key = (source, fused)
        with self.lock:
            return self._kernel_object(key, source, fused)

    def _kernel_object(self, key, source, fused):
        if key not in self.cache:
            base = os.path.splitext(os.path.basename(source))[0]
            obj = os.path.join(self.work, "objects", "%s%s.so" % (base, ".fma" if fused else ""))
            os.makedirs(os.path.dirname(obj), exist_ok=True)
            cmd = [self.opts.clang] + CL_FLAGS + (["-mfma"] if fused else []) + [source, "-o", obj]
            rc, out, _ = self.run(cmd, 300)
            self.cache[key] = (obj if rc == 0 else None, out)
        return self.cache[key]

    def signature(self, source, kernel):
        key = (source, kernel)
        with self.lock:
            return self._signature(key, source, kernel)

    def _signature(self, key, source, kernel):
        if key not in self.signatures:
            rc, out, _ = self.run([self.opts.reference, "--signature", source, "--kernel", kernel], 60)
            sig = {}
            for line in out.splitlines():
                f = line.split()
                if f and f[0] == "param":
                    sig[f[1]] = (f[2], f[3])
                elif f and f[0] == "global":
                    sig[f[1]] = ("program-global", f[3])
            self.signatures[key] = sig
        return self.signatures[key]

    def clang_identity(self):
        """clang's path, size, modification time and --version: the kernel
        objects gs-reference runs are clang's output."""
        with self.lock:
            if self.clang_id is None:
                path = os.path.realpath(self.opts.clang)
                st = os.stat(path)
                version = subprocess.run([self.opts.clang, "--version"], stdout=subprocess.PIPE,
                                         stderr=subprocess.STDOUT).stdout.decode(errors="replace")
                self.clang_id = [path, st.st_size, st.st_mtime_ns, version]
            return self.clang_id

    def reference_key(self, case, source, args, fused):
        """What gs-reference's outputs for CASE depend on (ReferenceCache)."""
        c = self.ref_cache
        return {"run": "gs-reference", "reference": c.digest(self.opts.reference),
                "clang": self.clang_identity(),
                "clang_flags": CL_FLAGS + (["-mfma"] if fused else []),
                "source": c.source_key(source), "kernel": case.kernel,
                "grid": list(case.grid), "workgroup": list(case.wg), "timeout": REFERENCE_TIMEOUT,
                "args": c.args_key(args)}

    def plain_key(self, case, args):
        """What gs-plain-reference's outputs for CASE depend on."""
        c = self.ref_cache
        return {"run": "gs-plain-reference", "plain": c.digest(self.opts.plain),
                "kernel": case.kernel, "grid": list(case.grid), "workgroup": list(case.wg),
                "args": c.args_key(args)}

    def cached(self, make_key, out_dir, execute):
        """EXECUTE()'s (rc, output), or the outputs a run with the same key
        left in the reference cache, copied into OUT_DIR. A successful run's
        outputs are kept unless what the key covers changed while it ran."""
        if not self.ref_cache:
            return execute()
        try:
            key = make_key()
        except OSError:  # an input that cannot be read: the run itself says so
            return execute()
        if self.ref_cache.fetch(key, out_dir):
            return 0, ""
        rc, out = execute()
        try:
            if rc == 0 and make_key() == key:
                self.ref_cache.store(key, out_dir)
        except OSError:
            pass
        return rc, out

    def reference(self, case, source, args, out_dir, fused):
        def execute():
            obj, log = self.kernel_object(source, fused)
            if not obj:
                return 1, "compiling the reference object failed:\n" + log
            cmd = [self.opts.reference, "--grid", ",".join(map(str, case.grid)),
                   "--workgroup", ",".join(map(str, case.wg)), "--kernel", case.kernel,
                   "--out", out_dir, "--source", source, "--timeout", REFERENCE_TIMEOUT,
                   obj] + args.items
            rc, out, _ = self.run(cmd, 300)
            return rc, out
        return self.cached(lambda: self.reference_key(case, source, args, fused), out_dir,
                           execute)

    def plain(self, case, args, out_dir):
        def execute():
            cmd = [self.opts.plain, "--grid", ",".join(map(str, case.grid)),
                   "--workgroup", ",".join(map(str, case.wg)), "--kernel", case.kernel,
                   "--out", out_dir] + args.items
            rc, out, _ = self.run(cmd, 300)
            return rc, out
        return self.cached(lambda: self.plain_key(case, args), out_dir, execute)

    def tool(self, case, source, args, out_dir):
        """Runs `gridsplit run`. Returns (rc, output, problems): PROBLEMS are
        defects found on the way that did not stop the run."""
        run_input, plan, problems = source, [], []
        if self.opts.via_spirv:
            # The SPIR-V itself: split and emit it, validate it, translate
            # it back with the LLVM 15
            # SPIRV-LLVM-Translator, and run that module with its plan.
            spv_dir = out_dir + ".spirv"
            stem = os.path.splitext(os.path.basename(source))[0]
            spv = os.path.join(spv_dir, stem + ".spv")
            bc = os.path.join(spv_dir, stem + ".bc")
            level = ["-O%d" % self.opts.opt_level] if self.opts.opt_level is not None else []
            rc, out, _ = self.run([self.opts.split_tool or self.opts.tool, "--target", "spirv",
                                   "--kernel", case.kernel, "-o", spv_dir] +
                                  level + [source], self.opts.timeout)
            if rc:
                return rc, "gridsplit --target spirv failed:\n" + out, problems
            rc, out, _ = self.run([self.opts.spirv_val, spv], self.opts.timeout)
            if rc:
                return rc, "spirv-val rejects %s:\n%s" % (spv, out), problems
            if self.opts.split_tool:
                with open(spv, "rb") as f:
                    legacy, _ = spirv_legacy.scalar_nulls_to_zeros(f.read())
                spv = os.path.join(spv_dir, stem + ".legacy.spv")
                with open(spv, "wb") as f:
                    f.write(legacy)
            rc, out, _ = self.run([self.opts.via_spirv, "-r", spv, "-o", bc], self.opts.timeout)
            if rc:
                return rc, "llvm-spirv -r failed:\n" + out, problems
            run_input = bc
            plan = ["--plan", os.path.join(spv_dir, stem + ".plan.json")]
        level = ["-O%d" % self.opts.opt_level] if self.opts.opt_level is not None else []
        if self.opts.runtime == "vulkan":
            # --target vulkan's shaders (LLVM 22), run by the Vulkan host
            virtual = ([] if self.opts.virtual is None else
                       ["--virtual-workgroups", "--physical-groups", str(self.opts.virtual)])
            cmd = [self.opts.tool, "run", "--runtime", "vulkan", "--kernel", case.kernel] + \
                level + virtual + ["--grid", ",".join(map(str, case.grid)),
                         "--workgroup", ",".join(map(str, case.wg)), "--out", out_dir]
            rc, out, _ = self.run(cmd + [source] + args.items, self.opts.timeout)
            return rc, out, problems
        virtual = ([] if self.opts.virtual is None else
                   ["--virtual-workgroups", "--physical-groups", str(self.opts.virtual)])
        if self.opts.devices:
            virtual += ["--devices", str(self.opts.devices)]
        cmd = [self.opts.tool, "run", "--kernel", case.kernel] + level + plan + virtual + [
               "--grid", ",".join(map(str, case.grid)),
               "--workgroup", ",".join(map(str, case.wg)), "--out", out_dir]
        rc, out, _ = self.run(cmd + [run_input] + args.items, self.opts.timeout)
        left = sorted(name for name in BARRIER_NAMES if "Cannot find symbol %s " % name in out)
        if rc and plan and left:
            # SPEC: after a split nothing may reference a grid barrier. What
            # gridsplit run keeps of the module (the segments and every
            # function that is not a kernel) still does, and POCL cannot link
            # it: a problem of the case. The run goes on without the
            # functions no segment reaches, so that the segments' bytes are
            # compared all the same.
            problems.append("the split module still references %s where gridsplit run has "
                            "dropped the other kernels (SPEC: after a split nothing may); "
                            "run without the functions no segment reaches" % " ".join(left))
            with open(plan[1]) as f:
                segments = [seg["function"] for kernel in json.load(f)["kernels"]
                            if kernel["name"] == case.kernel for seg in kernel["segments"]]
            pruned = os.path.splitext(run_input)[0] + ".pruned.bc"
            rc, out, _ = self.run([os.path.join(self.llvm15, "opt"),
                                   "-passes=internalize,globaldce",
                                   "-internalize-public-api-list=" + ",".join(segments),
                                   run_input, "-o", pruned], 60)
            if rc:
                return rc, "opt (removing what no segment reaches) failed:\n" + out, problems
            rc, out, _ = self.run(cmd + [pruned] + args.items, self.opts.timeout)
        return rc, out, problems


def read_manifest(directory):
    entries = {}
    path = os.path.join(directory, "reference.manifest")
    if os.path.exists(path):
        for line in open(path):
            f = line.split()
            entries[f[0]] = f[1]
    return entries


def outputs(directory):
    if not os.path.isdir(directory):
        return {}
    return {f[:-4]: os.path.join(directory, f) for f in os.listdir(directory) if f.endswith(".bin")}


def unpack(data, fmt):
    size = struct.calcsize(fmt)
    n = len(data) // size
    return list(struct.unpack("<%d%s" % (n, fmt), data[:n * size]))


def fmt_value(v, fmt):
    if fmt in "fd":
        return "%r" % v
    return str(v)


def ulp_distance(x, y):
    def key(v):
        i = struct.unpack("<i", struct.pack("<f", v))[0]
        return i if i >= 0 else -(i & 0x7fffffff)
    return abs(key(x) - key(y))


def canonical(data, mode, expected_dir):
    """Canonicalise `data` for an order-insensitive comparison mode."""
    if mode[0] == "sorted":
        fmt = mode[1]
        return struct.pack("<%d%s" % (len(data) // struct.calcsize(fmt), fmt),
                           *sorted(unpack(data, fmt)))
    if mode[0] == "segments":
        fmt, starts_name, counts_name = mode[1], mode[2], mode[3]
        starts = unpack(open(os.path.join(expected_dir, starts_name + ".bin"), "rb").read(), "i")
        counts = unpack(open(os.path.join(expected_dir, counts_name + ".bin"), "rb").read(), "i")
        values = unpack(data, fmt)
        for s, c in zip(starts, counts):
            if 0 <= s and c > 0 and s + c <= len(values):
                values[s:s + c] = sorted(values[s:s + c])
        return struct.pack("<%d%s" % (len(values), fmt), *values)
    return data


def check_layers(name, data, layers, fmt, expected):
    """None when DATA is what writing LAYERS into a buffer, in that order,
    each layer's values in any order from slot 0, can leave; else why not.
    Every slot holds a value of the last layer that reached it, no value of a
    layer twice, so the last layer's slots hold exactly its values; slots no
    layer reached hold EXPECTED's bytes."""
    values, before = unpack(data, fmt), unpack(expected, fmt)
    if len(data) != len(expected):
        return "%s: %d bytes expected, %d written" % (name, len(expected), len(data))
    owner = [None] * len(values)
    sets = [set(layer) for layer in layers]
    for index, layer in enumerate(layers):
        if len(layer) > len(values):
            return "%s: layer %d has %d values, the buffer %d" % (name, index, len(layer),
                                                                   len(values))
        owner[:len(layer)] = [index] * len(layer)
    seen = {}
    for slot, value in enumerate(values):
        index = owner[slot]
        if index is None:
            if value != before[slot]:
                return "%s: [%d] is past every layer, expected %s (unwritten), got %s" % (
                    name, slot, fmt_value(before[slot], fmt), fmt_value(value, fmt))
            continue
        if value not in sets[index]:
            return "%s: [%d] = %s is not a value of layer %d (%d values), the last to " \
                   "write it" % (name, slot, fmt_value(value, fmt), index, len(layers[index]))
        if (index, value) in seen:
            return "%s: %s of layer %d at both [%d] and [%d]" % (
                name, fmt_value(value, fmt), index, seen[(index, value)], slot)
        seen[(index, value)] = slot
    return None


def compare(name, expected, actual, mode, fmt, expected_dir):
    """None when equal under mode, else a one-paragraph diff summary."""
    if mode and mode[0] == "layers":
        # The reference too must be one of the outcomes the layers allow.
        diff = check_layers(name, expected, mode[2], mode[1], expected)
        if diff:
            return "the reference's " + diff
        return check_layers(name, actual, mode[2], mode[1], expected)
    if mode and mode[0] == "ulp":
        if len(expected) != len(actual):
            return "%s: %d bytes expected, %d written" % (name, len(expected), len(actual))
        e, a = unpack(expected, "f"), unpack(actual, "f")
        bad = [i for i in range(len(e)) if ulp_distance(e[i], a[i]) > mode[1]
               and not (math.isnan(e[i]) and math.isnan(a[i]))]
        if not bad:
            return None
        i = bad[0]
        return "%s: %d of %d elements differ by more than %d ulp; first at [%d]: " \
               "expected %r, got %r" % (name, len(bad), len(e), mode[1], i, e[i], a[i])
    if mode:
        expected = canonical(expected, mode, expected_dir)
        actual = canonical(actual, mode, expected_dir)
    if expected == actual:
        return None
    if len(expected) != len(actual):
        return "%s: %d bytes expected, %d written" % (name, len(expected), len(actual))
    size = struct.calcsize(fmt)
    e, a = unpack(expected, fmt), unpack(actual, fmt)
    bad = [i for i in range(len(e)) if struct.pack("<" + fmt, e[i]) != struct.pack("<" + fmt, a[i])]
    if not bad:  # a difference in trailing bytes that do not make an element
        first = next(i for i in range(len(expected)) if expected[i] != actual[i])
        return "%s: bytes differ from offset %d" % (name, first)
    i = bad[0]
    text = "%s: %d of %d elements (%s, %d bytes) differ; first at [%d]: expected %s, got %s" % (
        name, len(bad), len(e), fmt, size, i, fmt_value(e[i], fmt), fmt_value(a[i], fmt))
    if len(bad) > 1:
        text += "; also at " + ", ".join("[%d]" % j for j in bad[1:6]) + (" ..." if len(bad) > 6 else "")
    return text


# Cases --export-gpu cannot export, each for a reason outside gridsplit: the
# case name (a substring), the major version of the export's clang (None:
# any), the step that fails, and why. Every one taken is printed; one that no
# longer fails is an error, so that the entry gets removed. Anything else that
# fails, and any failure of `gridsplit --target nvptx`, fails the case.
GPU_EXPORT_EXCEPTIONS = [
    ("stream_compact:", 22, "clang",
     "clang 22's OpenCL header declares none of the OpenCL 2.0 atomic_* functions the kernel "
     "calls (atomic_store_explicit, atomic_fetch_add, ...) for nvptx64"),
]

EXPORT_LOCK = threading.Lock()

# The grid barriers of SPEC section 1 that a module names as functions.
BARRIER_NAMES = {"gridsplit_grid_sync", "__ockl_grid_sync"}


def clang_major(clang):
    out = subprocess.run([clang, "--version"], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT).stdout.decode(errors="replace")
    found = re.search(r"clang version ([0-9]+)", out)
    return int(found.group(1)) if found else None


def export_exception(case, major, step):
    for pattern, version, which, why in GPU_EXPORT_EXCEPTIONS:
        if pattern in case.name and version in (None, major) and which == step:
            return why
    return None


def export_gpu(runner, case, source, args, exp_dir, modes, sig):
    """Writes what an NVIDIA GPU needs to run CASE with gs-cuda-run: the
    kernel compiled for NVPTX (clang, lowering/opencl_nvptx.ll), split to PTX
    with its plan, the inputs, the expected outputs, how to compare them
    (compare.json), and one line of EXPORT/cases.txt. Returns (problems,
    exceptions): a step that fails is a problem unless GPU_EXPORT_EXCEPTIONS
    lists it (then an exception, also written to EXPORT/exceptions.txt); a
    listed step that succeeds is a problem."""
    opts = runner.opts
    root = os.path.abspath(opts.export_gpu)
    slug = "".join(c if c.isalnum() or c in "-." else "_" for c in case.name)
    cdir = os.path.join(root, slug)
    shutil.rmtree(cdir, ignore_errors=True)
    os.makedirs(cdir)
    clang = opts.export_clang or opts.clang
    with runner.lock:
        if clang not in runner.majors:
            runner.majors[clang] = clang_major(clang)
    major = runner.majors[clang]
    llvm = os.path.dirname(clang)
    lib = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lowering",
                       "opencl_nvptx.ll")
    steps = [("clang", [clang, "-x", "cl", "-cl-std=CL2.0", "-Xclang",
                        "-finclude-default-header", "-fno-discard-value-names", "-target",
                        "nvptx64-nvidia-cuda", "-emit-llvm", "-c", "-O2", "-o",
                        os.path.join(cdir, "k.bc"), source]),
             ("llvm-link", [os.path.join(llvm, "llvm-link"), os.path.join(cdir, "k.bc"), lib,
                            "-o", os.path.join(cdir, "linked.bc")]),
             ("opt", [os.path.join(llvm, "opt"), "-passes=always-inline,instcombine,globaldce",
                      os.path.join(cdir, "linked.bc"), "-o", os.path.join(cdir, "kernel.bc")]),
             ("builtins", [os.path.join(llvm, "llvm-nm"), "--undefined-only",
                           os.path.join(cdir, "kernel.bc")]),
             ("nvptx", [opts.export_tool or opts.tool, "--target", "nvptx"] +
              (["--mcpu", opts.export_mcpu] if opts.export_mcpu else []) +
              (opts.export_args.split() if opts.export_args else []) +
              ["--drop-original", "-o", cdir, os.path.join(cdir, "kernel.bc")])]
    for step, cmd in steps:
        rc, out, _ = runner.run(cmd, 120)
        if step == "builtins" and rc == 0:
            missing = sorted(set(l.split()[-1] for l in out.splitlines()
                                 if l.strip() and "gridsplit_grid_sync" not in l
                                 and "llvm." not in l))
            if missing:
                rc, out = 1, "the NVPTX device library lacks " + " ".join(missing)
        why = None if step == "nvptx" else export_exception(case, major, step)
        if rc:
            shutil.rmtree(cdir, ignore_errors=True)
            last = out.strip().splitlines()[-1] if out.strip() else "(no output)"
            if why is None:
                return ["export for the GPU: %s failed (exit %d): %s" % (step, rc, last)], []
            with EXPORT_LOCK, open(os.path.join(root, "exceptions.txt"), "a") as f:
                f.write("%s: %s: %s\n" % (case.name, step, why))
            return [], [("GPU export", "%s fails with clang %s: %s" % (step, major, why))]
        if why is not None:
            shutil.rmtree(cdir, ignore_errors=True)
            return ["export for the GPU: %s succeeds, but GPU_EXPORT_EXCEPTIONS says it fails "
                    "(%s): remove the entry" % (step, why)], []
    for sub, src in (("in", args.dir), ("expected", exp_dir)):
        shutil.copytree(src, os.path.join(cdir, sub))
    with open(os.path.join(cdir, "compare.json"), "w") as f:
        json.dump({"modes": modes, "signature": sig, "expected_by": case.expected_by}, f)
    items = [i.replace(args.dir, "in") for i in args.items]
    with EXPORT_LOCK, open(os.path.join(root, "cases.txt"), "a") as f:
        f.write("%s|%s|%s|%s|%s\n" % (slug, case.kernel, ",".join(map(str, case.grid)),
                                      ",".join(map(str, case.wg)), " ".join(items)))
    return [], []


def check_export(case_dir, act_dir):
    """gpu_check.sh's comparison: the outputs a GPU run wrote to ACT_DIR
    against the expected outputs of an exported case, as run_case compares
    them. Prints the problems and the outputs not compared; 0 when none."""
    with open(os.path.join(case_dir, "compare.json")) as f:
        spec = json.load(f)
    modes = spec["modes"]
    label = "gs-reference" if spec["expected_by"] == "reference" else "gs-plain-reference"
    problems, _ = compare_dirs(os.path.join(case_dir, "expected"), act_dir, modes,
                               spec["signature"], label, "the GPU run")
    for line in problems + ["not compared: %s: %s" % e for e in exceptions_of(modes)]:
        print(line)
    return 1 if problems else 0


def exceptions_of(modes):
    """The outputs MODES leaves uncompared, as (name, why): each one an
    explicit, justified exception that every run prints."""
    return [(name, m[1]) for name, m in sorted(modes.items())
            if not name.startswith("fmt:") and m and m[0] == "skip"]


def compare_dirs(exp_dir, act_dir, modes, sig, expected_label, actual_label):
    """Compares every output of EXP_DIR (the reference's or a plain model's,
    with its reference.manifest) with ACT_DIR's. Both sides must cover the
    same outputs: one that only the expected side wrote must be one the
    manifest calls unchanged, and one that only the actual side wrote is a
    problem. Returns (problems, notes)."""
    expected, actual = outputs(exp_dir), outputs(act_dir)
    manifest = read_manifest(exp_dir)
    problems, notes = [], []
    for name in sorted(set(expected) | set(actual)):
        m = modes.get(name)
        fmt = modes.get("fmt:" + name) or element_format(sig.get(name, ("", ""))[1])
        if m and m[0] == "skip":
            notes.append("%s not compared: %s" % (name, m[1]))
            continue
        if name not in actual:
            if manifest.get(name) == "unchanged":
                notes.append("%s: unchanged by the kernel, not written by %s"
                             % (name, actual_label))
                continue
            kind = sig.get(name, ("",))[0]
            problems.append("%s: %s changed by the kernel (%s), missing from %s's output%s"
                            % (name, "program-scope global" if kind == "program-global"
                               else "buffer", expected_label, actual_label,
                               " (SPEC.md 3: a host-output buffer)"
                               if kind == "program-global" else ""))
            continue
        if name not in expected:
            problems.append("%s: written by %s, but %s wrote no such output"
                            % (name, actual_label, expected_label))
            continue
        if m and m[0] in ("sorted", "segments"):
            notes.append("%s compared %s: atomics decide the order" % (name, m[0]))
        if m and m[0] == "layers":
            notes.append("%s compared by layers: atomics decide the order within a layer"
                         % name)
        if m and m[0] == "ulp":
            notes.append("%s compared within %d ulp: %s" % (name, m[1], m[2]))
        with open(expected[name], "rb") as e, open(actual[name], "rb") as a:
            diff = compare(name, e.read(), a.read(), m, fmt, exp_dir)
        if diff:
            problems.append(diff)
    if not expected and not actual:
        problems.append("no outputs at all: neither %s nor %s wrote any"
                        % (expected_label, actual_label))
    return problems, notes


def failure(what, rc, out):
    """A problem: WHAT exited with status RC, and the end of its OUTput."""
    return "\n".join(["%s failed (exit %d):" % (what, rc)] + out.rstrip().splitlines()[-15:])


# the note of a case whose gridsplit run had POCL stop and ran it once more
# (runtime/runner.c): listed after the summary, so that a fault of the
# split's own that only sometimes shows is not passed by unseen
RETRIED = "POCL stopped with a segmentation fault and the run was made once more"


def run_case(runner, case, mode):
    """Returns (problems, notes, exceptions): the case passes when PROBLEMS
    is empty; EXCEPTIONS are the outputs it did not compare, each with its
    reason."""
    opts = runner.opts
    source = source_path(case.source)
    if not source:
        return ["no such kernel source: %s" % case.source], [], []
    slug = "".join(c if c.isalnum() or c in "-." else "_" for c in case.name)
    cdir = os.path.join(runner.work, slug)
    shutil.rmtree(cdir, ignore_errors=True)
    in_dir = os.path.join(cdir, "in")
    os.makedirs(in_dir)
    args = Args(in_dir)
    rng = random.Random(zlib.crc32(case.name.encode()))
    modes = case.builder(args, rng, case.grid, case.wg) or {}
    sig = runner.signature(source, case.kernel)
    if not sig:
        return ["gs-reference --signature found no kernel %s in %s"
                % (case.kernel, source)], [], []

    exp_dir = os.path.join(cdir, "expected")
    expect = modes.pop("expect", None)
    if expect:
        return expect_error(runner, case, source, args, exp_dir, mode, cdir, expect), [], []
    exceptions = exceptions_of(modes)
    expected_label = "gs-reference" if case.expected_by == "reference" else "gs-plain-reference"
    if case.expected_by == "reference":
        rc, out = runner.reference(case, source, args, exp_dir, opts.fused)
        if rc != 0:
            return [failure("reference", rc, out)], [], exceptions
    else:
        rc, out = runner.plain(case, args, exp_dir)
        if rc != 0:
            return [failure("plain reference", rc, out)], [], exceptions

    if mode == "self-check":
        # gs-reference against gs-plain-reference, where the kernel has one;
        # elsewhere only that the reference ran.
        if case.kernel not in PLAIN_KERNELS:
            if not opts.keep:
                shutil.rmtree(cdir, ignore_errors=True)
            return [], ["ran; no plain model to compare with"], exceptions
        act_dir = os.path.join(cdir, "plain")
        actual_label = "gs-plain-reference"
        rc, out = runner.plain(case, args, act_dir)
        if rc != 0:
            return [failure("plain reference", rc, out)], [], exceptions
        found = []
    else:
        act_dir = os.path.join(cdir, "tool")
        actual_label = "gridsplit run"
        rc, out, found = runner.tool(case, source, args, act_dir)
        if rc != 0:
            return found + [failure("gridsplit run", rc, out)], [], exceptions

    problems, notes = compare_dirs(exp_dir, act_dir, modes, sig, expected_label, actual_label)
    problems = found + problems
    if mode != "self-check" and "running them once more" in out:
        notes.append(RETRIED)
    if opts.export_gpu and mode != "self-check":
        export_problems, export_exceptions = export_gpu(runner, case, source, args, exp_dir,
                                                        modes, sig)
        problems += export_problems
        exceptions += export_exceptions
    if not opts.keep and not problems:
        shutil.rmtree(cdir, ignore_errors=True)
    return problems, notes, exceptions


def expect_error(runner, case, source, args, exp_dir, mode, cdir, expect):
    """An invalid kernel: the reference and gridsplit must both exit with
    status 1, within their time limits, and print exactly the message EXPECT
    gives (a regular expression for the whole output; {source} is the
    source's path), and write no output."""
    _, tool_re, reference_re = expect
    problems = []
    rc, out = runner.reference(case, source, args, exp_dir, runner.opts.fused)
    if rc != 1 or not re.fullmatch(reference_re, out.strip()):
        problems.append("gs-reference: expected exit 1 and exactly `%s`, got exit %d: %s"
                        % (reference_re, rc, out.strip()[-600:]))
    if mode != "self-check":
        act_dir = os.path.join(cdir, "tool")
        rc, out, found = runner.tool(case, source, args, act_dir)
        problems += found
        pattern = tool_re.replace("{source}", re.escape(source))
        # The tool's message may come from `gridsplit --target spirv` (the
        # runner's prefix line first).
        text = out.strip()
        if text.startswith("gridsplit --target spirv failed:\n"):
            text = text.split("\n", 1)[1].strip()
        if rc != 1 or not re.fullmatch(pattern, text):
            problems.append("gridsplit: expected exit 1 and exactly `%s`, got exit %d: %s"
                            % (pattern, rc, out.strip()[-600:]))
        if outputs(act_dir):
            problems.append("gridsplit run wrote outputs although it failed: %s"
                            % " ".join(sorted(outputs(act_dir))))
    if not problems and not runner.opts.keep:
        shutil.rmtree(cdir, ignore_errors=True)
    return problems


def read_expected_failures(path):
    """`RUNS | CASE | PROBLEM | why` lines (expected_failures.txt says what
    they mean); '#' starts a comment. Returns (entries, errors), an entry
    (runs, case, problem, why, line number)."""
    entries, errors = [], []
    if os.path.exists(path):
        for number, line in enumerate(open(path), 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = [f.strip() for f in line.split(" | ", 3)]
            if len(fields) != 4 or not all(fields):
                errors.append("%s:%d: expected `RUNS | CASE | PROBLEM | why`, got `%s`"
                              % (os.path.basename(path), number, line))
                continue
            runs = [r.strip() for r in fields[0].split(",")]
            try:
                re.compile(fields[1])
                re.compile(fields[2])
            except re.error as e:
                errors.append("%s:%d: `%s` or `%s` is not a regular expression: %s"
                              % (os.path.basename(path), number, fields[1], fields[2], e))
                continue
            entries.append((runs, fields[1], fields[2], fields[3], number))
    return entries, errors


def calibrate(runner):
    """Is a*b+c contracted by `gridsplit run`? Compile the reference likewise."""
    source = os.path.join(KERNELS, "fp_contract_probe.cl")
    cdir = os.path.join(runner.work, "fp_contract_probe")
    shutil.rmtree(cdir, ignore_errors=True)
    in_dir = os.path.join(cdir, "in")
    os.makedirs(in_dir)
    rng = random.Random(7)
    n = 256
    a = floats(rng, n, 1, 2)
    b = floats(rng, n, 1, 2)
    c = [-struct.unpack("<f", struct.pack("<f", x * y))[0] for x, y in zip(a, b)]
    args = Args(in_dir)
    args.buffer("a", "f", a)
    args.buffer("b", "f", b)
    args.buffer("c", "f", c)
    args.zeros("out", 4 * n)
    case = Case("fp_contract_probe.cl", "fp_contract_probe", None, (n,), (64,), "reference")
    # What else the run finds shows in every case; only the bytes count here.
    rc, out, _ = runner.tool(case, source, args, os.path.join(cdir, "tool"))
    if rc != 0:
        return None, "gridsplit run failed on the probe (exit %d): %s" % (rc, out.strip()[-500:])
    got = open(os.path.join(cdir, "tool", "out.bin"), "rb").read()
    for fused in (False, True):
        rc, out = runner.reference(case, source, args, os.path.join(cdir, "ref%d" % fused), fused)
        if rc == 0 and open(os.path.join(cdir, "ref%d" % fused, "out.bin"), "rb").read() == got:
            return fused, None
    return None, "the probe's output matches neither a fused nor an unfused a*b+c"


def default_name(opts):
    """The run's name, as its ctest test is named: e2e, e2e-O0,
    e2e-virtual, e2e-spirv, e2e-llvm22 (a --split-tool), ..."""
    if opts.self_check:
        return "e2e-reference"
    name = "e2e"
    if opts.split_tool:
        out = subprocess.run([opts.split_tool, "--version"], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT).stdout.decode(errors="replace")
        found = re.search(r"\(LLVM ([0-9]+)\)", out)
        name += "-llvm" + (found.group(1) if found else "unknown")
    elif opts.via_spirv:
        name += "-spirv"
    if opts.runtime == "vulkan":
        name += "-vulkan"
    if opts.opt_level is not None:
        name += "-O%d" % opts.opt_level
    if opts.virtual is not None:
        name += "-virtual"
    if opts.devices:
        name += "-devices%d" % opts.devices
    return name


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tool", help="the gridsplit executable (LLVM 15: it runs the kernels "
                    "on POCL)")
    ap.add_argument("--reference", help="gs-reference")
    ap.add_argument("--plain", help="gs-plain-reference")
    ap.add_argument("--clang", help="clang 15, to compile kernels for the reference")
    ap.add_argument("--self-check", action="store_true",
                    help="no tool: run gs-reference on every case and compare it with "
                    "gs-plain-reference where that models the kernel")
    ap.add_argument("--fma", choices=["auto", "on", "off"], default="auto",
                    help="compile the reference with a*b+c fused (default: as gridsplit run does)")
    ap.add_argument("-k", "--filter", action="append", default=[],
                    help="only cases whose name contains this (repeatable)")
    ap.add_argument("--skip-large", action="store_true", help="leave out the 2^16..2^20 grids")
    ap.add_argument("--via-spirv", metavar="LLVM_SPIRV",
                    help="run every case through SPIR-V: gridsplit --target spirv, then "
                         "LLVM_SPIRV -r back to bitcode, then gridsplit run --plan")
    ap.add_argument("--split-tool", metavar="GRIDSPLIT",
                    help="with --via-spirv: the gridsplit that splits and emits the SPIR-V "
                         "(the LLVM 22 build), while --tool runs it (default: --tool)")
    ap.add_argument("--spirv-val", metavar="SPIRV_VAL", default=shutil.which("spirv-val"),
                    help="with --via-spirv: the validator every SPIR-V module must pass "
                         "(default: spirv-val on the PATH)")
    ap.add_argument("--runtime", choices=["opencl", "vulkan"], default="opencl",
                    help="where gridsplit run runs the segments: POCL (LLVM 15's --tool), or "
                         "a Vulkan device, as Vulkan compute shaders (LLVM 22's --tool)")
    ap.add_argument("--virtual", metavar="N", type=int,
                    help="split with virtual workgroups and run them on N physical workgroups")
    ap.add_argument("--devices", metavar="N", type=int,
                    help="OpenCL: spread each grid over N logical devices (gridsplit run "
                         "--devices N: a command queue each, each its range of the virtual "
                         "workgroups)")
    ap.add_argument("-O", dest="opt_level", type=int, choices=[0, 1, 2, 3],
                    help="the optimisation level gridsplit compiles the OpenCL C at "
                         "(default: the tool's)")
    ap.add_argument("--name", help="the run's name in expected_failures.txt (default: as "
                    "ctest names it, from the options: e2e, e2e-O0, e2e-virtual, e2e-spirv, "
                    "e2e-llvm22, ...)")
    ap.add_argument("--expected-failures", metavar="FILE",
                    default=os.path.join(HERE, "expected_failures.txt"),
                    help="the expected failures (default: expected_failures.txt beside this)")
    ap.add_argument("--export-gpu", metavar="DIR",
                    help="also write, for every case, what gs-cuda-run needs to run it on a "
                         "GPU (export_gpu; test/e2e/gpu_check.sh DIR GS_CUDA_RUN runs them); a "
                         "case that does not export fails unless GPU_EXPORT_EXCEPTIONS "
                         "lists it")
    ap.add_argument("--export-tool", metavar="GRIDSPLIT",
                    help="the gridsplit that splits the exported kernels (default: --tool)")
    ap.add_argument("--export-clang", metavar="CLANG",
                    help="the clang (and, beside it, llvm-link and opt) that compiles the "
                         "exported kernels for NVPTX (default: --clang)")
    ap.add_argument("--export-mcpu", metavar="CPU",
                    help="the NVPTX processor of the exported PTX (default: the tool's)")
    ap.add_argument("--export-args", metavar="ARGS",
                    help="more arguments of the export's gridsplit --target nvptx, split at "
                         "spaces (--system-atomics: a corpus for grids over several GPUs)")
    ap.add_argument("--check-export", nargs=2, metavar=("CASE_DIR", "OUT_DIR"),
                    help="compare a GPU run's outputs with an exported case's (gpu_check.sh)")
    ap.add_argument("--reference-cache", metavar="DIR",
                    help="keep the outputs of gs-reference and gs-plain-reference in DIR "
                    "and reuse them when nothing they depend on changed (ReferenceCache)")
    ap.add_argument("-j", "--jobs", type=int, default=min(4, os.cpu_count() or 1))
    ap.add_argument("--timeout", type=int, default=300, help="seconds per gridsplit run")
    ap.add_argument("--work", help="work directory (default: a temporary one)")
    ap.add_argument("--keep", action="store_true", help="keep the files of passing cases")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--list", action="store_true", help="list the cases and exit")
    opts = ap.parse_args()
    if opts.check_export:
        return check_export(*opts.check_export)
    for flag in ("reference", "plain", "clang"):
        if not getattr(opts, flag):
            ap.error("--%s is required" % flag)
    if opts.split_tool and not opts.via_spirv:
        ap.error("--split-tool needs --via-spirv")
    if opts.runtime == "vulkan" and opts.via_spirv:
        ap.error("--runtime vulkan takes no --via-spirv")
    if opts.devices and (opts.runtime == "vulkan" or opts.virtual is None):
        ap.error("--devices needs --virtual N and the OpenCL runtime")

    cases = all_cases()
    if opts.self_check:
        # The threaded reference against the plain C models at sizes both
        # reach, which validates both.
        cases = [c for c in cases if c.expected_by == "reference"]
    elif opts.skip_large:
        cases = [c for c in cases if c.expected_by == "reference"]
    selection = cases  # before -k: what expected_failures.txt entries must name
    if opts.filter:
        cases = [c for c in cases if any(f in c.name for f in opts.filter)]
    if opts.list:
        for c in cases:
            print(c.name, "(expected: %s)" % ("gs-reference" if c.expected_by == "reference"
                                               else "gs-plain-reference"))
        return 0

    tools = [(opts.reference, "gs-reference"), (opts.plain, "gs-plain-reference"),
             (opts.clang, "clang")]
    if not opts.self_check:
        tools += [(opts.tool, "the gridsplit tool (--tool)")]
    if opts.split_tool:
        tools += [(opts.split_tool, "the gridsplit that splits (--split-tool)")]
    if opts.via_spirv:
        tools += [(opts.via_spirv, "the SPIR-V translator (--via-spirv)"),
                  (opts.spirv_val, "spirv-val (--spirv-val)")]
        tools += [(os.path.join(os.path.dirname(opts.clang), t), t + " beside --clang")
                  for t in ("llvm-nm", "opt")]
    for path, what in tools:
        if not path or not os.path.exists(path):
            print("run_e2e: %s not found at %s" % (what, path))
            print("0 passed, 1 failed")
            return 1
    if not opts.self_check:
        probe = subprocess.run([opts.tool, "run", "--help"], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
        if probe.returncode != 0 or b"--grid" not in probe.stdout:
            print("run_e2e: %s has no `run` command (yet)" % opts.tool)
            print("0 passed, 1 failed")
            return 1
    name = opts.name or default_name(opts)
    xfails, xfail_errors = read_expected_failures(opts.expected_failures)
    if xfail_errors:
        for line in xfail_errors:
            print("run_e2e: " + line)
        print("0 passed, 1 failed")
        return 1
    xfails = [e for e in xfails if "*" in e[0] or name in e[0]]

    if opts.export_gpu:
        os.makedirs(opts.export_gpu, exist_ok=True)
        for stale in ("cases.txt", "exceptions.txt", "skipped.txt"):
            if os.path.exists(os.path.join(opts.export_gpu, stale)):
                os.remove(os.path.join(opts.export_gpu, stale))
    work_owned = not opts.work
    opts.work = os.path.abspath(opts.work or tempfile.mkdtemp(prefix="gs-e2e."))
    os.makedirs(opts.work, exist_ok=True)
    runner = Runner(opts)

    opts.fused = opts.fma == "on"
    if not opts.self_check and opts.fma == "auto":
        fused, err = calibrate(runner)
        if err:
            print("FAIL fp_contract_probe: " + err)
            print("0 passed, 1 failed")
            return 1
        opts.fused = fused
    print("run_e2e %s: %d cases, reference compiled with a*b+c %s, work in %s"
          % (name, len(cases), "fused (-mfma)" if opts.fused else "unfused", opts.work))
    sys.stdout.flush()

    passed = failed = expected_failures = 0
    exceptions = []  # (case, what, why): what was not compared, and why
    retried = []  # cases whose run POCL stopped once (RETRIED)
    t0 = time.time()
    mode = "self-check" if opts.self_check else "tool"
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
        futures = [(c, pool.submit(run_case, runner, c, mode)) for c in cases]
        for case, fut in futures:
            try:
                problems, notes, taken = fut.result()
            except Exception as e:  # a bug in this script must not hide the others
                problems, notes, taken = ["run_e2e internal error: %r" % e], [], []
            exceptions += [(case.name, what, why) for what, why in taken]
            lines = problems + ["not compared: %s: %s" % t for t in taken]
            if RETRIED in notes:
                retried.append(case.name)
                lines.append("note: " + RETRIED)
            if opts.verbose:
                lines += ["note: " + n for n in notes if n != RETRIED]
            entry = next((e for e in xfails if re.search(e[1], case.name)), None)
            if entry is not None:
                where = "%s:%d" % (os.path.basename(opts.expected_failures), entry[4])
                if not problems:
                    status = "XPASS"
                    lines.insert(0, "listed in %s as failing with `%s` (%s); it passes now: "
                                 "remove the entry" % (where, entry[2], entry[3]))
                elif all(re.search(entry[2], p) for p in problems):
                    status = "XFAIL"
                    lines.insert(0, "expected (%s): %s" % (where, entry[3]))
                else:
                    status = "FAIL"
                    lines.insert(0, "listed in %s as failing with `%s`, but fails otherwise "
                                 "too:" % (where, entry[2]))
            else:
                status = "FAIL" if problems else "PASS"
            passed += status == "PASS"
            failed += status in ("FAIL", "XPASS")
            expected_failures += status == "XFAIL"
            print("%s %s" % (status, case.name))
            for line in lines:
                print("    " + line.replace("\n", "\n    "))
            sys.stdout.flush()
    # An entry that names no case of this run is out of date.
    for runs, pattern, problem, why, number in xfails:
        if not any(re.search(pattern, c.name) for c in selection):
            failed += 1
            print("STALE %s:%d: `%s` names no case of %s"
                  % (os.path.basename(opts.expected_failures), number, pattern, name))
    if work_owned and not opts.keep and not failed:
        shutil.rmtree(opts.work, ignore_errors=True)
    print("(%.0f s)" % (time.time() - t0))
    if runner.ref_cache:
        print("reference cache %s: %d runs reused, %d run" % (
            runner.ref_cache.root, runner.ref_cache.hits, runner.ref_cache.misses))
    if exceptions:
        print("%d exceptions (outputs not compared, cases not exported), each for its reason:"
              % len(exceptions))
        for case_name, what, why in exceptions:
            print("  %s: %s: %s" % (case_name, what, why))
    if expected_failures:
        print("%d expected failures (%s)" % (expected_failures,
                                             os.path.basename(opts.expected_failures)))
    if retried:
        print("%d case(s) passed after POCL stopped once with a segmentation fault and the run "
              "was made again (runtime/runner.c): %s" % (len(retried), ", ".join(retried)))
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
