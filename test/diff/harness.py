#!/usr/bin/env python3
"""Differential testing: each generated program (gen.py) runs on the YIR executor
(`yusec run --device=cpu`) and as WGSL on llvmpipe (Dawn, test/tools/run_wgsl.mjs); the output
buffers must agree (gen.py: u32 bit for bit, f32 by value — the generated floats are exact). A mismatch is reduced (reduce.py) and saved as
a regression sample under --save DIR. --ptx-dir DIR writes, per seed, the source, its PTX and a
名。运行.json whose expectations are the executor's results, for the H200 leg
(test/gpu/run_samples.py YUSEC DIR DIR; docs/testing.md).

usage: harness.py YUSEC FIRST_SEED COUNT [--save DIR] [--ptx-dir DIR] [--no-wgsl] [--chunk N]
The WGSL of N programs (50) runs in one node process (run_wgsl.mjs --batch).
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


SKIPPED = "WGSL 跳过："   # Dawn's adapter lacks a feature the program needs (subgroups)


def case(seed):
    """The inputs of SEED: (u32 data of 入, f32 data of 浮入)."""
    return gen.inputs(seed), gen.float_inputs(seed)


def same(a, b):
    """Results agree: u32 bit for bit, f32 by value (the generator's floats are exact, so
    every back end must give the same value; −0 and +0 are one value)."""
    return a == b


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
        """The executor's output buffers ({"g:b": values}), or a string saying why there are none."""
        src = self.source(program, stem)
        cmd = [self.yusec, "run", src, "--device=cpu", "--grid", str(gen.GROUPS),
               "--subgroup-size", str(gen.SUBGROUP_SIZE)]
        outs = []
        for group, binding, _, kind, access, init in program.buffers(*data):
            where = "%d:%d" % (group, binding)
            path = os.path.join(self.tmp, "%s_%d_%d" % (stem, group, binding))
            with open(path + ".in", "wb") as f:
                f.write(struct.pack("<%d%s" % (len(init), "I" if kind == "u32" else "f"), *init))
            cmd += ["--buffer", "%s=%s:@%s.in" % (where, kind, path)]
            if access == "read_write":
                cmd += ["--out", "%s=%s.out" % (where, path)]
                outs.append((where, kind, len(init), path + ".out"))
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        if proc.returncode != 0:
            return "yusec run --device=cpu 退出码 %d：%s" % (proc.returncode, proc.stderr.strip())
        result = {}
        for where, kind, n, path in outs:
            with open(path, "rb") as f:
                result[where] = list(struct.unpack("<%d%s" % (n, "I" if kind == "u32" else "f"), f.read()))
        return result

    def spec(self, program, data, expect=None):
        """The 名。运行.json of a run; with `expect` ({"g:b": values}) its expectations."""
        buffers = []
        for group, binding, _, kind, access, init in program.buffers(*data):
            b = {"group": group, "binding": binding, "kind": "storage", "access": access, "type": kind,
                 "init": init}
            if access == "read_write" and expect is not None:
                b["expect"] = expect["%d:%d" % (group, binding)]
            buffers.append(b)
        spec = {"entry": "核入口", "function": "核", "workgroup_size": gen.WORKGROUP,
                "workgroups": [gen.GROUPS, 1, 1], "buffers": buffers}
        if program.uses_subgroups():
            spec["needs"] = ["subgroups"]
        return spec

    def dawn(self, program, data, stem="程序"):
        """llvmpipe's output buffers, or a string saying why there are none (run_wgsl.mjs dumps
        only buffers that have expectations: zeros stand in, the dump is what counts)."""
        return self.dawn_many([(program, data, stem)])[0]

    def dawn_many(self, runs):
        """dawn() of each (program, data, stem) of RUNS, in one node process (run_wgsl.mjs
        --batch): a result dict or a string per run. Runs a process left without a status line
        (it died) go again in a new process; the run it died in then runs alone."""
        results, listed = [None] * len(runs), []
        for i, (program, data, stem) in enumerate(runs):
            why = self.dawn_files(program, data, stem)
            if why:
                results[i] = why
            else:
                listed.append(i)
        while listed:
            done, log = self.dawn_batch([runs[i][2] for i in listed])
            for i, status in zip(listed, done):
                results[i] = self.dawn_result(runs[i][2], status, log)
            if len(done) == len(listed):
                break
            crashed = listed[len(done)]
            results[crashed] = self.dawn_alone(runs[crashed][2])
            listed = listed[len(done) + 1:]
        return results

    def dawn_files(self, program, data, stem):
        """The WGSL and spec of STEM (None), or why yusec made no WGSL."""
        src = self.source(program, stem)
        wgsl, spec, dump = (os.path.join(self.tmp, stem + x) for x in (".wgsl", ".json", ".dump.json"))
        proc = subprocess.run([self.yusec, "-emit-wgsl", src, "-o", wgsl], capture_output=True, text=True)
        if proc.returncode != 0:
            return "yusec -emit-wgsl 退出码 %d：%s" % (proc.returncode, proc.stderr.strip())
        zeros = {"%d:%d" % (g, b): [0] * len(init) for g, b, _, _, _, init in program.buffers(*data)}
        with open(spec, "w", encoding="utf-8") as f:
            json.dump(self.spec(program, data, zeros), f)
        if os.path.exists(dump):
            os.remove(dump)
        return None

    def dawn_batch(self, stems):
        """One `run_wgsl.mjs --batch` of STEMS: (the status of each run that finished, in order;
        the process's output)."""
        listing = os.path.join(self.tmp, "批处理.txt")
        with open(listing, "w", encoding="utf-8") as f:
            for stem in stems:
                f.write("\t".join(os.path.join(self.tmp, stem + x) for x in (".wgsl", ".json", ".dump.json")) + "\n")
        log = os.path.join(self.tmp, "批处理.log")
        with open(log, "w") as out:  # Dawn may crash at exit when stdout is a pipe
            try:
                subprocess.run(["node", os.path.join(TOOLS, "run_wgsl.mjs"), "--batch", listing], stdout=out,
                               stderr=out, timeout=30 + 10 * len(stems))
            except subprocess.TimeoutExpired:
                pass
        with open(log, encoding="utf-8", errors="replace") as f:
            text = f.read()
        return re.findall(r"^批处理 \d+：(\S+) ", text, re.M), text

    def dawn_alone(self, stem):
        """STEM in a process of its own (after a batch died in it)."""
        done, log = self.dawn_batch([stem])
        return self.dawn_result(stem, done[0] if done else None, log)

    def dawn_result(self, stem, status, log):
        dump = os.path.join(self.tmp, stem + ".dump.json")
        if os.path.exists(dump):
            with open(dump) as f:
                return json.load(f)
        wgsl = os.path.join(self.tmp, stem + ".wgsl")
        text = "\n".join(line for line in log.splitlines() if line.startswith(wgsl) or
                         line.startswith("跳过: " + wgsl))
        if status == "跳过":
            return SKIPPED + text
        return "Dawn 没有结果：" + (text or log.strip())[-2000:]


def differences(a, b, limit=3):
    """The first differing elements of two result sets: [(buffer, index, a, b)]."""
    out = []
    for where in sorted(a):
        got = b.get(where, [])
        for i, x in enumerate(a[where]):
            if i >= len(got) or not same(x, got[i]):
                out.append((where, i, x, got[i] if i < len(got) else None))
                if len(out) >= limit:
                    return out
    return out


def failure_kind(why):
    """The WGSL error of a run without results, names blanked ('v2' → ''), or None."""
    for line in why.splitlines():
        if "error:" in line:
            return re.sub(r"'[^']*'", "''", re.sub(r"^.*?error: ", "", line)).strip()
    return None


def mismatch(runner, program, data, kind=None):
    """The executor ran and WGSL disagrees with it: other results (kind None: the original
    failure was a difference, so a candidate without WGSL results — Dawn failing some other
    way — does not count), or (kind given) no result with the same kind of error."""
    a = runner.cpu(program, data, "化简")
    if not isinstance(a, dict):
        return False
    b = runner.dawn(program, data, "化简")
    if kind is None:
        return isinstance(b, dict) and bool(differences(a, b))
    return not isinstance(b, dict) and failure_kind(b) == kind


def main(argv):
    sys.stdout.reconfigure(line_buffering=True)  # progress shows in a log while it runs
    yusec, first, count = argv[1], int(argv[2]), int(argv[3])
    save = argv[argv.index("--save") + 1] if "--save" in argv else None
    ptx_dir = argv[argv.index("--ptx-dir") + 1] if "--ptx-dir" in argv else None
    chunk = int(argv[argv.index("--chunk") + 1]) if "--chunk" in argv else 50
    ran, disagreed, invalid, skipped = 0, 0, 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        runner = Runner(yusec, tmp, wgsl="--no-wgsl" not in argv)
        if not runner.wgsl and "--no-wgsl" not in argv:
            print("跳过 WGSL：node 或 test/tools/node_modules（npm ci）不在")
        for start in range(first, first + count, chunk):
            seeds = range(start, min(first + count, start + chunk))
            cases = {}
            for seed in seeds:
                program, data = gen.generate(seed), case(seed)
                a = runner.cpu(program, data, "程序%d" % seed)
                if not isinstance(a, dict):
                    print("无效 种子 %d：%s" % (seed, a))
                    invalid += 1
                    continue
                ran += 1
                if ptx_dir:
                    write_ptx_case(runner, program, data, a, seed, ptx_dir)
                cases[seed] = (program, data, a)
            if not runner.wgsl:
                continue
            wgsl = runner.dawn_many([(p, d, "程序%d" % seed) for seed, (p, d, _) in cases.items()])
            for (seed, (program, data, a)), b in zip(cases.items(), wgsl):
                if isinstance(b, dict) and not differences(a, b):
                    continue
                if isinstance(b, str) and b.startswith(SKIPPED):
                    skipped += 1
                    continue
                disagreed += 1
                print("不符 种子 %d：%s" % (seed, b if not isinstance(b, dict) else "；".join(
                    "缓冲 %s 元素 %d：CPU %r，WGSL %r" % d for d in differences(a, b))))
                if save:
                    save_reduced(runner, program, data, b, seed, save)
            if count > chunk:
                print("进度：%d 个程序，%d 个不符，%d 个无效，%d 个 WGSL 跳过（种子 %d–%d）"
                      % (ran, disagreed, invalid, skipped, first, seeds[-1]))
    print("差分：%d 个程序，%d 个不符，%d 个无效，%d 个 WGSL 跳过（子组；种子 %d–%d）"
          % (ran, disagreed, invalid, skipped, first, first + count - 1))
    return 1 if disagreed or invalid else 0


def save_reduced(runner, program, data, b, seed, save):
    """The mismatch of SEED reduced (reduce.py) and saved as save/差分SEED。着色器。豫."""
    kind = None if isinstance(b, dict) else failure_kind(b)
    small = reduce.reduce(program, lambda p: mismatch(runner, p, data, kind))
    name = os.path.join(save, "差分%d" % seed)
    os.makedirs(save, exist_ok=True)
    with open(name + "。着色器。豫", "w", encoding="utf-8") as f:
        f.write(gen.render(small))
    print("  化简后存为 %s。着色器。豫（%d 字）" % (name, len(gen.render(small))))


def write_ptx_case(runner, program, data, expect, seed, ptx_dir):
    """名。着色器。豫, 名.ptx and 名。运行.json (expectations: the executor's results)."""
    os.makedirs(ptx_dir, exist_ok=True)
    stem = "差分%d" % seed
    with open(os.path.join(ptx_dir, stem + "。着色器。豫"), "w", encoding="utf-8") as f:
        f.write(gen.render(program))
    subprocess.run([runner.yusec, "-emit-ptx", os.path.join(ptx_dir, stem + "。着色器。豫"), "-o",
                    os.path.join(ptx_dir, stem + ".ptx")], check=True, capture_output=True)
    with open(os.path.join(ptx_dir, stem + "。运行.json"), "w", encoding="utf-8") as f:
        json.dump(runner.spec(program, data, expect), f)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
