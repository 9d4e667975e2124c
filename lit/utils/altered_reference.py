#!/usr/bin/env python3
"""A stand-in for gs-reference (GRIDSPLIT_REFERENCE) that runs the real one
and then changes its outputs, so that the tests can see how `gridsplit run
--check` reports a difference it would otherwise never meet.

Environment: GS_REAL_REFERENCE, the real gs-reference; GS_ALTER, a list of
NAME:BYTE:XOR (xor the byte at offset BYTE of NAME.bin with XOR), separated by
commas."""
import os
import subprocess
import sys

rc = subprocess.call([os.environ["GS_REAL_REFERENCE"]] + sys.argv[1:])
if rc:
    sys.exit(rc)
out = sys.argv[sys.argv.index("--out") + 1]
for item in filter(None, os.environ.get("GS_ALTER", "").split(",")):
    name, offset, mask = item.split(":")
    path = os.path.join(out, name + ".bin")
    data = bytearray(open(path, "rb").read())
    data[int(offset)] ^= int(mask, 0)
    open(path, "wb").write(bytes(data))
