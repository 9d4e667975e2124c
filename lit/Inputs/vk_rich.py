"""Inputs and the expected bytes of lit/Run_vulkan_rich.ll, computed here
from the kernel's source semantics (no code shared with gridsplit):

  make DIR    writes DIR/x, DIR/flags, DIR/wide, DIR/hist
  check DIR   compares them, after the run, with what the kernel must give
"""
import struct
import sys

N, WG, SCALE = 128, 64, 3


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def inputs():
    x = [f32(((i * 37) % 101) / 6.0 - 1.5) for i in range(N)]
    wide = [(i * 1000003 + (1 << 40)) for i in range(N)]
    return x, wide


def expected():
    x, wide = inputs()
    flags, hist, out = [0] * N, [0] * 8, []
    for g in range(N):
        lid = g % WG
        base = g - lid
        v, u = x[g], x[base + (lid ^ 1)]  # tile[lid ^ 1] after the barrier
        flags[g] = 1 if u > v else 0
        hist[int(u) & 7] += 1  # fptosi truncates toward zero
    for g in range(N):
        out.append(((wide[g] + flags[g]) * SCALE) & (2**64 - 1))
    return flags, out, hist


def main():
    cmd, d = sys.argv[1], sys.argv[2]
    x, wide = inputs()
    if cmd == "make":
        open(d + "/x", "wb").write(b"".join(struct.pack("<f", v) for v in x))
        open(d + "/flags", "wb").write(bytes(N))
        open(d + "/wide", "wb").write(b"".join(struct.pack("<Q", v) for v in wide))
        open(d + "/hist", "wb").write(bytes(32))
        return 0
    flags, out, hist = expected()
    want = {
        "x": b"".join(struct.pack("<f", v) for v in x),
        "flags": bytes(flags),
        "wide": b"".join(struct.pack("<Q", v) for v in out),
        "hist": b"".join(struct.pack("<I", v) for v in hist),
    }
    bad = 0
    for name, w in want.items():
        got = open(d + "/" + name, "rb").read()
        if got != w:
            first = next((i for i in range(min(len(got), len(w))) if got[i] != w[i]), None)
            print("%s: %d bytes differ, the first at byte %s" %
                  (name, sum(a != b for a, b in zip(got, w)), first))
            bad = 1
        else:
            print("%s: %d bytes as expected" % (name, len(w)))
    return bad


sys.exit(main())
