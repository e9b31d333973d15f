#!/usr/bin/env python3
"""The attention kernels of bench/attention (FlashAttention-2 forward, non-causal and causal,
D = 64 and 128; split-KV decode with its combine entry) on the CPU executor at a small size,
against an f64 reference of softmax(Q·Kᵀ/√D [+ causal mask])·V computed from the same f16
inputs.

Prefill: BH = 2 heads, N = 192 (three query blocks and three key blocks, so the two-buffer copy
pipeline wraps around and the causal kernel skips blocks and masks the diagonal one). Decode:
BH = 2, L = 512 in 2 splits (four key blocks each). Inputs uniform in [-1, 1] (Q times 3, so
that the softmax is far from uniform) rounded to f16. The kernels round P to f16 before P·V
(矩阵片累转甲), so the tolerance is 4·2^-11·max|V| + 1e-5 per output (measured errors are below
a tenth of it); a wrong mask, a lost rescale or a misplaced tile is off by far more.

usage: test_exec_attention.py YUSEC SOURCE_DIR
"""
import math
import os
import random
import struct
import subprocess
import sys
import tempfile

LOG2E = 1.4426950408889634


def f16(x):
    return struct.unpack("<e", struct.pack("<e", x))[0]


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def halves(values):
    return struct.pack("<%de" % len(values), *values)


def reference(q, k, v, d, causal, q_offset=0):
    """Rows of softmax(q·kᵀ/√d)·v in f64; row i sees keys ≤ i + q_offset when causal."""
    out = []
    for i, qi in enumerate(q):
        last = i + q_offset if causal else len(k) - 1
        scores = [sum(a * b for a, b in zip(qi, k[j])) / math.sqrt(d) for j in range(last + 1)]
        top = max(scores)
        weights = [math.exp(s - top) for s in scores]
        total = sum(weights)
        out.append([sum(weights[j] * v[j][c] for j in range(last + 1)) / total for c in range(d)])
    return out


def random_matrix(rng, rows, cols, scale=1.0):
    return [[f16(scale * rng.uniform(-1, 1)) for _ in range(cols)] for _ in range(rows)]


def run(yusec, source, entry, grid, buffers, outs, tmp):
    """buffers: {binding: (type, bytes)}; outs: {binding: count of f32}. Returns {binding: floats}
    or an error text."""
    cmd = [yusec, "run", source, "--device=cpu", "--entry", entry, "--grid", grid, "-q"]
    for b, (kind, data) in buffers.items():
        path = os.path.join(tmp, "%s_%d.in" % (entry, b))
        with open(path, "wb") as f:
            f.write(data)
        cmd += ["--buffer", "0:%d=%s:@%s" % (b, kind, path)]
    for b in outs:
        cmd += ["--out", "0:%d=%s" % (b, os.path.join(tmp, "%s_%d.out" % (entry, b)))]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        return "yusec run %s 退出码 %d：%s" % (entry, proc.returncode, proc.stderr.strip())
    got = {}
    for b, count in outs.items():
        with open(os.path.join(tmp, "%s_%d.out" % (entry, b)), "rb") as f:
            got[b] = struct.unpack("<%df" % count, f.read())
    return got


def compare(what, got, want, tol):
    worst = 0.0
    for i, (g, w) in enumerate(zip(got, want)):
        err = abs(g - w)
        if not err <= tol:
            return "%s[%d]：得 %r，应为 %r（容差 %.3g）" % (what, i, g, w, tol), worst
        worst = max(worst, err)
    return None, worst


def check_prefill(yusec, root, d, causal, tmp):
    bh, n = 2, 192
    rng = random.Random(d * 2 + causal)
    heads = [(random_matrix(rng, n, d, 3.0), random_matrix(rng, n, d), random_matrix(rng, n, d)) for _ in range(bh)]
    flat = lambda which: [x for h in heads for row in h[which] for x in row]
    scale = f32_bits(LOG2E / math.sqrt(d))
    buffers = {0: ("u32", halves(flat(0))), 1: ("u32", halves(flat(1))), 2: ("u32", halves(flat(2))),
               3: ("f32", struct.pack("<%df" % (bh * n * d), *([float("nan")] * (bh * n * d)))),
               4: ("u32", struct.pack("<2I", n, scale))}
    stem = "前向_%d_%s" % (d, "因果" if causal else "全")
    got = run(yusec, os.path.join(root, "bench", "attention", stem + "。着色器。豫"), "注意入口",
              "%d,%d" % (n // 64, bh), buffers, {3: bh * n * d}, tmp)
    if isinstance(got, str):
        return stem, got
    want = [x for q, k, v in heads for row in reference(q, k, v, d, causal) for x in row]
    problem, worst = compare("出", got[3], want, 4 * 2.0 ** -11 + 1e-5)
    return stem, problem or "最大误差 %.2e" % worst


def check_decode(yusec, root, d, tmp):
    bh, length, splits = 2, 512, 2
    rng = random.Random(d + 7)
    qs = random_matrix(rng, bh, d, 3.0)
    ks = [random_matrix(rng, length, d) for _ in range(bh)]
    vs = [random_matrix(rng, length, d) for _ in range(bh)]
    scale = f32_bits(LOG2E / math.sqrt(d))
    nan = lambda count: struct.pack("<%df" % count, *([float("nan")] * count))
    sizes = struct.pack("<3I", length, splits, scale)
    source = os.path.join(root, "bench", "attention", "解码_%d。着色器。豫" % d)
    buffers = {0: ("u32", halves([x for r in qs for x in r])),
               1: ("u32", halves([x for h in ks for r in h for x in r])),
               2: ("u32", halves([x for h in vs for r in h for x in r])),
               3: ("f32", nan(bh * splits * d)), 4: ("f32", nan(bh * splits * 2)), 6: ("u32", sizes)}
    parts = run(yusec, source, "解码入口", "%d,%d" % (splits, bh), buffers, {3: bh * splits * d, 4: bh * splits * 2}, tmp)
    if isinstance(parts, str):
        return "解码_%d" % d, parts
    combine = {3: ("f32", struct.pack("<%df" % len(parts[3]), *parts[3])),
               4: ("f32", struct.pack("<%df" % len(parts[4]), *parts[4])), 5: ("f32", nan(bh * d)), 6: ("u32", sizes)}
    got = run(yusec, source, "合并入口", "%d" % bh, combine, {5: bh * d}, tmp)
    if isinstance(got, str):
        return "解码_%d" % d, got
    want = [x for h in range(bh) for x in reference([qs[h]], ks[h], vs[h], d, False)[0]]
    problem, worst = compare("果", got[5], want, 4 * 2.0 ** -11 + 1e-5)
    return "解码_%d" % d, problem or "最大误差 %.2e" % worst


def main():
    yusec, root = sys.argv[1], sys.argv[2]
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        results = [check_prefill(yusec, root, d, causal, tmp) for d in (64, 128) for causal in (False, True)]
        results += [check_decode(yusec, root, d, tmp) for d in (64, 128)]
    for stem, text in results:
        ok = text.startswith("最大误差")
        print(("通过 %s：%s" if ok else "失败 %s：%s") % (stem, text))
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
