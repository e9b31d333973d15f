/* MSL spelling for the shared re-emitter (spec 着九): types, literals, C++ precedence, the
 * ops whose Metal form differs from a plain call, and statement forms. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"

/* ---- precedence ---- */

/* C++ binds in TeClass order; a child binding looser than its parent, or as loosely on the
 * right (left associativity), needs parentheses. Beyond that we parenthesise where clang's
 * -Wparentheses family would ask (shift of a sum, mixed bitwise operators, && inside ||,
 * chained comparisons), which also keeps the text plain to read. */
static bool msl_needs_parens(TeClass parent, bool right, TeClass child) {
    if (child == TE_PRIMARY) return false;
    switch (parent) {
    case TE_PRIMARY: return true;
    case TE_UNARY: return child != TE_UNARY;
    case TE_SHIFT: return child != TE_UNARY;
    case TE_BIT_AND: case TE_BIT_XOR: case TE_BIT_OR:
        return child != TE_UNARY && !(child == parent && !right);
    case TE_REL: case TE_EQ:
        return child == TE_REL || child == TE_EQ || child > parent;
    case TE_OR:
        if (child == TE_AND) return true;
        break;
    default:
        break;
    }
    return child > parent || (child == parent && right);
}

/* ---- types ---- */

static const char *space_prefix(IrAddressSpace space) {
    switch (space) {
    case IR_SPACE_WORKGROUP: return "threadgroup ";
    case IR_SPACE_STORAGE_READ: return "const device ";
    case IR_SPACE_STORAGE_READ_WRITE: return "device ";
    case IR_SPACE_UNIFORM: return "constant ";
    default: return "thread ";
    }
}

static void msl_pointer(TextEmitter *em, StrBuf *out, const IrType *t) {
    strbuf_puts(out, space_prefix(t->space));
    te_type(em, out, t->elem);
    strbuf_putc(out, '*');
}

/* simdgroup matrices (着十二) and the tensor tile's accumulator (着十三, msl_tensor.c). */
static void msl_fragment(TextEmitter *em, StrBuf *out, const IrType *t) {
    const MslState *st = em->user;
    if (t->fragment != IR_FRAG_TENSOR_ACC_F32) strbuf_puts(out, msl_fragment_type(t->fragment));
    else strbuf_puts(out, st && st->tensor.acc ? st->tensor.acc : "_");
}

/* ---- literals ---- */

/* The shortest decimal that reads back as the same f32; integral values keep a decimal
 * point (40.0f, 1.0e+30f). */
static void float_text(StrBuf *out, float value) {
    char text[96];
    float mag = fabsf(value);
    if (mag == 0.0f || (mag >= 1e-5f && mag < 1e16f)) {  /* plain digits read best here */
        for (int decimals = 1; decimals <= 60; decimals++) {
            snprintf(text, sizeof text, "%.*f", decimals, (double)value);
            if (strtof(text, NULL) == value) break;
        }
        strbuf_puts(out, text);
        return;
    }
    for (int precision = 1; precision <= 9; precision++) {
        snprintf(text, sizeof text, "%.*g", precision, (double)value);
        if (strtof(text, NULL) == value) break;
    }
    char *exp = strchr(text, 'e');
    if (strchr(text, '.')) strbuf_puts(out, text);
    else if (!exp) strbuf_printf(out, "%s.0", text);
    else strbuf_printf(out, "%.*s.0%s", (int)(exp - text), text, exp);
}

static bool msl_literal(TextEmitter *em, StrBuf *out, IrTypeId type, uint64_t bits, Span span) {
    const IrType *t = ir_type(&em->m->types, type);
    if (!t || (t->kind != IR_TYPE_BOOL && t->kind != IR_TYPE_SCALAR)) {
        te_error(em, Y_TARGET_INTERNAL, span, "MSL 翻译的内部错误：字面量的类型不是标量");
        strbuf_puts(out, "_");
        return false;
    }
    uint32_t b = (uint32_t)bits;
    if (t->kind == IR_TYPE_BOOL) {
        strbuf_puts(out, bits ? "true" : "false");
    } else if (t->scalar == IR_UINT) {
        strbuf_printf(out, "%" PRIu32 "u", b);
    } else if (t->scalar == IR_SINT) {
        int32_t v = (int32_t)b;
        if (v == INT32_MIN) strbuf_puts(out, "int(-2147483647 - 1)");  /* 2147483648 is a long */
        else strbuf_printf(out, "int(%" PRId32 ")", v);
    } else {
        float value;
        memcpy(&value, &b, sizeof value);
        bool half = t->width == 16;
        /* Metal keeps NaN and infinity (spec chapter 8): spelled by their bits. */
        if (!isfinite(value) || (half && fabsf(value) > 65504.0f)) {
            if (!isfinite(value)) strbuf_printf(out, half ? "half(as_type<float>(0x%08" PRIX32 "u))" : "as_type<float>(0x%08" PRIX32 "u)", b);
            else strbuf_printf(out, "half(as_type<float>(0x%08" PRIX32 "u))", b);
            return true;
        }
        float_text(out, value);
        strbuf_putc(out, half ? 'h' : 'f');
    }
    return true;
}

/* 着九: an abstract literal beside a value of a concrete type is first converted to that
 * type (max(x, uint(1))); in a typed slot it keeps the concrete literal (2u, 0.5f). */
static bool msl_abstract_literal(TextEmitter *em, StrBuf *out, IrTypeId type, uint64_t bits, bool beside_value) {
    const IrType *t = ir_type(&em->m->types, type);
    if (!beside_value || !t || t->kind != IR_TYPE_SCALAR) return false;
    uint32_t b = (uint32_t)bits;
    if (t->scalar == IR_UINT) {
        strbuf_printf(out, "uint(%" PRIu32 ")", b);
        return true;
    }
    if (t->scalar == IR_SINT) {
        if ((int32_t)b == INT32_MIN) return false;  /* 2147483648 is a long */
        strbuf_printf(out, "int(%" PRId32 ")", (int32_t)b);
        return true;
    }
    float value;
    memcpy(&value, &b, sizeof value);
    if (!isfinite(value) || (t->width == 16 && fabsf(value) > 65504.0f)) return false;
    strbuf_puts(out, t->width == 16 ? "half(" : "float(");
    float_text(out, value);
    strbuf_putc(out, ')');
    return true;
}

/* ---- expressions ---- */

static const IrType *arg_type(const TextEmitter *em, const IrInst *inst, uint32_t i) {
    return ir_type(&em->m->types, ir_value_type(em->f, inst->args[i]));
}

static IrTypeId result_type(const TextEmitter *em, const IrInst *inst) {
    return inst->result_count ? ir_value_type(em->f, inst->results[0]) : IR_NO_TYPE;
}

static uint32_t effect_flags(IrOp op) {
    const IrOpInfo *info = ir_op_info(op);
    uint32_t flags = info->effect == IR_WRITES ? TE_EFFECTS : info->effect == IR_READS ? TE_READS : 0;
    return flags | (ir_op_needs_uniform(op) ? TE_UNIFORM : 0);
}

static TeExpr with_flags(TeExpr e, IrOp op) {
    e.flags = (e.flags & ~TE_CONST) | effect_flags(op);
    return e;
}

static TeExpr name_arg(const char *name) { return (TeExpr){name, TE_PRIMARY, 0, 0}; }

/* A user function call: unit arguments dropped, pointers by address, then the resources the
 * callee uses (directly or through calls), in module order (着九). */
static TeExpr call_expr(TextEmitter *em, const IrInst *inst, const TeExpr *args) {
    const MslState *st = em->user;
    const IrModule *m = em->m;
    static const IrGlobalSet none = {NULL, 0};
    bool known = inst->symbol < ir_function_count(m);
    const IrGlobalSet *uses = known ? &st->uses[inst->symbol] : &none;
    const IrGlobalSet *measures = known ? &st->measures[inst->symbol] : &none;
    TeExpr *list = arena_alloc_array(&em->arena, inst->arg_count + uses->count + measures->count + 1, sizeof *list);
    uint32_t n = 0;
    for (uint32_t i = 0; i < inst->arg_count; i++) {
        const IrType *t = arg_type(em, inst, i);
        if (!t || t->kind == IR_TYPE_VOID) continue;
        list[n] = args[i];
        if (t->kind == IR_TYPE_POINTER) list[n].text = te_address_of(em, &args[i]);
        n++;
    }
    for (uint32_t k = 0; k < uses->count; k++)
        if (msl_global_is_passed(ir_global(m, uses->ids[k]))) list[n++] = name_arg(em->names.globals[uses->ids[k]]);
    for (uint32_t k = 0; k < measures->count; k++) list[n++] = name_arg(msl_length_bytes(em, measures->ids[k]));
    const char *name = inst->symbol < ir_function_count(m) ? em->names.functions[inst->symbol] : NULL;
    TeExpr e = te_call(em, name ? name : "_", list, n);
    e.flags = (e.flags & ~TE_CONST) | TE_EFFECTS;
    return e;
}

/* 数组长度 from the host's size in bytes (ir/abi.h): (bytes - offset) / stride. A runtime array
 * in MSL is a whole buffer (msl.c refuses one at the end of a struct), so the offset is 0. */
static TeExpr array_length_expr(TextEmitter *em, const IrInst *inst) {
    IrGlobalId g = ir_length_target(em->f, inst);
    uint32_t offset = 0, stride = 0;
    if (g == IR_NONE || !ir_runtime_array_extent(&em->m->types, ir_global(em->m, g)->type, &offset, &stride) ||
        stride == 0)
        return name_arg("0u");  /* collect_uses reported it */
    TeExpr bytes = name_arg(msl_length_bytes(em, g));
    TeExpr divisor = name_arg(arena_printf(&em->arena, "%uu", stride));
    return te_binary(em, TE_MUL, "/", &bytes, &divisor);
}

/* atomic_*_explicit(&a[i], v, memory_order_relaxed); compare-exchange goes through a helper
 * that gives back WGSL's result struct (msl.c writes it). */
static TeExpr atomic_expr(TextEmitter *em, const IrInst *inst, const TeExpr *args) {
    const MslState *st = em->user;
    TeExpr list[4];
    uint32_t n = 0;
    list[n] = args[0];
    list[n++].text = te_address_of(em, &args[0]);
    for (uint32_t i = 1; i < inst->arg_count && n < 3; i++) list[n++] = args[i];
    const char *name = msl_spelling[inst->op];
    if (inst->op == IR_OP_ATOMIC_COMPARE_EXCHANGE) {
        IrTypeId rt = result_type(em, inst);
        name = rt < em->m->types.count && st->cmpxchg[rt] ? st->cmpxchg[rt] : "_";
    } else {
        list[n++] = name_arg("memory_order_relaxed");
    }
    return with_flags(te_call(em, name, list, n), inst->op);
}

/* `uint(x)` for an integer operand read; a constant is written as a uint literal (着九:
 * a literal meeting a value of another type takes that type). */
static TeExpr as_uint(TextEmitter *em, const IrInst *inst, uint32_t i, const TeExpr *arg) {
    uint64_t lane = 0;
    uint32_t n = 0;
    if (te_const_lanes(em, inst->args[i], &lane, 1, &n) && n == 1 && (int32_t)lane >= 0)
        return te_make(em, TE_PRIMARY, "%uu", (uint32_t)lane);
    return te_call(em, "uint", arg, 1);
}

/* texture.method(args…): sample, sample(…, level(l)), read, get_width/get_height. */
static TeExpr texture_expr(TextEmitter *em, const IrInst *inst, const TeExpr *args) {
    const char *tex = te_operand(em, TE_PRIMARY, false, &args[0]);
    TeExpr rest[3];
    uint32_t n = 0;
    const char *method = msl_spelling[inst->op];
    switch (inst->op) {
    case IR_OP_TEXTURE_SAMPLE:
    case IR_OP_TEXTURE_SAMPLE_COMPARE:
        for (uint32_t i = 1; i < inst->arg_count && n < 3; i++) rest[n++] = args[i];
        break;
    case IR_OP_TEXTURE_SAMPLE_LEVEL:
        rest[n++] = args[1];
        rest[n++] = args[2];
        rest[n] = te_make(em, TE_PRIMARY, "level(%s)", args[3].text);
        rest[n].flags = args[3].flags;
        n++;
        break;
    case IR_OP_TEXTURE_LOAD: {
        /* read takes uint2 and a uint level; vectors do not convert implicitly. */
        const IrType *c = arg_type(em, inst, 1), *l = arg_type(em, inst, 2);
        const IrType *ce = c ? ir_type(&em->m->types, c->elem) : NULL;
        rest[n] = args[1];
        if (!ce || ce->kind != IR_TYPE_SCALAR || ce->scalar != IR_UINT) rest[n] = te_call(em, "uint2", &args[1], 1);
        n++;
        rest[n] = args[2];
        if (!l || l->kind != IR_TYPE_SCALAR || l->scalar != IR_UINT) rest[n] = as_uint(em, inst, 2, &args[2]);
        n++;
        break;
    }
    default: {  /* dimensions: uint2(t.get_width(l), t.get_height(l)) */
        TeExpr lod = {"", TE_PRIMARY, 0, 0};
        if (inst->arg_count > 1) {
            lod = args[1];
            if (lod.flags & (TE_READS | TE_EFFECTS)) lod = te_materialise(em, &lod, ir_value_type(em->f, inst->args[1]));
        }
        TeExpr dims[2] = {te_make(em, TE_PRIMARY, "%s.get_width(%s)", tex, lod.text),
                          te_make(em, TE_PRIMARY, "%s.get_height(%s)", tex, lod.text)};
        dims[0].flags = dims[1].flags = args[0].flags | lod.flags;
        return with_flags(te_call(em, "uint2", dims, 2), inst->op);
    }
    }
    TeExpr call = te_call(em, method, rest, n);
    TeExpr e = te_make(em, TE_PRIMARY, "%s.%s", tex, call.text);
    e.flags = call.flags | args[0].flags;
    e.params = call.params | args[0].params;
    return with_flags(e, inst->op);
}

/* sign of integers (Metal's sign is for floats): T(x > 0) - T(x < 0). */
static TeExpr int_sign_expr(TextEmitter *em, const IrInst *inst, const TeExpr *args) {
    IrTypeId rt = result_type(em, inst);
    TeExpr x = args[0];
    if (x.cls != TE_PRIMARY || (x.flags & (TE_READS | TE_EFFECTS))) x = te_materialise(em, &x, rt);
    const char *type = te_type_text(em, rt);
    TeExpr e = te_make(em, TE_ADD, "%s(%s > 0) - %s(%s < 0)", type, x.text, type, x.text);
    e.flags = x.flags;
    e.params = x.params;
    return e;
}

/* subgroupBallot: simd_vote holds one bit per lane in a 64-bit vote_t; SIMD-groups have 32
 * lanes, so the mask is its low word and .y/.z/.w are 0. */
static TeExpr ballot_expr(TextEmitter *em, const IrInst *inst, const TeExpr *args) {
    TeExpr vote = te_call(em, "simd_ballot", args, 1);
    TeExpr e = te_make(em, TE_PRIMARY, "uint4(uint(static_cast<simd_vote::vote_t>(%s)), 0u, 0u, 0u)", vote.text);
    e.flags = vote.flags;
    e.params = vote.params;
    return with_flags(e, inst->op);
}

/* Metal's dot is for float vectors only. An integer dot is a multiply-add over the lanes
 * that wraps around as WGSL's does: the products are taken in uint (int lanes through
 * as_type, so signed overflow is never undefined), kept once in a temporary, then summed
 * lane by lane: `const auto _1 = as_type<uint3>(a) * as_type<uint3>(b);`
 * `as_type<int>(_1.x + _1.y + _1.z)`. */
static TeExpr int_dot_expr(TextEmitter *em, const IrInst *inst, const TeExpr *args) {
    const IrTypeTable *types = &em->m->types;
    IrTypeId vec = ir_value_type(em->f, inst->args[0]);
    const IrType *v = ir_type(types, vec);
    uint32_t lanes = v ? v->count : 0;
    bool is_signed = ir_type_is_signed(types, vec);  /* the lanes are integers here */
    TeExpr factors[2] = {args[0], args[1]};
    if (is_signed)
        for (uint32_t i = 0; i < 2; i++)
            factors[i] = te_make(em, TE_PRIMARY, "as_type<uint%u>(%s)", lanes, args[i].text);
    for (uint32_t i = 0; i < 2; i++) {
        factors[i].flags = args[i].flags;
        factors[i].params = args[i].params;
    }
    TeExpr product = te_binary(em, TE_MUL, "*", &factors[0], &factors[1]);
    TeExpr p = te_materialise(em, &product, vec);
    StrBuf sum;
    strbuf_init(&sum);
    static const char LANE[4] = {'x', 'y', 'z', 'w'};
    for (uint32_t i = 0; i < lanes && i < 4; i++) strbuf_printf(&sum, "%s%s.%c", i ? " + " : "", p.text, LANE[i]);
    TeExpr e = is_signed ? te_make(em, TE_PRIMARY, "as_type<int>(%s)", strbuf_cstr(&sum))
                         : te_make(em, TE_ADD, "%s", strbuf_cstr(&sum));
    strbuf_free(&sum);
    return e;
}

/* Whether a member path from a value of `type` ends at a packed field (msl_field_is_packed);
 * struct steps of an access chain are constants. */
static bool path_ends_packed(TextEmitter *em, IrTypeId type, const uint32_t *path, uint32_t count) {
    for (uint32_t i = 0; i + 1 < count; i++) type = ir_type_member(&em->m->types, type, path[i]);
    const IrType *t = ir_type(&em->m->types, type);
    return count > 0 && t && t->kind == IR_TYPE_STRUCT && msl_field_is_packed(em, type, path[count - 1]);
}

/* The pointer operand of a load is an access chain ending at a packed field. */
static bool loads_packed(TextEmitter *em, const IrInst *load) {
    const IrValue *v = ir_value(em->f, load->args[0]);
    const IrInst *access = v && v->kind == IR_VALUE_RESULT ? ir_inst(em->f, v->def) : NULL;
    if (!access || access->op != IR_OP_ACCESS || access->arg_count < 2) return false;
    const IrType *base = ir_type(&em->m->types, ir_value_type(em->f, access->args[0]));
    if (!base || base->kind != IR_TYPE_POINTER) return false;
    uint32_t n = access->arg_count - 1;
    uint32_t *path = arena_alloc_array(&em->arena, n, sizeof *path);
    IrTypeId type = base->elem;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t lane = 0;
        uint32_t lanes = 0;
        const IrType *t = ir_type(&em->m->types, type);
        bool constant = te_const_lanes(em, access->args[i + 1], &lane, 1, &lanes) && lanes == 1;
        if (t && t->kind == IR_TYPE_STRUCT && !constant) return false;
        path[i] = constant ? (uint32_t)lane : 0;
        if (i + 1 < n) type = ir_type_member(&em->m->types, type, path[i]);
    }
    return path_ends_packed(em, base->elem, path, n);
}

/* A packed field read as a value is converted to the aligned vector (seed 000: float3(p)),
 * so arithmetic and builtins see Metal's ordinary vector types. */
static bool packed_read(TextEmitter *em, const IrInst *inst, const TeExpr *args, TeExpr *out) {
    IrTypeId rt = result_type(em, inst);
    if (inst->op == IR_OP_EXTRACT) {
        IrTypeId from = ir_value_type(em->f, inst->args[0]);
        if (!path_ends_packed(em, from, inst->indices, inst->index_count)) return false;
        TeExpr member = te_extract_chain(em, &args[0], from, inst->indices, inst->index_count);
        *out = te_call(em, te_type_text(em, rt), &member, 1);
        return true;
    }
    if (!loads_packed(em, inst)) return false;
    const IrType *p = ir_type(&em->m->types, ir_value_type(em->f, inst->args[0]));
    bool stable = p->space == IR_SPACE_UNIFORM || p->space == IR_SPACE_STORAGE_READ;
    *out = te_call(em, te_type_text(em, rt), &args[0], 1);
    out->flags = (out->flags & ~TE_CONST) | (stable ? 0 : TE_READS);
    return true;
}

static bool msl_expr(TextEmitter *em, const IrInst *inst, const TeExpr *args, TeExpr *out) {
    const IrTypeTable *types = &em->m->types;
    switch (inst->op) {
    case IR_OP_EXTRACT: case IR_OP_LOAD:
        return packed_read(em, inst, args, out);
    case IR_OP_CALL:
        *out = call_expr(em, inst, args);
        return true;
    case IR_OP_SELECT: {
        const IrType *c = arg_type(em, inst, 0);
        if (!c || c->kind != IR_TYPE_BOOL) return false;  /* vector condition: select(f, t, c) */
        *out = te_make(em, TE_PRIMARY, "(%s ? %s : %s)", args[0].text, args[1].text, args[2].text);
        out->flags = te_combine_flags(args, 3);
        out->params = args[0].params | args[1].params | args[2].params;
        return true;
    }
    case IR_OP_REM:
        if (!ir_type_is_float(types, result_type(em, inst))) return false;
        *out = te_call(em, "fmod", args, 2);
        return true;
    case IR_OP_DOT:
        if (!ir_type_is_integer(types, result_type(em, inst))) return false;
        *out = int_dot_expr(em, inst, args);
        return true;
    case IR_OP_SIGN:
        if (!ir_type_is_integer(types, result_type(em, inst))) return false;
        *out = int_sign_expr(em, inst, args);
        return true;
    case IR_OP_PACK2X16FLOAT: {
        TeExpr h = te_call(em, "half2", args, 1);
        *out = te_call(em, "as_type<uint>", &h, 1);
        return true;
    }
    case IR_OP_UNPACK2X16FLOAT: {
        TeExpr h = te_call(em, "as_type<half2>", args, 1);
        *out = te_call(em, "float2", &h, 1);
        return true;
    }
    case IR_OP_SUBGROUP_BALLOT:
        *out = ballot_expr(em, inst, args);
        return true;
    case IR_OP_TENSOR_ZERO: case IR_OP_TENSOR_MMA: case IR_OP_TENSOR_STORE: case IR_OP_TENSOR_MMA_SHARED:
        *out = msl_tensor_expr(em, inst, args);  /* tensor_mma_shared: refused before (msl_tensor.c) */
        return true;
    case IR_OP_ARRAY_LENGTH:
        *out = array_length_expr(em, inst);
        return true;
    case IR_OP_ATOMIC_LOAD: case IR_OP_ATOMIC_STORE: case IR_OP_ATOMIC_ADD: case IR_OP_ATOMIC_SUB:
    case IR_OP_ATOMIC_MAX: case IR_OP_ATOMIC_MIN: case IR_OP_ATOMIC_EXCHANGE:
    case IR_OP_ATOMIC_COMPARE_EXCHANGE:
        *out = atomic_expr(em, inst, args);
        return true;
    case IR_OP_TEXTURE_SAMPLE: case IR_OP_TEXTURE_SAMPLE_LEVEL: case IR_OP_TEXTURE_LOAD:
    case IR_OP_TEXTURE_DIMENSIONS: case IR_OP_TEXTURE_SAMPLE_COMPARE:
        *out = texture_expr(em, inst, args);
        return true;
    case IR_OP_FRAG_ZERO: case IR_OP_FRAG_LOAD: case IR_OP_FRAG_LOAD_ROWS8: case IR_OP_FRAG_LOAD_TRANSPOSED:
    case IR_OP_FRAG_MMA: case IR_OP_FRAG_STORE: case IR_OP_FRAG_STORE_ROWS8:
    case IR_OP_FRAG_SCALE: case IR_OP_FRAG_ADD_SCALAR: case IR_OP_FRAG_MAX_SCALAR: case IR_OP_FRAG_ADD:
    case IR_OP_FRAG_SUB: case IR_OP_FRAG_MUL: case IR_OP_FRAG_DIV: case IR_OP_FRAG_MAX: case IR_OP_FRAG_EXP2:
    case IR_OP_FRAG_ROW_MAX: case IR_OP_FRAG_ROW_SUM: case IR_OP_FRAG_TO_A: case IR_OP_FRAG_MASK_UPPER:
        return msl_fragment_expr(em, inst, args, out);
    default:
        return false;
    }
}

/* ---- statements ---- */

static void msl_let(TextEmitter *em, StrBuf *out, const char *name, IrTypeId type, const char *value) {
    (void)em;
    (void)type;
    strbuf_printf(out, "const auto %s = %s;", name, value);
}

/* Function variables start at zero as in WGSL: `T 名 = {};` when there is no initialiser. */
static void msl_var(TextEmitter *em, StrBuf *out, const char *name, IrTypeId type, const char *init) {
    te_type(em, out, type);
    strbuf_printf(out, " %s = %s;", name, init ? init : "{}");
}

static void msl_phony(TextEmitter *em, StrBuf *out, const char *value) {
    (void)em;
    strbuf_printf(out, "(void)(%s);", value);
}

static void msl_prologue(TextEmitter *em, const IrFunction *func) {
    (void)func;
    const MslState *st = em->user;
    for (uint32_t i = 0; i < st->prologue_count; i++) te_line(em, "%s", st->prologue[i]);
}

const TeLang msl_lang = {
    .name = "MSL",
    .prose_name = "金属",
    .spelling = msl_spelling,
    .unspelled = msl_op_unspelled,
    .needs_parens = msl_needs_parens,
    /* A runtime-sized array is only behind a pointer (device T*); the comparison function
     * of a comparison sampler lives on the host's sampler state (着九). */
    .types = {
        .unit = "void",
        .boolean = "bool", .f16 = "half", .f32 = "float", .i32 = "int", .u32 = "uint",
        .vector = "$e$n", .matrix = "$e$cx$n", .array = "array<$e, $n>", .runtime_array = "$e",
        .atomic = "atomic_$e", .texture_2d = "texture2d<$e>",
        .texture_depth_2d = "depth2d<float>", .sampler = "sampler", .sampler_comparison = "sampler",
        .pointer = msl_pointer,
        .fragment = msl_fragment,
    },
    .literal = msl_literal,
    .abstract_literal = msl_abstract_literal,
    .expr = msl_expr,
    .let = msl_let,
    .var = msl_var,
    .phony = msl_phony,
    .if_open = "if (",
    .if_close = ") {",
    .loop_open = "while (true) {",
    .struct_braces = true,
    .array_braces = true,
    .body_prologue = msl_prologue,
};
