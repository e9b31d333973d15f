/* Tensor tiles (着十三) in MSL: Metal 4's matmul2d (Metal Performance Primitives). A module
 * that uses them starts with <metal_tensor> and the MPP header; after `using namespace metal;`
 * come the matmul2d type (64 × 64 × 32, B transposed, relaxed precision, multiply-accumulate,
 * execution_simdgroups<4>), the tensor types of A (device float, with a stride, rows as the outer
 * extent) and B (threadgroup half, [n][k]), the accumulator yy_张量片累 (the matmul's destination
 * cooperative tensor) and three helpers, one per builtin. Every compute entry that reaches a
 * tensor op must have exactly 128 invocations (4 SIMD-groups). */
#include "../ir/abi.h"
#include "../ir/fragment.h"
#include "msl_internal.h"

bool msl_uses_tensor(const IrModule *m) {
    for (uint32_t i = 0; i < ir_function_count(m); i++) {
        const IrFunction *f = ir_function(m, i);
        for (uint32_t k = 0; k < f->inst_count; k++)
            if (ir_op_is_tensor(f->insts[k].op)) return true;
    }
    return false;
}

void msl_plan_tensor(TextEmitter *em, MslState *st) {
    if (!msl_uses_tensor(em->m)) return;
    NameSet *names = &em->names.module;
    st->tensor.matmul = name_set_claim(names, "yy_张量片乘");
    st->tensor.a = name_set_claim(names, "yy_张量片甲");
    st->tensor.b = name_set_claim(names, "yy_张量片乙");
    st->tensor.acc = name_set_claim(names, "yy_张量片累");
    st->tensor.zero = name_set_claim(names, "yy_零张量片累");
    st->tensor.mma = name_set_claim(names, "yy_张量片乘加");
    st->tensor.store = name_set_claim(names, "yy_存回张量片累");
}

/* 着十三: the whole workgroup (exactly 128 invocations) holds the tile. */
bool msl_check_tensor_entries(TextEmitter *em, const MslState *st) {
    const IrModule *m = em->m;
    if (!st->tensor.acc) return true;
    bool ok = true;
    IrReach reach;
    ir_reach_init(&reach, &em->arena, m);
    for (uint32_t i = 0; i < ir_entry_count(m); i++) {
        const IrEntry *e = ir_entry(m, i);
        if (e->stage != IR_STAGE_COMPUTE) continue;
        uint64_t size = (uint64_t)e->workgroup_size[0] * e->workgroup_size[1] * e->workgroup_size[2];
        if (size == 128) continue;
        ir_reach_from(&reach, e->func);
        for (uint32_t k = 0; k < reach.func_count; k++) {
            if (!msl_function_uses_tensor(ir_function(m, reach.func_list[k]))) continue;
            te_error(em, Y_TARGET_ENTRY, e->span,
                     "计算入口「%s」用到张量片，金属上工作组大小须恰为 128（4 个子组，着十三；128 的倍数只有千手能译），现为 %llu",
                     e->name, (unsigned long long)size);
            ok = false;
            break;
        }
    }
    return ok;
}

/* The tensor ops that only PTX translates (sm_90a: tensor_mma_shared and tensor_mma_async,
 * wgmma with both tiles in workgroup memory; warpgroup_id, tensor_commit, tensor_wait,
 * register_inc/dec): the first of each function is the error. */
bool msl_check_ptx_only_tensor_ops(TextEmitter *em) {
    const IrModule *m = em->m;
    bool ok = true;
    for (uint32_t i = 0; i < ir_function_count(m); i++) {
        const IrFunction *f = ir_function(m, i);
        for (uint32_t k = 0; k < f->inst_count; k++) {
            if (!ir_tensor_op_is_ptx_only(f->insts[k].op)) continue;
            IrOp op = f->insts[k].op;
            bool mma = op == IR_OP_TENSOR_MMA_SHARED || op == IR_OP_TENSOR_MMA_ASYNC || op == IR_OP_TENSOR_MMA_ASYNC_BF16;
            te_error(em, Y_UNSUPPORTED_BY_TARGET, f->insts[k].span, "函数「%s」：金属没有「%s」，它只有千手能译（sm_90a 的%s）",
                     f->name, ir_tensor_builtin_name(op), mma ? " wgmma" : "线程束组");
            ok = false;
            break;
        }
    }
    return ok;
}

bool msl_function_uses_tensor(const IrFunction *f) {
    for (uint32_t k = 0; k < f->inst_count; k++)
        if (ir_op_is_tensor(f->insts[k].op)) return true;
    return false;
}

void msl_tensor_includes(const MslState *st, StrBuf *out) {
    if (!st->tensor.acc) return;
    strbuf_puts(out, "#include <metal_tensor>\n#include <MetalPerformancePrimitives/MetalPerformancePrimitives.h>\n");
}

void msl_tensor_prelude(const MslState *st, StrBuf *out) {
    const MslTensorNames *n = &st->tensor;
    if (!n->acc) return;
    strbuf_printf(out,
        "\n// 张量片（着十三）：matmul2d 64 × 64 × 32，甲 设备单精度带步长，乙 线程组半精度 [n][k]，整个工作组 4 个子组\n"
        "using %s = mpp::tensor_ops::matmul2d<mpp::tensor_ops::matmul2d_descriptor(64, 64, 32, false, true, true, "
        "mpp::tensor_ops::matmul2d_descriptor::mode::multiply_accumulate), execution_simdgroups<4>>;\n"
        "using %s = tensor<device float, dextents<int32_t, 2>, tensor_inline>;\n"
        "using %s = tensor<threadgroup half, dextents<int32_t, 2>, tensor_inline>;\n"
        "using %s = decltype(%s().get_destination_cooperative_tensor<%s, %s, float>());\n",
        n->matmul, n->a, n->b, n->acc, n->matmul, n->a, n->b);
    strbuf_printf(out,
        "\n%s %s() {\n"
        "  %s c = %s().get_destination_cooperative_tensor<%s, %s, float>();\n"
        "  for (auto it = c.begin(); it != c.end(); it++) *it = 0.0f;\n"
        "  return c;\n"
        "}\n",
        n->acc, n->zero, n->acc, n->matmul, n->a, n->b);
    strbuf_printf(out,
        "\n%s %s(%s c, const device float* a, uint start, uint stride, uint rows, threadgroup half* b) {\n"
        "  %s ta(const_cast<device float*>(a) + start, dextents<int32_t, 2>(32, int32_t(rows)), "
        "array<int32_t, 2>{1, int32_t(stride)});\n"
        "  %s tb(b, dextents<int32_t, 2>(32, 64), array<int32_t, 2>{1, 32});\n"
        "  %s op;\n"
        "  op.run(ta, tb, c);\n"
        "  return c;\n"
        "}\n",
        n->acc, n->mma, n->acc, n->a, n->b, n->matmul);
    strbuf_printf(out,
        "\nvoid %s(%s c, device float* d, uint start, uint stride, uint columns, uint rows) {\n"
        "  tensor<device float, dextents<int32_t, 2>, tensor_inline> td(d + start, "
        "dextents<int32_t, 2>(int32_t(columns), int32_t(rows)), array<int32_t, 2>{1, int32_t(stride)});\n"
        "  c.store(td);\n"
        "}\n",
        n->store, n->acc);
}

/* The address of an array operand's first element: `&甲[0]` (device or threadgroup). */
static TeExpr first_element(TextEmitter *em, const TeExpr *array) {
    TeExpr e = te_make(em, TE_UNARY, "&%s[0]", te_operand(em, TE_PRIMARY, false, array));
    e.flags = array->flags;
    e.params = array->params;
    return e;
}

TeExpr msl_tensor_expr(TextEmitter *em, const IrInst *inst, const TeExpr *args) {
    const MslTensorNames *n = &((const MslState *)em->user)->tensor;
    TeExpr list[6];
    for (uint32_t i = 0; i < inst->arg_count && i < 6; i++) list[i] = args[i];
    const char *name = n->zero;
    if (inst->op == IR_OP_TENSOR_MMA) {
        name = n->mma;
        list[1] = first_element(em, &args[1]);
        list[5] = first_element(em, &args[5]);
    } else if (inst->op == IR_OP_TENSOR_STORE) {
        name = n->store;
        list[1] = first_element(em, &args[1]);
    }
    TeExpr e = te_call(em, name ? name : "_", list, inst->arg_count);
    e.flags = (e.flags & ~TE_CONST) | TE_EFFECTS | TE_UNIFORM;
    return e;
}
