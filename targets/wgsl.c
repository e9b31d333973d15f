/* The WGSL target: module objects in source order (spec 着四), entry attributes and IO,
 * `enable` lines (着四, 着十一), and the entry table (着七). Function bodies come from the
 * shared re-emitter (text_emit). */
#include <string.h>

#include "limits.h"
#include "registry.h"
#include "../ir/fragment.h"
#include "wgsl_internal.h"

/* ---- what the module uses ---- */

static bool type_uses_f16(const IrTypeTable *types, IrTypeId id, uint32_t depth) {
    const IrType *t = ir_type(types, id);
    if (!t || depth > 64) return false;
    switch (t->kind) {
    case IR_TYPE_SCALAR: return t->scalar == IR_FLOAT && t->width == 16;
    case IR_TYPE_VECTOR: case IR_TYPE_MATRIX: case IR_TYPE_ARRAY: case IR_TYPE_POINTER:
    case IR_TYPE_ATOMIC: case IR_TYPE_TEXTURE_2D:
        return type_uses_f16(types, t->elem, depth + 1);
    case IR_TYPE_STRUCT:
        for (uint32_t i = 0; i < t->field_count; i++)
            if (type_uses_f16(types, t->fields[i].type, depth + 1)) return true;
        return false;
    default: return false;
    }
}

static bool io_uses_subgroups(const IrIo *io) {
    if (io->kind == IR_IO_BUILTIN)
        return io->builtin == IR_BUILTIN_SUBGROUP_INVOCATION_ID || io->builtin == IR_BUILTIN_SUBGROUP_SIZE;
    for (uint32_t i = 0; io->kind == IR_IO_STRUCT && i < io->field_count; i++)
        if (io_uses_subgroups(&io->fields[i])) return true;
    return false;
}

/* Whether a block (at any depth) holds what a subgroup-uniform branch around it may have
 * allowed: an op that needs uniform control flow, a call, or a jump that makes the control
 * flow after it depend on the branch. */
static bool block_needs_flow(const IrFunction *f, IrBlockId id, uint32_t depth) {
    const IrBlock *b = ir_block(f, id);
    for (uint32_t i = 0; b && depth < 256 && i < b->inst_count; i++) {
        const IrInst *in = ir_inst(f, b->insts[i]);
        if (ir_op_needs_uniform(in->op) || in->op == IR_OP_CALL || in->op == IR_OP_BREAK ||
            in->op == IR_OP_CONTINUE || in->op == IR_OP_RETURN || in->op == IR_OP_DISCARD)
            return true;
        for (uint32_t k = 0; k < in->block_count; k++)
            if (block_needs_flow(f, in->blocks[k], depth + 1)) return true;
    }
    return false;
}

/* Whether the uniformity pass (passes/uniformity.c) may have accepted the function because a
 * branch condition or a shuffle's mask/delta is subgroup uniform. Tint does not know that
 * votes and reductions give one value per subgroup whatever their operands, so its
 * subgroup_uniformity check would reject such a branch; the module then turns that check off
 * (our analysis checked the same rule). Without the pass (-fno-uniformity-check) no value has
 * a fact and Tint checks alone. */
static bool relies_on_subgroup_uniformity(const IrFunction *f) {
    for (uint32_t k = 0; k < f->inst_count; k++) {
        const IrInst *in = &f->insts[k];
        bool branch = in->op == IR_OP_IF && in->arg_count &&
                      (block_needs_flow(f, in->blocks[0], 0) || block_needs_flow(f, in->blocks[1], 0));
        IrValueId decisive = branch ? in->args[0]
                             : ir_op_needs_uniform_arg1(in->op) && in->arg_count > 1 ? in->args[1]
                                                                                     : IR_NONE;
        const IrValue *v = decisive == IR_NONE ? NULL : ir_value(f, decisive);
        if (v && v->uniformity == IR_SUBGROUP_UNIFORM) return true;
    }
    return false;
}

static void scan_uses(const IrModule *m, WgslState *st) {
    const IrTypeTable *types = &m->types;
    for (IrTypeId t = 0; t < types->count; t++)
        if (types->types[t].kind == IR_TYPE_STRUCT && type_uses_f16(types, t, 0)) st->uses_f16 = true;
    for (uint32_t i = 0; i < ir_global_count(m); i++)
        if (type_uses_f16(types, ir_global(m, i)->type, 0)) st->uses_f16 = true;
    for (uint32_t i = 0; i < ir_constant_count(m); i++)
        if (type_uses_f16(types, ir_constant(m, i)->type, 0)) st->uses_f16 = true;
    for (uint32_t i = 0; i < ir_function_count(m); i++) {
        const IrFunction *f = ir_function(m, i);
        if (type_uses_f16(types, f->return_type, 0)) st->uses_f16 = true;
        for (uint32_t v = 0; v < f->value_count && !st->uses_f16; v++)
            if (type_uses_f16(types, f->values[v].type, 0)) st->uses_f16 = true;
        for (uint32_t k = 0; k < f->inst_count; k++)
            if (ir_op_is_subgroup(f->insts[k].op)) st->uses_subgroups = true;
        if (relies_on_subgroup_uniformity(f)) st->subgroup_uniform_flow = true;
    }
    for (uint32_t i = 0; i < ir_entry_count(m); i++) {
        const IrEntry *e = ir_entry(m, i);
        for (uint32_t p = 0; p < e->param_count; p++)
            if (io_uses_subgroups(&e->params[p])) st->uses_subgroups = true;
    }
}

/* 着十三: the first tensor tile op of a function, or NULL. */
static const IrInst *first_tensor_op(const IrFunction *f) {
    for (uint32_t k = 0; k < f->inst_count; k++)
        if (ir_op_is_tensor(f->insts[k].op)) return &f->insts[k];
    return NULL;
}

/* 着十三: WGSL has no tensor tiles; the first tensor op of each function (naming its builtin)
 * is the error. Subgroup matrix fragments (着十二) are wgsl_fragment.c's. */
static bool reject_tensors(TextEmitter *em, const IrModule *m) {
    bool found = false;
    for (uint32_t i = 0; i < ir_function_count(m); i++) {
        const IrFunction *f = ir_function(m, i);
        const IrInst *tensor = first_tensor_op(f);
        if (!tensor) continue;
        te_error(em, Y_UNSUPPORTED_BY_TARGET, tensor->span, "函数「%s」：WGSL 没有张量片，「%s」只有%s能译（着十三）", f->name,
                 ir_tensor_builtin_name(tensor->op), ir_tensor_op_is_ptx_only(tensor->op) ? "千手（sm_90a）" : "金属");
        found = true;
    }
    return found;
}

/* ---- entries ---- */

static bool needs_flat(TextEmitter *em, IrTypeId type, const IrIo *io, bool interpolated) {
    return io->kind == IR_IO_LOCATION && te_io_is_flat(em, type, io, interpolated);
}

/* `interpolated`: the struct is a vertex output or a fragment input. */
static void note_struct_io(TextEmitter *em, WgslState *st, IrTypeId type, const IrIo *io, Span span,
                           bool interpolated) {
    const IrType *t = ir_type(&em->m->types, type);
    if (!t || t->kind != IR_TYPE_STRUCT || io->field_count != t->field_count) {
        te_error(em, Y_TARGET_ENTRY, span, "入口的结构输入输出与结构「%s」的字段不符", t && t->name ? t->name : "");
        return;
    }
    if (!st->struct_flat[type]) st->struct_flat[type] = arena_alloc_array(&em->arena, t->field_count + 1, sizeof(bool));
    for (uint32_t i = 0; i < t->field_count; i++)
        if (needs_flat(em, t->fields[i].type, &io->fields[i], interpolated)) st->struct_flat[type][i] = true;
    const IrIo *seen = st->struct_io[type];
    if (!seen) {
        st->struct_io[type] = io;
        return;
    }
    for (uint32_t i = 0; i < io->field_count; i++) {
        if (!te_io_binds_alike(&seen->fields[i], &io->fields[i])) {
            te_error(em, Y_TARGET_ENTRY, span, "结构「%s」在几个入口里的输入输出属性不一致（字段「%s」）", t->name,
                     t->fields[i].name);
            return;
        }
    }
}

/* The struct IOs of an entry (te_collect_entries' check). */
static void note_entry_structs(TextEmitter *em, const IrEntry *e, const IrFunction *f) {
    WgslState *st = em->user;
    for (uint32_t p = 0; p < e->param_count && p < f->param_count; p++)
        if (e->params[p].kind == IR_IO_STRUCT)
            note_struct_io(em, st, ir_value_type(f, f->params[p]), &e->params[p], e->span,
                           e->stage == IR_STAGE_FRAGMENT);
    if (e->result.kind == IR_IO_STRUCT)
        note_struct_io(em, st, f->return_type, &e->result, e->span, e->stage == IR_STAGE_VERTEX);
}

static void io_attrs(StrBuf *out, const IrIo *io, bool flat) {
    if (io->kind == IR_IO_BUILTIN) {
        strbuf_printf(out, "@builtin(%s) ", ir_builtin_name(io->builtin));
    } else if (io->kind == IR_IO_LOCATION) {
        strbuf_printf(out, "@location(%u) ", io->location);
        if (flat) strbuf_puts(out, "@interpolate(flat) ");
    }
}

/* ---- module objects ---- */

static void emit_struct(TextEmitter *em, const WgslState *st, StrBuf *out, IrTypeId id) {
    const IrType *t = ir_type(&em->m->types, id);
    const IrIo *io = st->struct_io[id];
    strbuf_printf(out, "struct %s {\n", em->names.structs[id]);
    for (uint32_t i = 0; i < t->field_count; i++) {
        strbuf_indent(out, 1);
        if (io && i < io->field_count) io_attrs(out, &io->fields[i], st->struct_flat[id] && st->struct_flat[id][i]);
        strbuf_printf(out, "%s: ", em->names.fields[id][i]);
        te_type(em, out, t->fields[i].type);
        strbuf_puts(out, ",\n");
    }
    strbuf_puts(out, "}\n");
}

static void emit_global(TextEmitter *em, StrBuf *out, IrGlobalId id) {
    const IrGlobal *g = ir_global(em->m, id);
    if (g->has_binding) strbuf_printf(out, "@group(%u) @binding(%u) ", g->group, g->binding);
    switch (g->space) {
    case IR_SPACE_HANDLE: strbuf_puts(out, "var "); break;
    case IR_SPACE_FUNCTION:
        te_error(em, Y_UNSUPPORTED_BY_TARGET, g->span, "全局变量「%s」不能在函数地址空间", g->name);
        strbuf_puts(out, "var ");
        break;
    default: strbuf_printf(out, "var<%s> ", wgsl_space_decl(g->space)); break;
    }
    strbuf_printf(out, "%s: ", em->names.globals[id]);
    te_type(em, out, g->type);
    strbuf_puts(out, ";\n");
}

static void emit_constant(TextEmitter *em, StrBuf *out, IrConstId id) {
    const IrConstant *c = ir_constant(em->m, id);
    strbuf_printf(out, "const %s: ", em->names.constants[id]);
    te_type(em, out, c->type);
    strbuf_printf(out, " = %s;\n", te_literal_text(em, &c->value, c->span));
}

static void emit_signature(TextEmitter *em, StrBuf *out, const IrFunction *f) {
    const IrEntry *e = em->entry_of[f->id];
    if (e && e->stage == IR_STAGE_COMPUTE) {
        const uint32_t *w = e->workgroup_size;
        strbuf_printf(out, "@compute @workgroup_size(%u", w[0]);
        if (w[1] > 1 || w[2] > 1) strbuf_printf(out, ", %u", w[1]);
        if (w[2] > 1) strbuf_printf(out, ", %u", w[2]);
        strbuf_puts(out, ")\n");
    } else if (e) {
        strbuf_puts(out, e->stage == IR_STAGE_VERTEX ? "@vertex\n" : "@fragment\n");
    }
    strbuf_printf(out, "fn %s(", em->names.functions[f->id]);
    bool first = true;
    for (uint32_t i = 0; i < f->param_count; i++) {
        IrTypeId t = ir_value_type(f, f->params[i]);
        if (te_is_void(em, t)) continue;  /* unit parameters are dropped (着四 4) */
        if (!first) strbuf_puts(out, ", ");
        first = false;
        if (e && i < e->param_count)
            io_attrs(out, &e->params[i], needs_flat(em, t, &e->params[i], e->stage == IR_STAGE_FRAGMENT));
        const IrType *pt = ir_type(&em->m->types, t);
        if (pt && pt->kind == IR_TYPE_POINTER && pt->space == IR_SPACE_HANDLE)
            te_error(em, Y_UNSUPPORTED_BY_TARGET, f->span, "函数「%s」：WGSL 的参数不能是指向纹理或采样器的指针", f->name);
        strbuf_printf(out, "%s: ", te_param_name(em, i));
        te_type(em, out, t);
    }
    strbuf_putc(out, ')');
    if (!te_is_void(em, f->return_type)) {
        strbuf_puts(out, " -> ");
        if (e) io_attrs(out, &e->result, needs_flat(em, f->return_type, &e->result, e->stage == IR_STAGE_VERTEX));
        te_type(em, out, f->return_type);
    }
    strbuf_puts(out, " {\n");
}

static void emit_function(TextEmitter *em, StrBuf *out, const IrFunction *f) {
    te_begin_function(em, f);
    emit_signature(em, out, f);
    te_emit_body(em, out);
}

/* One-line declarations of the same kind stand together; everything else is separated by a
 * blank line. */
static bool one_liner(TeItemKind kind) { return kind == TE_ITEM_GLOBAL || kind == TE_ITEM_CONSTANT; }

bool wgsl_emit(const IrModule *module, const TargetEmitOptions *options, TargetOutput *output,
              DiagEngine *diag) {
    (void)options;
    if (!target_check_limits(module, &TARGET_LIMITS_WGSL, diag)) return false;
    StrBuf text;
    strbuf_init(&text);
    TextEmitter em;
    te_init(&em, &wgsl_lang, module, diag, &text);
    WgslState st = {0};
    em.user = &st;
    st.struct_io = arena_alloc_array(&em.arena, module->types.count + 1, sizeof *st.struct_io);
    st.struct_flat = arena_alloc_array(&em.arena, module->types.count + 1, sizeof *st.struct_flat);
    TeItem *items = NULL;
    uint32_t count = te_module_order(&em, &items);
    te_assign_module_names(&em, items, count);
    te_collect_entries(&em, note_entry_structs);
    scan_uses(module, &st);
    bool tensors_rejected = reject_tensors(&em, module);
    tensors_rejected = te_reject_hopper(&em, "WGSL ") || tensors_rejected;
    bool elements_rejected = wgsl_reject_fragment_elements(&em, module);  /* their own message */
    bool fragments_ok = tensors_rejected || elements_rejected || wgsl_plan_fragments(&em, &st);
    bool stage_ops_rejected = wgsl_reject_stage_ops(&em, module);  /* all report, then stop */
    if (tensors_rejected || elements_rejected || !fragments_ok || stage_ops_rejected) {
        te_free(&em);
        strbuf_free(&text);
        return false;
    }

    if (st.uses_f16) strbuf_puts(&text, "enable f16;\n");
    if (st.uses_subgroups) strbuf_puts(&text, "enable subgroups;\n");
    if (st.uses_fragments) strbuf_puts(&text, "enable chromium_experimental_subgroup_matrix;\n");
    if (st.uses_subgroups && st.subgroup_uniform_flow) strbuf_puts(&text, "diagnostic(off, subgroup_uniformity);\n");
    /* Tint checks fragment calls and their operands against workgroup uniformity (its
     * subgroup_matrix_uniformity rule); ours accepted subgroup-uniform flow or operands (着十二). */
    if (st.uses_fragments && (st.subgroup_uniform_flow || st.fragment_operands_subgroup_uniform))
        strbuf_puts(&text, "diagnostic(off, chromium.subgroup_matrix_uniformity);\n");
    bool any = st.uses_f16 || st.uses_subgroups || st.uses_fragments;
    TeItemKind prev = TE_ITEM_STRUCT;
    for (uint32_t i = 0; i < count; i++) {
        TeItemKind kind = items[i].kind;
        if (any && !(one_liner(kind) && prev == kind && i > 0)) strbuf_putc(&text, '\n');
        switch (kind) {
        case TE_ITEM_STRUCT: emit_struct(&em, &st, &text, items[i].id); break;
        case TE_ITEM_GLOBAL: emit_global(&em, &text, items[i].id); break;
        case TE_ITEM_CONSTANT: emit_constant(&em, &text, items[i].id); break;
        case TE_ITEM_FUNCTION: emit_function(&em, &text, ir_function(module, items[i].id)); break;
        }
        prev = kind;
        any = true;
    }
    bool ok = !em.failed;
    if (ok) {
        strbuf_append(output->text, text.data ? text.data : "", text.len);
        target_name_entries(output, module, em.names.functions, false);
    }
    te_free(&em);
    strbuf_free(&text);
    return ok;
}
