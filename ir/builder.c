#include <string.h>

#include "internal.h"

void ir_builder_init(IrBuilder *b, IrFunction *func) {
    b->func = func;
    b->module = func->module;
    b->block = func->body;
    memset(&b->span, 0, sizeof b->span);
}

void ir_builder_set_block(IrBuilder *b, IrBlockId block) { b->block = block; }

void ir_builder_after(IrBuilder *b, IrInstId inst) {
    const IrInst *i = ir_inst(b->func, inst);
    if (i) b->block = i->parent;
}

static IrValueId *copy_ids(Arena *arena, const IrValueId *ids, uint32_t count) {
    IrValueId *copy = arena_alloc_array(arena, count ? count : 1, sizeof *copy);
    if (count) memcpy(copy, ids, count * sizeof *copy);
    return copy;
}

IrInstId ir_build_inst(IrBuilder *b, IrOp op, const IrTypeId *result_types, uint32_t result_count,
                       const IrValueId *args, uint32_t arg_count) {
    IrFunction *f = b->func;
    Arena *arena = &b->module->arena;
    IrInstId id = ir_function_new_inst(f, op, b->span);
    IrValueId *results = arena_alloc_array(arena, result_count ? result_count : 1, sizeof *results);
    for (uint32_t i = 0; i < result_count; i++)
        results[i] = ir_function_new_value(f, result_types[i], IR_VALUE_RESULT, id, i, b->span);
    IrInst *inst = ir_inst(f, id);  /* after value creation: the inst array does not move then */
    inst->args = copy_ids(arena, args, arg_count);
    inst->arg_count = arg_count;
    inst->results = results;
    inst->result_count = result_count;
    ir_block_append(f, b->block, id);
    return id;
}

IrValueId ir_build_op(IrBuilder *b, IrOp op, IrTypeId type, const IrValueId *args, uint32_t count) {
    bool has_result = ir_op_info(op)->results != 0 && type != IR_NO_TYPE;
    IrInstId inst = ir_build_inst(b, op, &type, has_result ? 1 : 0, args, count);
    return has_result ? ir_inst_result(b->func, inst, 0) : IR_NONE;
}

IrValueId ir_build_unary(IrBuilder *b, IrOp op, IrValueId a) {
    IrTypeTable *types = &b->module->types;
    IrTypeId t = ir_value_type(b->func, a);
    switch (ir_op_info(op)->sig) {
    case SIG_LENGTH: t = ir_type_element_scalar(types, t); break;
    case SIG_PACK: t = ir_type_u32(types); break;
    case SIG_UNPACK: t = ir_type_vector(types, ir_type_f32(types), 2); break;
    default: break;
    }
    return ir_build_op(b, op, t, &a, 1);
}

/* The type of lhs * rhs for matrices and vector/scalar mixes (WGSL rules). */
static IrTypeId mul_type(IrTypeTable *types, IrTypeId l, IrTypeId r) {
    const IrType *lt = ir_type(types, l), *rt = ir_type(types, r);
    if (!lt || !rt || l == r) return l;
    if (lt->kind == IR_TYPE_MATRIX && rt->kind == IR_TYPE_VECTOR) return lt->column;
    if (lt->kind == IR_TYPE_VECTOR && rt->kind == IR_TYPE_MATRIX)
        return ir_type_vector(types, rt->elem, rt->cols);
    if (lt->kind == IR_TYPE_MATRIX && rt->kind == IR_TYPE_MATRIX)
        return ir_type_matrix(types, lt->elem, rt->cols, lt->count);
    if (lt->kind == IR_TYPE_SCALAR) return r;  /* scalar * vector/matrix */
    return l;
}

IrValueId ir_build_binary(IrBuilder *b, IrOp op, IrValueId lhs, IrValueId rhs) {
    IrTypeTable *types = &b->module->types;
    IrTypeId l = ir_value_type(b->func, lhs), r = ir_value_type(b->func, rhs), t = l;
    switch (ir_op_info(op)->sig) {
    case SIG_CMP_EQ: case SIG_CMP_ORD: t = ir_type_with_element(types, l, ir_type_bool(types)); break;
    case SIG_MUL: t = mul_type(types, l, r); break;
    case SIG_DOT: case SIG_DISTANCE: t = ir_type_element_scalar(types, l); break;
    default: break;
    }
    IrValueId args[2] = {lhs, rhs};
    return ir_build_op(b, op, t, args, 2);
}

IrValueId ir_build_literal(IrBuilder *b, IrTypeId type, uint64_t bits) {
    IrValueId v = ir_build_op(b, IR_OP_CONST, type, NULL, 0);
    IrValue *value = ir_value(b->func, v);
    ir_inst(b->func, value->def)->literal = bits;
    return v;
}

IrValueId ir_build_abstract_literal(IrBuilder *b, IrTypeId type, uint64_t bits) {
    IrValueId v = ir_build_literal(b, type, bits);
    ir_inst(b->func, ir_value(b->func, v)->def)->abstract_literal = true;
    return v;
}

static uint32_t float_bits(float value) {
    uint32_t bits;
    memcpy(&bits, &value, sizeof bits);
    return bits;
}

IrValueId ir_build_bool(IrBuilder *b, bool value) {
    return ir_build_literal(b, ir_type_bool(&b->module->types), value ? 1 : 0);
}
IrValueId ir_build_i32(IrBuilder *b, int32_t value) {
    return ir_build_literal(b, ir_type_i32(&b->module->types), (uint32_t)value);
}
IrValueId ir_build_u32(IrBuilder *b, uint32_t value) {
    return ir_build_literal(b, ir_type_u32(&b->module->types), value);
}
IrValueId ir_build_f32(IrBuilder *b, float value) {
    return ir_build_literal(b, ir_type_f32(&b->module->types), float_bits(value));
}
IrValueId ir_build_f16(IrBuilder *b, float value) {
    return ir_build_literal(b, ir_type_f16(&b->module->types), float_bits(value));
}

static IrValueId build_symbol(IrBuilder *b, IrOp op, IrTypeId type, uint32_t symbol) {
    IrValueId v = ir_build_op(b, op, type, NULL, 0);
    ir_inst(b->func, ir_value(b->func, v)->def)->symbol = symbol;
    return v;
}

IrValueId ir_build_global(IrBuilder *b, IrGlobalId id) {
    const IrGlobal *g = ir_global(b->module, id);
    IrTypeId t = g ? ir_type_pointer(&b->module->types, g->space, g->type) : IR_NO_TYPE;
    return build_symbol(b, IR_OP_GLOBAL, t, id);
}

IrValueId ir_build_constant(IrBuilder *b, IrConstId id) {
    const IrConstant *c = ir_constant(b->module, id);
    return build_symbol(b, IR_OP_CONSTANT, c ? c->type : IR_NO_TYPE, id);
}

IrValueId ir_build_var(IrBuilder *b, IrTypeId type, IrValueId init) {
    IrTypeId ptr = ir_type_pointer(&b->module->types, IR_SPACE_FUNCTION, type);
    return ir_build_op(b, IR_OP_VAR, ptr, &init, init == IR_NONE ? 0 : 1);
}

IrValueId ir_build_load(IrBuilder *b, IrValueId ptr) {
    const IrType *t = ir_type(&b->module->types, ir_value_type(b->func, ptr));
    IrTypeId result = t && t->kind == IR_TYPE_POINTER ? t->elem : IR_NO_TYPE;
    return ir_build_op(b, IR_OP_LOAD, result, &ptr, 1);
}

void ir_build_store(IrBuilder *b, IrValueId ptr, IrValueId value) {
    IrValueId args[2] = {ptr, value};
    ir_build_inst(b, IR_OP_STORE, NULL, 0, args, 2);
}

/* The constant u32/i32 held by `v`, when a `const` instruction defines it. */
static bool const_index(const IrFunction *f, IrValueId v, uint32_t *out) {
    const IrValue *value = ir_value(f, v);
    if (!value || value->kind != IR_VALUE_RESULT) return false;
    const IrInst *inst = ir_inst(f, value->def);
    if (!inst || inst->op != IR_OP_CONST) return false;
    *out = (uint32_t)inst->literal;
    return true;
}

IrValueId ir_build_access(IrBuilder *b, IrValueId base, const IrValueId *indices, uint32_t count) {
    IrTypeTable *types = &b->module->types;
    const IrType *pt = ir_type(types, ir_value_type(b->func, base));
    IrTypeId result = IR_NO_TYPE;
    if (pt && pt->kind == IR_TYPE_POINTER) {
        IrTypeId cur = pt->elem;
        for (uint32_t i = 0; i < count && cur != IR_NO_TYPE; i++) {
            const IrType *ct = ir_type(types, cur);
            uint32_t index = 0;
            if (ct->kind == IR_TYPE_STRUCT && !const_index(b->func, indices[i], &index)) cur = IR_NO_TYPE;
            else cur = ct->kind == IR_TYPE_STRUCT ? ir_type_member(types, cur, index)
                                                  : ir_type_member(types, cur, 0);
        }
        if (cur != IR_NO_TYPE) result = ir_type_pointer(types, pt->space, cur);
    }
    IrValueId *args = arena_alloc_array(&b->module->arena, count + 1, sizeof *args);
    args[0] = base;
    if (count) memcpy(args + 1, indices, count * sizeof *args);
    return ir_build_op(b, IR_OP_ACCESS, result, args, count + 1);
}

static IrTypeId walk_path(const IrTypeTable *types, IrTypeId t, const uint32_t *path, uint32_t count) {
    for (uint32_t i = 0; i < count && t != IR_NO_TYPE; i++) t = ir_type_member(types, t, path[i]);
    return t;
}

static void set_path(IrBuilder *b, IrValueId v, const uint32_t *path, uint32_t count) {
    IrInst *inst = ir_inst(b->func, ir_value(b->func, v)->def);
    inst->indices = arena_alloc_array(&b->module->arena, count ? count : 1, sizeof *inst->indices);
    if (count) memcpy(inst->indices, path, count * sizeof *path);
    inst->index_count = count;
}

IrValueId ir_build_extract(IrBuilder *b, IrValueId composite, const uint32_t *path, uint32_t count) {
    IrTypeId t = walk_path(&b->module->types, ir_value_type(b->func, composite), path, count);
    IrValueId v = ir_build_op(b, IR_OP_EXTRACT, t, &composite, 1);
    set_path(b, v, path, count);
    return v;
}

IrValueId ir_build_insert(IrBuilder *b, IrValueId composite, IrValueId value, const uint32_t *path,
                          uint32_t count) {
    IrValueId args[2] = {composite, value};
    IrValueId v = ir_build_op(b, IR_OP_INSERT, ir_value_type(b->func, composite), args, 2);
    set_path(b, v, path, count);
    return v;
}

IrValueId ir_build_construct(IrBuilder *b, IrTypeId type, const IrValueId *args, uint32_t count) {
    return ir_build_op(b, IR_OP_CONSTRUCT, type, args, count);
}

IrValueId ir_build_call(IrBuilder *b, IrFuncId callee, const IrValueId *args, uint32_t count) {
    const IrFunction *f = ir_function(b->module, callee);
    IrTypeId t = f ? f->return_type : IR_NO_TYPE;
    const IrType *rt = ir_type(&b->module->types, t);
    bool has_result = rt && rt->kind != IR_TYPE_VOID;
    IrInstId inst = ir_build_inst(b, IR_OP_CALL, &t, has_result ? 1 : 0, args, count);
    ir_inst(b->func, inst)->symbol = callee;
    return has_result ? ir_inst_result(b->func, inst, 0) : IR_NONE;
}

IrInstId ir_build_if(IrBuilder *b, IrValueId cond, const IrTypeId *result_types, uint32_t count) {
    IrInstId id = ir_build_inst(b, IR_OP_IF, result_types, count, &cond, 1);
    IrBlockId then_block = ir_function_new_block(b->func, id);
    IrBlockId else_block = ir_function_new_block(b->func, id);
    IrInst *inst = ir_inst(b->func, id);
    inst->blocks[0] = then_block;
    inst->blocks[1] = else_block;
    inst->block_count = 2;
    return id;
}

IrInstId ir_build_loop(IrBuilder *b, const IrValueId *inits, uint32_t init_count,
                       const IrTypeId *result_types, uint32_t result_count) {
    IrInstId id = ir_build_inst(b, IR_OP_LOOP, result_types, result_count, inits, init_count);
    IrBlockId body = ir_function_new_block(b->func, id);
    IrValueId *params = arena_alloc_array(&b->module->arena, init_count ? init_count : 1,
                                          sizeof *params);
    for (uint32_t i = 0; i < init_count; i++) {
        IrTypeId t = ir_value_type(b->func, inits[i]);
        params[i] = ir_function_new_value(b->func, t, IR_VALUE_BLOCK_PARAM, body, i, b->span);
    }
    IrBlock *block = ir_block(b->func, body);
    block->params = params;
    block->param_count = init_count;
    IrInst *inst = ir_inst(b->func, id);
    inst->blocks[0] = body;
    inst->block_count = 1;
    return id;
}

void ir_build_yield(IrBuilder *b, const IrValueId *values, uint32_t count) {
    ir_build_inst(b, IR_OP_YIELD, NULL, 0, values, count);
}
void ir_build_break(IrBuilder *b, const IrValueId *values, uint32_t count) {
    ir_build_inst(b, IR_OP_BREAK, NULL, 0, values, count);
}
void ir_build_continue(IrBuilder *b, const IrValueId *values, uint32_t count) {
    ir_build_inst(b, IR_OP_CONTINUE, NULL, 0, values, count);
}
void ir_build_return(IrBuilder *b, IrValueId value) {
    ir_build_inst(b, IR_OP_RETURN, NULL, 0, &value, value == IR_NONE ? 0 : 1);
}
void ir_build_discard(IrBuilder *b) { ir_build_inst(b, IR_OP_DISCARD, NULL, 0, NULL, 0); }
