/* Types of the checked program: scalars with widths, unnamed tuples (vectors and matrices
 * are tuple aliases), records, builtin constructed types, functions, and the unification
 * variables the checker solves. Types live in the compilation arena. */
#ifndef YUSEC_FRONTEND_TYPES_H
#define YUSEC_FRONTEND_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/source.h"

typedef enum TypeKind {
    TYPE_ERROR,          /* after an error: agrees with everything, so errors do not cascade */
    TYPE_VAR,            /* a unification variable (see TypeVar); prune before looking */
    TYPE_PARAM,          /* a 凡-bound parameter inside a builtin's scheme */
    TYPE_ABSTRACT_INT,   /* 「整数」: integer literal type (WGSL abstract-int) */
    TYPE_ABSTRACT_FLOAT, /* 「小数」: decimal literal type (WGSL abstract-float) */
    TYPE_BOOL,           /* 「爻」 */
    TYPE_UNIT,           /* 「有」 */
    TYPE_META,           /* 「元类型」: the type of types (only in interface signatures) */
    TYPE_SCALAR,         /* 「定长小数/定长整数/定长无符号」于 width */
    TYPE_NAT,            /* an integer numeral used as a type argument (array length, width) */
    TYPE_TUPLE,          /* A 合 B 合 …: vectors, matrices and other tuples */
    TYPE_RECORD,         /* 「组类」【…】: named (即 struct) or anonymous (a 组值 literal) */
    TYPE_CON,            /* a builtin type constructor applied to arguments (see TypeCon) */
    TYPE_FUNC,           /* parameters and a result; never a first-class value */
} TypeKind;

typedef enum ScalarKind { SCALAR_FLOAT, SCALAR_SINT, SCALAR_UINT } ScalarKind;

/* Builtin type constructors (the interface declares them with 元类型 signatures; the
 * compiler gives them meaning). Arity in parentheses. */
#define YU_TYPE_CONS(X)                                                        \
    X(ARRAY, "数组", 1)                 /* array<T> (runtime-sized) */           \
    X(FIXED_ARRAY, "定长数组", 2)       /* array<T, N>: args T, NAT */           \
    X(ATOMIC, "原子", 1)                /* atomic<T> */                          \
    X(CELL, "格", 1)                    /* a function-space variable (var) */    \
    X(TEXTURE_2D, "纹理二维", 1)        /* texture_2d<T> */                      \
    X(SAMPLER, "采样器", 0)             /* sampler */                            \
    X(DEPTH_TEXTURE_2D, "深度纹理二维", 0) /* texture_depth_2d */                \
    X(SAMPLER_COMPARISON, "比较采样器", 0) /* sampler_comparison */              \
    X(STORAGE_BUFFER, "存储缓冲", 1)    /* var<storage, …> */                    \
    X(UNIFORM_BUFFER, "均匀缓冲", 1)    /* var<uniform> */                       \
    X(WORKGROUP_VAR, "工作组变量", 1)   /* var<workgroup> */                     \
    X(ACCESS, "访问方式", 0)            /* 只读 / 读写 */                        \
    X(COMPUTE_ENTRY, "计算入口", 0)                                              \
    X(VERTEX_ENTRY, "顶点入口", 0)                                               \
    X(FRAGMENT_ENTRY, "片元入口", 0)                                             \
    X(SUBGROUP_MATRIX_A, "子组矩阵片甲", 0) /* 16×16 f16, 着十二 */              \
    X(SUBGROUP_MATRIX_B, "子组矩阵片乙", 0)                                      \
    X(SUBGROUP_MATRIX_ACC, "子组矩阵片累", 0) /* 16×16 f32 accumulator */        \
    X(INT8_MATRIX_A, "整八矩阵片甲", 0) /* 16×32 s8 (PTX only) */                \
    X(INT8_MATRIX_B, "整八矩阵片乙", 0)                                          \
    X(INT_MATRIX_ACC, "整矩阵片累", 0)  /* 16×16 s32 accumulator */              \
    X(TENSOR_ACC, "张量片累", 0)        /* 64×64 f32, Metal 4 only (着十三) */   \
    X(ASYNC_BARRIER, "异步屏障", 0)     /* Hopper mbarrier: workgroup arrays only */ \
    X(TENSOR_MAP, "张量映射", 1)        /* a CUtensorMap binding of a 2-D tensor of T */

typedef enum TypeCon {
#define YU_TYPE_CON_ENUM(id, name, arity) TCON_##id,
    YU_TYPE_CONS(YU_TYPE_CON_ENUM)
#undef YU_TYPE_CON_ENUM
    TCON_COUNT
} TypeCon;

const char *fe_type_con_name(TypeCon con);
uint32_t fe_type_con_arity(TypeCon con);
/* The constructor with this Chinese name, or TCON_COUNT. */
TypeCon fe_type_con_lookup(const char *name);

/* Builtin input/output types (着三, 着四 rule 3): aliases that get @builtin(…). */
#define YU_IO_BUILTINS(X)                                                         \
    X(GLOBAL_INVOCATION_ID, "全局调用号", "global_invocation_id")                 \
    X(LOCAL_INVOCATION_ID, "局部调用号", "local_invocation_id")                   \
    X(LOCAL_INVOCATION_INDEX, "局部调用序", "local_invocation_index")             \
    X(WORKGROUP_ID, "工作组号", "workgroup_id")                                   \
    X(NUM_WORKGROUPS, "工作组数", "num_workgroups")                               \
    X(SUBGROUP_INVOCATION_ID, "子组调用序", "subgroup_invocation_id")             \
    X(SUBGROUP_SIZE, "子组大小", "subgroup_size")                                 \
    X(VERTEX_INDEX, "顶点序号", "vertex_index")                                   \
    X(INSTANCE_INDEX, "实例序号", "instance_index")                               \
    X(FRAG_COORD, "片元坐标", "position")        /* fragment input */             \
    X(FRONT_FACING, "正面朝向", "front_facing")                                   \
    X(SAMPLE_INDEX, "采样序号", "sample_index")                                   \
    X(SAMPLE_MASK, "采样掩码", "sample_mask")                                     \
    X(CLIP_POSITION, "裁剪位置", "position")     /* vertex output */              \
    X(FRAG_DEPTH, "片元深度", "frag_depth")

typedef enum IoBuiltin {
    IO_NONE,
#define YU_IO_ENUM(id, name, wgsl) IO_##id,
    YU_IO_BUILTINS(YU_IO_ENUM)
#undef YU_IO_ENUM
    IO_COUNT
} IoBuiltin;

const char *fe_io_builtin_name(IoBuiltin io);  /* 「全局调用号」 without quotes */
const char *fe_io_builtin_wgsl(IoBuiltin io);  /* global_invocation_id */
IoBuiltin fe_io_builtin_lookup(const char *name);
/* True for the builtins that are stage inputs (everything but 裁剪位置 and 片元深度; 采样掩码
 * is both). */
bool fe_io_builtin_is_input(IoBuiltin io);
bool fe_io_builtin_is_output(IoBuiltin io);

/* Literal variables adapt to the other side of a unification (着三 literal rules). */
typedef enum LitKind {
    LIT_NONE,   /* an ordinary variable */
    LIT_INT,    /* an integer numeral: becomes 整数, 小数 or any concrete scalar */
    LIT_FLOAT,  /* a decimal numeral: becomes 小数 or a concrete float scalar */
} LitKind;

typedef struct Type Type;

typedef struct RecordField {
    const char *name;
    Span span;
    Type *type;
    IoBuiltin io;       /* the field was declared with a builtin IO alias */
    const char *alias;  /* the type name written for the field, when it was a name */
} RecordField;

struct Type {
    TypeKind kind;
    union {
        struct { Type *binding; uint32_t id; LitKind lit; } var;           /* VAR */
        struct { uint32_t index; const char *name; } param;                /* PARAM */
        struct { ScalarKind kind; uint32_t width; } scalar;                /* SCALAR */
        uint64_t nat;                                                      /* NAT */
        struct { Type **items; uint32_t count; } tuple;                    /* TUPLE */
        struct { const char *name; uint32_t id; RecordField *fields;
                 uint32_t count; } record;  /* RECORD: name NULL and id 0 when anonymous */
        struct { TypeCon con; Type **args; uint32_t count; } con;          /* CON */
        struct { Type **params; uint32_t count; Type *result; } func;      /* FUNC */
    } as;
};

/* A polymorphic type (凡 甲 而 凡 乙 而 …): TYPE_PARAM i inside body stands for names[i]. */
typedef struct TypeScheme {
    const char **names;
    uint32_t count;
    Type *body;
} TypeScheme;

/* ---- Construction (all in the arena) ---- */
typedef struct TypeContext {
    Arena *arena;
    uint32_t next_var;
    uint32_t next_record;
    Type *error, *abstract_int, *abstract_float, *boolean, *unit, *meta;
    Type *f32, *f16, *i32, *u32;
} TypeContext;

void fe_type_context_init(TypeContext *ctx, Arena *arena);

Type *fe_type_var(TypeContext *ctx, LitKind lit);
Type *fe_type_param(TypeContext *ctx, uint32_t index, const char *name);
Type *fe_type_scalar(TypeContext *ctx, ScalarKind kind, uint32_t width);
Type *fe_type_nat(TypeContext *ctx, uint64_t value);
Type *fe_type_tuple(TypeContext *ctx, Type **items, uint32_t count);
Type *fe_type_vector(TypeContext *ctx, Type *elem, uint32_t count);
Type *fe_type_con(TypeContext *ctx, TypeCon con, Type **args, uint32_t count);
Type *fe_type_con1(TypeContext *ctx, TypeCon con, Type *arg);
Type *fe_type_func(TypeContext *ctx, Type **params, uint32_t count, Type *result);
Type *fe_type_record(TypeContext *ctx, const char *name, RecordField *fields, uint32_t count);

/* ---- Inspection ---- */
/* Follows bound variables (with path compression). Always use before switching on kind. */
Type *fe_type_prune(Type *type);
/* A variable still unbound after pruning. */
bool fe_type_is_unbound(Type *type);
bool fe_type_is_error(Type *type);
/* Concrete scalar (not abstract). */
bool fe_type_is_scalar(Type *type);
/* Scalar, abstract literal type, or a literal variable. */
bool fe_type_is_numeric_scalar(Type *type);
/* A tuple of 2–4 equal scalars (including bool and abstract literal types). */
bool fe_type_is_vector(Type *type, Type **elem, uint32_t *count);
/* A tuple of 2–4 equal float vectors of 2–4 items: cols columns of rows rows. */
bool fe_type_is_matrix(Type *type, Type **column, uint32_t *cols, uint32_t *rows);
/* A TYPE_CON of this constructor. */
bool fe_type_is_con(Type *type, TypeCon con);
/* The element of 数组/定长数组 (and the length for 定长数组, else 0). */
bool fe_type_array_elem(Type *type, Type **elem, uint64_t *length);
/* True if a TYPE_PARAM or an unbound non-literal variable occurs in the type. */
bool fe_type_has_unbound(Type *type);
bool fe_type_uses_f16(Type *type);

/* Structural equality after pruning (records by identity when both are named). */
bool fe_type_equal(Type *a, Type *b);

/* Unifies a and b, binding variables. Returns false on a mismatch (bindings made before
 * the mismatch remain; callers report and move on). */
bool fe_type_unify(TypeContext *ctx, Type *a, Type *b);

/* Replaces TYPE_PARAM i by args[i]. */
Type *fe_type_subst(TypeContext *ctx, Type *type, Type **args, uint32_t count);

/* Binds leftover literal variables to 整数 / 小数 (WGSL abstract types). */
void fe_type_default_literals(TypeContext *ctx, Type *type);

/* The solution of a type: no variables left (unbound literal variables become 整数/小数,
 * other unbound variables the error type). */
Type *fe_type_zonk(TypeContext *ctx, Type *type);

/* Chinese spelling for messages: 「浮三二」, 「三维无」, 「存储缓冲」于（「数组」于「无三二」）… */
const char *fe_type_to_string(Arena *arena, Type *type);

#endif
