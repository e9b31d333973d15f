#!/usr/bin/env python3
"""Runs every entry of the fragment samples (库/点染/测试/样例/矩阵片 and 矩阵片整八, the latter with
the int8 and 异步拷贝 entries, and 矩阵片元素 with the accumulator element operations and the
transposing workgroup load) on the GPU with `yusec run` and checks each output against a
CPU reference (着十二, docs/builtins.md).

usage: fragments.py YUSEC SAMPLES_DIR [golden]
       YUSEC_RUN_DEVICE=cpu fragments.py YUSEC SAMPLES_DIR   (the YIR executor; no 跳过)
With `golden`, each sample runs from its committed PTX golden (名。千手) instead of being
translated (for a yusec built without LLVM).

Data: random f16 values in [-1, 1] (rounded to f16 first; the reference works on the rounded
values), f32 accumulators in [-4, 4], s8 values in [-128, 127]; fixed seed. The reference sums
in f64. Tolerance for f16 products with f32 accumulation: |got - want| <= 2^-14 * (|c| +
sum |a*b|) + 1e-6; rows that must be left alone or zero, and int8 results, are compared
exactly. On the CPU (docs/exec.md: sums in k order, each rounded to f32) the f16 products
must also equal that order's result exactly. Element operations: exact where IEEE f32 is
(scale, add, sub, mul, max, masks, row max, the f16 rounding of 转甲), within 2^-21 relative for
division and exp2 (ex2.approx on PTX), and row sums within 2^-22·Σ|x| (on the CPU exactly the
documented sum tree). Exit status: 0 all passed, 1 a check failed, 77 no GPU (跳过; ctest: skipped).
"""
import os
import random
import struct
import subprocess
import sys
import tempfile

NO_GPU = "没有可用的 GPU"
M = N = 16
K = 64
RTOL = 2.0 ** -14
ATOL = 1e-6
ON_CPU = os.environ.get("YUSEC_RUN_DEVICE") == "cpu"


def f16(x):
    return struct.unpack("<e", struct.pack("<e", x))[0]


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def halves_to_words(halves):
    """Two f16 a word, low half first."""
    raw = struct.pack("<%de" % len(halves), *halves)
    return list(struct.unpack("<%dI" % (len(halves) // 2), raw))


def bytes_to_words(values):
    """Four s8 a word, lowest byte first."""
    raw = struct.pack("<%db" % len(values), *values)
    return list(struct.unpack("<%dI" % (len(values) // 4), raw))


class Data:
    def __init__(self, seed=12):
        rng = random.Random(seed)
        self.a = [[f16(rng.uniform(-1, 1)) for _ in range(K)] for _ in range(M)]      # [m][k]
        self.b = [[f16(rng.uniform(-1, 1)) for _ in range(K)] for _ in range(N)]      # [n][k]
        self.bt = [[f16(rng.uniform(-1, 1)) for _ in range(N)] for _ in range(K)]     # [k][n]
        self.c = [[f32(rng.uniform(-4, 4)) for _ in range(N)] for _ in range(M)]
        self.ia = [[rng.randint(-128, 127) for _ in range(K)] for _ in range(M)]
        self.ib = [[rng.randint(-128, 127) for _ in range(K)] for _ in range(N)]

    def buffers(self):
        flat = lambda rows: [x for r in rows for x in r]
        return {
            0: ("u32", halves_to_words(flat(self.a))),
            1: ("u32", halves_to_words(flat(self.b))),
            2: ("u32", halves_to_words(flat(self.bt))),
            3: ("f32", flat(self.c)),
            4: ("f32", [float("nan")] * 256),
            5: ("f32", [float("nan")] * 256),
            6: ("u32", bytes_to_words(flat(self.ia))),
            7: ("u32", bytes_to_words(flat(self.ib))),
            8: ("u32", [0] * 256),
        }


def product(d, m, n, k_end, transposed=False, c=True):
    """(want, scale, in_order): c[m][n] + sum over k < k_end of a[m][k] * b(n, k) in f64, the
    tolerance's scale, and the executor's result (k from 0 up, each sum rounded to f32)."""
    terms = [d.a[m][k] * (d.bt[k][n] if transposed else d.b[n][k]) for k in range(k_end)]
    base = d.c[m][n] if c else 0.0
    in_order = base
    for t in terms:
        in_order = f32(in_order + t)  # t is exact in f32: f16 times f16
    return base + sum(terms), abs(base) + sum(abs(t) for t in terms), in_order


def expect_close(problems, what, got, m, n, want_scale):
    want, scale, in_order = want_scale
    if not abs(got[m * 16 + n] - want) <= RTOL * scale + ATOL:
        problems.append("%s[%d][%d]：得 %r，应为 %r（容差 %.3g）" % (what, m, n, got[m * 16 + n], want, RTOL * scale + ATOL))
    elif ON_CPU and got[m * 16 + n] != in_order:
        problems.append("%s[%d][%d]：得 %r，按 k 顺序逐次舍入到单精度应为 %r" % (what, m, n, got[m * 16 + n], in_order))


def expect_exact(problems, what, got, m, n, want):
    if got[m * 16 + n] != want:
        problems.append("%s[%d][%d]：得 %r，应为 %r（须一致）" % (what, m, n, got[m * 16 + n], want))


def check_storage(d, out):
    problems = []
    for m in range(M):
        for n in range(N):
            expect_close(problems, "出", out[4], m, n, product(d, m, n, K, c=False))
    return problems


def check_transposed(d, out):
    problems = []
    for m in range(M):
        for n in range(N):
            expect_close(problems, "出", out[4], m, n, product(d, m, n, K, transposed=True))
    return problems


def check_shared(d, out):
    problems = []
    for m in range(M):
        for n in range(N):
            if m < 8:  # 存矩阵片累前八行 wrote these rows ...
                expect_close(problems, "出", out[4], m, n, product(d, m, n, K, c=False))
                expect_close(problems, "出二", out[5], m, n, product(d, m, n, 16))
            else:      # ... and left these alone; the first-8-rows loads gave zeros here
                expect_exact(problems, "出", out[4], m, n, d.c[m][n])
                expect_exact(problems, "出二", out[5], m, n, 0.0)
    return problems


def check_int8(d, out):
    problems = []
    for m in range(M):
        for n in range(N):
            dot = sum(d.ia[m][k] * d.ib[n][k] for k in range(K))
            bits = (0x4B400000 + dot) & 0xFFFFFFFF
            expect_exact(problems, "整出", out[8], m, n, bits)
            as_float = struct.unpack("<f", struct.pack("<I", out[8][m * 16 + n]))[0]
            if as_float != 12582912.0 + dot:
                problems.append("整出[%d][%d] 当单精度读：得 %r，应为 %r" % (m, n, as_float, 12582912.0 + dot))
    return problems


def expect_near(problems, what, got, i, want, tol):
    if not abs(got[i] - want) <= tol:
        problems.append("%s[%d][%d]：得 %r，应为 %r（容差 %.3g）" % (what, i // 16, i % 16, got[i], want, tol))


def elementwise_checks(d, out, pairs):
    """pairs: (binding, name, f(c, i) -> (want, tol)); tol 0 means exact."""
    problems = []
    c = [x for row in d.c for x in row]
    for b, what, f in pairs:
        for i in range(256):
            want, tol = f(c, i)
            if tol == 0:
                expect_exact(problems, what, out[b], i // 16, i % 16, want)
            else:
                expect_near(problems, what, out[b], i, want, tol)
    return problems


def check_scalar_ops(d, out):
    return elementwise_checks(d, out, [
        (4, "出", lambda c, i: (f32(c[i] * 0.5), 0)),
        (5, "出二", lambda c, i: (max(f32(c[i] + 1.0), 0.25), 0)),
    ])


def product16(d):
    """D = A·Bᵀ over k < 16 as the executor sums (k order, f32 each) and in f64."""
    return [[product(d, m, n, 16, c=False) for n in range(N)] for m in range(M)]


def check_tile_ops(d, out):
    prod = product16(d)
    problems = []
    for m in range(M):
        for n in range(N):
            want, scale, in_order = prod[m][n]
            x = d.c[m][n]
            dd = in_order if ON_CPU else want
            tol_d = 0 if ON_CPU else RTOL * scale + ATOL
            got1 = out[4][m * 16 + n]
            want1 = (x - dd) * max(x, dd)
            tol1 = 2.0 ** -22 * abs(want1) + tol_d * (abs(max(x, dd)) + abs(x - dd) + tol_d) + 1e-7
            if ON_CPU:
                want1 = f32(f32(x - dd) * max(x, dd))
                tol1 = 0
            if abs(got1 - want1) > tol1:
                problems.append("出[%d][%d]：得 %r，应为 %r" % (m, n, got1, want1))
            denom = 2.0 ** x + 1.0
            want2 = (x + dd) / denom
            tol2 = 2.0 ** -20 * abs(want2) + tol_d / denom + 1e-7
            got2 = out[5][m * 16 + n]
            if abs(got2 - want2) > tol2:
                problems.append("出二[%d][%d]：得 %r，应为 %r（容差 %.3g）" % (m, n, got2, want2, tol2))
    return problems


def tree_sum(row):
    """The documented row sum: s(t) = (x[2t] + x[2t+1]) + (x[8+2t] + x[9+2t]), then
    (s(0) + s(1)) + (s(2) + s(3)), each addition rounded to f32."""
    s = [f32(f32(row[2 * t] + row[2 * t + 1]) + f32(row[8 + 2 * t] + row[9 + 2 * t])) for t in range(4)]
    return f32(f32(s[0] + s[1]) + f32(s[2] + s[3]))


def check_row_ops(d, out):
    return elementwise_checks(d, out, [
        (4, "出", lambda c, i: (max(d.c[i // 16]), 0)),
        (5, "出二", lambda c, i: (tree_sum(d.c[i // 16]), 0)),
    ])


def check_to_a(d, out):
    problems = []
    for m in range(M):
        for n in range(N):
            terms = [f16(d.c[m][k]) * d.b[n][k] for k in range(16)]
            in_order = 0.0
            for t in terms:
                in_order = f32(in_order + t)
            expect_close(problems, "出", out[4], m, n, (sum(terms), sum(abs(t) for t in terms), in_order))
    return problems


def check_mask(d, out):
    return elementwise_checks(d, out, [
        (4, "出", lambda c, i: (-100.0 if i % 16 - i // 16 > 2 else c[i], 0)),
        (5, "出二", lambda c, i: (7.5 if i % 16 - i // 16 > -5 else c[i], 0)),
    ])


def check_transposed_shared(d, out):
    problems = []
    for m in range(M):
        for n in range(N):
            expect_close(problems, "出", out[4], m, n, product(d, m, n, K, transposed=True, c=False))
    return problems


# entry: (sample, the bindings it reads, the bindings it writes, the check)
ENTRIES = {
    "存储乘入口": ("矩阵片", [0, 1], [4], check_storage),
    "转置乘入口": ("矩阵片", [0, 2, 3], [4, 5], check_transposed),
    "共享乘入口": ("矩阵片", [0, 1, 3], [4, 5], check_shared),
    "整八乘入口": ("矩阵片整八", [6, 7], [8], check_int8),
    "异步乘入口": ("矩阵片整八", [0, 1], [4], check_storage),  # 异步拷贝, then ldmatrix
    "数运算入口": ("矩阵片元素", [3], [4, 5], check_scalar_ops),
    "片运算入口": ("矩阵片元素", [0, 1, 3], [4, 5], check_tile_ops),
    "行运算入口": ("矩阵片元素", [3], [4, 5], check_row_ops),
    "转甲入口": ("矩阵片元素", [1, 3], [4], check_to_a),
    "遮罩入口": ("矩阵片元素", [3], [4, 5], check_mask),
    "转置载入入口": ("矩阵片元素", [0, 2], [4], check_transposed_shared),
}


def run_entry(yusec, sample, ptx, entry, reads, writes, data, tmp):
    buffers = data.buffers()
    cmd = [yusec, "run", sample, "--entry", entry, "--grid", "1"]
    if ptx:
        cmd += ["--ptx", ptx]
    if ON_CPU:
        cmd.append("--device=cpu")
    outs = {}
    for b in reads + writes:
        kind, values = buffers[b]
        path = os.path.join(tmp, "%s_%d.in" % (entry, b))
        with open(path, "wb") as f:
            f.write(struct.pack("<%d%s" % (len(values), "I" if kind == "u32" else "f"), *values))
        cmd += ["--buffer", "0:%d=%s:@%s" % (b, kind, path)]
        if b in writes:
            outs[b] = (kind, path[:-3] + ".out")
            cmd += ["--out", "0:%d=%s" % (b, outs[b][1])]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        return None, proc
    got = {}
    for b, (kind, path) in outs.items():
        with open(path, "rb") as f:
            raw = f.read()
        got[b] = list(struct.unpack("<%d%s" % (len(raw) // 4, "I" if kind == "u32" else "f"), raw))
    return got, proc


def run_abc(yusec, sample, ptx, entry, buffers, tmp, timeout):
    """Runs entry with buffers (three lists of f32: A, B, C) at 0:0, 0:1, 0:2 and returns
    (C as the run left it, proc), or (None, proc) where the run failed (tensor.py and
    warpgroups.py use it)."""
    paths = [os.path.join(tmp, "%s_%d.in" % (entry, i)) for i in range(len(buffers))]
    cmd = [yusec, "run", sample, "--entry", entry, "--grid", "1"]
    if ptx:
        cmd += ["--ptx", ptx]
    if ON_CPU:
        cmd.append("--device=cpu")
    for i, (path, values) in enumerate(zip(paths, buffers)):
        with open(path, "wb") as f:
            f.write(struct.pack("<%df" % len(values), *values))
        cmd += ["--buffer", "0:%d=f32:@%s" % (i, path)]
    out = os.path.join(tmp, entry + ".out")
    cmd += ["--out", "0:2=" + out]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        return None, proc
    with open(out, "rb") as f:
        raw = f.read()
    return list(struct.unpack("<%df" % (len(raw) // 4), raw)), proc


def run_samples(samples, golden, cases, run_one):
    """For each (entry, stem, shape) of cases: run_one(sample, ptx, entry, shape) on the sample
    stem。着色器。豫 (from its PTX golden stem。千手 with golden) → (problems, proc), reported.
    Returns how many failed, or None when there is no GPU (tensor.py, warpgroups.py)."""
    failed = 0
    for entry, stem, shape in cases:
        sample = os.path.join(samples, stem + "。着色器。豫")
        ptx = os.path.join(samples, stem + "。千手") if golden else None
        problems, proc = run_one(sample, ptx, entry, shape)
        outcome = report(entry, proc, problems)
        if outcome == "skip":
            return None
        failed += outcome == "fail"
    return failed


def report(entry, proc, problems):
    """Prints one entry's outcome: problems None (the run failed: proc says how) or the list of
    mismatches. "skip" when there is no GPU, else "fail" or "pass" (run_samples uses it too)."""
    if problems is None:
        if proc.returncode == 2 and NO_GPU in proc.stderr:
            print("跳过：" + proc.stderr.strip())
            return "skip"
        print("失败 %s：yusec run 退出码 %d：\n%s" % (entry, proc.returncode, proc.stderr.strip()))
        return "fail"
    if problems:
        print("失败 %s：%d 处不符" % (entry, len(problems)))
        for p in problems[:8]:
            print("  " + p)
        return "fail"
    print("通过 %s" % entry)
    return "pass"


def main():
    yusec, samples = sys.argv[1], sys.argv[2]
    golden = len(sys.argv) > 3 and sys.argv[3] == "golden"
    data = Data()
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for entry, (stem, reads, writes, check) in ENTRIES.items():
            sample = os.path.join(samples, stem + "。着色器。豫")
            ptx = os.path.join(samples, stem + "。千手") if golden else None
            got, proc = run_entry(yusec, sample, ptx, entry, reads, writes, data, tmp)
            outcome = report(entry, proc, None if got is None else check(data, got))
            if outcome == "skip":
                return 77
            failed += outcome == "fail"
    print("矩阵片：%d 个入口，失败 %d（容差 2^-14·(|c|+Σ|a·b|)+1e-6，整八与保留行须一致）" % (len(ENTRIES), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
