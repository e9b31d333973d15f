#!/usr/bin/env python3
"""Compile-time scaling table (issue 16): for each shape of gen.py and each mode, the CPU time
(user + sys) and peak memory of one `yusec MODE` process at N = 10 … 100,000, and the fitted
growth exponent. CPU time, not wall time: on the shared machine a process mostly waits for a
core, and that wait is not the compiler's.

    run.py YUSEC [--sizes 10,100,...] [--shapes a,b] [--modes -check,...] [--cap SECONDS]
                 [--markdown] [--smoke]

A cell whose run exceeds --cap seconds of wall time (default 60) is shown as `>cap` and the larger sizes of
that row are skipped. The exponent is the least-squares slope of log(time) on log(N) over the
cells of at least 1,000 (smaller ones are dominated by the fixed start-up cost); `peak` is the
maximum resident set size reported by wait4. --smoke (N ≤ 100, every shape and mode) only
checks that everything compiles and exits 0: it is the ctest guard that keeps this script
and the generator working. Runs one process at a time.
"""
import argparse
import math
import os
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402

MODES = ["-check", "-emit-wgsl", "-emit-msl", "-emit-ptx", "-emit-gen"]
SIZES = [10, 100, 1000, 10000, 100000]
# Limits of the language and the targets, not of the compiler: 若 nests for real and the
# parser's limit is 10,000 levels, WGSL and MSL take 512 levels of control flow
# (docs/language.md §2.9); a module has at most 28 buffers for MSL (31 buffer slots, group × 16 +
# binding) and 3,999 for WGSL (4 bind groups of binding numbers 0–999, WebGPU's default limits;
# yusec reports either as an error: docs/targets.md), besides 「数据」 (gen.py).
SHAPE_MAX = {("ifs", mode): 10000 for mode in MODES}
SHAPE_MAX.update({("ifs", "-emit-wgsl"): 512, ("ifs", "-emit-msl"): 512,
                  ("bindings", "-emit-wgsl"): 3999, ("bindings", "-emit-msl"): 28})


def peak_of_child(yusec, mode, source, out, cap):
    """(CPU seconds, peak KiB, exit status, stderr) of one compile, seconds None past the cap.
    ru_maxrss of RUSAGE_CHILDREN is the maximum over all children so far, so each run is made
    from a fresh Python process and the figures (CPU time too) are that run's own."""
    # GNU time spawns the compiler and reports its peak RSS (%M): a child forked from Python
    # starts its peak at Python's (~13 MB), one forked from time at time's (~1 MB). wait4 on
    # time gives the CPU time with the compiler's (its reaped child) added, to the microsecond.
    code = ("import os,signal,subprocess,sys,tempfile\n"
            "err=tempfile.TemporaryFile()\n"
            "rep=tempfile.NamedTemporaryFile(suffix='.time')\n"
            "p=subprocess.Popen(['/usr/bin/time','-f','%M','-o',rep.name]+sys.argv[1:6],stdout=subprocess.DEVNULL,stderr=err,start_new_session=True)\n"
            "def late(*_):\n"
            "    os.killpg(p.pid,signal.SIGKILL); sys.stderr.write('TimeoutExpired'); os._exit(3)\n"
            "signal.signal(signal.SIGALRM,late)\n"
            "signal.setitimer(signal.ITIMER_REAL,float(sys.argv[6]))\n"
            "_,st,u=os.wait4(p.pid,0)\n"
            "signal.setitimer(signal.ITIMER_REAL,0)\n"
            "err.seek(0);sys.stderr.buffer.write(err.read()[-2000:])\n"
            "print(u.ru_utime+u.ru_stime, open(rep.name).read().split()[-1], os.waitstatus_to_exitcode(st))\n")
    try:
        proc = subprocess.run([sys.executable, "-c", code, yusec, mode, source, "-o", out, str(cap)],
                              capture_output=True, timeout=cap + 30)
    except subprocess.TimeoutExpired:
        return None, 0, "timeout", b""
    if b"TimeoutExpired" in proc.stderr:
        return None, 0, "timeout", b""
    if proc.returncode != 0 or not proc.stdout.strip():
        return 0.0, 0, "harness failure", proc.stderr
    seconds, peak, status = proc.stdout.split()
    return float(seconds), int(peak), int(status), proc.stderr


def exponent(points):
    pts = [(math.log(n), math.log(t)) for n, t in points if n >= 1000 and t and t > 0]
    if len(pts) < 2:
        return None
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    sxx = sum((x - mx) ** 2 for x, _ in pts)
    return sum((x - mx) * (y - my) for x, y in pts) / sxx if sxx else None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("yusec")
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    ap.add_argument("--shapes", default=",".join(s for s in gen.SHAPES))
    ap.add_argument("--modes", default=",".join(MODES))
    ap.add_argument("--cap", type=float, default=60.0)
    ap.add_argument("--smoke", action="store_true")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    if args.smoke:
        sizes = [n for n in sizes if n <= 100] or [10, 100]
    shapes = args.shapes.split(",")
    modes = args.modes.split(",")
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        print("| shape | mode | " + " | ".join("N=%d" % n for n in sizes) + " | exponent |")
        print("|---|---|" + "---|" * len(sizes) + "---|")
        for shape in shapes:
            sources = {}
            for mode in modes:
                cells, points, skip = [], [], False
                for n in sizes:
                    if skip or n > SHAPE_MAX.get((shape, mode), n):
                        cells.append("—" if not skip else "skipped")
                        continue
                    if n not in sources:
                        sources[n] = os.path.join(tmp, "%s%d。着色器。豫" % (shape, n))
                        with open(sources[n], "w", encoding="utf-8") as f:
                            f.write(gen.generate(shape, n))
                    out = os.path.join(tmp, "out")
                    seconds, peak, status, err = peak_of_child(args.yusec, mode, sources[n], out, args.cap)
                    if seconds is None:
                        cells.append(">%gs" % args.cap)
                        skip = True
                        continue
                    if status != 0:
                        failures += 1
                        sys.stderr.write("%s %s N=%d: exit %s\n%s\n" % (shape, mode, n, status,
                                                                       err.decode("utf-8", "replace")[-600:]))
                        cells.append("exit %s" % status)
                        continue
                    points.append((n, seconds))
                    cells.append("%.3f s / %.0f MB" % (seconds, peak / 1024))  # CPU s / peak RSS
                k = exponent(points)
                print("| %s | %s | %s | %s |" % (shape, mode, " | ".join(cells), "%.2f" % k if k else "—"))
                sys.stdout.flush()
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
