#!/usr/bin/env python3
"""The reference for reload_relax.cl (lit/Run_reload.ll), written from the
kernel's text: every float operation rounded to binary32 as the kernel's
(no contraction), all invocations of a phase before the next.

    reload_relax.py U.bin PR.bin N OUT     compares OUT/u.bin, OUT/v.bin and
                                           OUT/res.bin with the reference
"""
import os
import struct
import sys


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def main():
    ubin, prbin, n, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    u = list(struct.unpack("<%df" % n, open(ubin, "rb").read()))
    w, iters = struct.unpack("<fi", open(prbin, "rb").read())
    v, res = [0.0] * n, [0.0] * n
    for _ in range(iters):
        ui = u[:]
        nb = []
        for i in range(n):
            s = 0.0
            if i > 0:
                s = f32(s + u[i - 1])
            if i + 1 < n:
                s = f32(s + u[i + 1])
            nb.append(s)
        for i in range(n):
            v[i] = f32(ui[i] + f32(w * f32(f32(0.5 * nb[i]) - ui[i])))
        for i in range(n):
            vj = v[i - 1] if i > 0 else v[i]
            u[i] = f32(v[i] + f32(0.25 * f32(vj - ui[i])))
            res[i] = f32(res[i] + f32(v[i] - ui[i]))
    bad = 0
    for name, want in (("u", u), ("v", v), ("res", res)):
        got = open(os.path.join(out, name + ".bin"), "rb").read()
        exp = struct.pack("<%df" % n, *want)
        if got != exp:
            bad += 1
            print("%s.bin differs from the reference" % name)
    print("reference: %s" % ("the same bytes" if not bad else "DIFFERENT"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
