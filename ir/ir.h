/* YIR, the SSA middle layer: the public API of ir/. It knows nothing of the source
 * language. See docs/yir.md for the textual form and the rules the verifier enforces.
 *
 * Shape: a module owns an arena, an interned type table and module objects (globals,
 * constants, functions, entry points). Each function keeps its values, instructions and
 * blocks in its own growable arrays addressed by 32-bit handles. Control flow is structured:
 * `if` and `loop` instructions own their blocks and yield results; there are no phis. */
#ifndef YUSEC_IR_IR_H
#define YUSEC_IR_IR_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/diag.h"
#include "../base/hash.h"
#include "../base/source.h"
#include "../base/strbuf.h"
#include "ops.h"
#include "scalar.h"
#include "types.h"

typedef uint32_t IrValueId;
typedef uint32_t IrInstId;
typedef uint32_t IrBlockId;
typedef uint32_t IrFuncId;
typedef uint32_t IrGlobalId;
typedef uint32_t IrConstId;
#define IR_NONE 0xFFFFFFFFu

/* What the uniformity pass proved about a value (UNKNOWN until it ran). */
typedef enum IrUniformity {
    IR_UNIFORMITY_UNKNOWN,
    IR_UNIFORM,           /* same in every invocation of the workgroup */
    IR_WARPGROUP_UNIFORM, /* same within each warpgroup of 128 (PTX; 线程束组号) */
    IR_SUBGROUP_UNIFORM,  /* same within each subgroup */
    IR_NON_UNIFORM,
} IrUniformity;

typedef enum IrValueKind {
    IR_VALUE_PARAM,        /* function parameter: def = parameter index */
    IR_VALUE_BLOCK_PARAM,  /* loop body parameter: def = block id, index = position */
    IR_VALUE_RESULT,       /* instruction result: def = instruction id, index = position */
} IrValueKind;

typedef struct IrValue {
    IrTypeId type;
    Span span;
    IrUniformity uniformity;
    const char *name;      /* source binding name (UTF-8) or NULL */
    IrValueKind kind;
    uint32_t def, index;
} IrValue;

typedef struct IrBlock {
    IrInstId *insts;
    uint32_t inst_count, inst_cap;
    IrValueId *params;     /* loop bodies only */
    uint32_t param_count;
    IrInstId owner;        /* the if/loop owning this block; IR_NONE for the function body */
} IrBlock;

typedef struct IrInst {
    IrOp op;
    Span span;
    IrValueId *args;
    uint32_t arg_count;
    IrValueId *results;
    uint32_t result_count;
    uint32_t *indices;     /* EXTRACT/INSERT: constant member path */
    uint32_t index_count;
    uint32_t symbol;       /* GLOBAL: global id; CONSTANT: constant id; CALL: function id */
    /* CONST: bool 0/1; i32/u32 as 32-bit two's complement; f32 as its bits; f16 as the bits
     * of the f32 holding the same value. */
    uint64_t literal;
    /* CONST: written without a constructor (着三): a WGSL abstract literal, spelled without
     * a suffix where the context gives it its type (textureLoad(t, c, 0)). */
    bool abstract_literal;
    IrBlockId blocks[2];   /* IF: then, else; LOOP: body */
    uint32_t block_count;
    IrBlockId parent;      /* block containing this instruction */
} IrInst;

typedef struct IrModule IrModule;

typedef struct IrFunction {
    IrModule *module;
    IrFuncId id;
    const char *name;      /* UTF-8 source name */
    Span span;
    IrTypeId return_type;  /* void type for none */
    IrValueId *params;
    uint32_t param_count, param_cap;
    IrBlockId body;
    bool local_recursive;  /* a local recursive function, for the tail-recursion-to-loop pass */
    bool not_inlined;      /* the inline pass left its calls over the budget: targets keep a real function */
    IrValue *values;
    uint32_t value_count, value_cap;
    IrInst *insts;
    uint32_t inst_count, inst_cap;
    IrBlock *blocks;
    uint32_t block_count, block_cap;
} IrFunction;

/* Resources (with a binding), workgroup and private variables. The type is what is stored;
 * `global` yields a pointer to it in `space`. Storage access is part of the space. */
typedef struct IrGlobal {
    const char *name;
    Span span;
    IrTypeId type;
    IrAddressSpace space;
    bool has_binding;
    uint32_t group, binding;
    /* A tensor map (ir/hopper.h; `@tensor_box(rows, cols, swizzle)`): a storage_read array<T>
     * whose binding holds, on PTX, a CUtensorMap with this box; box_rows 0 for any other. */
    uint32_t box_rows, box_cols, box_swizzle;
} IrGlobal;

/* A constant value: a scalar (bits as in IrInst.literal) or a composite of elements. */
typedef struct IrLiteral {
    IrTypeId type;
    uint64_t bits;
    struct IrLiteral *elems;
    uint32_t elem_count;
} IrLiteral;

typedef struct IrConstant {
    const char *name;
    Span span;
    IrTypeId type;
    IrLiteral value;
} IrConstant;

typedef enum IrStage { IR_STAGE_COMPUTE, IR_STAGE_VERTEX, IR_STAGE_FRAGMENT } IrStage;

/* Which calls the inline pass replaces by the callee's body: a fact of a target (its
 * descriptor, targets/registry.h) that the passes read without knowing the target. */
typedef enum InlinePolicy {
    INLINE_NONE,  /* WGSL, MSL: user functions stay functions (着四 rule 4) */
    INLINE_ALL,   /* PTX: every call within the budget is inlined, then unreachable functions
                     go (着十; the budget is where yusec departs from it, docs/passes.md) */
} InlinePolicy;

#define IR_BUILTINS(X)                                                         \
    X(POSITION, "position") X(VERTEX_INDEX, "vertex_index")                     \
    X(INSTANCE_INDEX, "instance_index") X(FRONT_FACING, "front_facing")         \
    X(FRAG_DEPTH, "frag_depth") X(SAMPLE_INDEX, "sample_index")                 \
    X(SAMPLE_MASK, "sample_mask") X(LOCAL_INVOCATION_ID, "local_invocation_id") \
    X(LOCAL_INVOCATION_INDEX, "local_invocation_index")                         \
    X(GLOBAL_INVOCATION_ID, "global_invocation_id") X(WORKGROUP_ID, "workgroup_id") \
    X(NUM_WORKGROUPS, "num_workgroups")                                         \
    X(SUBGROUP_INVOCATION_ID, "subgroup_invocation_id") X(SUBGROUP_SIZE, "subgroup_size")

typedef enum IrBuiltin {
#define IR_BUILTIN_ENUM(id, name) IR_BUILTIN_##id,
    IR_BUILTINS(IR_BUILTIN_ENUM)
#undef IR_BUILTIN_ENUM
    IR_BUILTIN_COUNT
} IrBuiltin;

typedef enum IrIoKind { IR_IO_NONE, IR_IO_BUILTIN, IR_IO_LOCATION, IR_IO_STRUCT } IrIoKind;

/* How one entry parameter or result (or one field of a struct one) meets the pipeline. */
typedef struct IrIo {
    IrIoKind kind;
    IrBuiltin builtin;     /* BUILTIN */
    uint32_t location;     /* LOCATION */
    bool flat;             /* LOCATION: @interpolate(flat) */
    struct IrIo *fields;   /* STRUCT: one per field */
    uint32_t field_count;
} IrIo;

/* Invocations per workgroup that some GPU target runs (Metal and CUDA: 1,024; WebGPU's
 * default 256 is the WGSL target's narrower limit, targets/limits.c). The front end refuses
 * more for every target, and so does the CPU executor (docs/targets.md). */
#define IR_MAX_WORKGROUP_INVOCATIONS 1024u

typedef struct IrEntry {
    const char *name;      /* the entry item's source name */
    Span span;
    IrStage stage;
    IrFuncId func;
    uint32_t workgroup_size[3];  /* compute only: x, y, z */
    IrIo *params;          /* one per function parameter */
    uint32_t param_count;
    IrIo result;           /* IR_IO_NONE for a void result */
} IrEntry;

struct IrModule {
    Arena arena;
    IrTypeTable types;
    PtrVec globals;    /* IrGlobal *   */
    PtrVec constants;  /* IrConstant * */
    PtrVec functions;  /* IrFunction * */
    PtrVec entries;    /* IrEntry *    */
    /* name → first global/constant/function of that name, for the ir_module_find_* lookups
     * (module.c keeps them; a function found there that was removed since is looked up again) */
    StrMap global_names, constant_names, function_names;
};

/* ---- module (module.c) ---- */
IrModule *ir_module_new(void);
void ir_module_free(IrModule *module);
/* A deep copy in a fresh arena with the same handles (clone.c): each target runs its passes
 * on its own copy of the module lowered once. Free it with ir_module_free. */
IrModule *ir_module_clone(const IrModule *module);

IrGlobalId ir_module_add_global(IrModule *module, const char *name, IrTypeId type,
                                IrAddressSpace space, Span span);
void ir_global_set_binding(IrModule *module, IrGlobalId id, uint32_t group, uint32_t binding);
void ir_global_set_tensor_box(IrModule *module, IrGlobalId id, uint32_t rows, uint32_t cols, uint32_t swizzle);
IrConstId ir_module_add_constant(IrModule *module, const char *name, IrTypeId type,
                                 IrLiteral value, Span span);
IrFunction *ir_function_new(IrModule *module, const char *name, IrTypeId return_type, Span span);
IrValueId ir_function_add_param(IrFunction *func, IrTypeId type, const char *name, Span span);
/* The IO array is allocated with one IR_IO_NONE slot per parameter of the function. */
IrEntry *ir_module_add_entry(IrModule *module, const char *name, IrStage stage, IrFuncId func,
                             Span span);
IrIo *ir_io_struct(IrModule *module, IrIo *io, uint32_t field_count);

uint32_t ir_global_count(const IrModule *module);
uint32_t ir_constant_count(const IrModule *module);
uint32_t ir_function_count(const IrModule *module);
uint32_t ir_entry_count(const IrModule *module);
IrGlobal *ir_global(const IrModule *module, IrGlobalId id);
IrConstant *ir_constant(const IrModule *module, IrConstId id);
IrFunction *ir_function(const IrModule *module, IrFuncId id);
IrEntry *ir_entry(const IrModule *module, uint32_t id);
/* Lookups by source name; IR_NONE when absent. */
IrGlobalId ir_module_find_global(const IrModule *module, const char *name);
IrConstId ir_module_find_constant(const IrModule *module, const char *name);
IrFuncId ir_module_find_function(const IrModule *module, const char *name);

IrValue *ir_value(const IrFunction *func, IrValueId id);
IrInst *ir_inst(const IrFunction *func, IrInstId id);
IrBlock *ir_block(const IrFunction *func, IrBlockId id);
IrTypeId ir_value_type(const IrFunction *func, IrValueId id);  /* IR_NO_TYPE when invalid */
void ir_value_set_name(IrFunction *func, IrValueId id, const char *name);
IrValueId ir_inst_result(const IrFunction *func, IrInstId inst, uint32_t index);
IrBlockId ir_if_then(const IrFunction *func, IrInstId inst);
IrBlockId ir_if_else(const IrFunction *func, IrInstId inst);
IrBlockId ir_loop_body(const IrFunction *func, IrInstId inst);
IrValueId ir_block_param(const IrFunction *func, IrBlockId block, uint32_t index);

const char *ir_stage_name(IrStage stage);
bool ir_stage_from_name(const char *name, size_t len, IrStage *stage);
const char *ir_builtin_name(IrBuiltin builtin);
bool ir_builtin_from_name(const char *name, size_t len, IrBuiltin *builtin);
const char *ir_uniformity_name(IrUniformity uniformity);  /* "" for unknown */

/* ---- builder (builder.c): appends at the end of the current block ---- */
typedef struct IrBuilder {
    IrFunction *func;
    IrModule *module;
    IrBlockId block;
    Span span;           /* given to every value and instruction made next */
} IrBuilder;

void ir_builder_init(IrBuilder *b, IrFunction *func);  /* at the end of the function body */
void ir_builder_set_block(IrBuilder *b, IrBlockId block);
/* Continue in the block that holds `inst` (after an if/loop is complete). */
void ir_builder_after(IrBuilder *b, IrInstId inst);

/* Generic: any op with explicit result types. Returns the instruction. */
IrInstId ir_build_inst(IrBuilder *b, IrOp op, const IrTypeId *result_types, uint32_t result_count,
                       const IrValueId *args, uint32_t arg_count);
/* One-result op with an explicit type; returns the result value. */
IrValueId ir_build_op(IrBuilder *b, IrOp op, IrTypeId type, const IrValueId *args, uint32_t count);
/* Result type inferred from the operands (same type; bool shape for comparisons; scalar for
 * dot/length/distance; matrix products). */
IrValueId ir_build_unary(IrBuilder *b, IrOp op, IrValueId a);
IrValueId ir_build_binary(IrBuilder *b, IrOp op, IrValueId lhs, IrValueId rhs);
IrValueId ir_build_literal(IrBuilder *b, IrTypeId type, uint64_t bits);
IrValueId ir_build_abstract_literal(IrBuilder *b, IrTypeId type, uint64_t bits);  /* 着三 */
IrValueId ir_build_bool(IrBuilder *b, bool value);
IrValueId ir_build_i32(IrBuilder *b, int32_t value);
IrValueId ir_build_u32(IrBuilder *b, uint32_t value);
IrValueId ir_build_f32(IrBuilder *b, float value);
IrValueId ir_build_f16(IrBuilder *b, float value);
IrValueId ir_build_global(IrBuilder *b, IrGlobalId global);
IrValueId ir_build_constant(IrBuilder *b, IrConstId constant);
IrValueId ir_build_var(IrBuilder *b, IrTypeId type, IrValueId init);  /* init may be IR_NONE */
IrValueId ir_build_load(IrBuilder *b, IrValueId ptr);
void ir_build_store(IrBuilder *b, IrValueId ptr, IrValueId value);
/* Pointer to a member/element; struct indices must be `const` values. */
IrValueId ir_build_access(IrBuilder *b, IrValueId base, const IrValueId *indices, uint32_t count);
IrValueId ir_build_extract(IrBuilder *b, IrValueId composite, const uint32_t *path, uint32_t count);
IrValueId ir_build_insert(IrBuilder *b, IrValueId composite, IrValueId value, const uint32_t *path,
                          uint32_t count);
IrValueId ir_build_construct(IrBuilder *b, IrTypeId type, const IrValueId *args, uint32_t count);
IrValueId ir_build_call(IrBuilder *b, IrFuncId callee, const IrValueId *args, uint32_t count);
/* Structured control flow: build into ir_if_then/ir_if_else/ir_loop_body, then
 * ir_builder_after. */
IrInstId ir_build_if(IrBuilder *b, IrValueId cond, const IrTypeId *result_types, uint32_t count);
IrInstId ir_build_loop(IrBuilder *b, const IrValueId *inits, uint32_t init_count,
                       const IrTypeId *result_types, uint32_t result_count);
void ir_build_yield(IrBuilder *b, const IrValueId *values, uint32_t count);
void ir_build_break(IrBuilder *b, const IrValueId *values, uint32_t count);
void ir_build_continue(IrBuilder *b, const IrValueId *values, uint32_t count);
void ir_build_return(IrBuilder *b, IrValueId value);  /* IR_NONE for a void return */
void ir_build_discard(IrBuilder *b);

/* ---- text (print.c, read.c) ---- */
void ir_print_type(StrBuf *out, const IrTypeTable *types, IrTypeId type);
void ir_print_module(StrBuf *out, const IrModule *module);
/* The same with each function's and instruction's source place, from `sources` (the map its
 * spans index), as a comment ending its line: ` ; 文件:行:列` (line and column 1-based, the
 * column in characters, as diagnostics give them). The reader skips the comments. */
void ir_print_module_located(StrBuf *out, const IrModule *module, const SourceMap *sources);
void ir_print_function(StrBuf *out, const IrFunction *func);
/* For printers of other forms (ir/dot.c): the numbers ir_print_function gives the values
 * (value id → number; UINT32_MAX when not placed; mem_free it), one instruction as printed
 * without its blocks, and a value reference (%名.3). */
uint32_t *ir_print_numbers(const IrFunction *func);
void ir_print_inst_head(StrBuf *out, const IrFunction *func, const uint32_t *numbers,
                        const IrInst *inst);
void ir_print_value_ref(StrBuf *out, const IrFunction *func, const uint32_t *numbers, IrValueId value);
/* The module as Graphviz (dot.c): each function's structured control flow, blocks with their
 * instructions, values coloured by their uniformity fact, non-uniform branches marked. */
void ir_print_dot(StrBuf *out, const IrModule *module);
/* Parses YIR text; reports problems through `diag` at file:line:col and returns NULL then. */
IrModule *ir_read(DiagEngine *diag, const SourceFile *file);

/* ---- constant evaluation (const_eval.c), one evaluator for lowering and folding ---- */
typedef enum IrEvalMode {
    /* WGSL const-expression rules (top-level constants, 着四 rule 5): integer overflow,
     * division by zero, shifts by 32 or more, NaN and infinity (着八) are errors. */
    IR_EVAL_CONST_EXPR,
    /* What every target computes at run time (the fold pass): integers wrap; whatever a
     * target may compute differently is IR_EVAL_VARIES, never an error. */
    IR_EVAL_RUNTIME,
} IrEvalMode;

typedef enum IrEvalStatus {
    IR_EVAL_OK,
    IR_EVAL_UNSUPPORTED,  /* not an operation (or operand shape) the evaluator computes */
    IR_EVAL_VARIES,       /* IR_EVAL_RUNTIME: the targets may not all compute this value */
    IR_EVAL_OVERFLOW,     /* an integer result outside its type (also << losing bits) */
    IR_EVAL_DIV_ZERO,     /* integer division or remainder by zero */
    IR_EVAL_SHIFT_RANGE,  /* a shift by the bit width or more */
    IR_EVAL_NONFINITE,    /* a float result (or bitcast) that is NaN or infinite */
    IR_EVAL_DOMAIN,       /* clamp with low > high, smoothstep with low == high */
    IR_EVAL_INDEX_RANGE,  /* a member index past the end */
} IrEvalStatus;

typedef struct IrConstEval {
    const IrTypeTable *types;
    Arena *arena;         /* composite results are allocated here */
    IrEvalMode mode;
} IrConstEval;

/* `op` (a pure YIR operation) on constant operands, giving a value of `type`. Operands are
 * the instruction's, in its order; a scalar operand of a lane-wise operation on vectors is
 * splat. Supported: arithmetic, comparisons, logic, bit operations and shifts, convert,
 * bitcast, select, construct and the math of ops.def except derivatives, texture, atomic
 * and subgroup operations; matrix products are not. */
IrEvalStatus ir_const_eval(const IrConstEval *eval, IrOp op, IrTypeId type, const IrLiteral *args,
                           uint32_t count, IrLiteral *out);
/* The member of `composite` reached by a constant path (extract). */
IrEvalStatus ir_const_extract(const IrConstEval *eval, const IrLiteral *composite, const uint32_t *path,
                              uint32_t count, IrLiteral *out);
/* f16 rounding and encoding (ir_f16_nearest, ir_f16_bits, ir_f16_value) and the lane-wise
 * scalar semantics: scalar.h. */

/* ---- verifier (verify.c) ---- */
/* Reports every problem found through `diag`; true when the module is well formed. */
bool ir_verify(const IrModule *module, DiagEngine *diag);

#endif
