/* The one definition of YIR's lane-wise scalar operations (scalar_ops.def): the value of one
 * lane with WGSL's run-time rules, and flags that say where that value is not what every
 * target computes or not what a constant expression allows. The CPU executor (exec/)
 * computes with the value; the constant evaluator (const_eval.c) turns the flags into its
 * statuses. The rules (docs/exec.md, docs/yir.md):
 *   integers wrap; e / 0 = e and i32_min / -1 = i32_min; e % 0 = 0 and i32_min % -1 = 0;
 *   shift amounts are taken mod 32 (>> of an i32 is arithmetic);
 *   float → integer truncates and saturates (NaN → 0); integer → float rounds to nearest;
 *   float operands are widened to double, the op computed there and rounded once to the
 *   lane (exact for + − × ÷ √ since 53 ≥ 2·24 + 2); f32 fma is fmaf; float % is fmod (the
 *   exact value of WGSL's e1 − e2·trunc(e1 / e2)); f16 results are rounded by
 *   ir_f16_nearest, the one f16 rounding of ir/. */
#ifndef YUSEC_IR_SCALAR_H
#define YUSEC_IR_SCALAR_H

#include <stdbool.h>
#include <stdint.h>

#include "ops.h"
#include "types.h"

/* One lane's kind. f16 lanes hold the bits of the f32 of the same value, as YIR literals. */
typedef enum IrLane { IR_LANE_BOOL, IR_LANE_I32, IR_LANE_U32, IR_LANE_F32, IR_LANE_F16, IR_LANE_NONE } IrLane;

typedef enum IrScalarOp {
#define IR_SCALAR_OP(id, arity, on_bool, on_int, on_float, result) IR_SCALAR_##id,
#include "scalar_ops.def"
#undef IR_SCALAR_OP
    IR_SCALAR_COUNT,
    IR_SCALAR_NONE = IR_SCALAR_COUNT  /* an op of ops.def that is not lane-wise on scalars */
} IrScalarOp;

/* Bits of IrScalarValue.flags. */
enum {
    IR_SCALAR_OVERFLOW = 1u << 0,     /* integer result outside its type (the value wraps), i32_min / -1
                                         or % -1, << losing significant bits */
    IR_SCALAR_DIV_ZERO = 1u << 1,     /* integer / or % by zero */
    IR_SCALAR_SHIFT_RANGE = 1u << 2,  /* a shift by 32 or more */
    IR_SCALAR_NONFINITE = 1u << 3,    /* a NaN or infinite float operand or result (f16: past 65504) */
    IR_SCALAR_DOMAIN = 1u << 4,       /* clamp with low > high, smoothstep with equal edges */
    IR_SCALAR_VARIES = 1u << 5,       /* a target may compute another value at run time */
    IR_SCALAR_UNDEFINED = 1u << 6,    /* the op does not take this lane (the verifier rejects it); value 0 */
};

typedef struct IrScalarValue {
    uint32_t bits;
    uint32_t flags;
} IrScalarValue;

/* The lane-wise scalar op of `op`, or IR_SCALAR_NONE. */
IrScalarOp ir_scalar_op_of(IrOp op);
IrOp ir_scalar_ir_op(IrScalarOp op);
uint32_t ir_scalar_arity(IrScalarOp op);
/* Whether `op` takes operands of `lane` (select: its values' lane). */
bool ir_scalar_takes(IrScalarOp op, IrLane lane);
/* The result's lane for operands of `lane`: the same, bool for comparisons; IR_LANE_NONE for
 * convert (any lane). */
IrLane ir_scalar_result_lane(IrScalarOp op, IrLane lane);

/* The lane of a bool or scalar type; IR_LANE_NONE for any other. */
IrLane ir_lane_of(const IrTypeTable *types, IrTypeId scalar);

/* `op` on one lane: operands in instruction order (unused ones ignored), `lane` the operands'
 * (select: its values'), `out` the result's (convert's target; else ignored). */
IrScalarValue ir_scalar_eval(IrScalarOp op, IrLane lane, IrLane out, uint32_t a, uint32_t b, uint32_t c);

/* f16, kept in YIR as the f32 of the same value: the f16 nearest to x (ties to even;
 * infinity past the largest f16), its bits, and the value of f16 bits. */
double ir_f16_nearest(double x);
uint16_t ir_f16_bits(float value);
float ir_f16_value(uint16_t bits);

#endif
