#!/usr/bin/env python3
"""Prints a gridsplit plan (JSON, SPEC section 4) as one `path = value` line
per leaf, keys sorted, so that FileCheck tests neither depend on the key order
nor on the layout of the JSON. A list of scalars prints whole, as `[1, -1]`;
an empty list or object prints as `[]` or `{}`. Invalid JSON exits 1.

    kernels[0].segments[1].successors = [1, -1]
    kernels[0].live_state = null
"""
import json
import sys


def is_scalar(v):
    return not isinstance(v, (dict, list))


def walk(path, v, out):
    if isinstance(v, dict):
        if not v:
            out.append("%s = {}" % path)
        for k in sorted(v):
            walk("%s.%s" % (path, k) if path else k, v[k], out)
    elif isinstance(v, list):
        if all(is_scalar(x) for x in v):
            out.append("%s = %s" % (path, json.dumps(v)))
        else:
            for i, x in enumerate(v):
                walk("%s[%d]" % (path, i), x, out)
    else:
        out.append("%s = %s" % (path, json.dumps(v)))


def main():
    text = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
    try:
        doc = json.loads(text)
    except ValueError as e:
        sys.stderr.write("plan2lines: invalid JSON: %s\n" % e)
        return 1
    out = []
    walk("", doc, out)
    sys.stdout.write("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
