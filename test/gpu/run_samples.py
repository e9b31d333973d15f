#!/usr/bin/env python3
"""Runs each compute sample's 名。运行.json through `yusec run` and checks the buffers.

usage: run_samples.py YUSEC SAMPLES_DIR [PTX_DIR]
       YUSEC_RUN_DEVICE=cpu run_samples.py YUSEC SAMPLES_DIR   (the YIR executor; no 跳过)
       YUSEC_RUN_BATCH=1 …   every sample in one `yusec run --batch` (one GPU context for all)

Inputs go to yusec as raw little-endian files (--buffer g:b=TYPE:@file), results come back
with --out g:b=file and are compared exactly (floats as float32 values; see 说明.md).
Exit status: 0 all passed, 1 a sample failed, 77 no GPU (跳过; ctest reports it skipped).
"""
import json
import re
import math
import os
import struct
import subprocess
import sys
import tempfile

PACK = {"u32": "I", "i32": "i", "f32": "f"}
NO_GPU = "没有可用的 GPU"
# YUSEC_GPU_DRY_RUN=1: only compile and plan every sample (yusec run --dry-run), no GPU needed.
DRY_RUN = os.environ.get("YUSEC_GPU_DRY_RUN") == "1"
# YUSEC_RUN_DEVICE=cpu: run on the CPU (yusec run --device=cpu); only a sample whose spec has
# "skip": {"cpu": why} is skipped (the executor has no textures).
ON_CPU = os.environ.get("YUSEC_RUN_DEVICE") == "cpu"
# YUSEC_RUN_BATCH=1: one `yusec run --batch` process runs every sample (docs/runtime.md).
BATCH = os.environ.get("YUSEC_RUN_BATCH") == "1"
MARK = re.compile(r"^== 第 (\d+) 行：退出码 (\d+)$", re.M)


def pack(kind, values):
    if kind == "f32":
        values = [float(v) for v in values]
    return struct.pack("<%d%s" % (len(values), PACK[kind]), *values)


def same(kind, got, want, tolerance=0):
    if kind != "f32":
        return got == want
    want = struct.unpack("<f", struct.pack("<f", float(want)))[0]
    return got == want or (math.isnan(got) and math.isnan(want)) or abs(got - want) <= tolerance


# Texel words of each format (--texture: one word per channel; rgba8unorm one u32 per texel).
TEXEL_TYPE = {"r32float": "f32", "rg32float": "f32", "rgba32float": "f32", "depth32float": "f32",
              "r32uint": "u32", "rgba32uint": "u32", "rgba8unorm": "u32", "r32sint": "i32",
              "rgba32sint": "i32"}


def texture_args(spec, stem, tmp):
    """--texture and --sampler arguments for the sample's "textures" and "samplers"."""
    args = []
    for t in spec.get("textures", []):
        data = os.path.join(tmp, "%s_t%d_%d.in" % (stem, t["group"], t["binding"]))
        with open(data, "wb") as f:
            f.write(pack(TEXEL_TYPE[t["format"]], t["init"]))
        args += ["--texture", "%d:%d=%s:%dx%d:@%s" % (t["group"], t["binding"], t["format"], t["width"],
                                                      t["height"], data)]
    for s in spec.get("samplers", []):
        state = ":".join([s.get("filter", "nearest"), s.get("address", "clamp-to-edge")] +
                         ([s["compare"]] if "compare" in s else []))
        args += ["--sampler", "%d:%d=%s" % (s["group"], s["binding"], state)]
    return args


def prepare(samples, ptx_dir, stem, spec, tmp):
    """The arguments after `yusec run` for one sample, and its (buffer, result file) pairs."""
    source = os.path.join(samples, stem + "。着色器。豫")
    grid = ",".join(str(n) for n in spec.get("workgroups", [1, 1, 1]))
    cmd = [source, "--entry", spec["entry"], "--grid", grid]
    if ptx_dir:
        cmd += ["--ptx", os.path.join(ptx_dir, stem + ".ptx")]
    if ON_CPU:
        cmd.append("--device=cpu")
    if DRY_RUN:
        cmd.append("--dry-run")
    outs = []
    cmd += texture_args(spec, stem, tmp)
    for b in spec["buffers"]:
        where = "%d:%d" % (b["group"], b["binding"])
        data = os.path.join(tmp, "%s_%d_%d.in" % (stem, b["group"], b["binding"]))
        with open(data, "wb") as f:
            f.write(pack(b["type"], b["init"]))
        cmd += ["--buffer", "%s=%s:@%s" % (where, b["type"], data)]
        if "expect" in b:
            result = data[:-3] + ".out"
            cmd += ["--out", "%s=%s" % (where, result)]
            outs.append((b, result))
    return cmd, outs


def check(status, stderr, outs):
    """None when the run passed, else the reason; NO_GPU when the machine has none."""
    if status != 0:
        if status == 2 and NO_GPU in stderr:
            return NO_GPU + "：" + stderr.strip()
        return "yusec run 退出码 %d：\n%s" % (status, stderr.strip())
    if DRY_RUN:
        return None
    problems = []
    for b, result in outs:
        with open(result, "rb") as f:
            raw = f.read()
        n = len(b["expect"])
        if len(raw) != 4 * n:
            problems.append("缓冲 %d:%d 有 %d 字节，应为 %d" % (b["group"], b["binding"], len(raw), 4 * n))
            continue
        got = struct.unpack("<%d%s" % (n, PACK[b["type"]]), raw)
        bad = [i for i in range(n) if not same(b["type"], got[i], b["expect"][i], b.get("tolerance", 0))]
        for i in bad[:5]:
            problems.append("缓冲 %d:%d 元素 %d：得 %r，应为 %r"
                            % (b["group"], b["binding"], i, got[i], b["expect"][i]))
        if len(bad) > 5:
            problems.append("缓冲 %d:%d 共 %d 个元素不符" % (b["group"], b["binding"], len(bad)))
    return "\n".join(problems) or None


def run_one(yusec, args, outs):
    try:
        proc = subprocess.run([yusec, "run"] + args, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return "超时（120 秒）"
    return check(proc.returncode, proc.stderr, outs)


def quote(arg):
    """One argument of a batch line (response-file quoting)."""
    return '"' + arg.replace("\\", "\\\\").replace('"', '\\"') + '"'


def run_batch(yusec, jobs, tmp):
    """Runs [(args, outs)] in one `yusec run --batch`; the reasons, one per job."""
    path = os.path.join(tmp, "批.txt")
    with open(path, "w", encoding="utf-8") as f:
        for args, _ in jobs:
            f.write(" ".join(quote(a) for a in args) + "\n")
    try:
        proc = subprocess.run([yusec, "run", "--batch", path], capture_output=True, text=True,
                              timeout=120 + 10 * len(jobs))
    except subprocess.TimeoutExpired:
        return ["批处理超时"] * len(jobs)
    status = {int(m.group(1)): int(m.group(2)) for m in MARK.finditer(proc.stdout)}
    errs, start = {}, 0
    for m in MARK.finditer(proc.stderr):  # each line's diagnostics end at its mark
        errs[int(m.group(1))] = proc.stderr[start:m.start()]
        start = m.end()
    return [check(status[i + 1], errs.get(i + 1, ""), outs) if i + 1 in status else
            "批处理没有第 %d 行的结果（退出码 %d）：%s" % (i + 1, proc.returncode, proc.stderr[-2000:])
            for i, (_, outs) in enumerate(jobs)]


def main():
    yusec, samples = sys.argv[1], sys.argv[2]
    ptx_dir = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] else None
    suffix = "。运行.json"
    stems = sorted(f[: -len(suffix)] for f in os.listdir(samples) if f.endswith(suffix))
    passed, failed, skipped = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        jobs = []
        for stem in stems:
            with open(os.path.join(samples, stem + suffix), encoding="utf-8") as f:
                spec = json.load(f)
            why_skip = spec.get("skip", {}).get("cpu" if ON_CPU else "ptx")
            if why_skip:
                print("跳过 %s：%s" % (stem, why_skip))
                skipped.append(stem)
                continue
            jobs.append((stem,) + prepare(samples, ptx_dir, stem, spec, tmp))
        if BATCH:
            problems = run_batch(yusec, [(args, outs) for _, args, outs in jobs], tmp)
        else:
            problems = (run_one(yusec, args, outs) for _, args, outs in jobs)
        for (stem, _, _), problem in zip(jobs, problems):
            if problem and problem.startswith(NO_GPU) and not ON_CPU:
                print("跳过：" + problem)
                return 77
            if problem:
                print("失败 %s：%s" % (stem, problem))
                failed.append(stem)
            else:
                print("通过 %s" % stem)
                passed.append(stem)
    print("%s 样例：通过 %d，失败 %d，跳过 %d" % ("CPU" if ON_CPU else "GPU", len(passed), len(failed),
                                                len(skipped)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
