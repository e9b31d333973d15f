#!/usr/bin/env python3
"""Writes a shader of FUNCS chained functions, each calling the one below CALLS times
(issue 16: 4 chained functions with 60 calls each, all inlined, is 60^3 copies).
usage: gen_chain.py FUNCS CALLS > 名。着色器。豫"""
import sys

DIGITS = "零一二三四五六七八九"


def numeral(n):
    return "「" + "".join(DIGITS[int(d)] for d in str(n)) + "」"


def main():
    funcs, calls = int(sys.argv[1]), int(sys.argv[2])
    out = ["寻观「点染」之「点染本」之书。",
           "「数据」乃「存储缓冲」于（「数组」于「无三二」）也。",
           "「数据」者「绑定」于（「组值」【「组」者「零」也，「号」者「零」也，「访问」者「读写」也】）也。",
           "「链0」乃化「无三二」为「无三二」者也。",
           "「链0」者得「值」而「位异或」于（「值」乘「值」）于（「值」加「七」）也。"]
    for k in range(1, funcs):
        terms = "加".join("（「链%d」于（「值」加%s））" % (k - 1, numeral(i + 1)) for i in range(calls))
        out.append("「链%d」乃化「无三二」为「无三二」者也。" % k)
        out.append("「链%d」者得「值」而%s也。" % (k, terms))
    out += ["「主」乃化「全局调用号」为「有」者也。",
            "「主」者得「号」而「写数组」于「数据」于（「号」中「零」）于（「链%d」于（「号」中「零」））也。" % (funcs - 1),
            "「主入口」乃「计算入口」也。",
            "「主入口」者「计算入口项」于「主」于（「组值」【「工作组大小」者「六四」也】）也。"]
    print("\n".join(out))


main()
