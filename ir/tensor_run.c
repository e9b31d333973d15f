/* Runs of asynchronous warpgroup MMAs that one wider MMA computes (tensor_run.h). */
#include "tensor_run.h"

#include "fragment.h"
#include "ops.h"

enum { ARG_ACC, ARG_ARRAY, ARG_A_START, ARG_B_START, ARG_LAYOUT };

/* `value` as root + offset, following adds of known u32s (wrapping, as the adds do) down
 * to a root that is not one; a known u32 is offset from the root IR_NONE. */
typedef struct Offset {
    IrValueId root;
    uint32_t offset;
} Offset;

enum { MAX_ADD_CHAIN = 16 };

static Offset offset_of(const IrModule *module, const IrFunction *func, IrValueId value) {
    Offset at = {value, 0};
    for (unsigned step = 0; step < MAX_ADD_CHAIN; step++) {
        uint32_t known = 0;
        if (ir_value_known_u32(module, func, at.root, &known)) return (Offset){IR_NONE, at.offset + known};
        const IrValue *v = ir_value(func, at.root);
        const IrInst *def = v && v->kind == IR_VALUE_RESULT ? ir_inst(func, v->def) : NULL;
        if (!def || def->op != IR_OP_ADD || def->arg_count != 2) return at;
        if (ir_value_known_u32(module, func, def->args[1], &known)) at.root = def->args[0];
        else if (ir_value_known_u32(module, func, def->args[0], &known)) at.root = def->args[1];
        else return at;
        at.offset += known;
    }
    return at;
}

static bool same_u32(const IrModule *module, const IrFunction *func, IrValueId a, IrValueId b) {
    if (a == b) return true;
    uint32_t x = 0, y = 0;
    return ir_value_known_u32(module, func, a, &x) && ir_value_known_u32(module, func, b, &y) && x == y;
}

/* The same workgroup array: one value, or two `global` of one variable. */
static bool same_array(const IrFunction *func, IrValueId a, IrValueId b) {
    if (a == b) return true;
    const IrValue *va = ir_value(func, a), *vb = ir_value(func, b);
    if (!va || !vb || va->kind != IR_VALUE_RESULT || vb->kind != IR_VALUE_RESULT) return false;
    const IrInst *da = ir_inst(func, va->def), *db = ir_inst(func, vb->def);
    return da && db && da->op == IR_OP_GLOBAL && db->op == IR_OP_GLOBAL && da->symbol == db->symbol;
}

/* Whether an instruction of `block` from `first` to before `last` defines `value`. */
static bool defined_between(const IrFunction *func, const IrBlock *block, uint32_t first, uint32_t last,
                            IrValueId value) {
    for (uint32_t i = first; i < last; i++) {
        const IrInst *inst = ir_inst(func, block->insts[i]);
        for (uint32_t r = 0; r < inst->result_count; r++)
            if (inst->results[r] == value) return true;
    }
    return false;
}

/* Whether the run may be issued across `inst`: it neither writes memory nor branches. */
static bool may_cross(const IrInst *inst) {
    IrEffect effect = ir_op_info(inst->op)->effect;
    return (effect == IR_PURE || effect == IR_READS) && inst->block_count == 0;
}

/* Whether async MMA `next` continues the run whose first member is `first`, as its member j. */
static bool mma_continues(const IrModule *module, const IrFunction *func, const IrInst *first, const IrInst *next,
                          uint32_t j) {
    if (next->arg_count != first->arg_count || first->arg_count <= ARG_LAYOUT) return false;
    if (!same_array(func, first->args[ARG_ARRAY], next->args[ARG_ARRAY])) return false;
    if (!same_u32(module, func, first->args[ARG_A_START], next->args[ARG_A_START])) return false;
    uint32_t layout = 0;
    if (!ir_value_known_u32(module, func, first->args[ARG_LAYOUT], &layout) ||
        !same_u32(module, func, first->args[ARG_LAYOUT], next->args[ARG_LAYOUT]))
        return false;
    Offset b0 = offset_of(module, func, first->args[ARG_B_START]);
    Offset bj = offset_of(module, func, next->args[ARG_B_START]);
    return b0.root == bj.root && bj.offset - b0.offset == j * IR_TENSOR_TILE_ELEMENTS;
}

/* Whether tensor_wait `next` waits for as many pending groups as `first` (a known count). */
static bool wait_continues(const IrModule *module, const IrFunction *func, const IrInst *first, const IrInst *next) {
    uint32_t pending = 0;
    return first->arg_count == 2 && next->arg_count == 2 &&
           ir_value_known_u32(module, func, first->args[1], &pending) &&
           same_u32(module, func, first->args[1], next->args[1]);
}

static bool runs(IrOp op) {
    return op == IR_OP_TENSOR_MMA_ASYNC || op == IR_OP_TENSOR_MMA_ASYNC_BF16 || op == IR_OP_TENSOR_WAIT;
}

IrTensorRun ir_tensor_run(const IrModule *module, const IrFunction *func, const IrBlock *block, uint32_t position) {
    IrTensorRun run = {.count = 1, .members = {block->insts[position]}};
    const IrInst *first = ir_inst(func, block->insts[position]);
    if (!runs(first->op)) return run;
    for (uint32_t i = position + 1; i < block->inst_count && run.count < IR_TENSOR_RUN_MAX; i++) {
        const IrInst *next = ir_inst(func, block->insts[i]);
        if (next->op != first->op) {
            if (!may_cross(next)) break;
            continue;
        }
        bool fits = first->op == IR_OP_TENSOR_WAIT ? wait_continues(module, func, first, next)
                                                   : mma_continues(module, func, first, next, run.count);
        if (!fits || defined_between(func, block, position, i, next->args[ARG_ACC])) break;
        run.members[run.count++] = block->insts[i];
    }
    return run;
}
