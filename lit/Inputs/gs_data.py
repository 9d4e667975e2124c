#!/usr/bin/env python3
"""Test data for the Run_*.ll tests (little-endian, as the device reads it).

    gs_data.py write FILE TYPE ITEM...   ITEM: N, A:B (A..B-1) or V*N (V, N times)
    gs_data.py dump TYPE FILE            all elements on one line, then the count

TYPE: i32, u32, f32, i64, u8.
"""
import struct
import sys

FMT = {"i32": "i", "u32": "I", "f32": "f", "i64": "q", "u8": "B"}


def items(args, ty):
    conv = float if ty == "f32" else int
    for a in args:
        if "*" in a:
            v, n = a.split("*")
            yield from [conv(v)] * int(n)
        elif ":" in a:
            lo, hi = a.split(":")
            yield from (conv(x) for x in range(int(lo), int(hi)))
        else:
            yield conv(a)


def main():
    if sys.argv[1] == "write":
        path, ty = sys.argv[2], sys.argv[3]
        vals = list(items(sys.argv[4:], ty))
        with open(path, "wb") as f:
            f.write(struct.pack("<%d%s" % (len(vals), FMT[ty]), *vals))
        return 0
    if sys.argv[1] == "dump":
        ty, path = sys.argv[2], sys.argv[3]
        data = open(path, "rb").read()
        size = struct.calcsize(FMT[ty])
        if len(data) % size:
            sys.stderr.write("gs_data.py: %d bytes is not a whole number of %s\n" % (len(data), ty))
            return 1
        vals = struct.unpack("<%d%s" % (len(data) // size, FMT[ty]), data)
        out = ["%g" % v if ty == "f32" else str(v) for v in vals]
        print(" ".join(out))
        print("count %d" % len(vals))
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
