/* Subgroup matrix fragments (着十二) and asynchronous copies on the CPU (docs/exec.md).
 *
 * A fragment value is its whole tile, replicated in the registers of every invocation of the
 * subgroup, row after row: A and B f16 (B held as [n][k]) and the f32 / s32 accumulators are
 * 16 × 16 words (f16 as the f32 of the same value, like every f16 register); the s8 A and B
 * are 16 rows × 8 words of four s8, lowest byte first, as in memory. A fragment op waits like
 * a subgroup op until the whole subgroup reaches it (run.c), then runs once: every lane must
 * be there and its operands must be the same on every lane; the result goes to every lane.
 *
 * Products: C[m][n] + Σₖ A[m][k]·B[n][k], k from 0 up, each f16 product exact in f32 and each
 * sum rounded to f32 (tensor cores may add in another order); s8 products with s32 sums wrap.
 *
 * An asynchronous copy is done when it is issued (each invocation runs alone, so nobody can
 * tell the difference as long as the source is not written before the wait); commit and wait
 * have nothing left to do. */
#include <string.h>

#include "internal.h"

#define TILE 16u
#define S8_ROW_WORDS 8u  /* 32 s8 a row */

uint32_t ex_fragment_words(IrFragmentKind kind) {
    switch (kind) {
    case IR_FRAG_A_F16: case IR_FRAG_B_F16: case IR_FRAG_ACC_F32: case IR_FRAG_ACC_S32: return TILE * TILE;
    case IR_FRAG_A_S8: case IR_FRAG_B_S8: return TILE * S8_ROW_WORDS;
    default: return 0;  /* 着十三's tensor tiles: not in the executor */
    }
}

/* ---- the subgroup's operands ---- */

/* The lane whose registers stand for the subgroup's (every lane holds the same operands). */
typedef struct Collective {
    ExWorkgroup *wg;
    const ExInst *in;
    ExInvocation *lane0;
} Collective;

/* `existing`: lanes of this subgroup inside the workgroup (fewer in a short last subgroup). */
static bool whole_subgroup(ExWorkgroup *wg, const ExInst *in, ExInvocation **lanes, uint32_t size,
                           uint32_t existing) {
    if (existing < size) {
        ex_fault(wg->fault, Y_EXEC_NON_UNIFORM, in->span,
                 "子组矩阵片运算须由整个子组（%u 个调用）一起执行：工作组的最后一个子组只有 %u 个调用", size,
                 existing);
        return false;
    }
    for (uint32_t l = 0; l < size; l++) {
        if (lanes[l]) continue;
        ex_fault(wg->fault, Y_EXEC_NON_UNIFORM, in->span,
                 "子组矩阵片运算须由整个子组（%u 个调用）一起执行：子组的第 %u 个调用已经返回", size, l);
        return false;
    }
    return true;
}

static bool same_operands(ExWorkgroup *wg, const ExInst *in, ExInvocation **lanes, uint32_t size) {
    for (uint32_t l = 1; l < size; l++)
        for (uint32_t a = 0; a < in->arg_count; a++)
            if (memcmp(lanes[l]->regs + in->args[a], lanes[0]->regs + in->args[a], in->arg_lanes[a] * 4) != 0) {
                ex_fault(wg->fault, Y_EXEC_NON_UNIFORM, in->span,
                         "子组矩阵片运算的操作数须在整个子组里相同：子组的第 %u 个调用的第 %u 个操作数与第 0 个调用的不同",
                         l, a + 1);
                return false;
            }
    return true;
}

static uint32_t operand(const Collective *c, uint32_t arg) { return c->lane0->regs[c->in->args[arg]]; }

static bool aligned(const Collective *c, uint32_t arg, const char *what) {
    uint32_t value = operand(c, arg);
    if (value % IR_FRAG_ALIGN_ELEMENTS == 0) return true;
    ex_fault(c->wg->fault, Y_EXEC_ALIGNMENT, c->in->span, "子组矩阵片的「%s」按元素算，须是 %u 的倍数（着十二），此处是 %u", what,
             IR_FRAG_ALIGN_ELEMENTS, value);
    return false;
}

/* The `count` elements of `elem_bytes` from element start + row·stride of the operand's
 * array; NULL (fault) when they are not all inside it. */
static uint8_t *row_address(const Collective *c, uint32_t row, uint32_t count, uint32_t elem_bytes) {
    const uint32_t *ptr = c->lane0->regs + c->in->args[IR_FRAG_ARG_MEMORY];
    uint64_t element = (uint64_t)operand(c, IR_FRAG_ARG_START) + (uint64_t)row * operand(c, IR_FRAG_ARG_STRIDE);
    return ex_address(c->wg, c->lane0, ptr[0], ptr[1] + element * elem_bytes, (uint64_t)count * elem_bytes,
                      c->in->span);
}

static uint32_t half_at(const uint8_t *mem) {
    uint16_t h;
    memcpy(&h, mem, sizeof h);
    return ex_bits(ir_f16_value(h));
}

/* ---- loads and stores ---- */

/* Rows 0–7, or all 16, of a fragment from memory; the rest zero. */
static bool load(const Collective *c, uint32_t *out) {
    IrFragmentKind kind = c->in->fragment;
    uint32_t words = ex_fragment_words(kind);
    uint32_t rows = c->in->op == IR_OP_FRAG_LOAD_ROWS8 ? TILE / 2 : TILE;
    memset(out, 0, words * 4);
    if (kind == IR_FRAG_A_S8 || kind == IR_FRAG_B_S8) {  /* words of four s8, as they are */
        for (uint32_t r = 0; r < rows; r++) {
            const uint8_t *mem = row_address(c, r, S8_ROW_WORDS, 4);
            if (!mem) return false;
            memcpy(out + r * S8_ROW_WORDS, mem, S8_ROW_WORDS * 4);
        }
        return true;
    }
    if (kind == IR_FRAG_ACC_F32 || kind == IR_FRAG_ACC_S32) {
        for (uint32_t r = 0; r < rows; r++) {
            const uint8_t *mem = row_address(c, r, TILE, 4);
            if (!mem) return false;
            memcpy(out + r * TILE, mem, TILE * 4);
        }
        return true;
    }
    /* f16 A or B: from a workgroup array<f16> or from the f16 pairs of a storage array<u32>,
     * counted in f16 elements either way. */
    for (uint32_t r = 0; r < rows; r++) {
        const uint8_t *mem = row_address(c, r, TILE, 2);
        if (!mem) return false;
        for (uint32_t i = 0; i < TILE; i++) out[r * TILE + i] = half_at(mem + 2 * i);
    }
    return true;
}

/* 载矩阵片乙自转置存储, 载入矩阵片乙自转置: B[n][k] = the f16 element start + k·stride + n (row k
 * of a K×N matrix), from the f16 pairs of a storage array<u32> or from a workgroup array<f16>. */
static bool load_transposed(const Collective *c, uint32_t *out) {
    for (uint32_t k = 0; k < TILE; k++) {
        const uint8_t *mem = row_address(c, k, TILE, 2);
        if (!mem) return false;
        for (uint32_t n = 0; n < TILE; n++) out[n * TILE + k] = half_at(mem + 2 * n);
    }
    return true;
}

/* An accumulator (f32 or s32 bits) to memory: all rows, or rows 0–7. */
static bool store(const Collective *c) {
    const uint32_t *tile = c->lane0->regs + c->in->args[IR_FRAG_ARG_STORED];
    uint32_t rows = c->in->op == IR_OP_FRAG_STORE_ROWS8 ? TILE / 2 : TILE;
    for (uint32_t r = 0; r < rows; r++) {
        uint8_t *mem = row_address(c, r, TILE, 4);
        if (!mem) return false;
        memcpy(mem, tile + r * TILE, TILE * 4);
    }
    return true;
}

/* ---- products ---- */

static void mma_f16(const uint32_t *a, const uint32_t *b, const uint32_t *acc, uint32_t *out) {
    for (uint32_t m = 0; m < TILE; m++)
        for (uint32_t n = 0; n < TILE; n++) {
            float sum = ex_f32(acc[m * TILE + n]);
            for (uint32_t k = 0; k < TILE; k++) {
                float product = ex_f32(a[m * TILE + k]) * ex_f32(b[n * TILE + k]);  /* exact */
                sum = sum + product;
            }
            out[m * TILE + n] = ex_bits(sum);
        }
}

static int32_t s8_at(const uint32_t *row, uint32_t k) { return (int8_t)(uint8_t)(row[k / 4] >> (8 * (k % 4))); }

static void mma_s8(const uint32_t *a, const uint32_t *b, const uint32_t *acc, uint32_t *out) {
    for (uint32_t m = 0; m < TILE; m++)
        for (uint32_t n = 0; n < TILE; n++) {
            uint32_t sum = acc[m * TILE + n];
            for (uint32_t k = 0; k < 4 * S8_ROW_WORDS; k++)
                sum += (uint32_t)(s8_at(a + m * S8_ROW_WORDS, k) * s8_at(b + n * S8_ROW_WORDS, k));
            out[m * TILE + n] = sum;
        }
}

static bool compute(const Collective *c, uint32_t *out) {
    const ExInst *in = c->in;
    const uint32_t *regs = c->lane0->regs;
    switch (in->op) {
    case IR_OP_FRAG_ZERO: memset(out, 0, TILE * TILE * 4); return true;
    case IR_OP_FRAG_FILL:
        for (uint32_t i = 0; i < TILE * TILE; i++) out[i] = operand(c, 0);
        return true;
    case IR_OP_FRAG_MMA:
        if (in->fragment == IR_FRAG_ACC_F32) mma_f16(regs + in->args[0], regs + in->args[1], regs + in->args[2], out);
        else mma_s8(regs + in->args[0], regs + in->args[1], regs + in->args[2], out);
        return true;
    case IR_OP_FRAG_SCALE: case IR_OP_FRAG_ADD_SCALAR: case IR_OP_FRAG_MAX_SCALAR: case IR_OP_FRAG_ADD:
    case IR_OP_FRAG_SUB: case IR_OP_FRAG_MUL: case IR_OP_FRAG_DIV: case IR_OP_FRAG_MAX: case IR_OP_FRAG_EXP2:
    case IR_OP_FRAG_ROW_MAX: case IR_OP_FRAG_ROW_SUM: case IR_OP_FRAG_TO_A: case IR_OP_FRAG_MASK_UPPER:
        ex_fragment_element(in, regs, out);
        return true;
    case IR_OP_FRAG_LOAD_TRANSPOSED:
        return aligned(c, IR_FRAG_ARG_START, "起") && aligned(c, IR_FRAG_ARG_STRIDE, "步") && load_transposed(c, out);
    case IR_OP_FRAG_STORE: case IR_OP_FRAG_STORE_ROWS8:
        return aligned(c, IR_FRAG_ARG_START, "起") && aligned(c, IR_FRAG_ARG_STRIDE, "步") && store(c);
    default:  /* frag_load, frag_load_rows8 */
        return aligned(c, IR_FRAG_ARG_START, "起") && aligned(c, IR_FRAG_ARG_STRIDE, "步") && load(c, out);
    }
}

bool ex_fragment_execute(ExWorkgroup *wg, const ExInst *in, ExInvocation **lanes, uint32_t size,
                         uint32_t existing) {
    if (!whole_subgroup(wg, in, lanes, size, existing) || !same_operands(wg, in, lanes, size)) return false;
    Collective c = {wg, in, lanes[0]};
    uint32_t out[TILE * TILE];
    if (!compute(&c, out)) return false;
    if (in->result_count)
        for (uint32_t l = 0; l < size; l++) memcpy(lanes[l]->regs + in->results[0], out, in->words * 4);
    return true;
}

/* ---- asynchronous copies ---- */

static bool multiple_of(ExWorkgroup *wg, const ExInst *in, uint32_t value, uint32_t of, const char *what) {
    if (value % of == 0) return true;
    ex_fault(wg->fault, Y_EXEC_ALIGNMENT, in->span, "「异步拷贝」的%s须是 %u 的倍数（十六字节对齐），此处是 %u", what, of, value);
    return false;
}

bool ex_async_copy(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in) {
    const uint32_t *regs = inv->regs, *dst = regs + in->args[0], *src = regs + in->args[2];
    uint32_t dst_index = regs[in->args[1]], src_index = regs[in->args[3]];
    if (!multiple_of(wg, in, dst_index, IR_ASYNC_COPY_DST_ALIGN, "工作组元素序") ||
        !multiple_of(wg, in, src_index, IR_ASYNC_COPY_SRC_ALIGN, "存储字序"))
        return false;
    const uint8_t *from = ex_address(wg, inv, src[0], src[1] + (uint64_t)src_index * 4, 16, in->span);
    if (!from) return false;
    uint8_t *to = ex_address(wg, inv, dst[0], dst[1] + (uint64_t)dst_index * 2, 16, in->span);
    if (!to) return false;
    memcpy(to, from, 16);  /* a storage buffer and workgroup memory never overlap */
    return true;
}
