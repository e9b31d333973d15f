/* The accumulator element operations (「矩阵片累乘数」 … 「矩阵片累遮右上」, docs/builtins.md) and
 * 「载入矩阵片乙自转置」 have no WGSL spelling: WGSL's subgroup matrices give no access to the
 * elements an invocation holds, and no transposing load from workgroup memory. The first such
 * call of each function is a located error naming its builtin, whatever WGSL does with the
 * other fragment builtins. */
#include "wgsl_internal.h"

#include "../ir/fragment.h"

static const IrInst *first_unwritable(const IrModule *m, const IrFunction *f) {
    for (uint32_t k = 0; k < f->inst_count; k++) {
        const IrInst *in = &f->insts[k];
        if (ir_fragment_element_operands(in->op)) return in;
        if (in->op == IR_OP_FRAG_LOAD_TRANSPOSED && in->arg_count &&
            ir_fragment_memory(&m->types, ir_value_type(f, in->args[0])) == IR_FRAG_MEM_WORKGROUP_F16)
            return in;
    }
    return NULL;
}

bool wgsl_reject_fragment_elements(TextEmitter *em, const IrModule *m) {
    bool found = false;
    for (uint32_t i = 0; i < ir_function_count(m); i++) {
        const IrFunction *f = ir_function(m, i);
        const IrInst *in = first_unwritable(m, f);
        if (!in) continue;
        if (in->op == IR_OP_FRAG_LOAD_TRANSPOSED)
            te_error(em, Y_UNSUPPORTED_BY_TARGET, in->span, "函数「%s」：「载入矩阵片乙自转置」在 WGSL 的子组矩阵里没有对应的载入，翻译报错（着十二）",
                     f->name);
        else
            te_error(em, Y_UNSUPPORTED_BY_TARGET, in->span, "函数「%s」：「%s」要逐个访问子组矩阵片的元素，WGSL 的子组矩阵没有元素访问，翻译报错（着十二）",
                     f->name, ir_fragment_element_builtin(in->op));
        found = true;
    }
    return found;
}
