#!/usr/bin/env python3
"""Random valid 豫言 compute kernels, deterministic from a seed (in the spirit of Csmith and
wgslsmith; docs/testing.md).

A program is a small typed tree model (Program: helper functions, steps, three results)
rendered to 豫言 source. Values are u32 (「无三二」), f32 (「浮三二」), 四维浮, 二维浮 and 二阶浮.
Steps are let bindings, local tail-recursive loops with two carried values, workgroup-memory
exchanges between barriers, and atomics (some under a statement 若). The kernel writes a u32
result to 出, an exact f32 result to 浮出 and one correctly rounded operation (√ or ÷) of
exact values to 近出.

Valid by construction:
* every buffer index is 序 or taken modulo the buffer's length; every loop runs a constant
  number of times (≤ 7); barriers are only at the kernel's top level (uniform control flow);
* u32: every operator has an operand that depends on the input, so no constant expression can
  overflow at compile time (WGSL const rules); a constant shift amount is below 32 and a
  constant divisor is not 0 (both errors). Division by a run-time zero and big run-time shifts
  are allowed: their results are WGSL's;
* f32: every value is exact — a multiple of 2^e with |v| ≤ B and B < 2^(e+24) (finfo), checked
  for every node — so the result is the same whatever the order of operations, contraction
  into fma or flushing of subnormals (none occur: e ≥ -100): results compare exactly.
  Division only by a power of two, no NaN or infinity; 近出 is √|x| or x ÷ (|y| + 1) of exact
  x, y: one correctly rounded operation (IEEE; PTX sqrt.rn/div.rn);
* atomics: add on slots 0–3, max on 4–5, min on 6–7 of 计数, results dropped, so the final
  values do not depend on the order of the invocations;
* subgroup operations (a fifth of the programs) on u32 at the kernel's top level (uniform
  control flow, full subgroups of 32 in workgroups of 64): their results are defined for the
  pinned size of 32 (the executor's --subgroup-size, the H200's), so those programs are
  compared with PTX only (llvmpipe has no subgroups: their WGSL leg prints 跳过).

usage: gen.py SEED            print the program of SEED
"""
import random
import sys

WORKGROUP = 64
GROUPS = 2
LENGTH = WORKGROUP * GROUPS
COUNTERS = 8
COUNTER_INIT = [0, 0, 0, 0, 0, 0, 0xFFFFFFFF, 0xFFFFFFFF]

U, F, F2, F4, M2 = "u", "f", "f2", "f4", "m2"
TYPE_NAMES = {U: "无三二", F: "浮三二", F2: "二维浮", F4: "四维浮", M2: "二阶浮"}

INFIX = ["加", "减", "乘", "除", "余"]
CALLS = ["位与", "位或", "位异或", "左移", "右移", "最小", "最大"]
COMPARE = ["小于", "大于", "等于", "不等于", "不大于", "不小于"]
F_UNARY = ["绝对值", "取负", "向下取整", "向上取整", "截断"]
F_CONSTS = [0.0, 0.5, 1.0, 2.0, 3.0, 0.25, 0.125, 10.0, 1.5, 100.0]
SUBGROUP = ["子组和", "子组最大", "子组最小", "子组前缀和", "子组含本前缀和", "子组广播", "子组异或洗牌"]
SUBGROUP_SIZE = 32      # pinned: the executor's --subgroup-size and the H200's
ATOMICS = {"原子加": (0, 4), "原子最大": (4, 2), "原子最小": (6, 2)}  # op: (first slot, slots)
LANES = ["零", "一", "二", "三"]

MIN_EXP = -100          # no value below 2^-100 in magnitude (far from subnormals)
MAX_BOUND = float(1 << 60)


# ---- the model: expressions are tuples whose second item is the type ----
#   ("var", t, name) ("const", t, n) ("bin", t, op, a, b) ("call", t, builtin, a, b)
#   ("fcall", F|F4|F2, builtin, a) ("if", t, cmp, ca, cb, then, else) ("read", t, index)
#   ("help", U, k, a, b) ("tof", F, a) ("tou", U, a) ("vec", F4|F2, a, b[, c, d])
#   ("lane", F, v, k) ("dot", F, a, b) ("mv", F2, m, v) ("vscale", F4|F2, v, s)
# Steps: ("let", name, e), ("loop", name, count, init, body) (u32; body over 「i」「acc」),
#   ("mat", name, col0, col1) (二阶浮 of two 二维浮 columns), ("shared", name, e, offset)
#   (e to 暂存[局部序], barrier, name = 暂存[(局部序 + offset) % 64]),
#   ("atomic", op, index, value, cond) (cond None or (cmp, a, b): a statement 若),
#   ("subgroup", name, op, e, lane) (u32, at the kernel's top level: uniform control flow).

class Program:
    def __init__(self, helpers, steps, result, fresult, rounded):
        self.helpers = helpers    # list of u32 exprs over 「甲」「乙」
        self.steps = steps
        self.result = result      # u32, written to 出[序]
        self.fresult = fresult    # exact f32, written to 浮出[序]
        self.rounded = rounded    # ("sqrt", x) | ("div", x, y): 近出[序]

    def copy(self):
        return Program(list(self.helpers), list(self.steps), self.result, self.fresult, self.rounded)

    def uses_atomics(self):
        return any(s[0] == "atomic" for s in self.steps)

    def uses_subgroups(self):
        return any(s[0] == "subgroup" for s in self.steps)

    def buffers(self, data, fdata):
        """(group, binding, name, type, access, init) of every buffer the kernel uses."""
        out = [(0, 0, "入", "u32", "read", data), (0, 1, "出", "u32", "read_write", [0] * LENGTH),
               (0, 2, "浮入", "f32", "read", fdata), (0, 3, "浮出", "f32", "read_write", [0.0] * LENGTH),
               (0, 4, "近出", "f32", "read_write", [0.0] * LENGTH)]
        if self.uses_atomics():
            out.append((0, 5, "计数", "u32", "read_write", list(COUNTER_INIT)))
        return out


def type_of(e):
    return e[1]


def is_const(e):
    kind = e[0]
    if kind == "const":
        return True
    if kind in ("var", "read"):
        return False
    return all(is_const(x) for x in e[2:] if isinstance(x, tuple))


# ---- exactness of f32 values: (e, B) = every value is a multiple of 2^e, |v| ≤ B ----

def const_info(c):
    if c == 0:
        return (64, 0.0)
    e = 0
    while c != int(c / 2.0 ** e) * 2.0 ** e:
        e -= 1
    while c == int(c / 2.0 ** (e + 1)) * 2.0 ** (e + 1):
        e += 1
    return (e, abs(c))


def exact(info):
    return info is not None and info[0] >= MIN_EXP and info[1] < MAX_BOUND and info[1] < 2.0 ** (info[0] + 24)


def join(a, b):
    return None if a is None or b is None else (min(a[0], b[0]), max(a[1], b[1]))


def finfo(e, env):
    """(e, B) of a float expression (lanes joined) or None when it may round; u32 → (0, 0)."""
    kind, t = e[0], e[1]
    if t == U:
        return (0, 0.0)
    info = None
    if kind == "var":
        info = env.get(e[2])
    elif kind == "const":
        info = const_info(e[2])
    elif kind == "read":
        info = INPUT_INFO
    elif kind == "tof":
        info = (0, 65535.0)
    elif kind == "bin":
        a, b = finfo(e[3], env), finfo(e[4], env)
        if a is None or b is None:
            return None
        if e[2] in ("加", "减"):
            info = (min(a[0], b[0]), a[1] + b[1])
        elif e[2] == "乘":
            info = (a[0] + b[0], a[1] * b[1])
        elif e[2] == "除" and e[4][0] == "const" and power_of_two(e[4][2]):
            k = const_info(e[4][2])[0]
            info = (a[0] - k, a[1] / 2.0 ** k)
    elif kind == "vscale":
        a, b = finfo(e[2], env), finfo(e[3], env)
        info = None if a is None or b is None else (a[0] + b[0], a[1] * b[1])
    elif kind == "call":  # 最小 最大
        info = join(finfo(e[3], env), finfo(e[4], env))
    elif kind == "fcall":
        a = finfo(e[3], env)
        if a is not None:
            info = a if e[2] in ("绝对值", "取负") else (max(a[0], 0), a[1] + 1.0)
    elif kind == "if":
        info = join(finfo(e[5], env), finfo(e[6], env))
    elif kind == "vec":
        info = finfo(e[2], env)
        for x in e[3:]:
            info = join(info, finfo(x, env))
    elif kind == "lane":
        info = finfo(e[2], env)
    elif kind == "dot":
        a, b = finfo(e[2], env), finfo(e[3], env)
        n = 4 if e[2][1] == F4 else 2
        info = None if a is None or b is None else (a[0] + b[0], n * a[1] * b[1])
    elif kind == "mv":
        a, b = finfo(e[2], env), finfo(e[3], env)
        info = None if a is None or b is None else (a[0] + b[0], 2 * a[1] * b[1])
    if kind in ("bin", "call", "if") and t != U:
        pass
    return info if exact(info) else None


def power_of_two(c):
    return c in (0.5, 1.0, 2.0, 4.0, 0.25, 8.0, 0.125)


def conditions_exact(e, env):
    """Float operands of comparisons (anywhere in e) are exact too."""
    for node in walk(e):
        if node[0] == "if" and node[3][1] != U and (finfo(node[3], env) is None or finfo(node[4], env) is None):
            return False
    return True


def walk(e):
    yield e
    for x in e[2:]:
        if isinstance(x, tuple):
            yield from walk(x)


INPUT_INFO = (-3, 32.0)   # 浮入: k/8 with |k| ≤ 256


def step_env(p):
    """name → (type, finfo) after every step, or None when some float is not exact."""
    env, types = {}, {"序": U, "v0": U, "f0": F}
    env["f0"] = INPUT_INFO
    for step in p.steps:
        kind = step[0]
        if kind == "let":
            e = step[2]
            if not conditions_exact(e, env):
                return None
            if e[1] != U:
                info = finfo(e, env)
                if info is None:
                    return None
                env[step[1]] = info
            types[step[1]] = e[1]
        elif kind == "mat":
            info = join(finfo(step[2], env), finfo(step[3], env))
            if info is None or not conditions_exact(step[2], env) or not conditions_exact(step[3], env):
                return None
            env[step[1]], types[step[1]] = info, M2
        elif kind in ("loop", "shared", "subgroup"):
            types[step[1]] = U
        elif kind == "atomic":
            if step[4] is not None and step[4][1][1] != U and \
                    (finfo(step[4][1], env) is None or finfo(step[4][2], env) is None):
                return None
    return env, types


def valid(p):
    """The float rules hold for the whole program (the reducer checks its candidates)."""
    got = step_env(p)
    if got is None:
        return False
    env, _ = got
    if not conditions_exact(p.fresult, env) or finfo(p.fresult, env) is None:
        return False
    if not rounded_well_defined(p.rounded):
        return False
    return all(finfo(x, env) is not None and conditions_exact(x, env) for x in p.rounded[1:])


def rounded_well_defined(rounded):
    """√ of an 「绝对值」, ÷ by 「绝对值」 + 1: never NaN or infinite."""
    if rounded[0] == "sqrt":
        return rounded[1][0] == "fcall" and rounded[1][2] == "绝对值"
    y = rounded[2]
    return (y[0] == "bin" and y[2] == "加" and y[3][0] == "fcall" and y[3][2] == "绝对值" and
            y[4] == ("const", F, 1.0))


class Generator:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.env = {"f0": INPUT_INFO}
        self.names = {U: ["序", "v0"], F: ["f0"], F2: [], F4: [], M2: []}

    # ---- u32 ----
    def uconst(self):
        r = self.r
        return ("const", U, r.choice([0, 1, 2, 3, 7, 31, 32, 33, 255, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF,
                                      r.randrange(1 << 32), r.randrange(64)]))

    def uleaf(self, names):
        if names and self.r.random() < 0.7:
            return ("var", U, self.r.choice(names))
        return self.uconst()

    def uexpr(self, names, depth, helpers=0, floats=True):
        r = self.r
        if depth <= 0 or r.random() < 0.2:
            return self.uleaf(names)
        pick = r.random()
        sub = lambda: self.uexpr(names, depth - 1, helpers, floats)  # noqa: E731
        if pick < 0.3:
            e = ("bin", U, r.choice(INFIX), sub(), sub())
        elif pick < 0.55:
            e = ("call", U, r.choice(CALLS), sub(), sub())
        elif pick < 0.7:
            e = ("if", U, r.choice(COMPARE), sub(), sub(), sub(), sub())
        elif pick < 0.8 and "序" in names:
            e = ("read", U, sub())
        elif pick < 0.87 and floats and "序" in names:
            e = ("tou", U, ("fcall", F, "绝对值", self.fexpr(depth - 1)))
        elif pick < 0.92 and floats and "序" in names:
            f = self.fexpr(depth - 1)
            e = ("if", U, r.choice(COMPARE), f, self.fexpr(depth - 1), sub(), sub())
        elif helpers:
            e = ("help", U, r.randrange(helpers), sub(), sub())
        else:
            e = self.uleaf(names)
        return ensure_runtime(e, names)

    # ---- f32, 二维浮, 四维浮 (exact) ----
    def fleaf(self):
        r = self.r
        pick = r.random()
        if self.names[F] and pick < 0.5:
            return ("var", F, r.choice(self.names[F]))
        if pick < 0.75:
            return ("read", F, self.uexpr(self.names[U], 1, floats=False))
        if pick < 0.85:
            return ("tof", F, self.uexpr(self.names[U], 1, floats=False))
        return ("const", F, r.choice(F_CONSTS))

    def fexpr(self, depth):
        """A float expression whose value is exact (finfo); falls back to a leaf."""
        r = self.r
        if depth <= 0 or r.random() < 0.25:
            return self.fleaf()
        pick = r.random()
        if pick < 0.35:
            e = ("bin", F, r.choice(["加", "减", "乘"]), self.fexpr(depth - 1), self.fexpr(depth - 1))
        elif pick < 0.42:
            e = ("bin", F, "除", self.fexpr(depth - 1), ("const", F, r.choice([0.5, 2.0, 4.0, 0.25])))
        elif pick < 0.52:
            e = ("call", F, r.choice(["最小", "最大"]), self.fexpr(depth - 1), self.fexpr(depth - 1))
        elif pick < 0.64:
            e = ("fcall", F, r.choice(F_UNARY), self.fexpr(depth - 1))
        elif pick < 0.72:
            e = ("if", F, r.choice(COMPARE), self.fexpr(depth - 1), self.fexpr(depth - 1),
                 self.fexpr(depth - 1), self.fexpr(depth - 1))
        elif pick < 0.84:
            v = self.vexpr(F4 if r.random() < 0.6 else F2, depth - 1)
            e = ("lane", F, v, r.randrange(4 if v[1] == F4 else 2))
        elif pick < 0.93:
            t = F4 if r.random() < 0.6 else F2
            e = ("dot", F, self.vexpr(t, depth - 1), self.vexpr(t, depth - 1))
        elif self.names[M2]:
            e = ("lane", F, ("mv", F2, ("var", M2, r.choice(self.names[M2])), self.vexpr(F2, depth - 1)),
                 r.randrange(2))
        else:
            e = self.fleaf()
        if finfo(e, self.env) is None or not conditions_exact(e, self.env):
            return self.fleaf()
        return e

    def vexpr(self, t, depth):
        r = self.r
        n = 4 if t == F4 else 2
        pick = r.random()
        if self.names[t] and (depth <= 0 or pick < 0.3):
            return ("var", t, r.choice(self.names[t]))
        if depth <= 0 or pick < 0.6:
            e = ("vec", t) + tuple(self.fexpr(depth - 1) for _ in range(n))
        elif pick < 0.75:
            e = ("bin", t, r.choice(["加", "减", "乘"]), self.vexpr(t, depth - 1), self.vexpr(t, depth - 1))
        elif pick < 0.85:
            e = ("vscale", t, self.vexpr(t, depth - 1), self.fexpr(depth - 1))
        elif pick < 0.92:
            e = ("fcall", t, r.choice(F_UNARY), self.vexpr(t, depth - 1))
        elif t == F2 and self.names[M2]:
            e = ("mv", F2, ("var", M2, r.choice(self.names[M2])), self.vexpr(F2, depth - 1))
        else:
            e = ("call", t, r.choice(["最小", "最大"]), self.vexpr(t, depth - 1), self.vexpr(t, depth - 1))
        if finfo(e, self.env) is None:
            return ("vec", t) + tuple(self.fleaf() for _ in range(n))
        return e

    # ---- steps ----
    def float_let(self, name):
        r = self.r
        t = r.choice([F, F, F4, F2])
        e = self.fexpr(3) if t == F else self.vexpr(t, 2)
        info = finfo(e, self.env)
        if info is None:
            return None
        self.env[name] = info
        self.names[t].append(name)
        return ("let", name, e)

    def matrix(self, name):
        cols = (self.vexpr(F2, 1), self.vexpr(F2, 1))
        info = join(finfo(cols[0], self.env), finfo(cols[1], self.env))
        if info is None:
            return None
        self.env[name] = info
        self.names[M2].append(name)
        return ("mat", name) + cols

    def atomic(self):
        r = self.r
        op = r.choice(sorted(ATOMICS))
        cond = None
        if r.random() < 0.5:
            if r.random() < 0.5:
                cond = (r.choice(COMPARE), self.uexpr(self.names[U], 2), self.uexpr(self.names[U], 2))
            else:
                cond = (r.choice(COMPARE), self.fexpr(2), self.fexpr(2))
        value = self.uexpr(self.names[U], 2)
        if op == "原子加" and r.random() < 0.5:
            value = ("call", U, "位与", value, ("const", U, 255))
        return ("atomic", op, self.uexpr(self.names[U], 2), value, cond)

    def program(self):
        r = self.r
        helpers = [self.uexpr(["甲", "乙"], 3, floats=False) for _ in range(r.randrange(3))]
        steps = []
        subgroups = r.random() < 0.2   # a fifth of the programs (llvmpipe has no subgroups)
        for k in range(1, r.randrange(4, 10)):
            name = "v%d" % k
            pick = r.random()
            step = None
            if pick < 0.15:
                body = self.uexpr(["i", "acc"], 3, floats=False)
                step = ("loop", name, r.randrange(8), self.uexpr(self.names[U], 2, len(helpers)), body)
            elif pick < 0.25:
                step = ("shared", name, self.uexpr(self.names[U], 3, len(helpers)), r.randrange(WORKGROUP))
            elif pick < 0.35:
                steps.append(self.atomic())
                continue
            elif pick < 0.42:
                step = self.matrix("m%d" % k)
            elif pick < 0.52 and subgroups:
                op = r.choice(SUBGROUP)
                step = ("subgroup", name, op, self.uexpr(self.names[U], 3, len(helpers)),
                        r.randrange(SUBGROUP_SIZE) if op in ("子组广播", "子组异或洗牌") else None)
            elif pick < 0.65:
                step = self.float_let("f%d" % k)
            if step is None:
                step = ("let", name, self.uexpr(self.names[U], 4, len(helpers)))
            if step[0] in ("let", "loop", "shared", "subgroup") and type_of_step(step) == U:
                self.names[U].append(name)
            steps.append(step)
        x, y = self.fexpr(2), self.fexpr(2)
        rounded = ("sqrt", ("fcall", F, "绝对值", x)) if r.random() < 0.5 else \
            ("div", x, ("bin", F, "加", ("fcall", F, "绝对值", y), ("const", F, 1.0)))
        p = Program(helpers, steps, self.uexpr(self.names[U], 3, len(helpers)), self.fexpr(4), rounded)
        self.use_every_value(p)
        return p

    def use_every_value(self, p):
        """Values nothing uses flow into the results (位异或 into 出; added, or else compared,
        into 浮出), so that no step is dead code."""
        used = set()
        for e in [x for s in p.steps for x in s[2:] if isinstance(x, tuple)] + \
                [p.result, p.fresult] + list(p.rounded[1:]):
            for node in walk(e) if isinstance(e[0], str) and len(e) > 1 and isinstance(e[1], str) else []:
                if node[0] == "var":
                    used.add(node[2])
        for s in p.steps:
            if s[0] == "atomic" and s[4] is not None:
                for node in list(walk(s[4][1])) + list(walk(s[4][2])):
                    if node[0] == "var":
                        used.add(node[2])
        for name in self.names[U][1:]:
            if name not in used:
                p.result = ("call", U, "位异或", p.result, ("var", U, name))
        for t in (F, F4, F2, M2):
            for name in self.names[t]:
                if name in used:
                    continue
                v = ("var", t, name)
                term = v if t == F else ("dot", F, v, v) if t != M2 else \
                    ("lane", F, ("mv", F2, v, ("vec", F2, ("const", F, 1.0), ("const", F, 1.0))), 0)
                for new in (("bin", F, "加", p.fresult, term), ("if", F, "小于", term, p.fresult, p.fresult, term)):
                    if finfo(new, self.env) is not None and conditions_exact(new, self.env):
                        p.fresult = new
                        break


def type_of_step(step):
    return step[2][1] if step[0] == "let" else U


def ensure_runtime(e, names):
    """A u32 operator whose operands are all constant gets a variable instead (no const
    overflow); a constant shift amount is a literal below 32 (WGSL rejects a const amount past
    the width); a constant divisor is a literal other than 0 (整数除以零, as in WGSL)."""
    if e[1] != U or not names:
        return e
    if e[0] == "call" and e[2] in ("左移", "右移") and is_const(e[4]):
        e = e[:4] + (("const", U, e[4][2] % 32 if e[4][0] == "const" else 1),)
    if e[0] == "bin" and e[2] in ("除", "余") and is_const(e[4]) and (e[4][0] != "const" or e[4][2] == 0):
        e = e[:4] + (("const", U, 1),)
    if e[0] in ("bin", "call", "help") and is_const(e[-2]) and is_const(e[-1]):
        return e[:-2] + (("var", U, names[0]), e[-1])
    if e[0] == "if" and is_const(e[3]) and is_const(e[4]):
        return e[:3] + (("var", U, names[0]),) + e[4:] if e[3][1] == U else \
            e[:3] + (("read", F, ("var", U, names[0])),) + e[4:]
    return e


# ---- rendering ----

def q(name):
    return "「%s」" % name


def render_const(e):
    if e[1] == U:
        return "（「新无三二」于「%d」）" % e[2]
    text = ("%d" % e[2]) if e[2] == int(e[2]) else repr(e[2])
    return "（「新浮三二」于「%s」）" % text


def render_expr(e):
    kind = e[0]
    if kind == "var":
        return q(e[2])
    if kind == "const":
        return render_const(e)
    if kind == "bin":
        return "（%s%s%s）" % (render_expr(e[3]), e[2], render_expr(e[4]))
    if kind == "call":
        return "（%s于%s于%s）" % (q(e[2]), render_expr(e[3]), render_expr(e[4]))
    if kind == "fcall":
        return "（%s于%s）" % (q(e[2]), render_expr(e[3]))
    if kind == "if":
        return "（若%s%s%s则%s否则%s）" % (render_expr(e[3]), e[2], render_expr(e[4]), render_expr(e[5]),
                                         render_expr(e[6]))
    if kind == "read":
        return "（「读数组」于%s于（%s余（「新无三二」于「%d」）））" % (q("入" if e[1] == U else "浮入"),
                                                                    render_expr(e[2]), LENGTH)
    if kind == "help":
        return "（%s于%s于%s）" % (q("助%d" % e[2]), render_expr(e[3]), render_expr(e[4]))
    if kind == "tof":
        return "（「转换」以「浮三二」于（「位与」于%s于（「新无三二」于「65535」）））" % render_expr(e[2])
    if kind == "tou":
        return "（「转换」以「无三二」于%s）" % render_expr(e[2])
    if kind == "vec":
        return "（%s）" % "与".join(render_expr(x) for x in e[2:])
    if kind == "lane":
        return "（%s中%s）" % (render_expr(e[2]), q(LANES[e[3]]))
    if kind == "dot":
        return "（「点积」于%s于%s）" % (render_expr(e[2]), render_expr(e[3]))
    if kind in ("mv", "vscale"):
        return "（%s乘%s）" % (render_expr(e[2]), render_expr(e[3]))
    raise ValueError(kind)


def render_cond(cond):
    return "%s%s%s" % (render_expr(cond[1]), cond[0], render_expr(cond[2]))


def render_step(step):
    kind = step[0]
    if kind == "let":
        return "　令%s为%s而\n" % (q(step[1]), render_expr(step[2]))
    if kind == "mat":
        name = step[1]
        return "　令%s为%s而\n　令%s为%s而\n　令%s为%s与%s而\n" % (
            q(name + "甲"), render_expr(step[2]), q(name + "乙"), render_expr(step[3]), q(name), q(name + "甲"),
            q(name + "乙"))
    if kind == "shared":
        _, name, e, offset = step
        return ("　「工作组屏障」于「元」；\n"
                "　「写共享数组」于「暂存」于「局部序」于%s；\n"
                "　「工作组屏障」于「元」；\n"
                "　令%s为「读共享数组」于「暂存」于（（「局部序」加（「新无三二」于「%d」））余（「新无三二」于「%d」））而\n"
                ) % (render_expr(e), q(name), offset, WORKGROUP)
    if kind == "subgroup":
        _, name, op, e, lane = step
        extra = "" if lane is None else "于（「新无三二」于「%d」）" % lane
        return "　令%s为%s于%s%s而\n" % (q(name), q(op), render_expr(e), extra)
    if kind == "atomic":
        _, op, index, value, cond = step
        first, slots = ATOMICS[op]
        slot = "（%s余（「新无三二」于「%d」））" % (render_expr(index), slots)
        if first:
            slot = "（（「新无三二」于「%d」）加%s）" % (first, slot)
        call = "（%s于「计数」于%s于%s）" % (q(op), slot, render_expr(value))
        if cond is not None:
            call = "（若%s则%s）" % (render_cond(cond), call)
        return "　%s；\n" % call
    _, name, count, init, body = step
    walk_name = q("走" + name)
    return ("　递归令%s其化「无三二」又化「无三二」为「无三二」者为得「i」又得「acc」而\n"
            "　　若「i」等于（「新无三二」于「0」）则「acc」\n"
            "　　否则%s于（「i」减（「新无三二」于「1」））于%s\n"
            "　而令%s为%s于（「新无三二」于「%d」）于%s而\n") % (walk_name, walk_name, render_expr(body), q(name),
                                                    walk_name, count, render_expr(init))


def render_rounded(rounded):
    if rounded[0] == "sqrt":
        return "（「平方根」于%s）" % render_expr(rounded[1])
    return "（%s除%s）" % (render_expr(rounded[1]), render_expr(rounded[2]))


def render(p):
    out = ["「：生成的差分测试程序：」\n", "寻观「点染」之「点染本」之书。\n\n"]
    for group, binding, name, kind, access, _ in p.buffers([], []):
        element = "（「原子」于「无三二」）" if name == "计数" else "「%s」" % ("无三二" if kind == "u32" else "浮三二")
        out.append("%s乃「存储缓冲」于（「数组」于%s）也。\n" % (q(name), element))
        out.append("%s者「绑定」于（「组值」【「组」者「%d」也，「号」者「%d」也，「访问」者「%s」也】）也。\n"
                   % (q(name), group, binding, "只读" if access == "read" else "读写"))
    out.append("「暂存」乃「工作组变量」于（「定长数组」于「无三二」于「%d」）也。\n" % WORKGROUP)
    out.append("「暂存」者「工作组共享」于「元」也。\n\n")
    for k, h in enumerate(p.helpers):
        out.append("「助%d」乃化「无三二」又化「无三二」为「无三二」者也。\n" % k)
        out.append("「助%d」者得「甲」又得「乙」而%s也。\n\n" % (k, render_expr(h)))
    out.append("「核」乃化「全局调用号」又化「局部调用序」为「有」者也。\n")
    out.append("「核」者得「号」又得「局部序」而\n　令「序」为「号」中「零」而\n")
    out.append("　令「v0」为「读数组」于「入」于「序」而\n")
    out.append("　令「f0」为「读数组」于「浮入」于「序」而\n")
    for step in p.steps:
        out.append(render_step(step))
    out.append("　「写数组」于「浮出」于「序」于%s；\n" % render_expr(p.fresult))
    out.append("　「写数组」于「近出」于「序」于%s；\n" % render_rounded(p.rounded))
    out.append("　「写数组」于「出」于「序」于%s\n也。\n\n" % render_expr(p.result))
    out.append("「核入口」乃「计算入口」也。\n")
    out.append("「核入口」者「计算入口项」于「核」于（「组值」【「工作组大小」者「%d」也】）也。\n" % WORKGROUP)
    return "".join(out)


def inputs(seed):
    """The u32 input buffer of SEED: small and large values."""
    r = random.Random(seed * 7919 + 1)
    return [r.choice([r.randrange(16), r.randrange(1 << 32), 0xFFFFFFFF, 0x80000000]) for _ in range(LENGTH)]


def float_inputs(seed):
    """The f32 input buffer of SEED: k/8 with |k| ≤ 256 (INPUT_INFO), small values often."""
    r = random.Random(seed * 104729 + 3)
    return [r.choice([r.randrange(-16, 17), r.randrange(-256, 257)]) / 8.0 for _ in range(LENGTH)]


def generate(seed):
    return Generator(seed).program()


if __name__ == "__main__":
    sys.stdout.write(render(generate(int(sys.argv[1]))))
