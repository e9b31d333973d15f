/* YIR operations: the enum and the descriptor table generated from ops.def. */
#ifndef YUSEC_IR_OPS_H
#define YUSEC_IR_OPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define IR_VARIADIC 0xFFu
#define IR_RESULTS_N 0xFFu
#define IR_NEEDS_UNIFORM 1u
#define IR_SUBGROUP_OP 2u   /* a subgroup operation (着十一) */
#define IR_UNIFORM_ARG1 4u  /* operand 1 must be subgroup uniform */

typedef enum IrEffect { IR_PURE, IR_READS, IR_WRITES, IR_TERM, IR_CONTROL } IrEffect;

/* Operand/result typing families, checked by verify.c. */
typedef enum IrSig {
    SIG_NONE, SIG_LITERAL, SIG_CONSTANT, SIG_GLOBAL, SIG_VAR,
    SIG_ARITH, SIG_MUL, SIG_NEG, SIG_CMP_EQ, SIG_CMP_ORD, SIG_BOOL1, SIG_BOOL2, SIG_INT1, SIG_INT2,
    SIG_SHIFT, SIG_CONVERT, SIG_BITCAST, SIG_SELECT,
    SIG_CONSTRUCT, SIG_EXTRACT, SIG_INSERT, SIG_ACCESS, SIG_LOAD, SIG_STORE, SIG_CALL,
    SIG_ARRAY_LENGTH,
    SIG_NUM1, SIG_NUM2, SIG_NUM3, SIG_SIGNED1, SIG_FLOAT1, SIG_FLOAT2, SIG_FLOAT3,
    SIG_FLOATVEC1, SIG_FLOATVEC2, SIG_DOT, SIG_CROSS, SIG_LENGTH, SIG_DISTANCE, SIG_PACK, SIG_UNPACK,
    SIG_ATOMIC_LOAD, SIG_ATOMIC_STORE, SIG_ATOMIC_RMW, SIG_ATOMIC_CMPXCHG,
    SIG_TEXTURE, SIG_SUBGROUP_SHUFFLE, SIG_SUBGROUP_BALLOT, SIG_SUBGROUP_VOTE, SIG_SUBGROUP_ELECT, SIG_WARPGROUP_ID,
    SIG_FRAG_FILL, SIG_FRAG_LOAD, SIG_FRAG_MMA, SIG_FRAG_STORE, SIG_FRAG_ELEMENT, SIG_ASYNC_COPY,
    SIG_ASYNC_WAIT, SIG_TENSOR, SIG_ASYNC_BARRIER, SIG_CONTROL,
} IrSig;

typedef enum IrOp {
#define IR_OP(id, name, min, max, results, effect, sig, uniform) IR_OP_##id,
#include "ops.def"
#undef IR_OP
    IR_OP_COUNT
} IrOp;

typedef struct IrOpInfo {
    const char *name;
    uint8_t min_args, max_args;  /* max IR_VARIADIC: unbounded */
    uint8_t results;             /* 0, 1 or IR_RESULTS_N */
    IrEffect effect;
    IrSig sig;
    uint32_t flags;              /* IR_NEEDS_UNIFORM, IR_SUBGROUP_OP, IR_UNIFORM_ARG1 */
} IrOpInfo;

extern const IrOpInfo ir_op_table[IR_OP_COUNT];

static inline const IrOpInfo *ir_op_info(IrOp op) { return &ir_op_table[op]; }
static inline bool ir_op_is_terminator(IrOp op) { return ir_op_table[op].effect == IR_TERM; }
static inline bool ir_op_needs_uniform(IrOp op) {
    return (ir_op_table[op].flags & IR_NEEDS_UNIFORM) != 0;
}
static inline bool ir_op_is_subgroup(IrOp op) { return (ir_op_table[op].flags & IR_SUBGROUP_OP) != 0; }
/* Operand 1 (a shuffle's xor mask or up/down delta) must be subgroup uniform. */
static inline bool ir_op_needs_uniform_arg1(IrOp op) { return (ir_op_table[op].flags & IR_UNIFORM_ARG1) != 0; }
/* Looks an op up by its textual name; false when there is none. */
bool ir_op_from_name(const char *name, size_t len, IrOp *op);

#endif
