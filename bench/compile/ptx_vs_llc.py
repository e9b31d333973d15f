#!/usr/bin/env python3
"""yusec -emit-ptx (whole process: front end, passes, plugin load, LLVM optimisation and
NVPTX code generation) against llc-19 -O3 alone on the LLVM IR yusec hands to the NVPTX
back end (yusec -emit-llvm), per sample with a PTX golden, the two interleaved run by run.
Prints a Markdown table of the minimum and the median CPU time (user + sys of the process,
wait4) over RUNS runs each and the ratios yusec/llc (issue 16's target: at most 0.5); wall
time is left out, it measures the queue on a shared machine. llc does less work than yusec here: no front end, no LLVM
middle end (the IR is already optimised), only code generation.
usage: ptx_vs_llc.py YUSEC SAMPLES_DIR [RUNS]"""
import os
import statistics
import subprocess
import sys
import tempfile

LLC = os.environ.get("LLC", "llc-19")
PLUGIN_OPTIONS = ["-nvptx-short-ptr"]  # the PTX plugin's LLVM options (targets/ptx/plugin.c)


def cpu_seconds(cmd, cwd):
    """CPU seconds (user + sys) of one run of cmd."""
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit("failed: %s" % " ".join(cmd))
    return usage.ru_utime + usage.ru_stime


def measure_pair(first, second, cwd, runs):
    """CPU seconds of `runs` runs of each command, alternating, so both see the same load."""
    a, b = [], []
    for _ in range(runs):
        a.append(cpu_seconds(first, cwd))
        b.append(cpu_seconds(second, cwd))
    return a, b


def main():
    yusec, samples = os.path.abspath(sys.argv[1]), sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 11
    stems = sorted(f[: -len("。千手")] for f in os.listdir(samples) if f.endswith("。千手"))
    print("| sample | yusec -emit-ptx CPU ms min | llc-19 -O3 CPU ms min | ratio (min) "
          "| yusec CPU ms median | llc CPU ms median | ratio (median) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    ratios, median_ratios = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for stem in stems:
            source = stem + "。着色器。豫"
            ll = os.path.join(tmp, stem + ".ll")
            subprocess.run([yusec, "-emit-llvm", source, "-o", ll], cwd=samples, check=True,
                           stderr=subprocess.DEVNULL)
            y, l = measure_pair([yusec, "-emit-ptx", source, "-o", os.devnull],
                                [LLC, "-O3", "-mcpu=sm_80", "-mattr=+ptx80"] + PLUGIN_OPTIONS + [ll, "-o", os.devnull],
                                samples, runs)
            ratios.append(min(y) / min(l))
            median_ratios.append(statistics.median(y) / statistics.median(l))
            print("| %s | %.1f | %.1f | %.2f | %.1f | %.1f | %.2f |" % (
                stem, min(y) * 1e3, min(l) * 1e3, ratios[-1],
                statistics.median(y) * 1e3, statistics.median(l) * 1e3, median_ratios[-1]))
    print()
    for name, values in (("minima", ratios), ("medians", median_ratios)):
        print("CPU ratio yusec/llc of the %s over %d samples: median %.2f, max %.2f, %d <= 0.5 "
              "(target: all <= 0.5)" % (name, len(values), statistics.median(values), max(values),
                                        sum(1 for r in values if r <= 0.5)))


main()
