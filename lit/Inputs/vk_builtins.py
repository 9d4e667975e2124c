"""Inputs and expected bytes of lit/Run_vulkan_builtins.ll, from OpenCL C's
definitions of the builtins (6.15.3, 6.15.12):

  make DIR / check DIR
"""
import struct
import sys

N, WG = 128, 64


def s32(v):
    return (v + 2**31) % 2**32 - 2**31


def u32(v):
    return v % 2**32


def main():
    cmd, d = sys.argv[1], sys.argv[2]
    x = [s32((i * 2654435761) % 1000 - 500) for i in range(N)]
    if cmd == "make":
        open(d + "/x", "wb").write(b"".join(struct.pack("<i", v) for v in x))
        open(d + "/out", "wb").write(bytes(16 * N))
        open(d + "/state", "wb").write(bytes(4 * N))
        c = [0, 0, 2**31 - 1, 0, 0, 0, 0, 0]
        open(d + "/counts", "wb").write(struct.pack("<8I", *[u32(v) for v in c]))
        return 0
    counts = [N, u32(sum(x)), min(x), max(u32(v) for v in x),
              u32(sum(max(x[g:g + WG]) for g in range(0, N, WG))), 0, 0, 0]
    out = b""
    for v in x:
        out += struct.pack("<i", min(v, -5))
        out += struct.pack("<I", max(u32(v), 100))
        out += struct.pack("<i", abs(min(max(v, -50), 50)))
        out += struct.pack("<f", float(abs(v)))
    want = {"out": out, "counts": struct.pack("<8I", *[u32(v) for v in counts])}
    bad = 0
    for name, w in want.items():
        got = open(d + "/" + name, "rb").read()
        ok = got == w
        print("%s: %d bytes %s" % (name, len(w), "as expected" if ok else "differ"))
        bad |= not ok
    return bad


sys.exit(main())
