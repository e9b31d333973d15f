#!/usr/bin/env python3
"""Charts for the benchmark tables, drawn by Debian's gnuplot (gnuplot-nox) as SVG: one
shared helper for bench/run_bench.sh (yusec vs nvcc per kernel), bench/gemm/run_gemm.py
(TFLOP/s per design) and the compile-time growth curves of bench/compile/.

As a module:
    import chart
    chart.bars("bench.svg", "标题", ["加倍", "乘加"], [("yusec", [1.0, 2.0]), ("nvcc", [1.1, 2.1])], "GB/s")
    chart.lines("growth.svg", "标题", [10, 100, 1000], [("yusec", [0.1, 0.5, 4.0])], "lines", "s", logx=True)
From the command line, on a CSV with a header row:
    chart.py bars CSV OUT.svg --category kernel --series yusec_GBps,nvcc_GBps [--title T] [--ylabel Y]
    chart.py lines CSV OUT.svg --x size --series yusec_s,llc_s [--title T] [--xlabel X] [--ylabel Y] [--logx] [--logy]
An empty CSV field is a missing value (a gap). Exit 2 when gnuplot is absent or the CSV lacks
a named column."""
import argparse
import csv
import os
import shutil
import subprocess
import sys
import tempfile


class ChartError(Exception):
    pass


def _gnuplot():
    path = shutil.which("gnuplot")
    if not path:
        raise ChartError("gnuplot is not installed (Debian: apt-get install gnuplot-nox)")
    return path


def _quote(text):
    """A gnuplot string literal."""
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def _number(value):
    return "NaN" if value is None else repr(float(value))


def _run(script, data_rows, out_svg):
    with tempfile.TemporaryDirectory() as work:
        data = os.path.join(work, "data.tsv")
        with open(data, "w", encoding="utf-8") as f:
            for row in data_rows:
                f.write("\t".join(row) + "\n")
        result = subprocess.run([_gnuplot()], input=script.replace("@DATA@", _quote(data)),
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise ChartError("gnuplot failed: " + result.stderr.strip())
    if not os.path.exists(out_svg) or os.path.getsize(out_svg) == 0:
        raise ChartError("gnuplot wrote no " + out_svg)


def _header(out_svg, title, ylabel):
    return "\n".join([
        'set terminal svg size 900,500 dynamic noenhanced font "sans,11" background "white"',
        "set output " + _quote(out_svg),
        "set title " + _quote(title),
        "set ylabel " + _quote(ylabel),
        "set key outside top right",
        "set grid ytics",
        "set datafile separator \"\\t\"",
        "set datafile missing \"NaN\"",
        "",
    ])


def bars(out_svg, title, categories, series, ylabel):
    """Clustered bars: one cluster per category, one bar per (name, values) series."""
    if not categories or not series:
        raise ChartError("a bar chart needs categories and at least one series")
    rows = [[str(c).replace("\t", " ")] + [_number(values[i]) for _, values in series]
            for i, c in enumerate(categories)]
    plots = ", ".join("@DATA@ using %d:xtic(1) title %s" % (k + 2, _quote(name))
                      for k, (name, _) in enumerate(series))
    script = _header(out_svg, title, ylabel) + "\n".join([
        "set style data histograms",
        "set style histogram clustered gap 1",
        "set style fill solid 0.85 border -1",
        "set boxwidth 0.9",
        "set yrange [0:*]",
        "set xtics rotate by -30",
        "plot " + plots,
        "",
    ])
    _run(script, rows, out_svg)


def lines(out_svg, title, xs, series, xlabel, ylabel, logx=False, logy=False):
    """Growth curves: y of each (name, values) series against xs."""
    if not xs or not series:
        raise ChartError("a line chart needs x values and at least one series")
    rows = [[_number(x)] + [_number(values[i]) for _, values in series] for i, x in enumerate(xs)]
    plots = ", ".join("@DATA@ using 1:%d with linespoints title %s" % (k + 2, _quote(name))
                      for k, (name, _) in enumerate(series))
    script = _header(out_svg, title, ylabel) + "\n".join([
        "set xlabel " + _quote(xlabel),
        "set logscale x" if logx else "",
        "set logscale y" if logy else "",
        "plot " + plots,
        "",
    ])
    _run(script, rows, out_svg)


def _column(rows, header, name):
    if name not in header:
        raise ChartError("the CSV has no column %r (it has %s)" % (name, ", ".join(header)))
    k = header.index(name)
    return [row[k] if k < len(row) else "" for row in rows]


def _floats(texts):
    return [float(t) if t.strip() else None for t in texts]


def main(argv):
    parser = argparse.ArgumentParser(description="SVG charts of benchmark CSV tables (gnuplot)")
    parser.add_argument("kind", choices=["bars", "lines"])
    parser.add_argument("csv")
    parser.add_argument("out")
    parser.add_argument("--category", help="bars: the column naming each cluster")
    parser.add_argument("--x", help="lines: the column of x values")
    parser.add_argument("--series", required=True, help="comma-separated value columns")
    parser.add_argument("--title", default="")
    parser.add_argument("--xlabel", default="")
    parser.add_argument("--ylabel", default="")
    parser.add_argument("--logx", action="store_true")
    parser.add_argument("--logy", action="store_true")
    args = parser.parse_args(argv)
    try:
        with open(args.csv, newline="", encoding="utf-8") as f:
            table = list(csv.reader(f))
        if len(table) < 2:
            raise ChartError(args.csv + " has no data rows")
        header, rows = table[0], table[1:]
        names = [s for s in args.series.split(",") if s]
        series = [(name, _floats(_column(rows, header, name))) for name in names]
        if args.kind == "bars":
            if not args.category:
                raise ChartError("bars needs --category")
            bars(args.out, args.title, _column(rows, header, args.category), series, args.ylabel)
        else:
            if not args.x:
                raise ChartError("lines needs --x")
            lines(args.out, args.title, _floats(_column(rows, header, args.x)), series, args.xlabel,
                  args.ylabel, args.logx, args.logy)
    except (ChartError, OSError, ValueError) as error:
        print("chart.py: error: %s" % error, file=sys.stderr)
        return 2
    print("chart.py: wrote " + args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
