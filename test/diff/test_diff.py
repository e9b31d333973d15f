#!/usr/bin/env python3
"""Tests of the differential tester itself: the generator is deterministic and its programs
compile and run on the executor; the reducer shrinks a program while a predicate holds and
stops at a local minimum; the harness's mismatch detection and reduction work end to end on a
fake back end that miscomputes one operator.

usage: test_diff.py YUSEC
"""
import os
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
    check("输入确定", gen.inputs(3) == gen.inputs(3) and len(gen.inputs(3)) == gen.LENGTH)

    with tempfile.TemporaryDirectory() as tmp:
        runner = harness.Runner(yusec, tmp, wgsl=False)
        bad = [s for s in range(1, 21) if not isinstance(runner.cpu(gen.generate(s), gen.inputs(s)), list)]
        check("生成的程序都能在 CPU 上运行（种子 1–20）", not bad, "种子 %s" % bad)

        # The reducer keeps the predicate, shrinks, and ends where no candidate does better.
        seed = next(s for s in range(1, 200) if uses_op(gen.generate(s), "位异或"))
        big = gen.generate(seed)
        small = reduce.reduce(big, lambda p: uses_op(p, "位异或"))
        check("化简保持条件", uses_op(small, "位异或"))
        check("化简变小", reduce.size(small) < reduce.size(big), "%d → %d" % (reduce.size(big), reduce.size(small)))
        check("化简到局部最小", not any(reduce.size(q) < reduce.size(small) and uses_op(q, "位异或")
                                   for q in reduce.candidates(small)))
        check("化简后仍能运行", isinstance(runner.cpu(small, gen.inputs(seed)), list))

        # End to end: a back end that computes 位异或 as 位或 disagrees with the executor, and
        # the reduction keeps a program where the two still differ.
        class WrongXor(harness.Runner):
            def dawn(self, program, data, stem="程序"):
                wrong = program.copy()
                wrong.helpers = [swap(h) for h in program.helpers]
                wrong.steps = [s[:2] + tuple(swap(x) if isinstance(x, tuple) else x for x in s[2:])
                               for s in program.steps]
                wrong.result = swap(program.result)
                return harness.Runner.cpu(self, wrong, data, stem + "错")

        fake = WrongXor(yusec, tmp, wgsl=False)
        data = gen.inputs(seed)
        differs = harness.mismatch(fake, big, data)
        check("假后端的不符被发现", differs)
        if differs:
            tiny = reduce.reduce(big, lambda p: harness.mismatch(fake, p, data), limit=300)
            check("不符化简后仍不符", harness.mismatch(fake, tiny, data))
            check("不符化简变小", reduce.size(tiny) < reduce.size(big))
    print("差分工具测试：%d 个失败" % len(failures))
    return 1 if failures else 0


def swap(e):
    if not isinstance(e, tuple):
        return e
    if e[0] == "call" and e[1] == "位异或":
        return ("call", "位或", swap(e[2]), swap(e[3]))
    return tuple(swap(x) if isinstance(x, tuple) else x for x in e)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
