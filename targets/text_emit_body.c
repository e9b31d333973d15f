/* The function-body walk of the shared re-emitter (see text_emit.h for the rules). */
#include <string.h>

#include "text_emit_internal.h"

typedef struct Ctx {
    IrInstId if_inst;    /* innermost if emitted as if/else (its yields assign result vars) */
    IrInstId loop_inst;  /* innermost loop */
    bool fn_top;         /* the function body itself: a final `return;` is left out */
    bool loop_top;       /* a loop body itself: a final `continue;` is left out */
} Ctx;

static const IrType *type_of(const TextEmitter *em, IrTypeId id) { return ir_type(&em->m->types, id); }
static IrTypeId vtype(const TextEmitter *em, IrValueId v) { return ir_value_type(em->f, v); }

static bool is_pointer(const TextEmitter *em, IrTypeId id) {
    const IrType *t = type_of(em, id);
    return t && t->kind == IR_TYPE_POINTER;
}

/* ---- analysis ---- */

static bool selectable(const TextEmitter *em, IrTypeId id) {
    const IrType *t = type_of(em, id);
    return t && (t->kind == IR_TYPE_SCALAR || t->kind == IR_TYPE_BOOL || t->kind == IR_TYPE_VECTOR);
}

/* A pointer made from a global or variable through constant indices only: a load through it
 * is always in bounds, so it may be hoisted out of a branch (a dynamic index may be guarded
 * by the branch condition, and an out-of-bounds read is undefined in MSL). */
static bool constant_path_pointer(const TextEmitter *em, IrValueId id, uint32_t depth) {
    const IrValue *v = ir_value(em->f, id);
    if (!v || v->kind != IR_VALUE_RESULT || depth > 64) return false;
    const IrInst *def = ir_inst(em->f, v->def);
    if (!def) return false;
    if (def->op == IR_OP_GLOBAL || def->op == IR_OP_VAR) return true;
    if (def->op != IR_OP_ACCESS || def->arg_count == 0) return false;
    const IrType *base = type_of(em, vtype(em, def->args[0]));
    const IrType *t = base && base->kind == IR_TYPE_POINTER ? type_of(em, base->elem) : NULL;
    for (uint32_t a = 1; a < def->arg_count; a++) {
        const IrValue *index = ir_value(em->f, def->args[a]);
        const IrInst *index_def = index && index->kind == IR_VALUE_RESULT ? ir_inst(em->f, index->def) : NULL;
        if (!index_def || index_def->op != IR_OP_CONST) return false;
        /* A constant index is in bounds of a struct, vector, matrix or fixed array (the
         * verifier and the targets check it), not of a runtime array. */
        if (!t || (t->kind == IR_TYPE_ARRAY && t->count == 0)) return false;
        if (t->kind == IR_TYPE_STRUCT) {
            if (index_def->literal >= t->field_count) return false;
            t = type_of(em, t->fields[index_def->literal].type);
        } else {
            t = type_of(em, t->elem);
        }
    }
    return constant_path_pointer(em, def->args[0], depth + 1);
}

/* Pure instructions and in-bounds loads only (no writes, no atomics, nothing needing uniform
 * control flow), then a yield: with no write in either branch, evaluating both sides at the
 * if changes nothing (the seed turns a side-effect-free value 若 into select). */
static bool branch_is_pure(const TextEmitter *em, IrBlockId id) {
    const IrBlock *b = ir_block(em->f, id);
    if (!b || b->inst_count == 0) return false;
    for (uint32_t i = 0; i < b->inst_count; i++) {
        const IrInst *inst = ir_inst(em->f, b->insts[i]);
        if (!inst) return false;
        if (i + 1 == b->inst_count) return inst->op == IR_OP_YIELD;
        const IrOpInfo *info = ir_op_info(inst->op);
        if (inst->op == IR_OP_LOAD && constant_path_pointer(em, inst->args[0], 0)) continue;
        if (info->effect != IR_PURE || ir_op_needs_uniform(inst->op)) return false;
    }
    return false;
}

static void mark_selects(TextEmitter *em, IrBlockId id, uint32_t depth) {
    const IrBlock *b = ir_block(em->f, id);
    if (!b || depth > 10000) return;
    for (uint32_t i = 0; i < b->inst_count; i++) {
        const IrInst *inst = ir_inst(em->f, b->insts[i]);
        if (!inst) continue;
        if (inst->op == IR_OP_IF && inst->result_count > 0 && inst->block_count == 2 &&
            branch_is_pure(em, inst->blocks[0]) && branch_is_pure(em, inst->blocks[1])) {
            bool ok = true;
            for (uint32_t r = 0; r < inst->result_count; r++) ok = ok && selectable(em, vtype(em, inst->results[r]));
            em->select_if[b->insts[i]] = ok;
        }
        for (uint32_t k = 0; k < inst->block_count; k++) mark_selects(em, inst->blocks[k], depth + 1);
    }
}

/* Branches of a select(…) if are written into the block around it. */
static IrBlockId effective_block(const TextEmitter *em, IrBlockId id) {
    for (uint32_t guard = 0; guard < em->f->block_count; guard++) {
        const IrBlock *b = ir_block(em->f, id);
        if (!b || b->owner == IR_NONE || !em->select_if[b->owner]) return id;
        id = ir_inst(em->f, b->owner)->parent;
    }
    return id;
}

static void count_uses(TextEmitter *em, IrBlockId id, uint32_t depth) {
    const IrBlock *b = ir_block(em->f, id);
    if (!b || depth > 10000) return;
    IrBlockId eff = effective_block(em, id);
    for (uint32_t i = 0; i < b->inst_count; i++) {
        const IrInst *inst = ir_inst(em->f, b->insts[i]);
        if (!inst) continue;
        for (uint32_t a = 0; a < inst->arg_count; a++) {
            IrValueId v = inst->args[a];
            if (v >= em->f->value_count) continue;
            TeValue *tv = &em->vals[v];
            if (tv->uses++ == 0) tv->use_block = eff;
            else if (tv->use_block != eff) tv->use_block = TE_MULTI_BLOCK;
        }
        for (uint32_t k = 0; k < inst->block_count; k++) count_uses(em, inst->blocks[k], depth + 1);
    }
}

static bool has_name(const IrValue *v) { return v->name && v->name[0]; }

static TeMode result_mode(TextEmitter *em, IrValueId id, const IrValue *v) {
    const IrInst *def = ir_inst(em->f, v->def);
    if (!def) return TM_SKIP;
    const TeValue *tv = &em->vals[id];
    if (def->op == IR_OP_LOOP || (def->op == IR_OP_IF && !em->select_if[v->def])) return TM_VAR;
    if (is_pointer(em, v->type)) return def->op == IR_OP_VAR ? TM_VAR : TM_INLINE;
    if (def->op == IR_OP_INSERT) return TM_VAR;
    if (def->op == IR_OP_LOAD && def->arg_count == 1) {
        const IrType *p = type_of(em, vtype(em, def->args[0]));
        if (p && p->kind == IR_TYPE_POINTER && p->space == IR_SPACE_HANDLE) return TM_INLINE;
    }
    if ((def->op == IR_OP_CONST || def->op == IR_OP_CONSTANT) && !has_name(v)) return TM_INLINE;
    if (has_name(v)) return TM_LET;
    if (tv->uses == 0) return ir_op_info(def->op)->effect == IR_WRITES ? TM_STMT : TM_SKIP;
    if (tv->uses == 1 && tv->use_block == effective_block(em, def->parent)) return TM_DEFER;
    return TM_LET;
}

/* ---- names and pending values ---- */

static const char *fresh_name(TextEmitter *em) {
    return name_set_claim(&em->locals, arena_printf(&em->arena, "_%u", ++em->fresh));
}

static const char *local_name(TextEmitter *em, IrValueId v) {
    const IrValue *value = ir_value(em->f, v);
    return value && has_name(value) ? name_set_claim(&em->locals, value->name) : fresh_name(em);
}

static TeExpr name_expr(const char *name) { return (TeExpr){name, TE_PRIMARY, 0, 0}; }

static void write_let(TextEmitter *em, const char *name, IrTypeId type, const char *text) {
    strbuf_indent(em->out, em->depth);
    em->lang->let(em, em->out, name, type, text);
    strbuf_putc(em->out, '\n');
}

static void write_var(TextEmitter *em, const char *name, IrTypeId type, const char *init) {
    strbuf_indent(em->out, em->depth);
    em->lang->var(em, em->out, name, type, init);
    strbuf_putc(em->out, '\n');
}

TeExpr te_materialise(TextEmitter *em, const TeExpr *e, IrTypeId type) {
    const char *name = fresh_name(em);
    write_let(em, name, type, e->text);
    return name_expr(name);
}

static void pending_remove(TextEmitter *em, IrValueId v) {
    for (uint32_t i = 0; i < em->pending_count; i++) {
        if (em->pending[i] != v) continue;
        memmove(&em->pending[i], &em->pending[i + 1], (em->pending_count - i - 1) * sizeof *em->pending);
        em->pending_count--;
        return;
    }
}

static void flush_value(TextEmitter *em, IrValueId v) {
    TeValue *tv = &em->vals[v];
    if (tv->state != TS_PENDING) return;
    pending_remove(em, v);
    tv->expr = te_materialise(em, &tv->expr, vtype(em, v));
    tv->state = TS_READY;
}

/* Turns every pending value whose expression has any of `mask` into a `let` now, oldest
 * first, so that what comes next cannot move it. */
static void flush(TextEmitter *em, uint32_t mask) {
    for (uint32_t i = 0; i < em->pending_count;) {
        IrValueId v = em->pending[i];
        if (em->vals[v].expr.flags & mask) flush_value(em, v);
        else i++;
    }
}

/* Before something with `flags` is evaluated: older effects must happen first, and older
 * reads must not be moved after an effect. */
static void order_flush(TextEmitter *em, uint32_t flags) {
    if (flags & TE_EFFECTS) flush(em, TE_READS | TE_EFFECTS);
    else if (flags & TE_READS) flush(em, TE_EFFECTS);
}

static TeExpr use(TextEmitter *em, IrValueId v, Span span) {
    if (v >= em->f->value_count || em->vals[v].state == TS_UNDEF) {
        te_error(em, span, "函数「%s」：%s 翻译的内部错误：值在定义之前被使用", em->f->name, em->lang->name);
        return name_expr("_");
    }
    TeValue *tv = &em->vals[v];
    if (tv->state == TS_PENDING) {
        pending_remove(em, v);
        tv->state = TS_READY;
    }
    return tv->expr;
}

/* ---- expressions ---- */

static TeClass binary_class(IrOp op) {
    switch (op) {
    case IR_OP_ADD: case IR_OP_SUB: return TE_ADD;
    case IR_OP_MUL: case IR_OP_DIV: case IR_OP_REM: return TE_MUL;
    case IR_OP_SHL: case IR_OP_SHR: return TE_SHIFT;
    case IR_OP_LT: case IR_OP_LE: case IR_OP_GT: case IR_OP_GE: return TE_REL;
    case IR_OP_EQ: case IR_OP_NE: return TE_EQ;
    case IR_OP_BIT_AND: return TE_BIT_AND;
    case IR_OP_BIT_XOR: return TE_BIT_XOR;
    case IR_OP_BIT_OR: return TE_BIT_OR;
    case IR_OP_AND: return TE_AND;
    case IR_OP_OR: return TE_OR;
    default: return TE_PRIMARY;
    }
}

static const char *spelling(const TextEmitter *em, IrOp op) {
    return op < IR_OP_COUNT ? em->lang->spelling[op] : NULL;
}

bool te_engine_writes_op(IrOp op) {
    switch (op) {
    case IR_OP_CONST: case IR_OP_CONSTANT: case IR_OP_GLOBAL: case IR_OP_VAR: case IR_OP_CONVERT:
    case IR_OP_CONSTRUCT: case IR_OP_EXTRACT: case IR_OP_INSERT: case IR_OP_ACCESS: case IR_OP_LOAD:
    case IR_OP_STORE: case IR_OP_CALL: case IR_OP_IF: case IR_OP_LOOP: case IR_OP_YIELD: case IR_OP_BREAK:
    case IR_OP_CONTINUE: case IR_OP_RETURN: case IR_OP_UNREACHABLE:
        return true;
    default:
        return false;
    }
}

TeExpr te_binary(TextEmitter *em, TeClass cls, const char *op, const TeExpr *l, const TeExpr *r) {
    TeExpr e = te_make(em, cls, "%s %s %s", te_operand(em, cls, false, l), op, te_operand(em, cls, true, r));
    TeExpr both[2] = {*l, *r};
    e.flags = te_combine_flags(both, 2);
    e.params = l->params | r->params;
    return e;
}

static const char *const lanes_xyzw[4] = {"x", "y", "z", "w"};

/* `.field`, `.x`, or `[i]` after a value of type `composite`; `index` when the index is a
 * value's expression, else `konst`. */
static const char *member_suffix(TextEmitter *em, IrTypeId composite, uint32_t konst, bool known,
                                 const TeExpr *index) {
    const IrType *t = type_of(em, composite);
    if (t && t->kind == IR_TYPE_STRUCT) {
        const char **fields = em->names.fields[composite];
        return arena_printf(&em->arena, ".%s", fields && konst < t->field_count ? fields[konst] : "_");
    }
    if (t && t->kind == IR_TYPE_VECTOR && known && konst < 4) return arena_printf(&em->arena, ".%s", lanes_xyzw[konst]);
    if (index) return arena_printf(&em->arena, "[%s]", index->text);
    return arena_printf(&em->arena, "[%u]", konst);
}

static bool const_u32(const TextEmitter *em, IrValueId v, uint32_t *out) {
    const IrValue *value = ir_value(em->f, v);
    if (!value || value->kind != IR_VALUE_RESULT) return false;
    const IrInst *def = ir_inst(em->f, value->def);
    if (!def || def->op != IR_OP_CONST) return false;
    *out = (uint32_t)def->literal;
    return true;
}

static TeExpr access_expr(TextEmitter *em, const IrInst *inst, const TeExpr *args) {
    const IrType *p = type_of(em, vtype(em, inst->args[0]));
    IrTypeId cur = p && p->kind == IR_TYPE_POINTER ? p->elem : IR_NO_TYPE;
    StrBuf buf;
    strbuf_init(&buf);
    strbuf_puts(&buf, te_operand(em, TE_PRIMARY, false, &args[0]));
    uint32_t flags = args[0].flags;
    uint64_t params = args[0].params;
    for (uint32_t i = 1; i < inst->arg_count; i++) {
        uint32_t k = 0;
        bool known = const_u32(em, inst->args[i], &k);
        strbuf_puts(&buf, member_suffix(em, cur, k, known, &args[i]));
        flags |= args[i].flags;
        params |= args[i].params;
        const IrType *ct = type_of(em, cur);
        cur = ct && ct->kind == IR_TYPE_STRUCT ? ir_type_member(&em->m->types, cur, k)
                                               : ir_type_member(&em->m->types, cur, 0);
    }
    TeExpr e = {arena_strdup(&em->arena, strbuf_cstr(&buf)), TE_PRIMARY, flags & ~TE_CONST, params};
    strbuf_free(&buf);
    return e;
}

TeExpr te_extract_chain(TextEmitter *em, const TeExpr *base, IrTypeId type, const uint32_t *path, uint32_t count) {
    StrBuf buf;
    strbuf_init(&buf);
    strbuf_puts(&buf, te_operand(em, TE_PRIMARY, false, base));
    for (uint32_t i = 0; i < count; i++) {
        strbuf_puts(&buf, member_suffix(em, type, path[i], true, NULL));
        type = ir_type_member(&em->m->types, type, path[i]);
    }
    TeExpr e = {arena_strdup(&em->arena, strbuf_cstr(&buf)), TE_PRIMARY, base->flags, base->params};
    strbuf_free(&buf);
    return e;
}

static TeExpr call_form(TextEmitter *em, const IrInst *inst, const char *name, const TeExpr *args) {
    TeExpr *list = arena_alloc_array(&em->arena, inst->arg_count + 1, sizeof *list);
    uint32_t n = 0;
    for (uint32_t i = 0; i < inst->arg_count; i++) {
        IrTypeId t = vtype(em, inst->args[i]);
        if (te_is_void(em, t)) continue;  /* unit arguments are dropped with their parameters */
        list[n] = args[i];
        if (is_pointer(em, t)) list[n].text = te_address_of(em, &args[i]);
        n++;
    }
    return te_call(em, name, list, n);
}

static uint32_t op_flags(IrOp op) {
    const IrOpInfo *info = ir_op_info(op);
    uint32_t flags = 0;
    if (info->effect == IR_READS) flags |= TE_READS;
    if (info->effect == IR_WRITES) flags |= TE_EFFECTS;
    if (ir_op_needs_uniform(op)) flags |= TE_UNIFORM;
    return flags;
}

static TeExpr default_expr(TextEmitter *em, const IrInst *inst, const TeExpr *args) {
    IrTypeId rt = inst->result_count ? vtype(em, inst->results[0]) : IR_NO_TYPE;
    const char *spell = spelling(em, inst->op);
    TeExpr e;
    switch (inst->op) {
    case IR_OP_CONST: {
        StrBuf buf;
        strbuf_init(&buf);
        if (!em->lang->literal(em, &buf, rt, inst->literal, inst->span)) em->failed = true;
        const char *text = arena_strdup(&em->arena, strbuf_cstr(&buf));
        strbuf_free(&buf);
        return (TeExpr){text, text[0] == '-' ? TE_UNARY : TE_PRIMARY, TE_CONST, 0};
    }
    case IR_OP_CONSTANT: {
        const char *name = inst->symbol < ir_constant_count(em->m) ? em->names.constants[inst->symbol] : NULL;
        return (TeExpr){name ? name : "_", TE_PRIMARY, TE_CONST, 0};
    }
    case IR_OP_GLOBAL: {
        const char *name = inst->symbol < ir_global_count(em->m) ? em->names.globals[inst->symbol] : NULL;
        return (TeExpr){name ? name : "_", TE_PRIMARY, 0, 0};
    }
    case IR_OP_ADD: case IR_OP_SUB: case IR_OP_MUL: case IR_OP_DIV: case IR_OP_REM:
    case IR_OP_EQ: case IR_OP_NE: case IR_OP_LT: case IR_OP_LE: case IR_OP_GT: case IR_OP_GE:
    case IR_OP_AND: case IR_OP_OR: case IR_OP_BIT_AND: case IR_OP_BIT_OR: case IR_OP_BIT_XOR:
    case IR_OP_SHL: case IR_OP_SHR:
        return te_binary(em, binary_class(inst->op), spell, &args[0], &args[1]);
    case IR_OP_NEG: case IR_OP_NOT: case IR_OP_BIT_NOT:
        e = te_make(em, TE_UNARY, "%s%s", spell, te_operand(em, TE_UNARY, false, &args[0]));
        e.flags = args[0].flags;
        e.params = args[0].params;
        return e;
    case IR_OP_CONVERT:
        return te_call(em, te_type_text(em, rt), args, 1);
    case IR_OP_BITCAST:
        return te_call(em, arena_printf(&em->arena, "%s<%s>", spell, te_type_text(em, rt)), args, 1);
    case IR_OP_SELECT: {
        TeExpr order[3] = {args[2], args[1], args[0]};  /* select(false value, true value, cond) */
        return te_call(em, spell, order, 3);
    }
    case IR_OP_CONSTRUCT: {
        e = te_call(em, te_type_text(em, rt), args, inst->arg_count);
        if (te_braces(em, rt)) {
            TeExpr list = te_call(em, "", args, inst->arg_count);  /* "(a, b)" */
            size_t len = strlen(list.text);
            e.text = arena_printf(&em->arena, "%s{%.*s}", te_type_text(em, rt), (int)(len - 2), list.text + 1);
        }
        return e;
    }
    case IR_OP_EXTRACT:
        return te_extract_chain(em, &args[0], vtype(em, inst->args[0]), inst->indices, inst->index_count);
    case IR_OP_ACCESS:
        return access_expr(em, inst, args);
    case IR_OP_LOAD: {
        e = args[0];
        const IrType *p = type_of(em, vtype(em, inst->args[0]));
        bool stable = p && p->kind == IR_TYPE_POINTER &&
                      (p->space == IR_SPACE_HANDLE || p->space == IR_SPACE_UNIFORM ||
                       p->space == IR_SPACE_STORAGE_READ);
        e.flags = (e.flags & ~TE_CONST) | (stable ? 0 : TE_READS);
        return e;
    }
    case IR_OP_CALL: {
        const char *name = inst->symbol < ir_function_count(em->m) ? em->names.functions[inst->symbol] : NULL;
        e = call_form(em, inst, name ? name : "_", args);
        e.flags = (e.flags & ~TE_CONST) | TE_EFFECTS;
        return e;
    }
    default:
        if (!spell || !spell[0]) {
            te_error(em, inst->span, "函数「%s」：%s 目标不支持指令“%s”", em->f->name, em->lang->name,
                     ir_op_info(inst->op)->name);
            return name_expr("_");
        }
        if (strchr(spell, '(')) return (TeExpr){spell, TE_PRIMARY, op_flags(inst->op), 0};
        e = call_form(em, inst, spell, args);
        e.flags |= op_flags(inst->op);
        if (ir_op_info(inst->op)->effect != IR_PURE || ir_op_needs_uniform(inst->op)) e.flags &= ~TE_CONST;
        return e;
    }
}

static TeExpr expr_for(TextEmitter *em, const IrInst *inst, const TeExpr *args) {
    TeExpr e;
    if (em->lang->expr && em->lang->expr(em, inst, args, &e)) return e;
    return default_expr(em, inst, args);
}

static bool is_scalar_logic(const TextEmitter *em, const IrInst *inst) {
    if (inst->op != IR_OP_AND && inst->op != IR_OP_OR) return false;
    const IrType *t = type_of(em, vtype(em, inst->args[0]));
    return t && t->kind == IR_TYPE_BOOL;
}

/* ---- abstract literals (着三) ---- */

static const IrInst *abstract_def(const TextEmitter *em, IrValueId v) {
    const IrValue *value = ir_value(em->f, v);
    if (!value || value->kind != IR_VALUE_RESULT || em->vals[v].mode != TM_INLINE) return NULL;
    const IrInst *def = ir_inst(em->f, value->def);
    return def && def->op == IR_OP_CONST && def->abstract_literal ? def : NULL;
}

/* Whether WGSL's own type for the literal (i32 for an integer, f32 for a decimal) is its
 * YIR type, so that it needs no context. */
static bool default_type(const TextEmitter *em, IrTypeId id) {
    const IrType *t = type_of(em, id);
    return t && t->kind == IR_TYPE_SCALAR && t->width == 32 && t->scalar != IR_UINT;
}

/* Ops whose operands share one type: a concrete operand gives an abstract one its type. */
static bool shares_operand_type(IrOp op) {
    switch (op) {
    case IR_OP_ADD: case IR_OP_SUB: case IR_OP_MUL: case IR_OP_DIV: case IR_OP_REM:
    case IR_OP_EQ: case IR_OP_NE: case IR_OP_LT: case IR_OP_LE: case IR_OP_GT: case IR_OP_GE:
    case IR_OP_BIT_AND: case IR_OP_BIT_OR: case IR_OP_BIT_XOR:
    case IR_OP_MIN: case IR_OP_MAX: case IR_OP_CLAMP: case IR_OP_POW: case IR_OP_ATAN2:
    case IR_OP_STEP: case IR_OP_MIX: case IR_OP_SMOOTHSTEP: case IR_OP_FMA: case IR_OP_SELECT:
        return true;
    default:
        return false;
    }
}

/* Operand slots whose type the instruction fixes (a conversion of the literal happens there). */
static bool typed_slot(const IrInst *inst, uint32_t i) {
    switch (inst->op) {
    case IR_OP_CONSTRUCT: case IR_OP_CALL: case IR_OP_RETURN: return true;
    case IR_OP_STORE: case IR_OP_SHL: case IR_OP_SHR: return i == 1;
    case IR_OP_ACCESS: return i >= 1;
    case IR_OP_TEXTURE_LOAD: return i == 2;
    case IR_OP_TEXTURE_SAMPLE_LEVEL: return i == 3;
    case IR_OP_ATOMIC_STORE: case IR_OP_ATOMIC_ADD: case IR_OP_ATOMIC_SUB: case IR_OP_ATOMIC_MAX:
    case IR_OP_ATOMIC_MIN: case IR_OP_ATOMIC_EXCHANGE: case IR_OP_ATOMIC_COMPARE_EXCHANGE:
        return i >= 1;
    default:
        return false;
    }
}

/* Operand i, an abstract literal, stands beside a concrete operand of the same op. */
static bool beside_concrete(const TextEmitter *em, const IrInst *inst, uint32_t i) {
    if (!shares_operand_type(inst->op)) return false;
    for (uint32_t j = inst->op == IR_OP_SELECT ? 1 : 0; j < inst->arg_count; j++)
        if (j != i && !abstract_def(em, inst->args[j])) return true;
    return false;
}

/* The abstract spelling of operand i when its context fixes its type; else `arg` as it is. */
static TeExpr abstract_operand(TextEmitter *em, const IrInst *inst, uint32_t i, TeExpr arg) {
    const IrInst *def = abstract_def(em, inst->args[i]);
    if (!def || !em->lang->abstract_literal || (inst->op == IR_OP_SELECT && i == 0)) return arg;
    IrTypeId type = vtype(em, inst->args[i]);
    bool beside = beside_concrete(em, inst, i);
    bool shared = shares_operand_type(inst->op) && default_type(em, type);
    if (!beside && !shared && !typed_slot(inst, i)) return arg;
    StrBuf buf;
    strbuf_init(&buf);
    if (em->lang->abstract_literal(em, &buf, type, def->literal, beside)) {
        const char *text = arena_strdup(&em->arena, strbuf_cstr(&buf));
        arg = (TeExpr){text, text[0] == '-' ? TE_UNARY : TE_PRIMARY, TE_CONST, 0};
    }
    strbuf_free(&buf);
    return arg;
}

/* Operand expressions; an access chain's indices and the right side of a short-circuit
 * operator are first made stable (they may be evaluated again, or not at all). */
static TeExpr *use_args(TextEmitter *em, const IrInst *inst) {
    TeExpr *args = arena_alloc_array(&em->arena, inst->arg_count + 1, sizeof *args);
    for (uint32_t i = 0; i < inst->arg_count; i++) {
        IrValueId v = inst->args[i];
        if (v < em->f->value_count && em->vals[v].state == TS_PENDING) {
            uint32_t flags = em->vals[v].expr.flags;
            if ((inst->op == IR_OP_ACCESS && i > 0 && (flags & (TE_READS | TE_EFFECTS))) ||
                (i == 1 && is_scalar_logic(em, inst) && (flags & (TE_READS | TE_EFFECTS | TE_UNIFORM))))
                flush_value(em, v);
        }
        args[i] = abstract_operand(em, inst, i, use(em, v, inst->span));
    }
    return args;
}

/* ---- statements ---- */

static void define_result(TextEmitter *em, IrValueId v, TeExpr e) {
    TeValue *tv = &em->vals[v];
    switch ((TeMode)tv->mode) {
    case TM_DEFER:
        order_flush(em, e.flags);
        tv->expr = e;
        tv->state = TS_PENDING;
        em->pending[em->pending_count++] = v;
        return;
    case TM_LET: {
        order_flush(em, e.flags);
        const char *name = local_name(em, v);
        write_let(em, name, vtype(em, v), e.text);
        tv->expr = name_expr(name);
        break;
    }
    case TM_SKIP:
        if (e.flags & TE_EFFECTS) {
            order_flush(em, e.flags);
            strbuf_indent(em->out, em->depth);
            em->lang->phony(em, em->out, e.text);
            strbuf_putc(em->out, '\n');
        }
        tv->expr = e;
        break;
    case TM_STMT:
        flush(em, TE_READS | TE_EFFECTS);
        te_line(em, "%s;", e.text);
        tv->expr = e;
        break;
    default:  /* TM_INLINE */
        tv->expr = e;
        break;
    }
    tv->state = TS_READY;
}

static void emit_block(TextEmitter *em, IrBlockId id, Ctx ctx);

static void emit_var(TextEmitter *em, const IrInst *inst) {
    TeExpr init = {0};
    if (inst->arg_count) {
        init = use(em, inst->args[0], inst->span);
        order_flush(em, init.flags);
    }
    IrValueId r = inst->results[0];
    const IrType *p = type_of(em, vtype(em, r));
    const char *name = local_name(em, r);
    write_var(em, name, p ? p->elem : IR_NO_TYPE, inst->arg_count ? init.text : NULL);
    em->vals[r].expr = name_expr(name);
    em->vals[r].state = TS_READY;
}

/* insert: a copy in a var, with the member assigned (the targets have no insert expression). */
static void emit_insert(TextEmitter *em, const IrInst *inst) {
    TeExpr *args = use_args(em, inst);
    order_flush(em, args[0].flags | args[1].flags);
    IrValueId r = inst->results[0];
    const char *name = local_name(em, r);
    write_var(em, name, vtype(em, r), args[0].text);
    TeExpr base = name_expr(name);
    TeExpr target = te_extract_chain(em, &base, vtype(em, r), inst->indices, inst->index_count);
    te_line(em, "%s = %s;", target.text, args[1].text);
    em->vals[r].expr = base;
    em->vals[r].state = TS_READY;
}

static void emit_plain(TextEmitter *em, const IrInst *inst) {
    if (inst->op == IR_OP_VAR && inst->result_count == 1) {
        emit_var(em, inst);
        return;
    }
    if (inst->op == IR_OP_INSERT && inst->result_count == 1 && inst->arg_count == 2) {
        emit_insert(em, inst);
        return;
    }
    TeExpr *args = use_args(em, inst);
    if (inst->op == IR_OP_STORE && inst->arg_count == 2) {
        flush(em, TE_READS | TE_EFFECTS);
        te_line(em, "%s = %s;", args[0].text, args[1].text);
        return;
    }
    TeExpr e = expr_for(em, inst, args);
    if (inst->result_count == 0) {
        flush(em, TE_READS | TE_EFFECTS);
        te_line(em, "%s;", e.text);
        return;
    }
    define_result(em, inst->results[0], e);
}

static void emit_to(TextEmitter *em, StrBuf *buf, IrBlockId block, Ctx ctx) {
    StrBuf *saved = em->out;
    em->out = buf;
    em->depth++;
    emit_block(em, block, ctx);
    em->depth--;
    em->out = saved;
}

static void emit_select_if(TextEmitter *em, const IrInst *inst) {
    const IrBlock *tb = ir_block(em->f, inst->blocks[0]), *eb = ir_block(em->f, inst->blocks[1]);
    for (uint32_t pass = 0; pass < 2; pass++) {
        const IrBlock *b = pass ? eb : tb;
        for (uint32_t i = 0; i + 1 < b->inst_count; i++) emit_plain(em, ir_inst(em->f, b->insts[i]));
    }
    const IrInst *ty = ir_inst(em->f, tb->insts[tb->inst_count - 1]);
    const IrInst *ey = ir_inst(em->f, eb->insts[eb->inst_count - 1]);
    TeExpr cond = use(em, inst->args[0], inst->span);
    if (inst->result_count > 1 && (cond.flags & (TE_READS | TE_EFFECTS)))
        cond = te_materialise(em, &cond, vtype(em, inst->args[0]));
    for (uint32_t r = 0; r < inst->result_count && r < ty->arg_count && r < ey->arg_count; r++) {
        IrValueId sargs[3] = {inst->args[0], ty->args[r], ey->args[r]};
        TeExpr a[3] = {cond, use(em, ty->args[r], ty->span), use(em, ey->args[r], ey->span)};
        IrInst s = *inst;
        s.op = IR_OP_SELECT;
        s.args = sargs;
        s.arg_count = 3;
        s.results = &inst->results[r];
        s.result_count = 1;
        s.block_count = 0;
        define_result(em, inst->results[r], expr_for(em, &s, a));
    }
}

static void declare_result_vars(TextEmitter *em, const IrInst *inst) {
    for (uint32_t r = 0; r < inst->result_count; r++) {
        IrValueId v = inst->results[r];
        const char *name = local_name(em, v);
        write_var(em, name, vtype(em, v), NULL);
        em->vals[v].expr = name_expr(name);
        em->vals[v].state = TS_READY;
    }
}

static void emit_if(TextEmitter *em, IrInstId id, const IrInst *inst, Ctx ctx) {
    if (em->select_if[id]) {
        emit_select_if(em, inst);
        return;
    }
    declare_result_vars(em, inst);
    TeExpr cond = use(em, inst->args[0], inst->span);
    flush(em, TE_READS | TE_EFFECTS);
    Ctx inner = {id, ctx.loop_inst, false, false};
    StrBuf then_buf, else_buf;
    strbuf_init(&then_buf);
    strbuf_init(&else_buf);
    emit_to(em, &then_buf, inst->blocks[0], inner);
    emit_to(em, &else_buf, inst->blocks[1], inner);
    const TeLang *L = em->lang;
    if (then_buf.len == 0 && else_buf.len == 0) {
        if (cond.flags & TE_EFFECTS) {
            strbuf_indent(em->out, em->depth);
            L->phony(em, em->out, cond.text);
            strbuf_putc(em->out, '\n');
        }
    } else if (then_buf.len == 0) {
        te_line(em, "%s!%s%s", L->if_open, te_operand(em, TE_UNARY, false, &cond), L->if_close);
        strbuf_puts(em->out, strbuf_cstr(&else_buf));
        te_line(em, "}");
    } else {
        te_line(em, "%s%s%s", L->if_open, cond.text, L->if_close);
        strbuf_puts(em->out, strbuf_cstr(&then_buf));
        if (else_buf.len) {
            te_line(em, "} else {");
            strbuf_puts(em->out, strbuf_cstr(&else_buf));
        }
        te_line(em, "}");
    }
    strbuf_free(&then_buf);
    strbuf_free(&else_buf);
}

static void emit_loop(TextEmitter *em, IrInstId id, const IrInst *inst) {
    const IrBlock *body = ir_block(em->f, inst->blocks[0]);
    TeExpr *inits = use_args(em, inst);
    order_flush(em, te_combine_flags(inits, inst->arg_count));
    for (uint32_t i = 0; body && i < body->param_count; i++) {
        IrValueId p = body->params[i];
        const char *name = local_name(em, p);
        write_var(em, name, vtype(em, p), i < inst->arg_count ? inits[i].text : NULL);
        em->vals[p].expr = (TeExpr){name, TE_PRIMARY, 0, 1ull << (em->param_ordinal++ % 64)};
        em->vals[p].state = TS_READY;
    }
    flush(em, TE_READS | TE_EFFECTS);
    declare_result_vars(em, inst);
    te_line(em, "%s", em->lang->loop_open);
    Ctx inner = {IR_NONE, id, false, true};
    em->depth++;
    emit_block(em, inst->blocks[0], inner);
    em->depth--;
    te_line(em, "}");
}

/* continue: the loop parameters take their new values as a parallel move. An assignment
 * waits while a later value still reads its variable; a cycle is broken with a `let`. */
static void emit_continue(TextEmitter *em, const IrInst *inst, Ctx ctx, bool last) {
    const IrInst *loop = ir_inst(em->f, ctx.loop_inst);
    const IrBlock *body = loop ? ir_block(em->f, loop->blocks[0]) : NULL;
    TeExpr *vals = use_args(em, inst);
    uint32_t n = body ? body->param_count : 0;
    if (n > inst->arg_count) n = inst->arg_count;
    bool *todo = arena_alloc_array(&em->arena, n + 1, sizeof *todo);
    uint32_t remaining = 0, effects = 0;
    for (uint32_t i = 0; i < n; i++) {
        todo[i] = inst->args[i] != body->params[i];
        remaining += todo[i];
        if (todo[i] && (vals[i].flags & TE_EFFECTS)) effects++;
    }
    for (uint32_t i = 0; effects > 1 && i < n; i++)
        if (todo[i] && (vals[i].flags & TE_EFFECTS)) vals[i] = te_materialise(em, &vals[i], vtype(em, inst->args[i]));
    while (remaining) {
        uint32_t pick = n;
        for (uint32_t i = 0; i < n && pick == n; i++) {
            if (!todo[i]) continue;
            uint64_t bit = em->vals[body->params[i]].expr.params;
            bool read_later = false;
            for (uint32_t j = 0; j < n; j++)
                if (j != i && todo[j] && (vals[j].params & bit)) read_later = true;
            if (!read_later) pick = i;
        }
        if (pick == n) {  /* a cycle: snapshot the readers of the first variable */
            for (pick = 0; !todo[pick]; pick++) {}
            uint64_t bit = em->vals[body->params[pick]].expr.params;
            for (uint32_t j = 0; j < n; j++)
                if (j != pick && todo[j] && (vals[j].params & bit))
                    vals[j] = te_materialise(em, &vals[j], vtype(em, inst->args[j]));
        }
        te_line(em, "%s = %s;", em->vals[body->params[pick]].expr.text, vals[pick].text);
        todo[pick] = false;
        remaining--;
    }
    if (!(ctx.loop_top && last)) te_line(em, "continue;");
}

static void assign_results(TextEmitter *em, const IrInst *term, const IrInst *owner) {
    TeExpr *vals = use_args(em, term);
    for (uint32_t i = 0; owner && i < term->arg_count && i < owner->result_count; i++)
        te_line(em, "%s = %s;", em->vals[owner->results[i]].expr.text, vals[i].text);
}

static void emit_terminator(TextEmitter *em, const IrInst *inst, Ctx ctx, bool last) {
    switch (inst->op) {
    case IR_OP_YIELD:
        assign_results(em, inst, ir_inst(em->f, ctx.if_inst));
        return;
    case IR_OP_BREAK:
        assign_results(em, inst, ir_inst(em->f, ctx.loop_inst));
        te_line(em, "break;");
        return;
    case IR_OP_CONTINUE:
        emit_continue(em, inst, ctx, last);
        return;
    case IR_OP_RETURN:
        if (inst->arg_count == 1) {
            TeExpr *vals = use_args(em, inst);
            te_line(em, "return %s;", vals[0].text);
        } else if (!(ctx.fn_top && last)) {
            te_line(em, "return;");
        }
        return;
    case IR_OP_DISCARD: {
        const char *spell = spelling(em, inst->op);
        te_line(em, "%s;", spell);
        return;
    }
    default:  /* unreachable: nothing to write */
        return;
    }
}

/* Deeper nesting than any real shader: refuse rather than exhaust the stack. */
#define TE_MAX_NESTING 512

static void emit_block(TextEmitter *em, IrBlockId id, Ctx ctx) {
    const IrBlock *b = ir_block(em->f, id);
    if (!b) return;
    if (em->depth > TE_MAX_NESTING) {
        if (!em->failed) te_error(em, em->f->span, "函数「%s」：控制流嵌套过深（超过 %d 层）", em->f->name, TE_MAX_NESTING);
        em->failed = true;
        return;
    }
    for (uint32_t i = 0; i < b->inst_count; i++) {
        IrInstId iid = b->insts[i];
        const IrInst *inst = ir_inst(em->f, iid);
        if (!inst) continue;
        bool last = i + 1 == b->inst_count;
        if (inst->op == IR_OP_IF) emit_if(em, iid, inst, ctx);
        else if (inst->op == IR_OP_LOOP) emit_loop(em, iid, inst);
        else if (ir_op_is_terminator(inst->op)) emit_terminator(em, inst, ctx, last);
        else emit_plain(em, inst);
    }
}

/* ---- functions ---- */

void te_begin_function(TextEmitter *em, const IrFunction *func) {
    em->f = func;
    em->fresh = 0;
    em->param_ordinal = 0;
    em->pending_count = 0;
    em->vals = arena_alloc_array(&em->arena, func->value_count + 1, sizeof *em->vals);
    em->select_if = arena_alloc_array(&em->arena, func->inst_count + 1, 1);
    em->pending = arena_alloc_array(&em->arena, func->value_count + 1, sizeof *em->pending);
    name_set_init_nested(&em->locals, &em->arena, &em->names.module);
    mark_selects(em, func->body, 0);
    count_uses(em, func->body, 0);
    for (IrValueId v = 0; v < func->value_count; v++) {
        const IrValue *value = ir_value(func, v);
        if (value->kind == IR_VALUE_RESULT) em->vals[v].mode = (uint8_t)result_mode(em, v, value);
        else em->vals[v].mode = TM_VAR;
    }
    for (uint32_t i = 0; i < func->param_count; i++) {
        IrValueId p = func->params[i];
        if (p >= func->value_count) continue;
        const char *name = local_name(em, p);
        TeValue *tv = &em->vals[p];
        tv->expr = is_pointer(em, vtype(em, p)) ? (TeExpr){arena_printf(&em->arena, "*%s", name), TE_UNARY, 0, 0}
                                                : name_expr(name);
        tv->state = TS_READY;
    }
}

const char *te_param_name(TextEmitter *em, uint32_t index) {
    if (!em->f || index >= em->f->param_count || em->f->params[index] >= em->f->value_count) return "_";
    const char *text = em->vals[em->f->params[index]].expr.text;
    return text[0] == '*' ? text + 1 : text;
}

static void end_function(TextEmitter *em) {
    em->f = NULL;
    em->vals = NULL;
    em->select_if = NULL;
    em->pending = NULL;
    em->pending_count = 0;
}

void te_emit_body(TextEmitter *em, StrBuf *out) {
    StrBuf *saved = em->out;
    em->out = out;
    em->depth = 1;
    if (em->lang->body_prologue) em->lang->body_prologue(em, em->f);
    Ctx top = {IR_NONE, IR_NONE, true, false};
    emit_block(em, em->f->body, top);
    em->depth = 0;
    em->out = saved;
    end_function(em);
    strbuf_puts(out, "}\n");
}
