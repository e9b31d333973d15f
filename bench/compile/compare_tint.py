#!/usr/bin/env python3
"""In-process yusec (front end + WGSL, libyusec) against Tint (Dawn's createShaderModule +
getCompilationInfo) on the same WGSL, per sample (issue 16.6).

    compare_tint.py BENCH_BINARY [--reps N] [--builtin DIR] [--extra SHAPE:N ...]

BENCH_BINARY is build/yusec_compile_bench. Samples are the sources of 库/点染/测试/样例 that have
a NAME.wgsl golden; --extra adds generated shaders (gen.py shape and size). Prints a markdown
table: the minimum and median milliseconds of each and yusec/Tint of the minima (the minimum is
the figure that a loaded machine disturbs least; the target is ≤ 0.7 on every sample).
"""
import argparse
import glob
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import gen  # noqa: E402


def field_of(text, name):
    fields = text.split()
    return float(fields[fields.index(name) + 1])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("bench")
    ap.add_argument("--reps", type=int, default=50)
    ap.add_argument("--builtin", default=os.path.join(ROOT, "库", "点染"))
    ap.add_argument("--extra", nargs="*", default=[])
    args = ap.parse_args()
    args.bench = os.path.abspath(args.bench)
    samples_dir = os.path.join(ROOT, "库", "点染", "测试", "样例")
    sources = [s for s in sorted(glob.glob(os.path.join(samples_dir, "*。着色器。豫")))
               if os.path.exists(s.replace("。着色器。豫", ".wgsl"))]
    rows, worst = [], 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for spec in args.extra:
            shape, n = spec.split(":")
            path = os.path.join(tmp, "%s%s。着色器。豫" % (shape, n))
            with open(path, "w", encoding="utf-8") as f:
                f.write(gen.generate(shape, int(n)))
            sources.append(path)
        for source in sources:
            name = os.path.basename(source).replace("。着色器。豫", "")
            wgsl = os.path.join(tmp, "out.wgsl")
            mine = subprocess.run([args.bench, source, str(args.reps), wgsl, args.builtin],
                                  capture_output=True, text=True, cwd=os.path.dirname(source))
            if mine.returncode != 0:
                sys.stderr.write("%s: yusec_compile_bench failed\n%s" % (name, mine.stderr[-800:]))
                continue
            out = os.path.join(tmp, "tint.txt")
            tint = subprocess.run(["node", os.path.join(HERE, "tint_time.mjs"), wgsl, str(args.reps), out],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            if tint.returncode != 0 or not os.path.exists(out):
                sys.stderr.write("%s: Tint failed (%s)\n%s" % (name, tint.returncode, tint.stderr[-800:]))
                continue
            tint_text = open(out).read()
            os.remove(out)
            y = (field_of(mine.stdout, "min_ms"), field_of(mine.stdout, "median_ms"))
            t = (field_of(tint_text, "min_ms"), field_of(tint_text, "median_ms"))
            worst = max(worst, y[0] / t[0])
            rows.append((name, y, t))
    print("| sample | yusec min / median (ms) | Tint min / median (ms) | yusec/Tint (min) |")
    print("|---|---|---|---|")
    for name, y, t in rows:
        print("| %s | %.3f / %.3f | %.3f / %.3f | %.2f |" % (name, y[0], y[1], t[0], t[1], y[0] / t[0]))
    print("\nworst yusec/Tint: %.2f over %d samples" % (worst, len(rows)))


if __name__ == "__main__":
    main()
