/* WGSL spelling for the shared re-emitter: types, literals, operator precedence, the ops
 * whose WGSL form differs from the default, and statement forms. */
#include <inttypes.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wgsl_internal.h"

/* WGSL's grammar is stricter than C's: shifts and bitwise operators take unary operands
 * only, relational operators do not chain, and && / || do not mix (gpuweb "expression").
 * A shift under a comparison is parenthesised: `a < b >> c` reads as the template list
 * `a<b>` followed by `> c` (WGSL's template disambiguation; found by test/diff). */
static bool wgsl_needs_parens(TeClass parent, bool right, TeClass child) {
    bool simple = child == TE_PRIMARY || child == TE_UNARY;
    switch (parent) {
    case TE_PRIMARY: return child != TE_PRIMARY;
    case TE_UNARY: return !simple;
    case TE_MUL: return !(simple || (!right && child == TE_MUL));
    case TE_ADD: return !(simple || child == TE_MUL || (!right && child == TE_ADD));
    case TE_SHIFT: return !simple;
    case TE_REL: case TE_EQ: return !(simple || child == TE_MUL || child == TE_ADD);
    case TE_BIT_AND: case TE_BIT_XOR: case TE_BIT_OR: return !(simple || (!right && child == parent));
    case TE_AND: case TE_OR:
        return !(simple || child == TE_MUL || child == TE_ADD || child == TE_SHIFT || child == TE_REL ||
                 child == TE_EQ || (!right && child == parent));
    case TE_COND: return true;
    }
    return true;
}

static const char *space_text(IrAddressSpace space) {
    switch (space) {
    case IR_SPACE_FUNCTION: return "function";
    case IR_SPACE_PRIVATE: return "private";
    case IR_SPACE_WORKGROUP: return "workgroup";
    case IR_SPACE_STORAGE_READ: return "storage, read";
    case IR_SPACE_STORAGE_READ_WRITE: return "storage, read_write";
    case IR_SPACE_UNIFORM: return "uniform";
    default: return "handle";
    }
}

/* ptr<space, T[, access]>; storage pointers carry the access mode apart. */
static void wgsl_pointer(TextEmitter *em, StrBuf *out, const IrType *t) {
    strbuf_printf(out, "ptr<%s, ", t->space == IR_SPACE_STORAGE_READ || t->space == IR_SPACE_STORAGE_READ_WRITE
                                       ? "storage" : space_text(t->space));
    te_type(em, out, t->elem);
    if (t->space == IR_SPACE_STORAGE_READ) strbuf_puts(out, ", read");
    if (t->space == IR_SPACE_STORAGE_READ_WRITE) strbuf_puts(out, ", read_write");
    strbuf_putc(out, '>');
}

const char *wgsl_space_decl(IrAddressSpace space) { return space_text(space); }

/* WGSL checks a literal's exact decimal value against the finite f32 range before rounding:
 * 3.4028235e+38f, the shortest text of the largest f32, is past it and rejected. */
static bool reads_back_in_range(const char *text, float value) {
    return strtof(text, NULL) == value && fabs(strtod(text, NULL)) <= (double)FLT_MAX;
}

/* Shortest decimal that reads back as the same f32 and whose exact value is in the f32
 * range, always with a decimal point: plain digits for magnitudes from 1e-5 to 1e16, else
 * mantissa and exponent (1.0e+30, -3.4028234663852886e+38 for the lowest f32). */
void wgsl_float_text(StrBuf *out, float value) {
    char text[96];
    float mag = fabsf(value);
    if (mag == 0.0f || (mag >= 1e-5f && mag < 1e16f)) {
        for (int decimals = 1; decimals <= 60; decimals++) {
            snprintf(text, sizeof text, "%.*f", decimals, (double)value);
            if (strtof(text, NULL) == value) break;
        }
        strbuf_puts(out, text);
        return;
    }
    for (int precision = 1; precision <= 17; precision++) {
        snprintf(text, sizeof text, "%.*g", precision, (double)value);
        if (reads_back_in_range(text, value)) break;
    }
    char *e = strchr(text, 'e');
    if (strchr(text, '.') || !e) {
        strbuf_puts(out, text);
    } else {
        strbuf_append(out, text, (size_t)(e - text));
        strbuf_puts(out, ".0");
        strbuf_puts(out, e);
    }
}

void wgsl_report_nonfinite(TextEmitter *em, Span span) {
    te_error(em, Y_WGSL_NAN_CONSTANT, span,
             "WGSL 的常量求值不许出现 NaN 与无穷：要用 NaN 或无穷时借一个运行期的值按位合成");
}

static bool wgsl_literal(TextEmitter *em, StrBuf *out, IrTypeId type, uint64_t bits, Span span) {
    const IrType *t = ir_type(&em->m->types, type);
    if (!t || (t->kind != IR_TYPE_BOOL && t->kind != IR_TYPE_SCALAR)) {
        te_error(em, Y_TARGET_INTERNAL, span, "WGSL 翻译的内部错误：字面量的类型不是标量");
        strbuf_puts(out, "_");
        return false;
    }
    if (t->kind == IR_TYPE_BOOL) {
        strbuf_puts(out, bits ? "true" : "false");
        return true;
    }
    uint32_t b = (uint32_t)bits;
    if (t->scalar == IR_UINT) {
        strbuf_printf(out, "%" PRIu32 "u", b);
        return true;
    }
    if (t->scalar == IR_SINT) {
        int32_t v = (int32_t)b;
        /* 2147483648i does not exist: the smallest i32 goes through an abstract integer. */
        if (v == INT32_MIN) strbuf_puts(out, "i32(-2147483648)");
        else strbuf_printf(out, "%" PRId32 "i", v);
        return true;
    }
    float value;
    memcpy(&value, &b, sizeof value);
    if (!isfinite(value) || (t->width == 16 && fabsf(value) > 65504.0f)) {
        wgsl_report_nonfinite(em, span);
        strbuf_puts(out, "_");
        return false;
    }
    if (t->width == 16) {
        strbuf_puts(out, "f16(");  /* spec 着三: 「新浮十六」于「1.0」 is f16(1.0) */
        wgsl_float_text(out, value);
        strbuf_putc(out, ')');
    } else {
        wgsl_float_text(out, value);
        strbuf_putc(out, 'f');
    }
    return true;
}

/* 着三: an abstract literal has no suffix (0, 1.5, 2.0); the engine uses it only where the
 * context gives it its YIR type. A value WGSL cannot spell keeps the concrete form. */
static bool wgsl_abstract_literal(TextEmitter *em, StrBuf *out, IrTypeId type, uint64_t bits, bool beside_value) {
    (void)beside_value;
    const IrType *t = ir_type(&em->m->types, type);
    if (!t || t->kind != IR_TYPE_SCALAR) return false;
    uint32_t b = (uint32_t)bits;
    if (t->scalar == IR_UINT) {
        strbuf_printf(out, "%" PRIu32, b);
        return true;
    }
    if (t->scalar == IR_SINT) {
        strbuf_printf(out, "%" PRId32, (int32_t)b);
        return true;
    }
    float value;
    memcpy(&value, &b, sizeof value);
    if (!isfinite(value) || (t->width == 16 && fabsf(value) > 65504.0f)) return false;
    wgsl_float_text(out, value);
    return true;
}

/* The bytes of a constant operand, as little-endian lanes of `width` bits. */
static uint32_t const_bytes(TextEmitter *em, IrValueId v, uint8_t *bytes, uint32_t max) {
    uint64_t lanes[16];
    uint32_t count = 0, n = 0;
    if (!te_const_lanes(em, v, lanes, 16, &count)) return 0;
    IrTypeId elem = ir_type_element_scalar(&em->m->types, ir_value_type(em->f, v));
    const IrType *et = ir_type(&em->m->types, elem);
    bool half = et && et->kind == IR_TYPE_SCALAR && et->width == 16;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t bits = (uint32_t)lanes[i];
        if (half) {
            float value;
            memcpy(&value, &bits, sizeof value);
            bits = ir_f16_bits(value);
        }
        for (uint32_t k = 0; k < (half ? 2u : 4u) && n < max; k++) bytes[n++] = (uint8_t)(bits >> (8 * k));
    }
    return n;
}

/* spec 着八: a constant-expression bitcast giving NaN or infinity fails module creation. */
static bool bitcast_expr(TextEmitter *em, const IrInst *inst, const TeExpr *args, TeExpr *out) {
    IrTypeId rt = ir_value_type(em->f, inst->results[0]);
    TeExpr operand = args[0];
    if (operand.flags & TE_CONST) {
        uint8_t bytes[64];
        uint32_t n = const_bytes(em, inst->args[0], bytes, sizeof bytes);
        IrTypeId elem = ir_type_element_scalar(&em->m->types, rt);
        const IrType *et = ir_type(&em->m->types, elem);
        if (n == 0) {
            /* A constant we cannot evaluate here: keep it out of constant evaluation. */
            operand = te_materialise(em, &args[0], ir_value_type(em->f, inst->args[0]));
        } else if (et && et->kind == IR_TYPE_SCALAR && et->scalar == IR_FLOAT) {
            uint32_t step = et->width / 8;
            for (uint32_t i = 0; i + step <= n; i += step) {
                uint32_t bits = 0;
                for (uint32_t k = 0; k < step; k++) bits |= (uint32_t)bytes[i + k] << (8 * k);
                bool bad = step == 2 ? (bits & 0x7C00u) == 0x7C00u : (bits & 0x7F800000u) == 0x7F800000u;
                if (bad) {
                    te_error(em, Y_WGSL_NAN_CONSTANT, inst->span,
                             "bitcast 一个常量位型得到 NaN 或无穷：WGSL 的常量求值不许出现 NaN 与无穷，"
                             "要用时借一个运行期的值按位合成");
                    break;
                }
            }
        }
    }
    *out = te_call(em, arena_printf(&em->arena, "bitcast<%s>", te_type_text(em, rt)), &operand, 1);
    return true;
}

static bool wgsl_expr(TextEmitter *em, const IrInst *inst, const TeExpr *args, TeExpr *out) {
    if (wgsl_fragment_expr(em, inst, args, out)) return true;
    switch (inst->op) {
    case IR_OP_AND: case IR_OP_OR: {
        const IrType *t = ir_type(&em->m->types, ir_value_type(em->f, inst->args[0]));
        if (!t || t->kind != IR_TYPE_VECTOR) return false;
        /* && and || take scalars only; on bool vectors & and | are component-wise. */
        bool is_and = inst->op == IR_OP_AND;
        *out = te_binary(em, is_and ? TE_BIT_AND : TE_BIT_OR, is_and ? "&" : "|", &args[0], &args[1]);
        return true;
    }
    case IR_OP_EXTRACT: {
        /* atomicCompareExchangeWeak's result struct has WGSL's own field names. */
        const IrValue *v = ir_value(em->f, inst->args[0]);
        const IrInst *def = v && v->kind == IR_VALUE_RESULT ? ir_inst(em->f, v->def) : NULL;
        if (!def || def->op != IR_OP_ATOMIC_COMPARE_EXCHANGE || inst->index_count != 1) return false;
        *out = te_make(em, TE_PRIMARY, "%s.%s", te_operand(em, TE_PRIMARY, false, &args[0]),
                       inst->indices[0] == 0 ? "old_value" : "exchanged");
        out->flags = args[0].flags;
        return true;
    }
    case IR_OP_BITCAST:
        return bitcast_expr(em, inst, args, out);
    default:
        return false;
    }
}

static void wgsl_let(TextEmitter *em, StrBuf *out, const char *name, IrTypeId type, const char *value) {
    (void)em;
    (void)type;
    strbuf_printf(out, "let %s = %s;", name, value);
}

static void wgsl_var(TextEmitter *em, StrBuf *out, const char *name, IrTypeId type, const char *init) {
    if (init) {
        strbuf_printf(out, "var %s = %s;", name, init);
        return;
    }
    strbuf_printf(out, "var %s: ", name);
    te_type(em, out, type);
    strbuf_putc(out, ';');
}

static void wgsl_phony(TextEmitter *em, StrBuf *out, const char *value) {
    (void)em;
    strbuf_printf(out, "_ = %s;", value);
}

const TeLang wgsl_lang = {
    .name = "WGSL",
    .prose_name = "WGSL ",
    .spelling = wgsl_spelling,
    .unspelled = wgsl_op_unspelled,
    .needs_parens = wgsl_needs_parens,
    .types = {
        .unit = "",
        .boolean = "bool", .f16 = "f16", .f32 = "f32", .i32 = "i32", .u32 = "u32",
        .vector = "vec$n<$e>", .matrix = "mat$cx$n<$e>", .array = "array<$e, $n>", .runtime_array = "array<$e>",
        .atomic = "atomic<$e>", .texture_2d = "texture_2d<$e>",
        .texture_depth_2d = "texture_depth_2d", .sampler = "sampler", .sampler_comparison = "sampler_comparison",
        .pointer = wgsl_pointer,
        .fragment = wgsl_fragment_type,
    },
    .literal = wgsl_literal,
    .abstract_literal = wgsl_abstract_literal,
    .expr = wgsl_expr,
    .let = wgsl_let,
    .var = wgsl_var,
    .phony = wgsl_phony,
    .if_open = "if ",
    .if_close = " {",
    .loop_open = "loop {",
    .struct_braces = false,
    .body_prologue = NULL,
};
