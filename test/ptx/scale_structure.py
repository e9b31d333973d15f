#!/usr/bin/env python3
"""What yusec hands LLVM for large generated shaders (bench/compile/gen.py) stays linear in
the input (issue 16), checked on the structure of -emit-llvm, never on timing:

- no nvvm.annotations: NVPTX (LLVM 19) scans the whole list once for each function it looks up
  (N kernels: N²); kernels are ptx_kernel by calling convention, their tid/ntid reads carry the
  ranges .reqntid would give (tid.x of a 64-invocation kernel: [0, 64)), and each kernel's PTX
  has `.reqntid 64, 1, 1` (targets/ptx/launch.c);
- a kernel's placeholder parameters (着十's dense group 0: bindings it does not use) come as
  `noalias nocapture readnone` already at -O0, where LLVM infers nothing, and its used ones
  without readnone: inferring them, PostOrderFunctionAttrs rebuilt the kernel's attribute list
  per parameter (the bindings shape: quadratic time and memory);
- a function takes hidden parameters for the buffers it reaches only (test/ptx/隐参: the
  function kept by -finline-budget=0 writes 甲 of three buffers and takes one pointer), where
  every function took one per buffer of the module (N buffers, N functions: N² parameters);
- N nested 若 make N + 2 blocks (a then block each; no empty else, no merge block that only
  branches on), where three blocks an if made a chain that SimplifyCFG took apart
  quadratically;
- a compute entry's function that nothing else calls is emitted right into its kernel (at -O0
  the kernel of the ifs shape has yusec's blocks, not the `.i`/`.exit` blocks of LLVM's
  inliner): as a function of its own called by the kernel, each entry cost NVPTX a scan of all
  of nvvm.annotations per launch-bound query (LLVM 19 caches functions with annotations only);
- a function over 20,000 YIR instructions (lets 8,000: 32,003) gets the reduced LLVM pipeline
  and -O0 code generation, and the PTX says so in a comment; one under it (lets 4,000) gets
  default<O3> and no comment.

Every generated module's PTX must also pass ptxas when it is installed.
usage: scale_structure.py YUSEC GEN_PY"""
import os
import re
import subprocess
import sys
import tempfile

PTXAS = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")


def generate(gen, tmp, shape, n):
    source = os.path.join(tmp, "%s%d。着色器。豫" % (shape, n))
    subprocess.run([sys.executable, gen, shape, str(n), "-o", source], check=True)
    return source


def emit(yusec, action, source, *options):
    r = subprocess.run([yusec, action, *options, source, "-o", "-"], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("FAIL: yusec %s %s: exit %d\n%s" % (action, source, r.returncode, r.stderr[-2000:]))
    return r.stdout


def check_annotations(yusec, gen, tmp):
    n = 40
    source = generate(gen, tmp, "entries", n)
    ll = emit(yusec, "-emit-llvm", source, "-O0")
    kernels = re.findall(r"^define ptx_kernel void @(\S+)\(", ll, re.M)
    tid_x = re.findall(r"call range\(i32 0, 64\) i32 @llvm\.nvvm\.read\.ptx\.sreg\.tid\.x\(\)", ll)
    ptx = emit(yusec, "-emit-ptx", source)
    bounds = re.findall(r"^\)\n\.reqntid 64, 1, 1\n\{$", ptx, re.M)
    if "nvvm.annotations" in ll or len(kernels) != n or len(tid_x) < n or len(bounds) != n:
        return ["annotations: nvvm.annotations %s, %d kernels, %d ranged tid.x reads, %d .reqntid (want none, %d each)"
                % ("present" if "nvvm.annotations" in ll else "absent", len(kernels), len(tid_x), len(bounds), n)]
    return []


def check_placeholder_attrs(yusec, gen, tmp):
    ll = emit(yusec, "-emit-llvm", generate(gen, tmp, "bindings", 12), "-O0")
    errors, placeholders = [], 0
    for params, body in re.findall(r"^define ptx_kernel void @\S+\(([^\n]*)\) \{\n(.*?)^\}", ll, re.M | re.S):
        for attrs, name in re.findall(r"ptr ([\w ]*?)(%\d+)", params):
            used = re.search(re.escape(name) + r"\b", body) is not None
            placeholders += not used
            if used == ("readnone" in attrs) or (not used and attrs.split() != ["noalias", "nocapture", "readnone"]):
                errors.append("placeholder attributes: %s parameter %s has %r" % ("used" if used else "unused", name, attrs))
    if not placeholders:
        errors.append("placeholder attributes: the bindings shape has no placeholder parameters")
    return errors[:5]


def check_hidden_params(yusec, gen, tmp):
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "隐参。着色器。豫")
    ll = emit(yusec, "-emit-llvm", source, "-O0", "-finline-budget=0")
    funcs = re.findall(r"^define internal void @yf_\S+\((.*)\)", ll, re.M)
    if funcs != ["i32 %0, ptr addrspace(1) %1"]:
        return ["hidden parameters: the kept function takes %r (want one i32 and the one buffer it writes)"
                % funcs]
    return []


def check_nested_if_blocks(yusec, gen, tmp):
    n = 200
    ll = emit(yusec, "-emit-llvm", generate(gen, tmp, "ifs", n), "-O0")
    blocks = len(re.findall(r"^[\w.$]+:", ll, re.M))
    if blocks > n + 2:
        return ["nested ifs: %d nested 若 make %d blocks at -O0 (want at most %d)" % (n, blocks, n + 2)]
    return []


def check_entry_bodies(yusec, gen, tmp):
    n = 5
    ll = emit(yusec, "-emit-llvm", generate(gen, tmp, "ifs", n), "-O0")
    kernels = re.findall(r"^define ptx_kernel ", ll, re.M)
    others = re.findall(r"^define (?!ptx_kernel )", ll, re.M)
    blocks = re.findall(r"^([\w.$]+):", ll, re.M)
    inlined = [b for b in blocks if b.endswith(".i") or b.endswith(".exit")]
    if len(kernels) != 1 or others or inlined or len(blocks) < n + 1:
        return ["entry bodies: %d kernels, %d other functions, blocks %r (want the entry's own %d+ blocks, none inlined)"
                % (len(kernels), len(others), blocks, n + 1)]
    return []


LARGE = "LLVM ran the reduced pipeline"


def check_large_function(yusec, gen, tmp):
    errors = []
    for n, large in ((4000, False), (8000, True)):
        ptx = emit(yusec, "-emit-ptx", generate(gen, tmp, "lets", n))
        if (LARGE in ptx) != large:
            errors.append("large functions: lets %d %s the reduced-pipeline comment" % (n, "lacks" if large else "has"))
        with open(os.path.join(tmp, "lets%d.ptx" % n), "w") as f:
            f.write(ptx)
    return errors


def check_ptxas(yusec, gen, tmp):
    if not os.access(PTXAS, os.X_OK):
        print("note: no ptxas at %s, PTX not assembled" % PTXAS)
        return []
    errors = []
    for shape, n in (("entries", 40), ("bindings", 40), ("loops", 20), ("ifs", 60), ("mixed", 80), ("lets", 8000)):
        ptx = os.path.join(tmp, "%s%d.ptx" % (shape, n))
        if not os.path.exists(ptx):
            with open(ptx, "w") as f:
                f.write(emit(yusec, "-emit-ptx", generate(gen, tmp, shape, n)))
        r = subprocess.run([PTXAS, "-arch=sm_80", ptx, "-o", os.devnull], capture_output=True, text=True)
        if r.returncode != 0:
            errors.append("ptxas rejects %s %d:\n%s" % (shape, n, r.stderr[-1500:]))
    return errors


def main():
    yusec, gen = sys.argv[1], sys.argv[2]
    errors = []
    with tempfile.TemporaryDirectory() as tmp:
        for check in (check_annotations, check_placeholder_attrs, check_hidden_params, check_nested_if_blocks, check_entry_bodies,
                      check_large_function, check_ptxas):
            found = check(yusec, gen, tmp)
            print("%s: %s" % (check.__name__, "FAIL" if found else "ok"))
            errors += found
    for e in errors:
        print("FAIL: " + e)
    return 1 if errors else 0


sys.exit(main())
