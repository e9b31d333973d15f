/* bounds (-fbounds-check): every dynamic index into an array, vector or matrix is clamped to
 * the last element, min(u32(i), length − 1), so that no access leaves its memory, on every
 * target alike; one of the behaviours WGSL's robustness rules allow, for reads and writes
 * (docs/targets.md). A fixed length is a constant; a runtime-sized array's length is
 * array_length, which MSL and PTX get through the host's lengths buffer (ir/abi.h). The host
 * binds at least one element (WebGPU's rule; yusec run checks it). Constant indices in range
 * are left alone (the verifier rejects constant ones out of range). */
#include <stdlib.h>

#include "pass.h"
#include "util.h"
#include "../base/memory.h"

static bool const_in_range(const IrFunction *f, IrValueId index, uint32_t length) {
    uint64_t bits;
    return length != 0 && pass_const_value(f, index, &bits) && (uint32_t)bits < length;
}

/* The number of elements at step `k` of access `id` (whose prefix points at `type`), built
 * before the clamp: `fixed` when not 0, else array_length of the prefix for a runtime-sized array. */
static IrValueId length_of(IrBuilder *b, IrFunction *f, IrInstId id, uint32_t k, uint32_t fixed) {
    IrTypeTable *types = &f->module->types;
    if (fixed) return ir_build_u32(b, fixed);
    const IrInst *access = ir_inst(f, id);
    IrValueId array = access->args[0];
    if (k > 1) {  /* a struct ending in a runtime array: the prefix up to that field */
        IrValueId *prefix = mem_alloc((k - 1) * sizeof *prefix);
        for (uint32_t i = 1; i < k; i++) prefix[i - 1] = ir_inst(f, id)->args[i];
        array = ir_build_access(b, ir_inst(f, id)->args[0], prefix, k - 1);
        mem_free(prefix);
    }
    return ir_build_op(b, IR_OP_ARRAY_LENGTH, ir_type_u32(types), &array, 1);
}

/* Clamps the dynamic indices of one access; returns how many instructions it added at the
 * end of the access's block. */
static uint32_t clamp_access(IrFunction *f, IrInstId id) {
    IrTypeTable *types = &f->module->types;
    IrBuilder b;
    ir_builder_init(&b, f);
    ir_builder_set_block(&b, ir_inst(f, id)->parent);
    b.span = ir_inst(f, id)->span;
    uint32_t before = ir_block(f, b.block)->inst_count;
    const IrType *base = ir_type(types, ir_value_type(f, ir_inst(f, id)->args[0]));
    IrTypeId type = base ? base->elem : IR_NO_TYPE;
    for (uint32_t k = 1; k < ir_inst(f, id)->arg_count && type != IR_NO_TYPE; k++) {
        const IrType *t = ir_type(types, type);
        IrValueId index = ir_inst(f, id)->args[k];
        if (t->kind == IR_TYPE_STRUCT) {
            uint64_t field = 0;
            pass_const_value(f, index, &field);
            type = ir_type_member(types, type, (uint32_t)field);
            continue;
        }
        IrTypeId next = ir_type_member(types, type, 0);
        uint32_t fixed = ir_type_member_count(types, type);
        if (!const_in_range(f, index, fixed)) {
            IrValueId length = length_of(&b, f, id, k, fixed);
            if (length == IR_NONE) break;
            if (ir_type_is_signed(types, ir_value_type(f, index)))  /* a negative i32 becomes huge */
                index = ir_build_op(&b, IR_OP_BITCAST, ir_type_u32(types), &index, 1);
            IrValueId last = ir_build_binary(&b, IR_OP_SUB, length, ir_build_u32(&b, 1));
            IrValueId args[2] = {index, last};
            ir_inst(f, id)->args[k] = ir_build_op(&b, IR_OP_MIN, ir_type_u32(types), args, 2);
        }
        type = next;
    }
    return ir_block(f, b.block)->inst_count - before;
}

bool pass_bounds(PassContext *ctx) {
    for (uint32_t fi = 0; fi < ir_function_count(ctx->module); fi++) {
        IrFunction *f = ir_function(ctx->module, fi);
        uint32_t n = 0;
        IrInstId *insts = pass_placed_insts(f, &n);
        for (uint32_t i = 0; insts && i < n; i++) {
            if (ir_inst(f, insts[i])->op != IR_OP_ACCESS) continue;
            uint32_t pos = pass_inst_position(f, insts[i]);
            IrBlockId block = ir_inst(f, insts[i])->parent;
            uint32_t added = clamp_access(f, insts[i]);
            pass_move_tail_to(f, block, added, pos);
        }
        mem_free(insts);
    }
    return true;
}
