/* 数组长度 on PTX (ir/abi.h's contract): the kernel's last parameter p_lengths points to one
 * u32 per measured buffer, its size in bytes. The kernel loads the sizes and passes each as a
 * hidden i32 parameter of the (inlined) functions that take it, so a function shared by two kernels does
 * not depend on either kernel's order; `array_length` turns bytes into elements. */
#include "internal.h"

void ptx_plan_lengths(PtxCtx *px, const bool *funcs) {
    uint32_t n = ir_global_count(px->m);
    bool *measured = arena_alloc_array(&px->arena, n + 1, sizeof *measured);
    ir_reach_lengths(px->m, funcs, measured);
    px->length_hidden = arena_alloc_array(&px->arena, n + 1, sizeof *px->length_hidden);
    for (uint32_t g = 0; g < n; g++) px->length_hidden[g] = measured[g] ? px->hidden_count++ : IR_NONE;
}

LLVMValueRef ptx_kernel_length(PtxCtx *px, LLVMValueRef kernel, const IrBufferParams *kp, IrGlobalId global) {
    uint32_t k = ir_length_slot(kp, global);
    if (k == IR_NONE || kp->count == 0 || !kp->params[kp->count - 1].lengths)
        return LLVMConstInt(ptx_i32(px), 0, false);  /* this kernel never measures it */
    LLVMValueRef base = LLVMBuildAddrSpaceCast(px->b, LLVMGetParam(kernel, kp->count - 1),
                                               ptx_ptr(px, PTX_AS_GLOBAL), "");
    LLVMValueRef offset = LLVMConstInt(ptx_i64(px), 4ull * k, false);
    LLVMValueRef at = LLVMBuildGEP2(px->b, LLVMInt8TypeInContext(px->ctx), base, &offset, 1, "");
    LLVMValueRef bytes = LLVMBuildLoad2(px->b, ptx_i32(px), at, "");
    LLVMSetAlignment(bytes, 4);
    return bytes;
}

LLVMValueRef ptx_array_length(FnCtx *fc, const IrInst *inst) {
    PtxCtx *px = fc->px;
    IrGlobalId g = ir_length_target(fc->f, inst);
    uint32_t offset = 0, stride = 0;
    if (g == IR_NONE || px->length_hidden[g] == IR_NONE ||
        !ir_runtime_array_extent(px->types, ir_global(px->m, g)->type, &offset, &stride) || stride == 0) {
        ptx_fail(px, Y_UNSUPPORTED_BY_TARGET, inst->span, "array_length of something other than a storage buffer",
                 "「数组长度」的实参须直接是存储缓冲（PTX 由宿主传缓冲的字节数）");
        return NULL;
    }
    LLVMValueRef bytes = ptx_hidden_param(fc, px->length_hidden[g], inst->span);
    if (!bytes) return NULL;
    LLVMBuilderRef b = px->b;
    if (offset) {  /* (max(bytes, offset) - offset) / stride: 0 for a buffer shorter than the head */
        LLVMValueRef off = LLVMConstInt(ptx_i32(px), offset, false);
        LLVMValueRef longer = LLVMBuildICmp(b, LLVMIntUGT, bytes, off, "");
        bytes = LLVMBuildSub(b, LLVMBuildSelect(b, longer, bytes, off, ""), off, "");
    }
    return LLVMBuildUDiv(b, bytes, LLVMConstInt(ptx_i32(px), stride, false), "");
}
