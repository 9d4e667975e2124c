"""Inputs and expected bytes of lit/Run_vulkan_runtime.ll (Inputs/
vk_runtime.cl, modelled here independently):

  make DIR N GRID / check DIR N GRID K BIAS
"""
import struct
import sys


def mix(x, k):
    r = x & 3
    if r == 0:
        return x * 3 + k
    if r == 1:
        return x ^ 0x55
    if r == 2:
        return x - 7 * k
    return x + 1000


def wrap(x):
    return (x + 2**31) % 2**32 - 2**31


def main():
    cmd, d, n, grid = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    data = [(i * 7919) % 2001 - 1000 for i in range(grid)]
    if cmd == "make":
        open(d + "/in", "wb").write(struct.pack("<%di" % grid, *data))
        return 0
    k, bias = int(sys.argv[5]), int(sys.argv[6])
    m = [wrap(mix(data[i], k)) if i < n else 0 for i in range(grid)]
    want = [wrap(m[(i - 1) % grid] + m[i] + bias) for i in range(grid)]
    got = struct.unpack("<%di" % grid, open(d + "/out.bin", "rb").read())
    bad = [i for i in range(grid) if got[i] != want[i]]
    print("out: %d ints, %s" % (grid, "as expected" if not bad else
                               "%d differ, first [%d]: %d, not %d" % (len(bad), bad[0], got[bad[0]],
                                                                     want[bad[0]])))
    return 1 if bad else 0


sys.exit(main())
