/* The compiler's table of builtin semantics. The interface 点染本 gives each builtin its
 * signature (with 凡 for polymorphism); this table adds what a signature cannot say: which
 * types each 凡 variable may take, effects, uniformity, and constant-evaluability. */
#include <string.h>

#include "check_internal.h"

static const char *const INTRINSIC_NAMES[INTRINSIC_COUNT] = {
    [INTRINSIC_NONE] = "",
#define YU_INTRINSIC_NAME(id, name) [INTRINSIC_##id] = name,
    YU_INTRINSICS(YU_INTRINSIC_NAME)
#undef YU_INTRINSIC_NAME
};

const char *fe_intrinsic_name(Intrinsic intrinsic) {
    return intrinsic < INTRINSIC_COUNT ? INTRINSIC_NAMES[intrinsic] : "";
}

Intrinsic fe_intrinsic_lookup(const char *name) {
    for (int i = 1; i < INTRINSIC_COUNT; i++)
        if (strcmp(INTRINSIC_NAMES[i], name) == 0) return (Intrinsic)i;
    return INTRINSIC_NONE;
}

/* What a 凡 variable may become. */
typedef enum Constraint {
    C_ANY,
    C_NUM,       /* numeric scalar or vector (abstract literals too) */
    C_FLOAT,     /* float scalar or vector (an integer literal becomes 小数) */
    C_F32,       /* 浮三二 or a vector of it */
    C_F32VEC,    /* a vector of 浮三二 */
    C_DOTVEC,    /* a vector of 浮三二, 整三二 or 无三二 (点积; abstract literals too) */
    C_INT,       /* integer scalar or vector (signed or unsigned) */
    C_UINT,      /* 无三二 or a vector of it (shift amounts) */
    C_SIGNED,    /* float or signed integer, scalar or vector */
    C_SCALAR,    /* any scalar, abstract or concrete, or 爻 (constructor arguments) */
    C_CONCRETE,  /* concrete scalar or vector, 爻 included (conversion targets) */
    C_CONVERTIBLE, /* scalar or vector (conversion sources) */
    C_ATOMIC,    /* 整三二 or 无三二 */
    C_SUBGROUP,  /* 浮三二, 整三二, 无三二, 浮十六 or a 二/三/四维 vector of one (subgroups, 着十一) */
    C_SAMPLED,   /* 浮三二, 整三二 or 无三二 (texture sample types) */
    C_INDEX,     /* 整三二 or 无三二 (or an integer literal) */
    C_NAT,       /* an array length */
} Constraint;

enum {
    F_SIDE = 1u << 0,      /* has effects: never dropped, duplicated or made a select */
    F_UNIFORM = 1u << 1,   /* must be called in uniform control flow */
    F_CONST = 1u << 2,     /* allowed in constant expressions */
    F_WRITES = 1u << 3,    /* writes through its resource argument */
    F_ARRAY_RES = 1u << 4, /* parameter 0 is a resource holding an array */
    F_SUBGROUP = 1u << 5,
    F_MATRIX = 1u << 6,
    F_INT8 = 1u << 7,
    F_TENSOR = 1u << 8,
};

typedef struct BuiltinInfo {
    unsigned char constraints[3];
    unsigned flags;
} BuiltinInfo;

#define MATH1 {{C_FLOAT}, F_CONST}
#define ATOM {{C_ATOMIC}, F_SIDE | F_WRITES | F_ARRAY_RES}
#define SUBG {{C_SUBGROUP}, F_SIDE | F_UNIFORM | F_SUBGROUP}
#define VOTE {{0}, F_SIDE | F_UNIFORM | F_SUBGROUP}
#define MAT(extra) {{C_NAT}, F_SIDE | F_UNIFORM | F_MATRIX | (extra)}

static const BuiltinInfo INFO[INTRINSIC_COUNT] = {
    [INTRINSIC_UNIT] = {{0}, F_CONST},
    [INTRINSIC_ACCESS_READ] = {{0}, F_CONST},
    [INTRINSIC_ACCESS_READ_WRITE] = {{0}, F_CONST},
    [INTRINSIC_NEW_F32] = {{C_SCALAR}, F_CONST},
    [INTRINSIC_NEW_F16] = {{C_SCALAR}, F_CONST},
    [INTRINSIC_NEW_I32] = {{C_SCALAR}, F_CONST},
    [INTRINSIC_NEW_U32] = {{C_SCALAR}, F_CONST},
    [INTRINSIC_BIND] = {{C_ANY}, 0},
    [INTRINSIC_BIND_UNIFORM] = {{C_ANY}, 0},
    [INTRINSIC_BIND_TEXTURE] = {{C_SAMPLED}, 0},
    [INTRINSIC_WORKGROUP_SHARE] = {{C_ANY}, 0},
    [INTRINSIC_ARRAY_READ] = {{C_ANY}, F_ARRAY_RES},
    [INTRINSIC_ARRAY_WRITE] = {{C_ANY}, F_SIDE | F_WRITES | F_ARRAY_RES},
    [INTRINSIC_ARRAY_LENGTH] = {{C_ANY}, F_ARRAY_RES},
    [INTRINSIC_SHARED_READ] = {{C_ANY, C_NAT}, F_ARRAY_RES},
    [INTRINSIC_SHARED_WRITE] = {{C_ANY, C_NAT}, F_SIDE | F_WRITES | F_ARRAY_RES},
    [INTRINSIC_ELEMENT] = {{C_ANY, C_NAT}, F_CONST},
    [INTRINSIC_CELL_NEW] = {{C_ANY}, F_SIDE},
    [INTRINSIC_CELL_READ] = {{C_ANY}, 0},
    [INTRINSIC_CELL_WRITE] = {{C_ANY}, F_SIDE},
    [INTRINSIC_CELL_ELEMENT_READ] = {{C_ANY, C_NAT}, 0},
    [INTRINSIC_CELL_ELEMENT_WRITE] = {{C_ANY, C_NAT}, F_SIDE},
    [INTRINSIC_ARRAY_ELEMENT_READ] = {{C_ANY, C_NAT}, F_ARRAY_RES},
    [INTRINSIC_ARRAY_ELEMENT_WRITE] = {{C_ANY, C_NAT}, F_SIDE | F_WRITES | F_ARRAY_RES},
    [INTRINSIC_CONVERT] = {{C_CONCRETE, C_CONVERTIBLE}, F_CONST},
    [INTRINSIC_BITCAST] = {{C_CONCRETE, C_CONVERTIBLE}, F_CONST},
    [INTRINSIC_PACK_HALF2] = {{0}, F_CONST},
    [INTRINSIC_UNPACK_HALF2] = {{0}, F_CONST},
    [INTRINSIC_ABS] = {{C_NUM}, F_CONST},
    [INTRINSIC_NEGATE] = {{C_SIGNED}, F_CONST},
    [INTRINSIC_SIGN] = {{C_SIGNED}, F_CONST},
    [INTRINSIC_SQRT] = MATH1, [INTRINSIC_INVERSE_SQRT] = MATH1, [INTRINSIC_EXP] = MATH1,
    [INTRINSIC_EXP2] = MATH1, [INTRINSIC_LOG] = MATH1, [INTRINSIC_LOG2] = MATH1,
    [INTRINSIC_SIN] = MATH1, [INTRINSIC_COS] = MATH1, [INTRINSIC_TAN] = MATH1,
    [INTRINSIC_TANH] = MATH1, [INTRINSIC_ASIN] = MATH1, [INTRINSIC_ACOS] = MATH1,
    [INTRINSIC_ATAN] = MATH1, [INTRINSIC_FLOOR] = MATH1, [INTRINSIC_CEIL] = MATH1,
    [INTRINSIC_TRUNC] = MATH1, [INTRINSIC_FRACT] = MATH1, [INTRINSIC_ROUND] = MATH1,
    [INTRINSIC_SATURATE] = MATH1,
    [INTRINSIC_DPDX] = {{C_FLOAT}, F_UNIFORM},
    [INTRINSIC_DPDY] = {{C_FLOAT}, F_UNIFORM},
    [INTRINSIC_MIN] = {{C_NUM}, F_CONST}, [INTRINSIC_MAX] = {{C_NUM}, F_CONST},
    [INTRINSIC_POW] = MATH1, [INTRINSIC_ATAN2] = MATH1, [INTRINSIC_STEP] = MATH1,
    [INTRINSIC_CLAMP] = {{C_NUM}, F_CONST}, [INTRINSIC_MIX] = MATH1, [INTRINSIC_FMA] = MATH1,
    [INTRINSIC_SMOOTHSTEP] = MATH1,
    [INTRINSIC_DOT] = {{C_DOTVEC, C_ANY}, F_CONST},
    [INTRINSIC_LENGTH] = {{C_F32}, F_CONST},
    [INTRINSIC_DISTANCE] = {{C_F32}, F_CONST},
    [INTRINSIC_CROSS] = {{0}, F_CONST},
    [INTRINSIC_NORMALIZE] = {{C_F32VEC}, F_CONST},
    [INTRINSIC_REFLECT] = {{C_F32VEC}, F_CONST},
    [INTRINSIC_BIT_AND] = {{C_INT}, F_CONST}, [INTRINSIC_BIT_OR] = {{C_INT}, F_CONST},
    [INTRINSIC_BIT_XOR] = {{C_INT}, F_CONST}, [INTRINSIC_BIT_NOT] = {{C_INT}, F_CONST},
    [INTRINSIC_SHIFT_LEFT] = {{C_INT, C_UINT}, F_CONST},
    [INTRINSIC_SHIFT_RIGHT] = {{C_INT, C_UINT}, F_CONST},
    [INTRINSIC_COUNT_ONE_BITS] = {{C_INT}, F_CONST},
    [INTRINSIC_REVERSE_BITS] = {{C_INT}, F_CONST},
    [INTRINSIC_WORKGROUP_BARRIER] = {{0}, F_SIDE | F_UNIFORM},
    [INTRINSIC_STORAGE_BARRIER] = {{0}, F_SIDE | F_UNIFORM},
    [INTRINSIC_DISCARD] = {{0}, F_SIDE},
    [INTRINSIC_TEXTURE_SAMPLE] = {{0}, F_UNIFORM},
    [INTRINSIC_TEXTURE_SAMPLE_LEVEL] = {{0}, 0},
    [INTRINSIC_TEXTURE_LOAD] = {{C_SAMPLED, C_INDEX, C_INDEX}, 0},
    [INTRINSIC_TEXTURE_DIMENSIONS] = {{C_SAMPLED}, 0},
    [INTRINSIC_TEXTURE_SAMPLE_COMPARE] = {{0}, F_UNIFORM},
    [INTRINSIC_ATOMIC_ADD] = ATOM, [INTRINSIC_ATOMIC_SUB] = ATOM, [INTRINSIC_ATOMIC_MAX] = ATOM,
    [INTRINSIC_ATOMIC_MIN] = ATOM, [INTRINSIC_ATOMIC_EXCHANGE] = ATOM,
    [INTRINSIC_ATOMIC_LOAD] = {{C_ATOMIC}, F_SIDE | F_ARRAY_RES},
    [INTRINSIC_ATOMIC_STORE] = ATOM, [INTRINSIC_ATOMIC_COMPARE_EXCHANGE] = ATOM,
    [INTRINSIC_SUBGROUP_BROADCAST] = SUBG, [INTRINSIC_SUBGROUP_SHUFFLE] = SUBG,
    [INTRINSIC_SUBGROUP_SHUFFLE_XOR] = SUBG, [INTRINSIC_SUBGROUP_ADD] = SUBG,
    [INTRINSIC_SUBGROUP_MAX] = SUBG, [INTRINSIC_SUBGROUP_MIN] = SUBG,
    [INTRINSIC_SUBGROUP_EXCLUSIVE_ADD] = SUBG, [INTRINSIC_SUBGROUP_INCLUSIVE_ADD] = SUBG,
    [INTRINSIC_SUBGROUP_EXCLUSIVE_MUL] = SUBG, [INTRINSIC_SUBGROUP_INCLUSIVE_MUL] = SUBG,
    [INTRINSIC_SUBGROUP_SHUFFLE_UP] = SUBG, [INTRINSIC_SUBGROUP_SHUFFLE_DOWN] = SUBG,
    [INTRINSIC_SUBGROUP_BALLOT] = VOTE, [INTRINSIC_SUBGROUP_ALL] = VOTE,
    [INTRINSIC_SUBGROUP_ANY] = VOTE, [INTRINSIC_SUBGROUP_ELECT] = VOTE,
    [INTRINSIC_MATRIX_ZERO_ACC] = MAT(0), [INTRINSIC_MATRIX_LOAD_A] = MAT(0),
    [INTRINSIC_MATRIX_LOAD_B] = MAT(0), [INTRINSIC_MATRIX_LOAD_ACC] = MAT(0),
    [INTRINSIC_MATRIX_LOAD_ACC_TOP8] = MAT(0), [INTRINSIC_MATRIX_LOAD_A_TOP8] = MAT(0),
    [INTRINSIC_MATRIX_LOAD_A_STORAGE] = MAT(0), [INTRINSIC_MATRIX_LOAD_B_STORAGE] = MAT(0),
    [INTRINSIC_MATRIX_LOAD_B_STORAGE_TRANSPOSED] = MAT(0), [INTRINSIC_MATRIX_MMA] = MAT(0),
    [INTRINSIC_MATRIX_STORE_ACC] = MAT(F_WRITES), [INTRINSIC_MATRIX_STORE_ACC_TOP8] = MAT(F_WRITES),
    [INTRINSIC_MATRIX_STORE_ACC_STORAGE] = MAT(F_WRITES),
    [INTRINSIC_INT_MATRIX_FILL_ACC] = MAT(F_INT8), [INTRINSIC_INT8_MATRIX_LOAD_A] = MAT(F_INT8),
    [INTRINSIC_INT8_MATRIX_LOAD_B] = MAT(F_INT8), [INTRINSIC_INT8_MATRIX_MMA] = MAT(F_INT8),
    [INTRINSIC_INT_MATRIX_STORE_ACC] = MAT(F_INT8 | F_WRITES),
    [INTRINSIC_MATRIX_LOAD_B_TRANSPOSED] = MAT(0),
    [INTRINSIC_MATRIX_ACC_SCALE] = MAT(0), [INTRINSIC_MATRIX_ACC_ADD_SCALAR] = MAT(0),
    [INTRINSIC_MATRIX_ACC_MAX_SCALAR] = MAT(0), [INTRINSIC_MATRIX_ACC_ADD] = MAT(0),
    [INTRINSIC_MATRIX_ACC_SUB] = MAT(0), [INTRINSIC_MATRIX_ACC_MUL] = MAT(0),
    [INTRINSIC_MATRIX_ACC_DIV] = MAT(0), [INTRINSIC_MATRIX_ACC_MAX] = MAT(0),
    [INTRINSIC_MATRIX_ACC_EXP2] = MAT(0), [INTRINSIC_MATRIX_ACC_ROW_MAX] = MAT(0),
    [INTRINSIC_MATRIX_ACC_ROW_SUM] = MAT(0), [INTRINSIC_MATRIX_ACC_TO_A] = MAT(0),
    [INTRINSIC_MATRIX_ACC_MASK_UPPER] = MAT(0),
    [INTRINSIC_ASYNC_COPY] = {{C_NAT}, F_SIDE | F_WRITES},
    [INTRINSIC_ASYNC_COMMIT] = {{0}, F_SIDE},
    [INTRINSIC_ASYNC_WAIT] = {{0}, F_SIDE},
    [INTRINSIC_TENSOR_ZERO_ACC] = {{0}, F_SIDE | F_UNIFORM | F_TENSOR},
    [INTRINSIC_TENSOR_MMA] = {{C_NAT}, F_SIDE | F_UNIFORM | F_TENSOR},
    [INTRINSIC_TENSOR_STORE_ACC] = {{0}, F_SIDE | F_UNIFORM | F_TENSOR | F_WRITES},
    [INTRINSIC_TENSOR_MMA_SHARED] = {{C_NAT}, F_SIDE | F_UNIFORM | F_TENSOR},
    [INTRINSIC_WARPGROUP_ID] = {{0}, F_TENSOR},
    [INTRINSIC_TENSOR_MMA_ASYNC] = {{C_NAT}, F_SIDE | F_UNIFORM | F_TENSOR},
    [INTRINSIC_TENSOR_MMA_ASYNC_BF16] = {{C_NAT}, F_SIDE | F_UNIFORM | F_TENSOR},
    [INTRINSIC_TENSOR_COMMIT] = {{0}, F_SIDE | F_UNIFORM | F_TENSOR},
    [INTRINSIC_TENSOR_WAIT] = {{0}, F_SIDE | F_UNIFORM | F_TENSOR},
    [INTRINSIC_REGISTER_INC] = {{0}, F_SIDE | F_UNIFORM | F_TENSOR},
    [INTRINSIC_REGISTER_DEC] = {{0}, F_SIDE | F_UNIFORM | F_TENSOR},
    [INTRINSIC_ASYNC_BARRIER_INIT] = {{C_NAT}, F_SIDE | F_WRITES},
    [INTRINSIC_ASYNC_BARRIER_ARRIVE] = {{C_NAT}, F_SIDE | F_WRITES},
    [INTRINSIC_ASYNC_BARRIER_EXPECT] = {{C_NAT}, F_SIDE | F_WRITES},
    [INTRINSIC_ASYNC_BARRIER_WAIT] = {{C_NAT}, F_SIDE},
    [INTRINSIC_FENCE_PROXY_ASYNC] = {{0}, F_SIDE},
    [INTRINSIC_TENSOR_BOX] = {{C_ANY}, 0},
    [INTRINSIC_TENSOR_LOAD] = {{C_ANY, C_NAT, C_NAT}, F_SIDE | F_WRITES},
};

static unsigned flags_of(Intrinsic intrinsic) {
    return intrinsic < INTRINSIC_COUNT ? INFO[intrinsic].flags : 0;
}

bool fe_intrinsic_needs_uniformity(Intrinsic intrinsic) { return flags_of(intrinsic) & F_UNIFORM; }
bool fe_intrinsic_has_side_effects(Intrinsic intrinsic) { return flags_of(intrinsic) & F_SIDE; }
int fe_builtin_array_resource_param(Intrinsic intrinsic) {
    return flags_of(intrinsic) & F_ARRAY_RES ? 0 : -1;
}
bool fe_builtin_writes_resource(Intrinsic intrinsic) { return flags_of(intrinsic) & F_WRITES; }
bool fe_builtin_is_const(Intrinsic intrinsic) { return flags_of(intrinsic) & F_CONST; }

void fe_builtin_note_use(Checker *c, Intrinsic intrinsic) {
    unsigned flags = flags_of(intrinsic);
    if (flags & F_SUBGROUP) c->uses_subgroups = true;
    if (flags & F_INT8) c->uses_int8_matrix = true;
    else if (flags & F_MATRIX) c->uses_subgroup_matrix = true;
    if (flags & F_TENSOR) c->uses_tensor = true;
}

/* ---- constraints ---- */

static void adjust_float(Type *type) {
    type = fe_type_prune(type);
    if (type->kind == TYPE_VAR && type->as.var.lit == LIT_INT) type->as.var.lit = LIT_FLOAT;
    if (type->kind == TYPE_TUPLE)
        for (uint32_t i = 0; i < type->as.tuple.count; i++) adjust_float(type->as.tuple.items[i]);
}

/* A shift amount that is an integer literal is a 无三二 (WGSL's shifts take u32 amounts). */
static void adjust_uint(Checker *c, Type *type) {
    Type *elem = NULL;
    if (fe_type_is_vector(type, &elem, NULL)) type = elem;
    type = fe_type_prune(type);
    if (type->kind == TYPE_VAR && type->as.var.lit == LIT_INT)
        fe_type_unify(&c->types, type, fe_type_scalar(&c->types, SCALAR_UINT, 32));
}

void fe_builtin_adjust_type_args(Checker *c, Intrinsic intrinsic, Type **args, uint32_t count) {
    if (intrinsic >= INTRINSIC_COUNT) return;
    for (uint32_t i = 0; i < count && i < 3; i++) {
        Constraint k = (Constraint)INFO[intrinsic].constraints[i];
        if (k == C_FLOAT || k == C_F32 || k == C_F32VEC) adjust_float(args[i]);
        if (k == C_UINT) adjust_uint(c, args[i]);
    }
}

/* Scalar or vector: the element, and whether it was a vector. */
static Type *element_of(Type *type, bool *is_vector) {
    Type *elem;
    type = fe_type_prune(type);
    *is_vector = fe_type_is_vector(type, &elem, NULL);
    return *is_vector ? fe_type_prune(elem) : type;
}

static bool is_float_elem(Type *t) {
    return t->kind == TYPE_ABSTRACT_FLOAT || (t->kind == TYPE_SCALAR && t->as.scalar.kind == SCALAR_FLOAT);
}
static bool is_int_elem(Type *t) {
    return t->kind == TYPE_ABSTRACT_INT || (t->kind == TYPE_SCALAR && t->as.scalar.kind != SCALAR_FLOAT);
}
static bool is_32(Type *t, ScalarKind kind) {
    return t->kind == TYPE_SCALAR && t->as.scalar.kind == kind && t->as.scalar.width == 32;
}

static bool is_f16(Type *t) {
    return t->kind == TYPE_SCALAR && t->as.scalar.kind == SCALAR_FLOAT && t->as.scalar.width == 16;
}

static bool satisfies(Constraint k, Type *type) {
    type = fe_type_prune(type);
    if (type->kind == TYPE_ERROR) return true;
    bool vec;
    Type *e = element_of(type, &vec);
    switch (k) {
    case C_ANY: return true;
    case C_NUM: return is_float_elem(e) || is_int_elem(e);
    case C_FLOAT: return is_float_elem(e);
    case C_F32: return is_32(e, SCALAR_FLOAT);
    case C_F32VEC: return vec && is_32(e, SCALAR_FLOAT);
    case C_DOTVEC:
        return vec && (is_32(e, SCALAR_FLOAT) || is_32(e, SCALAR_SINT) || is_32(e, SCALAR_UINT) ||
                       e->kind == TYPE_ABSTRACT_INT || e->kind == TYPE_ABSTRACT_FLOAT);
    case C_INT: return is_int_elem(e);
    case C_UINT: return is_32(e, SCALAR_UINT) || e->kind == TYPE_ABSTRACT_INT;
    case C_SIGNED: return is_float_elem(e) || is_32(e, SCALAR_SINT) || e->kind == TYPE_ABSTRACT_INT;
    case C_SCALAR: return !vec && (is_float_elem(e) || is_int_elem(e) || e->kind == TYPE_BOOL);
    case C_CONCRETE: return e->kind == TYPE_SCALAR || e->kind == TYPE_BOOL;
    case C_CONVERTIBLE: return is_float_elem(e) || is_int_elem(e) || e->kind == TYPE_BOOL;
    case C_ATOMIC: return !vec && (is_32(e, SCALAR_SINT) || is_32(e, SCALAR_UINT));
    case C_SUBGROUP:
        return is_32(e, SCALAR_FLOAT) || is_32(e, SCALAR_SINT) || is_32(e, SCALAR_UINT) || is_f16(e);
    case C_SAMPLED:
        return !vec && (is_32(e, SCALAR_FLOAT) || is_32(e, SCALAR_SINT) || is_32(e, SCALAR_UINT));
    case C_INDEX:
        return !vec && (is_32(e, SCALAR_SINT) || is_32(e, SCALAR_UINT) || e->kind == TYPE_ABSTRACT_INT);
    case C_NAT: return type->kind == TYPE_NAT;
    }
    return true;
}

static const char *constraint_words(Constraint k) {
    switch (k) {
    case C_NUM: return "数值标量或向量";
    case C_FLOAT: return "浮点标量或向量";
    case C_F32: return "「浮三二」或其向量";
    case C_F32VEC: return "「浮三二」的向量";
    case C_DOTVEC: return "「浮三二」「整三二」或「无三二」的二、三、四维向量";
    case C_INT: return "整数标量或向量";
    case C_UINT: return "「无三二」或其向量";
    case C_SIGNED: return "浮点或有符号整数";
    case C_SCALAR: return "标量";
    case C_CONCRETE: return "具体的标量或向量（不能是「整数」「小数」）";
    case C_CONVERTIBLE: return "标量或向量";
    case C_ATOMIC: return "「整三二」或「无三二」";
    case C_SUBGROUP: return "「浮三二」「整三二」「无三二」「浮十六」或其二、三、四维向量（着十一）";
    case C_SAMPLED: return "「浮三二」「整三二」或「无三二」";
    case C_INDEX: return "「整三二」或「无三二」";
    case C_NAT: return "数组长度";
    default: return "合适的类型";
    }
}

/* 点积's result 「乙」 is the element type of its vector 「甲」 (a float dot gives 浮三二, an
 * integer dot the integer type, 着八's TODO closed). Runs whenever 「甲」 may have become a
 * vector; false (and reported) when the result was already fixed to something else. */
bool fe_builtin_relate_type_args(Checker *c, Intrinsic intrinsic, Type **args, uint32_t count,
                              Span span) {
    if (intrinsic != INTRINSIC_DOT || count != 2) return true;
    Type *elem;
    if (!fe_type_is_vector(args[0], &elem, NULL)) return true;
    if (fe_type_unify(&c->types, args[1], elem)) return true;
    fe_check_error(c, Y_TYPE_MISMATCH, span, "「点积」的结果是向量分量的类型 %s，这里却要 %s", fe_ty_str(c, elem),
                fe_ty_str(c, args[1]));
    return false;
}

/* Conversions between vectors keep the arity; bit casts keep the size. */
static bool conversion_shapes_ok(Checker *c, Intrinsic intrinsic, Type **args, Span span) {
    bool to_vec, from_vec;
    Type *to = element_of(args[0], &to_vec), *from = element_of(args[1], &from_vec);
    uint32_t to_n = 1, from_n = 1;
    if (to_vec) fe_type_is_vector(args[0], NULL, &to_n);
    if (from_vec) fe_type_is_vector(args[1], NULL, &from_n);
    if (intrinsic == INTRINSIC_CONVERT) {
        if (to_n != from_n) {
            fe_check_error(c, Y_BAD_CONVERSION, span, "「转换」不能把 %s 转成 %s（分量个数不同）", fe_ty_str(c, args[1]),
                        fe_ty_str(c, args[0]));
            return false;
        }
        return true;
    }
    uint32_t to_bits = to->kind == TYPE_SCALAR ? to->as.scalar.width * to_n : 0;
    uint32_t from_bits = from->kind == TYPE_SCALAR ? from->as.scalar.width * from_n : 0;
    if (from->kind == TYPE_ABSTRACT_INT) from_bits = 32 * from_n;
    if (to->kind == TYPE_BOOL || from->kind == TYPE_BOOL || to_bits != from_bits || !to_bits) {
        fe_check_error(c, Y_BAD_CONVERSION, span, "「位转换」只能在同样位数的数值类型之间进行（%s 与 %s）",
                    fe_ty_str(c, args[1]), fe_ty_str(c, args[0]));
        return false;
    }
    return true;
}

bool fe_builtin_check_type_args(Checker *c, Intrinsic intrinsic, Type **args, uint32_t count,
                             Span span) {
    if (intrinsic >= INTRINSIC_COUNT) return true;
    bool ok = true;
    for (uint32_t i = 0; i < count && i < 3; i++) {
        Constraint k = (Constraint)INFO[intrinsic].constraints[i];
        if (satisfies(k, args[i])) continue;
        fe_check_error(c, Y_OPERATOR_TYPE, span, "「%s」用在 %s 上，但它只接受%s", fe_intrinsic_name(intrinsic),
                    fe_ty_str(c, args[i]), constraint_words(k));
        ok = false;
    }
    if (ok && (intrinsic == INTRINSIC_CONVERT || intrinsic == INTRINSIC_BITCAST) && count == 2)
        ok = conversion_shapes_ok(c, intrinsic, args, span);
    return ok;
}
