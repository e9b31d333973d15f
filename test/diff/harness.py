#!/usr/bin/env python3
"""Differential testing: each generated program (gen.py) runs on the YIR executor
(`yusec run --device=cpu`) and as WGSL on llvmpipe (Dawn, test/tools/run_wgsl.mjs); the output
buffers must be equal bit for bit (u32 only). A mismatch is reduced (reduce.py) and saved as
a regression sample under --save DIR. --ptx-dir DIR writes, per seed, the source, its PTX and a
名。运行.json whose expectations are the executor's results, for the H200 leg
(test/gpu/run_samples.py YUSEC DIR DIR; docs/testing.md).

usage: harness.py YUSEC FIRST_SEED COUNT [--save DIR] [--ptx-dir DIR] [--no-wgsl]
Exit status: 0 all agreed (or Dawn absent: 跳过 for the WGSL leg), 1 a mismatch or a
program yusec rejected (a generator bug).
"""
import json
import os
import re
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402
import reduce  # noqa: E402

TOOLS = os.path.join(HERE, "..", "tools")


class Runner:
    def __init__(self, yusec, tmp, wgsl=True):
        self.yusec, self.tmp = yusec, tmp
        self.wgsl = wgsl and self.dawn_available()

    @staticmethod
    def dawn_available():
        return (subprocess.run(["sh", "-c", "command -v node"], capture_output=True).returncode == 0 and
                os.path.isdir(os.path.join(TOOLS, "node_modules", "webgpu")))

    def source(self, program, stem):
        path = os.path.join(self.tmp, stem + "。着色器。豫")
        with open(path, "w", encoding="utf-8") as f:
            f.write(gen.render(program))
        return path

    def cpu(self, program, data, stem="程序"):
        """The executor's output buffer, or a string saying why there is none."""
        src = self.source(program, stem)
        inp, out = os.path.join(self.tmp, stem + ".in"), os.path.join(self.tmp, stem + ".out")
        with open(inp, "wb") as f:
            f.write(struct.pack("<%dI" % len(data), *data))
        proc = subprocess.run([self.yusec, "run", src, "--device=cpu", "--grid", str(gen.GROUPS),
                               "--buffer", "0:0=u32:@" + inp, "--buffer", "0:1=u32:%d*0" % gen.LENGTH,
                               "--out", "0:1=" + out], capture_output=True, text=True, timeout=60)
        if proc.returncode != 0:
            return "yusec run --device=cpu 退出码 %d：%s" % (proc.returncode, proc.stderr.strip())
        with open(out, "rb") as f:
            return list(struct.unpack("<%dI" % gen.LENGTH, f.read()))

    def spec(self, data, expect=None):
        buffers = [{"group": 0, "binding": 0, "kind": "storage", "access": "read", "type": "u32", "init": data},
                   {"group": 0, "binding": 1, "kind": "storage", "access": "read_write", "type": "u32",
                    "init": [0] * gen.LENGTH}]
        if expect is not None:
            buffers[1]["expect"] = expect
        return {"entry": "核入口", "function": "核", "workgroup_size": gen.WORKGROUP,
                "workgroups": [gen.GROUPS, 1, 1], "buffers": buffers}

    def dawn(self, program, data, stem="程序"):
        """llvmpipe's output buffer, or a string saying why there is none (run_wgsl.mjs dumps
        only buffers that have expectations: zeros stand in, the dump is what counts)."""
        src = self.source(program, stem)
        wgsl, spec, dump = (os.path.join(self.tmp, stem + x) for x in (".wgsl", ".json", ".dump.json"))
        proc = subprocess.run([self.yusec, "-emit-wgsl", src, "-o", wgsl], capture_output=True, text=True)
        if proc.returncode != 0:
            return "yusec -emit-wgsl 退出码 %d：%s" % (proc.returncode, proc.stderr.strip())
        with open(spec, "w", encoding="utf-8") as f:
            json.dump(self.spec(data, [0] * gen.LENGTH), f)
        if os.path.exists(dump):
            os.remove(dump)
        log = os.path.join(self.tmp, stem + ".log")
        env = dict(os.environ, YUSEC_DAWN_DUMP=dump)
        with open(log, "w") as out:  # Dawn may crash at exit when stdout is a pipe
            subprocess.run(["node", os.path.join(TOOLS, "run_wgsl.mjs"), wgsl, spec], stdout=out, stderr=out,
                           env=env, timeout=120)
        if not os.path.exists(dump):
            with open(log) as f:
                return "Dawn 没有结果：" + f.read().strip()[-2000:]
        with open(dump) as f:
            return json.load(f)["0:1"]


def failure_kind(why):
    """The WGSL error of a run without results, names blanked ('v2' → ''), or None."""
    for line in why.splitlines():
        if "error:" in line:
            return re.sub(r"'[^']*'", "''", re.sub(r"^.*?error: ", "", line)).strip()
    return None


def mismatch(runner, program, data, kind=None):
    """The executor ran and WGSL disagrees with it: other results, or (kind given) no result
    with the same kind of error."""
    a = runner.cpu(program, data, "化简")
    if not isinstance(a, list):
        return False
    b = runner.dawn(program, data, "化简")
    if isinstance(b, list) or kind is None:
        return b != a
    return failure_kind(b) == kind


def main(argv):
    yusec, first, count = argv[1], int(argv[2]), int(argv[3])
    save = argv[argv.index("--save") + 1] if "--save" in argv else None
    ptx_dir = argv[argv.index("--ptx-dir") + 1] if "--ptx-dir" in argv else None
    ran, disagreed, invalid = 0, 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        runner = Runner(yusec, tmp, wgsl="--no-wgsl" not in argv)
        if not runner.wgsl and "--no-wgsl" not in argv:
            print("跳过 WGSL：node 或 test/tools/node_modules（npm ci）不在")
        for seed in range(first, first + count):
            program, data = gen.generate(seed), gen.inputs(seed)
            a = runner.cpu(program, data)
            if not isinstance(a, list):
                print("无效 种子 %d：%s" % (seed, a))
                invalid += 1
                continue
            ran += 1
            if ptx_dir:
                write_ptx_case(runner, program, data, a, seed, ptx_dir)
            if not runner.wgsl:
                continue
            b = runner.dawn(program, data)
            if b == a:
                continue
            disagreed += 1
            where = [i for i in range(len(a)) if not isinstance(b, list) or a[i] != b[i]][:3]
            print("不符 种子 %d：%s" % (seed, b if not isinstance(b, list) else
                                     "元素 %s：CPU %s，WGSL %s" % (where, [a[i] for i in where], [b[i] for i in where])))
            if save:
                kind = None if isinstance(b, list) else failure_kind(b)
                small = reduce.reduce(program, lambda p: mismatch(runner, p, data, kind))
                name = os.path.join(save, "差分%d" % seed)
                os.makedirs(save, exist_ok=True)
                with open(name + "。着色器。豫", "w", encoding="utf-8") as f:
                    f.write(gen.render(small))
                print("  化简后存为 %s。着色器。豫（%d 字）" % (name, len(gen.render(small))))
    print("差分：%d 个程序，%d 个不符，%d 个无效（种子 %d–%d）" % (ran, disagreed, invalid, first, first + count - 1))
    return 1 if disagreed or invalid else 0


def write_ptx_case(runner, program, data, expect, seed, ptx_dir):
    """名。着色器。豫, 名.ptx and 名。运行.json (expectations: the executor's results)."""
    os.makedirs(ptx_dir, exist_ok=True)
    stem = "差分%d" % seed
    with open(os.path.join(ptx_dir, stem + "。着色器。豫"), "w", encoding="utf-8") as f:
        f.write(gen.render(program))
    subprocess.run([runner.yusec, "-emit-ptx", os.path.join(ptx_dir, stem + "。着色器。豫"), "-o",
                    os.path.join(ptx_dir, stem + ".ptx")], check=True, capture_output=True)
    with open(os.path.join(ptx_dir, stem + "。运行.json"), "w", encoding="utf-8") as f:
        json.dump(runner.spec(data, expect), f)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
