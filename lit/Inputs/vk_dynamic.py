"""Inputs and expected bytes of lit/Run_vulkan_dynamic.ll: a[i] = 7 i, then
STEPS times a[i] += k for k = 0 .. STEPS - 1, a grid barrier after each.

  make DIR STEPS / check DIR STEPS
"""
import struct
import sys

N = 128


def main():
    cmd, d, steps = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if cmd == "make":
        open(d + "/a", "wb").write(b"".join(struct.pack("<i", 7 * i) for i in range(N)))
        open(d + "/steps", "wb").write(struct.pack("<i", steps))
        open(d + "/state", "wb").write(bytes(32))
        open(d + "/ctl", "wb").write(bytes(16))
        return 0
    want = b"".join(struct.pack("<i", 7 * i + steps * (steps - 1) // 2) for i in range(N))
    got = open(d + "/a", "rb").read()
    print("a: %d bytes %s" % (len(want), "as expected" if got == want else "differ"))
    words = struct.unpack("<4i", open(d + "/ctl", "rb").read())
    print("control: next %d flags %d launch %d current %d" % words)
    return got != want


sys.exit(main())
