"""lit/Run_replay.ll's struct_rounds (Inputs/replay_struct.cl), in Python:

  replay_struct.py make DIR N ROUNDS STEP BASE   DIR/out.in (N longs), DIR/p.bin
  replay_struct.py check DIR OUTDIR N ROUNDS STEP BASE

check prints "ok: N elements" or the first element that differs."""
import struct
import sys


def start(n):
    return [(k * 37 % 11) - 5 for k in range(n)]


def reference(n, rounds, step, base):
    out, tmp = start(n), [0] * n
    for r in range(rounds):
        out = [o + base + r * step for o in out]
        tmp = [out[(i + 1) % n] & 7 for i in range(n)]
        out = [out[i] + tmp[i] for i in range(n)]
    return out


def main():
    if sys.argv[1] == "make":
        d, n, rounds, step, base = sys.argv[2], *map(int, sys.argv[3:7])
        open(d + "/out.in", "wb").write(struct.pack("<%dq" % n, *start(n)))
        open(d + "/p.bin", "wb").write(struct.pack("<ih2sq", rounds, step, b"\xee" * 2, base))
        return 0
    out_dir, n, rounds, step, base = sys.argv[3], *map(int, sys.argv[4:8])
    got = struct.unpack("<%dq" % n, open(out_dir + "/out.bin", "rb").read())
    want = reference(n, rounds, step, base)
    for i in range(n):
        if got[i] != want[i]:
            print("element %d: %d, want %d" % (i, got[i], want[i]))
            return 1
    print("ok: %d elements" % n)
    return 0


sys.exit(main())
