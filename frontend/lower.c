/* Lowering, module level: the definitions of a checked program in order (着四) become
 * structs, globals, constants, functions and entries of one YIR module. */
#include <stdarg.h>
#include <string.h>

#include "lower_internal.h"

void fe_lower_error(Lowerer *l, DiagId id, Span span, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    diag_report(l->diag, id, DIAG_ERROR, span, fmt, args);
    va_end(args);
    l->failed = true;
}

static bool name_taken(const Lowerer *l, const char *name) {
    return strmap_get(&l->def_output_names, name) != NULL ||
           ir_module_find_function(l->m, name) != IR_NONE ||
           ir_module_find_global(l->m, name) != IR_NONE ||
           ir_module_find_constant(l->m, name) != IR_NONE;
}

const char *fe_lower_unique_name(Lowerer *l, const char *base) {
    if (!name_taken(l, base)) return base;
    for (uint32_t n = 2;; n++) {
        const char *name = arena_printf(&l->scratch, "%s_%u", base, n);
        if (!name_taken(l, name)) return name;
    }
}

/* Whether a type holds a bool anywhere (vectors, arrays, struct fields). */
static bool holds_bool(const IrTypeTable *types, IrTypeId id, uint32_t depth) {
    const IrType *t = ir_type(types, id);
    if (!t || depth > 64) return false;
    if (t->kind == IR_TYPE_BOOL) return true;
    if (t->kind == IR_TYPE_VECTOR || t->kind == IR_TYPE_ARRAY) return holds_bool(types, t->elem, depth + 1);
    if (t->kind == IR_TYPE_STRUCT)
        for (uint32_t i = 0; i < t->field_count; i++)
            if (holds_bool(types, t->fields[i].type, depth + 1)) return true;
    return false;
}

static void lower_resource(Lowerer *l, const SemaDef *def) {
    IrTypeId type = fe_lower_resource_type(l, def);
    if (type == IR_NO_TYPE) return;
    ResourceKind kind = def->as.resource.kind;
    if ((kind == RESOURCE_STORAGE || kind == RESOURCE_UNIFORM) && holds_bool(l->types, type, 0)) {
        /* Host-shareable memory has no bool in WGSL (nor a fixed bool layout in MSL/PTX). */
        fe_lower_error(l, Y_BOOL_IN_BUFFER, def->span, "%s「%s」里不能有「爻」：缓冲与宿主共享，没有布尔的内存布局；请用「无三二」存 0 与 1",
                    kind == RESOURCE_STORAGE ? "存储缓冲" : "均匀缓冲", def->name);
        return;
    }
    IrGlobalId g = ir_module_add_global(l->m, def->output_name, type, fe_lower_resource_space(def), def->span);
    if (def->as.resource.kind != RESOURCE_WORKGROUP)
        ir_global_set_binding(l->m, g, def->as.resource.group, def->as.resource.binding);
    if (def->as.resource.kind == RESOURCE_TENSOR_MAP)
        ir_global_set_tensor_box(l->m, g, def->as.resource.box_rows, def->as.resource.box_cols,
                                 def->as.resource.box_swizzle);
    l->global_of[def->index] = g;
}

/* The signature: 有 parameters are left out, a 有 result is void. */
static void declare_function(Lowerer *l, const SemaDef *def) {
    IrTypeId result = fe_lower_type(l, def->as.function.result, def->span);
    if (result == IR_NO_TYPE) return;
    IrFunction *f = ir_function_new(l->m, def->output_name, result, def->span);
    for (uint32_t i = 0; i < def->as.function.param_count; i++) {
        const SemaLocal *p = def->as.function.params[i];
        if (fe_lower_type_is_unit(p->type)) continue;
        IrTypeId t = fe_lower_type(l, p->type, p->span);
        if (t == IR_NO_TYPE) return;
        ir_function_add_param(f, t, p->name, p->span);
    }
    l->func_of[def->index] = f->id;
}

static IrModule *finish(Lowerer *l) {
    IrModule *m = l->m;
    arena_free(&l->scratch);
    if (l->failed || diag_has_errors(l->diag)) {
        ir_module_free(m);
        return NULL;
    }
    return m;
}

IrModule *fe_lower_program(const CheckedProgram *prog, DiagEngine *diag) {
    if (!prog) return NULL;
    Lowerer l;
    memset(&l, 0, sizeof l);
    l.prog = prog;
    l.diag = diag;
    l.m = ir_module_new();
    l.types = &l.m->types;
    arena_init(&l.scratch);
    uint32_t n = prog->def_count;
    l.global_of = arena_alloc_array(&l.scratch, n + 1, sizeof *l.global_of);
    l.const_of = arena_alloc_array(&l.scratch, n + 1, sizeof *l.const_of);
    l.func_of = arena_alloc_array(&l.scratch, n + 1, sizeof *l.func_of);
    l.const_state = arena_alloc_array(&l.scratch, n + 1, 1);
    for (uint32_t i = 0; i < n; i++) l.global_of[i] = l.const_of[i] = l.func_of[i] = IR_NONE;
    strmap_init(&l.def_output_names, &l.scratch);
    for (uint32_t i = 0; i < n; i++)
        strmap_put_first(&l.def_output_names, prog->defs[i]->output_name, prog->defs[i]);
    /* Objects in definition order; bodies afterwards, so that calls may name later functions. */
    for (uint32_t i = 0; i < n; i++) {
        const SemaDef *def = prog->defs[i];
        switch (def->kind) {
        case DEF_STRUCT: fe_lower_type(&l, def->type, def->span); break;
        case DEF_ALIAS: break;
        case DEF_RESOURCE: lower_resource(&l, def); break;
        case DEF_CONSTANT: fe_lower_constant(&l, def); break;
        case DEF_FUNCTION: declare_function(&l, def); break;
        case DEF_ENTRY: break;
        }
    }
    for (uint32_t i = 0; i < n && !l.failed; i++)
        if (prog->defs[i]->kind == DEF_FUNCTION && l.func_of[i] != IR_NONE) fe_lower_function_body(&l, prog->defs[i]);
    for (uint32_t i = 0; i < n && !l.failed; i++)
        if (prog->defs[i]->kind == DEF_ENTRY) fe_lower_entry(&l, prog->defs[i]);
    return finish(&l);
}
