"""Inputs and expected bytes of lit/Run_vulkan_pingpong.ll (Inputs/vk_pingpong.cl):
a and b hold N + 1 ints (the last a sum), ma and mb N bytes; sweep IT reads
one of a and b by its parity and writes the other.

  make DIR N / check DIR N SWEEPS [nosum]

nosum: Inputs/vk_relax.cl, which adds nothing into the last int.
"""
import struct
import sys


def initial(n):
    a = [(i * 37) % 101 for i in range(n)] + [5]
    b = [1000 + i for i in range(n)] + [9]
    ma = bytes((3 * i) % 256 for i in range(n))
    mb = bytes((7 * i + 1) % 256 for i in range(n))
    return a, b, ma, mb


def sweep(n, sweeps, add_sum=True):
    a, b, ma, mb = initial(n)
    ma, mb = bytearray(ma), bytearray(mb)
    for it in range(sweeps):
        src, dst = (b, a) if it & 1 else (a, b)
        mark = ma if it & 1 else mb
        new = []
        for i in range(n):
            c = src[i]
            l = src[i - 1] if i > 0 else c
            r = src[i + 1] if i + 1 < n else c
            new.append((l + 2 * c + r) // 3 + it)  # all values stay positive
        dst[:n] = new
        if add_sum:
            dst[n] += sum(x & 7 for x in new)
        for i in range(n):
            mark[i] = (new[i] + it) & 0xFF
    return a, b, bytes(ma), bytes(mb)


def ints(xs):
    return struct.pack("<%di" % len(xs), *xs)


def main():
    cmd, d, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if cmd == "make":
        a, b, ma, mb = initial(n)
        for name, data in (("a", ints(a)), ("b", ints(b)), ("ma", ma), ("mb", mb)):
            open("%s/%s.in" % (d, name), "wb").write(data)
        return 0
    sweeps = int(sys.argv[4])
    a, b, ma, mb = sweep(n, sweeps, sys.argv[5:] != ["nosum"])
    bad = 0
    for name, want in (("a", ints(a)), ("b", ints(b)), ("ma", ma), ("mb", mb)):
        got = open("%s/%s.bin" % (d, name), "rb").read()
        ok = got == want
        bad |= not ok
        print("%s: %d bytes %s" % (name, len(want), "as expected" if ok else "differ"))
    return bad


sys.exit(main())
