/* 着十三's tensor tiles on the CPU (docs/exec.md § Tensor tiles).
 *
 * A tile value is its whole 64 × 64 f32 accumulator, row after row (4,096 words), in the
 * registers of every invocation of the workgroup. A tensor op is a workgroup collective: each
 * invocation stops at it as at a barrier (interp.c), and when every invocation of the
 * workgroup waits at the same dynamic instance (run.c), it runs once: the workgroup must have
 * exactly 128 invocations, none returned, and the operands must be the same in all of them;
 * the result goes to every invocation.
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

static bool whole_workgroup(ExWorkgroup *wg, const ExInst *in, ExInvocation *invs, uint32_t count) {
    if (count != WARPGROUP) {
        ex_fault(wg->fault, Y_EXEC_WORKGROUP, in->span, "张量片运算须由整个工作组一起执行，工作组须恰为 %u 个调用（着十三），现为 %u",
                 WARPGROUP, count);
        return false;
    }
    for (uint32_t i = 1; i < count; i++)
        for (uint32_t a = 0; a < in->arg_count; a++)
            if (memcmp(invs[i].regs + in->args[a], invs[0].regs + in->args[a], in->arg_lanes[a] * 4) != 0) {
                ex_fault(wg->fault, Y_EXEC_NON_UNIFORM, in->span,
                         "张量片运算的操作数须在整个工作组里相同：第 %u 个调用的第 %u 个操作数与第 0 个调用的不同", i,
                         a + 1);
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

/* 张量片共享乘加: A and B, 64 × 64 f16 tiles at elements 甲起 and 乙起 of one workgroup array in
 * the core-matrix layout (ir_tensor_core_index); the same sums as mma over k 0–63. */
static bool tile_of(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in, uint32_t arg, float tile[TILE][TILE]) {
    uint32_t start = word(inv, in, arg);
    if (start % IR_TENSOR_SHARED_ALIGN != 0) {
        ex_fault(wg->fault, Y_EXEC_ALIGNMENT, in->span, "「张量片共享乘加」的%s按元素算，须是 %u 的倍数（十六字节对齐），此处是 %u",
                 arg == 2 ? "甲起" : "乙起", IR_TENSOR_SHARED_ALIGN, start);
        return false;
    }
    const uint8_t *mem = elements(wg, inv, in, 1, start, IR_TENSOR_SHARED_ELEMENTS, 2);
    if (!mem) return false;
    for (uint32_t r = 0; r < TILE; r++)
        for (uint32_t k = 0; k < IR_TENSOR_SHARED_K; k++) {
            uint16_t h;
            memcpy(&h, mem + 2 * ir_tensor_core_index(r, k), sizeof h);
            tile[r][k] = ir_f16_value(h);
        }
    return true;
}

static bool mma_shared(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in, uint32_t *out) {
    const uint32_t *acc = inv->regs + in->args[0];
    float a[TILE][TILE], b[TILE][TILE];
    if (!tile_of(wg, inv, in, 2, a) || !tile_of(wg, inv, in, 3, b)) return false;
    for (uint32_t m = 0; m < TILE; m++)
        for (uint32_t n = 0; n < TILE; n++) {
            float sum = ex_f32(acc[m * TILE + n]);
            for (uint32_t k = 0; k < IR_TENSOR_SHARED_K; k++) sum = sum + a[m][k] * b[n][k];  /* each product exact */
            out[m * TILE + n] = ex_bits(sum);
        }
    return true;
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

bool ex_tensor_execute(ExWorkgroup *wg, const ExInst *in, ExInvocation *invs, uint32_t count) {
    if (!whole_workgroup(wg, in, invs, count)) return false;
    uint32_t out[TILE * TILE];
    switch (in->op) {
    case IR_OP_TENSOR_ZERO: memset(out, 0, sizeof out); break;
    case IR_OP_TENSOR_MMA:
        if (!mma(wg, &invs[0], in, out)) return false;
        break;
    case IR_OP_TENSOR_MMA_SHARED:
        if (!mma_shared(wg, &invs[0], in, out)) return false;
        break;
    default: return store(wg, &invs[0], in);
    }
    for (uint32_t i = 0; i < count; i++) memcpy(invs[i].regs + in->results[0], out, sizeof out);
    return true;
}
