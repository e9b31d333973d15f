#include "internal.h"

#include <stdint.h>
#include <string.h>

const IrOpInfo ir_op_table[IR_OP_COUNT] = {
#define IR_OP(id, name, min, max, results, effect, sig, uniform) \
    [IR_OP_##id] = {name, min, max, results, effect, sig, uniform},
#include "ops.def"
#undef IR_OP
};

bool ir_op_from_name(const char *name, size_t len, IrOp *op) {
    for (int i = 0; i < IR_OP_COUNT; i++) {
        if (strlen(ir_op_table[i].name) == len && memcmp(ir_op_table[i].name, name, len) == 0) {
            *op = (IrOp)i;
            return true;
        }
    }
    return false;
}

/* Globals and constants are never removed, so their maps hold ids (stored as id + 1, since a
 * map value is never NULL). */
static void *id_value(uint32_t id) { return (void *)((uintptr_t)id + 1u); }
static uint32_t value_id(const void *value) { return value ? (uint32_t)((uintptr_t)value - 1u) : IR_NONE; }

IrModule *ir_module_new(void) {
    /* The module lives inside its own arena: freeing the arena frees everything. */
    Arena arena;
    arena_init(&arena);
    IrModule *module = arena_alloc(&arena, sizeof *module);
    module->arena = arena;
    ir_types_init(&module->types, &module->arena);
    strmap_init(&module->global_names, &module->arena);
    strmap_init(&module->constant_names, &module->arena);
    strmap_init(&module->function_names, &module->arena);
    return module;
}

void ir_module_free(IrModule *module) {
    if (!module) return;
    Arena arena = module->arena;
    arena_free(&arena);
}

IrGlobalId ir_module_add_global(IrModule *module, const char *name, IrTypeId type,
                                IrAddressSpace space, Span span) {
    IrGlobal *g = arena_alloc(&module->arena, sizeof *g);
    g->name = arena_strdup(&module->arena, name ? name : "");
    g->span = span;
    g->type = type;
    g->space = space;
    ptrvec_push(&module->arena, &module->globals, g);
    strmap_put_first(&module->global_names, g->name, id_value((uint32_t)(module->globals.len - 1)));
    return (IrGlobalId)(module->globals.len - 1);
}

void ir_global_set_binding(IrModule *module, IrGlobalId id, uint32_t group, uint32_t binding) {
    IrGlobal *g = ir_global(module, id);
    if (!g) return;
    g->has_binding = true;
    g->group = group;
    g->binding = binding;
}

void ir_global_set_tensor_box(IrModule *module, IrGlobalId id, uint32_t rows, uint32_t cols, uint32_t swizzle) {
    IrGlobal *g = ir_global(module, id);
    if (!g) return;
    g->box_rows = rows;
    g->box_cols = cols;
    g->box_swizzle = swizzle;
}

IrConstId ir_module_add_constant(IrModule *module, const char *name, IrTypeId type,
                                 IrLiteral value, Span span) {
    IrConstant *c = arena_alloc(&module->arena, sizeof *c);
    c->name = arena_strdup(&module->arena, name ? name : "");
    c->span = span;
    c->type = type;
    c->value = value;
    ptrvec_push(&module->arena, &module->constants, c);
    strmap_put_first(&module->constant_names, c->name, id_value((uint32_t)(module->constants.len - 1)));
    return (IrConstId)(module->constants.len - 1);
}

/* Grows an arena-backed array of `elem` bytes so that one more item fits. */
static void *grow(Arena *arena, void *items, uint32_t count, uint32_t *cap, size_t elem) {
    if (count < *cap) return items;
    uint32_t new_cap = *cap ? *cap * 2 : 8;
    /* not zero-filled: every caller writes the item it grows for before anything reads it */
    void *fresh = arena_alloc_array_uninit(arena, new_cap, elem);
    if (count) memcpy(fresh, items, count * elem);
    *cap = new_cap;
    return fresh;
}

IrBlockId ir_function_new_block(IrFunction *func, IrInstId owner) {
    func->blocks = grow(&func->module->arena, func->blocks, func->block_count, &func->block_cap,
                        sizeof *func->blocks);
    IrBlock *block = &func->blocks[func->block_count];
    memset(block, 0, sizeof *block);
    block->owner = owner;
    return func->block_count++;
}

IrValueId ir_function_new_value(IrFunction *func, IrTypeId type, IrValueKind kind, uint32_t def,
                                uint32_t index, Span span) {
    func->values = grow(&func->module->arena, func->values, func->value_count, &func->value_cap,
                        sizeof *func->values);
    IrValue *v = &func->values[func->value_count];
    memset(v, 0, sizeof *v);
    v->type = type;
    v->kind = kind;
    v->def = def;
    v->index = index;
    v->span = span;
    return func->value_count++;
}

IrInstId ir_function_new_inst(IrFunction *func, IrOp op, Span span) {
    func->insts = grow(&func->module->arena, func->insts, func->inst_count, &func->inst_cap,
                       sizeof *func->insts);
    IrInst *inst = &func->insts[func->inst_count];
    memset(inst, 0, sizeof *inst);
    inst->op = op;
    inst->span = span;
    inst->symbol = IR_NONE;
    inst->blocks[0] = inst->blocks[1] = IR_NONE;
    inst->parent = IR_NONE;
    return func->inst_count++;
}

void ir_block_append(IrFunction *func, IrBlockId id, IrInstId inst) {
    IrBlock *block = &func->blocks[id];
    block->insts = grow(&func->module->arena, block->insts, block->inst_count, &block->inst_cap,
                        sizeof *block->insts);
    block->insts[block->inst_count++] = inst;
    func->insts[inst].parent = id;
}

IrFunction *ir_function_new(IrModule *module, const char *name, IrTypeId return_type, Span span) {
    IrFunction *func = arena_alloc(&module->arena, sizeof *func);
    func->module = module;
    func->id = (IrFuncId)module->functions.len;
    func->name = arena_strdup(&module->arena, name ? name : "");
    func->span = span;
    func->return_type = return_type == IR_NO_TYPE ? ir_type_void(&module->types) : return_type;
    func->body = ir_function_new_block(func, IR_NONE);
    ptrvec_push(&module->arena, &module->functions, func);
    strmap_put_first(&module->function_names, func->name, func);
    return func;
}

IrValueId ir_function_add_param(IrFunction *func, IrTypeId type, const char *name, Span span) {
    IrValueId v = ir_function_new_value(func, type, IR_VALUE_PARAM, func->param_count, 0, span);
    func->params = grow(&func->module->arena, func->params, func->param_count, &func->param_cap,
                        sizeof *func->params);
    func->params[func->param_count++] = v;
    if (name) ir_value_set_name(func, v, name);
    return v;
}

IrEntry *ir_module_add_entry(IrModule *module, const char *name, IrStage stage, IrFuncId func,
                             Span span) {
    IrEntry *entry = arena_alloc(&module->arena, sizeof *entry);
    entry->name = arena_strdup(&module->arena, name ? name : "");
    entry->span = span;
    entry->stage = stage;
    entry->func = func;
    for (int i = 0; i < 3; i++) entry->workgroup_size[i] = 1;
    IrFunction *f = ir_function(module, func);
    entry->param_count = f ? f->param_count : 0;
    entry->params = arena_alloc_array(&module->arena, entry->param_count + 1, sizeof *entry->params);
    ptrvec_push(&module->arena, &module->entries, entry);
    return entry;
}

IrIo *ir_io_struct(IrModule *module, IrIo *io, uint32_t field_count) {
    io->kind = IR_IO_STRUCT;
    io->field_count = field_count;
    io->fields = arena_alloc_array(&module->arena, field_count + 1, sizeof *io->fields);
    return io->fields;
}

uint32_t ir_global_count(const IrModule *m) { return (uint32_t)m->globals.len; }
uint32_t ir_constant_count(const IrModule *m) { return (uint32_t)m->constants.len; }
uint32_t ir_function_count(const IrModule *m) { return (uint32_t)m->functions.len; }
uint32_t ir_entry_count(const IrModule *m) { return (uint32_t)m->entries.len; }

IrGlobal *ir_global(const IrModule *m, IrGlobalId id) {
    return id < m->globals.len ? m->globals.items[id] : NULL;
}
IrConstant *ir_constant(const IrModule *m, IrConstId id) {
    return id < m->constants.len ? m->constants.items[id] : NULL;
}
IrFunction *ir_function(const IrModule *m, IrFuncId id) {
    return id < m->functions.len ? m->functions.items[id] : NULL;
}
IrEntry *ir_entry(const IrModule *m, uint32_t id) {
    return id < m->entries.len ? m->entries.items[id] : NULL;
}

IrGlobalId ir_module_find_global(const IrModule *m, const char *name) {
    return value_id(strmap_get(&m->global_names, name));
}

IrConstId ir_module_find_constant(const IrModule *m, const char *name) {
    return value_id(strmap_get(&m->constant_names, name));
}

/* Functions can be removed (passes renumber them), so the map holds the function itself; one
 * no longer in the module leaves its name to a later function of that name, if any. */
IrFuncId ir_module_find_function(const IrModule *m, const char *name) {
    const IrFunction *f = strmap_get(&m->function_names, name);
    if (!f) return IR_NONE;
    if (ir_function(m, f->id) == f) return f->id;
    for (uint32_t i = 0; i < m->functions.len; i++)
        if (strcmp(ir_function(m, i)->name, name) == 0) return i;
    return IR_NONE;
}

IrValue *ir_value(const IrFunction *f, IrValueId id) {
    return id < f->value_count ? &f->values[id] : NULL;
}
IrInst *ir_inst(const IrFunction *f, IrInstId id) {
    return id < f->inst_count ? &f->insts[id] : NULL;
}
IrBlock *ir_block(const IrFunction *f, IrBlockId id) {
    return id < f->block_count ? &f->blocks[id] : NULL;
}

IrTypeId ir_value_type(const IrFunction *f, IrValueId id) {
    return id < f->value_count ? f->values[id].type : IR_NO_TYPE;
}

void ir_value_set_name(IrFunction *f, IrValueId id, const char *name) {
    if (id < f->value_count) f->values[id].name = name ? arena_strdup(&f->module->arena, name) : NULL;
}

IrValueId ir_inst_result(const IrFunction *f, IrInstId id, uint32_t index) {
    const IrInst *inst = ir_inst(f, id);
    return inst && index < inst->result_count ? inst->results[index] : IR_NONE;
}

IrBlockId ir_if_then(const IrFunction *f, IrInstId id) {
    const IrInst *inst = ir_inst(f, id);
    return inst && inst->op == IR_OP_IF ? inst->blocks[0] : IR_NONE;
}

IrBlockId ir_if_else(const IrFunction *f, IrInstId id) {
    const IrInst *inst = ir_inst(f, id);
    return inst && inst->op == IR_OP_IF ? inst->blocks[1] : IR_NONE;
}

IrBlockId ir_loop_body(const IrFunction *f, IrInstId id) {
    const IrInst *inst = ir_inst(f, id);
    return inst && inst->op == IR_OP_LOOP ? inst->blocks[0] : IR_NONE;
}

IrValueId ir_block_param(const IrFunction *f, IrBlockId id, uint32_t index) {
    const IrBlock *block = ir_block(f, id);
    return block && index < block->param_count ? block->params[index] : IR_NONE;
}

static const char *const stage_names[] = {"compute", "vertex", "fragment"};

const char *ir_stage_name(IrStage stage) { return stage <= IR_STAGE_FRAGMENT ? stage_names[stage] : "?"; }

bool ir_stage_from_name(const char *name, size_t len, IrStage *stage) {
    for (int i = 0; i < 3; i++) {
        if (strlen(stage_names[i]) == len && memcmp(stage_names[i], name, len) == 0) {
            *stage = (IrStage)i;
            return true;
        }
    }
    return false;
}

static const char *const builtin_names[] = {
#define IR_BUILTIN_NAME(id, name) name,
    IR_BUILTINS(IR_BUILTIN_NAME)
#undef IR_BUILTIN_NAME
};

const char *ir_builtin_name(IrBuiltin b) { return b < IR_BUILTIN_COUNT ? builtin_names[b] : "?"; }

bool ir_builtin_from_name(const char *name, size_t len, IrBuiltin *builtin) {
    for (int i = 0; i < IR_BUILTIN_COUNT; i++) {
        if (strlen(builtin_names[i]) == len && memcmp(builtin_names[i], name, len) == 0) {
            *builtin = (IrBuiltin)i;
            return true;
        }
    }
    return false;
}

const char *ir_uniformity_name(IrUniformity u) {
    switch (u) {
    case IR_UNIFORM: return "uniform";
    case IR_WARPGROUP_UNIFORM: return "warpgroup_uniform";
    case IR_SUBGROUP_UNIFORM: return "subgroup_uniform";
    case IR_NON_UNIFORM: return "non_uniform";
    default: return "";
    }
}
