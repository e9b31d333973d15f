/* Textures and samplers through CUDA texture objects (ir/abi.h § textures and samplers on
 * PTX). Each texture parameter of the module's kernels is a hidden parameter of the (inlined)
 * functions: i64 texture objects, i32 compare functions. A texture op finds its object from
 * the bindings its operands load (ir_texture_operand); the texture and sampler values
 * themselves are never materialised.
 *   纹理尺寸     txq.width / txq.height (txq.level.* with a level operand) of TEXELS;
 *   读纹素       tex.level.2d at the texel's centre ((x + 0.5) / width of the level, …) of
 *                TEXELS, whose point filtering returns exactly that texel;
 *   按层采样纹理 tex.level.2d of the SAMPLED pair;
 *   采样纹理     the same at level 0: a compute invocation has no derivatives to pick a level;
 *   比较采样     PTX has no depth comparison: tex.level.2d at level 0 of the (point-filtered)
 *                SAMPLED pair fetches the depth d, and the kernel computes compare(ref, d)
 *                with the COMPARE parameter's function, 1.0 when it passes, else 0.0. */
#include "internal.h"

void ptx_plan_textures(PtxCtx *px, const bool *funcs) {
    const IrInst *bad = NULL;
    if (!ir_texture_params(&px->arena, px->m, funcs, &px->textures, &bad)) {
        ptx_fail(px, Y_UNSUPPORTED_BY_TARGET, bad->span, "a texture or sampler operand that is not a module binding",
                 "PTX 目标：纹理与采样器的实参须直接是模块的绑定（宿主按绑定传纹理对象）");
        px->textures.texture_count = 0;
    }
    px->texture_hidden = px->hidden_count;
    px->hidden_count += px->textures.texture_count;
}

LLVMTypeRef ptx_texture_param_type(PtxCtx *px, const IrTextureParam *p) {
    return p->kind == IR_TEXTURE_PARAM_COMPARE ? ptx_i32(px) : ptx_i64(px);
}

LLVMValueRef ptx_kernel_texture(PtxCtx *px, LLVMValueRef kernel, const IrBufferParams *kp, uint32_t index) {
    const IrTextureParam *p = &px->textures.textures[index];
    uint32_t k = ir_texture_slot(kp, *p);
    if (k == IR_NONE) return LLVMConstNull(ptx_texture_param_type(px, p));  /* another kernel's */
    return LLVMGetParam(kernel, kp->count + k);
}

static LLVMTypeRef f32(FnCtx *fc) { return LLVMFloatTypeInContext(fc->px->ctx); }

/* The hidden parameter of `want` in the current function. */
static LLVMValueRef param_of(FnCtx *fc, const IrInst *inst, IrTextureParam want) {
    uint32_t k = ir_texture_slot(&fc->px->textures, want);
    if (k == IR_NONE) {
        ptx_fail(fc->px, Y_TARGET_INTERNAL, inst->span, "internal error: a texture use without its parameter",
                 "PTX 目标内部错误：纹理运算没有对应的纹理参数");
        return NULL;
    }
    return ptx_hidden_param(fc, fc->px->texture_hidden + k, inst->span);
}

static LLVMValueRef texels_of(FnCtx *fc, const IrInst *inst) {
    IrGlobalId t = ir_texture_operand(fc->f, inst, 0);
    return param_of(fc, inst, (IrTextureParam){IR_TEXTURE_PARAM_TEXELS, t, IR_NONE});
}

static LLVMValueRef sampled_of(FnCtx *fc, const IrInst *inst) {
    IrGlobalId t = ir_texture_operand(fc->f, inst, 0), s = ir_texture_operand(fc->f, inst, 1);
    return param_of(fc, inst, (IrTextureParam){IR_TEXTURE_PARAM_SAMPLED, t, s});
}

static bool is_signed_lane(FnCtx *fc, IrValueId v) {
    const IrType *s = ptx_ty(fc->px, ir_type_element_scalar(fc->px->types, ir_value_type(fc->f, v)));
    return s && s->kind == IR_TYPE_SCALAR && s->scalar == IR_SINT;
}

static LLVMValueRef lane(FnCtx *fc, LLVMValueRef v, unsigned i) {
    return LLVMBuildExtractElement(fc->px->b, v, LLVMConstInt(ptx_i32(fc->px), i, false), "");
}

/* width (axis 0) or height (axis 1) of the object, at `level` when not NULL. */
static LLVMValueRef query(FnCtx *fc, LLVMValueRef obj, unsigned axis, LLVMValueRef level, Span span) {
    if (!level || (LLVMIsAConstantInt(level) && LLVMConstIntGetZExtValue(level) == 0)) {
        LLVMValueRef args[1] = {obj};
        return ptx_intrinsic(fc, axis ? "llvm.nvvm.txq.height" : "llvm.nvvm.txq.width", NULL, 0, args, 1, span);
    }
    LLVMValueRef args[2] = {obj, level};  /* LLVM 19 has no intrinsic for txq.level */
    return ptx_asm(fc, ptx_i32(fc->px), axis ? "txq.level.height.b32 $0, [$1], $2;" : "txq.level.width.b32 $0, [$1], $2;",
                   "=r,l,r", args, 2, false);
}

/* tex.level.2d.v4.<dtype>.f32 as an LLVM vector of four lanes of `elem` (f32, or i32 for
 * signed / unsigned sample types). */
static LLVMValueRef fetch(FnCtx *fc, LLVMValueRef obj, LLVMValueRef u, LLVMValueRef v, LLVMValueRef level,
                          LLVMTypeRef result, bool sint, Span span) {
    LLVMTypeRef elem = LLVMGetElementType(result);
    const char *name = LLVMGetTypeKind(elem) == LLVMFloatTypeKind ? "llvm.nvvm.tex.unified.2d.level.v4f32.f32"
                       : sint ? "llvm.nvvm.tex.unified.2d.level.v4s32.f32"
                              : "llvm.nvvm.tex.unified.2d.level.v4u32.f32";
    LLVMValueRef args[4] = {obj, u, v, level};
    LLVMValueRef s = ptx_intrinsic(fc, name, NULL, 0, args, 4, span);
    if (!s) return NULL;
    LLVMValueRef out = LLVMGetUndef(result);
    for (unsigned i = 0; i < 4; i++)
        out = LLVMBuildInsertElement(fc->px->b, out, LLVMBuildExtractValue(fc->px->b, s, i, ""),
                                     LLVMConstInt(ptx_i32(fc->px), i, false), "");
    return out;
}

static LLVMValueRef to_f32(FnCtx *fc, LLVMValueRef x, bool sint) {
    return sint ? LLVMBuildSIToFP(fc->px->b, x, f32(fc), "") : LLVMBuildUIToFP(fc->px->b, x, f32(fc), "");
}

static LLVMValueRef dimensions(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    LLVMValueRef obj = texels_of(fc, inst);
    if (!obj) return NULL;
    LLVMValueRef level = inst->arg_count > 1 ? args[1] : NULL;
    LLVMValueRef out = LLVMGetUndef(LLVMVectorType(ptx_i32(fc->px), 2));
    for (unsigned a = 0; a < 2; a++) {
        LLVMValueRef d = query(fc, obj, a, level, inst->span);
        if (!d) return NULL;
        out = LLVMBuildInsertElement(fc->px->b, out, d, LLVMConstInt(ptx_i32(fc->px), a, false), "");
    }
    return out;
}

/* (c + 0.5) / extent: the centre of texel c in normalized coordinates. */
static LLVMValueRef centre(FnCtx *fc, LLVMValueRef c, bool sint, LLVMValueRef extent) {
    LLVMBuilderRef b = fc->px->b;
    LLVMValueRef x = LLVMBuildFAdd(b, to_f32(fc, c, sint), LLVMConstReal(f32(fc), 0.5), "");
    return LLVMBuildFDiv(b, x, LLVMBuildUIToFP(b, extent, f32(fc), ""), "");
}

static LLVMValueRef load_texel(FnCtx *fc, const IrInst *inst, LLVMValueRef *args, LLVMTypeRef result) {
    LLVMValueRef obj = texels_of(fc, inst);
    if (!obj) return NULL;
    bool coord_sint = is_signed_lane(fc, inst->args[1]), level_sint = is_signed_lane(fc, inst->args[2]);
    LLVMValueRef w = query(fc, obj, 0, args[2], inst->span), h = query(fc, obj, 1, args[2], inst->span);
    if (!w || !h) return NULL;
    LLVMValueRef u = centre(fc, lane(fc, args[1], 0), coord_sint, w);
    LLVMValueRef v = centre(fc, lane(fc, args[1], 1), coord_sint, h);
    return fetch(fc, obj, u, v, to_f32(fc, args[2], level_sint), result,
                 is_signed_lane(fc, inst->results[0]), inst->span);
}

/* compare(ref, d) with WebGPU's GPUCompareFunction `fn` (IrCompareFunction). */
static LLVMValueRef compare_passes(FnCtx *fc, LLVMValueRef fn, LLVMValueRef ref, LLVMValueRef d) {
    static const struct { IrCompareFunction fn; LLVMRealPredicate pred; } tests[] = {
        {IR_COMPARE_LESS, LLVMRealOLT}, {IR_COMPARE_EQUAL, LLVMRealOEQ},
        {IR_COMPARE_LESS_EQUAL, LLVMRealOLE}, {IR_COMPARE_GREATER, LLVMRealOGT},
        {IR_COMPARE_NOT_EQUAL, LLVMRealUNE}, {IR_COMPARE_GREATER_EQUAL, LLVMRealOGE},
    };
    LLVMBuilderRef b = fc->px->b;
    LLVMValueRef pass = LLVMBuildICmp(b, LLVMIntEQ, fn, LLVMConstInt(ptx_i32(fc->px), IR_COMPARE_ALWAYS, false), "");
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        LLVMValueRef is = LLVMBuildICmp(b, LLVMIntEQ, fn, LLVMConstInt(ptx_i32(fc->px), tests[i].fn, false), "");
        pass = LLVMBuildSelect(b, is, LLVMBuildFCmp(b, tests[i].pred, ref, d, ""), pass, "");
    }
    return pass;  /* never and any other number: false */
}

static LLVMValueRef sample_compare(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    LLVMValueRef obj = sampled_of(fc, inst);
    IrGlobalId s = ir_texture_operand(fc->f, inst, 1);
    LLVMValueRef fn = param_of(fc, inst, (IrTextureParam){IR_TEXTURE_PARAM_COMPARE, IR_NONE, s});
    if (!obj || !fn) return NULL;
    LLVMValueRef texel = fetch(fc, obj, lane(fc, args[2], 0), lane(fc, args[2], 1), LLVMConstReal(f32(fc), 0.0),
                               LLVMVectorType(f32(fc), 4), false, inst->span);
    if (!texel) return NULL;
    LLVMValueRef pass = compare_passes(fc, fn, args[3], lane(fc, texel, 0));
    return LLVMBuildSelect(fc->px->b, pass, LLVMConstReal(f32(fc), 1.0), LLVMConstReal(f32(fc), 0.0), "");
}

LLVMValueRef ptx_texture(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    LLVMTypeRef result = ptx_reg_type(fc->px, ir_value_type(fc->f, inst->results[0]), inst->span);
    if (!result) return NULL;
    switch (inst->op) {
    case IR_OP_TEXTURE_DIMENSIONS: return dimensions(fc, inst, args);
    case IR_OP_TEXTURE_LOAD: return load_texel(fc, inst, args, result);
    case IR_OP_TEXTURE_SAMPLE: case IR_OP_TEXTURE_SAMPLE_LEVEL: {
        LLVMValueRef obj = sampled_of(fc, inst);
        LLVMValueRef level = inst->op == IR_OP_TEXTURE_SAMPLE ? LLVMConstReal(f32(fc), 0.0) : args[3];
        if (!obj) return NULL;
        return fetch(fc, obj, lane(fc, args[2], 0), lane(fc, args[2], 1), level, result, false, inst->span);
    }
    default: return sample_compare(fc, inst, args);
    }
}
