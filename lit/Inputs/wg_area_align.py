#!/usr/bin/env python3
"""Inputs/wg_area_align.cl's data and expected result, computed here without
the split (Run_workgroup_area_align.ll).

    wg_area_align.py make FILE N       N doubles k / N
    wg_area_align.py check FILE OUT N  OUT against the kernel's arithmetic
"""
import struct
import sys

WG = 7


def main():
    n = int(sys.argv[-1])
    xs = [k / n for k in range(n)]
    if sys.argv[1] == "make":
        open(sys.argv[2], "wb").write(struct.pack("<%dd" % n, *xs))
        return
    want = []
    for g in range(n):
        l, base = g % WG, g - g % WG
        want.append(xs[base + (l + 1) % WG] * 2.0 + (1.0 if xs[(g + 1) % n] > 0.5 else 0.0))
    got = struct.unpack("<%dd" % n, open(sys.argv[3], "rb").read())
    print("data: %s" % ("as expected" if list(got) == want else "DIFFERS"))


main()
