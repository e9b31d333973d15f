/* The accumulator element operations (docs/builtins.md) in registers. An f32 accumulator is
 * eight floats a lane (fragment.c): elements 2j, 2j + 1 are row g + 8·(j & 1), columns
 * 2t + 8·(j >> 1) and one more (g = lane / 4, t = lane % 4). So
 *   - element-wise operations are per-register instructions (mul/add/sub/div/max.f32,
 *     ex2.approx.f32), no exchange between lanes;
 *   - a row lives in one quad (four lanes, same g): elements 0, 1, 4, 5 are row g and 2, 3,
 *     6, 7 row g + 8; a row reduction combines a lane's four values, then two shfl.sync.bfly
 *     (xor 1, xor 2), and writes the result to the row's four registers (the order of the
 *     sums is the one docs/builtins.md gives, so the CPU executor matches bit for bit);
 *   - the m16n8k16 A layout is the accumulator layout: word r of A holds row g + 8·(r & 1),
 *     columns 2t + 8·(r >> 1) and one more, i.e. elements 2r and 2r + 1, so frag_to_a is
 *     four cvt.rn.f16x2.f32 and nothing else;
 *   - a mask compares column − row of each register with the offset (lane arithmetic). */
#include "internal.h"

#include "../../ir/fragment.h"

enum { ACC_ELEMS = 8, A_WORDS = 4 };

static LLVMBuilderRef B(FnCtx *fc) { return fc->px->b; }
static LLVMValueRef u32c(FnCtx *fc, uint32_t v) { return LLVMConstInt(ptx_i32(fc->px), v, false); }
static LLVMTypeRef f32(FnCtx *fc) { return LLVMFloatTypeInContext(fc->px->ctx); }

static LLVMValueRef element(FnCtx *fc, LLVMValueRef vec, uint32_t i) {
    return LLVMBuildExtractElement(B(fc), vec, u32c(fc, i), "");
}

static LLVMValueRef insert(FnCtx *fc, LLVMValueRef vec, LLVMValueRef v, uint32_t i) {
    return LLVMBuildInsertElement(B(fc), vec, v, u32c(fc, i), "");
}

static LLVMValueRef splat(FnCtx *fc, LLVMValueRef scalar, LLVMTypeRef vec_type) {
    LLVMValueRef v = LLVMGetUndef(vec_type);
    for (uint32_t i = 0; i < ACC_ELEMS; i++) v = insert(fc, v, scalar, i);
    return v;
}

static LLVMValueRef fast(FnCtx *fc, LLVMValueRef v) {
    ptx_set_fast(fc, v);
    return v;
}

/* One element-wise operation on whole <8 x float> registers. */
static LLVMValueRef elementwise(FnCtx *fc, const IrInst *inst, LLVMValueRef x, LLVMValueRef y) {
    switch (inst->op) {
    case IR_OP_FRAG_SCALE: case IR_OP_FRAG_MUL: return fast(fc, LLVMBuildFMul(B(fc), x, y, ""));
    case IR_OP_FRAG_ADD_SCALAR: case IR_OP_FRAG_ADD: return fast(fc, LLVMBuildFAdd(B(fc), x, y, ""));
    case IR_OP_FRAG_SUB: return fast(fc, LLVMBuildFSub(B(fc), x, y, ""));
    case IR_OP_FRAG_DIV: return LLVMBuildFDiv(B(fc), x, y, "");
    default: return ptx_intrinsic2(fc, "llvm.maxnum", x, y, inst->span);  /* max, max_scalar */
    }
}

static LLVMValueRef exp2_each(FnCtx *fc, const IrInst *inst, LLVMValueRef x) {
    LLVMValueRef out = x;
    for (uint32_t i = 0; i < ACC_ELEMS; i++) {
        LLVMValueRef e = element(fc, x, i);
        LLVMValueRef r = ptx_intrinsic(fc, "llvm.nvvm.ex2.approx.f", NULL, 0, &e, 1, inst->span);
        if (!r) return NULL;
        out = insert(fc, out, r, i);
    }
    return out;
}

static LLVMValueRef combine(FnCtx *fc, const IrInst *inst, LLVMValueRef a, LLVMValueRef b) {
    if (inst->op == IR_OP_FRAG_ROW_SUM) return LLVMBuildFAdd(B(fc), a, b, "");
    return ptx_intrinsic2(fc, "llvm.maxnum", a, b, inst->span);
}

/* The row's value from the quad: shfl.sync.bfly with xor 1, then xor 2 (the whole warp takes
 * part, as fragment ops need). */
static LLVMValueRef across_quad(FnCtx *fc, const IrInst *inst, LLVMValueRef v) {
    for (uint32_t distance = 1; distance <= 2; distance *= 2) {
        LLVMValueRef word = LLVMBuildBitCast(B(fc), v, ptx_i32(fc->px), "");
        LLVMValueRef a[4] = {u32c(fc, 0xffffffffu), word, u32c(fc, distance), u32c(fc, 0x1f)};
        LLVMValueRef other = ptx_intrinsic(fc, "llvm.nvvm.shfl.sync.bfly.i32", NULL, 0, a, 4, inst->span);
        if (!other) return NULL;
        v = combine(fc, inst, v, LLVMBuildBitCast(B(fc), other, f32(fc), ""));
    }
    return v;
}

/* Row max / row sum: elements {0, 1, 4, 5} (row g) and {2, 3, 6, 7} (row g + 8). */
static LLVMValueRef row_reduce(FnCtx *fc, const IrInst *inst, LLVMValueRef x) {
    LLVMValueRef out = x;
    for (uint32_t half = 0; half < 2; half++) {
        uint32_t first = 2 * half;  /* elements first, first + 1, first + 4, first + 5 */
        LLVMValueRef left = combine(fc, inst, element(fc, x, first), element(fc, x, first + 1));
        LLVMValueRef right = combine(fc, inst, element(fc, x, first + 4), element(fc, x, first + 5));
        LLVMValueRef row = across_quad(fc, inst, combine(fc, inst, left, right));
        if (!row) return NULL;
        for (uint32_t k = 0; k < 2; k++) {
            out = insert(fc, out, row, first + k);
            out = insert(fc, out, row, first + 4 + k);
        }
    }
    return out;
}

/* A word r = elements 2r, 2r + 1 rounded to f16, low half first: one cvt.rn.f16x2.f32 (its
 * first operand goes to the upper half). */
static LLVMValueRef to_a(FnCtx *fc, const IrInst *inst, LLVMValueRef x) {
    LLVMValueRef words = LLVMGetUndef(LLVMVectorType(ptx_i32(fc->px), A_WORDS));
    for (uint32_t r = 0; r < A_WORDS; r++) {
        LLVMValueRef pair[2] = {element(fc, x, 2 * r + 1), element(fc, x, 2 * r)};
        LLVMValueRef halves = ptx_intrinsic(fc, "llvm.nvvm.ff2f16x2.rn", NULL, 0, pair, 2, inst->span);
        if (!halves) return NULL;
        words = insert(fc, words, LLVMBuildBitCast(B(fc), halves, ptx_i32(fc->px), ""), r);
    }
    return words;
}

/* C[r][c] = value where c − r > offset: per register, column − row is 2t − g plus a constant. */
static LLVMValueRef mask_upper(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    LLVMValueRef g, t;
    if (!ptx_fragment_lane(fc, inst->span, &g, &t)) return NULL;
    LLVMValueRef base = LLVMBuildSub(B(fc), LLVMBuildShl(B(fc), t, u32c(fc, 1), ""), g, "");
    LLVMValueRef out = args[0];
    for (uint32_t e = 0; e < ACC_ELEMS; e++) {
        uint32_t j = e / 2;
        int32_t shift = (int32_t)(8 * (j >> 1) + (e & 1)) - (int32_t)(8 * (j & 1));
        LLVMValueRef constant = LLVMConstInt(ptx_i32(fc->px), (uint64_t)(int64_t)shift, true);
        LLVMValueRef diff = LLVMBuildAdd(B(fc), base, constant, "");
        LLVMValueRef masked = LLVMBuildICmp(B(fc), LLVMIntSGT, diff, args[1], "");
        out = insert(fc, out, LLVMBuildSelect(B(fc), masked, args[2], element(fc, args[0], e), ""), e);
    }
    return out;
}

LLVMValueRef ptx_fragment_element(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    const char *operands = ir_fragment_element_operands(inst->op);
    LLVMValueRef x = args[0];
    switch (inst->op) {
    case IR_OP_FRAG_EXP2: return exp2_each(fc, inst, x);
    case IR_OP_FRAG_ROW_MAX: case IR_OP_FRAG_ROW_SUM: return row_reduce(fc, inst, x);
    case IR_OP_FRAG_TO_A: return to_a(fc, inst, x);
    case IR_OP_FRAG_MASK_UPPER: return mask_upper(fc, inst, args);
    default: break;
    }
    LLVMValueRef y = operands && operands[0] == 'f' ? splat(fc, args[1], LLVMTypeOf(x)) : args[1];
    return elementwise(fc, inst, x, y);
}
