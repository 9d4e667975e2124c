"""Inputs and expected bytes of lit/Run_vulkan_steps_in_segments.ll's
Inputs/vk_shrink.cl: N elements (1000 of a grid of 1024), halved (C's
division, toward zero) while above BOUND (5), a round after the last change.

  make DIR / check DIR OUTDIR
"""
import struct
import sys

N, BOUND = 1000, 5


def start():
    return [(k * 7919) % 100003 - (k % 3) * 40 for k in range(N)]


def main():
    cmd, d = sys.argv[1], sys.argv[2]
    if cmd == "make":
        open(d + "/a.in", "wb").write(struct.pack("<%di" % N, *start()))
        return 0
    a, mine, rounds = start(), [0] * N, 0
    while True:
        changed = False
        for i in range(N):
            if a[i] > BOUND:
                a[i] = int(a[i] / 2)
                mine[i] += 1
                changed = True
        rounds += 1
        if not changed:
            break
    o = sys.argv[3]
    got_a = open(o + "/a.bin", "rb").read()
    got_out = open(o + "/out.bin", "rb").read()
    want_out = struct.pack("<%di" % (N + 1), rounds, *mine)
    ok = got_a == struct.pack("<%di" % N, *a) and got_out[:len(want_out)] == want_out
    print("shrink: %d rounds, %s" % (rounds, "as expected" if ok else "differ"))
    return not ok


sys.exit(main())
