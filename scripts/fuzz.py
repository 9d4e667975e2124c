#!/usr/bin/env python3
"""Fuzzing campaign for gridsplit's input and output (issue 11).

Builds gridsplit with AddressSanitizer and UndefinedBehaviorSanitizer
(cmake -DGRIDSPLIT_SANITIZE=ON) and feeds it:
  stress   llvm-stress functions made kernels (spir64, amdgcn, nvptx), with
           grid barriers inserted (in the entry block, or anywhere);
  bc       bitcode of the lit tests with bytes flipped, replaced, truncated;
  ll       IR text of the lit tests with bytes flipped, lines dropped,
           duplicated or swapped, truncated;
  gsp      .gsp programs mutated the same way;
  plugin   valid stress kernels through `opt -passes=gridsplit` and the plugin.
Every run must end with exit 0, or exit 1 and a `FILE: error: ...` line, and
nothing on stderr that is not prefixed with the file name. Every module
written must parse and verify (`opt -passes=verify`), every plan must be
UTF-8 JSON; SPIR-V is checked with spirv-val (counted apart: issue 11 gives
it its own item). Counted: crashes (any other exit, a signal), hangs,
sanitizer reports (UBSan reports are all in gridsplit's own code, which is
all that is instrumented; ASan reports name the frame), unprefixed stderr,
invalid modules and plans. Inputs that fail a check are kept in OUT/failures.

  scripts/fuzz.py [--llvm 15] [--seed N] [--count N] [--jobs N] [--out DIR]
                  [--no-build] [--build-dir DIR] [--kinds stress,bc,ll,gsp,plugin]

Run it niced on a shared machine: `nice -n 19 scripts/fuzz.py --count 3000`.
"""
import argparse
import concurrent.futures
import glob
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BARRIER = "  call void @gridsplit_grid_sync()\n"


def sh(cmd, timeout, env=None, cwd=None):
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=timeout, env=env, cwd=cwd)
        return r.returncode, r.stdout.decode("latin1"), r.stderr.decode("latin1")
    except subprocess.TimeoutExpired:
        return None, "", ""


class Campaign:
    def __init__(self, args):
        self.args = args
        self.llvm = "/usr/lib/llvm-%s/bin" % args.llvm
        self.build = os.path.abspath(args.build_dir or
                                     os.path.join(ROOT, "build", "asan%s" % args.llvm))
        self.tool = os.path.join(self.build, "tools", "gridsplit")
        self.plugin = os.path.join(self.build, "passes", "GridSplit.so")
        self.out = os.path.abspath(args.out)
        self.counts = {}
        self.failures = []
        self.env = dict(os.environ)
        # distinct exit codes: an ASan or UBSan report is never exit 1
        self.env["ASAN_OPTIONS"] = "detect_leaks=0:exitcode=86:handle_abort=0"
        self.env["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1:exitcode=87"
        self.env["ASAN_SYMBOLIZER_PATH"] = os.path.join(self.llvm, "llvm-symbolizer")
        self.env["GRIDSPLIT_LOAD_SECONDS"] = "10"
        self.env["LC_ALL"] = "C"
        cc = shutil.which("gcc") or "gcc"
        preload = [sh([cc, "-print-file-name=%s" % n], 10)[1].strip()
                   for n in ("libasan.so", "libubsan.so")]
        self.plugin_env = dict(self.env)
        self.plugin_env["LD_PRELOAD"] = " ".join(p for p in preload if os.path.isabs(p))

    def count(self, key, n=1):
        self.counts[key] = self.counts.get(key, 0) + n

    # -- building -------------------------------------------------------
    def build_tool(self):
        subprocess.run(["cmake", "-S", ROOT, "-B", self.build,
                        "-DLLVM_DIR=/usr/lib/llvm-%s/lib/cmake/llvm" % self.args.llvm,
                        "-DGRIDSPLIT_SANITIZE=ON"], check=True, stdout=subprocess.DEVNULL)
        subprocess.run(["cmake", "--build", self.build, "-j2", "--target", "gridsplit-tool",
                        "GridSplit"], check=True, stdout=subprocess.DEVNULL)

    # -- inputs ---------------------------------------------------------
    def seeds(self):
        lls = sorted(glob.glob(os.path.join(ROOT, "lit", "*.ll")) +
                     glob.glob(os.path.join(ROOT, "lit", "Inputs", "*.ll")))
        gsps = sorted(glob.glob(os.path.join(ROOT, "lit", "*.gsp")) +
                      glob.glob(os.path.join(ROOT, "lit", "Inputs", "*.gsp")) +
                      glob.glob(os.path.join(ROOT, "test", "programs", "*", "*.gsp")))
        seed_dir = os.path.join(self.out, "seeds")
        os.makedirs(seed_dir, exist_ok=True)
        # OpenCL C compiled with debug info, as gridsplit compiles a .cl: a
        # mutated module that carries debug info meets LLVM's
        # UpgradeDebugInfo, which aborts on a broken one
        for cl in sorted(glob.glob(os.path.join(ROOT, "lit", "Inputs", "*.cl"))):
            for level in ("-O0", "-O2"):
                ll = os.path.join(seed_dir, os.path.basename(cl)[:-3] + level + ".ll")
                if sh([os.path.join(self.llvm, "clang"), "-x", "cl", "-cl-std=CL2.0", "-Xclang",
                       "-finclude-default-header", "-target", "spir64-unknown-unknown",
                       "-emit-llvm", "-S", "-g", "-fno-discard-value-names", level, cl, "-o",
                       ll], 120)[0] == 0:
                    lls.append(ll)
        bcs = []
        for ll in lls:
            bc = os.path.join(seed_dir, os.path.basename(ll)[:-3] + ".bc")
            if sh([os.path.join(self.llvm, "llvm-as"), ll, "-o", bc], 60)[0] == 0:
                bcs.append(bc)
        self.ll_seeds = [open(p, "rb").read() for p in lls]
        self.gsp_seeds = [open(p, "rb").read() for p in gsps]
        self.bc_seeds = [open(p, "rb").read() for p in bcs]

    def stress(self, rnd, where_any):
        rc, text, _ = sh([os.path.join(self.llvm, "llvm-stress"), "-seed",
                          str(rnd.randrange(1 << 30)), "-size", str(rnd.randint(10, 120))], 60)
        if rc != 0:
            return None
        triple = rnd.choice(["spir64-unknown-unknown", "amdgcn-amd-amdhsa", "nvptx64-nvidia-cuda"])
        cc = {"spir64-unknown-unknown": "spir_kernel", "amdgcn-amd-amdhsa": "amdgpu_kernel",
              "nvptx64-nvidia-cuda": "ptx_kernel"}[triple]
        lines = text.splitlines(keepends=True)
        out, block, body = [], None, False
        for line in lines:
            m = re.match(r"define void @autogen_SD\d+\((.*)\) \{", line)
            if m:
                params = m.group(1)
                if triple.startswith("spir"):
                    # buffers are global pointers on SPIR
                    params = params.replace("ptr %", "ptr addrspace(1) %")
                line = "define %s void @k(%s) {\n" % (cc, params)
                body = True
                out.append(line)
                continue
            if body and re.match(r"^[A-Za-z0-9_.]+:", line):
                block = line.split(":")[0]
            out.append(line)
            if body and line.startswith("  ") and not re.match(r"\s+%\w+ = phi ", line) \
                    and not re.match(r"\s+(br|ret|switch|unreachable)\b", line) \
                    and (where_any or block == "BB") and rnd.random() < 0.08:
                out.append(BARRIER)
            if line.startswith("}"):
                body = False
        text = "".join(out)
        if triple.startswith("spir"):
            for a in ("%0", "%1", "%2"):
                text = re.sub(r"ptr %s\b" % re.escape(a), "ptr addrspace(1) %s" % a, text)
        if BARRIER not in text:
            text = text.replace("\nBB:\n", "\nBB:\n" + BARRIER, 1)
        return ("target triple = \"%s\"\n" % triple + text +
                "declare void @gridsplit_grid_sync()\n").encode()

    @staticmethod
    def mutate_bytes(rnd, data):
        d = bytearray(data)
        for _ in range(rnd.randint(1, 8)):
            if not d:
                break
            i = rnd.randrange(len(d))
            op = rnd.random()
            if op < 0.4:
                d[i] ^= 1 << rnd.randrange(8)
            elif op < 0.8:
                d[i] = rnd.choice([0, 0xff, 0x7f, 0x80, 0xf7, rnd.randrange(256)])
            else:
                j = rnd.randrange(len(d))
                d[i:i + 4] = d[j:j + 4]
        if rnd.random() < 0.2 and len(d) > 1:
            d = d[:rnd.randrange(1, len(d))]
        return bytes(d)

    @staticmethod
    def mutate_text(rnd, data):
        lines = data.split(b"\n")
        for _ in range(rnd.randint(1, 4)):
            op = rnd.random()
            i = rnd.randrange(len(lines))
            j = rnd.randrange(len(lines))
            if op < 0.15:
                # a use of a value defined later: parses, does not verify
                defs = [m.group(1) for m in (re.match(rb"\s+(%[\w.]+) = ", l) for l in lines) if m]
                if len(defs) > 1:
                    a, b = rnd.sample(defs, 2)
                    lines = [re.sub(re.escape(a) + rb"\b", b, l) if not l.lstrip().startswith(a + b" =")
                             else l for l in lines]
            elif op < 0.3:
                del lines[i]
            elif op < 0.5:
                lines.insert(j, lines[i])
            elif op < 0.7:
                lines[i], lines[j] = lines[j], lines[i]
            else:
                words = re.split(rb"(\s+)", lines[i])
                other = re.split(rb"\s+", lines[j])
                if words and other:
                    words[rnd.randrange(len(words))] = rnd.choice(other)
                lines[i] = b"".join(words)
            if not lines:
                lines = [b""]
        text = b"\n".join(lines)
        return Campaign.mutate_bytes(rnd, text) if rnd.random() < 0.3 else text

    # -- running --------------------------------------------------------
    def check_outputs(self, work, name, kind):
        problems = []
        for path in sorted(glob.glob(os.path.join(work, "out", "*"))):
            if path.endswith(".ll"):
                rc, _, err = sh([os.path.join(self.llvm, "opt"), "-passes=verify",
                                 "-disable-output", path], 120)
                if rc != 0:
                    problems.append(("invalid-module", err.strip().splitlines()[:1]))
            elif path.endswith(".json"):
                try:
                    json.loads(open(path, "rb").read().decode("utf-8"))
                except (UnicodeDecodeError, ValueError) as e:
                    problems.append(("invalid-plan", [str(e)[:200]]))
            elif path.endswith(".spv"):
                rc, _, err = sh(["spirv-val", path], 120)
                if rc != 0:
                    problems.append(("invalid-spirv", err.strip().splitlines()[:1]))
        return problems

    def classify(self, rc, err, input_name, prefix_ok):
        """Returns the problem keys of one run's exit status and stderr."""
        problems = []
        if rc is None:
            return [("hang", [])]
        if "runtime error:" in err:
            problems.append(("ubsan-report", [l for l in err.splitlines() if "runtime error" in l][:1]))
        if "ERROR: AddressSanitizer" in err:
            frames = [l for l in err.splitlines() if re.match(r"\s+#\d+ ", l)]
            ours = [l for l in frames[:6]
                    if re.search(r"/(lib|lowering|tools|passes|runtime)/[\w.]+\.(c|cpp):", l)]
            key = "asan-report-gridsplit" if ours else "asan-report-llvm"
            problems.append((key, [l for l in err.splitlines() if "ERROR: AddressSanitizer" in l][:1]
                             + frames[:3]))
        if rc not in (0, 1) and not problems:
            problems.append(("crash", ["exit %d" % rc] + err.strip().splitlines()[-2:]))
        if rc in (0, 1):
            # a parser's message goes on with the source line and a caret
            continuation = 0
            # only "\n" ends a line: an echoed source line may hold \v or \f
            for line in err.split("\n"):
                if prefix_ok(line):
                    continuation = 2 if re.search(r":\d+:\d+: error: ", line) else 0
                elif continuation:
                    continuation -= 1
                elif line.strip():
                    problems.append(("unprefixed-stderr", [line[:200]]))
                    break
            if rc == 1 and not re.search(r"(^|\n)[^\n]*error: ", err):
                problems.append(("error-without-message", err.strip().splitlines()[:1]))
        return problems

    def run_tool(self, rnd, kind, data, ext, index):
        work = tempfile.mkdtemp(prefix="gs-fuzz-", dir=self.out)
        name = "in%d%s" % (index, ext)
        path = os.path.join(work, name)
        open(path, "wb").write(data)
        target = rnd.choice(["ir"] * 6 + ["spirv"] * 2 + ["amdgcn", "nvptx"])
        cmd = [self.tool, "-o", os.path.join(work, "out"), "--plan",
               os.path.join(work, "out", "plan.json"), "--target", target, name]
        rc, _, err = sh(cmd, 300, env=self.env, cwd=work)
        problems = self.classify(rc, err, name, lambda l: l.startswith(name + ":"))
        if rc == 0:
            problems += self.check_outputs(work, name, kind)
        return work, path, target, rc, problems

    def run_plugin(self, rnd, data, index):
        work = tempfile.mkdtemp(prefix="gs-fuzz-", dir=self.out)
        path = os.path.join(work, "in%d.ll" % index)
        open(path, "wb").write(data)
        # the plugin runs inside opt, whose own reader is not ours: only
        # modules that verify go in
        if sh([os.path.join(self.llvm, "opt"), "-passes=verify", "-disable-output", path],
              60)[0] != 0:
            return work, path, "plugin", None, []
        passes = rnd.choice(["gridsplit", "gridsplit<keep-original=false>",
                             "print<gridsplit-roles>", "gridsplit,gridsplit"])
        out = os.path.join(work, "out", "split.ll")
        os.makedirs(os.path.dirname(out))
        rc, _, err = sh([os.path.join(self.llvm, "opt"), "-load-pass-plugin=" + self.plugin,
                         "-passes=" + passes, "-S", "-o", out, path], 180,
                        env=self.plugin_env, cwd=work)
        problems = self.classify(rc, err, path, lambda l: True)
        if rc not in (0, 1, None) and "GridSplit.so" not in err and not problems:
            problems = [("crash-in-opt", err.strip().splitlines()[-2:])]
        if rc == 0:
            problems += self.check_outputs(work, path, "plugin")
        return work, path, "plugin", rc, problems

    def one(self, index):
        rnd = random.Random(self.args.seed * 1000003 + index)
        kinds = self.args.kinds.split(",")
        kind = kinds[index % len(kinds)]
        if kind == "stress":
            data = self.stress(rnd, rnd.random() < 0.3)
            if data is None:
                return kind, None
            result = self.run_tool(rnd, kind, data, ".ll", index)
        elif kind == "plugin":
            data = self.stress(rnd, rnd.random() < 0.3)
            if data is None:
                return kind, None
            result = self.run_plugin(rnd, data, index)
        elif kind == "bc":
            result = self.run_tool(rnd, kind, self.mutate_bytes(rnd, rnd.choice(self.bc_seeds)),
                                   ".bc", index)
        elif kind == "ll":
            result = self.run_tool(rnd, kind, self.mutate_text(rnd, rnd.choice(self.ll_seeds)),
                                   ".ll", index)
        else:
            result = self.run_tool(rnd, kind, self.mutate_text(rnd, rnd.choice(self.gsp_seeds)),
                                   ".gsp", index)
        return kind, result

    def record(self, kind, result):
        if result is None:
            self.count("skipped")
            return
        work, path, target, rc, problems = result
        self.count("inputs")
        self.count("inputs-" + kind)
        if rc is None and not problems:
            self.count("skipped")
        elif rc == 0:
            self.count("exit-0")
        elif rc == 1:
            self.count("exit-1")
        keys = set(p[0] for p in problems)
        for k in keys:
            self.count(k)
        if keys:
            keep = os.path.join(self.out, "failures", "%s-%s" % (sorted(keys)[0], os.path.basename(work)))
            os.makedirs(os.path.dirname(keep), exist_ok=True)
            shutil.move(work, keep)
            self.failures.append({"kind": kind, "target": target, "exit": rc,
                                  "problems": problems, "dir": keep})
        else:
            shutil.rmtree(work, ignore_errors=True)

    def main(self):
        os.makedirs(self.out, exist_ok=True)
        if not self.args.no_build and not self.args.build_dir:
            self.build_tool()
        self.seeds()
        start = time.time()
        done = 0
        with concurrent.futures.ThreadPoolExecutor(self.args.jobs) as pool:
            futures = [pool.submit(self.one, i) for i in range(self.args.count)]
            for f in concurrent.futures.as_completed(futures):
                kind, result = f.result()
                self.record(kind, result)
                done += 1
                if done % 100 == 0:
                    print("%d/%d %.0fs %s" % (done, self.args.count, time.time() - start,
                                              json.dumps(self.counts, sort_keys=True)), flush=True)
        summary = {"seed": self.args.seed, "count": self.args.count, "llvm": self.args.llvm,
                   "seconds": round(time.time() - start), "counts": self.counts,
                   "failures": self.failures}
        with open(os.path.join(self.out, "summary.json"), "w") as f:
            json.dump(summary, f, indent=1)
        print(json.dumps(self.counts, sort_keys=True, indent=1))
        bad = sum(self.counts.get(k, 0) for k in
                  ("crash", "hang", "ubsan-report", "asan-report-gridsplit", "asan-report-llvm",
                   "unprefixed-stderr", "error-without-message", "invalid-module", "invalid-plan"))
        return 1 if bad else 0


def parse():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--llvm", default="15")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--count", type=int, default=500)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", default=os.path.join(ROOT, "build", "fuzz"))
    p.add_argument("--no-build", action="store_true")
    p.add_argument("--build-dir", help="a build to test as it is (default build/asanLLVM, "
                   "which the script builds unless --no-build)")
    p.add_argument("--kinds", default="stress,bc,ll,gsp,plugin,stress,bc,ll")
    return p.parse_args()


if __name__ == "__main__":
    sys.exit(Campaign(parse()).main())
