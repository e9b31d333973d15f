/* Builtin math with 着十's PTX instructions: sqrt.rn, rsqrt/ex2/lg2/sin/cos/tanh approx,
 * change of base for exp/log, pow = ex2(y·lg2 x), cvt rounding, cvt.sat; inverse
 * trigonometry in inverse_trig.c. f16 math goes through f32 (the seed's rule), so every
 * approximate instruction sees f32, and f16 results (smoothstep too) are rounded once. */
#include "internal.h"

static LLVMBuilderRef B(FnCtx *fc) { return fc->px->b; }

static bool is_half(LLVMValueRef v) {
    LLVMTypeRef t = LLVMTypeOf(v);
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) t = LLVMGetElementType(t);
    return LLVMGetTypeKind(t) == LLVMHalfTypeKind;
}

static LLVMTypeRef like(LLVMTypeRef shape, LLVMTypeRef scalar) {
    if (LLVMGetTypeKind(shape) == LLVMVectorTypeKind) return LLVMVectorType(scalar, LLVMGetVectorSize(shape));
    return scalar;
}

static LLVMValueRef to_f32(FnCtx *fc, LLVMValueRef v) {
    if (!is_half(v)) return v;
    return LLVMBuildFPExt(B(fc), v, like(LLVMTypeOf(v), LLVMFloatTypeInContext(fc->px->ctx)), "");
}

static LLVMValueRef back(FnCtx *fc, LLVMValueRef v, LLVMTypeRef want) {
    return LLVMTypeOf(v) == want ? v : LLVMBuildFPTrunc(B(fc), v, want, "");
}

static LLVMValueRef fconst(FnCtx *fc, LLVMValueRef shape, double x) {
    return ptx_float_const(fc->px, LLVMTypeOf(shape), x);
}

static LLVMValueRef fmul(FnCtx *fc, LLVMValueRef a, LLVMValueRef b) {
    LLVMValueRef r = LLVMBuildFMul(B(fc), a, b, "");
    ptx_set_fast(fc, r);
    return r;
}

static LLVMValueRef fadd(FnCtx *fc, LLVMValueRef a, LLVMValueRef b) {
    LLVMValueRef r = LLVMBuildFAdd(B(fc), a, b, "");
    ptx_set_fast(fc, r);
    return r;
}

static LLVMValueRef fsub(FnCtx *fc, LLVMValueRef a, LLVMValueRef b) {
    LLVMValueRef r = LLVMBuildFSub(B(fc), a, b, "");
    ptx_set_fast(fc, r);
    return r;
}

/* Scalar NVVM intrinsics on f32 (one lane). */
static const char *lane_intrinsic(IrOp op) {
    switch (op) {
    case IR_OP_INVERSE_SQRT: return "llvm.nvvm.rsqrt.approx.f";
    case IR_OP_EXP2: case IR_OP_EXP: case IR_OP_POW: return "llvm.nvvm.ex2.approx.f";
    case IR_OP_LOG2: case IR_OP_LOG: return "llvm.nvvm.lg2.approx.f";
    case IR_OP_SIN: return "llvm.nvvm.sin.approx.f";
    case IR_OP_COS: return "llvm.nvvm.cos.approx.f";
    case IR_OP_SATURATE: return "llvm.nvvm.saturate.f";
    default: return NULL;
    }
}

static LLVMValueRef lane_nvvm(FnCtx *fc, LLVMValueRef *a, const IrInst *inst) {
    return ptx_intrinsic(fc, lane_intrinsic(inst->op), NULL, 0, a, 1, inst->span);
}

static LLVMValueRef lane_tanh(FnCtx *fc, LLVMValueRef *a, const IrInst *inst) {
    (void)inst;  /* LLVM 19 has no tanh.approx intrinsic: one instruction of inline PTX */
    return ptx_asm(fc, LLVMFloatTypeInContext(fc->px->ctx), "tanh.approx.f32 $0, $1;", "=f,f", a, 1, false);
}

static LLVMValueRef nvvm(FnCtx *fc, const IrInst *inst, LLVMValueRef x, IrOp op) {
    IrInst tmp = *inst;
    tmp.op = op;
    LLVMValueRef args[1] = {x};
    return ptx_per_lane(fc, &tmp, args, 1, LLVMTypeOf(x), lane_nvvm);
}

static LLVMValueRef sign(FnCtx *fc, LLVMValueRef x, bool fl) {
    LLVMTypeRef t = LLVMTypeOf(x);
    LLVMValueRef zero = LLVMConstNull(t);
    LLVMValueRef one = fl ? fconst(fc, x, 1.0) : ptx_splat(fc, LLVMConstInt(ptx_i32(fc->px), 1, false), t);
    LLVMValueRef neg = fl ? fconst(fc, x, -1.0) : LLVMConstAllOnes(t);
    LLVMValueRef gt = fl ? LLVMBuildFCmp(B(fc), LLVMRealOGT, x, zero, "") : LLVMBuildICmp(B(fc), LLVMIntSGT, x, zero, "");
    LLVMValueRef lt = fl ? LLVMBuildFCmp(B(fc), LLVMRealOLT, x, zero, "") : LLVMBuildICmp(B(fc), LLVMIntSLT, x, zero, "");
    return LLVMBuildSelect(B(fc), gt, one, LLVMBuildSelect(B(fc), lt, neg, zero, ""), "");
}

static LLVMValueRef length(FnCtx *fc, LLVMValueRef v) {
    if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMVectorTypeKind) return ptx_intrinsic1(fc, "llvm.fabs", v, (Span){0, 0, 0});
    return ptx_intrinsic1(fc, "llvm.sqrt", ptx_dot(fc, v, v, true), (Span){0, 0, 0});
}

static LLVMValueRef lane(FnCtx *fc, LLVMValueRef v, unsigned i) {
    return LLVMBuildExtractElement(B(fc), v, LLVMConstInt(ptx_i32(fc->px), i, false), "");
}

static LLVMValueRef cross(FnCtx *fc, LLVMValueRef a, LLVMValueRef b) {
    LLVMValueRef out = LLVMGetUndef(LLVMTypeOf(a));
    for (unsigned i = 0; i < 3; i++) {
        unsigned j = (i + 1) % 3, k = (i + 2) % 3;
        LLVMValueRef x = fsub(fc, fmul(fc, lane(fc, a, j), lane(fc, b, k)), fmul(fc, lane(fc, a, k), lane(fc, b, j)));
        out = LLVMBuildInsertElement(B(fc), out, x, LLVMConstInt(ptx_i32(fc->px), i, false), "");
    }
    return out;
}

/* Integer min/max/abs/clamp/sign (no f32 detour). */
static LLVMValueRef int_math(FnCtx *fc, const IrInst *inst, LLVMValueRef *a, bool is_signed) {
    switch (inst->op) {
    case IR_OP_ABS: {
        if (!is_signed) return a[0];
        LLVMValueRef args[2] = {a[0], LLVMConstInt(LLVMInt1TypeInContext(fc->px->ctx), 0, false)};
        LLVMTypeRef t = LLVMTypeOf(a[0]);
        return ptx_intrinsic(fc, "llvm.abs", &t, 1, args, 2, inst->span);
    }
    case IR_OP_MIN: return ptx_intrinsic2(fc, is_signed ? "llvm.smin" : "llvm.umin", a[0], a[1], inst->span);
    case IR_OP_MAX: return ptx_intrinsic2(fc, is_signed ? "llvm.smax" : "llvm.umax", a[0], a[1], inst->span);
    case IR_OP_CLAMP: {
        LLVMValueRef lo = ptx_intrinsic2(fc, is_signed ? "llvm.smax" : "llvm.umax", a[0], a[1], inst->span);
        return ptx_intrinsic2(fc, is_signed ? "llvm.smin" : "llvm.umin", lo, a[2], inst->span);
    }
    case IR_OP_SIGN: return sign(fc, a[0], false);
    case IR_OP_DOT: return ptx_dot(fc, a[0], a[1], false);
    case IR_OP_COUNT_ONE_BITS: return ptx_intrinsic1(fc, "llvm.ctpop", a[0], inst->span);  /* popc */
    case IR_OP_REVERSE_BITS: return ptx_intrinsic1(fc, "llvm.bitreverse", a[0], inst->span); /* brev */
    default: return NULL;
    }
}

static LLVMValueRef smoothstep(FnCtx *fc, const IrInst *inst, LLVMValueRef *x) {
    LLVMValueRef t = LLVMBuildFDiv(B(fc), fsub(fc, x[2], x[0]), fsub(fc, x[1], x[0]), "");
    t = nvvm(fc, inst, t, IR_OP_SATURATE);
    LLVMValueRef k = fsub(fc, fconst(fc, t, 3.0), fmul(fc, fconst(fc, t, 2.0), t));
    return fmul(fc, fmul(fc, t, t), k);
}

/* f32 math on already widened operands. */
static LLVMValueRef float_math(FnCtx *fc, const IrInst *inst, LLVMValueRef *x) {
    Span s = inst->span;
    switch (inst->op) {
    case IR_OP_ABS: return ptx_intrinsic1(fc, "llvm.fabs", x[0], s);
    case IR_OP_MIN: return ptx_intrinsic2(fc, "llvm.minnum", x[0], x[1], s);
    case IR_OP_MAX: return ptx_intrinsic2(fc, "llvm.maxnum", x[0], x[1], s);
    case IR_OP_CLAMP:
        return ptx_intrinsic2(fc, "llvm.minnum", ptx_intrinsic2(fc, "llvm.maxnum", x[0], x[1], s), x[2], s);
    case IR_OP_SIGN: return sign(fc, x[0], true);
    case IR_OP_SQRT: return ptx_intrinsic1(fc, "llvm.sqrt", x[0], s);  /* sqrt.rn */
    case IR_OP_INVERSE_SQRT: case IR_OP_EXP2: case IR_OP_LOG2: case IR_OP_SIN: case IR_OP_COS:
    case IR_OP_SATURATE:
        return nvvm(fc, inst, x[0], inst->op);
    case IR_OP_EXP: return nvvm(fc, inst, fmul(fc, x[0], fconst(fc, x[0], 1.4426950408889634)), IR_OP_EXP2);
    case IR_OP_LOG: return fmul(fc, nvvm(fc, inst, x[0], IR_OP_LOG2), fconst(fc, x[0], 0.6931471805599453));
    case IR_OP_POW: return nvvm(fc, inst, fmul(fc, x[1], nvvm(fc, inst, x[0], IR_OP_LOG2)), IR_OP_EXP2);
    case IR_OP_TAN:
        return LLVMBuildFDiv(B(fc), nvvm(fc, inst, x[0], IR_OP_SIN), nvvm(fc, inst, x[0], IR_OP_COS), "");
    case IR_OP_TANH: return ptx_per_lane(fc, inst, x, 1, LLVMTypeOf(x[0]), lane_tanh);
    case IR_OP_FLOOR: return ptx_intrinsic1(fc, "llvm.floor", x[0], s);  /* cvt.rmi */
    case IR_OP_CEIL: return ptx_intrinsic1(fc, "llvm.ceil", x[0], s);    /* cvt.rpi */
    case IR_OP_TRUNC: return ptx_intrinsic1(fc, "llvm.trunc", x[0], s);  /* cvt.rzi */
    case IR_OP_ROUND: return ptx_intrinsic1(fc, "llvm.roundeven", x[0], s);  /* cvt.rni */
    case IR_OP_FRACT: return fsub(fc, x[0], ptx_intrinsic1(fc, "llvm.floor", x[0], s));
    case IR_OP_MIX:  /* WGSL: e1·(1 − e3) + e2·e3 */
        return fadd(fc, fmul(fc, x[0], fsub(fc, fconst(fc, x[2], 1.0), x[2])), fmul(fc, x[1], x[2]));
    case IR_OP_STEP: {
        LLVMValueRef ge = LLVMBuildFCmp(B(fc), LLVMRealOLE, x[0], x[1], "");
        return LLVMBuildSelect(B(fc), ge, fconst(fc, x[0], 1.0), fconst(fc, x[0], 0.0), "");
    }
    case IR_OP_SMOOTHSTEP: return smoothstep(fc, inst, x);
    case IR_OP_FMA: {
        LLVMTypeRef t = LLVMTypeOf(x[0]);
        return ptx_intrinsic(fc, "llvm.fma", &t, 1, x, 3, s);
    }
    case IR_OP_ASIN: case IR_OP_ACOS: case IR_OP_ATAN: case IR_OP_ATAN2:
        return ptx_inverse_trig(fc, inst, x);  /* range reduction + polynomial */
    case IR_OP_DOT: return ptx_dot(fc, x[0], x[1], true);
    case IR_OP_CROSS: return cross(fc, x[0], x[1]);
    case IR_OP_LENGTH: return length(fc, x[0]);
    case IR_OP_DISTANCE: return length(fc, fsub(fc, x[0], x[1]));
    case IR_OP_NORMALIZE: {
        LLVMValueRef inv = nvvm(fc, inst, ptx_dot(fc, x[0], x[0], true), IR_OP_INVERSE_SQRT);
        return fmul(fc, x[0], ptx_splat(fc, inv, LLVMTypeOf(x[0])));
    }
    case IR_OP_REFLECT: {  /* e1 − 2·dot(e2, e1)·e2 */
        LLVMValueRef d = ptx_dot(fc, x[1], x[0], true);
        LLVMValueRef k = ptx_splat(fc, fmul(fc, d, LLVMConstReal(LLVMTypeOf(d), 2.0)), LLVMTypeOf(x[0]));
        return fsub(fc, x[0], fmul(fc, k, x[1]));
    }
    default: return NULL;
    }
}

static LLVMValueRef pack(FnCtx *fc, const IrInst *inst, LLVMValueRef x) {
    LLVMContextRef c = fc->px->ctx;
    LLVMTypeRef h2 = LLVMVectorType(LLVMHalfTypeInContext(c), 2);
    if (inst->op == IR_OP_PACK2X16FLOAT)
        return LLVMBuildBitCast(B(fc), LLVMBuildFPTrunc(B(fc), x, h2, ""), ptx_i32(fc->px), "");
    LLVMValueRef h = LLVMBuildBitCast(B(fc), x, h2, "");
    return LLVMBuildFPExt(B(fc), h, LLVMVectorType(LLVMFloatTypeInContext(c), 2), "");
}

LLVMValueRef ptx_math(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    PtxCtx *px = fc->px;
    switch (inst->op) {
    case IR_OP_DPDX: case IR_OP_DPDY:
        ptx_fail(px, Y_UNSUPPORTED_BY_TARGET, inst->span, ptx_ascii(px, "%s needs a fragment entry; PTX has compute entries only", ir_op_info(inst->op)->name),
                 "PTX 目标只有计算入口，没有「%s」", ir_op_info(inst->op)->name);
        return NULL;
    case IR_OP_PACK2X16FLOAT: case IR_OP_UNPACK2X16FLOAT: return pack(fc, inst, args[0]);
    default: break;
    }
    if (inst->arg_count == 0 || inst->arg_count > 3) return NULL;
    const IrType *s = ptx_ty(px, ir_type_element_scalar(px->types, ir_value_type(fc->f, inst->args[0])));
    if (s->kind == IR_TYPE_SCALAR && s->scalar != IR_FLOAT) return int_math(fc, inst, args, s->scalar == IR_SINT);
    LLVMValueRef x[3];
    for (uint32_t i = 0; i < inst->arg_count; i++) x[i] = to_f32(fc, args[i]);
    LLVMValueRef r = float_math(fc, inst, x);
    if (!r) return NULL;
    return back(fc, r, ptx_reg_type(px, ir_value_type(fc->f, inst->results[0]), inst->span));
}
