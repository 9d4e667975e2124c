"""Random well-typed programs for the differential test (run_programs.py
--random N): expressions over every type and operator of docs/programs.md
(wrapping, division by zero, shifts beyond the width, saturating casts, NaN
and signed zeros among the inputs), lets, vars, if/else, counted loops,
atomics that commute (each accumulator buffer keeps to one family: add and
sub, or one of min, max, and, or, xor; max after or is not or after max),
workgroup memory behind a workgroup barrier, and values
carried across grid barriers, with each invocation writing its own output
slots, so that the result does not depend on the order the invocations run
in. A program and its inputs are a function of the seed alone."""
import random
import struct

INTS = ["i32", "u32", "i64", "u64"]
FLOATS = ["f32", "f64"]
NUMS = INTS + FLOATS
FMT = {"i32": "i", "u32": "I", "i64": "q", "u64": "Q", "f32": "f", "f64": "d"}
BITS = {"i32": 32, "u32": 32, "i64": 64, "u64": 64}
INPUT_COUNT = 37  # elements of every input buffer
SLOTS = 6         # output slots per invocation and type
WORKGROUP = 4
# atomics that commute with one another on one location
FAMILIES = {"add": ("add", "sub"), "sub": ("add", "sub"), "min": ("min",), "max": ("max",),
            "and": ("and",), "or": ("or",), "xor": ("xor",)}


def signed(t):
    return t in ("i32", "i64")


def int_range(t):
    b = BITS[t]
    return (-(1 << (b - 1)), (1 << (b - 1)) - 1) if signed(t) else (0, (1 << b) - 1)


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


class Gen:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.scopes = [[]]  # lists of (name, type, mutable)
        self.counter = 0
        self.slots = {t: 0 for t in NUMS}
        self.lines = []
        self.indent = 1
        self.atomics = set()  # the acc_T buffers the program updates
        self.atomic_family = {}  # acc_T -> the ops its updates may use (they commute)
        self.collectives = set()  # the coll_T buffers collectives write
        self.grid, self.workgroup = shape(seed)
        self.invocations = invocations(seed)

    # --- literals -------------------------------------------------------------

    def int_literal(self, t):
        lo, hi = int_range(t)
        r = self.rng.random()
        if r < 0.3:
            v = self.rng.choice([0, 1, 2, 3, 7, 31, 32, 33, 63, 64, 65, lo, hi, hi - 1,
                                 lo + 1] + ([-1, -2, -7] if signed(t) else []))
        elif r < 0.7:
            v = self.rng.randrange(-100 if signed(t) else 0, 100)
        else:
            v = self.rng.randrange(lo, hi + 1)
        v = max(lo, min(hi, v))
        return "%d%s" % (v, t)

    def float_literal(self, t):
        # dyadic values: exact in f32 and f64, spelled with a '.'
        v = self.rng.choice([0.0, 0.5, 1.0, 1.5, 2.0, 0.375, 3.0, 1024.0, 0.125, 65536.0,
                             6.25, 1.0e10 if t == "f64" else 1048576.0, 3.0e-5 if t == "f64"
                             else 0.0009765625])
        if self.rng.random() < 0.4:
            v = -v
        text = repr(v)
        if "e" not in text and "." not in text:
            text += ".0"
        return text + t

    # --- expressions ------------------------------------------------------------

    def visible(self, t):
        return [n for scope in self.scopes for (n, vt, _) in scope if vt == t]

    def leaf(self, t):
        names = self.visible(t)
        r = self.rng.random()
        if t == "bool":
            if names and r < 0.5:
                return self.rng.choice(names)
            return self.rng.choice(["true", "false"])
        if names and r < 0.45:
            return self.rng.choice(names)
        if r < 0.75:
            return "in_%s[(gid + %du32) %% len(in_%s)]" % (t, self.rng.randrange(40), t)
        if t == "u32" and r < 0.85:
            return self.rng.choice(["gid", "lid", "global_id(0)", "group_id(0)",
                                    "num_groups(0)", "local_size(0)"])
        return self.float_literal(t) if t in FLOATS else self.int_literal(t)

    def expr(self, t, depth):
        if depth <= 0 or self.rng.random() < 0.25:
            return self.leaf(t)
        d = depth - 1
        r = self.rng.random()
        if t == "bool":
            if r < 0.45:
                u = self.rng.choice(NUMS)
                op = self.rng.choice(["==", "!=", "<", "<=", ">", ">="])
                return "(%s %s %s)" % (self.expr(u, d), op, self.expr(u, d))
            if r < 0.65:
                return "(%s %s %s)" % (self.expr("bool", d), self.rng.choice(["&&", "||"]),
                                       self.expr("bool", d))
            if r < 0.75:
                return "!%s" % self.expr("bool", d)
            if r < 0.85:
                return "bool(%s)" % self.expr(self.rng.choice(INTS), d)
            return "select(%s, %s, %s)" % (self.expr("bool", d), self.expr("bool", d),
                                           self.expr("bool", d))
        if r < 0.5:
            ops = ["+", "-", "*", "/"] + (["%", "&", "|", "^", "<<", ">>"] if t in INTS else [])
            return "(%s %s %s)" % (self.expr(t, d), self.rng.choice(ops), self.expr(t, d))
        if r < 0.62:
            return "-(%s)" % self.expr(t, d) if t in FLOATS or self.rng.random() < 0.5 \
                else ("~%s" % self.expr(t, d))
        if r < 0.75:
            return "select(%s, %s, %s)" % (self.expr("bool", d), self.expr(t, d),
                                           self.expr(t, d))
        if r < 0.95:
            src = self.rng.choice(NUMS + (["bool"] if t in INTS else []))
            return "%s(%s)" % (t, self.expr(src, d))
        return self.leaf(t)

    # --- statements -------------------------------------------------------------

    def emit(self, line):
        self.lines.append("  " * self.indent + line)

    def fresh(self):
        self.counter += 1
        return "v%d" % self.counter

    def declare(self, t, mutable):
        name = self.fresh()
        self.emit("%s %s: %s = %s;" % ("var" if mutable else "let", name, t,
                                       self.expr(t, 3)))
        self.scopes[-1].append((name, t, mutable))
        return name

    def store(self, t):
        if self.slots[t] >= SLOTS:
            return
        slot = self.slots[t]
        self.slots[t] += 1
        self.emit("out_%s[gid * %du32 + %du32] = %s;" % (t, SLOTS, slot, self.expr(t, 4)))

    def block(self, emit_body):
        self.indent += 1
        self.scopes.append([])
        emit_body()
        self.scopes.pop()
        self.indent -= 1

    def statement(self, depth):
        r = self.rng.random()
        t = self.rng.choice(NUMS + ["bool"])
        if r < 0.3:
            self.declare(t, False)
        elif r < 0.5:
            self.store(self.rng.choice(NUMS))
        elif r < 0.6 and depth > 0:
            self.emit("if %s {" % self.expr("bool", 3))
            self.block(lambda: [self.statement(depth - 1) for _ in range(self.rng.randrange(1, 4))])
            if self.rng.random() < 0.6:
                self.emit("} else {")
                self.block(lambda: [self.statement(depth - 1)
                                    for _ in range(self.rng.randrange(1, 3))])
            self.emit("}")
        elif r < 0.72 and depth > 0:
            u = self.rng.choice(NUMS)
            acc = self.declare(u, True)
            i = self.fresh()
            lo, n = self.rng.randrange(-3, 3), self.rng.randrange(0, 5)
            it = self.rng.choice(["i32", "u32", "i64"])
            if it == "u32":
                lo = abs(lo)
            self.emit("for %s in %d%s..%d%s step %d {" % (i, lo, it, lo + n, it,
                                                         self.rng.choice([1, 1, 2, 3])))

            def body():
                self.scopes[-1].append((i, it, False))
                for _ in range(self.rng.randrange(0, 2)):
                    self.statement(depth - 1)
                self.emit("%s = %s;" % (acc, self.expr(u, 3)))
            self.block(body)
            self.emit("}")
        elif r < 0.8:
            u = self.rng.choice(INTS)
            op = self.rng.choice(["add", "sub", "min", "max", "and", "or", "xor"])
            # the first update of acc_u picks its family; a later one outside
            # it takes the family's first op, with no draw of its own (the
            # programs of other seeds stay as they were)
            family = self.atomic_family.setdefault(u, FAMILIES[op])
            if op not in family:
                op = family[0]
            self.emit("atomic_%s(acc_%s, gid %% 5u32, %s);" % (op, u, self.expr(u, 3)))
            self.atomics.add(u)
        elif r < 0.9:
            names = [n for scope in self.scopes for (n, vt, m) in scope if m]
            if names:
                name = self.rng.choice(names)
                vt = next(vt for scope in self.scopes for (n, vt, m) in scope if n == name)
                self.emit("%s = %s;" % (name, self.expr(vt, 3)))
        else:
            self.store(self.rng.choice(NUMS))

    def exchange(self):
        """Values from before the barriers live on after them; `mid` and
        workgroup memory carry other invocations' values across them."""
        u = self.rng.choice(NUMS)
        self.emit("mid_%s[gid] = %s;" % (u, self.expr(u, 3)))
        self.emit("tile_%s[lid] = %s;" % (u, self.expr(u, 2)))
        self.emit("workgroup_barrier;")
        self.emit("grid_barrier;")
        n, m = self.fresh(), self.fresh()
        self.emit("let %s: %s = mid_%s[(gid + 1u32) %% total];" % (n, u, u))
        self.emit("let %s: %s = tile_%s[(lid + 1u32) %% %du32];" % (m, u, u, WORKGROUP))
        self.scopes[-1] += [(n, u, False), (m, u, False)]
        self.emit("workgroup_barrier;")
        self.emit("grid_barrier;")

    def collective(self):
        """A collective over `mid` into `coll`, with literal n and parts that
        keep every element inside (mid has one element per invocation, coll
        as many squared), then a load of its result."""
        t = self.rng.choice(NUMS)
        kind = self.rng.choice(["all_reduce", "broadcast", "all_gather", "reduce_scatter"])
        op = self.rng.choice(["add", "min", "max"] + (["and", "or", "xor"] if t in INTS else []))
        total = self.invocations
        if kind == "reduce_scatter":
            parts = self.rng.randrange(1, int(total ** 0.5) + 1)
            n = self.rng.randrange(1, total // (parts * parts) + 1)
        else:
            parts = self.rng.randrange(1, total + 1)
            n = self.rng.randrange(1, total // parts + 1)
        if kind == "broadcast":
            self.emit("broadcast(mid_%s, coll_%s, %du32, %du32, %du32);"
                      % (t, t, n, parts, self.rng.randrange(parts)))
        elif kind == "all_gather":
            self.emit("all_gather(mid_%s, coll_%s, %du32, %du32);" % (t, t, n, parts))
        else:
            self.emit("%s(%s, mid_%s, coll_%s, %du32, %du32);" % (kind, op, t, t, n, parts))
        self.collectives.add(t)
        c = self.fresh()
        self.emit("let %s: %s = coll_%s[(gid * 7u32) %% len(coll_%s)];" % (c, t, t, t))
        self.scopes[-1].append((c, t, False))

    def program(self, name):
        """The text of one program."""
        for phase in range(self.rng.randrange(1, 4)):
            for _ in range(self.rng.randrange(2, 6)):
                self.statement(2)
            r = self.rng.random()
            if r < 0.15:  # barriers under a branch every invocation takes alike
                self.emit("if (in_u32[%du32] %% 2u32) == 0u32 {" % self.rng.randrange(INPUT_COUNT))
                self.block(lambda: ([self.statement(1) for _ in range(self.rng.randrange(0, 3))],
                                    self.exchange()))
                if self.rng.random() < 0.5:
                    self.emit("} else {")
                    self.block(lambda: [self.statement(1) for _ in range(self.rng.randrange(1, 3))])
                self.emit("}")
            elif r < 0.2:  # all invocations return, or none
                self.emit("if (in_u32[%du32] %% 4u32) == 0u32 {" % self.rng.randrange(INPUT_COUNT))
                self.emit("  return;")
                self.emit("}")
            elif r < 0.4:  # barriers in a loop that every invocation runs alike
                self.emit("for %s in 0u32..%du32 {" % (self.fresh(), self.rng.randrange(1, 4)))

                def body():
                    for _ in range(self.rng.randrange(1, 4)):
                        self.statement(1)
                    self.exchange()
                    for _ in range(self.rng.randrange(0, 3)):
                        self.statement(1)
                self.block(body)
                self.emit("}")
            elif r < 0.55:
                self.collective()
            else:
                self.exchange()
        for _ in range(self.rng.randrange(1, 4)):
            self.statement(2)
        if self.rng.random() < 0.3:  # some invocations end early (after the last barrier)
            self.emit("if (gid %% 3u32) == %du32 {" % self.rng.randrange(3))
            self.emit("  return;")
            self.emit("}")
        for t in NUMS:  # every slot written once at least, from what is visible at the end
            while self.slots[t] < SLOTS:
                self.store(t)
        head = ["// generated by test/programs/random_programs.py", "program %s;" % name,
                "workgroup_size %s;" % ", ".join(map(str, self.workgroup)), ""]
        binding = 0
        for t in NUMS:
            head.append("buffer in_%s: read %s[?] @%d;" % (t, t, binding))
            head.append("buffer out_%s: write %s[?] @%d output;" % (t, t, binding + 1))
            head.append("buffer mid_%s: readwrite %s[?] @%d;" % (t, t, binding + 2))
            head.append("buffer tile_%s: workgroup %s[%d];" % (t, t, WORKGROUP))
            head.append("buffer coll_%s: readwrite %s[?] @%d%s;"
                        % (t, t, binding + 3, " output" if t in self.collectives else ""))
            binding += 4
        for t in INTS:
            # `output` only where some statement writes it: gridsplit run reads
            # back the buffers the plan's segments write
            head.append("buffer acc_%s: readwrite %s[5] @%d%s;" % (t, t, binding,
                                                                 " output" if t in self.atomics
                                                                 else ""))
            binding += 1
        body = ["", "kernel {",
                "  let gid = global_id(1) * global_size(0) + global_id(0);",
                "  let lid = local_id(1) * local_size(0) + local_id(0);",
                "  let total = global_size(0) * global_size(1);"]
        return "\n".join(head + body + self.lines + ["}", ""])

    def inputs(self):
        """name -> (struct format, values) for the input buffers."""
        out = {}
        for t in NUMS:
            vals = []
            for _ in range(INPUT_COUNT):
                r = self.rng.random()
                if t in INTS:
                    lo, hi = int_range(t)
                    if r < 0.3:
                        vals.append(self.rng.choice([0, 1, -1 if signed(t) else 2, lo, hi, 31, 32,
                                                     33, 64]))
                    elif r < 0.7:
                        vals.append(self.rng.randrange(-50 if signed(t) else 0, 50))
                    else:
                        vals.append(self.rng.randrange(lo, hi + 1))
                else:
                    if r < 0.25:
                        v = self.rng.choice([0.0, -0.0, 1.0, -1.0, float("inf"), float("-inf"),
                                             float("nan"), 3.0e9, -3.0e9, 1.0e20, 5.0e-39
                                             if t == "f32" else 5.0e-320])
                    elif r < 0.8:
                        v = self.rng.uniform(-100, 100)
                    else:
                        v = self.rng.uniform(-1e12, 1e12)
                    vals.append(f32(v) if t == "f32" else v)
            out["in_" + t] = (FMT[t], vals)
        return out


def shape(seed):
    """(grid, workgroup) of the program of SEED: one to four workgroups of
    WORKGROUP invocations, in one dimension or (every third seed) two."""
    if seed % 3 == 2:
        return (2 * (1 + seed % 2), 2 * (1 + seed // 2 % 2)), (2, 2)
    return (WORKGROUP * (1 + seed % 4),), (WORKGROUP,)


def invocations(seed):
    grid = shape(seed)[0]
    return grid[0] * (grid[1] if len(grid) > 1 else 1)


def generate(seed):
    """(program text, inputs) for SEED, for a grid of invocations(seed)."""
    g = Gen(seed)
    text = g.program("random_%d" % seed)
    return text, g.inputs()
