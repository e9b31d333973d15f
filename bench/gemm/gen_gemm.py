#!/usr/bin/env python3
"""Writes a f16×f16→f32 GEMM in 豫言 (C = A·Bᵀ, A [M][K], B [N][K], both K-contiguous; C [M][N]
f32), unrolled from this design:

  WM×WN subgroups, each MI×NJ accumulator fragments of 16×16, so the workgroup tile is
  (16·MI·WM)×(16·NJ·WN); the K direction in steps of BK (16, 32 or 64), A and B tiles staged
  through STAGES workgroup buffers with 16-byte 「异步拷贝」 (cp.async), rows padded to BK + 8
  f16 so that ldmatrix reads no bank twice. Workgroup memory may exceed 48 KiB: the PTX target
  then puts it in dynamic shared memory (the manifest's dynamic_shared_bytes). Fragments are
  double-buffered: while the products of K slice kk are issued, slice kk + 1's fragments load;
  in the last slice of tile kt the copy of tile kt + STAGES − 1 is issued into tile kt − 1's
  buffer, then wait for tile kt + 1, one barrier, and tile kt + 1's first fragments load —
  they are loop-carried into the next step with the accumulators. Without a tile kt + 1 those
  loads are skipped and the carried fragments are slice KK − 2's (KK = BK / 16; slice 0's when
  KK = 1), as gemm_ref.cu's kernel keeps its register buffer fa[KK mod 2]: slice KK − 2's
  fragments are dead once its products issue, so keeping them costs no register, while slice 0's
  would stay live through the whole tile (32 registers more at 4×4 fragments with K64;
  GEMM_KEEP=S picks slice S instead, for A/B variants). The grid is one-dimensional and
  rasterised in stripes of GROUP tile rows (the linear workgroup id walks down a stripe first,
  for L2 reuse; 8, GEMM_GROUP=G for A/B variants). The K loop is a local tail recursion carrying the accumulators.

  python3 bench/gemm/gen_gemm.py WM WN MI NJ BK STAGES > FILE
bench/gemm/gen_ptx.sh writes the variants the benchmark runs; gemm_ref.cu is the CUDA C kernel
of the same design (the same six numbers as template arguments).
"""
import os
import sys

WM, WN, MI, NJ, BK, STAGES = (int(a) for a in sys.argv[1:7])
THREADS = 32 * WM * WN
BM, BN = 16 * MI * WM, 16 * NJ * WN
GROUP = int(os.environ.get("GEMM_GROUP", 8))  # tile rows per rasterisation stripe (M / BM must be a multiple)
assert BK in (16, 32, 64) and STAGES >= 2
PAD = BK + 8                     # row pitch in f16: conflict-free for ldmatrix
A_STAGE, B_STAGE = BM * PAD, BN * PAD  # f16 elements of one buffer
CHUNKS = BK // 8                 # 16-byte pieces per row
ROWS_PER_PASS = THREADS // CHUNKS
assert BM % ROWS_PER_PASS == 0 and BN % ROWS_PER_PASS == 0, "whole copy passes"
A_PASSES, B_PASSES = BM // ROWS_PER_PASS, BN // ROWS_PER_PASS

NUM = {0: "零", 1: "一", 2: "二", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八", 9: "九"}


def numeral(n):
    return "".join(NUM[int(d)] for d in str(n))


USED = set()


def u32(n):
    USED.add(n)
    return "「%s无」" % numeral(n)


def acc(i, j, gen):
    return "「%s%d_%d」" % (gen, i, j)


def main():
    body = []
    w = body.append
    w("「：把第 kt 块（K 方向 %d 个元素）拷进第 kt mod %d 份缓冲：每个调用拷甲 %d 段、乙 %d 段十六字节"
      "（第 r、r+%d… 行的第「段」段）：」" % (BK, STAGES, A_PASSES, B_PASSES, ROWS_PER_PASS))
    w("「取块」乃化「无三二」又化「无三二」又化「无三二」又化「无三二」又化「无三二」为「有」者也。")
    w("「取块」者得「kt」又得「甲字」又得「乙字」又得「目」又得「跨」而")
    w("　令「级」为「kt」余%s而" % u32(STAGES))
    w("　令「甲阶」为「级」乘%s而" % u32(A_STAGE))
    w("　令「乙阶」为「级」乘%s而" % u32(B_STAGE))
    w("　令「k字」为「kt」乘%s而" % u32(BK // 2))
    copies = []
    for name, src, word, stage, passes in (("甲块", "甲", "甲字", "甲阶", A_PASSES), ("乙块", "乙", "乙字", "乙阶", B_PASSES)):
        for p in range(passes):
            copies.append("「异步拷贝」于「%s」于（「%s」加「目」加%s）于「%s」于（「%s」加「k字」加（「跨」乘%s））"
                          % (name, stage, u32(p * ROWS_PER_PASS * PAD), src, word, u32(p)))
    w("　" + "；\n　".join(copies))
    w("也。")
    w("")
    w("「乘」乃化「工作组号」又化「局部调用序」为「有」者也。")
    w("「乘」者得「组」又得「序」而")
    w("　令「列数」为「尺寸」中「列数」而")
    w("　令「号」为「组」中「零」而")
    w("　令「带」为%s乘（「列数」除%s）而" % (u32(GROUP), u32(BN)))
    w("　令「块行」为（（（「号」除「带」）乘%s）加（「号」余%s））乘%s而" % (u32(GROUP), u32(GROUP), u32(BM)))
    w("　令「块列」为（（「号」余「带」）除%s）乘%s而" % (u32(GROUP), u32(BN)))
    w("　令「半深」为（「尺寸」中「深」）除%s而" % u32(2))
    w("　令「块数」为（「尺寸」中「深」）除%s而" % u32(BK))
    w("　令「束」为「序」除%s而" % u32(32))
    w("　令「束行」为（「束」除%s）乘%s而" % (u32(WN), u32(16 * MI)))
    w("　令「束列」为（「束」余%s）乘%s而" % (u32(WN), u32(16 * NJ)))
    w("　令「行」为「序」除%s而" % u32(CHUNKS))
    w("　令「段」为（「序」余%s）乘%s而" % (u32(CHUNKS), u32(8)))
    w("　令「目」为（「行」乘%s）加「段」而" % u32(PAD))
    w("　令「跨」为%s乘「半深」而" % u32(ROWS_PER_PASS))
    w("　令「甲字」为（（「块行」加「行」）乘「半深」）加（「段」除%s）而" % u32(2))
    w("　令「乙字」为（（「块列」加「行」）乘「半深」）加（「段」除%s）而" % u32(2))
    for i in range(MI):
        w("　令「甲基%d」为（「束行」加%s）乘%s而" % (i, u32(16 * i), u32(PAD)))
    for j in range(NJ):
        w("　令「乙基%d」为（「束列」加%s）乘%s而" % (j, u32(16 * j), u32(PAD)))
    names = [(i, j) for i in range(MI) for j in range(NJ)]
    KK = BK // 16
    KEEP = int(os.environ.get("GEMM_KEEP", max(KK - 2, 0)))  # the slice whose fragments are carried without a tile kt + 1
    assert 0 <= KEEP < KK

    def load(name_a, name_b, stage_a, stage_b, kk, indent):
        for i in range(MI):
            w(indent + "令「%s%d」为「载入矩阵片甲」于「甲块」于（%s加「甲基%d」加%s）于%s而" % (name_a, i, stage_a, i, u32(16 * kk), u32(PAD)))
        for j in range(NJ):
            w(indent + "令「%s%d」为「载入矩阵片乙」于「乙块」于（%s加「乙基%d」加%s）于%s而" % (name_b, j, stage_b, j, u32(16 * kk), u32(PAD)))

    types = "又化".join(["「无三二」"] + ["「子组矩阵片累」"] * len(names) + ["「子组矩阵片甲」"] * MI + ["「子组矩阵片乙」"] * NJ)
    params = "又得".join(["「kt」"] + [acc(i, j, "c") for i, j in names] + ["「a0_%d」" % i for i in range(MI)]
                        + ["「b0_%d」" % j for j in range(NJ)])
    w("　递归令「主」其化%s为「有」者为得%s而" % (types, params))
    w("　　若「kt」小于「块数」则")
    w("　　　（令「级」为「kt」余%s而" % u32(STAGES))
    w("　　　令「甲阶」为「级」乘%s而" % u32(A_STAGE))
    w("　　　令「乙阶」为「级」乘%s而" % u32(B_STAGE))
    cur = "c"
    for kk in range(KK):
        if kk < KK - 1:
            load("a%d_" % (kk + 1), "b%d_" % (kk + 1), "「甲阶」", "「乙阶」", kk + 1, "　　　")
        else:
            w("　　　令「远」为「kt」加%s而" % u32(STAGES - 1))
            w("　　　（若「远」小于「块数」则「取块」于「远」于「甲字」于「乙字」于「目」于「跨」）；")
            w("　　　「提交异步拷贝」于「元」；")
            w("　　　「等待异步拷贝」于%s；" % u32(STAGES - 2))
            w("　　　「工作组屏障」于「元」；")
            w("　　　令「下级」为（「kt」加%s）余%s而" % (u32(1), u32(STAGES)))
            w("　　　令「下甲阶」为「下级」乘%s而" % u32(A_STAGE))
            w("　　　令「下乙阶」为「下级」乘%s而" % u32(B_STAGE))
            w("　　　令「有下」为（「kt」加%s）小于「块数」而" % u32(1))
            for i in range(MI):
                w("　　　令「na%d」为若「有下」则「载入矩阵片甲」于「甲块」于（「下甲阶」加「甲基%d」）于%s否则「a%d_%d」而"
                  % (i, i, u32(PAD), KEEP, i))
            for j in range(NJ):
                w("　　　令「nb%d」为若「有下」则「载入矩阵片乙」于「乙块」于（「下乙阶」加「乙基%d」）于%s否则「b%d_%d」而"
                  % (j, j, u32(PAD), KEEP, j))
        nxt = "d%d" % kk
        for i, j in names:
            w("　　　令%s为「矩阵片乘加」于「a%d_%d」于「b%d_%d」于%s而" % (acc(i, j, nxt), kk, i, kk, j, acc(i, j, cur)))
        cur = nxt
    w("　　　「主」于（「kt」加%s）于%s）" % (u32(1), "于".join([acc(i, j, cur) for i, j in names]
                                                       + ["「na%d」" % i for i in range(MI)] + ["「nb%d」" % j for j in range(NJ)])))
    w("　　否则")
    stores = ["「存矩阵片累到存储」于「丙」于（（（「块行」加「束行」加%s）乘「列数」）加「块列」加「束列」加%s）于「列数」于%s"
              % (u32(16 * i), u32(16 * j), acc(i, j, "c")) for i, j in names]
    w("　　　（" + "；\n　　　".join(stores) + "）")
    w("　而")
    for t in range(STAGES - 1):
        w("　（若%s小于「块数」则「取块」于%s于「甲字」于「乙字」于「目」于「跨」）；" % (u32(t), u32(t)))
        w("　「提交异步拷贝」于「元」；")
    w("　「等待异步拷贝」于%s；" % u32(STAGES - 2))
    w("　「工作组屏障」于「元」；")
    load("f", "g", u32(0), u32(0), 0, "　")
    w("　「主」于「零无」于%s" % "于".join(["（「零矩阵片累」于「元」）"] * len(names) + ["「f%d」" % i for i in range(MI)]
                                      + ["「g%d」" % j for j in range(NJ)]))
    w("也。")
    w("")
    w("「乘入口」乃「计算入口」也。")
    w("「乘入口」者「计算入口项」于「乘」于（「组值」【「工作组大小」者「%s」也】）也。" % numeral(THREADS))

    out = []
    w = out.append
    w("「：矩阵乘：半精度乘、单精度累加的 GEMM（丙 = 甲·乙ᵀ，甲 [M][K]、乙 [N][K]、丙 [M][N]），用子组矩阵片（着十二）。"
      "工作组块 %d×%d，%d 个调用即 %d 个子组（%d×%d），每个子组 %d×%d 即 %d×%d 个累加片；K 步 %d，"
      "甲乙块经 %d 份工作组缓冲（共 %d 字节）以十六字节「异步拷贝」载入（%d 块在途），行距 %d 个半精度免得 ldmatrix 撞库；"
      "矩阵片双缓冲（下一片在本片乘加时载入，下一块的头一片跨屏障作循环变量带入）；每个 K 步一次屏障；一维网格按 %d 行一带排布（L2 复用）；K 方向的循环是局部尾递归，累加片是它的循环变量。"
      "由 bench/gemm/gen_gemm.py %d %d %d %d %d %d 写出。：」"
      % (BM, BN, THREADS, WM * WN, WM, WN, 16 * MI, 16 * NJ, MI, NJ, BK, STAGES, STAGES * (A_STAGE + B_STAGE) * 2,
         STAGES - 1, PAD, GROUP, WM, WN, MI, NJ, BK, STAGES))
    w("寻观「点染」之「点染本」之书。")
    w("")
    w("「尺寸类」即「组类」【「行数」乃「无三二」也，「列数」乃「无三二」也，「深」乃「无三二」也】也。")
    w("")
    for name, binding, kind, access in (("甲", "零", "无三二", "只读"), ("乙", "一", "无三二", "只读"),
                                        ("丙", "二", "浮三二", "读写")):
        w("「%s」乃「存储缓冲」于（「数组」于「%s」）也。" % (name, kind))
        w("「%s」者「绑定」于（「组值」【「组」者「零」也，「号」者「%s」也，「访问」者「%s」也】）也。" % (name, binding, access))
    w("「尺寸」乃「均匀缓冲」于「尺寸类」也。")
    w("「尺寸」者「均匀绑定」于（「组值」【「组」者「零」也，「号」者「三」也】）也。")
    for name, size in (("甲块", STAGES * A_STAGE), ("乙块", STAGES * B_STAGE)):
        w("「%s」乃「工作组变量」于（「定长数组」于「浮十六」于「%s」）也。" % (name, numeral(size)))
        w("「%s」者「工作组共享」于「元」也。" % name)
    w("")
    for c in sorted(USED | {0}):
        w("%s者「新无三二」于「%s」也。" % (u32(c), numeral(c)))
    w("")
    print("\n".join(out + body))


if __name__ == "__main__":
    main()
