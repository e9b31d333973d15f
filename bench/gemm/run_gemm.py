#!/usr/bin/env python3
"""One run on the H200: the 豫言 GEMM variants of gen_ptx.sh (yusec's PTX), the CUDA C kernels of
the same designs (gemm_ref.cu) and cuBLAS (torch.matmul on fp16), at M = N = K = 4096 and 8192.

usage: run_gemm.py LIB PTX_DIR [SIZES]     (LIB: gemm_ref.cu built as a shared library)

Checks first: both kernels' f32 C against an f64 reference on sampled rows (A, B random
f16 in [-1, 1]; tolerance 1e-3 relative to sum |a·b|), then times each (mean of REPS launches
after warm-up, CUDA events) and prints TFLOP/s (2·M·N·K / time) with the ratios.
"""
import ctypes
import os
import sys

import torch

REPS = int(os.environ.get("GEMM_REPS", "20"))


def main():
    lib = ctypes.CDLL(sys.argv[1])
    lib.gemm_time.restype = ctypes.c_float
    lib.gemm_time.argtypes = [ctypes.c_int, ctypes.c_uint] + [ctypes.c_void_p] * 4 + [ctypes.c_uint, ctypes.c_uint,
                                                                                    ctypes.c_int]
    torch.cuda.init()
    torch.zeros(1, device="cuda")
    # (name, design, yusec PTX stem, threads, CUDA C kernel id in gemm_ref.cu)
    designs = [("64×32 K32 2级", "矩阵乘", 256, -1),
               ("64×64 K32 2级", "矩阵乘大片", 128, -2),
               ("64×64 K16 4级", "矩阵乘四级", 128, -3),
               ("64×32 K16 4级", "矩阵乘四级八束", 256, -4)]
    kernels = []
    for name, stem, threads, ref in designs:
        index = lib.gemm_load_yusec(os.path.join(sys.argv[2], stem + ".ptx").encode(), b"yy_e4_b9_98")
        if index < 0:
            print("失败：不能载入 %s.ptx（%d）" % (stem, index))
            return 1
        kernels.append((name, index, threads, ref))
    sizes = [int(s) for s in (sys.argv[3] if len(sys.argv) > 3 else "4096,8192").split(",")]
    torch.manual_seed(0)
    rows = []
    failed = False
    for n in sizes:
        M = N = K = n
        A = (torch.rand(M, K, device="cuda") * 2 - 1).half()
        B = (torch.rand(N, K, device="cuda") * 2 - 1).half()
        dims = torch.tensor([M, N, K], dtype=torch.int32, device="cuda")
        sample = torch.randint(0, M, (64,), device="cuda")
        ref_rows = A[sample].double() @ B.double().t()
        scale = (A[sample].double().abs() @ B.double().abs().t())
        times = {}
        for name, index, threads, ref in kernels:
            for kernel, who in ((index, "豫言"), (ref, "CUDA C")):
                C = torch.full((M, N), float("nan"), device="cuda")
                ms = lib.gemm_time(kernel, threads, A.data_ptr(), B.data_ptr(), C.data_ptr(), dims.data_ptr(), M, N, REPS)
                torch.cuda.synchronize()
                err = ((C[sample].double() - ref_rows).abs() / scale).max().item()
                ok = ms > 0 and err <= 1e-3
                print("%s %s %d: %s（最大相对误差 %.2e，%.3f ms）" % (who, name, n, "通过" if ok else "失败", err, ms))
                failed |= not ok
                times[(name, who)] = ms
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
    print("| M=N=K | 设计（子组块、K 步、级数） | 豫言 TFLOP/s | CUDA C TFLOP/s | cuBLAS fp16 TFLOP/s | 豫言/cuBLAS | 豫言/CUDA C |")
    print("|---|---|---|---|---|---|---|")
    for n, tf in rows:
        for name, index, threads, ref in kernels:
            y, c, b = tf[(name, "豫言")], tf[(name, "CUDA C")], tf["cublas"]
            print("| %d | %s | %.1f | %.1f | %.1f | %.3f | %.3f |" % (n, name, y, c, b, y / b, y / c))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
