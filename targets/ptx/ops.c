/* Value operations: constants, arithmetic, comparisons, logic, conversions, composites.
 * LLVM vectors carry vector operands directly; matrices go column by column. */
#include <string.h>

#include "internal.h"
#include "../../ir/fragment.h"

static LLVMBuilderRef B(FnCtx *fc) { return fc->px->b; }

static const IrType *scalar_of(FnCtx *fc, IrTypeId id) {
    return ptx_ty(fc->px, ir_type_element_scalar(fc->px->types, id));
}

static bool is_float(FnCtx *fc, IrTypeId id) {
    const IrType *s = scalar_of(fc, id);
    return s && s->kind == IR_TYPE_SCALAR && s->scalar == IR_FLOAT;
}

static bool is_sint(FnCtx *fc, IrTypeId id) {
    const IrType *s = scalar_of(fc, id);
    return s && s->kind == IR_TYPE_SCALAR && s->scalar == IR_SINT;
}

void ptx_set_fast(FnCtx *fc, LLVMValueRef inst) {
    if (fc->px->options->fma_contract && LLVMIsAInstruction(inst) && LLVMCanValueUseFastMathFlags(inst))
        LLVMSetFastMathFlags(inst, LLVMFastMathAllowContract);
}

LLVMValueRef ptx_float_const(PtxCtx *px, LLVMTypeRef type, double value) {
    (void)px;
    if (LLVMGetTypeKind(type) == LLVMVectorTypeKind)
        return ptx_splat(NULL, LLVMConstReal(LLVMGetElementType(type), value), type);
    return LLVMConstReal(type, value);
}

LLVMValueRef ptx_splat(FnCtx *fc, LLVMValueRef scalar, LLVMTypeRef type) {
    if (LLVMGetTypeKind(type) != LLVMVectorTypeKind) return scalar;
    unsigned n = LLVMGetVectorSize(type);
    if (LLVMIsConstant(scalar)) {
        LLVMValueRef lanes[4] = {scalar, scalar, scalar, scalar};
        return LLVMConstVector(lanes, n);
    }
    LLVMValueRef v = LLVMGetUndef(type);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetTypeContext(type));
    for (unsigned i = 0; i < n; i++)
        v = LLVMBuildInsertElement(fc->px->b, v, scalar, LLVMConstInt(i32, i, false), "");
    return v;
}

LLVMValueRef ptx_per_lane(FnCtx *fc, const IrInst *inst, LLVMValueRef *args, uint32_t count,
                          LLVMTypeRef result, PtxLaneFn fn) {
    if (LLVMGetTypeKind(result) != LLVMVectorTypeKind) return fn(fc, args, inst);
    LLVMValueRef out = LLVMGetUndef(result);
    for (unsigned lane = 0; lane < LLVMGetVectorSize(result); lane++) {
        LLVMValueRef idx = LLVMConstInt(ptx_i32(fc->px), lane, false), la[4];
        for (uint32_t i = 0; i < count && i < 4; i++)
            la[i] = LLVMGetTypeKind(LLVMTypeOf(args[i])) == LLVMVectorTypeKind
                        ? LLVMBuildExtractElement(B(fc), args[i], idx, "") : args[i];
        LLVMValueRef r = fn(fc, la, inst);
        if (!r) return NULL;
        out = LLVMBuildInsertElement(B(fc), out, r, idx, "");
    }
    return out;
}

/* WGSL integer division and remainder never trap: by zero (and INT_MIN / -1) the divisor
 * becomes 1, which gives WGSL's results (a for division, 0 for remainder). */
static LLVMValueRef safe_divisor(FnCtx *fc, LLVMValueRef a, LLVMValueRef b, bool is_signed) {
    LLVMTypeRef t = LLVMTypeOf(b);
    LLVMValueRef zero = LLVMConstNull(t), one = ptx_splat(fc, LLVMConstInt(ptx_i32(fc->px), 1, false), t);
    LLVMValueRef bad = LLVMBuildICmp(B(fc), LLVMIntEQ, b, zero, "");
    if (is_signed) {
        LLVMValueRef min = ptx_splat(fc, LLVMConstInt(ptx_i32(fc->px), 0x80000000u, false), t);
        LLVMValueRef neg1 = LLVMConstAllOnes(t);
        LLVMValueRef ovf = LLVMBuildAnd(B(fc), LLVMBuildICmp(B(fc), LLVMIntEQ, a, min, ""),
                                        LLVMBuildICmp(B(fc), LLVMIntEQ, b, neg1, ""), "");
        bad = LLVMBuildOr(B(fc), bad, ovf, "");
    }
    return LLVMBuildSelect(B(fc), bad, one, b, "");
}

static LLVMValueRef float_arith(FnCtx *fc, IrOp op, LLVMValueRef a, LLVMValueRef b) {
    LLVMValueRef r;
    switch (op) {
    case IR_OP_ADD: r = LLVMBuildFAdd(B(fc), a, b, ""); break;
    case IR_OP_SUB: r = LLVMBuildFSub(B(fc), a, b, ""); break;
    case IR_OP_MUL: r = LLVMBuildFMul(B(fc), a, b, ""); break;
    case IR_OP_DIV: return LLVMBuildFDiv(B(fc), a, b, "");  /* div.rn */
    default: {  /* rem: x − trunc(x/y)·y (着十) */
        LLVMValueRef q = LLVMBuildFDiv(B(fc), a, b, "");
        LLVMValueRef t = ptx_intrinsic1(fc, "llvm.trunc", q, (Span){0, 0, 0});
        LLVMValueRef p = LLVMBuildFMul(B(fc), t, b, "");
        ptx_set_fast(fc, p);
        r = LLVMBuildFSub(B(fc), a, p, "");
    }
    }
    ptx_set_fast(fc, r);
    return r;
}

static LLVMValueRef int_arith(FnCtx *fc, IrOp op, LLVMValueRef a, LLVMValueRef b, bool is_signed) {
    switch (op) {
    case IR_OP_ADD: return LLVMBuildAdd(B(fc), a, b, "");
    case IR_OP_SUB: return LLVMBuildSub(B(fc), a, b, "");
    case IR_OP_MUL: return LLVMBuildMul(B(fc), a, b, "");
    case IR_OP_DIV:
        b = safe_divisor(fc, a, b, is_signed);
        return is_signed ? LLVMBuildSDiv(B(fc), a, b, "") : LLVMBuildUDiv(B(fc), a, b, "");
    default:
        b = safe_divisor(fc, a, b, is_signed);
        return is_signed ? LLVMBuildSRem(B(fc), a, b, "") : LLVMBuildURem(B(fc), a, b, "");
    }
}

static LLVMValueRef arith(FnCtx *fc, IrOp op, IrTypeId type, LLVMValueRef a, LLVMValueRef b) {
    if (is_float(fc, type)) return float_arith(fc, op, a, b);
    return int_arith(fc, op, a, b, is_sint(fc, type));
}

/* Σ a[i]·b[i] over vector lanes (contractible into fma). */
static LLVMValueRef dot_lanes(FnCtx *fc, LLVMValueRef a, LLVMValueRef b, bool fl) {
    unsigned n = LLVMGetVectorSize(LLVMTypeOf(a));
    LLVMValueRef prod = fl ? LLVMBuildFMul(B(fc), a, b, "") : LLVMBuildMul(B(fc), a, b, "");
    ptx_set_fast(fc, prod);
    LLVMValueRef sum = NULL;
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef lane = LLVMBuildExtractElement(B(fc), prod, LLVMConstInt(ptx_i32(fc->px), i, false), "");
        if (!sum) { sum = lane; continue; }
        sum = fl ? LLVMBuildFAdd(B(fc), sum, lane, "") : LLVMBuildAdd(B(fc), sum, lane, "");
        ptx_set_fast(fc, sum);
    }
    return sum;
}

LLVMValueRef ptx_dot(FnCtx *fc, LLVMValueRef a, LLVMValueRef b, bool fl) { return dot_lanes(fc, a, b, fl); }

/* matrix (array of columns) · vector = Σ column[c]·v[c]. */
static LLVMValueRef mat_vec(FnCtx *fc, LLVMValueRef m, unsigned cols, LLVMValueRef v) {
    LLVMValueRef acc = NULL;
    for (unsigned c = 0; c < cols; c++) {
        LLVMValueRef col = LLVMBuildExtractValue(B(fc), m, c, "");
        LLVMValueRef s = LLVMBuildExtractElement(B(fc), v, LLVMConstInt(ptx_i32(fc->px), c, false), "");
        LLVMValueRef term = LLVMBuildFMul(B(fc), col, ptx_splat(fc, s, LLVMTypeOf(col)), "");
        ptx_set_fast(fc, term);
        if (acc) ptx_set_fast(fc, acc = LLVMBuildFAdd(B(fc), acc, term, ""));
        else acc = term;
    }
    return acc;
}

static LLVMValueRef mul(FnCtx *fc, const IrInst *inst, LLVMValueRef a, LLVMValueRef b) {
    PtxCtx *px = fc->px;
    IrTypeId lt = ir_value_type(fc->f, inst->args[0]), rt = ir_value_type(fc->f, inst->args[1]);
    IrTypeId res = ir_value_type(fc->f, inst->results[0]);
    const IrType *l = ptx_ty(px, lt), *r = ptx_ty(px, rt), *x = ptx_ty(px, res);
    LLVMTypeRef rest = ptx_reg_type(px, res, inst->span);
    if (l->kind != IR_TYPE_MATRIX && r->kind != IR_TYPE_MATRIX) {
        if (l->kind == IR_TYPE_SCALAR && r->kind == IR_TYPE_VECTOR) a = ptx_splat(fc, a, rest);
        if (r->kind == IR_TYPE_SCALAR && l->kind == IR_TYPE_VECTOR) b = ptx_splat(fc, b, rest);
        return arith(fc, IR_OP_MUL, res, a, b);
    }
    LLVMValueRef out = LLVMGetUndef(rest);
    if (l->kind == IR_TYPE_SCALAR || r->kind == IR_TYPE_SCALAR) {  /* scalar · matrix */
        LLVMValueRef m = l->kind == IR_TYPE_SCALAR ? b : a, s = l->kind == IR_TYPE_SCALAR ? a : b;
        for (unsigned c = 0; c < x->cols; c++) {
            LLVMValueRef col = LLVMBuildExtractValue(B(fc), m, c, "");
            LLVMValueRef p = LLVMBuildFMul(B(fc), col, ptx_splat(fc, s, LLVMTypeOf(col)), "");
            out = LLVMBuildInsertValue(B(fc), out, p, c, "");
        }
        return out;
    }
    if (r->kind == IR_TYPE_VECTOR) return mat_vec(fc, a, l->cols, b);
    if (l->kind == IR_TYPE_VECTOR) {  /* vector · matrix: result[j] = dot(v, column j) */
        for (unsigned c = 0; c < r->cols; c++) {
            LLVMValueRef d = dot_lanes(fc, a, LLVMBuildExtractValue(B(fc), b, c, ""), true);
            out = LLVMBuildInsertElement(B(fc), out, d, LLVMConstInt(ptx_i32(px), c, false), "");
        }
        return out;
    }
    for (unsigned c = 0; c < r->cols; c++)  /* matrix · matrix, column by column */
        out = LLVMBuildInsertValue(B(fc), out, mat_vec(fc, a, l->cols, LLVMBuildExtractValue(B(fc), b, c, "")), c, "");
    return out;
}

static LLVMValueRef binary(FnCtx *fc, const IrInst *inst, LLVMValueRef a, LLVMValueRef b) {
    IrTypeId t = ir_value_type(fc->f, inst->results[0]);
    if (inst->op == IR_OP_MUL) return mul(fc, inst, a, b);
    const IrType *rt = ptx_ty(fc->px, t);
    if (rt->kind != IR_TYPE_MATRIX) return arith(fc, inst->op, t, a, b);
    LLVMValueRef out = LLVMGetUndef(LLVMTypeOf(a));
    for (unsigned c = 0; c < rt->cols; c++) {
        LLVMValueRef x = LLVMBuildExtractValue(B(fc), a, c, ""), y = LLVMBuildExtractValue(B(fc), b, c, "");
        out = LLVMBuildInsertValue(B(fc), out, float_arith(fc, inst->op, x, y), c, "");
    }
    return out;
}

static LLVMValueRef compare(FnCtx *fc, const IrInst *inst, LLVMValueRef a, LLVMValueRef b) {
    IrTypeId t = ir_value_type(fc->f, inst->args[0]);
    static const LLVMRealPredicate fp[] = {LLVMRealOEQ, LLVMRealUNE, LLVMRealOLT, LLVMRealOLE,
                                           LLVMRealOGT, LLVMRealOGE};
    static const LLVMIntPredicate sp[] = {LLVMIntEQ, LLVMIntNE, LLVMIntSLT, LLVMIntSLE, LLVMIntSGT, LLVMIntSGE};
    static const LLVMIntPredicate up[] = {LLVMIntEQ, LLVMIntNE, LLVMIntULT, LLVMIntULE, LLVMIntUGT, LLVMIntUGE};
    int k = (int)inst->op - (int)IR_OP_EQ;
    if (is_float(fc, t)) return LLVMBuildFCmp(B(fc), fp[k], a, b, "");
    return LLVMBuildICmp(B(fc), is_sint(fc, t) ? sp[k] : up[k], a, b, "");
}

static LLVMValueRef shift(FnCtx *fc, const IrInst *inst, LLVMValueRef a, LLVMValueRef b) {
    /* WGSL takes the shift amount modulo 32; LLVM makes larger amounts poison. */
    LLVMValueRef mask = ptx_splat(fc, LLVMConstInt(ptx_i32(fc->px), 31, false), LLVMTypeOf(b));
    b = LLVMBuildAnd(B(fc), b, mask, "");
    if (inst->op == IR_OP_SHL) return LLVMBuildShl(B(fc), a, b, "");
    return is_sint(fc, ir_value_type(fc->f, inst->args[0])) ? LLVMBuildAShr(B(fc), a, b, "")
                                                            : LLVMBuildLShr(B(fc), a, b, "");
}

static LLVMValueRef convert(FnCtx *fc, const IrInst *inst, LLVMValueRef a) {
    PtxCtx *px = fc->px;
    IrTypeId from = ir_value_type(fc->f, inst->args[0]), to = ir_value_type(fc->f, inst->results[0]);
    const IrType *fs = scalar_of(fc, from), *ts = scalar_of(fc, to);
    LLVMTypeRef rt = ptx_reg_type(px, to, inst->span);
    bool fb = fs->kind == IR_TYPE_BOOL, tb = ts->kind == IR_TYPE_BOOL;
    bool ff = !fb && fs->scalar == IR_FLOAT, tf = !tb && ts->scalar == IR_FLOAT;
    if (from == to) return a;
    if (tb) return ff ? LLVMBuildFCmp(B(fc), LLVMRealUNE, a, LLVMConstNull(LLVMTypeOf(a)), "")
                      : LLVMBuildICmp(B(fc), LLVMIntNE, a, LLVMConstNull(LLVMTypeOf(a)), "");
    if (fb) return tf ? LLVMBuildUIToFP(B(fc), a, rt, "") : LLVMBuildZExt(B(fc), a, rt, "");
    if (ff && tf) return fs->width < ts->width ? LLVMBuildFPExt(B(fc), a, rt, "") : LLVMBuildFPTrunc(B(fc), a, rt, "");
    if (!ff && !tf) return a;  /* i32 ↔ u32 keep their bits */
    if (!ff) return fs->scalar == IR_SINT ? LLVMBuildSIToFP(B(fc), a, rt, "") : LLVMBuildUIToFP(B(fc), a, rt, "");
    /* float → integer saturates like WGSL (cvt.rzi.sat): fptosi.sat / fptoui.sat. */
    if (fs->width == 16) {
        LLVMTypeRef f32 = LLVMFloatTypeInContext(px->ctx);
        if (LLVMGetTypeKind(rt) == LLVMVectorTypeKind) f32 = LLVMVectorType(f32, LLVMGetVectorSize(rt));
        a = LLVMBuildFPExt(B(fc), a, f32, "");
    }
    LLVMTypeRef over[2] = {rt, LLVMTypeOf(a)};
    return ptx_intrinsic(fc, ts->scalar == IR_SINT ? "llvm.fptosi.sat" : "llvm.fptoui.sat", over, 2, &a, 1,
                         inst->span);
}

static LLVMValueRef construct(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    PtxCtx *px = fc->px;
    IrTypeId t = ir_value_type(fc->f, inst->results[0]);
    LLVMTypeRef rt = ptx_reg_type(px, t, inst->span);
    if (!rt) return NULL;
    if (ptx_ty(px, t)->kind == IR_TYPE_VECTOR) {
        if (inst->arg_count == 1 && LLVMGetTypeKind(LLVMTypeOf(args[0])) != LLVMVectorTypeKind)
            return ptx_splat(fc, args[0], rt);
        LLVMValueRef v = LLVMGetUndef(rt);
        unsigned lane = 0;
        for (uint32_t i = 0; i < inst->arg_count; i++) {
            bool vec = LLVMGetTypeKind(LLVMTypeOf(args[i])) == LLVMVectorTypeKind;
            unsigned n = vec ? LLVMGetVectorSize(LLVMTypeOf(args[i])) : 1;
            for (unsigned k = 0; k < n; k++) {
                LLVMValueRef x = vec ? LLVMBuildExtractElement(B(fc), args[i], LLVMConstInt(ptx_i32(px), k, false), "")
                                     : args[i];
                v = LLVMBuildInsertElement(B(fc), v, x, LLVMConstInt(ptx_i32(px), lane++, false), "");
            }
        }
        return v;
    }
    LLVMValueRef v = LLVMGetUndef(rt);
    for (uint32_t i = 0; i < inst->arg_count; i++) v = LLVMBuildInsertValue(B(fc), v, args[i], i, "");
    return v;
}

static LLVMValueRef extract_one(FnCtx *fc, LLVMValueRef v, uint32_t index) {
    if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVectorTypeKind)
        return LLVMBuildExtractElement(B(fc), v, LLVMConstInt(ptx_i32(fc->px), index, false), "");
    return LLVMBuildExtractValue(B(fc), v, index, "");
}

static LLVMValueRef insert_at(FnCtx *fc, LLVMValueRef agg, const uint32_t *path, uint32_t n, LLVMValueRef x) {
    if (n > 1) x = insert_at(fc, extract_one(fc, agg, path[0]), path + 1, n - 1, x);
    if (LLVMGetTypeKind(LLVMTypeOf(agg)) == LLVMVectorTypeKind)
        return LLVMBuildInsertElement(B(fc), agg, x, LLVMConstInt(ptx_i32(fc->px), path[0], false), "");
    return LLVMBuildInsertValue(B(fc), agg, x, path[0], "");
}

static LLVMValueRef logic(FnCtx *fc, const IrInst *inst, LLVMValueRef *a) {
    switch (inst->op) {
    case IR_OP_AND: case IR_OP_BIT_AND: return LLVMBuildAnd(B(fc), a[0], a[1], "");
    case IR_OP_OR: case IR_OP_BIT_OR: return LLVMBuildOr(B(fc), a[0], a[1], "");
    case IR_OP_BIT_XOR: return LLVMBuildXor(B(fc), a[0], a[1], "");
    default: return LLVMBuildNot(B(fc), a[0], "");  /* not, bit_not */
    }
}

LLVMValueRef ptx_op(FnCtx *fc, const IrInst *inst) {
    PtxCtx *px = fc->px;
    LLVMValueRef args[8] = {0};
    LLVMValueRef *av = inst->arg_count <= 8 ? args : arena_alloc_array(&px->arena, inst->arg_count, sizeof *av);
    for (uint32_t i = 0; i < inst->arg_count; i++)
        if (!(av[i] = ptx_val(fc, inst->args[i]))) return NULL;
    IrTypeId rt = inst->result_count ? ir_value_type(fc->f, inst->results[0]) : IR_NO_TYPE;
    switch (inst->op) {
    case IR_OP_CONST: return ptx_literal(px, rt, inst->literal, inst->span);
    case IR_OP_CONSTANT: return ptx_const_value(px, &ir_constant(px->m, inst->symbol)->value, inst->span);
    case IR_OP_ADD: case IR_OP_SUB: case IR_OP_MUL: case IR_OP_DIV: case IR_OP_REM:
        return binary(fc, inst, av[0], av[1]);
    case IR_OP_NEG:
        return is_float(fc, rt) ? LLVMBuildFNeg(B(fc), av[0], "") : LLVMBuildNeg(B(fc), av[0], "");
    case IR_OP_EQ: case IR_OP_NE: case IR_OP_LT: case IR_OP_LE: case IR_OP_GT: case IR_OP_GE:
        return compare(fc, inst, av[0], av[1]);
    case IR_OP_AND: case IR_OP_OR: case IR_OP_NOT: case IR_OP_BIT_AND: case IR_OP_BIT_OR:
    case IR_OP_BIT_XOR: case IR_OP_BIT_NOT:
        return logic(fc, inst, av);
    case IR_OP_SHL: case IR_OP_SHR: return shift(fc, inst, av[0], av[1]);
    case IR_OP_CONVERT: return convert(fc, inst, av[0]);
    case IR_OP_BITCAST: return LLVMBuildBitCast(B(fc), av[0], ptx_reg_type(px, rt, inst->span), "");
    case IR_OP_SELECT: return LLVMBuildSelect(B(fc), av[0], av[1], av[2], "");
    case IR_OP_CONSTRUCT: return construct(fc, inst, av);
    case IR_OP_EXTRACT: {
        LLVMValueRef v = av[0];
        for (uint32_t i = 0; i < inst->index_count; i++) v = extract_one(fc, v, inst->indices[i]);
        return v;
    }
    case IR_OP_INSERT: return insert_at(fc, av[0], inst->indices, inst->index_count, av[1]);
    case IR_OP_ARRAY_LENGTH: return ptx_array_length(fc, inst);
    case IR_OP_TEXTURE_SAMPLE: case IR_OP_TEXTURE_SAMPLE_LEVEL: case IR_OP_TEXTURE_LOAD:
    case IR_OP_TEXTURE_DIMENSIONS: case IR_OP_TEXTURE_SAMPLE_COMPARE:
        return ptx_texture(fc, inst, av);
    case IR_OP_WORKGROUP_BARRIER: case IR_OP_STORAGE_BARRIER: case IR_OP_ATOMIC_LOAD:
    case IR_OP_ATOMIC_STORE: case IR_OP_ATOMIC_ADD: case IR_OP_ATOMIC_SUB: case IR_OP_ATOMIC_MAX:
    case IR_OP_ATOMIC_MIN: case IR_OP_ATOMIC_EXCHANGE: case IR_OP_ATOMIC_COMPARE_EXCHANGE:
        return ptx_sync(fc, inst, av);
    case IR_OP_TENSOR_ZERO: case IR_OP_TENSOR_MMA: case IR_OP_TENSOR_STORE: case IR_OP_TENSOR_MMA_SHARED:
    case IR_OP_WARPGROUP_ID: case IR_OP_TENSOR_MMA_ASYNC: case IR_OP_TENSOR_MMA_ASYNC_BF16: case IR_OP_TENSOR_COMMIT: case IR_OP_TENSOR_WAIT:
    case IR_OP_REGISTER_INC: case IR_OP_REGISTER_DEC:
        return ptx_tensor(fc, inst, av);
    case IR_OP_FRAG_ZERO: case IR_OP_FRAG_FILL: case IR_OP_FRAG_LOAD: case IR_OP_FRAG_LOAD_ROWS8:
    case IR_OP_FRAG_LOAD_TRANSPOSED: case IR_OP_FRAG_MMA: case IR_OP_FRAG_STORE: case IR_OP_FRAG_STORE_ROWS8:
    case IR_OP_FRAG_SCALE: case IR_OP_FRAG_ADD_SCALAR: case IR_OP_FRAG_MAX_SCALAR: case IR_OP_FRAG_ADD:
    case IR_OP_FRAG_SUB: case IR_OP_FRAG_MUL: case IR_OP_FRAG_DIV: case IR_OP_FRAG_MAX: case IR_OP_FRAG_EXP2:
    case IR_OP_FRAG_ROW_MAX: case IR_OP_FRAG_ROW_SUM: case IR_OP_FRAG_TO_A: case IR_OP_FRAG_MASK_UPPER:
        return ptx_fragment(fc, inst, av);
    case IR_OP_ASYNC_COPY: case IR_OP_ASYNC_COMMIT: case IR_OP_ASYNC_WAIT: return ptx_async(fc, inst, av);
    case IR_OP_MBARRIER_INIT: case IR_OP_MBARRIER_ARRIVE: case IR_OP_MBARRIER_EXPECT_TX: case IR_OP_MBARRIER_WAIT:
    case IR_OP_FENCE_PROXY_ASYNC: case IR_OP_TMA_LOAD:
        return ptx_mbarrier(fc, inst, av);
    default: return ir_op_is_subgroup(inst->op) ? ptx_subgroup(fc, inst, av) : ptx_math(fc, inst, av);
    }
}
