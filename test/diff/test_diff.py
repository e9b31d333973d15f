#!/usr/bin/env python3
"""Tests of the differential tester itself: the generator is deterministic and its programs
compile and run on the executor; the reducer shrinks a program while a predicate holds and
stops at a local minimum; the harness's mismatch detection and reduction work end to end on a
fake back end that miscomputes one operator.

usage: test_diff.py YUSEC
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402
import harness  # noqa: E402
import reduce  # noqa: E402

failures = []


def check(name, ok, detail=""):
    print(("通过 " if ok else "失败 ") + name + ("" if ok else "：" + detail))
    if not ok:
        failures.append(name)


def uses_op(p, op):
    return op in gen.render(p)


def main(yusec):
    a, b = gen.render(gen.generate(7)), gen.render(gen.generate(7))
    check("同一种子同一程序", a == b)
    check("不同种子不同程序", a != gen.render(gen.generate(8)))
    check("输入确定", harness.case(3) == harness.case(3) and len(gen.inputs(3)) == gen.LENGTH and
          len(gen.float_inputs(3)) == gen.LENGTH)

    # The float rule: exact values only (a multiple of 2^e below 2^(e+24)).
    x = ("read", gen.F, ("var", gen.U, "序"))                       # k/8, |k| ≤ 256
    product = ("bin", gen.F, "乘", x, x)
    check("精确：入×入", gen.finfo(product, {}) == (-6, 1024.0))
    deep = ("bin", gen.F, "乘", ("bin", gen.F, "乘", product, product), product)
    check("会舍入的乘积被拒绝", gen.finfo(deep, {}) is None)
    check("除以二的幂精确，除以三被拒绝",
          gen.finfo(("bin", gen.F, "除", x, ("const", gen.F, 0.25)), {}) == (-1, 128.0) and
          gen.finfo(("bin", gen.F, "除", x, ("const", gen.F, 3.0)), {}) is None)

    with tempfile.TemporaryDirectory() as tmp:
        # Every generated program is valid: it type-checks and passes the whole
        # target-independent pipeline (yusec -emit-ir), and keeps the generator's float rules.
        invalid, features = [], dict.fromkeys(FEATURES, 0)
        for s in range(1, VALID_SEEDS + 1):
            p = gen.generate(s)
            path = os.path.join(tmp, "检查。着色器。豫")
            with open(path, "w", encoding="utf-8") as f:
                f.write(gen.render(p))
            proc = subprocess.run([yusec, "-emit-ir", path, "-o", os.path.join(tmp, "检查.yir")],
                                  capture_output=True, text=True)
            if proc.returncode != 0 or not gen.valid(p):
                invalid.append((s, proc.stderr.strip()[:300]))
            text = gen.render(p)
            for name, mark in FEATURES.items():
                features[name] += mark in text
        check("生成的程序都有效（种子 1–%d）" % VALID_SEEDS, not invalid, "%s" % invalid[:3])
        print("  %d 个程序里用到：%s" % (VALID_SEEDS, "，".join("%s %d" % kv for kv in features.items())))
        check("每种语言特性都生成了", all(features.values()), "%s" % features)

        runner = harness.Runner(yusec, tmp, wgsl=False)
        bad = [s for s in range(1, 21) if not isinstance(runner.cpu(gen.generate(s), harness.case(s)), dict)]
        check("生成的程序都能在 CPU 上运行（种子 1–20）", not bad, "种子 %s" % bad)

        # The reducer keeps the predicate, shrinks, and ends where no candidate does better.
        seed = next(s for s in range(1, 200) if uses_op(gen.generate(s), "位异或"))
        big = gen.generate(seed)
        small = reduce.reduce(big, lambda p: uses_op(p, "位异或"))
        check("化简保持条件", uses_op(small, "位异或"))
        check("化简变小", reduce.size(small) < reduce.size(big), "%d → %d" % (reduce.size(big), reduce.size(small)))
        check("化简到局部最小", not any(reduce.size(q) < reduce.size(small) and uses_op(q, "位异或")
                                   for q in reduce.candidates(small)))
        check("化简后仍能运行", isinstance(runner.cpu(small, harness.case(seed)), dict))
        check("化简后仍有效", gen.valid(small))

        # End to end: a back end that computes 位异或 as 位或 disagrees with the executor, and
        # the reduction keeps a program where the two still differ.
        class WrongXor(harness.Runner):
            def dawn(self, program, data, stem="程序"):
                wrong = program.copy()
                wrong.helpers = [swap(h) for h in program.helpers]
                wrong.steps = [s[:2] + tuple(swap(x) if isinstance(x, tuple) else x for x in s[2:])
                               for s in program.steps]
                wrong.result, wrong.fresult = swap(program.result), swap(program.fresult)
                return harness.Runner.cpu(self, wrong, data, stem + "错")

        fake = WrongXor(yusec, tmp, wgsl=False)
        # the first program where 位异或 matters (some compute it on equal or disjoint bits)
        seed = next((s for s in range(1, 40) if uses_op(gen.generate(s), "位异或") and
                     harness.mismatch(fake, gen.generate(s), harness.case(s))), None)
        differs = seed is not None
        big, data = (gen.generate(seed), harness.case(seed)) if differs else (big, None)
        check("假后端的不符被发现", differs)
        if differs:
            tiny = reduce.reduce(big, lambda p: harness.mismatch(fake, p, data), limit=300)
            check("不符化简后仍不符", harness.mismatch(fake, tiny, data))
            check("不符化简变小", reduce.size(tiny) < reduce.size(big))
        batch_resumes_after_a_crash(tmp)
    print("差分工具测试：%d 个失败" % len(failures))
    return 1 if failures else 0


VALID_SEEDS = 300
# what each language feature looks like in the rendered source
FEATURES = {"浮点": "「浮三二」于", "四维浮": "「点积」", "矩阵": "甲」与「m", "二维浮": "中「一」",
            "工作组内存与屏障": "「工作组屏障」于「元」；", "原子": "「计数」于", "语句若": "则（「原子",
            "值若": "否则", "尾递归循环": "递归令", "辅助函数": "「助0」者", "平方根": "「平方根」",
            "取整": "「向下取整」", "子组": "「子组"}


class DyingBatch(harness.Runner):
    """A WGSL back end whose batch process dies in the runs of stems in `deadly` (before their
    status line), whatever else the batch holds; every other run gives {"0:1": [its number]}."""

    def __init__(self, tmp, deadly):
        harness.Runner.__init__(self, "yusec", tmp, wgsl=False)
        self.deadly, self.batches = deadly, []

    def dawn_files(self, program, data, stem):
        return None

    def dawn_batch(self, stems):
        self.batches.append(list(stems))
        done = []
        for stem in stems:
            if stem in self.deadly:
                break
            with open(os.path.join(self.tmp, stem + ".dump.json"), "w") as f:
                f.write('{"0:1": [%s]}' % stem[1:])
            done.append("通过")
        return done, ""


def batch_resumes_after_a_crash(tmp):
    """dawn_many: the runs after a crash go again in a new process, the run it died in alone."""
    fake = DyingBatch(tmp, {"p3", "p5"})
    for n in range(1, 8):
        path = os.path.join(tmp, "p%d.dump.json" % n)
        if os.path.exists(path):
            os.remove(path)
    got = fake.dawn_many([(None, None, "p%d" % n) for n in range(1, 8)])
    ok = [got[n - 1] == {"0:1": [n]} for n in (1, 2, 4, 6, 7)]
    check("批处理进程崩溃后其余程序仍有结果", all(ok), "%s" % got)
    check("崩溃的程序单独重跑，没有结果就如实报告",
          all(isinstance(got[n - 1], str) and got[n - 1].startswith("Dawn 没有结果") for n in (3, 5)),
          "%s" % got)
    check("崩溃后从下一个程序重新开始批处理",
          fake.batches == [["p%d" % n for n in range(1, 8)], ["p3"], ["p4", "p5", "p6", "p7"], ["p5"], ["p6", "p7"]],
          "%s" % fake.batches)


def swap(e):
    if not isinstance(e, tuple):
        return e
    if e[0] == "call" and e[2] == "位异或":
        return ("call", e[1], "位或", swap(e[3]), swap(e[4]))
    return tuple(swap(x) if isinstance(x, tuple) else x for x in e)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
