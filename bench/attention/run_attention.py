#!/usr/bin/env python3
"""One run on the H200: the 豫言 attention kernels of this directory (committed PTX and manifests,
gen_ptx.sh) against torch's scaled_dot_product_attention — the flash backend, and cuDNN where
this torch has it — in one table for the forward pass and one for decode.

usage: run_attention.py KERNEL_DIR      (run_attention.sh passes bench/attention)

Forward (FlashAttention-2, f16 in, f32 accumulate): D = 64 and 128, causal and not, N = 1024 and
4096 at B×H = 16×16, N = 16384 at B×H = 2×16 (ATTN_SIZES="N:B:H,…" changes them). The 豫言
kernel writes f32 O; SDPA writes f16. Decode: one query row per head, B×H = 4×16, an f16 KV
cache of L = 32768 (ATTN_DECODE="L:B:H,…"), split into S parts so that S·B·H ≥ 1024 workgroups
(the decode entry, then the combine entry; both timed together).

Checks, before timing, each case: the 豫言 output rounded to f16 against SDPA flash's in f16
ulp (of SDPA's value; the target is ≤ 2), and both against an f64 reference on 64 sampled
query rows of the first and the last head (the largest absolute error of each; tolerance 1e-2
absolute for inputs in [-1, 1], so that a wrong kernel fails). Timing: ATTN_ROUNDS rounds
(default 5); in each, the 豫言 kernel, SDPA flash and SDPA cuDNN next to each other, ATTN_REPS
launches each (default 10, after 2 warm-ups; CUDA events), each block after ATTN_GAP_MS of idle
GPU (default 50), the order rotated every round. Medians over the rounds; each ratio is the
median of the per-round ratios with its range. Decode also shows bytes moved (K and V) per
second against the measured device-to-device copy bandwidth (torch copy_ of 2 GiB, same
rounds). Exit status 1 when a check fails.
"""
import ctypes
import json
import math
import os
import sys
import time

import torch
import torch.nn.functional as F

ROUNDS = int(os.environ.get("ATTN_ROUNDS", "5"))
REPS = int(os.environ.get("ATTN_REPS", "10"))
GAP_MS = float(os.environ.get("ATTN_GAP_MS", "50"))
SIZES = os.environ.get("ATTN_SIZES", "1024:16:16,4096:16:16,16384:2:16")
DECODE = os.environ.get("ATTN_DECODE", "32768:4:16")
LOG2E = 1.4426950408889634
MAX_DYNAMIC_SHARED = 8  # CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES


# ---- the driver API, for yusec's PTX ----

class Driver:
    def __init__(self):
        self.cuda = ctypes.CDLL("libcuda.so.1")
        torch.zeros(1, device="cuda")  # the primary context, current on this thread
        self.check(self.cuda.cuInit(0), "cuInit")

    @staticmethod
    def check(result, what):
        if result != 0:
            raise SystemExit("失败：%s 返回 %d" % (what, result))

    def load(self, kernel_dir, stem, entry_item):
        """(function, dynamic shared bytes, block size, parameter names) of one entry of
        stem.ptx / stem.json (the manifest lists the resources each entry takes, in order)."""
        with open(os.path.join(kernel_dir, stem + ".json"), encoding="utf-8") as f:
            entry = next(e for e in json.load(f)["entries"] if e["item"] == entry_item)
        with open(os.path.join(kernel_dir, stem + ".ptx"), "rb") as f:
            text = f.read()
        module = ctypes.c_void_p()
        self.check(self.cuda.cuModuleLoadData(ctypes.byref(module), ctypes.c_char_p(text)), "cuModuleLoadData " + stem)
        function = ctypes.c_void_p()
        self.check(self.cuda.cuModuleGetFunction(ctypes.byref(function), module, entry["ptx_name"].encode()),
                   "cuModuleGetFunction " + entry["ptx_name"])
        shared = entry.get("dynamic_shared_bytes", 0)
        if shared:
            self.check(self.cuda.cuFuncSetAttribute(function, MAX_DYNAMIC_SHARED, shared), "cuFuncSetAttribute")
        return function, shared, entry["workgroup_size"][0], entry["ptx_params"]

    def launch(self, kernel, grid, tensors):
        """tensors: {resource name: tensor}; each parameter of the entry gets its tensor's device
        address (a resource the entry does not use is still a parameter, null in the manifest:
        it gets 0)."""
        function, shared, block, names = kernel
        values = [ctypes.c_uint64(tensors[name].data_ptr() if name else 0) for name in names]
        params = (ctypes.c_void_p * len(values))(*[ctypes.cast(ctypes.byref(v), ctypes.c_void_p) for v in values])
        stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
        self.check(self.cuda.cuLaunchKernel(function, grid[0], grid[1], 1, block, 1, 1, shared, stream, params, None),
                   "cuLaunchKernel")


# ---- SDPA ----

def sdpa_backends():
    """(name, context factory) for flash and, where this torch has it, cuDNN."""
    from torch.nn.attention import SDPBackend, sdpa_kernel
    out = [("flash", lambda: sdpa_kernel(SDPBackend.FLASH_ATTENTION))]
    if hasattr(SDPBackend, "CUDNN_ATTENTION"):
        out.append(("cuDNN", lambda: sdpa_kernel(SDPBackend.CUDNN_ATTENTION)))
    return out


def run_sdpa(ctx, q, k, v, causal):
    with ctx():
        return F.scaled_dot_product_attention(q, k, v, is_causal=causal)


# ---- checks ----

def f16_ulp(x):
    """The spacing of f16 at |x| (subnormal spacing below 2^-14)."""
    a = x.abs().float().clamp(min=2.0 ** -14)
    return torch.exp2(torch.floor(torch.log2(a)) - 10)


def ulp_distance(ours_f32, theirs_f16):
    return ((ours_f32.half().float() - theirs_f16.float()).abs() / f16_ulp(theirs_f16)).max().item()


def reference_rows(q, k, v, rows, causal, q_offset=0):
    """f64 softmax(q[rows]·kᵀ/√d)·v for one head (q, k, v [N][d])."""
    d = q.shape[-1]
    s = (q[rows].double() @ k.double().t()) / math.sqrt(d)
    if causal:
        keys = torch.arange(k.shape[0], device=q.device)
        s = s.masked_fill(keys[None, :] > (rows[:, None] + q_offset), float("-inf"))
    return torch.softmax(s, dim=-1) @ v.double()


def worse(a, b):
    """The larger error; NaN when either is NaN (Python's max would drop it)."""
    return float("nan") if math.isnan(a) or math.isnan(b) else max(a, b)


def first_line(error):
    lines = str(error).splitlines()
    return lines[0] if lines else type(error).__name__


def check_against_reference(what, ours, theirs, q, k, v, causal):
    """ours [BH][N][d] f32, theirs [BH][N][d] f16 (or None); sampled rows of the first and last
    head. Returns (ours max abs err, theirs max abs err)."""
    n = q.shape[1]
    rows = torch.randint(0, n, (64,), device=q.device)
    worst = [0.0, 0.0]
    for h in (0, q.shape[0] - 1):
        ref = reference_rows(q[h], k[h], v[h], rows, causal)
        worst[0] = worse(worst[0], (ours[h][rows].double() - ref).abs().max().item())
        if theirs is not None:
            worst[1] = worse(worst[1], (theirs[h][rows].double() - ref).abs().max().item())
    return worst


# ---- timing ----

def median(values):
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def time_ms(fn):
    for _ in range(2):
        fn()
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(REPS):
        fn()
    stop.record()
    torch.cuda.synchronize()
    return start.elapsed_time(stop) / REPS


def time_rounds(contenders):
    """contenders: [(name, fn)]; ROUNDS rounds, order rotated, GAP_MS idle before each block.
    Returns {name: [ms per round]}."""
    times = {name: [] for name, _ in contenders}
    for r in range(ROUNDS):
        shift = r % len(contenders)
        for name, fn in contenders[shift:] + contenders[:shift]:
            torch.cuda.synchronize()
            time.sleep(GAP_MS / 1000.0)
            times[name].append(time_ms(fn))
    return times


def ratio(times, a, b):
    """Speed of a relative to b: median of the per-round b/a, with its range."""
    if b not in times:
        return "—"
    rs = [tb / ta for ta, tb in zip(times[a], times[b])]
    return "%.3f (%.3f–%.3f)" % (median(rs), min(rs), max(rs))


# ---- forward ----

def forward_case(driver, kernel_dir, n, b, h, d, causal, backends):
    bh = b * h
    stem = "前向_%d_%s" % (d, "因果" if causal else "全")
    kernel = driver.load(kernel_dir, stem, "注意入口")
    q = (torch.rand(b, h, n, d, device="cuda") * 2 - 1).half()
    k = (torch.rand(b, h, n, d, device="cuda") * 2 - 1).half()
    v = (torch.rand(b, h, n, d, device="cuda") * 2 - 1).half()
    out = torch.full((b, h, n, d), float("nan"), device="cuda")
    sizes = torch.tensor([n, 0], dtype=torch.int32, device="cuda")
    sizes[1] = torch.tensor([LOG2E / math.sqrt(d)], dtype=torch.float32).view(torch.int32)[0]
    grid = (n // 64, bh)
    resources = {"问": q, "键": k, "值": v, "出": out, "尺寸": sizes}
    run_ours = lambda: driver.launch(kernel, grid, resources)
    run_ours()
    torch.cuda.synchronize()
    results = {}
    for name, ctx in backends:
        try:
            results[name] = (ctx, run_sdpa(ctx, q, k, v, causal))
        except RuntimeError as e:  # this backend does not take the case
            print("（%s 不支持 N=%d D=%d%s：%s）" % (name, n, d, " 因果" if causal else "", first_line(e)))
    flash = results.get("flash", (None, None))[1]
    ulp = ulp_distance(out, flash) if flash is not None else float("nan")
    ours_err, flash_err = check_against_reference(stem, out.view(bh, n, d), None if flash is None else flash.view(bh, n, d),
                                                  q.view(bh, n, d), k.view(bh, n, d), v.view(bh, n, d), causal)
    ok = ours_err <= 1e-2 and not math.isnan(ours_err)
    contenders = [("豫言", run_ours)] + [(name, (lambda c=ctx: run_sdpa(c, q, k, v, causal))) for name, (ctx, _) in results.items()]
    times = time_rounds(contenders)
    flop = 4.0 * bh * n * n * d * (0.5 if causal else 1.0)
    tflops = {name: flop / (median(ms) * 1e-3) / 1e12 for name, ms in times.items()}
    row = "| %d | %d×%d | %d | %s | %.3f | %.1f | %s | %s | %s | %s | %.2f | %.1e | %.1e |" % (
        n, b, h, d, "是" if causal else "否", median(times["豫言"]), tflops["豫言"],
        "%.1f" % tflops["flash"] if "flash" in tflops else "—", "%.1f" % tflops["cuDNN"] if "cuDNN" in tflops else "—",
        ratio(times, "豫言", "flash"), ratio(times, "豫言", "cuDNN"), ulp, ours_err, flash_err)
    del q, k, v, out, results
    torch.cuda.empty_cache()
    return row, ok


# ---- decode ----

def copy_bandwidth():
    """Device-to-device copy GB/s (bytes read + written) of 2 GiB, median of ROUNDS."""
    src = torch.empty(2 ** 30, dtype=torch.int16, device="cuda")
    dst = torch.empty_like(src)
    times = time_rounds([("copy", lambda: dst.copy_(src))])["copy"]
    return 2 * src.numel() * 2 / (median(times) * 1e-3) / 1e9


def decode_case(driver, kernel_dir, length, b, h, d, backends, copy_gbs):
    bh = b * h
    splits = 1
    while splits * bh < 1024 and length % (64 * splits * 2) == 0:
        splits *= 2
    stem = "解码_%d" % d
    part_kernel = driver.load(kernel_dir, stem, "解码入口")
    combine_kernel = driver.load(kernel_dir, stem, "合并入口")
    q = (torch.rand(b, h, 1, d, device="cuda") * 2 - 1).half()
    k = (torch.rand(b, h, length, d, device="cuda") * 2 - 1).half()
    v = (torch.rand(b, h, length, d, device="cuda") * 2 - 1).half()
    parts = torch.empty(bh * splits * d, device="cuda")
    stats = torch.empty(bh * splits * 2, device="cuda")
    out = torch.full((b, h, 1, d), float("nan"), device="cuda")
    sizes = torch.tensor([length, splits, 0], dtype=torch.int32, device="cuda")
    sizes[2] = torch.tensor([LOG2E / math.sqrt(d)], dtype=torch.float32).view(torch.int32)[0]

    resources = {"问": q, "键": k, "值": v, "部": parts, "部统": stats, "果": out, "尺寸": sizes}

    def run_ours():
        driver.launch(part_kernel, (splits, bh), resources)
        driver.launch(combine_kernel, (bh, 1), resources)

    run_ours()
    torch.cuda.synchronize()
    results = {}
    for name, ctx in backends:
        try:
            results[name] = (ctx, run_sdpa(ctx, q, k, v, False))
        except RuntimeError as e:
            print("（%s 不支持解码 L=%d D=%d：%s）" % (name, length, d, first_line(e)))
    flash = results.get("flash", (None, None))[1]
    ulp = ulp_distance(out, flash) if flash is not None else float("nan")
    worst = 0.0
    for hh in (0, bh - 1):
        ref = reference_rows(q.view(bh, 1, d)[hh], k.view(bh, length, d)[hh], v.view(bh, length, d)[hh],
                             torch.zeros(1, dtype=torch.long, device="cuda"), False)
        worst = worse(worst, (out.view(bh, 1, d)[hh].double() - ref).abs().max().item())
    ok = worst <= 1e-2 and not math.isnan(worst)
    contenders = [("豫言", run_ours)] + [(name, (lambda c=ctx: run_sdpa(c, q, k, v, False))) for name, (ctx, _) in results.items()]
    times = time_rounds(contenders)
    moved = 2.0 * bh * length * d * 2
    gbs = moved / (median(times["豫言"]) * 1e-3) / 1e9
    row = "| %d×%d | %d | %d | %d | %.1f | %.0f | %.1f %% | %s | %s | %s | %.2f | %.1e |" % (
        b, h, length, d, splits, median(times["豫言"]) * 1e3, gbs, 100 * gbs / copy_gbs,
        "%.1f" % (median(times["flash"]) * 1e3) if "flash" in times else "—",
        ratio(times, "豫言", "flash"), ratio(times, "豫言", "cuDNN"), ulp, worst)
    del q, k, v, results
    torch.cuda.empty_cache()
    return row, ok


def main():
    kernel_dir = sys.argv[1]
    driver = Driver()
    torch.manual_seed(0)
    backends = sdpa_backends()
    print("GPU：%s；torch %s；SDPA 后端：%s；%d 轮，每轮每个核 %d 次，每段前空闲 %g ms"
          % (torch.cuda.get_device_name(), torch.__version__, "、".join(n for n, _ in backends), ROUNDS, REPS, GAP_MS))
    failed = False
    rows = []
    for spec in SIZES.split(","):
        n, b, h = (int(x) for x in spec.split(":"))
        for d in (64, 128):
            for causal in (False, True):
                row, ok = forward_case(driver, kernel_dir, n, b, h, d, causal, backends)
                print(("通过 " if ok else "失败 ") + row, flush=True)
                rows.append(row)
                failed |= not ok
    print()
    print("前向（f16 入、f32 累加；豫言出 f32，SDPA 出 f16）：毫秒与比值是各轮的中位数，比值 = SDPA 时间 / 豫言时间（> 1 即豫言更快），括号里是各轮的最小–最大；"
          "ulp：豫言舍入到 f16 后与 SDPA flash 之差（以 SDPA 值处的 f16 ulp 计，最大）；误差：对 f64 参考（采样 64 行 × 首末两头）的最大绝对误差")
    print()
    print("| N | B×H | D | 因果 | 豫言 ms | 豫言 TFLOP/s | flash TFLOP/s | cuDNN TFLOP/s | 豫言/flash | 豫言/cuDNN | ulp vs flash | 豫言误差 | flash 误差 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(row)
    copy_gbs = copy_bandwidth()
    drows = []
    for spec in DECODE.split(","):
        length, b, h = (int(x) for x in spec.split(":"))
        for d in (64, 128):
            row, ok = decode_case(driver, kernel_dir, length, b, h, d, backends, copy_gbs)
            print(("通过 " if ok else "失败 ") + row, flush=True)
            drows.append(row)
            failed |= not ok
    print()
    print("解码（每头一个查询行，f16 KV 缓存，split-KV：解码入口 + 合并入口）：设备内拷贝带宽实测 %.0f GB/s（读 + 写）；GB/s 只计 K、V 的字节" % copy_gbs)
    print()
    print("| B×H | L | D | 份 | 豫言 µs | 豫言 GB/s | 占拷贝带宽 | flash µs | 豫言/flash | 豫言/cuDNN | ulp vs flash | 豫言误差 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for row in drows:
        print(row)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
