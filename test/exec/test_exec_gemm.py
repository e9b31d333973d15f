#!/usr/bin/env python3
"""GEMMs of bench/gemm (ldmatrix-style fragment loads from padded workgroup tiles, 「异步拷贝」
pipelines of 3–5 stages, double-buffered fragments carried by a local tail recursion) on the
CPU executor: one workgroup tile, K = several stages' worth, small integer data so that every
sum is exact in any order; C must equal A·Bᵀ exactly.

usage: test_exec_gemm.py YUSEC SOURCE_DIR
"""
import os
import struct
import subprocess
import sys
import tempfile

# (design WM WN MI NJ BK STAGES, K): K a whole number of BK tiles, more tiles than stages
DESIGNS = [((2, 2, 4, 4, 32, 3), 160), ((2, 4, 4, 4, 32, 5), 224), ((2, 2, 4, 4, 64, 4), 320)]


def f16_words(rows):
    flat = [x for r in rows for x in r]
    return struct.pack("<%de" % len(flat), *flat)


def run(yusec, source, design, k, tmp):
    wm, wn, mi, nj, _, _ = design
    m, n = 16 * mi * wm, 16 * nj * wn
    a = [[float((i * 3 + j) % 7 - 3) for j in range(k)] for i in range(m)]
    b = [[float((i + 2 * j) % 5 - 2) for j in range(k)] for i in range(n)]
    paths = {name: os.path.join(tmp, name) for name in ("a", "b", "c", "c.out")}
    with open(paths["a"], "wb") as f:
        f.write(f16_words(a))
    with open(paths["b"], "wb") as f:
        f.write(f16_words(b))
    with open(paths["c"], "wb") as f:
        f.write(struct.pack("<%df" % (m * n), *([float("nan")] * (m * n))))
    cmd = [yusec, "run", source, "--device=cpu", "--grid", "1", "-q",
           "--buffer", "0:0=u32:@" + paths["a"], "--buffer", "0:1=u32:@" + paths["b"],
           "--buffer", "0:2=f32:@" + paths["c"], "--buffer", "0:3=u32:%d,%d,%d" % (m, n, k),
           "--out", "0:2=" + paths["c.out"]]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        return "yusec run 退出码 %d：%s" % (proc.returncode, proc.stderr.strip())
    with open(paths["c.out"], "rb") as f:
        c = struct.unpack("<%df" % (m * n), f.read())
    for i in range(m):
        for j in range(n):
            want = sum(a[i][t] * b[j][t] for t in range(k))
            if c[i * n + j] != want:
                return "丙[%d][%d]：得 %r，应为 %r" % (i, j, c[i * n + j], want)
    return None


def main():
    yusec, root = sys.argv[1], sys.argv[2]
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for design, k in DESIGNS:
            stem = "矩阵乘_%s" % "_".join(str(x) for x in design)
            problem = run(yusec, os.path.join(root, "bench", "gemm", stem + "。着色器。豫"), design, k, tmp)
            print(("失败 %s（K = %d）：%s" % (stem, k, problem)) if problem else ("通过 %s（K = %d）" % (stem, k)))
            failed += problem is not None
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
