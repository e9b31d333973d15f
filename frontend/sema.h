/* Name resolution and type checking (spec 着三, 着四, 着五, 着八): from the parsed modules
 * of a Program to a CheckedProgram that the YIR lowering consumes.
 *
 * What the lowering gets:
 *  - CheckedProgram.defs: every top-level definition of every shader source, imported
 *    sources first, each in source order, classified per 着四 (SemaDefKind).
 *  - Every expression as a SemaExpr tree with its Type (pruned: no variables left, literals
 *    defaulted to 「整数」/「小数」 where nothing made them concrete), every name resolved
 *    (SEXPR_LOCAL / SEXPR_GLOBAL / SEXPR_BUILTIN_VALUE; calls say what they call).
 *  - Entry parameters, results and struct fields carry the builtin IO alias they were
 *    declared with (IoBuiltin, for @builtin(…)).
 * Parentheses and 也-annotations are gone; tuples are flat; records list values in the
 * order of their record type's fields. */
#ifndef YUSEC_FRONTEND_SEMA_H
#define YUSEC_FRONTEND_SEMA_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/diag.h"
#include "ast.h"
#include "module.h"
#include "types.h"

/* Builtin values and functions (the names of 点染本 that are not types).
 * X(ID, name). Their typing rules live in frontend/builtins.c; docs/builtins.md says what
 * each becomes on every target. */
#define YU_INTRINSICS(X)                                                              \
    /* values */                                                                      \
    X(UNIT, "元") X(ACCESS_READ, "只读") X(ACCESS_READ_WRITE, "读写")                 \
    /* literal constructors: a literal argument gives a literal, otherwise a conversion */ \
    X(NEW_F32, "新浮三二") X(NEW_F16, "新浮十六") X(NEW_I32, "新整三二") X(NEW_U32, "新无三二") \
    /* resources (only as the value of a top-level resource definition) */            \
    X(BIND, "绑定") X(BIND_UNIFORM, "均匀绑定") X(BIND_TEXTURE, "纹理绑定")           \
    X(BIND_SAMPLER, "采样器绑定") X(BIND_DEPTH_TEXTURE, "深度纹理绑定")               \
    X(BIND_SAMPLER_COMPARISON, "比较采样器绑定") X(WORKGROUP_SHARE, "工作组共享")      \
    /* entries (only as the value of a top-level entry definition) */                 \
    X(COMPUTE_ENTRY, "计算入口项") X(VERTEX_ENTRY, "顶点入口项") X(FRAGMENT_ENTRY, "片元入口项") \
    /* arrays and cells */                                                            \
    X(ARRAY_READ, "读数组") X(ARRAY_WRITE, "写数组") X(ARRAY_LENGTH, "数组长度")      \
    X(SHARED_READ, "读共享数组") X(SHARED_WRITE, "写共享数组") X(ELEMENT, "取元素")   \
    X(CELL_NEW, "新格") X(CELL_READ, "读格") X(CELL_WRITE, "写格")                    \
    X(CELL_ELEMENT_READ, "读格元素") X(CELL_ELEMENT_WRITE, "写格元素")                \
    X(ARRAY_ELEMENT_READ, "读数组元素") X(ARRAY_ELEMENT_WRITE, "写数组元素")          \
    /* conversions */                                                                 \
    X(CONVERT, "转换") X(BITCAST, "位转换") X(PACK_HALF2, "半精度打包")               \
    X(UNPACK_HALF2, "半精度解包")                                                     \
    /* component-wise math */                                                         \
    X(ABS, "绝对值") X(NEGATE, "取负") X(SIGN, "符号") X(SQRT, "平方根")              \
    X(INVERSE_SQRT, "逆平方根") X(EXP, "指数") X(EXP2, "二之幂") X(LOG, "对数")       \
    X(LOG2, "二底对数") X(SIN, "正弦") X(COS, "余弦") X(TAN, "正切") X(TANH, "双曲正切") \
    X(ASIN, "反正弦") X(ACOS, "反余弦") X(ATAN, "反正切") X(FLOOR, "向下取整")         \
    X(CEIL, "向上取整") X(TRUNC, "截断") X(FRACT, "小数部分") X(ROUND, "四舍五入")    \
    X(SATURATE, "饱和") X(DPDX, "横差") X(DPDY, "纵差") X(MIN, "最小") X(MAX, "最大")  \
    X(POW, "幂") X(ATAN2, "反正切二") X(STEP, "阶跃") X(CLAMP, "夹紧") X(MIX, "混合")  \
    X(FMA, "融合乘加") X(SMOOTHSTEP, "平滑阶跃")                                      \
    /* vectors */                                                                     \
    X(DOT, "点积") X(LENGTH, "长度") X(DISTANCE, "距离") X(CROSS, "叉积")             \
    X(NORMALIZE, "归一化") X(REFLECT, "反射")                                         \
    /* bits */                                                                        \
    X(BIT_AND, "位与") X(BIT_OR, "位或") X(BIT_XOR, "位异或") X(BIT_NOT, "位非")       \
    X(SHIFT_LEFT, "左移") X(SHIFT_RIGHT, "右移") X(COUNT_ONE_BITS, "置位计数")        \
    X(REVERSE_BITS, "位反转")                                                         \
    /* barriers and discard */                                                        \
    X(WORKGROUP_BARRIER, "工作组屏障") X(STORAGE_BARRIER, "存储屏障") X(DISCARD, "舍弃") \
    /* textures */                                                                    \
    X(TEXTURE_SAMPLE, "采样纹理") X(TEXTURE_SAMPLE_LEVEL, "按层采样纹理")             \
    X(TEXTURE_LOAD, "读纹素") X(TEXTURE_DIMENSIONS, "纹理尺寸")                       \
    X(TEXTURE_SAMPLE_COMPARE, "比较采样")                                             \
    /* atomics (storage arrays of 原子) */                                            \
    X(ATOMIC_ADD, "原子加") X(ATOMIC_SUB, "原子减") X(ATOMIC_MAX, "原子最大")         \
    X(ATOMIC_MIN, "原子最小") X(ATOMIC_EXCHANGE, "原子交换") X(ATOMIC_LOAD, "原子读") \
    X(ATOMIC_STORE, "原子存") X(ATOMIC_COMPARE_EXCHANGE, "原子比较交换")              \
    /* subgroups (着十一) */                                                          \
    X(SUBGROUP_BROADCAST, "子组广播") X(SUBGROUP_SHUFFLE, "子组洗牌")                 \
    X(SUBGROUP_SHUFFLE_XOR, "子组异或洗牌") X(SUBGROUP_ADD, "子组和")                 \
    X(SUBGROUP_MAX, "子组最大") X(SUBGROUP_MIN, "子组最小")                           \
    X(SUBGROUP_BALLOT, "子组投票") X(SUBGROUP_ALL, "子组全真") X(SUBGROUP_ANY, "子组有真") \
    X(SUBGROUP_ELECT, "子组选一") X(SUBGROUP_EXCLUSIVE_ADD, "子组前缀和")              \
    X(SUBGROUP_INCLUSIVE_ADD, "子组含本前缀和") X(SUBGROUP_EXCLUSIVE_MUL, "子组前缀积") \
    X(SUBGROUP_INCLUSIVE_MUL, "子组含本前缀积") X(SUBGROUP_SHUFFLE_UP, "子组上移洗牌")  \
    X(SUBGROUP_SHUFFLE_DOWN, "子组下移洗牌")                                          \
    /* subgroup matrix fragments (着十二) */                                          \
    X(MATRIX_ZERO_ACC, "零矩阵片累") X(MATRIX_LOAD_A, "载入矩阵片甲")                 \
    X(MATRIX_LOAD_B, "载入矩阵片乙") X(MATRIX_LOAD_ACC, "载入矩阵片累")               \
    X(MATRIX_LOAD_ACC_TOP8, "载入矩阵片累前八行") X(MATRIX_LOAD_A_TOP8, "载矩阵片甲前八行") \
    X(MATRIX_LOAD_A_STORAGE, "载矩阵片甲自存储") X(MATRIX_LOAD_B_STORAGE, "载矩阵片乙自存储") \
    X(MATRIX_LOAD_B_STORAGE_TRANSPOSED, "载矩阵片乙自转置存储")                        \
    X(MATRIX_MMA, "矩阵片乘加") X(MATRIX_STORE_ACC, "存回矩阵片累")                   \
    X(MATRIX_STORE_ACC_TOP8, "存矩阵片累前八行") X(MATRIX_STORE_ACC_STORAGE, "存矩阵片累到存储") \
    X(INT_MATRIX_FILL_ACC, "满整矩阵片累") X(INT8_MATRIX_LOAD_A, "载入整八矩阵片甲")  \
    X(INT8_MATRIX_LOAD_B, "载入整八矩阵片乙") X(INT8_MATRIX_MMA, "整八矩阵片乘加")    \
    X(INT_MATRIX_STORE_ACC, "存回整矩阵片累")                                         \
    X(MATRIX_LOAD_B_TRANSPOSED, "载入矩阵片乙自转置")                                 \
    /* accumulator element operations (着十二, docs/builtins.md) */                   \
    X(MATRIX_ACC_SCALE, "矩阵片累乘数") X(MATRIX_ACC_ADD_SCALAR, "矩阵片累加数")        \
    X(MATRIX_ACC_MAX_SCALAR, "矩阵片累取大数") X(MATRIX_ACC_ADD, "矩阵片累相加")        \
    X(MATRIX_ACC_SUB, "矩阵片累相减") X(MATRIX_ACC_MUL, "矩阵片累相乘")                 \
    X(MATRIX_ACC_DIV, "矩阵片累相除") X(MATRIX_ACC_MAX, "矩阵片累取大")                 \
    X(MATRIX_ACC_EXP2, "矩阵片累二之幂") X(MATRIX_ACC_ROW_MAX, "矩阵片累行最大")        \
    X(MATRIX_ACC_ROW_SUM, "矩阵片累行和") X(MATRIX_ACC_TO_A, "矩阵片累转甲")            \
    X(MATRIX_ACC_MASK_UPPER, "矩阵片累遮右上")                                        \
    /* asynchronous copies into workgroup memory (PTX cp.async, sm_80) */            \
    X(ASYNC_COPY, "异步拷贝") X(ASYNC_COMMIT, "提交异步拷贝") X(ASYNC_WAIT, "等待异步拷贝") \
    /* tensor fragments (着十三, Metal only) */                                       \
    X(TENSOR_ZERO_ACC, "零张量片累") X(TENSOR_MMA, "张量片乘加")                      \
    X(TENSOR_STORE_ACC, "存回张量片累")                                               \
    /* warpgroup MMA with both tiles in workgroup memory (PTX sm_90a only) */          \
    X(TENSOR_MMA_SHARED, "张量片共享乘加")                                          \
    /* warpgroups and asynchronous warpgroup MMA (PTX sm_90a only) */                  \
    X(WARPGROUP_ID, "线程束组号") X(TENSOR_MMA_ASYNC, "张量片异步乘加")                  \
    X(TENSOR_COMMIT, "提交张量片乘加") X(TENSOR_WAIT, "等待张量片乘加")                  \
    X(REGISTER_INC, "增寄存器") X(REGISTER_DEC, "减寄存器")                             \
    X(TENSOR_MMA_ASYNC_BF16, "张量片脑浮异步乘加")                                  \
    /* asynchronous barriers (Hopper mbarrier, PTX sm_90a only) */                    \
    X(ASYNC_BARRIER_INIT, "初始化异步屏障") X(ASYNC_BARRIER_ARRIVE, "到达异步屏障")     \
    X(ASYNC_BARRIER_EXPECT, "期待异步字节") X(ASYNC_BARRIER_WAIT, "等待异步屏障")     \
    X(FENCE_PROXY_ASYNC, "异步代理栅栏")                                              \
    /* tensor maps and TMA loads (PTX sm_90a only) */                                 \
    X(TENSOR_BOX, "张量盒") X(TENSOR_LOAD, "张量载入")

typedef enum Intrinsic {
    INTRINSIC_NONE,
#define YU_INTRINSIC_ENUM(id, name) INTRINSIC_##id,
    YU_INTRINSICS(YU_INTRINSIC_ENUM)
#undef YU_INTRINSIC_ENUM
    INTRINSIC_COUNT
} Intrinsic;

const char *fe_intrinsic_name(Intrinsic intrinsic);   /* Chinese name, no quotes */
Intrinsic fe_intrinsic_lookup(const char *name);       /* INTRINSIC_NONE when unknown */
/* Barriers, subgroup, matrix-fragment and tensor operations, derivatives and implicit-LOD
 * sampling: must run in uniform control flow (the uniformity pass checks them). */
bool fe_intrinsic_needs_uniformity(Intrinsic intrinsic);
/* Writes memory or otherwise must not be dropped, reordered or turned into select. */
bool fe_intrinsic_has_side_effects(Intrinsic intrinsic);

typedef struct SemaDef SemaDef;
typedef struct SemaExpr SemaExpr;

typedef enum SemaLocalKind {
    LOCAL_PARAM,      /* a parameter of a top-level function */
    LOCAL_LET,        /* 令 */
    LOCAL_REC_FUNC,   /* the function bound by 递归令 */
    LOCAL_REC_PARAM,  /* a parameter of a 递归令 function */
} SemaLocalKind;

typedef struct SemaLocal {
    SemaLocalKind kind;
    const char *name;     /* as written; several locals of one function may share a name */
    Span span;            /* the binder */
    Type *type;
    uint32_t index;       /* unique within its top-level definition (0, 1, …) */
    IoBuiltin io;         /* entry-function parameters declared with a builtin IO alias */
    const char *alias;    /* the type name written in the signature, when it was a name */
    bool shadows_builtin; /* named like a builtin value or function the file sees (warned) */
} SemaLocal;

typedef enum SemaExprKind {
    SEXPR_ERROR,         /* never in a program fe_check_program returns */
    SEXPR_LITERAL,       /* a numeral; type is the concrete scalar or 整数/小数 */
    SEXPR_LOCAL,         /* a local variable or parameter */
    SEXPR_GLOBAL,        /* a top-level constant, or a resource passed to a builtin */
    SEXPR_LOAD,          /* the content of a buffer/workgroup resource used as a value */
    SEXPR_BUILTIN_VALUE, /* 元, 只读, 读写 */
    SEXPR_TUPLE,
    SEXPR_RECORD,        /* values[i] belongs to field i of the (named or anonymous) record */
    SEXPR_PROJ,          /* tuple item / vector component / matrix column / record field */
    SEXPR_NOT,           /* 非: bool or vector of bool */
    SEXPR_BINARY,        /* see the operand rules below */
    SEXPR_CALL,
    SEXPR_LET,           /* 令 */
    SEXPR_LETREC,        /* 递归令 */
    SEXPR_IF,            /* else_branch NULL: statement form (type 有) */
    SEXPR_SEQ,           /* a ； b */
} SemaExprKind;

typedef enum SemaCallKind {
    CALL_FUNCTION,  /* a top-level function (DEF_FUNCTION) */
    CALL_LOCAL,     /* a 递归令 function */
    CALL_BUILTIN,   /* an Intrinsic */
} SemaCallKind;

/* Binary operands (WGSL's rules): both the same type, or a vector and a scalar of its
 * element type (arithmetic only; the scalar is splat), or matrix × matrix / matrix ×
 * vector / vector × matrix / matrix × scalar for 乘. Comparisons give 爻 (or a vector of
 * 爻 for vector operands); 且/或 take and give 爻 and short-circuit. An abstract literal
 * operand already has the other operand's type. */
struct SemaExpr {
    SemaExprKind kind;
    Type *type;
    Span span;
    union {
        struct { const char *text; NumeralInfo value; bool constructed; } literal;
            /* constructed: the literal argument of 新浮三二/… (the call is kept as the parent) */
        SemaLocal *local;
        SemaDef *global;  /* a resource appears raw only as a builtin's resource argument
                             (or as a texture/sampler handle); elsewhere it is under LOAD */
        struct { SemaExpr *resource; } load;
        Intrinsic builtin_value;
        struct { SemaExpr **items; uint32_t count; } tuple;
        struct { SemaExpr **values; uint32_t count; } record;
        struct { SemaExpr *base; uint32_t index; } proj;
        struct { SemaExpr *operand; } not_;
        struct { AstBinaryOp op; SemaExpr *left, *right; } binary;
        struct {
            SemaCallKind kind;
            SemaDef *function;      /* CALL_FUNCTION */
            SemaLocal *local;       /* CALL_LOCAL */
            Intrinsic intrinsic;    /* CALL_BUILTIN */
            Type **type_args;       /* CALL_BUILTIN: the solved 凡 arguments, in order */
            uint32_t type_arg_count;
            SemaExpr **args;
            uint32_t arg_count;
            bool is_tail;           /* CALL_LOCAL: a self-call in tail position (all are) */
        } call;
        struct { SemaLocal *local; SemaExpr *value, *body; } let;
        struct { SemaLocal *function; SemaLocal **params; uint32_t param_count;
                 SemaExpr *function_body; SemaExpr *body; } letrec;
        struct { SemaExpr *cond, *then_branch, *else_branch; } if_;
        struct { SemaExpr *first, *second; } seq;
    } as;
};

typedef enum SemaDefKind {
    DEF_STRUCT,    /* 即「组类」【…】: type is the named record */
    DEF_ALIAS,     /* other 即: type is the expansion (emitters skip it) */
    DEF_RESOURCE,  /* rule 2 */
    DEF_ENTRY,     /* rule 3 */
    DEF_FUNCTION,  /* rule 4 */
    DEF_CONSTANT,  /* rule 5 */
} SemaDefKind;

typedef enum ResourceKind {
    RESOURCE_STORAGE,            /* var<storage, read|read_write> */
    RESOURCE_UNIFORM,            /* var<uniform> */
    RESOURCE_WORKGROUP,          /* var<workgroup> (no group/binding) */
    RESOURCE_TEXTURE_2D,
    RESOURCE_SAMPLER,
    RESOURCE_DEPTH_TEXTURE_2D,
    RESOURCE_SAMPLER_COMPARISON,
    RESOURCE_TENSOR_MAP,         /* 张量映射 于 T: a CUtensorMap in global memory (PTX sm_90a) */
} ResourceKind;

typedef enum ShaderStage { STAGE_COMPUTE, STAGE_VERTEX, STAGE_FRAGMENT } ShaderStage;

struct SemaDef {
    SemaDefKind kind;
    const char *name;       /* as written (diagnostics) */
    const char *output_name; /* in YIR and on every target: unique in the program; the
                                written name unless several shader modules define it
                                (then 模块之名, docs/language.md §8) */
    Span span;              /* the name in its 者 (or 即) statement */
    const Module *module;
    uint32_t index;         /* position in CheckedProgram.defs */
    Type *type;             /* see SemaDefKind */
    union {
        struct {
            ResourceKind kind;
            Type *content;        /* T of 存储缓冲/均匀缓冲/工作组变量 于 T; sampled type of
                                     纹理二维 于 T; NULL for samplers and depth textures */
            uint32_t group, binding;  /* UINT32_MAX for workgroup variables */
            bool read_only;       /* storage buffers: 只读 */
            uint32_t box_rows, box_cols, box_swizzle;  /* tensor maps: 张量盒's 行, 列, 交错 */
        } resource;
        struct {
            ShaderStage stage;
            SemaDef *function;     /* the DEF_FUNCTION it names */
            uint32_t workgroup_size[3]; /* compute only: x, y, z (1 where not written) */
        } entry;
        struct {
            SemaLocal **params;    /* unit-typed parameters included (emitters drop them) */
            uint32_t param_count;
            Type *result;
            IoBuiltin result_io;   /* the result type was written as a builtin IO alias */
            const char *result_alias;
            SemaExpr *body;
            uint32_t local_count;  /* SemaLocal.index < local_count */
            const SemaDef *entry;  /* the entry that names this function, if any */
        } function;
        struct { SemaExpr *value; } constant;
    } as;
};

typedef struct CheckedProgram {
    const Program *program;
    SemaDef **defs;             /* all definitions of all shader sources, in output order */
    uint32_t def_count;
    SemaDef **entries;          /* the DEF_ENTRY items among defs, in order */
    uint32_t entry_count;
    TypeContext *types;
    bool uses_f16;              /* enable f16; */
    bool uses_subgroups;        /* enable subgroups; */
    bool uses_subgroup_matrix;  /* 着十二 (WGSL cannot express it) */
    bool uses_int8_matrix;      /* PTX only */
    bool uses_tensor;           /* 着十三 (Metal only) */
} CheckedProgram;

/* Resolves and type-checks every module of the program. Reports every error to diag and
 * returns NULL when there was any; never crashes on ill-formed or half-parsed trees. */
CheckedProgram *fe_check_program(Arena *arena, const Program *program, DiagEngine *diag);

/* Whether a checked expression is a constant expression (着四 rule 5: literals, constants,
 * and the constant forms over them); false sets *bad to the first part that is not. The
 * checker asks it of top-level constants, the lowering of divisors (a zero one is an error). */
bool fe_sexpr_is_const(const SemaExpr *expr, Span *bad);

/* Debug dump of the checked program (definitions, then each body with types), for
 * tests and `yusec -check -dump-types` if the driver wants it. */
void fe_sema_dump(StrBuf *out, const CheckedProgram *program);

#endif
