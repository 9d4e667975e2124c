#!/usr/bin/env python3
"""The e2e harness's own test: run_e2e.py must fail when something is wrong.

Each plant wraps a real program (gridsplit, gs-plain-reference) in a script
that does what it does and then breaks one thing, and runs run_e2e.py on one
small case with it. The run must exit 1 and say what broke; the same case
without the plant must pass. Every plant is one that the harness of
fce9b84 let through:

  frontier   gridsplit run writes frontier_a with one node changed (the
             frontiers were not compared at all);
  message    gridsplit refuses the divergent kernel with some other error
             (any output holding "error" was taken);
  plain      gs-plain-reference models one output fewer, and gridsplit
             writes that output wrong (outputs the model does not write
             were not compared);
  nvptx      gridsplit --target nvptx fails under --export-gpu (the case
             went to skipped.txt and passed), and gpu_check.sh on an
             exported case whose GPU bytes differ (it exited 0);
  xfail      an expected failure that fails for another reason than the
             one listed, one that passes, and one that names no case
             (only the passing one was caught, without its reason).

  test_harness.py --tool GRIDSPLIT --reference GS_REFERENCE
                  --plain GS_PLAIN_REFERENCE --clang CLANG15
"""
import argparse
import os
import stat
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# A wrapper: runs the real program with the same arguments, then the plant's
# Python on them (ARGS, the argument list; RC, the real exit status).
WRAPPER = """#!/usr/bin/env python3
import os, subprocess, sys
ARGS = sys.argv[1:]
def out_dir():
    return ARGS[ARGS.index("--out") + 1] if "--out" in ARGS else None
%(before)s
RC = subprocess.call([%(real)r] + ARGS)
%(after)s
sys.exit(RC)
"""

PLANTS = {
    # One node of frontier_a replaced by the next id: a value outside its
    # layer, or one its layer then holds twice.
    "frontier": dict(
        wrap="tool", case="bfs_queue:bfs_frontier@64/", before="",
        after="""
if ARGS[0] == "run" and RC == 0 and out_dir():
    path = os.path.join(out_dir(), "frontier_a.bin")
    data = bytearray(open(path, "rb").read())
    data[0] = (data[0] + 1) % 96
    open(path, "wb").write(bytes(data))
""",
        expect="frontier_a: "),
    "message": dict(
        wrap="tool", case="divergent:", before="""
if ARGS[0] == "run" and out_dir():
    print("divergent.cl: error: something else went wrong")
    sys.exit(1)
""", after="", expect="gridsplit: expected exit 1 and exactly"),
    # The model leaves out `partial`, and gridsplit run writes it wrong.
    "plain": dict(
        wrap="both", case="reduce_sum:reduce_sum@65536/", before="",
        after="""
if RC == 0 and out_dir():
    path = os.path.join(out_dir(), "partial.bin")
    if "run" in ARGS[:1]:
        data = bytearray(open(path, "rb").read())
        data[5] ^= 0x40
        open(path, "wb").write(bytes(data))
    else:
        os.remove(path)
        manifest = os.path.join(out_dir(), "reference.manifest")
        if os.path.exists(manifest):
            lines = [l for l in open(manifest) if not l.startswith("partial ")]
            open(manifest, "w").writelines(lines)
""",
        expect="partial: written by gridsplit run, but gs-plain-reference wrote no such output"),
    "nvptx": dict(
        wrap="export", case="reduce_sum:reduce_sum@256/", before="""
if "--target" in ARGS and ARGS[ARGS.index("--target") + 1] == "nvptx":
    print("kernel.bc: error: planted nvptx failure")
    sys.exit(1)
""", after="", expect="export for the GPU: nvptx failed (exit 1)"),
}


def write_wrapper(path, real, before, after):
    with open(path, "w") as f:
        f.write(WRAPPER % {"real": real, "before": before, "after": after})
    os.chmod(path, os.stat(path).st_mode | stat.S_IEXEC)


def run_e2e(opts, extra):
    cmd = [sys.executable, opts.run_e2e, "--reference", opts.reference,
           "--clang", opts.clang, "--fma", "off", "-j", "1"] + extra
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return p.returncode, p.stdout.decode(errors="replace")


def check(name, rc, out, want_rc, want):
    missing = [w for w in want if w not in out]
    if rc == want_rc and not missing:
        print("PASS %s" % name)
        return True
    print("FAIL %s: expected exit %d with %s; got exit %d:\n%s"
          % (name, want_rc, " and ".join("`%s`" % w for w in want), rc,
             "\n".join("    " + l for l in out.strip().splitlines()[-25:])))
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for flag in ("tool", "reference", "plain", "clang"):
        ap.add_argument("--" + flag, required=True)
    ap.add_argument("-k", "--only", action="append", default=[], help="only these plants")
    ap.add_argument("--run-e2e", default=os.path.join(HERE, "run_e2e.py"),
                    help="the harness under test (default: run_e2e.py beside this)")
    opts = ap.parse_args()
    work = tempfile.mkdtemp(prefix="gs-e2e-harness.")
    ok = True
    for name, plant in sorted(PLANTS.items()):
        if opts.only and name not in opts.only:
            continue
        tool, plain = os.path.join(work, name + ".gridsplit"), os.path.join(work, name + ".plain")
        write_wrapper(tool, os.path.abspath(opts.tool),
                      plant["before"] if plant["wrap"] in ("tool", "both", "export") else "",
                      plant["after"] if plant["wrap"] in ("tool", "both", "export") else "")
        write_wrapper(plain, os.path.abspath(opts.plain), plant["before"] if
                      plant["wrap"] == "both" else "", plant["after"] if plant["wrap"] == "both"
                      else "")
        common = ["-k", plant["case"], "--work", os.path.join(work, name)]
        extra = []
        if plant["wrap"] == "export":
            extra = ["--export-gpu", os.path.join(work, name + ".export"), "--export-tool", tool]
            tool = os.path.abspath(opts.tool)
        rc, out = run_e2e(opts, common + ["--tool", opts.tool, "--plain", opts.plain] +
                          (["--export-gpu", os.path.join(work, name + ".export-ok")]
                           if extra else []))
        ok &= check(name + " (unplanted)", rc, out, 0, ["1 passed, 0 failed"])
        rc, out = run_e2e(opts, common + ["--tool", tool, "--plain", plain] + extra)
        ok &= check(name, rc, out, 1, [plant["expect"], "0 passed, 1 failed"])
    if not opts.only or "nvptx" in opts.only:
        ok &= check_gpu_check(work, os.path.join(work, "nvptx.export-ok"))
    if not opts.only or "xfail" in opts.only:
        ok &= check_expected_failures(opts, work)
    print("harness: %s" % ("every plant failed the run" if ok else "a plant went unnoticed"))
    return 0 if ok else 1


# Stands in for gs-cuda-run: writes the expected outputs of the case (its
# working directory) to --out, with one byte of $CORRUPT.bin flipped.
FAKE_GPU_RUN = """#!/usr/bin/env python3
import os, shutil, sys
out = sys.argv[sys.argv.index("--out") + 1]
os.makedirs(out, exist_ok=True)
for f in os.listdir("expected"):
    if f.endswith(".bin"):
        shutil.copy(os.path.join("expected", f), out)
corrupt = os.path.join(out, os.environ.get("CORRUPT", "") + ".bin")
if os.path.exists(corrupt):
    data = bytearray(open(corrupt, "rb").read())
    data[0] ^= 1
    open(corrupt, "wb").write(bytes(data))
"""


def check_gpu_check(work, export):
    """gpu_check.sh on the unplanted nvptx export (reduce_sum@256/256): exit 0
    when the GPU's bytes are the expected ones, 1 when one byte differs (it
    exited 0 whatever failed)."""
    fake = os.path.join(work, "fake-gs-cuda-run")
    with open(fake, "w") as f:
        f.write(FAKE_GPU_RUN)
    os.chmod(fake, os.stat(fake).st_mode | stat.S_IEXEC)
    ok = True
    for corrupt, want_rc, want in (("", 0, "1 passed, 0 failed"),
                                   ("partial", 1, "0 passed, 1 failed")):
        p = subprocess.run(["sh", os.path.join(HERE, "gpu_check.sh"), export, fake,
                            os.path.join(work, "gpu-out")], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, env=dict(os.environ, CORRUPT=corrupt))
        ok &= check("gpu_check.sh%s" % (" (planted: %s)" % corrupt if corrupt else ""),
                    p.returncode, p.stdout.decode(errors="replace"), want_rc, [want])
    return ok


def check_expected_failures(opts, work):
    """expected_failures.txt: a case failing otherwise than listed fails, a
    listed case that passes fails (XPASS), an entry naming no case fails
    (STALE), and a listed failure alone is an XFAIL that does not."""
    listing = os.path.join(work, "expected_failures.txt")
    common = ["--plain", opts.plain, "--expected-failures", listing,
              "--work", os.path.join(work, "xfail"), "-k", "reduce_sum:reduce_sum@256/"]
    tool = os.path.join(work, "xfail.gridsplit")
    write_wrapper(tool, os.path.abspath(opts.tool), "", """
if ARGS[0] == "run" and RC == 0 and out_dir():
    path = os.path.join(out_dir(), "result.bin")
    data = bytearray(open(path, "rb").read())
    data[0] ^= 1
    open(path, "wb").write(bytes(data))
""")
    ok = True
    for label, entries, which, want_rc, want in [
            ("xfail: the listed failure", "e2e | reduce_sum@256/ | result: | planted", tool, 0,
             ["XFAIL reduce_sum:reduce_sum@256/256", "1 expected failures"]),
            ("xfail: another failure", "e2e | reduce_sum@256/ | partial: | planted", tool, 1,
             ["FAIL reduce_sum:reduce_sum@256/256", "but fails otherwise too"]),
            ("xfail: passes now", "e2e | reduce_sum@256/ | result: | planted", opts.tool, 1,
             ["XPASS reduce_sum:reduce_sum@256/256", "it passes now"]),
            ("xfail: names no case", "e2e | no_such_kernel@ | result: | planted", opts.tool, 1,
             ["STALE expected_failures.txt:1"]),
            ("xfail: another run's entry", "e2e-O0 | reduce_sum@256/ | result: | planted",
             tool, 1, ["FAIL reduce_sum:reduce_sum@256/256"])]:
        with open(listing, "w") as f:
            f.write(entries + "\n")
        rc, out = run_e2e(opts, ["--tool", which] + common)
        ok &= check(label, rc, out, want_rc, want)
    return ok


if __name__ == "__main__":
    sys.exit(main())
