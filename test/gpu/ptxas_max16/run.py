#!/usr/bin/env python3
"""The ptxas bug behind differential seed 9216 (docs/testing.md § Seed 9216), on a GPU:
chain.ptx through the driver's JIT and, when ptxas is on PATH, as cubins from ptxas -O3 and
-O0. Prints each row of out[x] for x = 0…15 and the row computed by hand ((x & 6) == 6).
Exit status: 0 every row right (the toolchain is fixed), 1 some row wrong (the bug is there),
77 no CuPy or no GPU.

usage (from the repository root, on the GPU machine): python3 test/gpu/ptxas_max16/run.py
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def by_hand(x):
    d0 = max(6 & x, 1)
    a1 = 16 // d0
    a2 = 9 // max(6 & a1, 1)
    a3 = 4 // max(6 & a2, 1)
    return int(max(6 & a3, 1) == 1)


def main():
    try:
        import cupy as cp
        cp.cuda.runtime.getDeviceCount()
    except Exception as e:  # no CuPy, no driver, no device
        print("跳过：%s" % e)
        return 77
    ptx = os.path.join(HERE, "chain.ptx")
    modules = [("driver JIT", ptx)]
    tmp = tempfile.mkdtemp()
    if shutil.which("ptxas"):
        for level in ("-O3", "-O0"):
            cubin = os.path.join(tmp, "chain%s.cubin" % level)
            subprocess.run(["ptxas", "-arch=sm_90", level, ptx, "-o", cubin], check=True)
            modules.append(("ptxas " + level, cubin))
    want = [by_hand(x) for x in range(16)]
    print("%-12s %s" % ("by hand", want))
    x = cp.arange(16, dtype=cp.uint32)
    wrong = 0
    for label, path in modules:
        out = cp.zeros(16, dtype=cp.uint32)
        cp.RawModule(path=path).get_function("chain")((1,), (16,), (x, out))
        got = cp.asnumpy(out).tolist()
        wrong += got != want
        print("%-12s %s %s" % (label, got, "ok" if got == want else "WRONG"))
    shutil.rmtree(tmp)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
