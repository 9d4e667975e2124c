#!/usr/bin/env python3
"""Inputs/wg_cover.cl computed here, workgroup by workgroup, without the
split: make DIR N; check OUT N GRID WG (prints each buffer's verdict)."""
import struct
import sys


def wrap(x):
    return (x + 2**31) % 2**32 - 2**31


def main():
    if sys.argv[1] == "make":
        d, n = sys.argv[2], int(sys.argv[3])
        vals = [wrap(k * 2654435761 + 12345) >> 3 for k in range(n)]
        open(d + "/in.bin", "wb").write(struct.pack("<%di" % n, *vals))
        return
    d, out, n, grid, wg = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), \
        int(sys.argv[6])
    inp = struct.unpack("<%di" % n, open(d + "/in.bin", "rb").read())
    want = [0] * n
    for g in range(grid // wg):
        s = [wrap(inp[(g * 64 + k) % n] - k) for k in range(64)]
        t = [k * 5 + g for k in range(64)]
        ids = [g * wg + l for l in range(wg)]
        # segment 1: flag is 1 everywhere
        for l in range(wg):
            s[l] = wrap(ids[l] * 7 + 1)
            if l < 16:
                t[l] = ids[l]
        mix = lambda l, x: wrap(s[(l + 1) % 64] * 3 + s[63 - l % 64] + x)
        a = [mix(l, t[63 - l % 64]) for l in range(wg)]
        # segment 2: flag is still 1 everywhere
        for l in range(wg):
            s[l] = wrap(a[l] - 2)
        for l in range(wg):
            if ids[l] < n:
                want[ids[l]] = mix(l, t[l % 64])
    got = list(struct.unpack("<%di" % n, open(out + "/out.bin", "rb").read()))
    print("out: %s" % ("as expected" if got == want else "DIFFERS"))
    flags = struct.unpack("<%di" % grid, open(out + "/flag.bin", "rb").read())
    print("flag: %s" % ("as expected" if all(f == 1 for f in flags) else "DIFFERS"))


if __name__ == "__main__":
    main()
