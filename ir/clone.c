/* ir_module_clone: a deep copy of a module into a fresh arena, so that each target can run
 * its own passes on the module the front end lowered once. Handles (type, value, instruction,
 * block, function, global, constant ids) stay as they are; every array and string is copied. */
#include <string.h>

#include "ir.h"

static const char *copy_name(Arena *arena, const char *name) {
    return name ? arena_strdup(arena, name) : NULL;
}

static void *copy_array(Arena *arena, const void *items, uint32_t count, uint32_t cap, size_t elem) {
    if (!items || cap == 0) return NULL;
    void *fresh = arena_alloc_array(arena, cap, elem);
    if (count) memcpy(fresh, items, (size_t)count * elem);
    return fresh;
}

static void clone_types(IrTypeTable *to, const IrTypeTable *from, Arena *arena) {
    to->arena = arena;
    to->count = from->count;
    to->cap = from->cap;
    to->types = copy_array(arena, from->types, from->count, from->cap, sizeof *from->types);
    to->slot_cap = from->slot_cap;
    to->slots = copy_array(arena, from->slots, from->slot_cap, from->slot_cap, sizeof *from->slots);
    for (uint32_t i = 0; i < to->count; i++) {
        IrType *t = &to->types[i];
        t->name = copy_name(arena, t->name);
        t->fields = copy_array(arena, t->fields, t->field_count, t->field_count, sizeof *t->fields);
        for (uint32_t f = 0; f < t->field_count; f++)
            t->fields[f].name = copy_name(arena, t->fields[f].name);
    }
}

static void clone_literal(IrLiteral *lit, Arena *arena) {
    lit->elems = copy_array(arena, lit->elems, lit->elem_count, lit->elem_count, sizeof *lit->elems);
    for (uint32_t i = 0; i < lit->elem_count; i++) clone_literal(&lit->elems[i], arena);
}

static void clone_io(IrIo *io, Arena *arena) {
    io->fields = copy_array(arena, io->fields, io->field_count, io->field_count, sizeof *io->fields);
    for (uint32_t i = 0; i < io->field_count; i++) clone_io(&io->fields[i], arena);
}

static void clone_inst(IrInst *inst, Arena *arena) {
    inst->args = copy_array(arena, inst->args, inst->arg_count, inst->arg_count, sizeof *inst->args);
    inst->results = copy_array(arena, inst->results, inst->result_count, inst->result_count,
                               sizeof *inst->results);
    inst->indices = copy_array(arena, inst->indices, inst->index_count, inst->index_count,
                               sizeof *inst->indices);
}

static void clone_block(IrBlock *block, Arena *arena) {
    block->insts = copy_array(arena, block->insts, block->inst_count, block->inst_cap,
                              sizeof *block->insts);
    if (!block->insts) block->inst_cap = 0;
    block->params = copy_array(arena, block->params, block->param_count, block->param_count,
                               sizeof *block->params);
}

static IrFunction *clone_function(IrModule *to, const IrFunction *from) {
    Arena *arena = &to->arena;
    IrFunction *f = arena_alloc(arena, sizeof *f);
    *f = *from;
    f->module = to;
    f->name = copy_name(arena, from->name);
    f->params = copy_array(arena, from->params, from->param_count, from->param_cap, sizeof *f->params);
    if (!f->params) f->param_cap = 0;
    f->values = copy_array(arena, from->values, from->value_count, from->value_cap, sizeof *f->values);
    if (!f->values) f->value_cap = 0;
    for (uint32_t i = 0; i < f->value_count; i++) f->values[i].name = copy_name(arena, f->values[i].name);
    f->insts = copy_array(arena, from->insts, from->inst_count, from->inst_cap, sizeof *f->insts);
    if (!f->insts) f->inst_cap = 0;
    for (uint32_t i = 0; i < f->inst_count; i++) clone_inst(&f->insts[i], arena);
    f->blocks = copy_array(arena, from->blocks, from->block_count, from->block_cap, sizeof *f->blocks);
    if (!f->blocks) f->block_cap = 0;
    for (uint32_t i = 0; i < f->block_count; i++) clone_block(&f->blocks[i], arena);
    return f;
}

static void clone_globals(IrModule *to, const IrModule *from) {
    for (uint32_t i = 0; i < ir_global_count(from); i++) {
        IrGlobal *g = arena_alloc(&to->arena, sizeof *g);
        *g = *ir_global(from, i);
        g->name = copy_name(&to->arena, g->name);
        ptrvec_push(&to->arena, &to->globals, g);
    }
}

static void clone_constants(IrModule *to, const IrModule *from) {
    for (uint32_t i = 0; i < ir_constant_count(from); i++) {
        IrConstant *c = arena_alloc(&to->arena, sizeof *c);
        *c = *ir_constant(from, i);
        c->name = copy_name(&to->arena, c->name);
        clone_literal(&c->value, &to->arena);
        ptrvec_push(&to->arena, &to->constants, c);
    }
}

static void clone_entries(IrModule *to, const IrModule *from) {
    for (uint32_t i = 0; i < ir_entry_count(from); i++) {
        IrEntry *e = arena_alloc(&to->arena, sizeof *e);
        *e = *ir_entry(from, i);
        e->name = copy_name(&to->arena, e->name);
        e->params = copy_array(&to->arena, e->params, e->param_count, e->param_count, sizeof *e->params);
        for (uint32_t p = 0; p < e->param_count; p++) clone_io(&e->params[p], &to->arena);
        clone_io(&e->result, &to->arena);
        ptrvec_push(&to->arena, &to->entries, e);
    }
}

IrModule *ir_module_clone(const IrModule *from) {
    IrModule *to = ir_module_new();
    clone_types(&to->types, &from->types, &to->arena);
    clone_globals(to, from);
    clone_constants(to, from);
    for (uint32_t i = 0; i < ir_function_count(from); i++)
        ptrvec_push(&to->arena, &to->functions, clone_function(to, ir_function(from, i)));
    clone_entries(to, from);
    return to;
}
