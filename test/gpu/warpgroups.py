#!/usr/bin/env python3
"""Runs the warpgroup samples (库/点染/测试/样例/张量片异步: 张量片异步乘加 with both layouts;
线程束组: 384 invocations, two warpgroups each with four tiles; 张量片脑浮: k 0–63 in f16, k 64–127
in bf16 through 张量片脑浮异步乘加; 张量片异步宽: four and three 张量片异步乘加 on adjacent B tiles, which
the PTX target issues as one m64n256k16 / m64n192k16) with `yusec run` and checks C[m][n] = Σₖ A[m][k]·B[n][k]
(A, B, C row-major f32 buffers; the shaders round A and B to f16, or bf16 where the entry says,
to nearest even).

usage: warpgroups.py YUSEC SAMPLES_DIR [golden]
       YUSEC_RUN_DEVICE=cpu warpgroups.py YUSEC SAMPLES_DIR   (the YIR executor; no 跳过)
On a GPU the PTX is sm_90a (wgmma): compute capability 9.0 only (H100, H200). With `golden`,
each sample runs from its committed PTX golden (名。千手).

Data (fixed seed): A and B uniform in [-1, 1]. Tolerance as tensor.py: |got - want| <=
2^-14 · Σ|a·b| + 1e-6 against the f64 sum; on the CPU every element must also equal the sum
in k order with each step rounded to f32 (docs/exec.md). Exit status: 0 passed, 1 a check
failed, 77 no GPU (跳过).
"""
import os
import random
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fragments import f16, f32, run_abc, run_samples  # noqa: E402

RTOL = 2.0 ** -14
ATOL = 1e-6
ON_CPU = os.environ.get("YUSEC_RUN_DEVICE") == "cpu"

# entry: (sample, M, N, K, first k rounded to bf16 instead of f16)
ENTRIES = {
    "核心入口": ("张量片异步", 64, 64, 128, 128),
    "交错入口": ("张量片异步", 64, 64, 128, 128),
    "两组入口": ("线程束组", 128, 256, 128, 128),
    "脑浮入口": ("张量片脑浮", 64, 64, 128, 64),
    "宽核心入口": ("张量片异步宽", 64, 256, 64, 64),
    "宽交错入口": ("张量片异步宽", 64, 256, 64, 64),
    "三块入口": ("张量片异步宽", 64, 192, 64, 64),
}


def bf16(x):
    """x (an f32) rounded to bf16, to nearest even (finite x)."""
    bits = struct.unpack("<I", struct.pack("<f", x))[0]
    bits = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16
    return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]


def rounded(values, k_len, bf16_from):
    return [bf16(x) if i % k_len >= bf16_from else f16(x) for i, x in enumerate(values)]


def check(m_rows, n_cols, k_len, bf16_from, a, b, got):
    problems = []
    a16 = rounded(a, k_len, bf16_from)
    b16 = rounded(b, k_len, bf16_from)
    for m in range(m_rows):
        row = a16[m * k_len:(m + 1) * k_len]
        for n in range(n_cols):
            col = b16[n * k_len:(n + 1) * k_len]
            total, scale, in_order = 0.0, 0.0, 0.0
            for k in range(k_len):
                t = row[k] * col[k]  # exact in f32: f16 or bf16 times the same
                total += t
                scale += abs(t)
                in_order = f32(in_order + t)
            v = got[m * n_cols + n]
            if not abs(v - total) <= RTOL * scale + ATOL:
                problems.append("丙[%d]（行 %d 列 %d）：得 %r，应为 %r" % (m * n_cols + n, m, n, v, total))
            elif ON_CPU and v != in_order:
                problems.append("丙[%d]（行 %d 列 %d）：得 %r，按 k 顺序逐次舍入到单精度应为 %r" % (m * n_cols + n, m, n, v, in_order))
    return problems


def run(yusec, sample, ptx, entry, shape, tmp, rng):
    m_rows, n_cols, k_len, bf16_from = shape
    a = [f32(rng.uniform(-1, 1)) for _ in range(m_rows * k_len)]
    b = [f32(rng.uniform(-1, 1)) for _ in range(n_cols * k_len)]
    got, proc = run_abc(yusec, sample, ptx, entry, [a, b, [0.0] * (m_rows * n_cols)], tmp, 600)
    if got is None:
        return None, proc
    return check(m_rows, n_cols, k_len, bf16_from, a, b, got), proc


def main():
    yusec, samples = sys.argv[1], sys.argv[2]
    golden = len(sys.argv) > 3 and sys.argv[3] == "golden"
    rng = random.Random(34)
    with tempfile.TemporaryDirectory() as tmp:
        failed = run_samples(samples, golden, [(entry, stem, shape) for entry, (stem, *shape) in ENTRIES.items()],
                             lambda sample, ptx, entry, shape: run(yusec, sample, ptx, entry, shape, tmp, rng))
    if failed is None:
        return 77
    print("线程束组：%d 个入口，失败 %d（容差 2^-14·Σ|a·b|+1e-6）" % (len(ENTRIES), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
