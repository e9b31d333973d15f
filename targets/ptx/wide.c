/* Wrap-free indices (ir/wide_index.h): a counted loop whose array indices are sums and
 * products of its counter gets two copies — one computing those indices in 64 bits, taken when
 * a test before the loop proves that none of their u32 steps wraps, and the loop as written
 * otherwise. In the 64-bit copy LLVM sees `base + 4·(i·n + k)` as a pointer that advances by a
 * constant, so loads become `[%rd + imm]` off one pointer (nvcc gets the same from `int`
 * indices, whose overflow C leaves undefined). Only indices whose address advances by a
 * constant per iteration are widened: a column walk with a runtime stride (`A[i·n + j]`, i the
 * counter) ran slower in 64 bits on the H200 — ptxas then chains the pointer additions and
 * keeps fewer loads in flight than with one IMAD.WIDE per load (bench/README.md). */
#include "internal.h"

#include "../../ir/wide_index.h"

struct PtxWidePlan {
    IrWideIndexPlan ir;
    bool *widen;      /* per plan index: computed in 64 bits in the wide copy */
};

PtxWidePlan *ptx_wide_plan(FnCtx *fc, const IrInst *loop) {
    PtxCtx *px = fc->px;
    if (px->options->opt_level == 0) return NULL;
    PtxWidePlan *plan = arena_alloc(&px->arena, sizeof *plan);
    if (!ir_wide_index_plan(fc->f, (IrInstId)(loop - fc->f->insts), &px->arena, &plan->ir)) return NULL;
    plan->widen = arena_alloc_array(&px->arena, plan->ir.index_count, sizeof *plan->widen);
    bool any = false;
    for (uint32_t i = 0; i < plan->ir.index_count; i++) any |= plan->widen[i] = plan->ir.indices[i].constant_stride;
    return any ? plan : NULL;
}

static LLVMValueRef wide_leaf(FnCtx *fc, IrValueId v) {
    uint64_t bits;
    if (ir_wide_index_constant(fc->f, v, &bits)) return LLVMConstInt(ptx_i64(fc->px), bits & 0xFFFFFFFFu, false);
    return LLVMBuildZExt(fc->px->b, ptx_val(fc, v), ptx_i64(fc->px), "");
}

/* `v` in 64 bits: a node as the sum or product of its operands — nuw/nsw in the wide copy,
 * where the test has proved them, plain in the test itself (a wrapping flag there would make
 * the whole test poison exactly when it must fail) — a leaf zero-extended (the counter as
 * `counter`). `memo` (per plan node, or NULL) keeps the nodes this walk built. */
static LLVMValueRef wide_value(FnCtx *fc, const PtxWidePlan *plan, IrValueId v, LLVMValueRef counter,
                               LLVMValueRef *memo, bool proved) {
    uint32_t node = plan->ir.node_count;
    for (uint32_t i = 0; memo && i < plan->ir.node_count; i++)
        if (plan->ir.nodes[i] == v) node = i;
    if (node < plan->ir.node_count && memo[node]) return memo[node];
    LLVMValueRef r;
    if (v == plan->ir.counter) r = counter;
    else if (!ir_wide_index_is_node(&plan->ir, v)) r = wide_leaf(fc, v);
    else {
        const IrInst *in = ir_inst(fc->f, ir_value(fc->f, v)->def);
        LLVMValueRef a = wide_value(fc, plan, in->args[0], counter, memo, proved);
        LLVMValueRef b = wide_value(fc, plan, in->args[1], counter, memo, proved);
        r = in->op == IR_OP_ADD ? LLVMBuildAdd(fc->px->b, a, b, "") : LLVMBuildMul(fc->px->b, a, b, "");
        if (proved && LLVMIsABinaryOperator(r)) {
            LLVMSetNUW(r, true);
            LLVMSetNSW(r, true);
        }
    }
    if (node < plan->ir.node_count) memo[node] = r;
    return r;
}

/* Before the loop: every node's exact value at i = B − 1 is below 2³² (B = 0: the loop body
 * never runs, and either copy does nothing). Operands of a node are checked nodes or u32
 * leaves, so no 64-bit product overflows. */
LLVMValueRef ptx_wide_test(FnCtx *fc, const PtxWidePlan *plan) {
    PtxCtx *px = fc->px;
    LLVMBuilderRef b = px->b;
    LLVMValueRef *memo = arena_alloc_array(&px->arena, plan->ir.node_count + 1, sizeof *memo);
    LLVMValueRef bound = LLVMBuildZExt(b, ptx_val(fc, plan->ir.bound), ptx_i64(px), "");
    LLVMValueRef last = LLVMBuildSub(b, bound, LLVMConstInt(ptx_i64(px), 1, false), "");
    LLVMValueRef zero = LLVMBuildICmp(b, LLVMIntEQ, bound, LLVMConstInt(ptx_i64(px), 0, false), "");
    last = LLVMBuildSelect(b, zero, LLVMConstInt(ptx_i64(px), 0, false), last, "");
    LLVMValueRef ok = LLVMConstInt(LLVMInt1TypeInContext(px->ctx), 1, false);
    LLVMValueRef limit = LLVMConstInt(ptx_i64(px), 1ull << 32, false);
    for (uint32_t i = 0; i < plan->ir.node_count; i++) {
        LLVMValueRef at_last = wide_value(fc, plan, plan->ir.nodes[i], last, memo, false);
        ok = LLVMBuildAnd(b, ok, LLVMBuildICmp(b, LLVMIntULT, at_last, limit, ""), "");
    }
    return ok;
}

LLVMValueRef ptx_wide_index(FnCtx *fc, IrValueId index) {
    const PtxWidePlan *plan = fc->wide;
    if (!plan) return NULL;
    for (uint32_t i = 0; i < plan->ir.index_count; i++)
        if (plan->ir.indices[i].value == index && plan->widen[i]) {
            LLVMValueRef counter = LLVMBuildZExt(fc->px->b, ptx_val(fc, plan->ir.counter), ptx_i64(fc->px), "");
            return wide_value(fc, plan, index, counter, NULL, true);
        }
    return NULL;
}
