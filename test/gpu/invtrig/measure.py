#!/usr/bin/env python3
"""Measures the PTX target's asin, acos, atan (every one of the 2^32 f32 inputs) and atan2
(a grid of 2^28 pairs spread over all exponents and signs, a dense grid on [-4, 4]^2 and every
pair of edge values) on the GPU against a float64 reference, in units in the last place of the
f32 result; also checks the GPU's results against the bit-exact CPU model (model.h) on every
input in [0.25, 2) of each unary function.

usage: measure.py PTX MANIFEST.json MODEL_CHECK_BINARY

PTX and MANIFEST come from test/gpu/invtrig/gen.sh (the kernel 反三角测量。着色器。豫 compiled
by yusec); the PTX is loaded with CuPy (cuModuleLoadData) and launched with the parameters
the manifest lists. Reference: CuPy's float64 arcsin/arccos/arctan/arctan2 (CUDA's double
functions, within 2 double ULP: 2^-29 f32 ULP). ULP of a reference r: 2^(e-24) for |r| in
[2^(e-1), 2^e), 2^-149 below 2^-126. A NaN where the reference is not NaN (or the other way)
counts as an infinite error. Prints one line per function; exit 0 when every function is within
CUDA's documented bound (asinf, acosf, atanf 2 ULP; atan2f 3 ULP) and the model matches.
"""
import json
import subprocess
import sys

import cupy as cp
import numpy as np

BOUNDS = {"asin": 2.0, "acos": 2.0, "atan": 2.0, "atan2": 3.0}
ENTRIES = {"asin": "测正弦入口", "acos": "测余弦入口", "atan": "测正切入口", "atan2": "测正切二入口"}
REFERENCE = {"asin": cp.arcsin, "acos": cp.arccos, "atan": cp.arctan}
CHUNK = 1 << 28
BLOCK = 256


def widen(a32):
    """float32 → float64 exactly, subnormals included: CuPy's astype converts with
    cvt.ftz and turns every f32 subnormal into zero, which hid the subnormal inputs and
    results from this measurement (and made correct results near 2^-126 look wrong)."""
    bits = a32.view(cp.uint32)
    exponent = ((bits >> 23) & 0xFF).astype(cp.int32)
    fraction = (bits & 0x7FFFFF).astype(cp.float64)
    value = cp.where(exponent == 0, cp.ldexp(fraction, -149),
                     cp.ldexp(fraction * 2.0 ** -23 + 1.0, exponent - 127))
    value = cp.where(exponent == 255, cp.where(fraction == 0, cp.inf, cp.nan), value)
    return cp.where((bits >> 31) == 1, -value, value)


def ulp_error(got32, ref64):
    got = widen(got32)
    mant, exp = cp.frexp(cp.abs(ref64))
    ulp = cp.ldexp(cp.ones_like(ref64), exp - 24)
    ulp = cp.where(cp.abs(ref64) < 2.0 ** -126, 2.0 ** -149, ulp)
    err = cp.abs(got - ref64) / ulp
    gn, rn = cp.isnan(got), cp.isnan(ref64)
    err = cp.where(gn & rn, 0.0, err)
    return cp.where(gn != rn, cp.inf, err)


class Kernels:
    def __init__(self, ptx, manifest):
        self.module = cp.RawModule(path=ptx)
        self.entries = {e["item"]: e for e in json.load(open(manifest))["entries"]}

    def launch(self, func, threads, buffers):
        entry = self.entries[ENTRIES[func]]
        assert entry["workgroup_size"] == [BLOCK, 1, 1], entry
        kernel = self.module.get_function(entry["ptx_name"])
        args = tuple(buffers[name] for name in entry["ptx_params"])
        kernel(((threads + BLOCK - 1) // BLOCK,), (BLOCK,), args)


def measure_unary(k, func):
    out = cp.empty(CHUNK, dtype=cp.float32)
    worst, where = -1.0, 0
    for start in range(0, 1 << 32, CHUNK):
        base = cp.array([start, 0], dtype=cp.uint32)
        k.launch(func, CHUNK, {"基": base, "值": out})
        x = (cp.arange(CHUNK, dtype=cp.uint64) + start).astype(cp.uint32).view(cp.float32)
        err = ulp_error(out, REFERENCE[func](widen(x)))
        i = int(cp.argmax(err))
        if float(err[i]) > worst:
            worst, where = float(err[i]), start + i
    return worst, "x = %r (bits 0x%08x)" % (float(np.uint32(where).view(np.float32)), where)


def measure_pairs(k, ys, xs):
    ys = cp.asarray(ys, dtype=cp.float32)
    xs = cp.asarray(xs, dtype=cp.float32)
    n = ys.size * xs.size
    threads = (n + BLOCK - 1) // BLOCK * BLOCK   # the kernel has no bounds check: pad
    rows = (threads + xs.size - 1) // xs.size
    padded = cp.concatenate([ys, cp.ones(rows - ys.size, dtype=cp.float32)])
    out = cp.empty(threads, dtype=cp.float32)
    k.launch("atan2", threads, {"基": cp.array([0, xs.size], dtype=cp.uint32), "值": out, "纵": padded, "横": xs})
    y = widen(cp.repeat(ys, xs.size))
    x = widen(cp.tile(xs, ys.size))
    err = ulp_error(out[:n], cp.arctan2(y, x))
    i = int(cp.argmax(err))
    return float(err[i]), "(y, x) = (%r, %r)" % (float(y[i]), float(x[i]))


def measure_atan2(k):
    edges = np.array([0.0, -0.0, 2.0 ** -149, -2.0 ** -149, 2.0 ** -126, 1.0, -1.0, 3.0, -3.0,
                      3.4028234663852886e38, -3.4028234663852886e38, np.inf, -np.inf, np.nan],
                     dtype=np.float32)
    results = [measure_pairs(k, edges, edges)]
    grid = np.linspace(-4.0, 4.0, 8191, dtype=np.float32)   # dense, both signs, through 0
    results.append(measure_pairs(k, grid, grid))
    for offset in range(0, 1 << 20, 1 << 18):   # 4 × 16384² pairs over all bit patterns
        bits = (np.arange(16384, dtype=np.uint64) * 262139 + offset + 12345) % (1 << 32)
        v = bits.astype(np.uint32).view(np.float32)
        v = v[np.isfinite(v)]
        results.append(measure_pairs(k, v, v[::-1].copy()))
    return max(results, key=lambda r: r[0])


def check_model(k, model, func):
    start, count = 0x3E800000, 3 << 23  # [0.25, 2): both sides of 1/2 and of 1
    raw = subprocess.run([model, "dump", func, str(start), str(count)], check=True,
                         capture_output=True).stdout
    want = np.frombuffer(raw, dtype=np.uint32)
    out = cp.empty(count, dtype=cp.float32)
    k.launch(func, count, {"基": cp.array([start, 0], dtype=cp.uint32), "值": out})
    got = cp.asnumpy(out.view(cp.uint32))
    # a NaN's payload and sign are not specified: for |x| > 1 the GPU gives 0x7FFFFFFF (PTX's
    # canonical NaN), the x86 model 0x7FC00000/0xFFC00000: two NaNs agree, the rest bit for bit
    nan = lambda bits: (bits & 0x7FFFFFFF) > 0x7F800000
    return int(np.count_nonzero((got != want) & ~(nan(got) & nan(want)))), count


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    k = Kernels(sys.argv[1], sys.argv[2])
    ok = True
    for func in ("asin", "acos", "atan"):
        worst, where = measure_unary(k, func)
        diff, count = check_model(k, sys.argv[3], func)
        good = worst <= BOUNDS[func] and diff == 0
        ok &= good
        print("%-5s max %.3f ULP at %s over all 2^32 inputs (bound %g); model: %d of %d differ  %s"
              % (func, worst, where, BOUNDS[func], diff, count, "ok" if good else "FAIL"))
    worst, where = measure_atan2(k)
    good = worst <= BOUNDS["atan2"]
    ok &= good
    print("atan2 max %.3f ULP at %s over the grids and edges (bound 3)  %s"
          % (worst, where, "ok" if good else "FAIL"))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
