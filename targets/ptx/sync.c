/* Barriers (bar.sync 0), atomics (atom.global/.shared, relaxed loads/stores) and subgroup
 * operations (shfl.sync with activemask; 着十一). */
#include <stdio.h>

#include "internal.h"

static LLVMBuilderRef B(FnCtx *fc) { return fc->px->b; }

static IrTypeId atomic_elem(FnCtx *fc, const IrInst *inst) {
    const IrType *p = ptx_ty(fc->px, ir_value_type(fc->f, inst->args[0]));
    return ptx_ty(fc->px, p->elem)->elem;
}

static bool elem_signed(FnCtx *fc, IrTypeId t) { return ptx_ty(fc->px, t)->scalar == IR_SINT; }

static unsigned pointer_space(FnCtx *fc, const IrInst *inst) {
    return ptx_space(ptx_ty(fc->px, ir_value_type(fc->f, inst->args[0]))->space);
}

/* WGSL atomics are relaxed; 着十 spells their loads and stores ld/st.relaxed.gpu, which
 * LLVM 19 does not emit for monotonic accesses (it writes ld.volatile). */
static LLVMValueRef relaxed(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    bool shared = pointer_space(fc, inst) == PTX_AS_SHARED;
    LLVMValueRef ptr = args[0];
    if (inst->op == IR_OP_ATOMIC_LOAD) {
        const char *text = shared ? "ld.relaxed.gpu.shared.u32 $0, [$1];" : "ld.relaxed.gpu.global.u32 $0, [$1];";
        LLVMValueRef a[1] = {ptr};
        return ptx_asm(fc, ptx_i32(fc->px), text, "=r,l,~{memory}", a, 1, true);
    }
    const char *text = shared ? "st.relaxed.gpu.shared.u32 [$0], $1;" : "st.relaxed.gpu.global.u32 [$0], $1;";
    LLVMValueRef a[2] = {ptr, args[1]};
    ptx_asm(fc, LLVMVoidTypeInContext(fc->px->ctx), text, "l,r,~{memory}", a, 2, true);
    return NULL;
}

static LLVMValueRef rmw(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    bool s = elem_signed(fc, atomic_elem(fc, inst));
    LLVMAtomicRMWBinOp op;
    switch (inst->op) {
    case IR_OP_ATOMIC_ADD: op = LLVMAtomicRMWBinOpAdd; break;
    case IR_OP_ATOMIC_SUB: op = LLVMAtomicRMWBinOpSub; break;
    case IR_OP_ATOMIC_MAX: op = s ? LLVMAtomicRMWBinOpMax : LLVMAtomicRMWBinOpUMax; break;
    case IR_OP_ATOMIC_MIN: op = s ? LLVMAtomicRMWBinOpMin : LLVMAtomicRMWBinOpUMin; break;
    default: op = LLVMAtomicRMWBinOpXchg; break;
    }
    return LLVMBuildAtomicRMW(B(fc), op, args[0], args[1], LLVMAtomicOrderingMonotonic, false);
}

static LLVMValueRef cmpxchg(FnCtx *fc, LLVMValueRef *args) {
    LLVMValueRef pair = LLVMBuildAtomicCmpXchg(B(fc), args[0], args[1], args[2], LLVMAtomicOrderingMonotonic,
                                               LLVMAtomicOrderingMonotonic, false);
    return pair;  /* { T old, i1 exchanged } is exactly the register form of the result struct */
}

static LLVMValueRef sreg(FnCtx *fc, const char *name, Span span) {
    return ptx_intrinsic(fc, name, NULL, 0, NULL, 0, span);
}

/* A 32-bit value as i32 for shfl.sync, and back. */
static LLVMValueRef as_i32(FnCtx *fc, LLVMValueRef v) {
    return LLVMTypeOf(v) == ptx_i32(fc->px) ? v : LLVMBuildBitCast(B(fc), v, ptx_i32(fc->px), "");
}

static LLVMValueRef shuffle(FnCtx *fc, const char *kind, LLVMValueRef mask, LLVMValueRef v, LLVMValueRef lane,
                            Span span) {
    char name[48];
    snprintf(name, sizeof name, "llvm.nvvm.shfl.sync.%s.i32", kind);
    LLVMValueRef clamp = LLVMConstInt(ptx_i32(fc->px), 0x1f, false);  /* whole warp */
    LLVMValueRef a[4] = {mask, as_i32(fc, v), lane, clamp};
    LLVMValueRef r = ptx_intrinsic(fc, name, NULL, 0, a, 4, span);
    return r && LLVMTypeOf(v) != ptx_i32(fc->px) ? LLVMBuildBitCast(B(fc), r, LLVMTypeOf(v), "") : r;
}

static LLVMValueRef combine(FnCtx *fc, IrOp op, bool fl, bool s, LLVMValueRef a, LLVMValueRef b, Span span) {
    if (op == IR_OP_SUBGROUP_ADD) {
        LLVMValueRef r = fl ? LLVMBuildFAdd(B(fc), a, b, "") : LLVMBuildAdd(B(fc), a, b, "");
        return r;
    }
    bool max = op == IR_OP_SUBGROUP_MAX;
    const char *name = fl ? (max ? "llvm.maxnum" : "llvm.minnum")
                          : s ? (max ? "llvm.smax" : "llvm.smin") : (max ? "llvm.umax" : "llvm.umin");
    return ptx_intrinsic2(fc, name, a, b, span);
}

/* Reduction over the active lanes. Integers: redux.sync (sm_80). f32: a shfl.down tree over
 * the active prefix (a warp runs short only at the end of a workgroup whose size is not a
 * multiple of 32, so its active lanes are a prefix), then a broadcast from lane 0. */
static LLVMValueRef reduce(FnCtx *fc, const IrInst *inst, LLVMValueRef v, LLVMValueRef mask) {
    const IrType *t = ptx_ty(fc->px, ir_value_type(fc->f, inst->args[0]));
    bool fl = t->scalar == IR_FLOAT, s = t->scalar == IR_SINT;
    if (!fl) {
        const char *name = inst->op == IR_OP_SUBGROUP_ADD ? "llvm.nvvm.redux.sync.add"
                           : inst->op == IR_OP_SUBGROUP_MAX ? (s ? "llvm.nvvm.redux.sync.max" : "llvm.nvvm.redux.sync.umax")
                                                           : (s ? "llvm.nvvm.redux.sync.min" : "llvm.nvvm.redux.sync.umin");
        LLVMValueRef a[2] = {v, mask};
        return ptx_intrinsic(fc, name, NULL, 0, a, 2, inst->span);
    }
    LLVMValueRef lane = sreg(fc, "llvm.nvvm.read.ptx.sreg.laneid", inst->span);
    LLVMValueRef count = ptx_intrinsic1(fc, "llvm.ctpop", mask, inst->span);
    if (!lane || !count) return NULL;
    for (unsigned d = 16; d >= 1; d /= 2) {
        LLVMValueRef dv = LLVMConstInt(ptx_i32(fc->px), d, false);
        LLVMValueRef other = shuffle(fc, "down", mask, v, dv, inst->span);
        if (!other) return NULL;
        LLVMValueRef in = LLVMBuildICmp(B(fc), LLVMIntULT, LLVMBuildAdd(B(fc), lane, dv, ""), count, "");
        v = LLVMBuildSelect(B(fc), in, combine(fc, inst->op, fl, s, v, other, inst->span), v, "");
    }
    return shuffle(fc, "idx", mask, v, LLVMConstInt(ptx_i32(fc->px), 0, false), inst->span);
}

static LLVMValueRef subgroup(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    const IrType *t = ptx_ty(fc->px, ir_value_type(fc->f, inst->args[0]));
    if (t->kind != IR_TYPE_SCALAR || t->width != 32) {
        ptx_error(fc->px, inst->span, "千手目标的子组运算只收 32 位标量（浮三二、无三二、整三二）");
        return NULL;
    }
    LLVMValueRef mask = sreg(fc, "llvm.nvvm.activemask", inst->span);
    if (!mask) return NULL;
    if (inst->op == IR_OP_SUBGROUP_SHUFFLE) return shuffle(fc, "idx", mask, args[0], args[1], inst->span);
    if (inst->op == IR_OP_SUBGROUP_SHUFFLE_XOR) return shuffle(fc, "bfly", mask, args[0], args[1], inst->span);
    return reduce(fc, inst, args[0], mask);
}

LLVMValueRef ptx_sync(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    switch (inst->op) {
    case IR_OP_WORKGROUP_BARRIER: case IR_OP_STORAGE_BARRIER:
        ptx_intrinsic(fc, "llvm.nvvm.barrier0", NULL, 0, NULL, 0, inst->span);  /* bar.sync 0 */
        return NULL;
    case IR_OP_ATOMIC_LOAD: case IR_OP_ATOMIC_STORE: return relaxed(fc, inst, args);
    case IR_OP_ATOMIC_COMPARE_EXCHANGE: return cmpxchg(fc, args);
    case IR_OP_ATOMIC_ADD: case IR_OP_ATOMIC_SUB: case IR_OP_ATOMIC_MAX: case IR_OP_ATOMIC_MIN:
    case IR_OP_ATOMIC_EXCHANGE:
        return rmw(fc, inst, args);
    default: return subgroup(fc, inst, args);
    }
}
