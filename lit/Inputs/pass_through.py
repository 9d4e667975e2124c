#!/usr/bin/env python3
"""Inputs and expected outputs of Inputs/pass_through.cl, computed here
without the split (Run_live_pass_through.ll, Run_vulkan_pass_through.ll).

    pass_through.py make DIR N              DIR/a.in: N int32 values
    pass_through.py check DIR OUT N ROUNDS  compares OUT/{a,b,c}.bin
"""
import struct
import sys


def wrap(x):
    return (x + 2**31) % 2**32 - 2**31


def values(n):
    # a spread of signs and sizes, with products that overflow int32
    return [wrap((k * 2654435761) ^ (k << 7)) >> (k % 5) for k in range(n)]


def main():
    if sys.argv[1] == "make":
        d, n = sys.argv[2], int(sys.argv[3])
        with open(d + "/a.in", "wb") as f:
            f.write(struct.pack("<%di" % n, *values(n)))
        return
    d, out, n, rounds = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    a = list(struct.unpack("<%di" % n, open(d + "/a.in", "rb").read()))
    keep = [wrap(x * 7 + 1) for x in a]
    acc = [0] * n
    b = [0] * n
    steps = list(range(n))
    for r in range(rounds):
        steps = [wrap(s * 3 + r) for s in steps]
        b = [wrap(keep[i] + r) for i in range(n)]
        acc = [wrap(acc[i] + b[(i + 1) % n]) for i in range(n)]
    want = {"a": [wrap(-k) for k in keep], "b": b, "c": [wrap(acc[i] + keep[i] + steps[i]) for i in range(n)]}
    for name in ("a", "b", "c"):
        got = list(struct.unpack("<%di" % n, open("%s/%s.bin" % (out, name), "rb").read()))
        if name == "b" and rounds == 0:
            want[name] = got if all(x == 0 for x in got) else ["nonzero"]
        print("%s: %s" % (name, "as expected" if got == want[name] else "DIFFERS"))


if __name__ == "__main__":
    main()
