/* Hopper's asynchronous barriers in YIR (ir/hopper.h). */
#include "hopper.h"

#include "fragment.h"

bool ir_op_is_hopper(IrOp op) {
    switch (op) {
    case IR_OP_MBARRIER_INIT: case IR_OP_MBARRIER_ARRIVE: case IR_OP_MBARRIER_EXPECT_TX: case IR_OP_MBARRIER_WAIT:
    case IR_OP_FENCE_PROXY_ASYNC: case IR_OP_TMA_LOAD:
        return true;
    default: return false;
    }
}

const char *ir_hopper_builtin_name(IrOp op) {
    switch (op) {
    case IR_OP_MBARRIER_INIT: return "初始化异步屏障";
    case IR_OP_MBARRIER_ARRIVE: return "到达异步屏障";
    case IR_OP_MBARRIER_EXPECT_TX: return "期待异步字节";
    case IR_OP_MBARRIER_WAIT: return "等待异步屏障";
    case IR_OP_FENCE_PROXY_ASYNC: return "异步代理栅栏";
    case IR_OP_TMA_LOAD: return "张量载入";
    default: return "";
    }
}

IrTypeId ir_type_async_barrier(IrTypeTable *table) { return ir_type_vector(table, ir_type_u32(table), 2); }

bool ir_type_is_async_barrier_array_ptr(const IrTypeTable *table, IrTypeId id, uint32_t *count) {
    const IrType *p = ir_type(table, id);
    if (!p || p->kind != IR_TYPE_POINTER || p->space != IR_SPACE_WORKGROUP) return false;
    const IrType *a = ir_type(table, p->elem);
    if (!a || a->kind != IR_TYPE_ARRAY || a->count == 0) return false;
    const IrType *e = ir_type(table, a->elem);
    const IrType *u = e && e->kind == IR_TYPE_VECTOR && e->count == 2 ? ir_type(table, e->elem) : NULL;
    if (!u || u->kind != IR_TYPE_SCALAR || u->scalar != IR_UINT || u->width != 32) return false;
    if (count) *count = a->count;
    return true;
}

const IrInst *ir_first_hopper_op(const IrFunction *f) {
    for (uint32_t k = 0; k < f->inst_count; k++)
        if (ir_op_is_hopper(f->insts[k].op)) return &f->insts[k];
    return NULL;
}

const IrGlobal *ir_tensor_map_of(const IrModule *module, const IrFunction *func, IrValueId value) {
    const IrValue *v = ir_value(func, value);
    const IrInst *def = v && v->kind == IR_VALUE_RESULT ? ir_inst(func, v->def) : NULL;
    if (!def || def->op != IR_OP_GLOBAL) return NULL;
    const IrGlobal *g = ir_global(module, def->symbol);
    return g && g->box_rows ? g : NULL;
}

uint32_t ir_tma_dst_align_bytes(const IrGlobal *map) {
    return map->box_swizzle ? IR_TMA_SWIZZLED_ALIGN : IR_TMA_ALIGN;
}

/* The global behind operand `arg` of `inst`, when it is a `global`; IR_NONE otherwise. */
static uint32_t global_operand(const IrFunction *f, const IrInst *inst, uint32_t arg) {
    const IrValue *v = ir_value(f, inst->args[arg]);
    const IrInst *def = v && v->kind == IR_VALUE_RESULT ? ir_inst(f, v->def) : NULL;
    return def && def->op == IR_OP_GLOBAL ? def->symbol : IR_NONE;
}

bool ir_global_needs_1024_alignment(const IrModule *module, uint32_t global) {
    for (uint32_t i = 0; i < ir_function_count(module); i++) {
        const IrFunction *f = ir_function(module, i);
        for (uint32_t k = 0; k < f->inst_count; k++) {
            const IrInst *in = &f->insts[k];
            if ((in->op == IR_OP_TMA_LOAD || in->op == IR_OP_TENSOR_MMA_SHARED) && in->arg_count > 1 &&
                global_operand(f, in, 1) == global)
                return true;
        }
    }
    return false;
}
