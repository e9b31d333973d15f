/* Asynchronous copies into workgroup memory (sm_80 cp.async): async_copy is one
 * cp.async.cg.shared.global of 16 bytes, async_commit cp.async.commit_group, async_wait
 * cp.async.wait_group N (N must be a constant by now: PTX takes an immediate).
 * Shared addresses are 32-bit (plugin.c sets -nvptx-short-ptr), and LLVM 19 cannot select
 * llvm.nvvm.cp.async.* with a 32-bit shared pointer, so the copy is inline PTX on the
 * address as a u32 (what nvcc's __cvta_generic_to_shared gives); it clobbers memory, so
 * LLVM moves no load or store of either space across it. */
#include "internal.h"

#include "../../ir/fragment.h"

static LLVMValueRef byte_address(FnCtx *fc, LLVMValueRef base, LLVMValueRef index, uint32_t elem_bytes) {
    return ptx_element_gep(fc, base, LLVMBuildZExt(fc->px->b, index, ptx_i64(fc->px), ""), elem_bytes);
}

LLVMValueRef ptx_async(FnCtx *fc, const IrInst *inst, LLVMValueRef *args) {
    switch (inst->op) {
    case IR_OP_ASYNC_COPY: {
        LLVMValueRef shared = LLVMBuildPtrToInt(fc->px->b, byte_address(fc, args[0], args[1], 2), ptx_i32(fc->px), "");
        LLVMValueRef a[2] = {shared, byte_address(fc, args[2], args[3], 4)};
        ptx_asm(fc, LLVMVoidTypeInContext(fc->px->ctx), "cp.async.cg.shared.global [$0], [$1], 16;",
                "r,l,~{memory}", a, 2, true);
        return NULL;
    }
    case IR_OP_ASYNC_COMMIT:
        ptx_intrinsic(fc, "llvm.nvvm.cp.async.commit.group", NULL, 0, NULL, 0, inst->span);
        return NULL;
    default: {
        uint32_t n = 0;
        if (!ir_value_known_u32(fc->px->m, fc->f, inst->args[0], &n)) {
            ptx_fail(fc->px, Y_UNSUPPORTED_BY_TARGET, inst->span, "the count of cp.async.wait_group must be a constant", "「等待异步拷贝」的组数须是常量（PTX 的 cp.async.wait_group 只收立即数）");
            return NULL;
        }
        LLVMValueRef count = LLVMConstInt(ptx_i32(fc->px), n, false);
        ptx_intrinsic(fc, "llvm.nvvm.cp.async.wait.group", NULL, 0, &count, 1, inst->span);
        return NULL;
    }
    }
}
