#!/usr/bin/env python3
"""Inputs and independent checks for bench/gpu's loop workloads, cg and bfs
(lit/Run_bench_loops.ll), small enough for a CPU.

    bench_loops.py make DIR          rhs.bin (a 32 x 32 grid: a sum of six of
                                     the Laplacian's eigenvectors), off.bin and
                                     cols.bin (1000 nodes: v -> v + 1 and three
                                     random), and dist.exp, count.exp: a BFS
                                     from node 7 in Python
    bench_loops.py cg DIR OUT        the relative residual of OUT/x.bin for the
                                     5-point Laplacian, and OUT/dots.bin
"""
import math
import os
import random
import struct
import sys

NX, NY, NODES, SRC = 32, 32, 1000, 7
MODES = [(1, 1, 1.0), (2, 3, 0.5), (5, 1, 0.25), (3, 7, 0.125), (8, 8, 0.3), (11, 4, -0.2)]


def make(d):
    n = NX * NY
    rhs = [sum(c * math.sin(math.pi * a * (i % NX + 1) / (NX + 1)) *
               math.sin(math.pi * b * (i // NX + 1) / (NY + 1)) for a, b, c in MODES)
           for i in range(n)]
    open(os.path.join(d, "rhs.bin"), "wb").write(struct.pack("<%df" % n, *rhs))
    rng = random.Random(5)
    off = [4 * v for v in range(NODES + 1)]
    cols = []
    for v in range(NODES):
        cols += [(v + 1) % NODES] + [rng.randrange(NODES) for _ in range(3)]
    open(os.path.join(d, "off.bin"), "wb").write(struct.pack("<%dI" % len(off), *off))
    open(os.path.join(d, "cols.bin"), "wb").write(struct.pack("<%dI" % len(cols), *cols))
    dist = [-1] * NODES
    dist[SRC] = 0
    front, count = [SRC], [1]
    while front:
        nxt = []
        for v in front:
            for w in cols[4 * v:4 * v + 4]:
                if dist[w] < 0:
                    dist[w] = dist[v] + 1
                    nxt.append(w)
        if nxt:
            count.append(len(nxt))
        front = nxt
    count += [0] * (NODES + 1 - len(count))
    open(os.path.join(d, "dist.exp"), "wb").write(struct.pack("<%di" % NODES, *dist))
    open(os.path.join(d, "count.exp"), "wb").write(struct.pack("<%dI" % (NODES + 1), *count))


def cg(d, out):
    n = NX * NY
    x = struct.unpack("<%df" % n, open(os.path.join(out, "x.bin"), "rb").read())
    b = struct.unpack("<%df" % n, open(os.path.join(d, "rhs.bin"), "rb").read())
    res = 0.0
    for i in range(n):
        c, s = i % NX, 4 * x[i]
        s -= (x[i - 1] if c > 0 else 0) + (x[i + 1] if c + 1 < NX else 0)
        s -= (x[i - NX] if i >= NX else 0) + (x[i + NX] if i + NX < n else 0)
        res += (s - b[i]) ** 2
    rel = math.sqrt(res / sum(v * v for v in b))
    dots = struct.unpack("<3f", open(os.path.join(out, "dots.bin"), "rb").read())
    print("residual below 1e-4: %s; iterations %d" % (rel < 1e-4, dots[2]))


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2])
    else:
        cg(sys.argv[2], sys.argv[3])
