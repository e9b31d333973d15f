/* The only door to LLVM intrinsics: a name must be in our table and known to this LLVM,
 * otherwise it is an ordinary diagnostic (LLVM aborts the process on an unknown one). */
#include <string.h>

#include "internal.h"

static const char *const known[] = {
    "llvm.nvvm.read.ptx.sreg.tid.x", "llvm.nvvm.read.ptx.sreg.tid.y", "llvm.nvvm.read.ptx.sreg.tid.z",
    "llvm.nvvm.read.ptx.sreg.ntid.x", "llvm.nvvm.read.ptx.sreg.ntid.y", "llvm.nvvm.read.ptx.sreg.ntid.z",
    "llvm.nvvm.read.ptx.sreg.ctaid.x", "llvm.nvvm.read.ptx.sreg.ctaid.y", "llvm.nvvm.read.ptx.sreg.ctaid.z",
    "llvm.nvvm.read.ptx.sreg.nctaid.x", "llvm.nvvm.read.ptx.sreg.nctaid.y",
    "llvm.nvvm.read.ptx.sreg.nctaid.z", "llvm.nvvm.read.ptx.sreg.laneid",
    "llvm.nvvm.activemask", "llvm.nvvm.barrier0",
    "llvm.nvvm.rsqrt.approx.f", "llvm.nvvm.ex2.approx.f", "llvm.nvvm.lg2.approx.f",
    "llvm.nvvm.sin.approx.f", "llvm.nvvm.cos.approx.f", "llvm.nvvm.saturate.f",
    "llvm.nvvm.read.ptx.sreg.lanemask.lt",
    "llvm.nvvm.shfl.sync.idx.i32", "llvm.nvvm.shfl.sync.bfly.i32", "llvm.nvvm.shfl.sync.down.i32",
    "llvm.nvvm.shfl.sync.up.i32", "llvm.nvvm.shfl.sync.up.i32p",
    "llvm.nvvm.vote.ballot.sync", "llvm.nvvm.vote.all.sync", "llvm.nvvm.vote.any.sync",
    "llvm.nvvm.redux.sync.add", "llvm.nvvm.redux.sync.max", "llvm.nvvm.redux.sync.umax",
    "llvm.nvvm.redux.sync.min", "llvm.nvvm.redux.sync.umin",
    /* 着十二 (sm_80+, every arch in ptx_caps.c) */
    "llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16", "llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16",
    "llvm.nvvm.ff2f16x2.rn", "llvm.nvvm.mma.m16n8k16.row.col.f32.f32",
    "llvm.nvvm.mma.m16n8k32.row.col.s8", "llvm.nvvm.cp.async.cg.shared.global.16",
    "llvm.nvvm.cp.async.commit.group", "llvm.nvvm.cp.async.wait.group",
    /* textures (texture.c) */
    "llvm.nvvm.txq.width", "llvm.nvvm.txq.height", "llvm.nvvm.tex.unified.2d.level.v4f32.f32",
    "llvm.nvvm.tex.unified.2d.level.v4s32.f32", "llvm.nvvm.tex.unified.2d.level.v4u32.f32",
    "llvm.fabs", "llvm.minnum", "llvm.maxnum", "llvm.sqrt", "llvm.floor", "llvm.ceil", "llvm.trunc",
    "llvm.roundeven", "llvm.fma", "llvm.copysign", "llvm.abs", "llvm.smin", "llvm.smax", "llvm.umin", "llvm.umax",
    "llvm.ctpop", "llvm.bitreverse", "llvm.fptosi.sat", "llvm.fptoui.sat",
};

static bool in_table(const char *name) {
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strcmp(known[i], name) == 0) return true;
    return false;
}

LLVMValueRef ptx_intrinsic(FnCtx *fc, const char *name, LLVMTypeRef *overloads, unsigned overload_count,
                           LLVMValueRef *args, unsigned count, Span span) {
    PtxCtx *px = fc->px;
    unsigned id = name && in_table(name) ? LLVMLookupIntrinsicID(name, strlen(name)) : 0;
    if (id == 0) {
        ptx_fail(px, Y_TARGET_INTERNAL, span, ptx_ascii(px, "this LLVM does not know the intrinsic %s", name ? name : "?"),
                 "PTX 目标：此 LLVM 不认识内建函数 %s", name ? name : "?");
        return NULL;
    }
    for (unsigned i = 0; i < count; i++)
        if (!args[i]) return NULL;
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(px->mod, id, overloads, overload_count);
    LLVMTypeRef type = LLVMIntrinsicGetType(px->ctx, id, overloads, overload_count);
    if (LLVMCountParamTypes(type) != count) {
        ptx_fail(px, Y_TARGET_INTERNAL, span, ptx_ascii(px, "wrong argument count for the intrinsic %s", name),
                 "PTX 目标：内建函数 %s 的参数个数不符", name);
        return NULL;
    }
    return LLVMBuildCall2(px->b, type, fn, args, count, "");
}

LLVMValueRef ptx_intrinsic1(FnCtx *fc, const char *name, LLVMValueRef x, Span span) {
    if (!x) return NULL;
    LLVMTypeRef t = LLVMTypeOf(x);
    return ptx_intrinsic(fc, name, &t, 1, &x, 1, span);
}

LLVMValueRef ptx_intrinsic2(FnCtx *fc, const char *name, LLVMValueRef x, LLVMValueRef y, Span span) {
    if (!x || !y) return NULL;
    LLVMTypeRef t = LLVMTypeOf(x);
    LLVMValueRef args[2] = {x, y};
    return ptx_intrinsic(fc, name, &t, 1, args, 2, span);
}

LLVMValueRef ptx_asm(FnCtx *fc, LLVMTypeRef result, const char *text, const char *constraints,
                     LLVMValueRef *args, unsigned count, bool side_effects) {
    LLVMTypeRef params[PTX_ASM_MAX_OPERANDS];
    if (count > PTX_ASM_MAX_OPERANDS) return NULL;
    for (unsigned i = 0; i < count; i++) {
        if (!args[i]) return NULL;
        params[i] = LLVMTypeOf(args[i]);
    }
    LLVMTypeRef type = LLVMFunctionType(result, params, count, false);
    LLVMValueRef as = LLVMGetInlineAsm(type, (char *)text, strlen(text), (char *)constraints,
                                       strlen(constraints), side_effects, false, LLVMInlineAsmDialectATT, false);
    return LLVMBuildCall2(fc->px->b, type, as, args, count, "");
}
