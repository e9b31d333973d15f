#!/usr/bin/env python3
"""A/B runs of PTX variants on the H200: each directory given holds 矩阵乘_….ptx / .json files
(gen_ptx.sh's names); every variant of a design is timed beside the CUDA C kernel of the same
design (gemm_ref.cu, timed before and after the variants; the mean is the reference) and
cuBLAS, after the same check as run_gemm.py.

usage: run_variants.py LIB SIZES DIR...     (e.g. bench/gemm/variants/*; SIZES 4096,8192)
"""
import ctypes
import glob
import os
import sys

import torch

import run_gemm


def main():
    lib = run_gemm.load_library(sys.argv[1])
    refs = {}
    for i in range(lib.gemm_ref_count()):
        out = (ctypes.c_int * 6)()
        lib.gemm_ref_design(i, out)
        refs[tuple(out)] = -i - 1
    variants = {}  # six -> [(name, index)]
    for d in sys.argv[3:]:
        for ptx in sorted(glob.glob(os.path.join(d, "矩阵乘_*.ptx"))):
            six = tuple(int(v) for v in os.path.basename(ptx)[len("矩阵乘_"):-len(".ptx")].split("_"))
            if six not in refs:
                raise SystemExit("no CUDA C kernel of design %s" % (six,))
            variants.setdefault(six, []).append((os.path.basename(d.rstrip("/")), run_gemm.load_yusec(lib, d, six)))
    failed = False
    print("| M=N=K | design | variant | 豫言 TFLOP/s | CUDA C TFLOP/s (before, after) | cuBLAS | 豫言/cuBLAS | 豫言/CUDA C |")
    print("|---|---|---|---|---|---|---|---|")
    for n in (int(s) for s in sys.argv[2].split(",")):
        M = N = K = n
        torch.manual_seed(0)
        A = (torch.rand(M, K, device="cuda") * 2 - 1).half()
        B = (torch.rand(N, K, device="cuda") * 2 - 1).half()
        dims = torch.tensor([M, N, K], dtype=torch.int32, device="cuda")
        sample = torch.randint(0, M, (64,), device="cuda")
        ref_rows = A[sample].double() @ B.double().t()
        scale = A[sample].double().abs() @ B.double().abs().t()
        flop = 2.0 * M * N * K

        def tflops(kernel):
            nonlocal failed
            C = torch.full((M, N), float("nan"), device="cuda")
            ms = lib.gemm_time(kernel, A.data_ptr(), B.data_ptr(), C.data_ptr(), dims.data_ptr(), M, N, run_gemm.REPS)
            torch.cuda.synchronize()
            err = ((C[sample].double() - ref_rows).abs() / scale).max().item()
            if not (ms > 0 and err <= 1e-3):
                failed = True
                print("失败：kernel %d at %d (error %.2e, %.3f ms)" % (kernel, n, err, ms), flush=True)
            return flop / (ms * 1e-3) / 1e12

        for _ in range(3):
            torch.matmul(A, B.t())
        start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(run_gemm.REPS):
            torch.matmul(A, B.t())
        stop.record()
        torch.cuda.synchronize()
        cublas = flop / (start.elapsed_time(stop) / run_gemm.REPS * 1e-3) / 1e12
        for six, runs in variants.items():
            before = tflops(refs[six])
            results = [(name, tflops(index)) for name, index in runs]
            after = tflops(refs[six])
            c = (before + after) / 2
            for name, y in results:
                print("| %d | %s | %s | %.1f | %.1f (%.1f, %.1f) | %.1f | %.3f | %.3f |"
                      % (n, run_gemm.label(six), name, y, c, before, after, cublas, y / cublas, y / c), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
