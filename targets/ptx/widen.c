/* After LLVM's optimisation: integer min/max narrower than 32 bits are done in 32 bits.
 *
 * LLVM narrows small-valued integer arithmetic (InstCombine shrinks a udiv whose operands fit
 * in 8 bits to i8), and NVPTX turns an i8/i16 umax/umin/smax/smin into max.u16 … on 16-bit
 * registers. ptxas (CUDA 13.0.88, and the JIT of driver 580.159.04) miscompiles such a
 * max.u16 followed by `setp.eq.s16 …, 1`: it fuses them into one VIMNMX.U16x2 whose predicate
 * has the opposite sense (differential seed 9216; test/gpu/ptxas_max16, docs/testing.md). A
 * 32-bit max (max.u32 + setp.eq.s32) is compiled right, so every scalar i8/i16 min/max is
 * rewritten as ext → i32 min/max → trunc, which computes the same value; NVPTX then emits
 * max.u32 and a conversion, and no 16-bit min/max reaches ptxas. */
#include <string.h>

#include "internal.h"

typedef struct NarrowMinMax {
    const char *name;   /* the intrinsic's base name */
    bool is_signed;     /* operands widened with sext, else zext */
} NarrowMinMax;

static const NarrowMinMax MIN_MAX[] = {
    {"llvm.umax", false}, {"llvm.umin", false}, {"llvm.smax", true}, {"llvm.smin", true},
};

/* The min/max that `call` is when it takes scalar integers narrower than 32 bits, else NULL. */
static const NarrowMinMax *narrow_min_max(LLVMValueRef call) {
    LLVMValueRef callee = LLVMGetCalledValue(call);
    if (!callee || !LLVMIsAFunction(callee)) return NULL;
    LLVMTypeRef type = LLVMTypeOf(call);
    if (LLVMGetTypeKind(type) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(type) >= 32) return NULL;
    size_t len = 0;
    const char *name = LLVMGetValueName2(callee, &len);
    for (size_t i = 0; i < sizeof MIN_MAX / sizeof MIN_MAX[0]; i++) {
        size_t n = strlen(MIN_MAX[i].name);
        if (len > n && strncmp(name, MIN_MAX[i].name, n) == 0 && name[n] == '.') return &MIN_MAX[i];
    }
    return NULL;
}

static void widen_call(LLVMModuleRef mod, LLVMBuilderRef b, LLVMValueRef call, const NarrowMinMax *op) {
    LLVMContextRef ctx = LLVMGetModuleContext(mod);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), narrow = LLVMTypeOf(call);
    LLVMPositionBuilderBefore(b, call);
    LLVMValueRef args[2];
    for (unsigned i = 0; i < 2; i++) {
        LLVMValueRef a = LLVMGetOperand(call, i);
        args[i] = op->is_signed ? LLVMBuildSExt(b, a, i32, "") : LLVMBuildZExt(b, a, i32, "");
    }
    unsigned id = LLVMLookupIntrinsicID(op->name, strlen(op->name));
    LLVMTypeRef overload[1] = {i32};
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(mod, id, overload, 1);
    LLVMValueRef wide = LLVMBuildCall2(b, LLVMIntrinsicGetType(ctx, id, overload, 1), fn, args, 2, "");
    LLVMReplaceAllUsesWith(call, LLVMBuildTrunc(b, wide, narrow, ""));
    LLVMInstructionEraseFromParent(call);
}

void ptx_widen_narrow_min_max(LLVMModuleRef mod) {
    LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
    for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst;) {
                LLVMValueRef next = LLVMGetNextInstruction(inst);
                const NarrowMinMax *op = LLVMIsACallInst(inst) ? narrow_min_max(inst) : NULL;
                if (op) widen_call(mod, b, inst, op);
                inst = next;
            }
    LLVMDisposeBuilder(b);
}
