/* Subgroup operations (着十一) over one subgroup whose live lanes all wait at the same
 * instruction. Lanes that have returned, and lanes past the end of a short last subgroup,
 * are inactive: reductions and scans take only the active lanes (an inactive lane counts
 * as the identity: 0 for sums, 1 for products, and does not take part in max/min, votes or
 * ballots); a shuffle whose source lane is inactive or out of range gives the lane's own
 * value (WGSL leaves it indeterminate; PTX's clamped shfl does this). */
#include <string.h>

#include "internal.h"

#define MAX_WORDS 16u

static const uint32_t *value_of(const ExInvocation *inv, const ExInst *in) { return inv->regs + in->args[0]; }

static uint32_t source_lane(const ExInst *in, const ExInvocation *inv, uint32_t lane) {
    uint32_t x = inv->regs[in->args[1]];
    switch (in->op) {
    case IR_OP_SUBGROUP_SHUFFLE: return x;
    case IR_OP_SUBGROUP_SHUFFLE_XOR: return lane ^ x;
    case IR_OP_SUBGROUP_SHUFFLE_UP: return x > lane ? UINT32_MAX : lane - x;
    default: return lane + x;  /* down */
    }
}

static void shuffle(const ExInst *in, ExInvocation **lanes, uint32_t size, uint32_t words) {
    uint32_t got[EX_MAX_SUBGROUP_SIZE][MAX_WORDS];
    for (uint32_t l = 0; l < size; l++) {
        if (!lanes[l]) continue;
        uint32_t src = source_lane(in, lanes[l], l);
        const ExInvocation *from = src < size && lanes[src] ? lanes[src] : lanes[l];
        memcpy(got[l], value_of(from, in), words * 4);
    }
    for (uint32_t l = 0; l < size; l++)
        if (lanes[l]) memcpy(lanes[l]->regs + in->results[0], got[l], words * 4);
}

static IrOp combine_op(IrOp op) {
    switch (op) {
    case IR_OP_SUBGROUP_MAX: return IR_OP_MAX;
    case IR_OP_SUBGROUP_MIN: return IR_OP_MIN;
    case IR_OP_SUBGROUP_EXCLUSIVE_MUL: case IR_OP_SUBGROUP_INCLUSIVE_MUL: return IR_OP_MUL;
    default: return IR_OP_ADD;
    }
}

/* Reductions and scans, combining the active lanes in lane order. */
static void reduce(const ExInst *in, ExInvocation **lanes, uint32_t size, uint32_t words) {
    IrOp op = combine_op(in->op);
    bool scan = in->op == IR_OP_SUBGROUP_EXCLUSIVE_ADD || in->op == IR_OP_SUBGROUP_INCLUSIVE_ADD ||
                in->op == IR_OP_SUBGROUP_EXCLUSIVE_MUL || in->op == IR_OP_SUBGROUP_INCLUSIVE_MUL;
    bool exclusive = in->op == IR_OP_SUBGROUP_EXCLUSIVE_ADD || in->op == IR_OP_SUBGROUP_EXCLUSIVE_MUL;
    uint32_t identity = op == IR_OP_MUL ? (in->lane == IR_LANE_F32 || in->lane == IR_LANE_F16 ? ex_bits(1.0f) : 1u)
                                        : (in->lane == IR_LANE_F32 || in->lane == IR_LANE_F16 ? ex_bits(0.0f) : 0u);
    uint32_t acc[MAX_WORDS], out[EX_MAX_SUBGROUP_SIZE][MAX_WORDS];
    bool started = false;
    for (uint32_t w = 0; w < words; w++) acc[w] = identity;
    for (uint32_t l = 0; l < size; l++) {
        if (!lanes[l]) continue;
        const uint32_t *v = value_of(lanes[l], in);
        if (exclusive) memcpy(out[l], acc, words * 4);
        for (uint32_t w = 0; w < words; w++)
            acc[w] = !started && !scan ? v[w] : ex_scalar(op, in->lane, in->lane, acc[w], v[w], 0);
        started = true;
        if (scan && !exclusive) memcpy(out[l], acc, words * 4);
    }
    for (uint32_t l = 0; l < size; l++)
        if (lanes[l]) memcpy(lanes[l]->regs + in->results[0], scan ? out[l] : acc, words * 4);
}

static void vote(const ExInst *in, ExInvocation **lanes, uint32_t size) {
    uint32_t ballot[4] = {0}, first = UINT32_MAX;
    bool all = true, any = false;
    for (uint32_t l = 0; l < size; l++) {
        if (!lanes[l]) continue;
        if (first == UINT32_MAX) first = l;
        if (in->op == IR_OP_SUBGROUP_ELECT) continue;
        bool b = value_of(lanes[l], in)[0] != 0;
        all = all && b, any = any || b;
        if (b) ballot[l / 32] |= 1u << (l % 32);
    }
    for (uint32_t l = 0; l < size; l++) {
        if (!lanes[l]) continue;
        uint32_t *r = lanes[l]->regs + in->results[0];
        switch (in->op) {
        case IR_OP_SUBGROUP_BALLOT: memcpy(r, ballot, sizeof ballot); break;
        case IR_OP_SUBGROUP_ALL: r[0] = all; break;
        case IR_OP_SUBGROUP_ANY: r[0] = any; break;
        default: r[0] = l == first; break;
        }
    }
}

void ex_subgroup_execute(const ExProgram *prog, const ExInst *in, ExInvocation **lanes, uint32_t size) {
    (void)prog;
    uint32_t words = in->arg_count ? in->arg_lanes[0] : 0;
    switch (in->op) {
    case IR_OP_SUBGROUP_SHUFFLE: case IR_OP_SUBGROUP_SHUFFLE_XOR: case IR_OP_SUBGROUP_SHUFFLE_UP:
    case IR_OP_SUBGROUP_SHUFFLE_DOWN:
        shuffle(in, lanes, size, words);
        break;
    case IR_OP_SUBGROUP_BALLOT: case IR_OP_SUBGROUP_ALL: case IR_OP_SUBGROUP_ANY: case IR_OP_SUBGROUP_ELECT:
        vote(in, lanes, size);
        break;
    default:
        reduce(in, lanes, size, words);
        break;
    }
}
