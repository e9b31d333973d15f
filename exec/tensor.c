/* 着十三's tensor tiles on the CPU (docs/exec.md § Tensor tiles).
 *
 * A tile value is its whole 64 × 64 f32 accumulator, row after row (4,096 words), and a tag
 * word (EX_TENSOR_TAG), in the registers of every invocation of its warpgroup. A tensor op is
 * a warpgroup collective: each invocation stops at it as at a barrier (interp.c), and when
 * all 128 invocations of a warpgroup (local index 128·w … 128·w + 127) wait at the same
 * dynamic instance (run.c), it runs once: the workgroup must have a multiple of 128
 * invocations and the operands must be the same in the whole warpgroup; the result goes to
 * every invocation of it.
 *
 * Asynchronous MMA (张量片异步乘加, PTX wgmma without commit or wait): the sums are computed at
 * once, and the tile is tagged with its warpgroup's open group (committed + 1). 提交张量片乘加
 * closes the open group; 等待张量片乘加 (累, N) marks all but the last N committed groups
 * complete. Reading a tile (存回张量片累) whose tag is a group not yet complete is a fault: on
 * the GPU its registers may still be written. The synchronous 张量片乘加 and 张量片共享乘加
 * commit and wait for everything (wgmma.wait_group 0). 增寄存器 / 减寄存器 check their count.
 *
 * 张量片乘加 (acc, 甲, 起, 步, 行数, 乙): acc[m][n] + Σₖ A[m][k]·B[n][k] for k from 0 to 31, where
 * A[m][k] is 甲[起 + m·步 + k] rounded to f16 (nearest, ties to even: the relaxed precision of
 * the seed's descriptor, which the PTX target's cvt.rn matches) for m < 行数 and 0 for the other
 * rows, and B[n][k] the f16 element n·32 + k of 乙. Each product is exact in f32 and each sum
 * rounded to f32, k from 0 up (tensor cores may add in another order). 存回张量片累 (acc, 丙,
 * 起, 步, 列数, 行数) writes acc[r][c] to 丙[起 + r·步 + c] for r < 行数 and c < 列数. Every element
 * read or written must lie inside its buffer. 张量片共享乘加 (acc, 数组, 甲起, 乙起) (PTX-only
 * extension): A and B are 64 × 64 f16 tiles of the workgroup array in the core-matrix layout
 * (ir_tensor_core_index), starts multiples of 8; the same sums over k 0–63. */
#include <string.h>

#include "internal.h"

#define TILE 64u
#define TILE_K 32u
#define WARPGROUP 128u

static uint32_t word(const ExInvocation *inv, const ExInst *in, uint32_t arg) { return inv->regs[in->args[arg]]; }

static bool whole_warpgroup(ExWorkgroup *wg, const ExInst *in, ExInvocation *invs, uint32_t count,
                            uint32_t group_count) {
    if (count != WARPGROUP || group_count % WARPGROUP != 0) {
        ex_fault(wg->fault, Y_EXEC_WORKGROUP, in->span,
                 "张量片运算须由线程束组（%u 个调用）一起执行，工作组须是 %u 的倍数个调用（着十三），现为 %u", WARPGROUP,
                 WARPGROUP, group_count);
        return false;
    }
    for (uint32_t i = 1; i < count; i++)
        for (uint32_t a = 0; a < in->arg_count; a++)
            if (memcmp(invs[i].regs + in->args[a], invs[0].regs + in->args[a], in->arg_lanes[a] * 4) != 0) {
                ex_fault(wg->fault, Y_EXEC_NON_UNIFORM, in->span,
                         "张量片运算的操作数须在整个线程束组里相同：第 %u 个调用的第 %u 个操作数与第 %u 个调用的不同",
                         invs[i].local_index, a + 1, invs[0].local_index);
                return false;
            }
    return true;
}

/* `count` f32 elements from element `element` of the buffer operand `arg`; NULL (fault) outside. */
static uint8_t *elements(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in, uint32_t arg, uint64_t element,
                         uint64_t count, uint32_t elem_bytes) {
    const uint32_t *ptr = inv->regs + in->args[arg];
    return ex_address(wg, inv, ptr[0], ptr[1] + element * elem_bytes, count * elem_bytes, in->span);
}

static bool mma(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in, uint32_t *out) {
    const uint32_t *acc = inv->regs + in->args[0];
    uint64_t start = word(inv, in, 2), stride = word(inv, in, 3), rows = word(inv, in, 4);
    float b[TILE][TILE_K];
    const uint8_t *bmem = elements(wg, inv, in, 5, 0, TILE * TILE_K, 2);
    if (!bmem) return false;
    for (uint32_t n = 0; n < TILE; n++)
        for (uint32_t k = 0; k < TILE_K; k++) {
            uint16_t h;
            memcpy(&h, bmem + 2 * (n * TILE_K + k), sizeof h);
            b[n][k] = ir_f16_value(h);
        }
    for (uint32_t m = 0; m < TILE; m++) {
        float a[TILE_K];
        memset(a, 0, sizeof a);
        if (m < rows) {
            const uint8_t *row = elements(wg, inv, in, 1, start + m * stride, TILE_K, 4);
            if (!row) return false;
            for (uint32_t k = 0; k < TILE_K; k++) {
                float x;
                memcpy(&x, row + 4 * k, sizeof x);
                a[k] = (float)ir_f16_nearest(x);
            }
        }
        for (uint32_t n = 0; n < TILE; n++) {
            float sum = ex_f32(acc[m * TILE + n]);
            for (uint32_t k = 0; k < TILE_K; k++) sum = sum + a[k] * b[n][k];  /* each product exact */
            out[m * TILE + n] = ex_bits(sum);
        }
    }
    return true;
}

/* 张量片共享乘加 / 张量片异步乘加: A and B, 64 × 64 f16 tiles at elements 甲起 (arg 2) and 乙起
 * (arg 3) of one workgroup array in `layout` (ir/fragment.h); the same sums as mma over k 0–63.
 * 张量片脑浮异步乘加: bf16 elements (2 bytes each, two to a u32 word, low half first), the
 * same byte layout; a bf16 is the high half of an f32, and bf16 × bf16 is exact in f32. */
static bool tile_of(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in, uint32_t arg, uint32_t layout,
                    float tile[TILE][TILE]) {
    uint32_t start = word(inv, in, arg);
    bool swizzled = layout == IR_TENSOR_LAYOUT_SWIZZLE128;
    uint32_t align = swizzled ? IR_TENSOR_SWIZZLE_ALIGN : IR_TENSOR_SHARED_ALIGN;
    if (start % align != 0) {
        ex_fault(wg->fault, Y_EXEC_ALIGNMENT, in->span, "「%s」的%s按元素算，须是 %u 的倍数（%s对齐），此处是 %u",
                 ir_tensor_builtin_name(in->op), arg == 2 ? "甲起" : "乙起", align, swizzled ? "1024 字节" : "十六字节",
                 start);
        return false;
    }
    const uint8_t *mem = elements(wg, inv, in, 1, start, IR_TENSOR_SHARED_ELEMENTS, 2);
    if (!mem) return false;
    for (uint32_t r = 0; r < TILE; r++)
        for (uint32_t k = 0; k < IR_TENSOR_SHARED_K; k++) {
            uint16_t h;
            uint32_t index = swizzled ? ir_tensor_swizzle_index(r, k) : ir_tensor_core_index(r, k);
            memcpy(&h, mem + 2 * index, sizeof h);
            tile[r][k] = in->op == IR_OP_TENSOR_MMA_ASYNC_BF16 ? ex_f32((uint32_t)h << 16) : ir_f16_value(h);
        }
    return true;
}

static bool mma_shared(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in, uint32_t layout, uint32_t *out) {
    const uint32_t *acc = inv->regs + in->args[0];
    float a[TILE][TILE], b[TILE][TILE];
    if (!tile_of(wg, inv, in, 2, layout, a) || !tile_of(wg, inv, in, 3, layout, b)) return false;
    for (uint32_t m = 0; m < TILE; m++)
        for (uint32_t n = 0; n < TILE; n++) {
            float sum = ex_f32(acc[m * TILE + n]);
            for (uint32_t k = 0; k < IR_TENSOR_SHARED_K; k++) sum = sum + a[m][k] * b[n][k];  /* each product exact */
            out[m * TILE + n] = ex_bits(sum);
        }
    return true;
}

/* The constant operand of tensor_mma_async, tensor_wait, register_inc/dec (checked by the
 * verifier when it is a constant; a YIR module may pass any value). */
static bool constant_of(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in, uint32_t arg, uint32_t *out) {
    *out = word(inv, in, arg);
    if (ir_tensor_constant_ok(in->op, *out)) return true;
    ex_fault(wg->fault, Y_EXEC_UNSUPPORTED, in->span, "「%s」的%s，此处是 %u", ir_tensor_builtin_name(in->op),
             ir_tensor_constant_rule(in->op), *out);
    return false;
}

/* A tile read while the asynchronous MMA group that wrote it may still be running. */
static bool readable(ExWorkgroup *wg, const ExWarpgroup *group, const ExInvocation *inv, const ExInst *in) {
    uint32_t tag = inv->regs[in->args[0] + EX_TENSOR_TAG];
    if (tag == 0 || tag <= group->complete) return true;
    if (tag > group->committed)
        ex_fault(wg->fault, Y_EXEC_PENDING_MMA, in->span,
                 "「%s」读的张量片累还在异步乘加之中：写它的「张量片异步乘加」尚未提交（须先「提交张量片乘加」，再「等待张量片乘加」）",
                 ir_tensor_builtin_name(in->op));
    else
        ex_fault(wg->fault, Y_EXEC_PENDING_MMA, in->span,
                 "「%s」读的张量片累还在异步乘加之中：写它的第 %u 组已提交，但只等到了前 %u 组完成（「等待张量片乘加」的组数太大或没有等待）",
                 ir_tensor_builtin_name(in->op), tag, group->complete);
    return false;
}

static bool store(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in) {
    const uint32_t *acc = inv->regs + in->args[0];
    uint64_t start = word(inv, in, 2), stride = word(inv, in, 3);
    uint32_t columns = word(inv, in, 4), rows = word(inv, in, 5);
    if (columns > TILE) columns = TILE;
    if (rows > TILE) rows = TILE;
    for (uint32_t r = 0; r < rows && columns; r++) {
        uint8_t *mem = elements(wg, inv, in, 1, start + r * stride, columns, 4);
        if (!mem) return false;
        memcpy(mem, acc + r * TILE, columns * 4);
    }
    return true;
}

/* The ops with no tile result: store, commit, register_inc/dec. */
static bool run_without_result(ExWorkgroup *wg, ExWarpgroup *group, ExInvocation *inv, const ExInst *in) {
    uint32_t n = 0;
    switch (in->op) {
    case IR_OP_TENSOR_COMMIT: group->committed++; return true;
    case IR_OP_REGISTER_INC: case IR_OP_REGISTER_DEC: return constant_of(wg, inv, in, 0, &n);
    default: return readable(wg, group, inv, in) && store(wg, inv, in);
    }
}

/* The ops with a tile result in out (its tag included). */
static bool run_with_result(ExWorkgroup *wg, ExWarpgroup *group, ExInvocation *inv, const ExInst *in, uint32_t *out) {
    uint32_t n = 0;
    out[EX_TENSOR_TAG] = 0;
    switch (in->op) {
    case IR_OP_TENSOR_ZERO: memset(out, 0, EX_TENSOR_WORDS * 4); return true;
    case IR_OP_TENSOR_MMA: case IR_OP_TENSOR_MMA_SHARED:  /* commit and wait_group 0 */
        group->complete = ++group->committed;
        return in->op == IR_OP_TENSOR_MMA ? mma(wg, inv, in, out) : mma_shared(wg, inv, in, IR_TENSOR_LAYOUT_CORE, out);
    case IR_OP_TENSOR_MMA_ASYNC: case IR_OP_TENSOR_MMA_ASYNC_BF16:
        if (!constant_of(wg, inv, in, 4, &n) || !mma_shared(wg, inv, in, n, out)) return false;
        out[EX_TENSOR_TAG] = group->committed + 1;
        return true;
    default:  /* tensor_wait */
        if (!constant_of(wg, inv, in, 1, &n)) return false;
        if (group->committed >= n && group->committed - n > group->complete) group->complete = group->committed - n;
        memcpy(out, inv->regs + in->args[0], EX_TENSOR_WORDS * 4);
        return true;
    }
}

bool ex_tensor_execute(ExWorkgroup *wg, const ExInst *in, ExInvocation *invs, uint32_t count, uint32_t group_count) {
    if (!whole_warpgroup(wg, in, invs, count, group_count)) return false;
    ExWarpgroup *group = &wg->warpgroups[invs[0].local_index / WARPGROUP];
    if (!in->result_count) return run_without_result(wg, group, &invs[0], in);
    uint32_t out[EX_TENSOR_WORDS];
    if (!run_with_result(wg, group, &invs[0], in, out)) return false;
    for (uint32_t i = 0; i < count; i++) memcpy(invs[i].regs + in->results[0], out, sizeof out);
    return true;
}
