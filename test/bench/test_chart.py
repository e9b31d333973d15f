#!/usr/bin/env python3
"""bench/chart.py on sample tables: a bar chart and a log-log growth curve (a gap included)
come out as well-formed SVG naming every series and category; a missing column is an error
(exit 2). Exit 77 (ctest: skipped) where gnuplot is not installed."""
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

CHART = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench", "chart.py")
failures = []


def check(condition, what):
    print(("ok: " if condition else "FAIL: ") + what)
    if not condition:
        failures.append(what)


def svg_text(path):
    root = ET.parse(path).getroot()
    check(root.tag == "{http://www.w3.org/2000/svg}svg", os.path.basename(path) + " is an SVG document")
    return "".join(root.itertext())


def run(*args):
    return subprocess.run([sys.executable, CHART, *args], capture_output=True, text=True)


def main():
    if not shutil.which("gnuplot"):
        print("skipped: gnuplot is not installed")
        return 77
    with tempfile.TemporaryDirectory() as work:
        bench_csv = os.path.join(work, "bench.csv")
        with open(bench_csv, "w", encoding="utf-8") as f:
            f.write("kernel,yusec_GBps,nvcc_GBps\ncopy,,4300\n加倍,4200,4210\n归约,3900,4000\n")
        out = os.path.join(work, "bench.svg")
        result = run("bars", bench_csv, out, "--category", "kernel", "--series", "yusec_GBps,nvcc_GBps",
                     "--title", "带宽（GB/s）", "--ylabel", "GB/s")
        check(result.returncode == 0, "bars: exit 0 " + result.stderr)
        if result.returncode == 0:
            text = svg_text(out)
            for word in ("yusec_GBps", "nvcc_GBps", "加倍", "归约", "copy", "带宽"):
                check(word in text, "bars: the SVG names " + word)
        growth_csv = os.path.join(work, "growth.csv")
        with open(growth_csv, "w", encoding="utf-8") as f:
            f.write("lines,yusec_s,llc_s\n10,0.01,0.02\n100,0.05,0.2\n1000,0.6,\n")
        out = os.path.join(work, "growth.svg")
        result = run("lines", growth_csv, out, "--x", "lines", "--series", "yusec_s,llc_s", "--logx",
                     "--logy", "--title", "编译时间", "--xlabel", "lines", "--ylabel", "s")
        check(result.returncode == 0, "lines: exit 0 " + result.stderr)
        if result.returncode == 0:
            text = svg_text(out)
            check("yusec_s" in text and "llc_s" in text, "lines: both curves are named")
        result = run("bars", bench_csv, os.path.join(work, "bad.svg"), "--category", "kernel", "--series", "nope")
        check(result.returncode == 2 and "no column 'nope'" in result.stderr, "a missing column is an error")
        check(not os.path.exists(os.path.join(work, "bad.svg")), "and writes nothing")
    print("%d chart checks failed" % len(failures) if failures else "all chart checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
