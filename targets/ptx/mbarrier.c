/* Hopper's asynchronous barriers and the async-proxy fence (sm_90a; docs/targets.md § TMA and
 * asynchronous barriers). An 「异步屏障」 is 8 bytes of shared memory (a vec2<u32> in YIR,
 * ir/hopper.h); its address is the u32 shared address of element 序 of the array (plugin.c
 * sets -nvptx-short-ptr), as async.c's cp.async. LLVM 19 has no intrinsic for expect_tx or the
 * parity wait, so every op is inline PTX that clobbers memory (no load or store moves across).
 * The wait is a try_wait loop inside one asm; ${:uid} keeps its label unique per copy. */
#include "internal.h"

#include "../../ir/hopper.h"

/* The shared address (u32) of barrier args[1] of the array args[0]. */
static LLVMValueRef barrier_address(FnCtx *fc, LLVMValueRef *args) {
    LLVMValueRef index = LLVMBuildZExt(fc->px->b, args[1], ptx_i64(fc->px), "");
    return LLVMBuildPtrToInt(fc->px->b, ptx_element_gep(fc, args[0], index, IR_ASYNC_BARRIER_BYTES), ptx_i32(fc->px), "");
}

static void barrier_asm(FnCtx *fc, const char *text, const char *constraints, LLVMValueRef *args, unsigned count) {
    ptx_asm(fc, LLVMVoidTypeInContext(fc->px->ctx), text, constraints, args, count, true);
}

/* tma_load: the destination's and the barrier's shared addresses, and the map's generic address
 * (the binding points at the host's CUtensorMap in global memory). Coordinates go innermost
 * first: {列, 行}. */
static void tma_load(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    LLVMBuilderRef b = fc->px->b;
    const IrType *p = ir_type(&fc->px->m->types, ir_value_type(fc->f, inst->args[1]));
    const IrType *arr = ir_type(&fc->px->m->types, p->elem);
    uint32_t elem_bytes = ir_type_size(&fc->px->m->types, arr->elem);
    LLVMValueRef dst_index = LLVMBuildZExt(b, args[2], ptx_i64(fc->px), "");
    LLVMValueRef dst = LLVMBuildPtrToInt(b, ptx_element_gep(fc, args[1], dst_index, elem_bytes), ptx_i32(fc->px), "");
    LLVMValueRef generic = LLVMBuildAddrSpaceCast(b, args[0], LLVMPointerTypeInContext(fc->px->ctx, 0), "");
    LLVMValueRef bar_args[2] = {args[3], args[4]};
    LLVMValueRef a[5] = {dst, LLVMBuildPtrToInt(b, generic, ptx_i64(fc->px), ""), args[6], args[5],
                         barrier_address(fc, bar_args)};
    barrier_asm(fc,
                "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes "
                "[$0], [$1, {$2, $3}], [$4];",
                "r,l,r,r,r,~{memory}", a, 5);
}

LLVMValueRef ptx_mbarrier(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    if (inst->op == IR_OP_TMA_LOAD) {
        tma_load(fc, inst, args);
        return NULL;
    }
    if (inst->op == IR_OP_FENCE_PROXY_ASYNC) {
        barrier_asm(fc, "fence.proxy.async.shared::cta;", "~{memory}", NULL, 0);
        return NULL;
    }
    LLVMValueRef a[2] = {barrier_address(fc, args), inst->arg_count > 2 ? args[2] : NULL};
    switch (inst->op) {
    case IR_OP_MBARRIER_INIT:
        barrier_asm(fc, "mbarrier.init.shared::cta.b64 [$0], $1;\n\tfence.mbarrier_init.release.cluster;",
                    "r,r,~{memory}", a, 2);
        break;
    case IR_OP_MBARRIER_ARRIVE:
        barrier_asm(fc, "mbarrier.arrive.shared::cta.b64 _, [$0];", "r,~{memory}", a, 1);
        break;
    case IR_OP_MBARRIER_EXPECT_TX:
        barrier_asm(fc, "mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], $1;", "r,r,~{memory}", a, 2);
        break;
    default:  /* MBARRIER_WAIT */
        barrier_asm(fc,
                    "{\n\t.reg .pred ys_done;\n\tys_wait_${:uid}:\n\t"
                    "mbarrier.try_wait.parity.shared::cta.b64 ys_done, [$0], $1;\n\t"
                    "@!ys_done bra ys_wait_${:uid};\n\t}",
                    "r,r,~{memory}", a, 2);
        break;
    }
    return NULL;
}
