#!/usr/bin/env python3
"""One run on the H200: the CUDA C kernels of gemm_ref.cu's REF table, each beside the 豫言 kernel
of the same design (yusec's PTX of gen_ptx.sh, the file named after the six numbers), and
cuBLAS (torch.matmul on fp16), at M = N = K = 4096 and 8192.

usage: run_gemm.py LIB PTX_DIR [SIZES]     (LIB: gemm_ref.cu built as a shared library)

A design whose PTX is absent from PTX_DIR runs as CUDA C only. The dynamic shared memory a 豫言
entry needs comes from yusec's manifest (--entries=json, gen_ptx.sh writes 矩阵乘_….json beside
the PTX): its "dynamic_shared_bytes". Checks first: each kernel's f32 C against an f64 reference
on sampled rows (A, B random f16 in [-1, 1]; tolerance 1e-3 relative to sum |a·b|), each case
with its place in the run ([3/12]); then times them in GEMM_ROUNDS rounds (default 6): in each
round, per design, the 豫言 kernel, its CUDA C twin and cuBLAS next to each other (mean of
GEMM_REPS launches each, default 20, after 2 warm-ups, CUDA events; the order rotated every
round; each block after GEMM_GAP_MS of idle GPU, default 50), so that clock, power and
temperature drift between designs does not enter a ratio. It prints TFLOP/s
(2·M·N·K / time) as medians over the rounds and each ratio as the median of the per-round ratios
with its range (min–max over rounds); the table is also drawn as $OUT/gemm.svg (or
gemm.svg in the working directory) by bench/chart.py (gnuplot), one cluster per size and design.
"""
import ctypes
import json
import os
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import chart  # noqa: E402  (bench/chart.py)

REPS = int(os.environ.get("GEMM_REPS", "20"))
ROUNDS = int(os.environ.get("GEMM_ROUNDS", "6"))
GAP_MS = float(os.environ.get("GEMM_GAP_MS", "50"))


def stem(six):
    return "矩阵乘_" + "_".join(str(v) for v in six)


def label(six):
    wm, wn, mi, nj, bk, s = six
    return "%d×%d 块 %d×%d 子组 K%d %d级" % (16 * mi * wm, 16 * nj * wn, 16 * mi, 16 * nj, bk, s)


def load_yusec(lib, ptx_dir, six):
    ptx = os.path.join(ptx_dir, stem(six) + ".ptx")
    if not os.path.exists(ptx):
        return None
    with open(os.path.join(ptx_dir, stem(six) + ".json"), encoding="utf-8") as f:
        entry = next(e for e in json.load(f)["entries"] if e["stage"] == "compute")
    arr = (ctypes.c_int * 6)(*six)
    index = lib.gemm_load_yusec(ptx.encode(), entry["ptx_name"].encode(), arr, entry.get("dynamic_shared_bytes", 0))
    if index < 0:
        raise SystemExit("失败：不能载入 %s（%d）" % (ptx, index))
    return index


def load_library(path):
    """The harness library built from gemm_ref.cu, its signatures declared, CUDA started."""
    lib = ctypes.CDLL(path)
    lib.gemm_time.restype = ctypes.c_float
    lib.gemm_time.argtypes = [ctypes.c_int] + [ctypes.c_void_p] * 4 + [ctypes.c_uint, ctypes.c_uint, ctypes.c_int]
    lib.gemm_ref_design.restype = ctypes.c_uint
    lib.gemm_load_yusec.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int), ctypes.c_uint]
    torch.cuda.init()
    torch.zeros(1, device="cuda")
    return lib


def time_cublas(A, B, reps):
    """Milliseconds per torch.matmul(A, B.t()) (mean of reps after 2 warm-ups, CUDA events)."""
    for _ in range(2):
        torch.matmul(A, B.t())
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(reps):
        torch.matmul(A, B.t())
    stop.record()
    torch.cuda.synchronize()
    return start.elapsed_time(stop) / reps


def median(values):
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def check_all(lib, designs, n, A, B, dims, progress):
    """Each kernel once against the f64 reference on 64 sampled rows; True when all pass."""
    M = N = n
    sample = torch.randint(0, M, (64,), device="cuda")
    ref_rows = A[sample].double() @ B.double().t()
    scale = A[sample].double().abs() @ B.double().abs().t()
    ok_all = True
    for six, index, ref in designs:
        for kernel, who in ((index, "豫言"), (ref, "CUDA C")):
            if kernel is None:
                continue
            C = torch.full((M, N), float("nan"), device="cuda")
            ms = lib.gemm_time(kernel, A.data_ptr(), B.data_ptr(), C.data_ptr(), dims.data_ptr(), M, N, 1)
            torch.cuda.synchronize()
            err = ((C[sample].double() - ref_rows).abs() / scale).max().item()
            ok = ms > 0 and err <= 1e-3
            progress("%s %s %d: %s（最大相对误差 %.2e）" % (who, label(six), n, "通过" if ok else "失败", err))
            ok_all &= ok
    return ok_all


def time_rounds(lib, designs, n, A, B, dims):
    """ROUNDS rounds; in each, per design, the 豫言 kernel, its CUDA C twin and cuBLAS timed next to
    each other (REPS launches each, their order rotated by one every round, so each is first, second
    and third equally often), each block after GAP_MS of idle GPU, so every block starts from the
    same power state (without the gap, blocks run under the power limit that the ones before built
    up: all kernels ~10 % slower, and the ratio moves with the order). Returns {(six, who): [ms per
    round]}."""
    M = N = n
    C = torch.empty((M, N), device="cuda")
    times = {}
    for r in range(ROUNDS):
        for six, index, ref in designs:
            kernels = [(index, "豫言"), (ref, "CUDA C"), (None, "cuBLAS")]
            if index is None:
                kernels = kernels[1:]
            shift = r % len(kernels)
            for kernel, who in kernels[shift:] + kernels[:shift]:
                torch.cuda.synchronize()
                time.sleep(GAP_MS / 1000.0)
                if who == "cuBLAS":
                    ms = time_cublas(A, B, REPS)
                else:
                    ms = lib.gemm_time(kernel, A.data_ptr(), B.data_ptr(), C.data_ptr(), dims.data_ptr(), M, N, REPS)
                    if ms <= 0:
                        raise SystemExit("失败：%s %s %d 计时出错（%.1f）" % (who, label(six), n, ms))
                times.setdefault((six, who), []).append(ms)
    return times


def main():
    lib = load_library(sys.argv[1])
    designs = []  # (six, yusec index or None, CUDA C kernel id)
    for i in range(lib.gemm_ref_count()):
        out = (ctypes.c_int * 6)()
        lib.gemm_ref_design(i, out)
        six = tuple(out)
        designs.append((six, load_yusec(lib, sys.argv[2], six), -i - 1))
    sizes = [int(s) for s in (sys.argv[3] if len(sys.argv) > 3 else "4096,8192").split(",")]
    torch.manual_seed(0)
    total = len(sizes) * sum((index is not None) + (ref is not None) for _, index, ref in designs)
    done = [0]

    def progress(text):
        done[0] += 1
        print("[%d/%d] %s" % (done[0], total, text), flush=True)

    rows = []
    failed = False
    for n in sizes:
        A = (torch.rand(n, n, device="cuda") * 2 - 1).half()
        B = (torch.rand(n, n, device="cuda") * 2 - 1).half()
        dims = torch.tensor([n, n, n], dtype=torch.int32, device="cuda")
        failed |= not check_all(lib, designs, n, A, B, dims, progress)
        times = time_rounds(lib, designs, n, A, B, dims)
        flop = 2.0 * n * n * n
        rows.append((n, {k: [flop / (ms * 1e-3) / 1e12 for ms in v] for k, v in times.items()}))
    print()
    print("%d 轮，每轮每个核 %d 次（豫言、CUDA C、cuBLAS 相邻计时，每段前 GPU 空闲 %g ms）；TFLOP/s 与比值都是各轮的中位数，括号里是各轮的最小–最大。"
          % (ROUNDS, REPS, GAP_MS))
    print()
    print("| M=N=K | 设计（工作组块、子组块、K 步、级数） | 豫言 TFLOP/s | CUDA C TFLOP/s | cuBLAS fp16 TFLOP/s | 豫言/cuBLAS | 豫言/CUDA C |")
    print("|---|---|---|---|---|---|---|")
    for n, tf in rows:
        for six, index, _ref in designs:
            c, b = tf[(six, "CUDA C")], tf[(six, "cuBLAS")]
            if index is None:
                print("| %d | %s | — | %.1f | %.1f | — | — |" % (n, label(six), median(c), median(b)))
                continue
            y = tf[(six, "豫言")]
            to_blas = [yi / bi for yi, bi in zip(y, b)]
            to_c = [yi / ci for yi, ci in zip(y, c)]
            print("| %d | %s | %.1f | %.1f | %.1f | %.3f (%.3f–%.3f) | %.3f (%.3f–%.3f) |"
                  % (n, label(six), median(y), median(c), median(b), median(to_blas), min(to_blas), max(to_blas),
                     median(to_c), min(to_c), max(to_c)))
    draw_chart(rows, designs)
    return 1 if failed else 0


def draw_chart(rows, designs):
    """The table's TFLOP/s as bars (豫言, CUDA C, cuBLAS) per size and design."""
    categories, series = [], {"豫言": [], "CUDA C": [], "cuBLAS fp16": []}
    for n, tf in rows:
        for six, index, _ref in designs:
            categories.append("%d %s" % (n, label(six)))
            series["豫言"].append(median(tf[(six, "豫言")]) if index is not None else None)
            series["CUDA C"].append(median(tf[(six, "CUDA C")]))
            series["cuBLAS fp16"].append(median(tf[(six, "cuBLAS")]))
    out = os.path.join(os.environ.get("OUT", "."), "gemm.svg")
    try:
        chart.bars(out, "GEMM fp16→f32（H200）TFLOP/s", categories, list(series.items()), "TFLOP/s")
        print("图：" + out)
    except chart.ChartError as error:
        print("没有画图：%s" % error)


if __name__ == "__main__":
    sys.exit(main())
