/* The accumulator element operations on the CPU (frag_scale … frag_mask_upper; docs/builtins.md,
 * "Accumulator element operations"). An accumulator is its 16 × 16 f32 tile, row after row
 * (fragment.c); each operation works on the tile the whole subgroup holds.
 *
 * Row sums add in the tree every GPU target uses (the m16n8k16 accumulator layout on PTX,
 * thread_elements() on Metal: a lane holds columns 2t, 2t + 1, 8 + 2t and 9 + 2t of its row
 * and the quad adds its four partial sums with two xor shuffles):
 *   s(t) = (x[2t] + x[2t+1]) + (x[8+2t] + x[9+2t]),  sum = (s(0) + s(1)) + (s(2) + s(3)),
 * each addition rounded to f32, so the CPU and the GPUs agree bit for bit. Row maxima and
 * max with a scalar or a tile take the number when one side is NaN (like fmaxf and PTX
 * max.f32). */
#include <math.h>

#include "internal.h"

#define TILE 16u
#define QUAD 4u

static float at(const uint32_t *tile, uint32_t row, uint32_t col) { return ex_f32(tile[row * TILE + col]); }

static float row_sum(const uint32_t *tile, uint32_t row) {
    float partial[QUAD];
    for (uint32_t t = 0; t < QUAD; t++) {
        float left = at(tile, row, 2 * t) + at(tile, row, 2 * t + 1);
        float right = at(tile, row, 8 + 2 * t) + at(tile, row, 9 + 2 * t);
        partial[t] = left + right;
    }
    return (partial[0] + partial[1]) + (partial[2] + partial[3]);
}

static float row_max(const uint32_t *tile, uint32_t row) {
    float best = at(tile, row, 0);
    for (uint32_t c = 1; c < TILE; c++) best = fmaxf(best, at(tile, row, c));
    return best;
}

/* One element of an element-wise operation: x from the tile, y the scalar or the other tile's
 * element. */
static float elementwise(IrOp op, float x, float y) {
    switch (op) {
    case IR_OP_FRAG_SCALE: case IR_OP_FRAG_MUL: return x * y;
    case IR_OP_FRAG_ADD_SCALAR: case IR_OP_FRAG_ADD: return x + y;
    case IR_OP_FRAG_SUB: return x - y;
    case IR_OP_FRAG_DIV: return x / y;
    case IR_OP_FRAG_MAX_SCALAR: case IR_OP_FRAG_MAX: return fmaxf(x, y);
    default: return exp2f(x);  /* frag_exp2 */
    }
}

/* f32 → f16, to nearest even, held as the f32 of the same value like every f16 register. */
static uint32_t to_half(float x) { return ex_bits(ir_f16_value(ir_f16_bits(x))); }

void ex_fragment_element(const ExInst *in, const uint32_t *regs, uint32_t *out) {
    const uint32_t *tile = regs + in->args[0];
    const char *operands = ir_fragment_element_operands(in->op);
    for (uint32_t r = 0; r < TILE; r++) {
        float reduced = in->op == IR_OP_FRAG_ROW_SUM ? row_sum(tile, r)
                        : in->op == IR_OP_FRAG_ROW_MAX ? row_max(tile, r)
                                                       : 0.0f;
        for (uint32_t c = 0; c < TILE; c++) {
            uint32_t i = r * TILE + c;
            float x = ex_f32(tile[i]);
            switch (in->op) {
            case IR_OP_FRAG_ROW_SUM: case IR_OP_FRAG_ROW_MAX: out[i] = ex_bits(reduced); break;
            case IR_OP_FRAG_TO_A: out[i] = to_half(x); break;
            case IR_OP_FRAG_MASK_UPPER: {
                int32_t offset = (int32_t)regs[in->args[1]];
                out[i] = (int64_t)c - (int64_t)r > (int64_t)offset ? regs[in->args[2]] : tile[i];
                break;
            }
            default: {
                float y = operands[0] == 'a' ? ex_f32(regs[in->args[1] + i])
                          : operands[0] == 'f' ? ex_f32(regs[in->args[1]])
                                               : 0.0f;
                out[i] = ex_bits(elementwise(in->op, x, y));
            }
            }
        }
    }
}
