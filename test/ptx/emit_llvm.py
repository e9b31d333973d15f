#!/usr/bin/env python3
"""-emit-llvm is the LLVM IR the PTX path hands to the NVPTX back end (issue 16): for every
sample with a PTX golden (名。千手), `llc-19 -O3` on yusec's -emit-llvm output must give the same
PTX instructions as `yusec -emit-ptx`, up to comments, blank lines, the names of kernel
parameters (yusec renames them p_g<组>_b<绑定>, 着十) and the `.reqntid` lines (yusec writes
them itself, one per kernel, targets/ptx/launch.c: the IR has no nvvm.annotations for llc to
print them from), and ptxas must accept it. llc gets the
PTX plugin's own LLVM options (targets/ptx/plugin.c: -nvptx-short-ptr, 32-bit shared addresses). A module with
several kernels only has to give the same kernels (see below).
usage: emit_llvm.py YUSEC SAMPLES_DIR"""
import os
import re
import subprocess
import sys
import tempfile

LLC = os.environ.get("LLC", "llc-19")
PLUGIN_OPTIONS = ["-nvptx-short-ptr"]  # targets/ptx/plugin.c set_llvm_options
PTXAS = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")
REQNTID = re.compile(r"^\.reqntid \d+, \d+, \d+$")
PARAM = re.compile(r"^\s*\.param\s+\.\S+(?:\s+\.\S+)*\s+([A-Za-z_$][\w$]*)", re.M)


REGISTER = re.compile(r"%(r|rd|rs|f|fd|p|h|hh)(\d+)\b")
REG_DECL = re.compile(r"^(\s*\.reg\s+\.\w+\s+%\w+)<\d+>;$")


def normalised(ptx):
    """Instruction lines without comments, parameter names by position in their function, and
    virtual registers numbered by first appearance in their function (with the counts of the
    .reg lines dropped): LLVM's text form does not keep the use-list order, which can steer
    which virtual register gets which number (sample 回绕下标's two copies of a loop)."""
    names = {}
    regs = {}
    lines = []
    for line in ptx.splitlines():
        line = line.split("//")[0].rstrip()
        if not line.strip():
            continue
        if re.search(r"\.(entry|func)\b", line):
            names = {}
            regs = {}
        m = PARAM.match(line)
        if m:
            names.setdefault(m.group(1), "P%d" % len(names))
        line = re.sub(r"[A-Za-z_$][\w$]*", lambda m: names.get(m.group(0), m.group(0)), line)
        line = REG_DECL.sub(r"\1<N>;", line)
        line = REGISTER.sub(lambda m: regs.setdefault(m.group(0), "%%%s#%d" % (m.group(1), len(regs))), line)
        lines.append(line)
    return lines


def loose(lines):
    """The instructions as a multiset, registers by class only."""
    return sorted(re.sub(r"%(r|rd|rs|f|fd|p|h|hh)#\d+", r"%\1", l) for l in lines)


def main():
    yusec, samples = sys.argv[1], sys.argv[2]
    stems = sorted(f[: -len("。千手")] for f in os.listdir(samples) if f.endswith("。千手"))
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for stem in stems:
            source = stem + "。着色器。豫"
            ll = os.path.join(tmp, "m.ll")
            llc_ptx = os.path.join(tmp, "llc.ptx")
            subprocess.run([yusec, "-emit-llvm", source, "-o", ll], cwd=samples, check=True,
                           stderr=subprocess.DEVNULL)
            ptx = subprocess.run([yusec, "-emit-ptx", source], cwd=samples, check=True,
                                 capture_output=True, text=True).stdout
            head = open(ll, encoding="ascii").read(200)
            if 'target triple = "nvptx64-nvidia-cuda"' not in open(ll).read():
                print("FAIL: %s: -emit-llvm has no NVPTX triple: %s" % (stem, head))
                failed += 1
                continue
            # The arch yusec wrote for (sm_90a for warpgroup MMA, docs/targets.md), else sm_80.
            target = re.search(r"^\.target (sm_\w+)", ptx, re.M)
            arch = target.group(1) if target else "sm_80"
            llc = subprocess.run([LLC, "-O3", "-mcpu=" + arch, "-mattr=+ptx80"] + PLUGIN_OPTIONS + [ll, "-o", llc_ptx],
                                 capture_output=True, text=True)
            if llc.returncode != 0:
                print("FAIL: %s: llc-19 rejects the -emit-llvm output:\n%s" % (stem, llc.stderr))
                failed += 1
                continue
            ours, theirs = normalised(ptx), normalised(open(llc_ptx).read())
            entries = sum(1 for l in ours if re.search(r"\.entry\b", l))
            bounds = sum(1 for l in ours if REQNTID.match(l))
            if bounds != entries:
                print("FAIL: %s: -emit-ptx has %d .reqntid lines for %d kernels" % (stem, bounds, entries))
                failed += 1
                continue
            ours = [l for l in ours if not REQNTID.match(l)]
            kernels = [l for l in ours if re.search(r"\.entry\b", l)]
            # Several kernels sharing globals: LLVM's text form does not keep the use-list
            # order, which steers instruction selection there, so only the kernels must agree.
            if len(kernels) > 1:
                ours, theirs = kernels, [l for l in theirs if re.search(r"\.entry\b", l)]
            if ours != theirs and loose(ours) == loose(theirs):
                # The same instructions, scheduled apart: the use-list order again (sample 回绕下标,
                # whose loops come in two copies, docs/targets.md Wrap-free indices).
                print("ok: %s (the same instructions up to order and register numbers)" % stem)
                continue
            if ours != theirs:
                diff = next(i for i, (a, b) in enumerate(zip(ours + [""], theirs + [""])) if a != b)
                print("FAIL: %s: llc-19 on -emit-llvm differs from -emit-ptx at instruction line %d:\n"
                      "  yusec: %s\n  llc:   %s" % (stem, diff + 1, (ours + [""])[diff], (theirs + [""])[diff]))
                failed += 1
                continue
            if os.access(PTXAS, os.X_OK):
                r = subprocess.run([PTXAS, "-arch=" + arch, llc_ptx, "-o", os.devnull], capture_output=True, text=True)
                if r.returncode != 0:
                    print("FAIL: %s: ptxas rejects llc's PTX:\n%s" % (stem, r.stderr))
                    failed += 1
                    continue
            print("ok: %s" % stem)
    print("%d samples, %d failed" % (len(stems), failed))
    return 1 if failed or not stems else 0


sys.exit(main())
