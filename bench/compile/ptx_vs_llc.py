#!/usr/bin/env python3
"""yusec -emit-ptx (whole process: front end, passes, plugin load, LLVM optimisation and
NVPTX code generation) against llc-19 -O3 alone on the LLVM IR yusec hands to the NVPTX
back end (yusec -emit-llvm), per sample with a PTX golden. Prints a Markdown table of median
CPU time (user + sys of the process) and wall time over RUNS runs, and the ratio yusec/llc
(issue 16's target: at most 0.5). llc does less work than yusec here: no front end, no LLVM
middle end (the IR is already optimised), only code generation.
usage: ptx_vs_llc.py YUSEC SAMPLES_DIR [RUNS]"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

LLC = os.environ.get("LLC", "llc-19")


def measure(cmd, cwd, runs):
    """Median CPU seconds (user + sys) and median wall seconds of `runs` runs."""
    cpu, wall = [], []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        wall.append(time.perf_counter() - start)
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit("failed: %s" % " ".join(cmd))
        cpu.append(usage.ru_utime + usage.ru_stime)
    return statistics.median(cpu), statistics.median(wall)


def main():
    yusec, samples = os.path.abspath(sys.argv[1]), sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 11
    stems = sorted(f[: -len("。千手")] for f in os.listdir(samples) if f.endswith("。千手"))
    print("| sample | yusec -emit-ptx CPU ms | llc-19 -O3 CPU ms | CPU ratio | yusec wall ms | llc wall ms | wall ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    ratios = []
    with tempfile.TemporaryDirectory() as tmp:
        for stem in stems:
            source = stem + "。着色器。豫"
            ll = os.path.join(tmp, stem + ".ll")
            subprocess.run([yusec, "-emit-llvm", source, "-o", ll], cwd=samples, check=True,
                           stderr=subprocess.DEVNULL)
            y_cpu, y_wall = measure([yusec, "-emit-ptx", source, "-o", os.devnull], samples, runs)
            l_cpu, l_wall = measure([LLC, "-O3", "-mcpu=sm_80", "-mattr=+ptx80", ll, "-o", os.devnull],
                                    samples, runs)
            ratios.append(y_cpu / l_cpu)
            print("| %s | %.1f | %.1f | %.2f | %.1f | %.1f | %.2f |" % (
                stem, y_cpu * 1e3, l_cpu * 1e3, y_cpu / l_cpu, y_wall * 1e3, l_wall * 1e3, y_wall / l_wall))
    print()
    print("CPU ratio yusec/llc over %d samples: median %.2f, max %.2f (target <= 0.5)" % (
        len(ratios), statistics.median(ratios), max(ratios)))


main()
