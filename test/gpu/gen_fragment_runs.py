#!/usr/bin/env python3
"""Writes the 名。运行.json of the fragment samples made for WGSL (着十二 on WebGPU):
矩阵片网页 (f16), 矩阵片整八网页 (s8) and 矩阵片子组一致起 (起 from a subgroup reduction). Inputs are small integers (exact in f16,
products and sums exact in f32), from a fixed seed; the expected buffers are computed here
from the layouts of docs/builtins.md ("Subgroup matrix fragments"), independently of yusec.
exec.samples checks them on the CPU executor; test/gpu/run_dawn_vulkan.sh on the GPU (PTX and
WGSL through Dawn/Vulkan).

usage: gen_fragment_runs.py SAMPLES_DIR
"""
import json
import os
import random
import struct
import sys

NOTE = ("PTX、WGSL（Dawn 的 chromium-experimental-subgroup-matrix，须有相应的子组矩阵配置）与 CPU 执行器；"
        "一个工作组恰是一个子组，假定子组大小为 32")


def f16_bits(x):
    return struct.unpack("<H", struct.pack("<e", float(x)))[0]


def halves_to_words(halves):
    return [f16_bits(halves[i]) | f16_bits(halves[i + 1]) << 16 for i in range(0, len(halves), 2)]


def bytes_to_words(values):
    return [sum((values[i + b] & 0xFF) << (8 * b) for b in range(4)) for i in range(0, len(values), 4)]


def half_sample(rng):
    a = [[rng.randint(-3, 3) for _ in range(64)] for _ in range(16)]       # A[m][k]
    b = [[rng.randint(-3, 3) for _ in range(64)] for _ in range(16)]       # B[n][k]
    bt = [[rng.randint(-3, 3) for _ in range(16)] for _ in range(64)]      # Bt[k][n]
    c = [[float(rng.randint(-8, 8)) for _ in range(16)] for _ in range(16)]
    out = [c[m][n] + sum(a[m][k] * b[n][k] for k in range(64)) for m in range(16) for n in range(16)]
    out2 = [float(sum(a[m][k] * bt[k][n] for k in range(64))) for m in range(16) for n in range(16)]
    flat = lambda rows: [v for row in rows for v in row]
    return {
        "entry": "网页乘入口", "function": "网页乘", "workgroup_size": 32, "workgroups": [1, 1, 1],
        "needs": ["f16", "subgroup-matrix"], "note": NOTE,
        "buffers": [
            {"group": 0, "binding": 0, "type": "u32", "init": halves_to_words(flat(a))},
            {"group": 0, "binding": 1, "type": "u32", "init": halves_to_words(flat(b))},
            {"group": 0, "binding": 2, "type": "u32", "init": halves_to_words(flat(bt))},
            {"group": 0, "binding": 3, "type": "f32", "init": flat(c)},
            {"group": 0, "binding": 4, "type": "f32", "init": [0.0] * 256, "expect": out},
            {"group": 0, "binding": 5, "type": "f32", "init": [0.0] * 256, "expect": out2},
        ],
    }


def int8_sample(rng):
    a = [[rng.randint(-128, 127) for _ in range(64)] for _ in range(16)]   # A[m][k]
    b = [[rng.randint(-128, 127) for _ in range(64)] for _ in range(16)]   # B[n][k]
    flat = lambda rows: [v for row in rows for v in row]
    out = [(0x4B400000 + sum(a[m][k] * b[n][k] for k in range(64))) & 0xFFFFFFFF
           for m in range(16) for n in range(16)]
    return {
        "entry": "整八乘入口", "function": "整八乘", "workgroup_size": 32, "workgroups": [1, 1, 1],
        "needs": ["subgroup-matrix"], "note": NOTE,
        "buffers": [
            {"group": 0, "binding": 0, "type": "u32", "init": bytes_to_words(flat(a))},
            {"group": 0, "binding": 1, "type": "u32", "init": bytes_to_words(flat(b))},
            {"group": 0, "binding": 2, "type": "u32", "init": [0] * 256, "expect": out},
        ],
    }


def subgroup_start_sample(rng):
    halves = [rng.randint(-3, 3) for _ in range(512)]   # two 16×16 blocks, rows of 16
    out = []
    for block in range(2):
        a = [[halves[256 * block + 16 * r + c] for c in range(16)] for r in range(16)]
        out += [float(sum(a[m][k] * a[n][k] for k in range(16))) for m in range(16) for n in range(16)]
    return {
        "entry": "块乘入口", "function": "块乘", "workgroup_size": 64, "workgroups": [1, 1, 1],
        "needs": ["f16", "subgroups", "subgroup-matrix"],
        "note": NOTE.replace("一个工作组恰是一个子组", "一个工作组是两个子组"),
        "buffers": [
            {"group": 0, "binding": 0, "type": "u32", "init": halves_to_words(halves)},
            {"group": 0, "binding": 1, "type": "f32", "init": [0.0] * 512, "expect": out},
        ],
    }


def main():
    samples = sys.argv[1]
    rng = random.Random(33)
    for stem, spec in (("矩阵片网页", half_sample(rng)), ("矩阵片整八网页", int8_sample(rng)),
                       ("矩阵片子组一致起", subgroup_start_sample(rng))):
        with open(os.path.join(samples, stem + "。运行.json"), "w", encoding="utf-8") as f:
            json.dump(spec, f, ensure_ascii=False, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
