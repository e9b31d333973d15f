#!/usr/bin/env python3
"""Random valid 豫言 compute kernels, deterministic from a seed (in the spirit of Csmith and
wgslsmith; docs/testing.md).

A program is a small tree model (Program: helper functions, let bindings, tail-recursive
loops with two carried values, one output expression) rendered to 豫言 source. Valid by
construction: every value is a u32; every buffer index is 序 or taken modulo the buffer's
length; every loop runs a constant number of times (≤ 7); every operator has an operand that
depends on the input, so no constant expression can overflow at compile time (WGSL const
rules); a constant shift amount is below 32 and a constant divisor is not 0 (WGSL rejects
both). Division by a run-time zero and big run-time shifts are allowed: their results are
WGSL's.

usage: gen.py SEED            print the program of SEED
"""
import random
import sys

WORKGROUP = 64
GROUPS = 2
LENGTH = WORKGROUP * GROUPS

INFIX = ["加", "减", "乘", "除", "余"]
CALLS = ["位与", "位或", "位异或", "左移", "右移", "最小", "最大"]
COMPARE = ["小于", "大于", "等于", "不等于", "不大于", "不小于"]


# ---- the model: expressions are tuples ----
#   ("var", name) ("const", n) ("bin", op, a, b) ("call", builtin, a, b)
#   ("if", cmp, ca, cb, then, else) ("read", index) ("help", k, a, b)
# A Let is (name, expr); a Loop is (name, count, init, body) where body uses 「i」 and 「acc」.

class Program:
    def __init__(self, helpers, steps, result):
        self.helpers = helpers    # list of exprs over 「甲」「乙」
        self.steps = steps        # list of ("let", name, expr) | ("loop", name, count, init, body)
        self.result = result      # the value written to 出[序]

    def copy(self):
        return Program(list(self.helpers), list(self.steps), self.result)


def is_const(e):
    kind = e[0]
    if kind == "const":
        return True
    if kind in ("var", "read"):
        return False
    if kind in ("bin", "call", "help"):
        return is_const(e[-2]) and is_const(e[-1])
    if kind == "if":
        return all(is_const(x) for x in e[2:])
    return False


class Generator:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def const(self):
        r = self.r
        return ("const", r.choice([0, 1, 2, 3, 7, 31, 32, 33, 255, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF,
                                   r.randrange(1 << 32), r.randrange(64)]))

    def leaf(self, names):
        if names and self.r.random() < 0.7:
            return ("var", self.r.choice(names))
        return self.const()

    def expr(self, names, depth, helpers=0):
        r = self.r
        if depth <= 0 or r.random() < 0.2:
            return self.leaf(names)
        pick = r.random()
        if pick < 0.35:
            e = ("bin", r.choice(INFIX), self.expr(names, depth - 1, helpers), self.expr(names, depth - 1, helpers))
        elif pick < 0.6:
            e = ("call", r.choice(CALLS), self.expr(names, depth - 1, helpers), self.expr(names, depth - 1, helpers))
        elif pick < 0.75:
            e = ("if", r.choice(COMPARE), self.expr(names, depth - 1, helpers), self.expr(names, depth - 1, helpers),
                 self.expr(names, depth - 1, helpers), self.expr(names, depth - 1, helpers))
        elif pick < 0.85 and "序" in names:
            e = ("read", self.expr(names, depth - 1, helpers))
        elif helpers:
            e = ("help", r.randrange(helpers), self.expr(names, depth - 1, helpers),
                 self.expr(names, depth - 1, helpers))
        else:
            e = self.leaf(names)
        return ensure_runtime(e, names)

    def program(self):
        r = self.r
        helpers = [self.expr(["甲", "乙"], 3) for _ in range(r.randrange(3))]
        names, steps = ["序", "v0"], []
        for k in range(1, r.randrange(3, 8)):
            name = "v%d" % k
            if r.random() < 0.25:
                body = self.expr(["i", "acc"], 3)
                steps.append(("loop", name, r.randrange(8), self.expr(names, 2, len(helpers)), body))
            else:
                steps.append(("let", name, self.expr(names, 4, len(helpers))))
            names.append(name)
        return Program(helpers, steps, self.expr(names, 3, len(helpers)))


def ensure_runtime(e, names):
    """An operator whose operands are all constant gets a variable instead (no const overflow);
    a constant shift amount is below 32 (WGSL rejects a const amount past the width)."""
    if e[0] == "call" and e[1] in ("左移", "右移") and e[3][0] == "const":
        e = e[:3] + (("const", e[3][1] % 32),)
    if e[0] == "bin" and e[1] in ("除", "余") and e[3] == ("const", 0):
        e = e[:3] + (("const", 1),)  # an error (整数除以零), as in WGSL
    if e[0] in ("bin", "call", "help") and is_const(e[-2]) and is_const(e[-1]) and names:
        return e[:-2] + (("var", names[0]), e[-1])
    if e[0] == "if" and all(is_const(x) for x in e[2:4]) and names:
        return e[:2] + (("var", names[0]),) + e[3:]
    return e


# ---- rendering ----

def q(name):
    return "「%s」" % name


def render_expr(e):
    kind = e[0]
    if kind == "var":
        return q(e[1])
    if kind == "const":
        return "（「新无三二」于「%d」）" % e[1]
    if kind == "bin":
        return "（%s%s%s）" % (render_expr(e[2]), e[1], render_expr(e[3]))
    if kind == "call":
        return "（%s于%s于%s）" % (q(e[1]), render_expr(e[2]), render_expr(e[3]))
    if kind == "if":
        return "（若%s%s%s则%s否则%s）" % (render_expr(e[2]), e[1], render_expr(e[3]), render_expr(e[4]),
                                         render_expr(e[5]))
    if kind == "read":
        return "（「读数组」于「入」于（%s余（「新无三二」于「%d」）））" % (render_expr(e[1]), LENGTH)
    if kind == "help":
        return "（%s于%s于%s）" % (q("助%d" % e[1]), render_expr(e[2]), render_expr(e[3]))
    raise ValueError(kind)


def render_step(step):
    if step[0] == "let":
        return "　令%s为%s而\n" % (q(step[1]), render_expr(step[2]))
    _, name, count, init, body = step
    walk = q("走" + name)
    return ("　递归令%s其化「无三二」又化「无三二」为「无三二」者为得「i」又得「acc」而\n"
            "　　若「i」等于（「新无三二」于「0」）则「acc」\n"
            "　　否则%s于（「i」减（「新无三二」于「1」））于%s\n"
            "　而令%s为%s于（「新无三二」于「%d」）于%s而\n") % (walk, walk, render_expr(body), q(name), walk, count,
                                                    render_expr(init))


def render(p):
    out = ["「：生成的差分测试程序：」\n", "寻观「点染」之「点染本」之书。\n\n",
           "「入」乃「存储缓冲」于（「数组」于「无三二」）也。\n",
           "「入」者「绑定」于（「组值」【「组」者「零」也，「号」者「零」也，「访问」者「只读」也】）也。\n",
           "「出」乃「存储缓冲」于（「数组」于「无三二」）也。\n",
           "「出」者「绑定」于（「组值」【「组」者「零」也，「号」者「一」也，「访问」者「读写」也】）也。\n\n"]
    for k, h in enumerate(p.helpers):
        out.append("「助%d」乃化「无三二」又化「无三二」为「无三二」者也。\n" % k)
        out.append("「助%d」者得「甲」又得「乙」而%s也。\n\n" % (k, render_expr(h)))
    out.append("「核」乃化「全局调用号」为「有」者也。\n")
    out.append("「核」者得「号」而\n　令「序」为「号」中「零」而\n")
    out.append("　令「v0」为「读数组」于「入」于「序」而\n")
    for step in p.steps:
        out.append(render_step(step))
    out.append("　「写数组」于「出」于「序」于%s\n也。\n\n" % render_expr(p.result))
    out.append("「核入口」乃「计算入口」也。\n")
    out.append("「核入口」者「计算入口项」于「核」于（「组值」【「工作组大小」者「%d」也】）也。\n" % WORKGROUP)
    return "".join(out)


def inputs(seed):
    """The input buffer of SEED: small and large u32 values."""
    r = random.Random(seed * 7919 + 1)
    return [r.choice([r.randrange(16), r.randrange(1 << 32), 0xFFFFFFFF, 0x80000000]) for _ in range(LENGTH)]


def generate(seed):
    return Generator(seed).program()


if __name__ == "__main__":
    sys.stdout.write(render(generate(int(sys.argv[1]))))
