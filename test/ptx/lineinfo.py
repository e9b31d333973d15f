#!/usr/bin/env python3
"""-lineinfo and -g on the PTX target (docs/targets.md, Line information):

- for every sample with a PTX golden (名。千手), `-emit-ptx -lineinfo` is `-emit-ptx` plus
  `.file`/`.loc` directives and their labels, nothing else (the same instructions; no
  `.target …, debug`, on which ptxas would compile as for -G); -g writes the same; ptxas
  accepts it for sm_80 and sm_90 (sm_90a PTX: for sm_90a);
- every `.loc` names a declared file and a line of it (or line 0, LLVM's mark for code merged
  from several lines), and a column (code points, 1-based) inside that line; every `.file` is the source's absolute path, percent-encoded (ptxas takes
  no byte outside ASCII and no escape);
- in 加倍 the `ld.global` follows a `.loc` at the line and column of 「读数组」, the `st.global`
  one at 「写数组」's (the columns count characters: the line starts with a full-width space);
- a function of an imported module's file: its code is located in that file (a second `.file`);
- -emit-cubin -lineinfo: ptxas's line table in the cubin maps code to the 读数组 line, and
  names the encoded file (llvm-dwarfdump-19 reads it; skipped without it);
- the reduced pipeline of very large functions and -O0 keep the directives, and ptxas takes them;
- -ffile-prefix-map rewrites the `.file` path.
Without ptxas the ptxas checks are skipped (the rest still runs).
usage: lineinfo.py YUSEC SAMPLES_DIR GEN_PY"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

PTXAS = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")
DWARFDUMP = os.environ.get("LLVM_DWARFDUMP", "llvm-dwarfdump-19")
LOC = re.compile(r"^\s*\.loc\s+(\d+) (\d+) (\d+)\s*$")
FILE = re.compile(r'^\s*\.file\s+(\d+) "([^"]*)"\s*$')
# What -lineinfo adds: the directives, the labels LLVM puts around them, the empty .debug_loc.
ADDED = re.compile(r'^(\s*\.loc\s.*|\s*\.file\s.*|\$L__(func_begin|func_end|tmp)\d+:|\s*\.section\s+\.debug_loc\s.*)$')

failures = []


def fail(message):
    print("FAIL: " + message)
    failures.append(message)


def emit(yusec, args, cwd):
    run = subprocess.run([yusec] + args, cwd=cwd, capture_output=True, text=True)
    if run.returncode != 0:
        fail("yusec %s: exit %d\n%s" % (" ".join(args), run.returncode, run.stderr))
        return ""
    return run.stdout


def have_ptxas():
    return os.access(PTXAS, os.X_OK)


def ptxas(text, tmp, what):
    path = os.path.join(tmp, "x.ptx")
    with open(path, "w", encoding="ascii") as f:
        f.write(text)
    # PTX written for sm_90a (warpgroup MMA, docs/targets.md) assembles for sm_90a alone.
    archs = ("sm_90a",) if re.search(r"^\.target sm_90a$", text, re.M) else ("sm_80", "sm_90")
    for arch in archs:
        run = subprocess.run([PTXAS, "-arch=" + arch, path, "-o", os.path.join(tmp, "x.cubin")],
                             capture_output=True, text=True)
        if run.returncode != 0:
            fail("ptxas -arch=%s rejects %s:\n%s" % (arch, what, run.stderr))


def files_of(ptx):
    """.file number → decoded path."""
    files = {}
    for line in ptx.splitlines():
        m = FILE.match(line)
        if m:
            files[int(m.group(1))] = urllib.parse.unquote(m.group(2))
    return files


def check_locs(ptx, what):
    """Every .loc within its file's lines, or line 0 (LLVM's "no single line": code merged from
    several places); columns within the line (in characters)."""
    files = files_of(ptx)
    texts = {}
    for number, path in files.items():
        try:
            texts[number] = open(path, encoding="utf-8").read().split("\n")
        except OSError:
            fail("%s: .file %d names %r, which cannot be read" % (what, number, path))
    count = 0
    for line in ptx.splitlines():
        m = LOC.match(line)
        if not m:
            continue
        count += 1
        f, l, c = (int(g) for g in m.groups())
        if f not in texts:
            fail("%s: %s names an undeclared file" % (what, line.strip()))
            continue
        if l == 0:
            continue
        if not 1 <= l <= len(texts[f]):
            fail("%s: %s is past the file's %d lines" % (what, line.strip(), len(texts[f])))
        elif c > len(texts[f][l - 1]) + 1:
            fail("%s: %s is past its line's %d characters" % (what, line.strip(), len(texts[f][l - 1])))
    return count


def same_code(with_lines, plain, what):
    stripped = [l for l in with_lines.splitlines() if not ADDED.match(l)]
    if stripped != plain.splitlines():
        fail("%s: -lineinfo changed more than the directives" % what)
    if re.search(r"^\.target .*debug", with_lines, re.M):
        fail("%s: .target says debug (ptxas would compile as for -G)" % what)


def check_samples(yusec, samples, tmp):
    stems = sorted(f[: -len("。千手")] for f in os.listdir(samples) if f.endswith("。千手"))
    for stem in stems:
        source = stem + "。着色器。豫"
        with_lines = emit(yusec, ["-emit-ptx", "-q", "-lineinfo", source], samples)
        plain = emit(yusec, ["-emit-ptx", "-q", source], samples)
        if emit(yusec, ["-emit-ptx", "-q", "-g", source], samples) != with_lines:
            fail("%s: -g and -lineinfo differ" % stem)
        if any(LOC.match(l) or FILE.match(l) for l in plain.splitlines()):
            fail("%s: PTX without -lineinfo has line directives" % stem)
        same_code(with_lines, plain, stem)
        if ".entry" not in plain:  # vertex and fragment entries only: no code, no directives
            continue
        if check_locs(with_lines, stem) == 0:
            fail("%s: no .loc" % stem)
        if files_of(with_lines).get(1) != os.path.join(os.path.realpath(samples), source):
            fail("%s: .file 1 is %r" % (stem, files_of(with_lines).get(1)))
        if have_ptxas():
            ptxas(with_lines, tmp, stem)
    print("ok: %d samples: -lineinfo adds only directives, each inside its file%s" %
          (len(stems), ", ptxas accepts them" if have_ptxas() else ""))


def position(text, needle):
    """1-based line and character column of needle's first occurrence."""
    before = text[: text.index(needle)]
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


def loc_before(ptx, opcode):
    """(file, line, column) of the .loc in force at the first instruction starting with opcode."""
    current = None
    for line in ptx.splitlines():
        m = LOC.match(line)
        if m:
            current = tuple(int(g) for g in m.groups())
        elif line.strip().startswith(opcode):
            return current
    return None


def check_doubling(yusec, samples):
    source = "加倍。着色器。豫"
    text = open(os.path.join(samples, source), encoding="utf-8").read()
    ptx = emit(yusec, ["-emit-ptx", "-q", "-lineinfo", source], samples)
    for opcode, call in (("ld.global", "「读数组」"), ("st.global", "「写数组」")):
        want = (1,) + position(text, call)
        got = loc_before(ptx, opcode)
        if got != want:
            fail("加倍: %s is at %s, expected %s (%s)" % (opcode, got, want, call))
        else:
            print("ok: 加倍's %s is at line %d column %d, %s" % (opcode, want[1], want[2], call))


IMPORTED_TOOL = """寻观「点染」之「点染本」之书。

「三倍」乃化「无三二」为「无三二」者也。
「三倍」者得「值」而
　「值」乘（「新无三二」于「三」）
也。
"""
IMPORTING = """寻观「点染」之「点染本」之书。
寻观「测」之「工具」之书。

「数据」乃「存储缓冲」于（「数组」于「无三二」）也。
「数据」者「绑定」于（「组值」【「组」者「零」也，「号」者「零」也，「访问」者「读写」也】）也。

「乘三」乃化「全局调用号」为「有」者也。
「乘三」者得「号」而
　令「序」为「号」中「零」而
　「写数组」于「数据」于「序」于（「三倍」于（「读数组」于「数据」于「序」））
也。

「乘三入口」乃「计算入口」也。
「乘三入口」者「计算入口项」于「乘三」于（「组值」【「工作组大小」者「四」也】）也。
"""


def check_imported_file(yusec, tmp):
    package = os.path.join(tmp, "包")
    os.makedirs(package)
    for name, text in (("包。清单", "名：「测」\n依赖：「点染」\n"), ("工具。着色器。豫", IMPORTED_TOOL),
                       ("主。着色器。豫", IMPORTING)):
        with open(os.path.join(package, name), "w", encoding="utf-8") as f:
            f.write(text)
    ptx = emit(yusec, ["-emit-ptx", "-q", "-lineinfo", "主。着色器。豫"], package)
    files = files_of(ptx)
    tool = [n for n, p in files.items() if p == os.path.join(package, "工具。着色器。豫")]
    want_line, want_column = position(IMPORTED_TOOL, "「值」乘")
    if not tool or loc_before(ptx, "mul.lo") != (tool[0], want_line, want_column):
        fail("the imported function's multiplication is at %s (files %s)" % (loc_before(ptx, "mul.lo"), files))
    else:
        print("ok: code of an imported module's function is located in that file")
    check_locs(ptx, "主")
    if have_ptxas():
        ptxas(ptx, tmp, "主")
    mapped = emit(yusec, ["-emit-ptx", "-q", "-lineinfo", "-ffile-prefix-map=%s=/src" % package, "主。着色器。豫"],
                  package)
    if files_of(mapped).get(1) != "/src/主。着色器。豫":
        fail("-ffile-prefix-map: .file 1 is %r" % files_of(mapped).get(1))
    else:
        print("ok: -ffile-prefix-map rewrites the .file path")


def check_cubin(yusec, samples, tmp):
    if not have_ptxas() or not shutil.which(DWARFDUMP):
        print("跳过：cubin line table (no ptxas or %s)" % DWARFDUMP)
        return
    cubin = os.path.join(tmp, "加倍.cubin")
    emit(yusec, ["-emit-cubin", "-lineinfo", "-arch=sm_90", "加倍。着色器。豫", "-o", cubin], samples)
    dump = subprocess.run([DWARFDUMP, "--debug-line", cubin], capture_output=True, text=True).stdout
    text = open(os.path.join(samples, "加倍。着色器。豫"), encoding="utf-8").read()
    line = position(text, "「读数组」")[0]
    rows = re.findall(r"^0x[0-9a-f]+\s+(\d+)\s+\d+\s+1\s", dump, re.M)
    encoded = urllib.parse.quote("加倍。着色器。豫")
    if str(line) not in rows or encoded not in dump:
        fail("the cubin's line table has no line %d of %s:\n%s" % (line, encoded, dump))
    else:
        print("ok: -emit-cubin -lineinfo: ptxas's line table maps code to line %d" % line)


def check_pipelines(yusec, samples, gen, tmp):
    """The reduced pipeline (loops 1100: one function of 22,004 YIR instructions) and -O0 code
    generation keep the directives. ptxas -O0 on the large one: it checks the directives, and
    its optimiser would take seconds there."""
    source = os.path.join(tmp, "loops1100。着色器。豫")
    subprocess.run([sys.executable, gen, "loops", "1100", "-o", source], check=True)
    cases = [("the reduced pipeline", [], source, tmp, 1000)]
    cases += [("-O0 " + stem, ["-O0"], stem + "。着色器。豫", samples, 10) for stem in ("科拉茨", "矩阵片")]
    for what, args, path, cwd, least in cases:
        ptx = emit(yusec, ["-emit-ptx", "-q", "-lineinfo"] + args + [path], cwd)
        plain = emit(yusec, ["-emit-ptx", "-q"] + args + [path], cwd)
        if not args and "reduced pipeline" not in ptx:
            fail("loops1100 did not take the reduced pipeline")
        same_code(ptx, plain, what)
        count = check_locs(ptx, what)
        if count < least:
            fail("%s: only %d .loc" % (what, count))
        if have_ptxas() and args:
            ptxas(ptx, tmp, what)
        elif have_ptxas():
            path = os.path.join(tmp, "large.ptx")
            with open(path, "w", encoding="ascii") as f:
                f.write(ptx)
            run = subprocess.run([PTXAS, "-arch=sm_90", "-O0", path, "-o", os.path.join(tmp, "large.cubin")],
                                 capture_output=True, text=True)
            if run.returncode != 0:
                fail("ptxas rejects %s:\n%s" % (what, run.stderr))
        print("ok: %s keeps the line directives (%d .loc)" % (what, count))


def main():
    yusec, samples, gen = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    if not have_ptxas():
        print("跳过：没有 ptxas（%s）; the ptxas checks are left out" % PTXAS)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = os.path.realpath(tmp)  # getcwd's spelling, which .file paths start with
        check_samples(yusec, samples, tmp)
        check_doubling(yusec, samples)
        check_imported_file(yusec, tmp)
        check_cubin(yusec, samples, tmp)
        check_pipelines(yusec, samples, gen, tmp)
    if failures:
        print("%d line information checks failed" % len(failures))
        return 1
    print("all line information checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
