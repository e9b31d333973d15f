#!/usr/bin/env python3
"""Runs every compute sample twice on the same GPU — its PTX through `yusec run` and its WGSL
(the golden 名.wgsl) through Dawn's Vulkan backend — and compares each buffer with the
expected values of 名。运行.json and the two runs with each other. Prints a Markdown table.

usage: compare_backends.py [--dry-run] YUSEC SAMPLES_DIR PTX_DIR NODE RUN_WGSL_MJS WORK_DIR

--dry-run (what the normal test suite runs, no GPU): every PTX run only compiles and plans
(`yusec run --dry-run`), every WGSL run only checks that its golden and 运行.json exist and that
node can load RUN_WGSL_MJS's syntax; the table says 计划 where a run would be. Subgroup matrix
samples (着十二) need "subgroup-matrix" in their 运行.json: run_wgsl.mjs asks Dawn for the
experimental feature and skips (跳过) when the adapter lacks it, the configuration, or a
subgroupMaxSize dividing the workgroup size x.

PTX_DIR may be "" (yusec translates the sample itself; needs a yusec with LLVM). The Dawn run
gets YUSEC_DAWN_BACKEND=vulkan and writes its buffers to a JSON file; its output goes to a log
file, never a pipe (Dawn 0.6.2 can crash at exit when stdout is a pipe), so a crash after the
dump still counts as a run. Exit status 0 when nothing failed (skips allowed), else 1.
"""
import json
import math
import os
import struct
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_samples  # noqa: E402  (same directory: the PTX run and the comparison rules)

UNPACK = {"u32": "I", "i32": "i", "f32": "f"}


def as_stored(kind, v):
    """A value as the buffer holds it (f32 rounding)."""
    if kind == "f32":
        return struct.unpack("<f", struct.pack("<f", float(v)))[0]
    return v


def equal(kind, a, b, tolerance):
    a, b = as_stored(kind, a), as_stored(kind, b)
    if kind == "f32" and math.isnan(a) and math.isnan(b):
        return True
    return a == b if not tolerance else abs(a - b) <= tolerance


def differences(kind, got, want, tolerance):
    if got is None or want is None:
        return None
    if len(got) != len(want):
        return ["%d values, expected %d" % (len(got), len(want))]
    return ["[%d] %r ≠ %r" % (i, got[i], want[i])
            for i in range(len(want)) if not equal(kind, got[i], want[i], tolerance)]


DRY_RUN = "--dry-run" in sys.argv[1:]


def ptx_run(yusec, samples, ptx_dir, stem, spec, work):
    """({"g:b": values}, None) or (None, reason); in a dry run ({}, None) once planned."""
    tmp = os.path.join(work, "ptx")
    os.makedirs(tmp, exist_ok=True)
    args, outs = run_samples.prepare(samples, ptx_dir or None, stem, spec, tmp)
    if DRY_RUN:
        args.append("--dry-run")
    reason = run_samples.run_one(yusec, args, outs) if not DRY_RUN else \
        run_samples.run_one(yusec, args, [])
    if DRY_RUN:
        return ({}, None) if not reason else (None, reason)
    if reason and not reason.startswith("缓冲"):  # a wrong value still leaves the buffers to compare
        return None, reason
    out = {}
    for b in spec["buffers"]:
        if "expect" not in b:
            continue
        path = os.path.join(tmp, "%s_%d_%d.out" % (stem, b["group"], b["binding"]))
        if not os.path.exists(path):
            return None, reason or "no output buffer"
        with open(path, "rb") as f:
            raw = f.read()
        out["%d:%d" % (b["group"], b["binding"])] = list(struct.unpack("<%d%s" % (len(raw) // 4, UNPACK[b["type"]]), raw))
    return out, None


def wgsl_run(node, script, samples, stem, work):
    """("ran", {"g:b": values}), ("skip", why) or ("fail", why)."""
    wgsl = os.path.join(samples, stem + ".wgsl")
    if os.path.exists(wgsl + "。错误"):
        return "skip", "the sample's WGSL is a translation error (%s.wgsl。错误)" % stem
    if not os.path.exists(wgsl):
        return "fail", "no golden %s.wgsl" % stem
    if DRY_RUN:
        status = subprocess.run([node, "--check", script], capture_output=True, text=True).returncode
        return ("plan", None) if status == 0 else ("fail", "node --check %s failed" % script)
    dump = os.path.join(work, stem + ".wgsl.json")
    log = os.path.join(work, stem + ".wgsl.log")
    for path in (dump, log):
        if os.path.exists(path):
            os.remove(path)
    env = dict(os.environ, YUSEC_DAWN_DUMP=dump)
    env.setdefault("YUSEC_DAWN_BACKEND", "vulkan")  # "gles" to try the script on llvmpipe
    with open(log, "w") as out:
        try:
            status = subprocess.run([node, script, wgsl, os.path.join(samples, stem + "。运行.json")],
                                    stdout=out, stderr=subprocess.STDOUT, env=env, timeout=120).returncode
        except subprocess.TimeoutExpired:
            return "fail", "timeout (120 s)"
    with open(log) as f:
        text = f.read()
    if "跳过" in text:
        return "skip", text.strip().splitlines()[-1].split(": ", 2)[-1]
    if os.path.exists(dump):
        with open(dump) as f:
            return "ran", json.load(f)
    return "fail", "exit %d: %s" % (status, " | ".join(text.strip().splitlines()[-3:]))


def verdict(diff):
    if DRY_RUN:
        return "计划"
    if diff is None:
        return "—"
    return "一致" if not diff else "不符 %d 处（%s）" % (len(diff), diff[0])


def main():
    args = [a for a in sys.argv[1:] if a != "--dry-run"]
    if len(args) != 6:
        sys.exit(__doc__)
    yusec, samples, ptx_dir, node, script, work = args
    os.makedirs(work, exist_ok=True)
    rows, failed = [], False
    for name in sorted(os.listdir(samples)):
        if not name.endswith("。运行.json"):
            continue
        stem = name[: -len("。运行.json")]
        with open(os.path.join(samples, name), encoding="utf-8") as f:
            spec = json.load(f)
        if "ptx" in spec.get("skip", {}):
            ptx, ptx_why = None, "跳过：" + spec["skip"]["ptx"]
        else:
            ptx, ptx_why = ptx_run(yusec, samples, ptx_dir, stem, spec, work)
        kind, wgsl = wgsl_run(node, script, samples, stem, work)
        for b in spec["buffers"]:
            if "expect" not in b:
                continue
            key = "%d:%d" % (b["group"], b["binding"])
            tol = b.get("tolerance", 0)
            w = wgsl.get(key) if kind == "ran" else None
            p = ptx.get(key) if ptx else None
            d_w, d_p, d_wp = (differences(b["type"], w, b["expect"], tol), differences(b["type"], p, b["expect"], tol),
                              differences(b["type"], w, p, tol))
            w_cell = verdict(d_w) if kind in ("ran", "plan") else ("跳过：" + wgsl if kind == "skip" else "失败：" + wgsl)
            p_cell = verdict(d_p) if ptx is not None else (ptx_why if ptx_why.startswith("跳过") else "失败：" + ptx_why)
            failed |= kind == "fail" or bool(d_w) or bool(d_p) or bool(d_wp) or \
                (ptx is None and not ptx_why.startswith("跳过"))
            both = verdict(d_wp) if DRY_RUN or (kind == "ran" and ptx) else "—"
            rows.append((stem, key, len(b["expect"]), w_cell, p_cell, both))
    print("| 样例 | 缓冲 | 个数 | WGSL（Dawn/Vulkan）对期望 | PTX（yusec run）对期望 | WGSL 对 PTX |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print("| %s | %s | %d | %s | %s | %s |" % r)
    print()
    print("结果：" + ("有失败" if failed else "全部一致（跳过的除外）"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
