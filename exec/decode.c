/* From YIR to the executor's pre-decoded form (internal.h): register words for every value,
 * regions for globals and variables, and per instruction the facts the interpreter needs
 * (operand words, lanes, member offsets, access steps) so that running is a switch over
 * decoded instructions, with no lookups by name or id. */
#include <stdarg.h>
#include <string.h>

#include "../ir/abi.h"
#include "internal.h"

typedef struct Decoder {
    ExProgram *prog;
    const ExLaunch *launch;
    ExFault *fault;
    uint32_t **value_words;   /* per function, per value */
    uint32_t pool_count, pool_cap;
    uint32_t var_regions;     /* regions made for var instructions so far */
} Decoder;

void ex_fault(ExFault *fault, DiagId id, Span span, const char *fmt, ...) {
    if (fault->message.len) return;  /* the first fault wins */
    fault->id = id;
    fault->located = span.end > span.start || span.start > 0 || span.file > 0;
    fault->span = span;
    va_list args;
    va_start(args, fmt);
    strbuf_vprintf(&fault->message, fmt, args);
    va_end(args);
}

/* Sizes are at most a few MiB here (checked as they grow), so nothing wraps. */
static uint64_t round_up(uint64_t n, uint64_t align) { return align ? (n + align - 1) / align * align : n; }

/* Places `size` bytes (aligned) at the end of a block that may hold `limit` bytes; false
 * when it would grow beyond. */
static bool grow_block(uint64_t *block, uint64_t size, uint64_t align, uint64_t limit, uint64_t *offset) {
    uint64_t at = round_up(*block, align);
    if (size > limit || at > limit - size) {
        *block = size > UINT64_MAX - at ? UINT64_MAX : at + size;
        return false;
    }
    *offset = at;
    *block = at + size;
    return true;
}

static bool too_big(Decoder *d, Span span, const char *what, const char *name, uint64_t bytes, const char *block,
                    uint64_t limit) {
    if (bytes == UINT64_MAX)
        ex_fault(d->fault, Y_EXEC_LIMIT, span, "%s「%s」太大：%s超过 CPU 执行器的上限 %llu 字节", what, name, block,
                 (unsigned long long)limit);
    else
        ex_fault(d->fault, Y_EXEC_LIMIT, span, "%s「%s」使%s达到 %llu 字节，超过 CPU 执行器的上限 %llu 字节", what, name, block,
                 (unsigned long long)bytes, (unsigned long long)limit);
    return false;
}

/* A buffer's memory and type: within 4 GiB, so 32-bit offsets and layout queries are exact. */
static bool check_buffer(Decoder *d, const IrGlobal *g, const ExBuffer *b) {
    const IrTypeTable *T = d->prog->types;
    if (b->bytes > EX_MAX_BUFFER_BYTES) {
        ex_fault(d->fault, Y_EXEC_LIMIT, g->span, "缓冲「%s」有 %llu 字节，超过 CPU 执行器的上限 %llu 字节", g->name,
                 (unsigned long long)b->bytes, (unsigned long long)EX_MAX_BUFFER_BYTES);
        return false;
    }
    if (!ir_type_layout_fits_32(T, g->type)) {
        uint64_t bytes = ir_type_size_wide(T, g->type);
        return too_big(d, g->span, "缓冲", g->name, bytes, "它的类型", EX_MAX_BUFFER_BYTES);
    }
    return true;
}

static uint32_t pool_add(Decoder *d, const uint32_t *words, uint32_t count) {
    ExProgram *p = d->prog;
    if (d->pool_count + count > d->pool_cap) {
        uint32_t cap = (d->pool_cap + count) * 2 + 16;
        uint32_t *grown = arena_alloc_array(&p->arena, cap, sizeof *grown);
        if (d->pool_count) memcpy(grown, p->pool, d->pool_count * sizeof *grown);
        p->pool = grown;
        d->pool_cap = cap;
    }
    memcpy(p->pool + d->pool_count, words, count * sizeof *words);
    d->pool_count += count;
    return d->pool_count - count;
}

static uint32_t flatten_literal(const IrLiteral *lit, uint32_t *out, uint32_t max) {
    if (!lit->elems) {
        if (max) out[0] = (uint32_t)lit->bits;
        return 1;
    }
    uint32_t n = 0;
    for (uint32_t i = 0; i < lit->elem_count && n < max; i++) n += flatten_literal(&lit->elems[i], out + n, max - n);
    return n;
}

/* ---- call graph ---- */

static bool find_cycle(const IrModule *m, IrFuncId f, uint8_t *mark, const IrInst **where) {
    mark[f] = 1;
    const IrFunction *fn = ir_function(m, f);
    for (uint32_t i = 0; i < fn->inst_count; i++) {
        const IrInst *inst = &fn->insts[i];
        if (inst->op != IR_OP_CALL || inst->symbol >= ir_function_count(m)) continue;
        if (mark[inst->symbol] == 1 || (mark[inst->symbol] == 0 && find_cycle(m, inst->symbol, mark, where))) {
            if (!*where) *where = inst;
            return true;
        }
    }
    mark[f] = 2;
    return false;
}

/* ---- regions ---- */

static const ExBuffer *find_buffer(const ExLaunch *l, const IrGlobal *g) {
    for (uint32_t i = 0; i < l->buffer_count; i++)
        if (l->buffers[i].group == g->group && l->buffers[i].binding == g->binding) return &l->buffers[i];
    return NULL;
}

/* A tensor map's data is rows × cols elements of its type (yusec run --shape); the shape in r. */
static bool check_tensor_shape(Decoder *d, const IrGlobal *g, const ExBuffer *b, ExRegion *r) {
    if (!g->box_rows) return true;
    const IrType *t = ir_type(d->prog->types, g->type);
    uint64_t elem = t ? ir_type_size(d->prog->types, t->elem) : 0;
    const ExTensorShape *shape = NULL;
    for (uint32_t i = 0; i < d->launch->shape_count; i++)
        if (d->launch->shapes[i].group == g->group && d->launch->shapes[i].binding == g->binding) shape = &d->launch->shapes[i];
    if (shape && (uint64_t)shape->rows * shape->cols * elem == b->bytes) {
        r->rows = shape->rows, r->cols = shape->cols;
        return true;
    }
    ex_fault(d->fault, Y_RUN_BUFFER_SIZE, g->span, "张量映射 %u:%u（%s）须由 --shape 给出形状，行数 × 列数 × %llu 字节须等于数据的 %llu 字节",
             g->group, g->binding, g->name, (unsigned long long)elem, (unsigned long long)b->bytes);
    return false;
}

static bool make_global_regions(Decoder *d, const bool *globals) {
    ExProgram *p = d->prog;
    const IrModule *m = p->module;
    for (uint32_t i = 0; i < ir_global_count(m); i++) {
        const IrGlobal *g = ir_global(m, i);
        ExRegion *r = &p->regions[i];
        r->name = g->name;
        r->writable = ir_space_is_writable(g->space);
        if (!globals[i]) continue;
        uint64_t size = ir_type_size_wide(p->types, g->type), align = ir_type_align(p->types, g->type);
        if (ir_global_is_buffer(g)) {
            const ExBuffer *b = find_buffer(d->launch, g);
            if (!b) {
                ex_fault(d->fault, Y_RUN_MISSING_INPUT, g->span, "入口用到缓冲 %u:%u（%s），却没有给出它的内容", g->group,
                         g->binding, g->name);
                return false;
            }
            if (!check_buffer(d, g, b) || !check_tensor_shape(d, g, b, r)) return false;
            r->kind = EX_REGION_BUFFER;
            r->data = b->data;
            r->size = b->bytes;
        } else if (g->space == IR_SPACE_WORKGROUP) {
            r->kind = EX_REGION_WORKGROUP;
            r->size = size;
            if (!grow_block(&p->workgroup_bytes, size, 16, EX_MAX_WORKGROUP_BYTES, &r->offset))
                return too_big(d, g->span, "工作组变量", g->name, p->workgroup_bytes, "工作组内存",
                               EX_MAX_WORKGROUP_BYTES);
        } else if (g->space == IR_SPACE_PRIVATE) {
            r->kind = EX_REGION_LOCAL;
            r->size = size;
            if (!grow_block(&p->local_bytes, size, align ? align : 4, EX_MAX_INVOCATION_BYTES, &r->offset))
                return too_big(d, g->span, "私有变量", g->name, p->local_bytes, "每个调用的私有与函数变量",
                               EX_MAX_INVOCATION_BYTES);
        } else {
            ex_fault(d->fault, Y_EXEC_UNSUPPORTED, g->span, "CPU 执行器不支持纹理与采样器（「%s」）", g->name);
            return false;
        }
    }
    return true;
}

/* ---- values ---- */

static bool assign_words(Decoder *d, uint32_t fi) {
    ExProgram *p = d->prog;
    const IrFunction *f = ir_function(p->module, fi);
    uint32_t *words = arena_alloc_array(&p->arena, f->value_count + 1, sizeof *words);
    for (uint32_t v = 0; v < f->value_count; v++) {
        const IrValue *value = &f->values[v];
        const IrType *t = ir_type(p->types, value->type);
        uint32_t n = ex_type_words(p->types, value->type);
        if (!n && t && t->kind != IR_TYPE_VOID) {
            ex_fault(d->fault, Y_EXEC_UNSUPPORTED, value->span, "CPU 执行器不支持这种类型的值（函数「%s」）", f->name);
            return false;
        }
        if ((uint64_t)p->words + n > EX_MAX_VALUE_WORDS) {
            ex_fault(d->fault, Y_EXEC_LIMIT, value->span, "函数「%s」的值使每个调用的寄存器达到 %llu 个字，超过 CPU 执行器的上限 %u 个字",
                     f->name, (unsigned long long)p->words + n, EX_MAX_VALUE_WORDS);
            return false;
        }
        words[v] = p->words;
        p->words += n;
    }
    d->value_words[fi] = words;
    return true;
}

static uint32_t word_of(const Decoder *d, uint32_t fi, IrValueId v) { return d->value_words[fi][v]; }

/* ---- instructions ---- */

static const IrInst *def_inst(const IrFunction *f, IrValueId v) {
    const IrValue *value = ir_value(f, v);
    return value && value->kind == IR_VALUE_RESULT ? ir_inst(f, value->def) : NULL;
}

static uint32_t member_words_before(const IrTypeTable *types, IrTypeId type, uint32_t index) {
    const IrType *t = ir_type(types, type);
    if (t->kind == IR_TYPE_STRUCT) {
        uint32_t n = 0;
        for (uint32_t i = 0; i < index; i++) n += ex_type_words(types, t->fields[i].type);
        return n;
    }
    return index * ex_type_words(types, ir_type_member(types, type, 0));
}

static void decode_path(ExProgram *p, ExInst *out, IrTypeId type, const uint32_t *path, uint32_t count) {
    uint32_t offset = 0;
    for (uint32_t i = 0; i < count; i++) {
        offset += member_words_before(p->types, type, path[i]);
        type = ir_type_member(p->types, type, path[i]);
    }
    out->offset = offset;
    out->words = ex_type_words(p->types, type);
}

static bool decode_access(Decoder *d, uint32_t fi, const IrInst *inst, ExInst *out) {
    ExProgram *p = d->prog;
    const IrFunction *f = ir_function(p->module, fi);
    IrTypeId cur = ir_type(p->types, ir_value_type(f, inst->args[0]))->elem;
    out->step_count = inst->arg_count - 1;
    out->steps = arena_alloc_array(&p->arena, out->step_count + 1, sizeof *out->steps);
    for (uint32_t i = 1; i < inst->arg_count; i++) {
        ExStep *s = &out->steps[i - 1];
        const IrType *t = ir_type(p->types, cur);
        s->index_word = IR_NONE;
        if (t->kind == IR_TYPE_STRUCT) {
            const IrInst *c = def_inst(f, inst->args[i]);
            uint32_t field = c && c->op == IR_OP_CONST ? (uint32_t)c->literal : 0;
            s->offset = ir_struct_field_offset(p->types, cur, field);
            cur = t->fields[field].type;
            continue;
        }
        s->index_word = word_of(d, fi, inst->args[i]);
        if (t->kind == IR_TYPE_VECTOR) {
            s->stride = ir_type_size(p->types, t->elem);
            s->count = t->count;
            cur = t->elem;
        } else if (t->kind == IR_TYPE_MATRIX) {
            s->stride = ir_type_size(p->types, cur) / t->cols;
            s->count = t->cols;
            cur = t->column;
        } else {
            s->stride = ir_type_array_stride(p->types, cur);
            s->count = t->count;
            cur = t->elem;
        }
    }
    return true;
}

static void decode_mul(ExProgram *p, IrTypeId a, IrTypeId b, ExInst *out) {
    const IrType *ta = ir_type(p->types, a), *tb = ir_type(p->types, b);
    out->mul = EX_MUL_LANES;
    if (ta->kind == IR_TYPE_MATRIX && tb->kind == IR_TYPE_VECTOR) {
        out->mul = EX_MUL_MAT_VEC;
        out->rows = ta->count, out->inner = ta->cols, out->cols = 1;
    } else if (ta->kind == IR_TYPE_VECTOR && tb->kind == IR_TYPE_MATRIX) {
        out->mul = EX_MUL_VEC_MAT;
        out->rows = 1, out->inner = tb->count, out->cols = tb->cols;
    } else if (ta->kind == IR_TYPE_MATRIX && tb->kind == IR_TYPE_MATRIX) {
        out->mul = EX_MUL_MAT_MAT;
        out->rows = ta->count, out->inner = ta->cols, out->cols = tb->cols;
    }
}

static bool supported(IrOp op) {
    switch (op) {
    case IR_OP_DPDX: case IR_OP_DPDY: case IR_OP_DISCARD:
    case IR_OP_TEXTURE_SAMPLE: case IR_OP_TEXTURE_SAMPLE_LEVEL: case IR_OP_TEXTURE_LOAD:
    case IR_OP_TEXTURE_DIMENSIONS: case IR_OP_TEXTURE_SAMPLE_COMPARE:
        return false;
    default:
        return true;
    }
}

/* One step, and one more per 256 bytes of values the instruction copies (its operands or
 * its results, whichever are more): a step stays a bounded amount of work. */
static uint32_t instruction_cost(const IrTypeTable *T, const IrFunction *f, const IrInst *inst) {
    uint64_t in = 0, out = 0;
    for (uint32_t i = 0; i < inst->arg_count; i++) in += ex_type_words(T, ir_value_type(f, inst->args[i]));
    for (uint32_t i = 0; i < inst->result_count; i++) out += ex_type_words(T, ir_value_type(f, inst->results[i]));
    uint64_t words = in > out ? in : out;
    return 1 + (uint32_t)(words / 64);
}

/* The words a call, loop, yield, break or continue passes on go through one scratch buffer
 * (they may swap); false (fault) beyond the executor's limit on an invocation's values. */
static bool note_move(Decoder *d, const IrFunction *f, const ExInst *out) {
    if (out->op != IR_OP_CALL && out->op != IR_OP_LOOP && out->op != IR_OP_YIELD && out->op != IR_OP_BREAK &&
        out->op != IR_OP_CONTINUE)
        return true;
    uint64_t words = 0;
    for (uint32_t i = 0; i < out->arg_count; i++) words += out->arg_lanes[i];
    if (words > EX_MAX_VALUE_WORDS) {
        ex_fault(d->fault, Y_EXEC_LIMIT, out->span, "函数「%s」的一条指令传递 %llu 个字的值，超过 CPU 执行器的上限 %u 个字", f->name,
                 (unsigned long long)words, EX_MAX_VALUE_WORDS);
        return false;
    }
    if (words > d->prog->move_words) d->prog->move_words = (uint32_t)words;
    return true;
}

static bool decode_inst(Decoder *d, uint32_t fi, const IrInst *inst, ExInst *out) {
    ExProgram *p = d->prog;
    const IrFunction *f = ir_function(p->module, fi);
    const IrTypeTable *T = p->types;
    if (!supported(inst->op)) {
        ex_fault(d->fault, Y_EXEC_UNSUPPORTED, inst->span, "CPU 执行器不支持运算 %s（函数「%s」）", ir_op_info(inst->op)->name, f->name);
        return false;
    }
    out->op = inst->op;
    out->span = inst->span;
    out->arg_count = inst->arg_count;
    out->result_count = inst->result_count;
    out->args = arena_alloc_array(&p->arena, inst->arg_count + 1, sizeof *out->args);
    out->arg_lanes = arena_alloc_array(&p->arena, inst->arg_count + 1, sizeof *out->arg_lanes);
    out->results = arena_alloc_array(&p->arena, inst->result_count + 1, sizeof *out->results);
    for (uint32_t i = 0; i < inst->arg_count; i++) {
        out->args[i] = word_of(d, fi, inst->args[i]);
        out->arg_lanes[i] = ex_type_words(T, ir_value_type(f, inst->args[i]));
    }
    for (uint32_t i = 0; i < inst->result_count; i++) out->results[i] = word_of(d, fi, inst->results[i]);
    out->type = inst->result_count ? ir_value_type(f, inst->results[0]) : IR_NO_TYPE;
    out->arg_type = inst->arg_count ? ir_value_type(f, inst->args[0]) : IR_NO_TYPE;
    out->words = out->type != IR_NO_TYPE ? ex_type_words(T, out->type) : 0;
    out->lanes = out->words;
    out->lane = inst->arg_count ? ex_lane_of(T, out->arg_type) : IR_LANE_NONE;
    if (inst->op == IR_OP_SELECT) out->lane = ex_lane_of(T, ir_value_type(f, inst->args[1]));
    out->out_lane = out->type != IR_NO_TYPE ? ex_lane_of(T, out->type) : IR_LANE_NONE;
    out->blocks[0] = inst->block_count > 0 ? inst->blocks[0] : IR_NONE;
    out->blocks[1] = inst->block_count > 1 ? inst->blocks[1] : IR_NONE;
    out->region = IR_NONE;
    out->func = IR_NONE;
    out->cost = instruction_cost(T, f, inst);
    if (!note_move(d, f, out)) return false;
    switch (inst->op) {
    case IR_OP_CONST: {
        uint32_t w = (uint32_t)inst->literal;
        out->offset = pool_add(d, &w, 1);
        break;
    }
    case IR_OP_CONSTANT: {
        const IrConstant *c = ir_constant(p->module, inst->symbol);
        uint32_t *tmp = arena_alloc_array(&p->arena, out->words + 1, sizeof *tmp);
        flatten_literal(&c->value, tmp, out->words);
        out->offset = pool_add(d, tmp, out->words);
        break;
    }
    case IR_OP_GLOBAL: out->region = inst->symbol; break;
    case IR_OP_VAR: {
        ExRegion *r = &p->regions[ir_global_count(p->module) + d->var_regions++];
        IrTypeId pointee = ir_type(T, out->type)->elem;
        r->kind = EX_REGION_LOCAL;
        r->name = ir_value(f, inst->results[0])->name ? ir_value(f, inst->results[0])->name : "格";
        r->writable = true;
        r->size = ex_memory_bytes(T, pointee);
        if (!grow_block(&p->local_bytes, r->size, 16, EX_MAX_INVOCATION_BYTES, &r->offset))
            return too_big(d, inst->span, "函数变量", r->name, p->local_bytes, "每个调用的私有与函数变量",
                           EX_MAX_INVOCATION_BYTES);
        out->region = (uint32_t)(r - p->regions);
        out->type = pointee;
        out->cost += (uint32_t)(r->size / 256);
        break;
    }
    case IR_OP_LOAD: case IR_OP_ATOMIC_LOAD:
        out->type = ir_type(T, out->arg_type)->elem;
        break;
    case IR_OP_STORE: case IR_OP_ATOMIC_STORE:
        out->type = ir_type(T, out->arg_type)->elem;
        out->words = ex_type_words(T, out->type);
        break;
    case IR_OP_EXTRACT: decode_path(p, out, out->arg_type, inst->indices, inst->index_count); break;
    case IR_OP_INSERT:
        decode_path(p, out, out->arg_type, inst->indices, inst->index_count);
        out->lanes = ex_type_words(T, out->arg_type);
        break;
    case IR_OP_ACCESS: return decode_access(d, fi, inst, out);
    case IR_OP_CALL: out->func = inst->symbol; break;
    case IR_OP_MUL: decode_mul(p, out->arg_type, ir_value_type(f, inst->args[1]), out); break;
    case IR_OP_ARRAY_LENGTH: out->offset = ir_type_array_stride(T, ir_type(T, out->arg_type)->elem); break;
    case IR_OP_FRAG_STORE: case IR_OP_FRAG_STORE_ROWS8:
        ir_type_is_fragment(T, ir_value_type(f, inst->args[IR_FRAG_ARG_STORED]), &out->fragment);
        break;
    default:
        if (ir_op_is_fragment(inst->op)) ir_type_is_fragment(T, out->type, &out->fragment);
        break;
    }
    if (ir_op_is_subgroup(inst->op) || ir_op_is_fragment(inst->op)) p->uses_subgroups = true;
    if (inst->op >= IR_OP_ATOMIC_LOAD && inst->op <= IR_OP_ATOMIC_COMPARE_EXCHANGE)
        out->lane = ex_lane_of(T, ir_type(T, ir_type(T, out->arg_type)->elem)->elem);  /* atomic<T> */
    return true;
}

static uint32_t position_in(const IrFunction *f, IrBlockId block, IrInstId inst) {
    const IrBlock *b = ir_block(f, block);
    for (uint32_t i = 0; i < b->inst_count; i++)
        if (b->insts[i] == inst) return i;
    return 0;
}

static bool decode_function(Decoder *d, uint32_t fi) {
    ExProgram *p = d->prog;
    const IrFunction *f = ir_function(p->module, fi);
    ExFunc *ef = &p->funcs[fi];
    ef->ir = f;
    ef->body = f->body;
    ef->block_count = f->block_count;
    ef->blocks = arena_alloc_array(&p->arena, f->block_count + 1, sizeof *ef->blocks);
    ef->param_count = f->param_count;
    ef->params = arena_alloc_array(&p->arena, f->param_count + 1, sizeof *ef->params);
    for (uint32_t i = 0; i < f->param_count; i++) ef->params[i] = word_of(d, fi, f->params[i]);
    ef->ctl_base = p->ctl_words;
    ef->ctl_depth = f->block_count + 1;
    p->ctl_words += ef->ctl_depth;
    for (uint32_t b = 0; b < f->block_count; b++) {
        const IrBlock *ib = &f->blocks[b];
        ExBlock *eb = &ef->blocks[b];
        eb->count = ib->inst_count;
        eb->insts = arena_alloc_array(&p->arena, ib->inst_count + 1, sizeof *eb->insts);
        eb->owner = ib->owner;
        eb->parent = ib->owner != IR_NONE ? f->insts[ib->owner].parent : IR_NONE;
        eb->owner_pos = ib->owner != IR_NONE ? position_in(f, eb->parent, ib->owner) : 0;
        eb->loop_body = ib->owner != IR_NONE && f->insts[ib->owner].op == IR_OP_LOOP;
        eb->param_count = ib->param_count;
        eb->params = arena_alloc_array(&p->arena, ib->param_count + 1, sizeof *eb->params);
        for (uint32_t i = 0; i < ib->param_count; i++) eb->params[i] = word_of(d, fi, ib->params[i]);
        for (uint32_t i = 0; i < ib->inst_count; i++)
            if (!decode_inst(d, fi, &f->insts[ib->insts[i]], &eb->insts[i])) return false;
    }
    return true;
}

static uint32_t count_vars(const IrModule *m, const bool *funcs) {
    uint32_t n = 0;
    for (uint32_t fi = 0; fi < ir_function_count(m); fi++) {
        if (!funcs[fi]) continue;
        const IrFunction *f = ir_function(m, fi);
        for (uint32_t i = 0; i < f->inst_count; i++) n += f->insts[i].op == IR_OP_VAR;
    }
    return n;
}

bool ex_decode(ExProgram *prog, const ExLaunch *launch, ExFault *fault) {
    memset(prog, 0, sizeof *prog);
    arena_init(&prog->arena);
    const IrModule *m = launch->module;
    prog->module = m;
    prog->types = &m->types;
    prog->entry_func = launch->entry->func;
    uint32_t nf = ir_function_count(m), ng = ir_global_count(m);
    bool *funcs = arena_alloc_array(&prog->arena, nf + 1, sizeof *funcs);
    bool *globals = arena_alloc_array(&prog->arena, ng + 1, sizeof *globals);
    ir_reach(m, launch->entry->func, funcs, globals);
    uint8_t *mark = arena_alloc_array(&prog->arena, nf + 1, sizeof *mark);
    const IrInst *cycle = NULL;
    if (find_cycle(m, launch->entry->func, mark, &cycle)) {
        ex_fault(fault, Y_EXEC_UNSUPPORTED, cycle->span, "CPU 执行器不能运行递归调用（WGSL 不允许递归）");
        return false;
    }
    Decoder d = {prog, launch, fault, NULL, 0, 0, 0};
    d.value_words = arena_alloc_array(&prog->arena, nf + 1, sizeof *d.value_words);
    prog->region_count = ng + count_vars(m, funcs);
    prog->regions = arena_alloc_array(&prog->arena, prog->region_count + 1, sizeof *prog->regions);
    prog->funcs = arena_alloc_array(&prog->arena, nf + 1, sizeof *prog->funcs);
    prog->func_count = nf;
    if (!make_global_regions(&d, globals)) return false;
    prog->local_bytes = round_up(prog->local_bytes, 16);
    prog->private_bytes = prog->local_bytes;
    for (uint32_t fi = 0; fi < nf; fi++)
        if (funcs[fi] && !assign_words(&d, fi)) return false;
    for (uint32_t fi = 0; fi < nf; fi++) {
        prog->funcs[fi].reached = funcs[fi];
        if (funcs[fi] && !decode_function(&d, fi)) return false;
    }
    prog->local_bytes = round_up(prog->local_bytes, 16);
    return true;
}

void ex_program_free(ExProgram *prog) { arena_free(&prog->arena); }
