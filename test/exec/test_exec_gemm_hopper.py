#!/usr/bin/env python3
"""The Hopper GEMMs of bench/gemm/hopper on the CPU executor, A and B random f16 (or bf16) in [-1, 1];
every element of C within 2^-14·Σ|a·b| + 1e-6 of the f64 sum, and exactly the executor's k-order f32
sum (a product of two f16 or two bf16 is exact in f32):
- 矩阵乘_线程束组 (张量片共享乘加 through a 3-stage 异步拷贝 pipeline): M = 512, N = 128, K = 192
  (16 workgroups, three K steps, so the pipeline's prologue, steady state and tail all run);
- 矩阵乘_张量载入 (TMA into a 4-stage ring, 异步屏障, a producer and two consumer warpgroups with
  张量片异步乘加): M = 256, N = 256, K = 384 (2 workgroups, six K steps: the ring wraps, so the
  producer waits on the empty barriers' phases and a stage is reused);
- 矩阵乘_张量载入脑浮 (the same over bf16: tensor maps of 无三二 words, 张量片脑浮异步乘加): M = 128,
  N = 256, K = 320 (one workgroup, five K steps: the ring wraps once). The data are the bf16 bits,
  two a word, low first; --shape counts words;
- 矩阵乘_张量载入常驻 (the persistent grid: each workgroup loops over tiles 组, 组 + G, … with K-step
  counters and barrier phases running on across tiles): M = 640, N = 256, K = 320 on a grid of 2
  workgroups (5 tiles: workgroup 0 computes 3 and workgroup 1 2; five K steps a tile, so the 4-stage
  ring wraps inside a tile and across tiles, at a different stage each tile).
usage: test_exec_gemm_hopper.py YUSEC ROOT"""
import os
import random
import struct
import subprocess
import sys
import tempfile

# stem, (M, N, K), C tile of one workgroup, binds A and B as tensor maps, input type, workgroups
# (None: one a tile)
KERNELS = [("矩阵乘_线程束组", (512, 128, 192), (64, 64), False, "f16", None),
           ("矩阵乘_张量载入", (256, 256, 384), (128, 256), True, "f16", None),
           ("矩阵乘_张量载入脑浮", (128, 256, 320), (128, 256), True, "bf16", None),
           ("矩阵乘_张量载入常驻", (640, 256, 320), (128, 256), True, "f16", 2)]


def f16_bits(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]


def bf16_bits(x):
    """x rounded to bf16 (to nearest, ties to even): the high half of the f32."""
    bits = struct.unpack("<I", struct.pack("<f", x))[0]
    return (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16


def f16_value(h):
    return struct.unpack("<e", struct.pack("<H", h))[0]


def bf16_value(h):
    return struct.unpack("<f", struct.pack("<I", h << 16))[0]


# input type: (bits of a float rounded to it, the value of such bits)
INPUTS = {"f16": (f16_bits, f16_value), "bf16": (bf16_bits, bf16_value)}


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def check(yusec, root, stem, sizes, tile, tensor_maps, input_type, workgroups):
    M, N, K = sizes
    to_bits, value = INPUTS[input_type]
    source = os.path.join(root, "bench", "gemm", "hopper", stem + "。着色器。豫")
    rng = random.Random(5)
    a_bits = [[to_bits(rng.uniform(-1, 1)) for _ in range(K)] for _ in range(M)]
    b_bits = [[to_bits(rng.uniform(-1, 1)) for _ in range(K)] for _ in range(N)]
    a = [[value(h) for h in row] for row in a_bits]
    b = [[value(h) for h in row] for row in b_bits]
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for name, rows in (("a", a_bits), ("b", b_bits)):
            flat = [x for r in rows for x in r]
            paths[name] = os.path.join(tmp, name)
            with open(paths[name], "wb") as f:
                f.write(struct.pack("<%dH" % len(flat), *flat))  # two 16-bit values a u32 word, low first
        paths["c"] = os.path.join(tmp, "c")
        with open(paths["c"], "wb") as f:
            f.write(struct.pack("<%df" % (M * N), *([float("nan")] * (M * N))))
        out = os.path.join(tmp, "out")
        tiles = (M // tile[0]) * (N // tile[1])
        grid = workgroups if workgroups else tiles
        cmd = [yusec, "run", source, "--device=cpu", "--grid", str(grid),
               "--buffer", "0:0=u32:@" + paths["a"], "--buffer", "0:1=u32:@" + paths["b"],
               "--buffer", "0:2=f32:@" + paths["c"], "--buffer", "0:3=u32:%d,%d,%d" % (M, N, K),
               "--out", "0:2=" + out]
        if tensor_maps:
            words = 2 if input_type == "bf16" else 1  # a map of 无三二 words: K / 2 columns
            cmd += ["--shape", "0:0=%dx%d" % (M, K // words), "--shape", "0:1=%dx%d" % (N, K // words)]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        if proc.returncode != 0:
            print("失败：yusec run 退出码 %d：%s" % (proc.returncode, proc.stderr.strip()))
            return 1
        with open(out, "rb") as f:
            got = struct.unpack("<%df" % (M * N), f.read())
    bad = 0
    for m in range(M):
        for n in range(N):
            terms = [a[m][k] * b[n][k] for k in range(K)]
            in_order = 0.0
            for t in terms:
                in_order = f32(in_order + t)
            g = got[m * N + n]
            if not abs(g - sum(terms)) <= 2 ** -14 * sum(abs(t) for t in terms) + 1e-6 or g != in_order:
                if bad < 5:
                    print("丙[%d][%d]：得 %r，应为 %r（k 顺序：%r）" % (m, n, g, sum(terms), in_order))
                bad += 1
    print("%s（CPU）：%d×%d×%d，%d 个工作组，%d 个元素不符" % (stem, M, N, K, grid, bad))
    return 1 if bad else 0


def main():
    yusec, root = sys.argv[1], sys.argv[2]
    failed = [check(yusec, root, *kernel) for kernel in KERNELS]
    return 1 if any(failed) else 0


if __name__ == "__main__":
    sys.exit(main())
