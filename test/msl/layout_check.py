#!/usr/bin/env python3
"""One memory layout on every target: for every struct in a buffer of every sample (and of
every YIR test input) that translates to MSL, clang compiles the emitted MSL against
test/msl/metal_stub.h (which has Metal's sizes and alignments, seed 000) together with
static_asserts of the layout yusec computed (the --entries=json "layouts", from ir/types.c):
sizeof, alignof, offsetof of each field, and the stride of an array of structs.

    layout_check.py YUSEC SOURCE_DIR
Prints 跳过 and exits 0 without clang."""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

yusec, root = sys.argv[1], sys.argv[2]
here = os.path.join(root, "test", "msl")
if not shutil.which("clang"):
    print("跳过：没有 clang")
    sys.exit(0)

samples = os.path.join(root, "库", "点染", "测试", "样例")
inputs = [p for p in sorted(glob.glob(os.path.join(samples, "*。着色器。豫")))
          if os.path.exists(p.replace("。着色器。豫", "。金属"))]
for d in ("msl", "wgsl", "ptx"):
    inputs += sorted(glob.glob(os.path.join(root, "test", d, "*.yir")))


def run(args, cwd):
    return subprocess.run([yusec] + args, cwd=cwd, capture_output=True, text=True)


def asserts(layouts):
    by_type = {l["type"]: l for l in layouts}
    lines = []
    for l in layouts:
        if "fields" in l:
            s = l["msl"]
            lines.append(f'static_assert(sizeof({s}) == {l["size"]}, "sizeof {s}");')
            lines.append(f'static_assert(alignof({s}) == {l["align"]}, "alignof {s}");')
            for f in l["fields"]:
                lines.append(f'static_assert(__builtin_offsetof({s}, {f["msl"]}) == {f["offset"]}, '
                             f'"offset of {s}.{f["msl"]}");')
        elif "stride" in l:
            elem = by_type.get(l["type"][len("array<"):].rsplit(">", 1)[0].rsplit(",", 1)[0])
            if elem and "fields" in elem:
                lines.append(f'static_assert(sizeof({elem["msl"]}) == {l["stride"]}, '
                             f'"array stride of {elem["msl"]}");')
    return lines


checked = structs = failed = 0
with tempfile.TemporaryDirectory() as work:
    for path in inputs:
        cwd, name = os.path.dirname(path), os.path.basename(path)
        msl = run(["-emit-msl", name], cwd)
        if msl.returncode != 0:
            continue  # a target that rejects the input has its own golden diagnostics
        manifest = run(["--entries=json", name], cwd)
        if manifest.returncode != 0:
            print(f"FAIL: --entries=json {name}:\n{manifest.stderr}")
            failed += 1
            continue
        lines = asserts(json.loads(manifest.stdout).get("layouts", []))
        if not lines:
            continue
        structs += sum(1 for l in lines if "alignof" in l)
        text = os.path.join(work, "checked.metal")
        with open(text, "w") as out:
            out.write(msl.stdout + "\n// layout facts from yusec --entries=json\n" + "\n".join(lines) + "\n")
        cc = subprocess.run(["clang", "-fsyntax-only", "-x", "c++", "-std=c++17", "-Werror",
                             "-I", os.path.join(here, "include"), "-include",
                             os.path.join(here, "metal_stub.h"), text], capture_output=True, text=True)
        checked += 1
        if cc.returncode != 0:
            print(f"FAIL: the MSL of {name} does not have the layout yusec computed:\n{cc.stderr}")
            failed += 1
print(f"布局：{checked} 个输入、{structs} 个结构，失败 {failed}")
sys.exit(1 if failed else 0)
