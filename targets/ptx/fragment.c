/* Subgroup matrix fragments (着十二) on sm_80+: the register layouts of the PTX ISA's
 * mma.m16n8k16 (f16, §9.7.14.5.8) and mma.m16n8k32 (s8, §9.7.14.5.10). With g = lane / 4 and
 * t = lane % 4, and counting memory in 32-bit words (two f16 or four s8):
 *   A (16 rows × 16 f16 / 32 s8): word r of a lane is row g + 8·(r & 1), word t + 4·(r >> 1);
 *   B (held as [n][k]):           word r is n = g + 8·(r >> 1), k word t + 4·(r & 1); words
 *                                 0–1 are the B of the first n8 block, 2–3 of the second;
 *   accumulator (16 × 16 f32/s32): elements 2j, 2j+1 are row g + 8·(j & 1), columns
 *                                 2t + 8·(j >> 1) and one more; 0–3 are the C/D of the first
 *                                 n8 block, 4–7 of the second.
 * A and B from workgroup memory come with one ldmatrix.x4 (each lane gives one row address;
 * .trans for B from a K×N array); element operations on accumulators: fragment_elements.c;
 * everything else goes lane by lane. A product is two mma.sync, one per n8 block. */
#include "internal.h"

#include "../../ir/fragment.h"

static LLVMBuilderRef B(FnCtx *fc) { return fc->px->b; }
static LLVMValueRef u32c(FnCtx *fc, uint32_t v) { return LLVMConstInt(ptx_i32(fc->px), v, false); }

enum { FRAG_WORDS = 4, ACC_ELEMS = 8 };

typedef struct Lane {
    LLVMValueRef id, g, t;  /* laneid, laneid / 4, laneid % 4 */
} Lane;

static bool lane_of(FnCtx *fc, Span span, Lane *lane) {
    lane->id = ptx_intrinsic(fc, "llvm.nvvm.read.ptx.sreg.laneid", NULL, 0, NULL, 0, span);
    if (!lane->id) return false;
    lane->g = LLVMBuildLShr(B(fc), lane->id, u32c(fc, 2), "");
    lane->t = LLVMBuildAnd(B(fc), lane->id, u32c(fc, 3), "");
    return true;
}

bool ptx_fragment_lane(FnCtx *fc, Span span, LLVMValueRef *g, LLVMValueRef *t) {
    Lane lane;
    if (!lane_of(fc, span, &lane)) return false;
    *g = lane.g;
    *t = lane.t;
    return true;
}

static LLVMValueRef add(FnCtx *fc, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildAdd(B(fc), a, b, ""); }
static LLVMValueRef mul(FnCtx *fc, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildMul(B(fc), a, b, ""); }

/* The address of element start + row·stride + col of an array of `elem_bytes` elements. */
static LLVMValueRef element_address(FnCtx *fc, LLVMValueRef base, LLVMValueRef start, LLVMValueRef stride,
                                    LLVMValueRef row, LLVMValueRef col, uint32_t elem_bytes) {
    LLVMValueRef index = add(fc, add(fc, start, mul(fc, row, stride)), col);
    return ptx_element_gep(fc, base, LLVMBuildZExt(B(fc), index, ptx_i64(fc->px), ""), elem_bytes);
}

static LLVMValueRef load_typed(FnCtx *fc, LLVMTypeRef type, LLVMValueRef ptr, unsigned align) {
    LLVMValueRef v = LLVMBuildLoad2(B(fc), type, ptr, "");
    LLVMSetAlignment(v, align);
    return v;
}

static void store_typed(FnCtx *fc, LLVMValueRef value, LLVMValueRef ptr, unsigned align) {
    LLVMSetAlignment(LLVMBuildStore(B(fc), value, ptr), align);
}

static LLVMTypeRef words_type(FnCtx *fc) { return LLVMVectorType(ptx_i32(fc->px), FRAG_WORDS); }

static LLVMValueRef insert(FnCtx *fc, LLVMValueRef vec, LLVMValueRef v, uint32_t i) {
    return LLVMBuildInsertElement(B(fc), vec, v, u32c(fc, i), "");
}

static LLVMValueRef element(FnCtx *fc, LLVMValueRef vec, uint32_t i) {
    return LLVMBuildExtractElement(B(fc), vec, u32c(fc, i), "");
}

/* Which element of memory word r of an A or B fragment a lane holds (row, column in words). */
static void operand_word(FnCtx *fc, const Lane *lane, bool is_b, uint32_t r, LLVMValueRef *row,
                         LLVMValueRef *word) {
    uint32_t row_block = is_b ? r >> 1 : r & 1, col_block = is_b ? r & 1 : r >> 1;
    *row = add(fc, lane->g, u32c(fc, 8 * row_block));
    *word = add(fc, lane->t, u32c(fc, 4 * col_block));
}

/* A or B from a workgroup array with ldmatrix.x4: lane l names row l % 16 of A (the third
 * and fourth 8×8 matrices are the right half) or, for B, row l % 8 + 8·(l / 16) with the
 * second and fourth matrices the right half; `half_words` elements make the 16-byte half row.
 * `transposed` (载入矩阵片乙自转置, B[n][k] = 数组[起 + k·步 + n]): ldmatrix.x4.trans, lane l
 * names memory row k = l % 8 + 8·((l / 8) % 2) at column n = 8·(l / 16), so matrix r is
 * the n block r / 2 and k block r % 2 like the B words, each lane getting k = 2t, 2t + 1 at
 * n = g. */
static LLVMValueRef ldmatrix(FnCtx *fc, const IrInst *inst, const Lane *lane, LLVMValueRef *args, bool is_b,
                             uint32_t elem_bytes, bool transposed) {
    uint32_t half_row = 16 / elem_bytes;
    LLVMValueRef row, col;
    if (transposed) {
        LLVMValueRef low = LLVMBuildAnd(B(fc), lane->id, u32c(fc, 7), "");
        LLVMValueRef k_block = LLVMBuildAnd(B(fc), LLVMBuildLShr(B(fc), lane->id, u32c(fc, 3), ""), u32c(fc, 1), "");
        row = add(fc, low, mul(fc, k_block, u32c(fc, 8)));
        col = mul(fc, LLVMBuildLShr(B(fc), lane->id, u32c(fc, 4), ""), u32c(fc, half_row));
    } else if (is_b) {
        LLVMValueRef low = LLVMBuildAnd(B(fc), lane->id, u32c(fc, 7), "");
        LLVMValueRef high = LLVMBuildShl(B(fc), LLVMBuildLShr(B(fc), lane->id, u32c(fc, 4), ""), u32c(fc, 3), "");
        row = add(fc, low, high);
        LLVMValueRef second = LLVMBuildAnd(B(fc), LLVMBuildLShr(B(fc), lane->id, u32c(fc, 3), ""), u32c(fc, 1), "");
        col = mul(fc, second, u32c(fc, half_row));
    } else {
        row = LLVMBuildAnd(B(fc), lane->id, u32c(fc, 15), "");
        col = mul(fc, LLVMBuildLShr(B(fc), lane->id, u32c(fc, 4), ""), u32c(fc, half_row));
    }
    LLVMValueRef address = element_address(fc, args[0], args[1], args[2], row, col, elem_bytes);
    LLVMTypeRef shared = ptx_ptr(fc->px, PTX_AS_SHARED);
    const char *name = transposed ? "llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16"
                                  : "llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16";
    LLVMValueRef four = ptx_intrinsic(fc, name, &shared, 1, &address, 1, inst->span);
    if (!four) return NULL;
    LLVMValueRef words = LLVMGetUndef(words_type(fc));
    for (uint32_t r = 0; r < FRAG_WORDS; r++)
        words = insert(fc, words, LLVMBuildExtractValue(B(fc), four, r, ""), r);
    return words;
}

/* A or B from a storage buffer of words (two f16 each), one ld.global.b32 per word; with
 * `rows8`, only the words of rows 0–7 (A), the others zero. */
static LLVMValueRef words_lane_by_lane(FnCtx *fc, const Lane *lane, LLVMValueRef *args, bool is_b, bool rows8,
                                       unsigned space_bytes) {
    LLVMValueRef words = LLVMConstNull(words_type(fc));
    for (uint32_t r = 0; r < FRAG_WORDS; r++) {
        if (rows8 && (r & 1)) continue;
        LLVMValueRef row, word;
        operand_word(fc, lane, is_b, r, &row, &word);
        /* In f16 elements: start + row·stride + 2·word, a word boundary (start, stride even). */
        LLVMValueRef half = add(fc, add(fc, args[1], mul(fc, row, args[2])), mul(fc, word, u32c(fc, 2)));
        LLVMValueRef index = space_bytes == 4 ? LLVMBuildLShr(B(fc), half, u32c(fc, 1), "") : half;
        LLVMValueRef wide = LLVMBuildZExt(B(fc), index, ptx_i64(fc->px), "");
        LLVMValueRef v = load_typed(fc, ptx_i32(fc->px), ptx_element_gep(fc, args[0], wide, space_bytes), 4);
        words = insert(fc, words, v, r);
    }
    return words;
}

/* 载矩阵片乙自转置存储: B[n][k] = buffer[start + k·stride + n] in f16 elements; each word is
 * two ld.global.b16 (k and k + 1) put together, low half first. */
static LLVMValueRef b_transposed(FnCtx *fc, const Lane *lane, LLVMValueRef *args) {
    LLVMTypeRef i16 = LLVMInt16TypeInContext(fc->px->ctx);
    LLVMValueRef words = LLVMGetUndef(words_type(fc));
    for (uint32_t r = 0; r < FRAG_WORDS; r++) {
        LLVMValueRef n, kword;
        operand_word(fc, lane, true, r, &n, &kword);
        LLVMValueRef k = mul(fc, kword, u32c(fc, 2));
        LLVMValueRef lo = load_typed(fc, i16, element_address(fc, args[0], args[1], args[2], k, n, 2), 2);
        LLVMValueRef k1 = add(fc, k, u32c(fc, 1));
        LLVMValueRef hi = load_typed(fc, i16, element_address(fc, args[0], args[1], args[2], k1, n, 2), 2);
        LLVMValueRef word = LLVMBuildOr(B(fc), LLVMBuildZExt(B(fc), lo, ptx_i32(fc->px), ""),
                                        LLVMBuildShl(B(fc), LLVMBuildZExt(B(fc), hi, ptx_i32(fc->px), ""),
                                                     u32c(fc, 16), ""), "");
        words = insert(fc, words, word, r);
    }
    return words;
}

/* Row and column of accumulator pair j (elements 2j, 2j + 1). */
static void acc_pair(FnCtx *fc, const Lane *lane, uint32_t j, LLVMValueRef *row, LLVMValueRef *col) {
    *row = add(fc, lane->g, u32c(fc, 8 * (j & 1)));
    *col = add(fc, mul(fc, lane->t, u32c(fc, 2)), u32c(fc, 8 * (j >> 1)));
}

static LLVMTypeRef acc_type(FnCtx *fc, bool is_float) {
    LLVMTypeRef e = is_float ? LLVMFloatTypeInContext(fc->px->ctx) : ptx_i32(fc->px);
    return LLVMVectorType(e, ACC_ELEMS);
}

/* The accumulator from memory, one 8-byte load per pair (ld.shared.v2.f32); with `rows8`
 * only rows 0–7, the others zero. */
static LLVMValueRef acc_load(FnCtx *fc, const Lane *lane, LLVMValueRef *args, bool is_float, bool rows8) {
    LLVMTypeRef type = acc_type(fc, is_float), pair = LLVMVectorType(LLVMGetElementType(type), 2);
    LLVMValueRef acc = LLVMConstNull(type);
    for (uint32_t j = 0; j < ACC_ELEMS / 2; j++) {
        if (rows8 && (j & 1)) continue;
        LLVMValueRef row, col;
        acc_pair(fc, lane, j, &row, &col);
        LLVMValueRef two = load_typed(fc, pair, element_address(fc, args[0], args[1], args[2], row, col, 4), 8);
        acc = insert(fc, acc, element(fc, two, 0), 2 * j);
        acc = insert(fc, acc, element(fc, two, 1), 2 * j + 1);
    }
    return acc;
}

/* The accumulator to memory, one 8-byte store per pair (st.shared/global.v2.f32); with
 * `rows8` only rows 0–7, the others keep their values. */
static void acc_store(FnCtx *fc, const Lane *lane, LLVMValueRef *args, bool rows8) {
    LLVMValueRef acc = args[IR_FRAG_ARG_STORED];
    LLVMTypeRef pair = LLVMVectorType(LLVMGetElementType(LLVMTypeOf(acc)), 2);
    for (uint32_t j = 0; j < ACC_ELEMS / 2; j++) {
        if (rows8 && (j & 1)) continue;
        LLVMValueRef row, col;
        acc_pair(fc, lane, j, &row, &col);
        LLVMValueRef two = LLVMGetUndef(pair);
        two = insert(fc, two, element(fc, acc, 2 * j), 0);
        two = insert(fc, two, element(fc, acc, 2 * j + 1), 1);
        store_typed(fc, two, element_address(fc, args[0], args[1], args[2], row, col, 4), 8);
    }
}

/* acc + A·Bᵀ as two mma.sync, one per n8 block. */
static LLVMValueRef mma(FnCtx *fc, const IrInst *inst, LLVMValueRef *args, bool is_float) {
    LLVMTypeRef h2 = LLVMVectorType(LLVMHalfTypeInContext(fc->px->ctx), 2);
    const char *name = is_float ? "llvm.nvvm.mma.m16n8k16.row.col.f32.f32" : "llvm.nvvm.mma.m16n8k32.row.col.s8";
    LLVMValueRef acc = args[2];
    for (uint32_t block = 0; block < 2; block++) {
        LLVMValueRef in[10];
        for (uint32_t r = 0; r < 4; r++) in[r] = element(fc, args[0], r);
        for (uint32_t r = 0; r < 2; r++) in[4 + r] = element(fc, args[1], 2 * block + r);
        if (is_float)
            for (uint32_t r = 0; r < 6; r++) in[r] = LLVMBuildBitCast(B(fc), in[r], h2, "");
        for (uint32_t c = 0; c < 4; c++) in[6 + c] = element(fc, args[2], 4 * block + c);
        LLVMValueRef d = ptx_intrinsic(fc, name, NULL, 0, in, 10, inst->span);
        if (!d) return NULL;
        for (uint32_t c = 0; c < 4; c++) acc = insert(fc, acc, LLVMBuildExtractValue(B(fc), d, c, ""), 4 * block + c);
    }
    return acc;
}

static LLVMValueRef fragment_load(FnCtx *fc, const IrInst *inst, const Lane *lane, LLVMValueRef *args) {
    IrFragmentKind kind = IR_FRAG_KIND_COUNT;
    ir_type_is_fragment(fc->px->types, ir_value_type(fc->f, inst->results[0]), &kind);
    IrFragMemory memory = ir_fragment_memory(fc->px->types, ir_value_type(fc->f, inst->args[0]));
    bool is_b = kind == IR_FRAG_B_F16 || kind == IR_FRAG_B_S8;
    bool rows8 = inst->op == IR_OP_FRAG_LOAD_ROWS8;
    if (inst->op == IR_OP_FRAG_LOAD_TRANSPOSED)
        return memory == IR_FRAG_MEM_WORKGROUP_F16 ? ldmatrix(fc, inst, lane, args, true, 2, true)
                                                   : b_transposed(fc, lane, args);
    switch (memory) {
    case IR_FRAG_MEM_WORKGROUP_F16:
        return rows8 ? words_lane_by_lane(fc, lane, args, false, true, 2)
                     : ldmatrix(fc, inst, lane, args, is_b, 2, false);
    case IR_FRAG_MEM_WORKGROUP_U32: return ldmatrix(fc, inst, lane, args, is_b, 4, false);
    case IR_FRAG_MEM_STORAGE_U32: return words_lane_by_lane(fc, lane, args, is_b, false, 4);
    case IR_FRAG_MEM_WORKGROUP_F32: return acc_load(fc, lane, args, true, rows8);
    default:
        ptx_fail(fc->px, Y_UNSUPPORTED_BY_TARGET, inst->span, "a subgroup matrix fragment cannot be loaded from this memory",
                 "PTX 目标：子组矩阵片不能这样载入");
        return NULL;
    }
}

LLVMValueRef ptx_fragment(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    IrFragmentKind kind = IR_FRAG_KIND_COUNT;
    IrTypeId result = inst->result_count ? ir_value_type(fc->f, inst->results[0]) : IR_NO_TYPE;
    switch (inst->op) {
    case IR_OP_FRAG_ZERO: return LLVMConstNull(acc_type(fc, true));
    case IR_OP_FRAG_FILL: {
        LLVMValueRef acc = LLVMGetUndef(acc_type(fc, false));
        for (uint32_t i = 0; i < ACC_ELEMS; i++) acc = insert(fc, acc, args[0], i);
        return acc;
    }
    case IR_OP_FRAG_MMA:
        ir_type_is_fragment(fc->px->types, result, &kind);
        return mma(fc, inst, args, kind == IR_FRAG_ACC_F32);
    default:
        if (ir_fragment_element_operands(inst->op)) return ptx_fragment_element(fc, inst, args);
        break;
    }
    Lane lane;
    if (!lane_of(fc, inst->span, &lane)) return NULL;
    if (inst->op == IR_OP_FRAG_STORE || inst->op == IR_OP_FRAG_STORE_ROWS8) {
        acc_store(fc, &lane, args, inst->op == IR_OP_FRAG_STORE_ROWS8);
        return NULL;
    }
    return fragment_load(fc, inst, &lane, args);
}
