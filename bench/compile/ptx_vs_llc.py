#!/usr/bin/env python3
"""yusec -emit-ptx (whole process: front end, passes, plugin load, LLVM optimisation and
NVPTX code generation) against llc-19 -O3 alone on the LLVM IR yusec hands to the NVPTX
back end (yusec -emit-llvm), per sample with a PTX golden, the commands interleaved run by run.
Prints a Markdown table of the minimum and the median CPU time (user + sys of the process,
wait4) over RUNS runs each and the ratios yusec/llc (issue 16's target: at most 0.5); wall
time is left out, it measures the queue on a shared machine. llc does less work than yusec here: no front end, no LLVM
middle end (the IR is already optimised), only code generation.

The floor columns say how far down yusec could go while it runs LLVM's NVPTX code generation:
G is the code generation a sample costs beyond the reference sample (FLOOR_REFERENCE, default
加倍, the smallest compute kernel), measured as llc-19 -O2 (yusec's code-generation level) on
the sample's IR minus llc-19 -O2 on the reference's IR, minima of the same runs; the floor is
yusec's whole run on the reference plus G, i.e. yusec with a middle end that cost nothing beyond
the reference's. A floor ratio above 0.5 means no cheaper LLVM pipeline can meet the target for
that sample; only a cheaper start-up or a cheaper code generator could.
usage: ptx_vs_llc.py YUSEC SAMPLES_DIR [RUNS]"""
import os
import statistics
import subprocess
import sys
import tempfile

LLC = os.environ.get("LLC", "llc-19")
PLUGIN_OPTIONS = ["-nvptx-short-ptr"]  # the PTX plugin's LLVM options (targets/ptx/plugin.c)
LLC_TARGET = ["-mcpu=sm_80", "-mattr=+ptx80"] + PLUGIN_OPTIONS
REFERENCE = os.environ.get("FLOOR_REFERENCE", "加倍")


def cpu_seconds(cmd, cwd):
    """CPU seconds (user + sys) of one run of cmd."""
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit("failed: %s" % " ".join(cmd))
    return usage.ru_utime + usage.ru_stime


def measure(commands, cwd, runs):
    """CPU seconds of `runs` runs of each command, round-robin, so all see the same load."""
    times = [[] for _ in commands]
    for _ in range(runs):
        for i, cmd in enumerate(commands):
            times[i].append(cpu_seconds(cmd, cwd))
    return times


def sample_commands(yusec, stem, ll):
    source = stem + "。着色器。豫"
    return ([yusec, "-emit-ptx", source, "-o", os.devnull],
            [LLC, "-O3"] + LLC_TARGET + [ll, "-o", os.devnull],
            [LLC, "-O2"] + LLC_TARGET + [ll, "-o", os.devnull])


def main():
    yusec, samples = os.path.abspath(sys.argv[1]), sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 11
    stems = sorted(f[: -len("。千手")] for f in os.listdir(samples) if f.endswith("。千手"))
    if REFERENCE not in stems:
        raise SystemExit("no PTX sample %s for the floor's reference" % REFERENCE)
    print("| sample | yusec -emit-ptx CPU ms min | llc-19 -O3 CPU ms min | ratio (min) "
          "| yusec CPU ms median | llc CPU ms median | ratio (median) "
          "| G: code generation beyond %s, ms | floor ratio |" % REFERENCE)
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    ratios, median_ratios, floors = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        def ll_of(stem):
            ll = os.path.join(tmp, stem + ".ll")
            if not os.path.exists(ll):
                subprocess.run([yusec, "-emit-llvm", stem + "。着色器。豫", "-o", ll], cwd=samples,
                               check=True, stderr=subprocess.DEVNULL)
            return ll
        reference = sample_commands(yusec, REFERENCE, ll_of(REFERENCE))
        for stem in stems:
            commands = sample_commands(yusec, stem, ll_of(stem))
            y, l, l2, ref_y, ref_l2 = measure(commands + (reference[0], reference[2]), samples, runs)
            ratios.append(min(y) / min(l))
            median_ratios.append(statistics.median(y) / statistics.median(l))
            codegen = max(0.0, min(l2) - min(ref_l2))
            floors.append((min(ref_y) + codegen) / min(l))
            print("| %s | %.1f | %.1f | %.2f | %.1f | %.1f | %.2f | %.1f | %.2f |" % (
                stem, min(y) * 1e3, min(l) * 1e3, ratios[-1],
                statistics.median(y) * 1e3, statistics.median(l) * 1e3, median_ratios[-1],
                codegen * 1e3, floors[-1]))
    print()
    for name, values in (("minima", ratios), ("medians", median_ratios)):
        print("CPU ratio yusec/llc of the %s over %d samples: median %.2f, max %.2f, %d <= 0.5 "
              "(target: all <= 0.5)" % (name, len(values), statistics.median(values), max(values),
                                        sum(1 for r in values if r <= 0.5)))
    above = [stem for stem, f in zip(stems, floors) if f > 0.5]
    print("floor ratio (yusec on %s + G) above 0.5 for %d samples: %s" % (
        REFERENCE, len(above), ", ".join(above) if above else "none"))


main()
