#!/usr/bin/env python3
"""Inputs and expected outputs of Inputs/live_columns.cl, computed here
without the split (Run_live_columns.ll).

    live_columns.py make DIR N        DIR/io.in: N int32 values in [0, 60000]
    live_columns.py check DIR OUT N   compares OUT/{io,out,dout}.bin
"""
import struct
import sys


def signed(x, bits):
    x &= (1 << bits) - 1
    return x - (1 << bits) if x >> (bits - 1) else x


def main():
    d, n = sys.argv[2], int(sys.argv[-1])
    if sys.argv[1] == "make":
        xs = [(k * 7919 + k * k * 31) % 60001 for k in range(n)]
        open(d + "/io.in", "wb").write(struct.pack("<%di" % n, *xs))
        return
    out = sys.argv[3]
    xs = struct.unpack("<%di" % n, open(d + "/io.in", "rb").read())
    want_out, want_d = [], []
    for x in xs:
        c, h, l = signed(x * 3, 8), signed(x * 1001, 16), x * 100000007
        arr = [x + k * k for k in range(5)]
        # v.x + v.y * 2 + v.z * 4 in floats: exact for these sizes
        want_out += [c + h, x + 2 * (x + 1) + 8 * x,
                     signed(l % 1000003 + arr[x % 5] + arr[x & 3], 32), signed(l >> 32, 32)]
        want_d.append(x * 0.5 + 0.25)
    got_io = struct.unpack("<%di" % n, open(out + "/io.bin", "rb").read())
    got_out = struct.unpack("<%di" % (4 * n), open(out + "/out.bin", "rb").read())
    got_d = struct.unpack("<%dd" % n, open(out + "/dout.bin", "rb").read())
    print("io: %s" % ("as expected" if list(got_io) == [-1] * n else "DIFFERS"))
    print("out: %s" % ("as expected" if list(got_out) == want_out else "DIFFERS"))
    print("dout: %s" % ("as expected" if list(got_d) == want_d else "DIFFERS"))


if __name__ == "__main__":
    main()
