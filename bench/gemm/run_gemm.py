#!/usr/bin/env python3
"""One run on the H200: the CUDA C kernels of gemm_ref.cu's REF table, each beside the 豫言 kernel
of the same design (yusec's PTX of gen_ptx.sh, the file named after the six numbers), and
cuBLAS (torch.matmul on fp16), at M = N = K = 4096 and 8192.

usage: run_gemm.py LIB PTX_DIR [SIZES]     (LIB: gemm_ref.cu built as a shared library)

A design whose PTX is absent from PTX_DIR runs as CUDA C only. The dynamic shared memory a 豫言
entry needs comes from yusec's manifest (--entries=json, gen_ptx.sh writes 矩阵乘_….json beside
the PTX): its "dynamic_shared_bytes". Checks first: each kernel's f32 C against an f64 reference
on sampled rows (A, B random f16 in [-1, 1]; tolerance 1e-3 relative to sum |a·b|), then times
each (mean of REPS launches after warm-up, CUDA events) and prints TFLOP/s (2·M·N·K / time),
each case with its place in the run ([3/12]); the table is also drawn as $OUT/gemm.svg (or
gemm.svg in the working directory) by bench/chart.py (gnuplot), one cluster per size and design.
"""
import ctypes
import json
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import chart  # noqa: E402  (bench/chart.py)

REPS = int(os.environ.get("GEMM_REPS", "20"))


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
    rows = []
    failed = False
    total = len(sizes) * sum((index is not None) + (ref is not None) for _, index, ref in designs)
    done = 0
    for n in sizes:
        M = N = K = n
        A = (torch.rand(M, K, device="cuda") * 2 - 1).half()
        B = (torch.rand(N, K, device="cuda") * 2 - 1).half()
        dims = torch.tensor([M, N, K], dtype=torch.int32, device="cuda")
        sample = torch.randint(0, M, (64,), device="cuda")
        ref_rows = A[sample].double() @ B.double().t()
        scale = (A[sample].double().abs() @ B.double().abs().t())
        times = {}
        for six, index, ref in designs:
            for kernel, who in ((index, "豫言"), (ref, "CUDA C")):
                if kernel is None:
                    continue
                C = torch.full((M, N), float("nan"), device="cuda")
                ms = lib.gemm_time(kernel, A.data_ptr(), B.data_ptr(), C.data_ptr(), dims.data_ptr(), M, N, REPS)
                torch.cuda.synchronize()
                err = ((C[sample].double() - ref_rows).abs() / scale).max().item()
                ok = ms > 0 and err <= 1e-3
                done += 1
                print("[%d/%d] %s %s %d: %s（最大相对误差 %.2e，%.3f ms）" % (done, total, who, label(six), n, "通过" if ok else "失败", err, ms),
                      flush=True)
                failed |= not ok
                times[(six, who)] = ms
        for _ in range(3):
            torch.matmul(A, B.t())
        start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(REPS):
            torch.matmul(A, B.t())
        stop.record()
        torch.cuda.synchronize()
        times["cublas"] = start.elapsed_time(stop) / REPS
        tf = {k: 2.0 * M * N * K / (v * 1e-3) / 1e12 for k, v in times.items()}
        rows.append((n, tf))
    print()
    print("| M=N=K | 设计（工作组块、子组块、K 步、级数） | 豫言 TFLOP/s | CUDA C TFLOP/s | cuBLAS fp16 TFLOP/s | 豫言/cuBLAS | 豫言/CUDA C |")
    print("|---|---|---|---|---|---|---|")
    for n, tf in rows:
        b = tf["cublas"]
        for six, index, ref in designs:
            c = tf[(six, "CUDA C")]
            if index is None:
                print("| %d | %s | — | %.1f | %.1f | — (CUDA C %.3f) | — |" % (n, label(six), c, b, c / b))
                continue
            y = tf[(six, "豫言")]
            print("| %d | %s | %.1f | %.1f | %.1f | %.3f | %.3f |" % (n, label(six), y, c, b, y / b, y / c))
    draw_chart(rows, designs)
    return 1 if failed else 0


def draw_chart(rows, designs):
    """The table's TFLOP/s as bars (豫言, CUDA C, cuBLAS) per size and design."""
    categories, series = [], {"豫言": [], "CUDA C": [], "cuBLAS fp16": []}
    for n, tf in rows:
        for six, index, _ref in designs:
            categories.append("%d %s" % (n, label(six)))
            series["豫言"].append(tf.get((six, "豫言")) if index is not None else None)
            series["CUDA C"].append(tf.get((six, "CUDA C")))
            series["cuBLAS fp16"].append(tf["cublas"])
    out = os.path.join(os.environ.get("OUT", "."), "gemm.svg")
    try:
        chart.bars(out, "GEMM fp16→f32（H200）TFLOP/s", categories, list(series.items()), "TFLOP/s")
        print("图：" + out)
    except chart.ChartError as error:
        print("没有画图：%s" % error)


if __name__ == "__main__":
    sys.exit(main())
