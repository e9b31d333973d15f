#!/usr/bin/env python3
"""Runs the tensor tile samples (库/点染/测试/样例/张量片, 张量片边界 and 张量片共享, 着十三 and
张量片共享乘加) with `yusec run` and checks each output against a CPU reference.

usage: tensor.py YUSEC SAMPLES_DIR [golden]
       YUSEC_RUN_DEVICE=cpu tensor.py YUSEC SAMPLES_DIR   (the YIR executor; no 跳过)
On a GPU the PTX is written for sm_90a (wgmma.mma_async): it runs only on compute capability
9.0 (H100, H200). With `golden`, each sample runs from its committed PTX golden (名。千手).

Data (fixed seed): 甲 uniform in [-1, 1] as f32 — the shader rounds it to f16 (nearest, ties to
even), so the check also covers the conversion; 乙源 uniform in [-1, 1], which the shader rounds
to f16 before the product. The reference rounds both the same way and sums in f64. Tolerance:
|got - want| <= 2^-14 · Σ|a·b| + 1e-6. Elements the store must leave alone keep their sentinel
exactly. On the CPU (docs/exec.md: sums in k order, each rounded to f32) every element must also
equal that order's result exactly. Exit status: 0 passed, 1 a check failed, 77 no GPU (跳过).
"""
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fragments import f16, f32, run_abc, run_samples  # noqa: E402

RTOL = 2.0 ** -14
ATOL = 1e-6
ON_CPU = os.environ.get("YUSEC_RUN_DEVICE") == "cpu"
SENTINEL = -7.0
TILE, TILE_K = 64, 32


class Shape:
    """One entry: A at 甲[a_start(kb) + m·a_stride + k] for m < a_rows, k < 32, over k blocks kb;
    B of block kb at 乙源[b_block·kb + n·32 + k] (b_block None: at 乙源[a_start(kb) + n·a_stride + k]); the tile stored at 丙[s_start + r·s_stride + c]
    for c < columns, r < rows; buffer sizes."""

    def __init__(self, blocks, a_start, a_stride, a_rows, b_block, s_start, s_stride, columns, rows,
                 a_len, b_len, c_len):
        self.__dict__.update(locals())


SHAPES = {
    # 张量片: k blocks at 0 and 32 of 64-wide rows; one B for both blocks.
    "张量片": ("张量入口", Shape(2, lambda kb: 32 * kb, 64, 64, 0, 0, 64, 64, 64, 4096, 2048, 4096)),
    # 张量片边界: three B blocks, A from 8 with stride 104 and 40 rows, a truncated store.
    "张量片边界": ("边界入口", Shape(3, lambda kb: 32 * kb + 8, 104, 40, 2048, 5, 70, 48, 56,
                                  8 + 2 * 32 + 39 * 104 + 32, 3 * 2048, 3910)),
    # 张量片共享 (张量片共享乘加, both tiles in workgroup memory): 甲源 and 乙源 are 64 × 128
    # row-major; the shader puts k block kb (64 wide) of each into the core-matrix layout, so
    # this is A at 64·kb + 128·m + k and B at 64·kb + 128·n + k, in k blocks of 32.
    "张量片共享": ("共享入口", Shape(4, lambda kb: 32 * kb, 128, 64, None, 0, 64, 64, 64, 8192, 8192, 4096)),
}


def b_index(s, kb, n, k):
    if s.b_block is None:  # B laid out like A: row n of 128
        return s.a_start(kb) + n * s.a_stride + k
    return s.b_block * kb + n * TILE_K + k


def reference(s, a, b):
    """Per (m, n): (f64 sum, scale Σ|a·b|, the executor's in-order f32 sum)."""
    out = {}
    for m in range(TILE):
        for n in range(TILE):
            total, scale, in_order = 0.0, 0.0, 0.0
            for kb in range(s.blocks):
                for k in range(TILE_K):
                    av = f16(a[s.a_start(kb) + m * s.a_stride + k]) if m < s.a_rows else 0.0
                    bv = f16(b[b_index(s, kb, n, k)])
                    t = av * bv  # exact in f32: f16 times f16
                    total += t
                    scale += abs(t)
                    in_order = f32(in_order + t)
            out[m, n] = (total, scale, in_order)
    return out


def check(s, a, b, got):
    problems = []
    ref = reference(s, a, b)
    written = set()
    for r in range(min(s.rows, TILE)):
        for c in range(min(s.columns, TILE)):
            i = s.s_start + r * s.s_stride + c
            written.add(i)
            want, scale, in_order = ref[r, c]
            if not abs(got[i] - want) <= RTOL * scale + ATOL:
                problems.append("丙[%d]（行 %d 列 %d）：得 %r，应为 %r（容差 %.3g）" % (i, r, c, got[i], want,
                                                                             RTOL * scale + ATOL))
            elif ON_CPU and got[i] != in_order:
                problems.append("丙[%d]（行 %d 列 %d）：得 %r，按 k 顺序逐次舍入到单精度应为 %r" % (i, r, c, got[i], in_order))
    for i, v in enumerate(got):
        if i not in written and v != SENTINEL:
            problems.append("丙[%d] 不该写：得 %r，应仍为 %r" % (i, v, SENTINEL))
    return problems


def run(yusec, sample, ptx, entry, s, tmp, rng):
    a = [f32(rng.uniform(-1, 1)) for _ in range(s.a_len)]  # the buffers hold f32: round first
    b = [f32(rng.uniform(-1, 1)) for _ in range(s.b_len)]
    got, proc = run_abc(yusec, sample, ptx, entry, [a, b, [SENTINEL] * s.c_len], tmp, 300)
    if got is None:
        return None, proc
    return check(s, a, b, got), proc


def main():
    yusec, samples = sys.argv[1], sys.argv[2]
    golden = len(sys.argv) > 3 and sys.argv[3] == "golden"
    rng = random.Random(13)
    with tempfile.TemporaryDirectory() as tmp:
        failed = run_samples(samples, golden, [(entry, stem, shape) for stem, (entry, shape) in SHAPES.items()],
                             lambda sample, ptx, entry, shape: run(yusec, sample, ptx, entry, shape, tmp, rng))
    if failed is None:
        return 77
    print("张量片：%d 个入口，失败 %d（容差 2^-14·Σ|a·b|+1e-6，不该写的元素须不变）" % (len(SHAPES), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
