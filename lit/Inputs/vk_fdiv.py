#!/usr/bin/env python3
"""Float division to the nearest (lit/Run_vulkan_fdiv.ll): operand pairs and
the quotient IEEE 754 gives each, from Python's double division (correctly
rounded), rounded to float by the C library: rounding twice is innocuous for
division when the wider format has at least 2p + 2 bits (53 >= 50).

    vk_fdiv.py make DIR     writes DIR/a, DIR/b (float bits), DIR/q and DIR/q2 (zeros)
    vk_fdiv.py check DIR [Q] compares DIR/Q (default q) with the expected quotients
    vk_fdiv.py loop DIR      compares DIR/q4 with divloop's: a[i] / b[(i + (k >> 1)) % N], k < 4
"""
import ctypes
import math
import os
import random
import struct
import sys

rng = random.Random(7)
F = lambda u: struct.unpack('<f', struct.pack('<I', u))[0]
specials = [0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0xffc12345, 1, 0x80000001, 0x7fffff, 0x800000,
            0x7f7fffff, 0xff7fffff, 0x3f800000, 0xbf800000, 0x40000000, 0x3f7fffff, 0x3f800001, 0x00400000, 0x34000000, 0x4b000000]
pairs = [(x, y) for x in specials for y in specials]
# exact ties exist only below the normal range: an odd subnormal halved
pairs += [((2 * k + 1) | (s << 31), 0x40000000 + (t << 23)) for k in range(2048) for s in (0, 1) for t in (0, 1)]
while len(pairs) < 65536 * 4:
    k = rng.random()
    if k < 0.4:
        a, b = rng.getrandbits(32), rng.getrandbits(32)
    elif k < 0.6:   # quotients near ties: a = b * (m + 0.5 ulp) style: random small-int ratios
        m = rng.randrange(1, 1 << 24); n = rng.randrange(1, 1 << 12)
        a = struct.unpack('<I', struct.pack('<f', float(m)))[0]; b = struct.unpack('<I', struct.pack('<f', float(n)))[0]
    elif k < 0.8:   # subnormal results / operands
        a = rng.getrandbits(32) & 0x80ffffff; b = rng.getrandbits(32) | 0x40000000
        if rng.random() < 0.5: a, b = rng.getrandbits(23) | (rng.getrandbits(1) << 31), rng.getrandbits(32) & 0xbfffffff
    else:           # near overflow
        a = (rng.getrandbits(32) & 0x807fffff) | (rng.randrange(240, 255) << 23); b = (rng.getrandbits(32) & 0x807fffff) | (rng.randrange(1, 20) << 23)
    pairs.append((a, b))
pairs = pairs[:65536 * 4]
def expect(a, b):
    x, y = F(a), F(b)
    if math.isnan(x): return a | 0x400000
    if math.isnan(y): return b | 0x400000
    if (math.isinf(x) and math.isinf(y)) or (x == 0 and y == 0): return 0x7fc00000
    s = (a ^ b) & 0x80000000
    if math.isinf(x) or y == 0: return s | 0x7f800000
    if math.isinf(y) or x == 0: return s
    q = x / y
    return struct.unpack('<I', struct.pack('<f', ctypes.c_float(q).value))[0]
if sys.argv[1] == 'make':
    open(os.path.join(sys.argv[2], 'a'), 'wb').write(struct.pack('<%dI' % len(pairs), *[p[0] for p in pairs]))
    open(os.path.join(sys.argv[2], 'b'), 'wb').write(struct.pack('<%dI' % len(pairs), *[p[1] for p in pairs]))
    open(os.path.join(sys.argv[2], 'q'), 'wb').write(bytes(4 * len(pairs)))
    open(os.path.join(sys.argv[2], 'q2'), 'wb').write(bytes(4 * len(pairs)))
    open(os.path.join(sys.argv[2], 'q4'), 'wb').write(bytes(16 * len(pairs)))
elif sys.argv[1] == 'loop':
    n = len(pairs)
    got = struct.unpack('<%dI' % (4 * n), open(os.path.join(sys.argv[2], 'q4'), 'rb').read())
    bad = [(i, k) for i in range(n) for k in range(4)
           if got[4 * i + k] != expect(pairs[i][0], pairs[(i + (k >> 1)) % n][1])]
    print(4 * n, 'quotients,', len(bad), 'differ')
    for i, k in bad[:10]:
        print('  invocation %d, k %d' % (i, k))
else:
    out = sys.argv[3] if len(sys.argv) > 3 else 'q'
    got = struct.unpack('<%dI' % len(pairs), open(os.path.join(sys.argv[2], out), 'rb').read())
    bad = [(i, hex(a), hex(b), hex(got[i]), hex(expect(a, b))) for i, (a, b) in enumerate(pairs) if got[i] != expect(a, b)]
    print(len(pairs), 'pairs,', len(bad), 'differ')
    for b in bad[:10]:
        print('  pair %d: %s / %s gave %s, not %s' % b)
