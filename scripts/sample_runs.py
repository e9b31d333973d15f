#!/usr/bin/env python3
"""Writes 库/点染/测试/样例/名。运行.json: input buffers and the exact expected contents after one
dispatch of each compute sample (format: 库/点染/测试/样例/说明.md). Rerun after changing a
sample's data; the expected values follow WGSL semantics and are exactly representable."""
import json, math, os, struct, sys

HERE = os.path.dirname(os.path.abspath(__file__))
DIR = os.path.join(HERE, '..', '库', '点染', '测试', '样例')
U32 = 0xFFFFFFFF

def f32(x):  # round to f32
    return struct.unpack('<f', struct.pack('<f', x))[0]

def f32_bits(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]

def f16_bits(x):
    return struct.unpack('<H', struct.pack('<e', x))[0]

def buf(binding, typ, init, expect=None, kind='storage', access='read_write', group=0):
    b = {'group': group, 'binding': binding, 'kind': kind}
    if kind == 'storage':
        b['access'] = access
    b['type'] = typ
    b['init'] = init
    if expect is not None:
        b['expect'] = expect
    return b

def run(entry, function, workgroup_size, workgroups, buffers, **extra):
    r = {'entry': entry, 'function': function, 'workgroup_size': workgroup_size,
         'workgroups': workgroups, 'buffers': buffers}
    r.update(extra)
    return r

runs = {}

# 加倍 (the seed example): data[i] *= 2
d = [i * 3 + 1 for i in range(8)]
runs['加倍'] = run('加倍入口', '加倍', 4, [2, 1, 1],
                 [buf(0, 'u32', d, [2 * v for v in d])])

# 饱和乘加: y = a*x + y + b
n = 128
x = [float(i) for i in range(n)]
y = [2.0 * i for i in range(n)]
a, b = 2.0, 0.5
runs['饱和乘加'] = run('饱和乘加入口', '饱和乘加', 64, [2, 1, 1], [
    buf(0, 'f32', x, access='read'),
    buf(1, 'f32', y, [a * xi + yi + b for xi, yi in zip(x, y)]),
    buf(2, 'f32', [a, b], kind='uniform')])

# 工作组归约: one partial sum per workgroup of 64
inp = [float((i * 7) % 13 - 3) for i in range(128)]
runs['工作组归约'] = run('归约入口', '归约', 64, [2, 1, 1], [
    buf(0, 'f32', inp, access='read'),
    buf(1, 'f32', [0.0, 0.0], [sum(inp[0:64]), sum(inp[64:128])])])

# 直方图: 100 samples in 8 buckets, max and min; threads 100..127 must do nothing
count, nb = 100, 8
smp = [(i * 37 + 11) % 101 for i in range(count)] + [5000 + i for i in range(128 - count)]
hist = [0] * nb
for v in smp[:count]:
    hist[v % nb] += 1
runs['直方图'] = run('统计入口', '统计', 64, [2, 1, 1], [
    buf(0, 'u32', smp, access='read'),
    buf(1, 'u32', [0] * nb, hist),
    buf(2, 'u32', [0, U32], [max(smp[:count]), min(smp[:count])]),
    buf(3, 'u32', [count, nb], kind='uniform')])

# 计数衰减: halve 计数, read-and-clear 待取, snapshot = old 计数 + old 待取
c = [i * 3 + 1 for i in range(32)]
t = [100 + i for i in range(32)]
runs['计数衰减'] = run('衰减入口', '衰减', 32, [1, 1, 1], [
    buf(0, 'u32', c, [v // 2 for v in c]),
    buf(1, 'u32', t, [0] * 32),
    buf(2, 'u32', [0] * 32, [ci + ti for ci, ti in zip(c, t)])])

# 科拉茨: steps to reach 1
def collatz(v):
    k = 0
    while v > 1:
        v = v // 2 if v % 2 == 0 else 3 * v + 1
        k += 1
    return k
start = list(range(1, 65))
runs['科拉茨'] = run('步数入口', '步数', 64, [1, 1, 1],
                  [buf(0, 'u32', start, [collatz(v) for v in start])])

# 回绕下标: two counted loops, one whose u32 index wraps (walks down), one that never wraps
data = [(i * i + 1) & U32 for i in range(64)]
down = [sum(data[(t % 56) + 7 - k] for k in range(8)) for t in range(64)]
up = [sum(data[(t % 56) + k] for k in range(8)) for t in range(64)]
runs['回绕下标'] = run('求和入口', '求和', 64, [1, 1, 1], [
    buf(0, 'u32', data, access='read'),
    buf(1, 'u32', [0] * 128, down + up),
    buf(2, 'u32', [8], kind='uniform')])

# 前缀和: inclusive scan clamped at 0
inp = [float(i % 5 - 2) for i in range(32)]
out, s = [], 0.0
for v in inp:
    s += v
    out.append(s if s >= 0 else 0.0)
runs['前缀和'] = run('扫描入口', '扫描', 32, [1, 1, 1], [
    buf(0, 'f32', inp, access='read'),
    buf(1, 'f32', [0.0] * 32, out)])

# 点变换: (镜像 × M) × p, scaled componentwise; w = sum of M's translation column
cols = [[1.0, 2.0, 0.0, 0.0], [0.0, 1.0, 3.0, 0.0], [2.0, 0.0, 1.0, 0.0], [5.0, -1.0, 4.0, 1.0]]
scale = [1.0, 2.0, 3.0, 0.5]
def matvec(cs, v):
    return [sum(cs[j][r] * v[j] for j in range(4)) for r in range(4)]
mirror = [[-1.0, 0, 0, 0], [0, 1.0, 0, 0], [0, 0, 1.0, 0], [0, 0, 0, 1.0]]
mm = [matvec(mirror, cols[j]) for j in range(4)]  # columns of 镜像 × M
pts, res = [], []
for i in range(8):
    p = [float(i), float(i + 1), float(-i), 1.0]
    pts += p
    q = matvec(mm, p)
    res += [q[0] * scale[0], q[1] * scale[1], q[2] * scale[2], cols[3][0] + cols[3][1] + cols[3][2]]
runs['点变换'] = run('变换入口', '变换点', 8, [1, 1, 1], [
    buf(0, 'f32', pts, access='read'),
    buf(1, 'f32', [0.0] * 32, res),
    buf(2, 'f32', sum(cols, []) + scale, kind='uniform')],
    note='数组于四维浮 与 四阶浮 按分量平铺（列主序），每元素 16 字节')

# 位转换
xs = list(range(-8, 8))
out = []
for v in xs:
    fl = float(v)
    packed = f16_bits(fl) | (f16_bits(fl + 1.0) << 16)
    hi = (int(fl + 1.0 + 8.0) << 8) & U32
    lo = (v & U32) & 0xFF
    out += [f32_bits(fl * 0.5), abs(v), packed, hi | lo]
runs['位转换'] = run('换算入口', '换算', 16, [1, 1, 1], [
    buf(0, 'i32', xs, access='read'),
    buf(1, 'u32', [0] * 64, out)])

# 半精度: clamp(h*1.5+0.25 + max(h,-4), -4, 100)
xs = [float(v) for v in range(-8, 8)]
out = []
for h in xs:
    r = min(max(h * 1.5 + 0.25 + max(h, -4.0), -4.0), 100.0)
    assert struct.unpack('<e', struct.pack('<e', r))[0] == r
    out.append(r)
runs['半精度'] = run('半精度入口', '半精度', 16, [1, 1, 1], [
    buf(0, 'f32', xs, access='read'),
    buf(1, 'f32', [0.0] * 16, out)], needs=['f16'])

# 科学记数: 数·1.5e-3, negatives replaced by the lowest f32 (the sentinel), 数 + (-3.5), 数·1e30;
# every product is of two f32 values, exact in a double, then rounded once to f32.
xs = [float(v) for v in range(-4, 4)]
out = []
for x in xs:
    out += [f32(x * f32(1.5e-3)), -f32(3.4028235e38) if x < 0 else x, x - 3.5, f32(x * f32(1e30))]
runs['科学记数'] = run('换算入口', '换算', 8, [1, 1, 1], [
    buf(0, 'f32', xs, access='read'),
    buf(1, 'f32', [0.0] * 32, out)])

# 高斯权重
w, dist = [], []
for i in range(16):
    dd = float(i) - 7.0
    g = 256.0 * math.exp(-(dd * dd) / 18.0)
    frac = g - math.floor(g)
    assert abs(frac - 0.5) > 0.1, (i, g)  # far from a rounding tie: approx exp is fine
    w.append(float(round(g)))
    ad = abs(dd)
    dist.append(min(max(ad, 0.0), 5.0) * 256.0 + min(abs(math.floor(dd * 0.5) + math.ceil(dd * 0.5)), 256.0))
runs['高斯权重'] = run('权重入口', '算权重', 16, [1, 1, 1], [
    buf(0, 'f32', [0.0] * 16, w),
    buf(1, 'f32', [0.0] * 16, dist)],
    note='指数在各目标上是近似值；每个权重离取整的分界都超过 0.1，所以四舍五入后精确')

# 子组检查: every check passes; xor-shuffle neighbour
runs['子组检查'] = run('子组入口', '子组自检', 64, [2, 1, 1], [
    buf(0, 'u32', [0] * 128, [1] * 128),
    buf(1, 'u32', [0] * 128, [i ^ 1 for i in range(128)])], needs=['subgroups'],
    note='假定子组大小整除 64、子组由连续的局部调用序组成（H200 为 32）')

# 子组投票与扫描: eight u32 results per invocation (ballot, votes as bits, elect, exclusive and
# inclusive sums of the lane, exclusive product of 1/2 per lane, shuffle up 1, shuffle down 2)
# and two f32 ones (inclusive product, exclusive sum). Subgroups of 32 consecutive invocations.
def lane_scan(values, op, unit, lane, inclusive):
    r = unit
    for j in range(lane + 1 if inclusive else lane):
        r = op(r, values[j])
    return r

SG = 32
u, f = [], []
odd = [(j & 1) + 1 for j in range(SG)]
for i in range(64):
    lane = i % SG
    u += [0x1f, 1 | 2, 1 if lane == 0 else 0,
          lane_scan(range(SG), lambda a, b: a + b, 0, lane, False),
          lane_scan(range(SG), lambda a, b: a + b, 0, lane, True),
          lane_scan(odd, lambda a, b: a * b, 1, lane, False),
          i - 1 if lane >= 1 else 0, i + 2 if lane + 2 < SG else 0]
    f += [float(lane_scan(odd, lambda a, b: a * b, 1, lane, True)),
          float(lane_scan(range(SG), lambda a, b: a + b, 0, lane, False))]
runs['子组投票与扫描'] = run('投票入口', '投票与扫描', 64, [1, 1, 1], [
    buf(0, 'u32', [0] * 512, u),
    buf(1, 'f32', [0.0] * 128, f)], needs=['subgroups'],
    note='假定子组大小为 32、子组由连续的局部调用序组成（H200 与 NVIDIA Vulkan 如此）')

# 屏障尾递归: four rounds of the tail-recursive loop with barriers; invocation 0 sums its right
# neighbour's input × (kt + 1) for kt = 0..3, so 出[0] = 输入[1] × 10.
inp = [(j * 7) % 11 + 1 for j in range(64)]
runs['屏障尾递归'] = run('邻和入口', '邻和', 64, [1, 1, 1], [
    buf(0, 'u32', inp, access='read'),
    buf(1, 'u32', [0], [inp[1] * (1 + 2 + 3 + 4)])])

# 子组投票分支: per invocation the subgroup sum of the values where the subgroup has a 3 (else 0),
# and the subgroup max where lane 0's value is below 50 (else the min). Subgroup 0 holds 0..31,
# subgroup 1 holds 132..163.
vals = [i if i < SG else i + 100 for i in range(64)]
out = []
for i in range(64):
    group = vals[i - i % SG:i - i % SG + SG]
    out += [sum(group) if 3 in group else 0, max(group) if group[0] < 50 else min(group)]
runs['子组投票分支'] = run('投票分支入口', '投票分支', 64, [1, 1, 1], [
    buf(0, 'u32', vals, access='read'),
    buf(1, 'u32', [0] * 128, out)], needs=['subgroups'],
    note='假定子组大小为 32、子组由连续的局部调用序组成（H200 与 NVIDIA Vulkan 如此）')

# 子组向量: per invocation 12 f32 (sum of a vec4, shuffle down 1 of a vec3 (0 in the last lane),
# broadcast of lane 3, exclusive product), 6 u32 (max of a vec2, xor 1 of a vec4), 8 i32 (min of
# a vec3, inclusive sum of a vec3, shuffle up 4 of a vec2 (0 in lanes 0..3)).
f, u, s32 = [], [], []
for i in range(64):
    lane, base = i % SG, i - i % SG
    lanes = range(SG)
    down = [float(i + 1), float(i + 2), float(lane + 1)] if lane < SG - 1 else [0.0] * 3
    exprod = lane_scan(odd, lambda a, b: a * b, 1, lane, False)
    f += [float(sum(lanes)), 2.0 * sum(lanes), float(SG), -float(sum(lanes))] + down + \
         [float(base + 3), 0.5, float(exprod), 1.0, 0.0]
    x = i ^ 1
    u += [SG - 1, SG - 1, x, x + 1, x + 2, x + 3]
    up = [i - 4, -(i - 4)] if lane >= 4 else [0, 0]
    s32 += [-5, 10 - (SG - 1), 7, lane + 1, sum(range(lane + 1)), -2 * (lane + 1)] + up
runs['子组向量'] = run('向量入口', '向量自检', 64, [1, 1, 1], [
    buf(0, 'f32', [0.0] * 768, f),
    buf(1, 'u32', [0] * 384, u),
    buf(2, 'i32', [0] * 512, s32)], needs=['subgroups'],
    note='假定子组大小为 32、子组由连续的局部调用序组成（H200 与 NVIDIA Vulkan 如此）')

# 子组半精度: h = lane & 7 in f16; 14 results per invocation, all small integers or halves
# (exact in f16 whatever the order of the additions).
f = []
for i in range(64):
    lane = i % SG
    h = [j & 7 for j in range(SG)]
    down = [h[lane + 1], h[lane + 1] + 1, h[lane + 1] + 2] if lane < SG - 1 else [0, 0, 0]
    f += [float(v) for v in [sum(h), sum(h), SG, sum(h) * 0.5, -sum(h), lane + 1, sum(h[:lane + 1]),
                             2 * (lane + 1), h[lane ^ 2], -h[lane ^ 2], 7] + down]
runs['子组半精度'] = run('半精度子组入口', '半精度子组', 64, [1, 1, 1], [
    buf(0, 'f32', [0.0] * 896, f)], needs=['f16', 'subgroups'],
    note='假定子组大小为 32；NVIDIA 的 Vulkan 适配器不给 shader-f16，WGSL 在 H200 上只能跳过，PTX 照跑')

# 子组不满: workgroups of 48 = a full subgroup and one of 16 active lanes; 6 f32 and 6 u32 each.
f, u = [], []
for i in range(96):
    local = i % 48
    lane, size = local % SG, (SG if local < SG else 48 - SG)
    f += [float(size), float(size), float(sum(range(size))), float(size - 1), float(sum(range(lane + 1))),
          -float(size - 1)]
    u += [sum(range(size)), 2 ** lane, (1 << size) - 1, 0, 1, 1 if lane == 0 else 0]
runs['子组不满'] = run('不满入口', '不满自检', 48, [2, 1, 1], [
    buf(0, 'f32', [0.0] * 576, f),
    buf(1, 'u32', [0] * 576, u)], needs=['subgroups'],
    note='每个工作组的第二个子组只有 16 个线程；假定子组大小为 32、子组由连续的局部调用序组成')

# 边界钳位: 50 elements, 64 invocations
vals = [i * 3 - 60 for i in range(50)]
runs['边界钳位'] = run('钳位入口', '钳位', 64, [1, 1, 1],
                   [buf(0, 'i32', vals, [min(max(v, -5), 9) for v in vals])])

# 位运算
def rev32(v):
    return int('{:032b}'.format(v)[::-1], 2)
xs = [(i * 0x9E3779B9 + 0x1234) & U32 for i in range(32)]
table = [7, 70, 700, 7000]
ints, floats = [], []
for i, v in enumerate(xs):
    lid, groups = i % 16, 2
    ints += [bin(v).count('1'), rev32(v), ((~v) & U32) ^ (v >> 4), table[v & 3] + groups * 1000 + lid]
    g = (float(i) - 16.0) * 0.75
    tr = float(math.trunc(g))
    sg = 0.0 if g == 0 else math.copysign(1.0, g)
    fr = g - math.floor(g)
    floats.append(tr * sg + fr)
runs['位运算'] = run('位自检入口', '位自检', 16, [2, 1, 1], [
    buf(0, 'u32', xs, access='read'),
    buf(1, 'u32', [0] * 128, ints),
    buf(2, 'f32', [0.0] * 32, floats),
    buf(3, 'u32', table, access='read')],
    note='查表 是 数组于（定长数组于无三二于四），每元素 16 字节，只有一个元素')

# 有结果丢值: 记一笔 writes 数据[i] = i + 1 (the old value is discarded), 计数[i] += 1
d = [7 * i for i in range(64)]
runs['有结果丢值'] = run('核入口', '核', 64, [1, 1, 1], [
    buf(0, 'u32', [i % 3 for i in range(64)], [i % 3 + 1 for i in range(64)]),
    buf(1, 'u32', d, [i + 1 for i in range(64)])])

# 名字改写: Fahrenheit to Celsius in u32, data[i] = (data[i] - 32) * 5 / 9; the entry function
# 「换算℃」 is 换算_u2103 in WGSL (docs/targets.md, Names)
fahrenheit = [32 + 9 * k for k in range(8)]
runs['名字改写'] = run('换算入口', '换算_u2103', 4, [2, 1, 1],
                   [buf(0, 'u32', fahrenheit, [(f - 32) * 5 // 9 for f in fahrenheit])])

# 整数点积: per thread i, dot over lanes 0..1, 0..2, 0..3 of 甲[4i..], 乙[4i..], as u32 and as
# i32, wrapping at 32 bits; 整果[3i] also adds the constant 常点 = 2*2 + (-3)*(-3) = 13
def s32(v):
    v &= U32
    return v - (1 << 32) if v & 0x80000000 else v
n = 16
ga = [(i * 2654435761 + k * 40503) & U32 if (i + k) % 3 else (i * 7 + k) for i in range(n) for k in range(4)]
gb = [(i * 362437 + k * 0x9E3779B9) & U32 if (i * k) % 2 else (0xFFFFFFFF - i - k) for i in range(n) for k in range(4)]
uo, io = [], []
for i in range(n):
    a, b = ga[4 * i:4 * i + 4], gb[4 * i:4 * i + 4]
    for lanes in (2, 3, 4):
        uo.append(sum(a[k] * b[k] for k in range(lanes)) & U32)
    for lanes in (2, 3, 4):
        v = sum(s32(a[k]) * s32(b[k]) for k in range(lanes))
        io.append(s32(v + 13) if lanes == 2 else s32(v))
runs['整数点积'] = run('算入口', '算', 8, [2, 1, 1], [
    buf(0, 'u32', ga, access='read'),
    buf(1, 'u32', gb, access='read'),
    buf(2, 'u32', [0] * (3 * n), uo),
    buf(3, 'i32', [0] * (3 * n), io)])

# 金属重名: the entry function 「kernel」 is 豫_kernel on every target; 数据[i] = min(x, max3(x, 7, 12))
# + 1 + x·3 = 4x + 1, 浮数[i] = sin(d) + length_squared((d, 0.5)) + template({d, x}) with
# sin(d) = d·0.5, so d/2 + d² + 1/4 + d + x (exact for d = i/2)
xs = [3 * i + 2 for i in range(16)]
ds = [0.5 * i for i in range(16)]
runs['金属重名'] = run('main', '豫_kernel', 8, [2, 1, 1], [
    buf(0, 'u32', xs, [4 * x + 1 for x in xs]),
    buf(1, 'f32', ds, [d * 0.5 + (d * d + 0.25) + (d + x) for d, x in zip(ds, xs)])])

# 定长写入: 格 = 块[i] summed in place (格[k] += 格[k-1]), then 格[0] += 100·i, 格[i/2 % 4] *= 3;
# 暂[本] = 格, 暂[本][1] += 7 (workgroup memory), barrier, 前缀[i] = 暂[本 ^ 1];
# 块[i][i % 4] = 块[i][3]·2
n = 16
blocks = [[(7 * i + 3 * k + 1) % 23 for k in range(4)] for i in range(n)]
prefix, after = [], []
for i, b in enumerate(blocks):
    p = [sum(b[:k + 1]) for k in range(4)]
    p[0] += 100 * i
    p[(i // 2) % 4] *= 3
    p[1] += 7
    prefix.append(p)
    c = list(b)
    c[i % 4] = b[3] * 2
    after += c
runs['定长写入'] = run('算入口', '算', 8, [2, 1, 1], [
    buf(0, 'u32', [v for b in blocks for v in b], after),
    buf(1, 'u32', [0] * (4 * n), [v for i in range(n) for v in prefix[i ^ 1]])])

# 动态共享: 128 KiB of workgroup memory (dynamic shared memory on PTX); out[i] = 3 · in[63 − i]
inp = [i * 0.5 - 7 for i in range(64)]
runs['动态共享'] = run('倒读入口', '倒读', 64, [1, 1, 1], [
    buf(0, 'f32', inp, access='read'),
    buf(1, 'f32', [0.0] * 64, [3 * inp[63 - i] for i in range(64)])])

# 纹理读取: a 4×2 rgba8unorm texture (channel bytes chosen so every filtered value is k/255),
# a linear clamp-to-edge sampler and a 4×2 r32uint texture; invocation i handles texel
# (i & 3, i >> 2): 读纹素, 按层采样纹理 at the texel's centre (the texel itself) and at the corner
# it shares with (x+1, y+1) (the mean of the four, clamped at the edges); 读纹素 of r32uint
# gives (v, 0, 0, 1); then (width, height, x, y).
TW, TH = 4, 2
def rgba8_texel(x, y):
    x, y = min(max(x, 0), TW - 1), min(max(y, 0), TH - 1)
    return (8 * x + 4, 16 * y + 8, 4 * (x + 4 * y), 255)
colour, counts = [], []
for i in range(TW * TH):
    x, y = i & 3, i >> 2
    texel = [c / 255 for c in rgba8_texel(x, y)]
    taps = [rgba8_texel(x + dx, y + dy) for dy in (0, 1) for dx in (0, 1)]
    corner = [sum(t[c] for t in taps) / 4 / 255 for c in range(4)]
    colour += [f32(v) for v in texel + texel + corner]
    counts += [100 + i, 0, 0, 1, TW, TH, x, y]
runs['纹理读取'] = run('读取入口', '读取', 8, [1, 1, 1], [
    dict(buf(3, 'f32', [0.0] * len(colour), colour), tolerance=1e-5),
    buf(4, 'u32', [0] * len(counts), counts)],
    textures=[
        {'group': 0, 'binding': 0, 'format': 'rgba8unorm', 'width': TW, 'height': TH,
         'init': [r | g << 8 | b << 16 | a << 24 for y in range(TH) for x in range(TW)
                  for r, g, b, a in [rgba8_texel(x, y)]]},
        {'group': 0, 'binding': 2, 'format': 'r32uint', 'width': TW, 'height': TH,
         'init': [100 + i for i in range(TW * TH)]}],
    samplers=[{'group': 0, 'binding': 1, 'filter': 'linear', 'address': 'clamp-to-edge'}],
    skip={'cpu': 'CPU 执行器不支持纹理与采样器'})

# 计算采样: 采样纹理 (level 0) of an 8×1 rgba32float texture, nearest, at texel centres; and
# 比较采样 of an 8×1 depth texture d = x/8 with `less` against 0.5 (passes where 0.5 < d).
CW = 8
colour = [[float(x), 2.0 * x, 3.0 * x, 1.0] for x in range(CW)]
depth = [x / CW for x in range(CW)]
runs['计算采样'] = run('取样入口', '取样', 8, [1, 1, 1], [
    buf(4, 'f32', [0.0] * 4 * CW, [v for c in colour for v in c]),
    buf(5, 'f32', [0.0] * CW, [1.0 if 0.5 < d else 0.0 for d in depth])],
    textures=[
        {'group': 0, 'binding': 0, 'format': 'rgba32float', 'width': CW, 'height': 1,
         'init': [v for c in colour for v in c]},
        {'group': 0, 'binding': 2, 'format': 'depth32float', 'width': CW, 'height': 1, 'init': depth}],
    samplers=[{'group': 0, 'binding': 1, 'filter': 'nearest', 'address': 'clamp-to-edge'},
              {'group': 0, 'binding': 3, 'filter': 'nearest', 'address': 'clamp-to-edge',
               'compare': 'less'}],
    skip={'wgsl': 'WGSL 只许片元入口采样纹理与比较采样（计算采样.wgsl。错误）',
          'cpu': 'CPU 执行器不支持纹理与采样器'})

# 转置: a 24 × 40 matrix (rows × columns) transposed through 16 × 16 tiles in a 2-D workgroup of
# 16 × 16; 3 × 2 workgroups cover it, the edge tiles only partly. 序记 gets 局部调用序 at
# y·16 + x in workgroup (0, 0): the flattened index x + 16·y on every target.
TR, TC, TILE = 24, 40, 16
matrix = [float(r * 100 + c) for r in range(TR) for c in range(TC)]
runs['转置'] = run('转置入口', '转置', [TILE, TILE, 1], [3, 2, 1], [
    buf(0, 'f32', matrix, access='read'),
    buf(1, 'f32', [-1.0] * (TR * TC), [matrix[r * TC + c] for c in range(TC) for r in range(TR)]),
    buf(2, 'u32', [U32] * (TILE * TILE), list(range(TILE * TILE)))])

# 子组投票矩阵片: 出 = 甲·乙ᵀ (16 × 64 f16 each, 乙 held [n][k], two f16 a word, low half
# first) in k blocks of 16; a block whose 甲 part is all zero is skipped by a subgroup vote.
# Block 2 of 甲 is zero and block 2 of 乙 is +inf: a product that ran there would give NaN.
# Small integers, so every sum is exact on every target (and in any order).
FM, FK = 16, 64
fa = [[0.0 if k // 16 == 2 else float((m * 3 + k) % 5 - 2) for k in range(FK)] for m in range(FM)]
fb = [[math.inf if k // 16 == 2 else float((n + 2 * k) % 7 - 3) for k in range(FK)] for n in range(FM)]
def f16_words(rows):
    flat = [x for r in rows for x in r]
    return [f16_bits(flat[i]) | (f16_bits(flat[i + 1]) << 16) for i in range(0, len(flat), 2)]
runs['子组投票矩阵片'] = run('投票乘入口', '投票乘', 32, [1, 1, 1], [
    buf(0, 'u32', f16_words(fa), access='read'),
    buf(1, 'u32', f16_words(fb), access='read'),
    buf(2, 'f32', [0.0] * (FM * FM),
        [sum(fa[m][k] * fb[n][k] for k in range(FK) if k // 16 != 2) for m in range(FM) for n in range(FM)])],
    needs=['subgroups'],
    note='PTX 与 CPU 执行器（WGSL 没有子组矩阵片）；一个工作组恰是一个子组，假定子组大小为 32')

# 张量片 (着十三): 丙 = Σ over two k blocks of 32 of 甲块 · 乙ᵀ — 甲 64 × 64 f32 (步长 64, 行数 64),
# 乙源 [n][k] 64 × 32 f32 that the shader rounds to f16. Small integers: exact in f16, and every
# sum exact in f32 in any order (Metal's matmul2d, wgmma on sm_90a and the CPU executor alike).
TM, TK, TB = 64, 64, 32
ta = [float((m * 3 + k * 5) % 7 - 3) for m in range(TM) for k in range(TK)]
tb = [float((n * 2 + k) % 5 - 2) for n in range(TM) for k in range(TB)]
runs['张量片'] = run('张量入口', '张量乘', 128, [1, 1, 1], [
    buf(0, 'f32', ta, access='read'),
    buf(1, 'f32', tb, access='read'),
    buf(2, 'f32', [0.0] * (TM * TM),
        [sum(ta[m * TK + k] * tb[n * TB + k % TB] for k in range(TK)) for m in range(TM) for n in range(TM)])],
    note='金属、PTX（sm_90a：wgmma，只在计算能力 9.0 上运行）与 CPU 执行器（WGSL 没有张量片）')

for name, r in runs.items():
    path = os.path.join(DIR, name + '。运行.json')
    if not os.path.exists(os.path.join(DIR, name + '。着色器。豫')):
        sys.exit('no sample for ' + name)
    with open(path, 'w', encoding='utf-8') as f:
        json.dump(r, f, ensure_ascii=False, indent=1)
        f.write('\n')
print('wrote', len(runs), 'run files')
