#!/usr/bin/env python3
"""Generate a large valid 豫言 shader of one shape and size N (bench/compile/README in bench/README.md).

    gen.py SHAPE N [-o FILE]

Shapes (each scales one dimension of the input linearly in N):
  funcs     N top-level functions; the entry calls a few of them
  lets      one function whose body is a chain of N 令…而
  stmts     one function whose body is N statements joined by ；
  ifs       N nested 若 in one function (true nesting: the compiler caps it, see docs/language.md)
  bindings  N storage buffers, each written once; a kernel and entry per four of them
  loops     N tail-recursive loops (递归令), each carrying four values
  consts    N constants, each defined from the previous one
  entries   N compute entries, each with its own function
  mixed     N/8 of each of the above (ifs nested 8 deep; at most 28 bindings, MSL's limit)
"""
import argparse
import sys

HEADER = "寻观「点染」之「点染本」之书。\n\n"
BUFFER = ("「{n}」乃「存储缓冲」于（「数组」于「无三二」）也。\n"
          "「{n}」者「绑定」于（「组值」【「组」者「{g}」也，「号」者「{b}」也，「访问」者「读写」也】）也。\n")
ENTRY = ("「{e}」乃「计算入口」也。\n"
         "「{e}」者「计算入口项」于「{f}」于（「组值」【「工作组大小」者「六四」也】）也。\n")
KERNEL_SIG = "「{f}」乃化「全局调用号」为「有」者也。\n"


# A Metal function takes at most 31 buffers and yusec numbers them group × 16 + binding with
# groups 0 and 1; WebGPU has 4 bind groups of up to 1,000 bindings. So a module of at most
# MSL_MAX_BUFFERS buffers (besides 「数据」) uses bindings below 16, a larger one 1,000 a group
# (valid for WGSL up to 3,999 buffers; -check and PTX have no such limit).
MSL_MAX_BUFFERS = 28


def buffer(name, index, total=0):
    per_group = 16 if total <= MSL_MAX_BUFFERS else 1000
    return BUFFER.format(n=name, g=index // per_group, b=index % per_group)


def kernel(name, body_lines):
    return (KERNEL_SIG.format(f=name) + "「{f}」者得「号」而\n　令「序」为「号」中「零」而\n".format(f=name)
            + "".join(body_lines) + "也。\n")


def write(buf, value):
    simple = value.startswith("「") and value.endswith("」") and value.count("「") == 1
    return "「写数组」于「{b}」于「序」于{v}".format(b=buf, v=value if simple else "（" + value + "）")


def funcs(n, tag=""):
    out = []
    for i in range(n):
        out.append("「函{t}{i}」乃化「无三二」为「无三二」者也。\n"
                   "「函{t}{i}」者得「x」而（「x」乘「{m}」）加「{i}」也。\n".format(t=tag, i=i, m=i % 7 + 1))
    calls = "「序」"
    for i in range(0, n, max(1, n // 8)):
        calls = "「函{t}{i}」于（{c}）".format(t=tag, i=i, c=calls)
    out.append(kernel("核函" + tag, ["　" + write("数据", calls) + "\n"]))
    out.append(ENTRY.format(e="入口函" + tag, f="核函" + tag))
    return out


def lets(n, tag=""):
    body = ["　令「值{}」为「序」加「一」而\n".format(0)]
    for i in range(1, n):
        body.append("　令「值{i}」为（「值{p}」乘「三」）加「{i}」而\n".format(i=i, p=i - 1))
    body.append("　" + write("数据", "「值{}」".format(n - 1)) + "\n")
    return [kernel("核令" + tag, body), ENTRY.format(e="入口令" + tag, f="核令" + tag)]


def stmts(n, tag=""):
    body = ["　" + write("数据", "「序」加「{}」".format(i)) + "；\n" for i in range(n - 1)]
    body.append("　" + write("数据", "「序」") + "\n")
    return [kernel("核句" + tag, body), ENTRY.format(e="入口句" + tag, f="核句" + tag)]


def ifs(n, tag=""):
    open_ = "".join("　若「序」大于「{}」则\n".format(i) for i in range(n))
    return [kernel("核若" + tag, [open_ + "　" + write("数据", "「序」") + "\n"]),
            ENTRY.format(e="入口若" + tag, f="核若" + tag)]


def bindings(n, tag=""):
    """N buffers; a kernel and its entry per four of them (WebGPU allows 8 storage buffers an entry)."""
    out = [buffer("缓冲{}{}".format(tag, i), i + 1, n) for i in range(n)]
    for k in range(0, n, 4):
        group = range(k, min(n, k + 4))
        body = ["　" + write("缓冲{}{}".format(tag, i), "「序」加「{}」".format(i)) + ("；\n" if i < group[-1] else "\n")
                for i in group]
        out.append(kernel("核缓冲{}{}".format(tag, k), body))
        out.append(ENTRY.format(e="入口缓冲{}{}".format(tag, k), f="核缓冲{}{}".format(tag, k)))
    return out


LOOP = ("（递归令「环{i}」其化「无三二」又化「无三二」又化「无三二」又化「无三二」为「无三二」者为"
        "得「i」又得「a」又得「b」又得「c」而\n"
        "　　若「i」小于「序」则「环{i}」于（「i」加「一」）于（「a」加「b」）于（「b」乘「三」）于（「c」加「i」）\n"
        "　　否则（「a」加「b」）加「c」\n"
        "　而{w}）")


def loops(n, tag=""):
    body = []
    for i in range(n):
        call = "「环{i}」于「零」于「{i}」于「一」于「二」".format(i=i)
        body.append("　" + LOOP.format(i=i, w=write("数据", call)) + ("；\n" if i < n - 1 else "\n"))
    return [kernel("核环" + tag, body), ENTRY.format(e="入口环" + tag, f="核环" + tag)]


def consts(n, tag=""):
    out = ["「常{t}0」者「新无三二」于「一」也。\n".format(t=tag)]
    for i in range(1, n):
        out.append("「常{t}{i}」者（「常{t}{p}」余「一零零零」）加「{m}」也。\n".format(t=tag, i=i, p=i - 1, m=i % 1000))
    out.append(kernel("核常" + tag, ["　" + write("数据", "「序」加「常{}{}」".format(tag, n - 1)) + "\n"]))
    out.append(ENTRY.format(e="入口常" + tag, f="核常" + tag))
    return out


def entries(n, tag=""):
    out = []
    for i in range(n):
        out.append(kernel("核{}{}".format(tag, i), ["　" + write("数据", "「序」加「{}」".format(i)) + "\n"]))
        out.append(ENTRY.format(e="入口{}{}".format(tag, i), f="核{}{}".format(tag, i)))
    return out


def mixed(n):
    part = max(1, n // 8)
    out = []
    for shape in (funcs, lets, stmts, loops, consts, entries):
        out += shape(part, "甲")
    out += bindings(min(part, MSL_MAX_BUFFERS), "甲")
    for i in range(part // 8 or 1):
        out += ifs(8, "甲{}".format(i))
    return out


SHAPES = {f.__name__: f for f in (funcs, lets, stmts, ifs, bindings, loops, consts, entries, mixed)}


def generate(shape, n):
    parts = SHAPES[shape](n)
    return HEADER + buffer("数据", 0) + "\n" + "".join(parts)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("shape", choices=sorted(SHAPES))
    ap.add_argument("n", type=int)
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    if args.n < 1:
        ap.error("N must be at least 1")
    text = generate(args.shape, args.n)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
