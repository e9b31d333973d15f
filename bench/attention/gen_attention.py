#!/usr/bin/env python3
"""Writes the attention kernels of bench/attention in 豫言, unrolled for one head dimension D
(64 or 128). All data are f16 pairs in 无三二 words (low half first), outputs f32.

  python3 gen_attention.py prefill D causal|full > 前向_D_因果。着色器。豫
  python3 gen_attention.py decode D > 解码_D。着色器。豫

prefill — FlashAttention-2 forward, O = softmax(Q·Kᵀ·scale [+ causal mask])·V for Q, K, V
[BH][N][D]: one workgroup of 4 subgroups (128 invocations) per 64 query rows of one head (grid
N/64 × BH; causal: the longest rows first), each subgroup 16 rows. Q's D/16 A fragments stay
in registers (载矩阵片甲自存储); K and V move in blocks of 64 keys through two workgroup
buffers each with 16-byte 「异步拷贝」 (the next block's copies in flight while this one is
used; rows padded to D + 8 f16 so that ldmatrix reads no bank twice). Per block and subgroup:
S = Q·Kᵀ (4 key tiles × D/16 products, K from 载入矩阵片乙), S·scale·log2 e, the diagonal block
masked with 矩阵片累遮右上 (causal), the online softmax entirely in registers — the running
max m and sum l are row-value accumulators (docs/builtins.md): m' = max(m, rowmax S),
α = 2^(m − m'), P = 2^(S − m'), l' = l·α + rowsum P — then P becomes an A fragment
(矩阵片累转甲, no memory) and O = O·α + P·V with V read transposed from workgroup memory
(载入矩阵片乙自转置, ldmatrix .trans). At the end O / l goes to 出 (f32 [BH][N][D]). The key
loop is a local tail recursion carrying m, l and the D/16 output tiles.

decode — one query row per head, a long KV cache, split-KV (flash-decoding): q [BH][D],
K, V [BH][L][D]; grid S splits × BH; a workgroup (4 subgroups) walks its L/S keys 64 at a time
(the same double-buffered copies), subgroup w taking keys 16w … 16w + 15 of each block; q is
row 0 of an A fragment read with 载矩阵片甲前八行 (rows 1–7 zero), so S = q·Kᵀ is row 0 of a
product and the same online softmax runs on it. The four subgroups' (m, l, O) meet in
workgroup memory (存矩阵片累前八行) and the workgroup writes its split's O (unnormalised, f32
[BH][S][D]) and (m, l) ([BH][S][2]); the second entry 合并 (grid BH) combines the splits:
out = Σ 2^(m_s − M)·O_s / Σ 2^(m_s − M)·l_s (f32 [BH][D]).

scale·log2 e is the uniform 标 (the harness passes 1/√D·log2 e): exponentials are 2^x.
"""
import sys

NUM = {0: "零", 1: "一", 2: "二", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八", 9: "九"}
BLOCK = 64          # keys per block; query rows per prefill workgroup
THREADS = 128       # four subgroups
NEG = "「负大」"     # −10^30: masked scores and the first running max


def numeral(n):
    return "".join(NUM[int(d)] for d in str(n))


class Writer:
    def __init__(self):
        self.used = set()
        self.ints = set()
        self.lines = []

    def u(self, n):
        self.used.add(n)
        return "「%s无」" % numeral(n)

    def i(self, n):
        self.ints.add(n)
        return "「%s整」" % numeral(n)

    def emit(self, text):
        self.lines.append(text)

    def constants(self):
        out = ["「%s无」者「新无三二」于「%s」也。" % (numeral(n), numeral(n)) for n in sorted(self.used)]
        out += ["「%s整」者「新整三二」于「%s」也。" % (numeral(n), numeral(n)) for n in sorted(self.ints)]
        out.append("%s者「新浮三二」于「负一乘十的三零次方」也。" % NEG)
        return out


def resource(name, binding, kind, elem, access=None):
    if kind == "uniform":
        return ["「%s」乃「均匀缓冲」于「%s」也。" % (name, elem),
                "「%s」者「均匀绑定」于（「组值」【「组」者「零」也，「号」者「%s」也】）也。" % (name, numeral(binding))]
    return ["「%s」乃「存储缓冲」于（「数组」于「%s」）也。" % (name, elem),
            "「%s」者「绑定」于（「组值」【「组」者「零」也，「号」者「%s」也，「访问」者「%s」也】）也。"
            % (name, numeral(binding), access)]


def workgroup_array(name, elem, count):
    return ["「%s」乃「工作组变量」于（「定长数组」于「%s」于「%s」）也。" % (name, elem, numeral(count)),
            "「%s」者「工作组共享」于「元」也。" % name]


def acc_type(n):
    return "又化「子组矩阵片累」" * n


def copy_function(w, d):
    """取块 kb 头字 序: block kb (64 keys from the head's first word 头字) of 键 and 值 into
    buffer kb mod 2; each invocation copies D/16 16-byte pieces of each."""
    pad = d + 8
    pieces_per_row = d // 8
    lines = ["「：把第 kb 块（%d 个键）的键与值拷进第 kb mod 2 份缓冲：每个调用各拷 %d 段十六字节：」" % (BLOCK, d // 16),
             "「取块」乃化「无三二」又化「无三二」又化「无三二」为「有」者也。",
             "「取块」者得「kb」又得「头字」又得「序」而",
             "　令「阶」为（「kb」余%s）乘%s而" % (w.u(2), w.u(BLOCK * pad)),
             "　令「块字」为「头字」加（「kb」乘%s）而" % w.u(BLOCK * d // 2)]
    copies = []
    for p in range(d // 16):
        lines.append("　令「段%d」为「序」加%s而" % (p, w.u(THREADS * p)))
        lines.append("　令「行%d」为「段%d」除%s而" % (p, p, w.u(pieces_per_row)))
        lines.append("　令「列%d」为（「段%d」余%s）乘%s而" % (p, p, w.u(pieces_per_row), w.u(8)))
        for buf, src in (("键块", "键"), ("值块", "值")):
            copies.append("　「异步拷贝」于「%s」于（「阶」加（「行%d」乘%s）加「列%d」）于「%s」于（「块字」加（「行%d」乘%s）加（「列%d」除%s））"
                          % (buf, p, w.u(pad), p, src, p, w.u(d // 2), p, w.u(2)))
    lines.append("；\n".join(copies))
    lines.append("也。")
    return lines


def scores(w, d, j_list, row_base, name):
    """S tiles for key tiles j (rows row_base + 16 j of the K buffer): chained products over D."""
    pad = d + 8
    out = []
    for j in j_list:
        prev = "（「零矩阵片累」于「元」）"
        for t in range(d // 16):
            b = "（「载入矩阵片乙」于「键块」于（「阶」加%s加%s）于%s）" % (row_base, w.u(16 * j * pad + 16 * t), w.u(pad))
            expr = "「矩阵片乘加」于「问%d」于%s于%s" % (t, b, prev)
            if t == d // 16 - 1:
                out.append("　　　令「%s%d」为%s而" % (name, j, expr))
            else:
                out.append("　　　令「%s%d_%d」为%s而" % (name, j, t, expr))
                prev = "「%s%d_%d」" % (name, j, t)
    return out


def softmax_and_pv(w, d, tiles, row_base, value_tile_of):
    """The online softmax over the score tiles 「x{j}」 and O = O·α + P·V. Returns lines that
    define 「新m」「新l」 and 「n{t}」."""
    out = []
    most = "「x%d」" % tiles[0]
    for j in tiles[1:]:
        most = "（「矩阵片累取大」于%s于「x%d」）" % (most, j)
    out.append("　　　令「块大」为「矩阵片累行最大」于%s而" % most)
    out.append("　　　令「新m」为「矩阵片累取大」于「m」于「块大」而")
    out.append("　　　令「缩」为「矩阵片累二之幂」于（「矩阵片累相减」于「m」于「新m」）而")
    for j in tiles:
        out.append("　　　令「p%d」为「矩阵片累二之幂」于（「矩阵片累相减」于「x%d」于「新m」）而" % (j, j))
    total = "「p%d」" % tiles[0]
    for j in tiles[1:]:
        total = "（「矩阵片累相加」于%s于「p%d」）" % (total, j)
    out.append("　　　令「新l」为「矩阵片累相加」于（「矩阵片累相乘」于「l」于「缩」）于（「矩阵片累行和」于%s）而" % total)
    for j in tiles:
        out.append("　　　令「a%d」为「矩阵片累转甲」于「p%d」而" % (j, j))
    for t in range(d // 16):
        prev = "（「矩阵片累相乘」于「o%d」于「缩」）" % t
        for k, j in enumerate(tiles):
            b = "（「载入矩阵片乙自转置」于「值块」于（「阶」加%s加%s）于%s）" % (row_base, w.u(value_tile_of(j, t)), w.u(d + 8))
            expr = "「矩阵片乘加」于「a%d」于%s于%s" % (j, b, prev)
            name = "「n%d」" % t if k == len(tiles) - 1 else "「n%d_%d」" % (t, k)
            out.append("　　　令%s为%s而" % (name, expr))
            prev = name
    return out


def carried(d):
    names = ["「m」", "「l」"] + ["「o%d」" % t for t in range(d // 16)]
    return "又得".join(names)


def recursion_head(d):
    return ("　递归令「主」其化「无三二」%s为「有」者为得「kb」又得%s而" % (acc_type(2 + d // 16), carried(d)))


def next_call(d):
    return "「主」于（「kb」加「一无」）于「新m」于「新l」于" + "于".join("「n%d」" % t for t in range(d // 16))


def block_prologue(w, d):
    return ["　　　（若（「kb」加「一无」）小于「块数」则「取块」于（「kb」加「一无」）于「头字」于「序」）；",
            "　　　「提交异步拷贝」于「元」；",
            "　　　「等待异步拷贝」于「一无」；",
            "　　　「工作组屏障」于「元」；",
            "　　　令「阶」为（「kb」余%s）乘%s而" % (w.u(2), w.u(BLOCK * (d + 8)))]


def start_call(d):
    zero = "（「零矩阵片累」于「元」）"
    return ("　「主」于「零无」于（「矩阵片累加数」于%s于%s）于%s于%s"
            % (zero, NEG, zero, "于".join([zero] * (d // 16))))


def prefill(d, causal):
    w = Writer()
    w.u(0), w.u(1)
    pad = d + 8
    body = []
    body += copy_function(w, d)
    body.append("")
    kind = "因果" if causal else "全"
    body.append("「注意」乃化「工作组号」又化「局部调用序」为「有」者也。")
    body.append("「注意」者得「组」又得「序」而")
    body.append("　令「长」为「尺寸」中「长」而")
    body.append("　令「标」为「尺寸」中「标」而")
    body.append("　令「问块数」为「长」除%s而" % w.u(BLOCK))
    if causal:
        body.append("　令「qb」为（「问块数」减「一无」）减（「组」中「零」）而")
        body.append("　令「块数」为「qb」加「一无」而")
    else:
        body.append("　令「qb」为「组」中「零」而")
        body.append("　令「块数」为「问块数」而")
    body.append("　令「头半」为（「组」中「一」）乘「长」乘%s而" % w.u(d))
    body.append("　令「头字」为「头半」除%s而" % w.u(2))
    body.append("　令「束」为「序」除%s而" % w.u(32))
    body.append("　令「问起」为「头半」加（（（「qb」乘%s）加（「束」乘%s））乘%s）而" % (w.u(BLOCK), w.u(16), w.u(d)))
    for t in range(d // 16):
        body.append("　令「问%d」为「载矩阵片甲自存储」于「问」于（「问起」加%s）于%s而" % (t, w.u(16 * t), w.u(d)))
    if causal:
        body.append("　令「束偏」为（「转换」以「整三二」于「束」）乘%s而" % w.i(16))
    body.append("　「取块」于「零无」于「头字」于「序」；")
    body.append("　「提交异步拷贝」于「元」；")
    body.append(recursion_head(d))
    body.append("　　若「kb」小于「块数」则")
    body.append("\n".join(["　　　（" + block_prologue(w, d)[0].lstrip("　")] + block_prologue(w, d)[1:]))
    body += scores(w, d, range(4), w.u(0), "s")
    for j in range(4):
        scaled = "「矩阵片累乘数」于「s%d」于「标」" % j
        if causal:
            offset = "（「束偏」减%s）" % w.i(16 * j) if j else "「束偏」"
            body.append("　　　令「x%d」为若「kb」等于「qb」则「矩阵片累遮右上」于（%s）于%s于%s否则%s而"
                        % (j, scaled, offset, NEG, scaled))
        else:
            body.append("　　　令「x%d」为%s而" % (j, scaled))
    body += softmax_and_pv(w, d, list(range(4)), w.u(0), lambda j, t: 16 * j * pad + 16 * t)
    body.append("　　　「工作组屏障」于「元」；")
    body.append("　　　" + next_call(d) + "）")
    body.append("　　否则")
    stores = ["「存矩阵片累到存储」于「出」于（「问起」加%s）于%s于（「矩阵片累相除」于「o%d」于「l」）"
              % (w.u(16 * t), w.u(d), t) for t in range(d // 16)]
    body.append("　　　（" + "；\n　　　".join(stores) + "）")
    body.append("　而")
    body.append(start_call(d))
    body.append("也。")
    body.append("")
    entry = "注意入口"
    body.append("「%s」乃「计算入口」也。" % entry)
    body.append("「%s」者「计算入口项」于「注意」于（「组值」【「工作组大小」者「%s」也】）也。" % (entry, numeral(THREADS)))

    title = ("「：前向注意力（FlashAttention-2）：D = %d，%s；O = softmax(Q·Kᵀ·标%s)·V，Q、K、V 为 [BH][N][%d] 的半精度"
             "（每字两个，低半字在前），出为单精度 [BH][N][%d]；每个工作组 4 个子组、64 个查询行（网格 N/64 × BH%s），"
             "键与值每块 64 个，经两份工作组缓冲以「异步拷贝」载入；在线 softmax 全在寄存器里（累片的逐元素运算，"
             "行最大、行和、转甲）；值以「载入矩阵片乙自转置」转置载入。由 bench/attention/gen_attention.py prefill %d %s 写出。：」"
             % (d, "因果" if causal else "不遮", "，因果遮罩" if causal else "", d, d,
                "，最长的行先算" if causal else "", d, "causal" if causal else "full"))
    head = [title, "寻观「点染」之「点染本」之书。", "",
            "「尺寸类」即「组类」【「长」乃「无三二」也，「标」乃「浮三二」也】也。", ""]
    head += resource("问", 0, "storage", "无三二", "只读")
    head += resource("键", 1, "storage", "无三二", "只读")
    head += resource("值", 2, "storage", "无三二", "只读")
    head += resource("出", 3, "storage", "浮三二", "读写")
    head += resource("尺寸", 4, "uniform", "尺寸类")
    head += workgroup_array("键块", "浮十六", 2 * BLOCK * pad)
    head += workgroup_array("值块", "浮十六", 2 * BLOCK * pad)
    head.append("")
    del kind
    return "\n".join(head + w.constants() + [""] + body) + "\n"


def decode(d):
    w = Writer()
    w.u(0), w.u(1)
    pad = d + 8
    tiles = d // 16
    body = []
    body += copy_function(w, d)
    body.append("")
    # q into row 0 of 问块 (rows 1–7 zero): element e of the 8 × (D + 8) block per invocation
    body.append("「：把 q 写进问块的第 0 行（其余七行为零），每个调用写若干个元素：」")
    body.append("「摆问」乃化「无三二」又化「无三二」为「有」者也。")
    body.append("「摆问」者得「问字」又得「序」而")
    body.append("　递归令「摆」其化「无三二」为「有」者为得「e」而")
    body.append("　　若「e」小于%s则" % w.u(8 * pad))
    body.append("　　　（令「列」为「e」余%s而" % w.u(pad))
    body.append("　　　令「对」为「半精度解包」于（「读数组」于「问」于（「问字」加（（若「列」小于%s则「列」否则「零无」）除%s）））而"
                % (w.u(d), w.u(2)))
    body.append("　　　令「值」为若（「e」小于%s）则（若（「列」余%s）等于「零无」则「对」中「零」否则「对」中「一」）否则「新浮三二」于「零」而"
                % (w.u(d), w.u(2)))
    body.append("　　　「写共享数组」于「问块」于「e」于（「转换」以「浮十六」于「值」）；")
    body.append("　　　「摆」于（「e」加%s））" % w.u(THREADS))
    body.append("　而「摆」于「序」")
    body.append("也。")
    body.append("")
    body.append("「解码」乃化「工作组号」又化「局部调用序」为「有」者也。")
    body.append("「解码」者得「组」又得「序」而")
    body.append("　令「长」为「尺寸」中「长」而")
    body.append("　令「份数」为「尺寸」中「份」而")
    body.append("　令「标」为「尺寸」中「标」而")
    body.append("　令「份」为「组」中「零」而")
    body.append("　令「头」为「组」中「一」而")
    body.append("　令「份长」为「长」除「份数」而")
    body.append("　令「块数」为「份长」除%s而" % w.u(BLOCK))
    body.append("　令「头字」为（（「头」乘「长」）加（「份」乘「份长」））乘%s而" % w.u(d // 2))
    body.append("　令「束」为「序」除%s而" % w.u(32))
    body.append("　令「束行」为「束」乘%s而" % w.u(16 * pad))
    body.append("　「摆问」于（「头」乘%s）于「序」；" % w.u(d // 2))
    body.append("　「取块」于「零无」于「头字」于「序」；")
    body.append("　「提交异步拷贝」于「元」；")
    body.append("　「工作组屏障」于「元」；")
    for t in range(tiles):
        body.append("　令「问%d」为「载矩阵片甲前八行」于「问块」于%s于%s而" % (t, w.u(16 * t), w.u(pad)))
    body.append(recursion_head(d))
    body.append("　　若「kb」小于「块数」则")
    body.append("\n".join(["　　　（" + block_prologue(w, d)[0].lstrip("　")] + block_prologue(w, d)[1:]))
    body += scores(w, d, [0], "「束行」", "s")
    body.append("　　　令「x0」为「矩阵片累乘数」于「s0」于「标」而")
    body += softmax_and_pv(w, d, [0], "「束行」", lambda j, t: 16 * t)
    body.append("　　　「工作组屏障」于「元」；")
    body.append("　　　" + next_call(d) + "）")
    body.append("　　否则")
    fin = ["「存矩阵片累前八行」于「合块」于（「束」乘%s）于%s于「m」" % (w.u(8 * 16), w.u(16)),
           "「存矩阵片累前八行」于「合块」于（%s加（「束」乘%s））于%s于「l」" % (w.u(4 * 8 * 16), w.u(8 * 16), w.u(16))]
    for t in range(tiles):
        fin.append("「存矩阵片累前八行」于「合块」于（%s加（「束」乘%s）加%s）于%s于「o%d」"
                   % (w.u(8 * 8 * 16), w.u(8 * d), w.u(16 * t), w.u(d), t))
    body.append("　　　（" + "；\n　　　".join(fin) + "）")
    body.append("　而")
    body.append(start_call(d) + "；")
    body.append("　「工作组屏障」于「元」；")
    # combine the four subgroups: m_w at 合块[128 w], l_w at 合块[512 + 128 w], O_w[i] at 合块[1024 + 8 D w + i]
    ms = ["「读共享数组」于「合块」于%s" % w.u(128 * k) for k in range(4)]
    ls = ["「读共享数组」于「合块」于%s" % w.u(512 + 128 * k) for k in range(4)]
    body.append("　令「m0」为%s而" % ms[0])
    body.append("　令「m1」为%s而" % ms[1])
    body.append("　令「m2」为%s而" % ms[2])
    body.append("　令「m3」为%s而" % ms[3])
    body.append("　令「全大」为「最大」于（「最大」于「m0」于「m1」）于（「最大」于「m2」于「m3」）而")
    for k in range(4):
        body.append("　令「权%d」为「二之幂」于（「m%d」减「全大」）而" % (k, k))
    body.append("　令「部位」为（「头」乘「份数」）加「份」而")
    body.append("　（若「序」小于%s则" % w.u(d))
    terms = " 加 ".join("（「权%d」乘（「读共享数组」于「合块」于（%s加「序」）））" % (k, w.u(1024 + 8 * d * k)) for k in range(4))
    body.append("　　「写数组」于「部」于（（「部位」乘%s）加「序」）于（%s））；" % (w.u(d), terms.replace(" 加 ", "加")))
    body.append("　若「序」等于「零无」则")
    lsum = "加".join("（「权%d」乘（%s））" % (k, ls[k]) for k in range(4))
    body.append("　　（「写数组」于「部统」于（「部位」乘%s）于「全大」；" % w.u(2))
    body.append("　　「写数组」于「部统」于（（「部位」乘%s）加「一无」）于（%s））" % (w.u(2), lsum))
    body.append("也。")
    body.append("")
    # combine the splits
    body.append("「：合并：每个头一个工作组，第 i 个调用算 out[i] = Σ 2^(m_s − M)·O_s[i] / Σ 2^(m_s − M)·l_s：」")
    body.append("「合并」乃化「工作组号」又化「局部调用序」为「有」者也。")
    body.append("「合并」者得「组」又得「序」而")
    body.append("　令「份数」为「尺寸」中「份」而")
    body.append("　令「头」为「组」中「零」而")
    body.append("　令「统基」为「头」乘「份数」而")
    body.append("　递归令「最」其化「无三二」又化「浮三二」为「浮三二」者为得「s」又得「大」而")
    body.append("　　若「s」小于「份数」则「最」于（「s」加「一无」）于（「最大」于「大」于（「读数组」于「部统」于（（「统基」加「s」）乘%s）））"
                % w.u(2))
    body.append("　　否则「大」")
    body.append("　而")
    body.append("　令「M」为「最」于「零无」于%s而" % NEG)
    body.append("　递归令「和」其化「无三二」又化「浮三二」又化「浮三二」为「有」者为得「s」又得「分子」又得「分母」而")
    body.append("　　若「s」小于「份数」则")
    body.append("　　　（令「权」为「二之幂」于（（「读数组」于「部统」于（（「统基」加「s」）乘%s））减「M」）而" % w.u(2))
    body.append("　　　「和」于（「s」加「一无」）")
    body.append("　　　　于（「分子」加（「权」乘（「读数组」于「部」于（（（「统基」加「s」）乘%s）加「序」））））" % w.u(d))
    body.append("　　　　于（「分母」加（「权」乘（「读数组」于「部统」于（（（「统基」加「s」）乘%s）加「一无」）））））" % w.u(2))
    body.append("　　否则「写数组」于「果」于（（「头」乘%s）加「序」）于（「分子」除「分母」）" % w.u(d))
    body.append("　而")
    body.append("　若「序」小于%s则「和」于「零无」于（「新浮三二」于「零」）于（「新浮三二」于「零」）" % w.u(d))
    body.append("也。")
    body.append("")
    body.append("「解码入口」乃「计算入口」也。")
    body.append("「解码入口」者「计算入口项」于「解码」于（「组值」【「工作组大小」者「%s」也】）也。" % numeral(THREADS))
    body.append("「合并入口」乃「计算入口」也。")
    body.append("「合并入口」者「计算入口项」于「合并」于（「组值」【「工作组大小」者「%s」也】）也。" % numeral(THREADS))

    title = ("「：解码注意力（split-KV）：D = %d；每个头一个查询行，q 为 [BH][%d]，键、值为 [BH][L][%d] 的半精度（每字两个）；"
             "网格 份数 × BH，每个工作组 4 个子组走本份的 L/份数 个键，每块 64 个（子组 w 取第 16w 起的 16 个），q 是甲片"
             "（载矩阵片甲前八行）的第 0 行；在线 softmax 在寄存器里，四个子组在工作组内存里合并，写出本份的 O、m、l；"
             "「合并入口」（网格 BH）把各份合成 果 [BH][%d]。由 bench/attention/gen_attention.py decode %d 写出。：」"
             % (d, d, d, d, d))
    head = [title, "寻观「点染」之「点染本」之书。", "",
            "「尺寸类」即「组类」【「长」乃「无三二」也，「份」乃「无三二」也，「标」乃「浮三二」也】也。", ""]
    head += resource("问", 0, "storage", "无三二", "只读")
    head += resource("键", 1, "storage", "无三二", "只读")
    head += resource("值", 2, "storage", "无三二", "只读")
    head += resource("部", 3, "storage", "浮三二", "读写")
    head += resource("部统", 4, "storage", "浮三二", "读写")
    head += resource("果", 5, "storage", "浮三二", "读写")
    head += resource("尺寸", 6, "uniform", "尺寸类")
    head += workgroup_array("键块", "浮十六", 2 * BLOCK * pad)
    head += workgroup_array("值块", "浮十六", 2 * BLOCK * pad)
    head += workgroup_array("问块", "浮十六", 8 * pad)
    head += workgroup_array("合块", "浮三二", 1024 + 4 * 8 * d)
    head.append("")
    return "\n".join(head + w.constants() + [""] + body) + "\n"


if __name__ == "__main__":
    what, D = sys.argv[1], int(sys.argv[2])
    assert D in (64, 128)
    if what == "prefill":
        sys.stdout.write(prefill(D, sys.argv[3] == "causal"))
    else:
        sys.stdout.write(decode(D))
