"""Inputs and expected bytes of lit/Run_vulkan_phi_buffers.ll: three buffers
a, b, c of 2 N + 1 ints and out of 2 N. Invocation i picks buffer i % 3 by
a phi, reads its word i, exchanges its word N + i for 5 i (out[N + i] gets
the old word) and adds 1 to its word 2 N; then five times reads word i of
x and writes acc = 3 acc + x[i] into word i of y, x and y (a and b first)
changing places each time; out[i] = acc.

  make DIR / check DIR
"""
import struct
import sys

N = 128
M32 = 0xFFFFFFFF


def initial():
    a = [1000 + i for i in range(N)] + [7 * i + 1 for i in range(N)] + [0]
    b = [2000 + 3 * i for i in range(N)] + [11 * i + 2 for i in range(N)] + [100]
    c = [5000 - i for i in range(N)] + [13 * i + 3 for i in range(N)] + [200]
    return a, b, c


def run():
    a, b, c = initial()
    out = [0] * (2 * N)
    for i in range(N):
        p = (a, b, c)[i % 3]
        acc = p[i]
        out[N + i] = p[N + i]
        p[N + i] = 5 * i
        p[2 * N] += 1
        x, y = a, b
        for _ in range(5):
            acc = (3 * acc + x[i]) & M32
            y[i] = acc
            x, y = y, x
        out[i] = acc
    return a, b, c, out


def ints(xs):
    return struct.pack("<%dI" % len(xs), *xs)


def main():
    cmd, d = sys.argv[1], sys.argv[2]
    if cmd == "make":
        for name, xs in zip("abc", initial()):
            open("%s/%s" % (d, name), "wb").write(ints(xs))
        open(d + "/out", "wb").write(bytes(8 * N))
        return 0
    bad = 0
    for name, xs in zip(("a", "b", "c", "out"), run()):
        got, want = open("%s/%s" % (d, name), "rb").read(), ints(xs)
        bad |= got != want
        print("%s: %d bytes %s" % (name, len(want), "as expected" if got == want else "differ"))
    return bad


sys.exit(main())
