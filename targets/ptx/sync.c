/* Barriers (bar.sync 0) and atomics (atom.global/.shared, relaxed loads/stores); subgroup
 * operations are in subgroup.c. */
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

LLVMValueRef ptx_sync(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    switch (inst->op) {
    case IR_OP_WORKGROUP_BARRIER: case IR_OP_STORAGE_BARRIER:
        ptx_intrinsic(fc, "llvm.nvvm.barrier0", NULL, 0, NULL, 0, inst->span);  /* bar.sync 0 */
        return NULL;
    case IR_OP_ATOMIC_LOAD: case IR_OP_ATOMIC_STORE: return relaxed(fc, inst, args);
    case IR_OP_ATOMIC_COMPARE_EXCHANGE: return cmpxchg(fc, args);
    default: return rmw(fc, inst, args);  /* add, sub, max, min, exchange */
    }
}
