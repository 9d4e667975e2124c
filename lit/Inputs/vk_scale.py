"""Inputs and the expected bytes of lit/Run_vulkan_scale.ll, from the
kernel's source semantics (lit/Target_vulkan_shaders.ll, @scale):

  segment 0: w = in[id] * s; out[id] = w where id < n    (w carried)
  segment 1: in[id] = out[id] + w

  make DIR / check DIR, as Inputs/vk_rich.py
"""
import struct
import sys

N, S, LIMIT = 128, 2.0, 100


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def pack(vals):
    return b"".join(struct.pack("<f", v) for v in vals)


def main():
    cmd, d = sys.argv[1], sys.argv[2]
    x = [f32(i * 0.5 + 0.25) for i in range(N)]
    if cmd == "make":
        open(d + "/in", "wb").write(pack(x))
        open(d + "/out", "wb").write(bytes(4 * N))
        open(d + "/state", "wb").write(bytes(4 * N))
        return 0
    w = [f32(v * S) for v in x]
    out = [w[i] if i < LIMIT else 0.0 for i in range(N)]
    want = {"in": pack([f32(out[i] + w[i]) for i in range(N)]), "out": pack(out)}
    bad = 0
    for name, e in want.items():
        got = open(d + "/" + name, "rb").read()
        ok = got == e
        print("%s: %d bytes %s" % (name, len(e), "as expected" if ok else "differ"))
        bad |= not ok
    return bad


sys.exit(main())
