/* The textual form of YIR (docs/yir.md). Values are numbered in print order, so the text
 * depends only on the structure: print -> read -> print is byte-identical. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/memory.h"
#include "../base/utf8.h"
#include "internal.h"

void ir_print_name(StrBuf *out, const char *name) {
    static const char hex[] = "0123456789ABCDEF";
    const char *text = name ? name : "";
    size_t len = strlen(text);
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)text[i];
        size_t width = 1;
        /* Non-ASCII stands as it is only when it is valid UTF-8 (the text must stay valid). */
        bool plain = c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                     (c >= 0x80 && utf8_decode(text + i, len - i, &width) != UTF8_INVALID);
        if (plain) {
            strbuf_append(out, text + i, width);
        } else {
            strbuf_putc(out, '\\');
            strbuf_putc(out, hex[c >> 4]);
            strbuf_putc(out, hex[c & 15]);
        }
        i += plain ? width : 1;
    }
}

static const char *scalar_name(const IrType *t) {
    if (t->scalar == IR_FLOAT) return t->width == 16 ? "f16" : "f32";
    return t->scalar == IR_SINT ? "i32" : "u32";
}

void ir_print_type(StrBuf *out, const IrTypeTable *types, IrTypeId id) {
    const IrType *t = ir_type(types, id);
    if (!t) {
        strbuf_puts(out, "<invalid>");
        return;
    }
    switch (t->kind) {
    case IR_TYPE_VOID: strbuf_puts(out, "void"); return;
    case IR_TYPE_BOOL: strbuf_puts(out, "bool"); return;
    case IR_TYPE_SCALAR: strbuf_puts(out, scalar_name(t)); return;
    case IR_TYPE_VECTOR:
        strbuf_printf(out, "vec%u<", t->count);
        ir_print_type(out, types, t->elem);
        strbuf_putc(out, '>');
        return;
    case IR_TYPE_MATRIX:
        strbuf_printf(out, "mat%ux%u<", t->cols, t->count);
        ir_print_type(out, types, t->elem);
        strbuf_putc(out, '>');
        return;
    case IR_TYPE_ARRAY:
        strbuf_puts(out, "array<");
        ir_print_type(out, types, t->elem);
        if (t->count) strbuf_printf(out, ", %u", t->count);
        strbuf_putc(out, '>');
        return;
    case IR_TYPE_STRUCT:
        strbuf_putc(out, '$');
        ir_print_name(out, t->name);
        return;
    case IR_TYPE_ATOMIC:
        strbuf_puts(out, "atomic<");
        ir_print_type(out, types, t->elem);
        strbuf_putc(out, '>');
        return;
    case IR_TYPE_TEXTURE_2D:
        strbuf_puts(out, "texture_2d<");
        ir_print_type(out, types, t->elem);
        strbuf_putc(out, '>');
        return;
    case IR_TYPE_TEXTURE_DEPTH_2D: strbuf_puts(out, "texture_depth_2d"); return;
    case IR_TYPE_SAMPLER: strbuf_puts(out, "sampler"); return;
    case IR_TYPE_SAMPLER_COMPARISON: strbuf_puts(out, "sampler_comparison"); return;
    case IR_TYPE_FRAGMENT: strbuf_puts(out, ir_fragment_kind_name(t->fragment)); return;
    case IR_TYPE_POINTER:
        strbuf_printf(out, "ptr<%s, ", ir_space_name(t->space));
        ir_print_type(out, types, t->elem);
        strbuf_putc(out, '>');
        return;
    }
}

/* Shortest decimal that reads back to the same float; non-finite values as their bits. */
static void print_float(StrBuf *out, uint32_t bits, const char *suffix) {
    float value;
    memcpy(&value, &bits, sizeof value);
    if (!isfinite(value)) {
        strbuf_printf(out, "bits(0x%08" PRIX32 ")", bits);
        return;
    }
    char text[64];
    for (int precision = 1; precision <= 9; precision++) {
        snprintf(text, sizeof text, "%.*g", precision, (double)value);
        if (strtof(text, NULL) == value) break;
    }
    strbuf_puts(out, text);
    if (!strpbrk(text, ".en")) strbuf_puts(out, ".0");
    strbuf_puts(out, suffix);
}

static void print_scalar_literal(StrBuf *out, const IrTypeTable *types, IrTypeId type, uint64_t bits) {
    const IrType *t = ir_type(types, type);
    if (!t) {
        strbuf_puts(out, "<invalid>");
    } else if (t->kind == IR_TYPE_BOOL) {
        strbuf_puts(out, bits ? "true" : "false");
    } else if (t->kind == IR_TYPE_SCALAR && t->scalar == IR_SINT) {
        strbuf_printf(out, "%" PRId32 "i", (int32_t)(uint32_t)bits);
    } else if (t->kind == IR_TYPE_SCALAR && t->scalar == IR_UINT) {
        strbuf_printf(out, "%" PRIu32 "u", (uint32_t)bits);
    } else if (t->kind == IR_TYPE_SCALAR) {
        print_float(out, (uint32_t)bits, t->width == 16 ? "h" : "f");
    } else {
        strbuf_puts(out, "<invalid>");
    }
}

static void print_literal(StrBuf *out, const IrTypeTable *types, const IrLiteral *lit) {
    if (!lit->elems) {
        print_scalar_literal(out, types, lit->type, lit->bits);
        return;
    }
    strbuf_putc(out, '{');
    for (uint32_t i = 0; i < lit->elem_count; i++) {
        if (i) strbuf_puts(out, ", ");
        print_literal(out, types, &lit->elems[i]);
    }
    strbuf_putc(out, '}');
}

typedef struct Printer {
    StrBuf *out;
    const IrModule *module;
    const IrFunction *func;
    uint32_t *numbers;  /* value id -> print number; UINT32_MAX when not placed in a block */
    uint32_t next;
    const SourceMap *sources;  /* ir_print_module_located: each line's place; else NULL */
} Printer;

/* ` ; 文件:行:列` after a function's or instruction's line (the reader skips `;` to the end
 * of the line), when the printer has sources and the span is in one of them. Control
 * characters in the path print as '?', so the comment stays one line. */
static void print_location(const Printer *p, Span span) {
    if (!p->sources || span.file >= p->sources->count) return;
    const SourceFile *file = source_get(p->sources, span.file);
    if (!file) return;
    uint32_t line, column;
    source_position(file, span.start, &line, &column);
    strbuf_puts(p->out, " ; ");
    for (const char *c = file->path; *c; c++) strbuf_putc(p->out, (unsigned char)*c < 0x20 ? '?' : *c);
    strbuf_printf(p->out, ":%" PRIu32 ":%" PRIu32, line, column);
}

static void number_value(Printer *p, IrValueId v) {
    if (v < p->func->value_count && p->numbers[v] == UINT32_MAX) p->numbers[v] = p->next++;
}

static void number_block(Printer *p, IrBlockId id) {
    const IrBlock *block = ir_block(p->func, id);
    if (!block) return;
    for (uint32_t i = 0; i < block->inst_count; i++) {
        const IrInst *inst = ir_inst(p->func, block->insts[i]);
        if (!inst) continue;
        for (uint32_t r = 0; r < inst->result_count; r++) number_value(p, inst->results[r]);
        for (uint32_t k = 0; k < inst->block_count; k++) {
            const IrBlock *child = ir_block(p->func, inst->blocks[k]);
            if (!child) continue;
            for (uint32_t a = 0; a < child->param_count; a++) number_value(p, child->params[a]);
            number_block(p, inst->blocks[k]);
        }
    }
}

static void print_value_ref(Printer *p, IrValueId v) {
    const IrValue *value = ir_value(p->func, v);
    if (!value || p->numbers[v] == UINT32_MAX) {
        strbuf_printf(p->out, "%%<invalid %" PRIu32 ">", v);
        return;
    }
    strbuf_putc(p->out, '%');
    if (value->name && value->name[0]) {
        ir_print_name(p->out, value->name);
        strbuf_putc(p->out, '.');
    }
    strbuf_printf(p->out, "%" PRIu32, p->numbers[v]);
}

static void print_value_def(Printer *p, IrValueId v) {
    print_value_ref(p, v);
    strbuf_putc(p->out, ':');
    ir_print_type(p->out, &p->module->types, ir_value_type(p->func, v));
    const IrValue *value = ir_value(p->func, v);
    if (value && value->uniformity != IR_UNIFORMITY_UNKNOWN)
        strbuf_printf(p->out, " !%s", ir_uniformity_name(value->uniformity));
}

static void print_block(Printer *p, IrBlockId id, int depth);

static void print_symbol(Printer *p, const IrInst *inst) {
    const char *name = NULL;
    if (inst->op == IR_OP_GLOBAL) {
        const IrGlobal *g = ir_global(p->module, inst->symbol);
        name = g ? g->name : NULL;
    } else if (inst->op == IR_OP_CONSTANT) {
        const IrConstant *c = ir_constant(p->module, inst->symbol);
        name = c ? c->name : NULL;
    } else {
        const IrFunction *f = ir_function(p->module, inst->symbol);
        name = f ? f->name : NULL;
    }
    if (!name) {
        strbuf_puts(p->out, " @<invalid>");
        return;
    }
    strbuf_puts(p->out, " @");
    ir_print_name(p->out, name);
}

static void print_operands(Printer *p, const IrInst *inst) {
    for (uint32_t i = 0; i < inst->arg_count; i++) {
        strbuf_puts(p->out, i ? ", " : " ");
        print_value_ref(p, inst->args[i]);
    }
    for (uint32_t i = 0; i < inst->index_count; i++)
        strbuf_printf(p->out, "%s%" PRIu32, i || inst->arg_count ? ", " : " ", inst->indices[i]);
}

/* An instruction up to its blocks: results, op, operands (a loop's parameters). */
static void print_inst_head(Printer *p, const IrInst *inst) {
    StrBuf *out = p->out;
    for (uint32_t r = 0; r < inst->result_count; r++) {
        if (r) strbuf_puts(out, ", ");
        print_value_def(p, inst->results[r]);
    }
    if (inst->result_count) strbuf_puts(out, " = ");
    strbuf_puts(out, ir_op_info(inst->op)->name);
    switch (inst->op) {
    case IR_OP_CONST:
        strbuf_puts(out, inst->abstract_literal ? " abstract " : " ");
        print_scalar_literal(out, &p->module->types,
                             inst->result_count ? ir_value_type(p->func, inst->results[0]) : IR_NO_TYPE,
                             inst->literal);
        break;
    case IR_OP_GLOBAL: case IR_OP_CONSTANT:
        print_symbol(p, inst);
        break;
    case IR_OP_CALL:
        print_symbol(p, inst);
        strbuf_putc(out, '(');
        for (uint32_t i = 0; i < inst->arg_count; i++) {
            if (i) strbuf_puts(out, ", ");
            print_value_ref(p, inst->args[i]);
        }
        strbuf_putc(out, ')');
        break;
    case IR_OP_LOOP: {
        const IrBlock *body = ir_block(p->func, inst->blocks[0]);
        if (body && body->param_count) {
            strbuf_puts(out, " (");
            for (uint32_t i = 0; i < body->param_count; i++) {
                if (i) strbuf_puts(out, ", ");
                print_value_def(p, body->params[i]);
                strbuf_puts(out, " = ");
                if (i < inst->arg_count) print_value_ref(p, inst->args[i]);
                else strbuf_puts(out, "%<missing>");
            }
            strbuf_putc(out, ')');
        }
        break;
    }
    default:
        print_operands(p, inst);
        break;
    }
}

static void print_inst(Printer *p, const IrInst *inst, int depth) {
    StrBuf *out = p->out;
    strbuf_indent(out, depth);
    print_inst_head(p, inst);
    bool nested = inst->op == IR_OP_LOOP || inst->op == IR_OP_IF;
    if (nested) strbuf_puts(out, " {");
    print_location(p, inst->span);
    strbuf_putc(out, '\n');
    if (!nested) return;
    print_block(p, inst->blocks[0], depth + 1);
    strbuf_indent(out, depth);
    if (inst->op == IR_OP_IF) {
        strbuf_puts(out, "} else {\n");
        print_block(p, inst->blocks[1], depth + 1);
        strbuf_indent(out, depth);
    }
    strbuf_puts(out, "}\n");
}

static void print_block(Printer *p, IrBlockId id, int depth) {
    const IrBlock *block = ir_block(p->func, id);
    if (!block) return;
    for (uint32_t i = 0; i < block->inst_count; i++) {
        const IrInst *inst = ir_inst(p->func, block->insts[i]);
        if (inst) print_inst(p, inst, depth);
    }
}

/* Numbers the function's values in print order (parameters, then block by block). */
static uint32_t *number_values(Printer *p) {
    const IrFunction *func = p->func;
    p->numbers = mem_alloc((func->value_count + 1) * sizeof *p->numbers);
    for (uint32_t i = 0; i < func->value_count; i++) p->numbers[i] = UINT32_MAX;
    for (uint32_t i = 0; i < func->param_count; i++) number_value(p, func->params[i]);
    number_block(p, func->body);
    return p->numbers;
}

uint32_t *ir_print_numbers(const IrFunction *func) {
    Printer p = {NULL, func->module, func, NULL, 0, NULL};
    return number_values(&p);
}

void ir_print_inst_head(StrBuf *out, const IrFunction *func, const uint32_t *numbers,
                        const IrInst *inst) {
    Printer p = {out, func->module, func, (uint32_t *)numbers, 0, NULL};
    print_inst_head(&p, inst);
}

void ir_print_value_ref(StrBuf *out, const IrFunction *func, const uint32_t *numbers, IrValueId value) {
    Printer p = {out, func->module, func, (uint32_t *)numbers, 0, NULL};
    print_value_ref(&p, value);
}

static void print_function(StrBuf *out, const IrFunction *func, const SourceMap *sources) {
    Printer p = {out, func->module, func, NULL, 0, sources};
    number_values(&p);

    strbuf_puts(out, "fn @");
    ir_print_name(out, func->name);
    strbuf_putc(out, '(');
    for (uint32_t i = 0; i < func->param_count; i++) {
        if (i) strbuf_puts(out, ", ");
        print_value_def(&p, func->params[i]);
    }
    strbuf_putc(out, ')');
    const IrType *rt = ir_type(&func->module->types, func->return_type);
    if (!rt || rt->kind != IR_TYPE_VOID) {
        strbuf_puts(out, " -> ");
        ir_print_type(out, &func->module->types, func->return_type);
    }
    if (func->local_recursive) strbuf_puts(out, " local_recursive");
    if (func->not_inlined) strbuf_puts(out, " noinline");
    strbuf_puts(out, " {");
    print_location(&p, func->span);
    strbuf_putc(out, '\n');
    print_block(&p, func->body, 1);
    strbuf_puts(out, "}\n");
    mem_free(p.numbers);
}

void ir_print_function(StrBuf *out, const IrFunction *func) { print_function(out, func, NULL); }

static void print_io(StrBuf *out, const IrIo *io) {
    switch (io->kind) {
    case IR_IO_NONE: strbuf_puts(out, "none"); return;
    case IR_IO_BUILTIN: strbuf_printf(out, "builtin(%s)", ir_builtin_name(io->builtin)); return;
    case IR_IO_LOCATION:
        strbuf_printf(out, "location(%" PRIu32 "%s)", io->location, io->flat ? ", flat" : "");
        return;
    case IR_IO_STRUCT:
        strbuf_puts(out, "struct(");
        for (uint32_t i = 0; i < io->field_count; i++) {
            if (i) strbuf_puts(out, ", ");
            print_io(out, &io->fields[i]);
        }
        strbuf_putc(out, ')');
        return;
    }
}

static void print_entry(StrBuf *out, const IrModule *m, const IrEntry *e) {
    const IrFunction *f = ir_function(m, e->func);
    strbuf_puts(out, "entry @");
    ir_print_name(out, e->name);
    strbuf_printf(out, " = %s @", ir_stage_name(e->stage));
    if (f) ir_print_name(out, f->name);
    else strbuf_puts(out, "<invalid>");
    if (e->stage == IR_STAGE_COMPUTE)
        strbuf_printf(out, " workgroup_size(%" PRIu32 ", %" PRIu32 ", %" PRIu32 ")",
                      e->workgroup_size[0], e->workgroup_size[1], e->workgroup_size[2]);
    strbuf_puts(out, " (");
    for (uint32_t i = 0; i < e->param_count; i++) {
        if (i) strbuf_puts(out, ", ");
        print_io(out, &e->params[i]);
    }
    strbuf_putc(out, ')');
    if (e->result.kind != IR_IO_NONE) {
        strbuf_puts(out, " -> ");
        print_io(out, &e->result);
    }
    strbuf_putc(out, '\n');
}

static void print_struct_decl(StrBuf *out, const IrTypeTable *types, IrTypeId id) {
    const IrType *t = ir_type(types, id);
    strbuf_puts(out, "type $");
    ir_print_name(out, t->name);
    strbuf_puts(out, " = struct {");
    for (uint32_t i = 0; i < t->field_count; i++) {
        strbuf_puts(out, i ? ", " : " ");
        ir_print_name(out, t->fields[i].name);
        strbuf_puts(out, ": ");
        ir_print_type(out, types, t->fields[i].type);
    }
    strbuf_puts(out, t->field_count ? " }\n" : "}\n");
}

/* Sections in a fixed order (types, globals, constants, functions, entries), each followed
 * by a blank line when not empty. */
static void print_module(StrBuf *out, const IrModule *m, const SourceMap *sources) {
    bool any = false;
    for (IrTypeId id = 0; id < m->types.count; id++) {
        if (m->types.types[id].kind != IR_TYPE_STRUCT) continue;
        print_struct_decl(out, &m->types, id);
        any = true;
    }
    if (any) strbuf_putc(out, '\n');
    for (uint32_t i = 0; i < ir_global_count(m); i++) {
        const IrGlobal *g = ir_global(m, i);
        strbuf_printf(out, "var<%s> @", ir_space_name(g->space));
        ir_print_name(out, g->name);
        strbuf_puts(out, ": ");
        ir_print_type(out, &m->types, g->type);
        if (g->has_binding)
            strbuf_printf(out, " @group(%" PRIu32 ") @binding(%" PRIu32 ")", g->group, g->binding);
        if (g->box_rows)
            strbuf_printf(out, " @tensor_box(%" PRIu32 ", %" PRIu32 ", %" PRIu32 ")", g->box_rows, g->box_cols,
                          g->box_swizzle);
        strbuf_putc(out, '\n');
    }
    if (ir_global_count(m)) strbuf_putc(out, '\n');
    for (uint32_t i = 0; i < ir_constant_count(m); i++) {
        const IrConstant *c = ir_constant(m, i);
        strbuf_puts(out, "const @");
        ir_print_name(out, c->name);
        strbuf_puts(out, ": ");
        ir_print_type(out, &m->types, c->type);
        strbuf_puts(out, " = ");
        print_literal(out, &m->types, &c->value);
        strbuf_putc(out, '\n');
    }
    if (ir_constant_count(m)) strbuf_putc(out, '\n');
    for (uint32_t i = 0; i < ir_function_count(m); i++) {
        print_function(out, ir_function(m, i), sources);
        strbuf_putc(out, '\n');
    }
    for (uint32_t i = 0; i < ir_entry_count(m); i++) print_entry(out, m, ir_entry(m, i));
}

void ir_print_module(StrBuf *out, const IrModule *m) { print_module(out, m, NULL); }

void ir_print_module_located(StrBuf *out, const IrModule *m, const SourceMap *sources) {
    print_module(out, m, sources);
}
