"""lit/Run_devices.ll's data: `make DIR` writes the inputs; `swap DIR OUT`
prints whether OUT/x.bin and OUT/y.bin hold what devices_struct.cl's
swap_phases computes from them (a model in Python, sharing nothing with
gridsplit), and the first difference where they do not."""
import struct
import sys

N = 77
LEFT, RIGHT, SHIFT = 5, 3, 11


def c_div(a, b):
    """C's integer division: toward zero"""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def wrap(v):
    return (v + 2**31) % 2**32 - 2**31


def make(d):
    open(d + "/x.bin", "wb").write(struct.pack("<%di" % N, *[(k * 37) % 101 - 50 for k in range(N)]))
    open(d + "/w.bin", "wb").write(struct.pack("<iiI", LEFT, RIGHT, SHIFT))
    open(d + "/a.bin", "wb").write(struct.pack("<%di" % N, *[(k * 53) % 89 - 40 for k in range(N)]))


def swap(d, out):
    x = list(struct.unpack("<%di" % N, open(d + "/x.bin", "rb").read()))
    y = [0] * N
    for i in range(N):
        y[i] = c_div(LEFT * x[(i + N - 1) % N] + (16 - LEFT - RIGHT) * x[i] + RIGHT * x[(i + 1) % N], 16)
    for i in range(N):
        x[i] = wrap(y[(i + SHIFT) % N] * 3 + y[N - 1 - i])
    for i in range(N):
        y[i] = wrap(x[N - 1 - i] - x[(i * 7) % N])
    for name, want in (("x", x), ("y", y)):
        got = list(struct.unpack("<%di" % N, open(out + "/" + name + ".bin", "rb").read()))
        for i in range(N):
            if got[i] != want[i]:
                print("%s[%d] is %d, the model's %d" % (name, i, got[i], want[i]))
                return
    print("swap_phases: x and y are the model's")


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2])
    else:
        swap(sys.argv[2], sys.argv[3])
