/* One lane of a YIR operation with WGSL's run-time rules (docs/exec.md): the shared scalar
 * semantics of ir/scalar.h (ir/scalar_ops.def), the same the constant evaluator folds with,
 * so the executor and the folder cannot disagree on a lane's value. */
#include <string.h>

#include "internal.h"

IrLane ex_lane_of(const IrTypeTable *types, IrTypeId type) {
    const IrType *m = ir_type(types, type);
    if (m && m->kind == IR_TYPE_MATRIX) type = m->elem;
    return ir_lane_of(types, ir_type_element_scalar(types, type));
}

float ex_f32(uint32_t bits) {
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

uint32_t ex_bits(float value) {
    uint32_t b;
    memcpy(&b, &value, sizeof b);
    return b;
}

uint32_t ex_round_float(IrLane lane, double value) {
    if (lane == IR_LANE_F16) return ex_bits((float)ir_f16_nearest(value));
    return ex_bits((float)value);
}

uint32_t ex_scalar(IrOp op, IrLane lane, IrLane out, uint32_t a, uint32_t b, uint32_t c) {
    return ir_scalar_eval(ir_scalar_op_of(op), lane, out, a, b, c).bits;
}
