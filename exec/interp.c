/* One invocation of the executor: a switch over pre-decoded instructions with an explicit
 * control stack per function, so an invocation can stop at a barrier or a subgroup
 * operation and be resumed later (the scheduler, run.c, decides when). */
#include <math.h>
#include <string.h>

#include "internal.h"

#define MAX_LANES 16u  /* mat4x4 */

uint8_t *ex_address(ExWorkgroup *wg, ExInvocation *inv, uint32_t region, uint64_t offset,
                    uint64_t bytes, Span span) {
    const ExProgram *p = wg->prog;
    if (region >= p->region_count) {
        ex_fault(wg->fault, Y_EXEC_OUT_OF_BOUNDS, span, "无效的指针");
        return NULL;
    }
    const ExRegion *r = &p->regions[region];
    if (offset > r->size || bytes > r->size - offset) {
        ex_fault(wg->fault, Y_EXEC_OUT_OF_BOUNDS, span, "越界访问：「%s」只有 %llu 字节，却要访问第 %llu 至 %llu 字节", r->name,
                 (unsigned long long)r->size, (unsigned long long)offset,
                 (unsigned long long)(offset + bytes - 1));
        return NULL;
    }
    switch (r->kind) {
    case EX_REGION_BUFFER: return r->data + offset;
    case EX_REGION_WORKGROUP: return wg->memory + r->offset + offset;
    default: return inv->local + r->offset + offset;
    }
}

/* ---- lane-wise arithmetic ---- */

static void lanewise(const ExInst *in, uint32_t *regs) {
    uint32_t n = in->lanes, out[MAX_LANES];
    const uint32_t *a = regs + in->args[0];
    const uint32_t *b = in->arg_count > 1 ? regs + in->args[1] : a;
    const uint32_t *c = in->arg_count > 2 ? regs + in->args[2] : a;
    uint32_t sa = in->arg_lanes[0] == 1 ? 0 : 1;
    uint32_t sb = in->arg_count > 1 && in->arg_lanes[1] == 1 ? 0 : 1;
    uint32_t sc = in->arg_count > 2 && in->arg_lanes[2] == 1 ? 0 : 1;
    for (uint32_t i = 0; i < n; i++)
        out[i] = ex_scalar(in->op, in->lane, in->out_lane, a[i * sa], b[i * sb], c[i * sc]);
    memcpy(regs + in->results[0], out, n * sizeof *out);
}

static uint32_t mul_add(IrLane lane, uint32_t acc, uint32_t x, uint32_t y) {
    return ex_scalar(IR_OP_ADD, lane, lane, acc, ex_scalar(IR_OP_MUL, lane, lane, x, y, 0), 0);
}

/* Matrix products, column-major: entry (r, c) = Σ_k a(r, k) · b(k, c), left to right. */
static void multiply(const ExInst *in, uint32_t *regs) {
    if (in->mul == EX_MUL_LANES) {
        lanewise(in, regs);
        return;
    }
    const uint32_t *a = regs + in->args[0], *b = regs + in->args[1];
    uint32_t out[MAX_LANES];
    uint32_t rows = in->rows, inner = in->inner, cols = in->cols;
    for (uint32_t c = 0; c < cols; c++)
        for (uint32_t r = 0; r < rows; r++) {
            uint32_t acc = 0;
            for (uint32_t k = 0; k < inner; k++) {
                uint32_t x, y;
                if (in->mul == EX_MUL_VEC_MAT) x = a[k], y = b[c * inner + k];
                else x = a[k * rows + r], y = in->mul == EX_MUL_MAT_VEC ? b[k] : b[c * inner + k];
                acc = k == 0 ? ex_scalar(IR_OP_MUL, in->lane, in->lane, x, y, 0) : mul_add(in->lane, acc, x, y);
            }
            out[c * rows + r] = acc;
        }
    memcpy(regs + in->results[0], out, rows * cols * sizeof *out);
}

static uint32_t dot(IrLane lane, const uint32_t *a, const uint32_t *b, uint32_t n) {
    uint32_t acc = ex_scalar(IR_OP_MUL, lane, lane, a[0], b[0], 0);
    for (uint32_t i = 1; i < n; i++) acc = mul_add(lane, acc, a[i], b[i]);
    return acc;
}

/* The geometric functions, computed in double and rounded once (the reference). */
static void geometric(const ExInst *in, uint32_t *regs) {
    const uint32_t *a = regs + in->args[0], *b = in->arg_count > 1 ? regs + in->args[1] : a;
    uint32_t n = in->arg_lanes[0], *out = regs + in->results[0];
    double x[4] = {0}, y[4] = {0}, sum = 0;
    for (uint32_t i = 0; i < n && i < 4; i++) x[i] = ex_f32(a[i]), y[i] = ex_f32(b[i]);
    switch (in->op) {
    case IR_OP_LENGTH:
        for (uint32_t i = 0; i < n; i++) sum += x[i] * x[i];
        out[0] = ex_round_float(in->lane, sqrt(sum));
        break;
    case IR_OP_DISTANCE:
        for (uint32_t i = 0; i < n; i++) sum += (x[i] - y[i]) * (x[i] - y[i]);
        out[0] = ex_round_float(in->lane, sqrt(sum));
        break;
    case IR_OP_NORMALIZE:
        for (uint32_t i = 0; i < n; i++) sum += x[i] * x[i];
        for (uint32_t i = 0; i < n; i++) out[i] = ex_round_float(in->lane, x[i] / sqrt(sum));
        break;
    case IR_OP_REFLECT:  /* e1 - 2 dot(e2, e1) e2 */
        for (uint32_t i = 0; i < n; i++) sum += x[i] * y[i];
        for (uint32_t i = 0; i < n; i++) out[i] = ex_round_float(in->lane, x[i] - 2.0 * sum * y[i]);
        break;
    default: {  /* cross */
        double r[3] = {x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]};
        for (uint32_t i = 0; i < 3; i++) out[i] = ex_round_float(in->lane, r[i]);
        break;
    }
    }
}

/* Bit images: f16 lanes are 2 bytes, other lanes 4 (bitcast between equal sizes). */
static void bitcast(const ExInst *in, uint32_t *regs) {
    uint8_t bytes[64];
    uint32_t n = in->arg_lanes[0], size = 0;
    const uint32_t *a = regs + in->args[0];
    for (uint32_t i = 0; i < n; i++) {
        if (in->lane == IR_LANE_F16) {
            uint16_t h = ir_f16_bits(ex_f32(a[i]));
            memcpy(bytes + size, &h, 2), size += 2;
        } else {
            memcpy(bytes + size, &a[i], 4), size += 4;
        }
    }
    uint32_t *out = regs + in->results[0];
    for (uint32_t i = 0, at = 0; i < in->lanes; i++) {
        if (in->out_lane == IR_LANE_F16) {
            uint16_t h;
            memcpy(&h, bytes + at, 2), at += 2;
            out[i] = ex_bits(ir_f16_value(h));
        } else {
            memcpy(&out[i], bytes + at, 4), at += 4;
        }
    }
}

static void pack_unpack(const ExInst *in, uint32_t *regs) {
    const uint32_t *a = regs + in->args[0];
    uint32_t *out = regs + in->results[0];
    if (in->op == IR_OP_PACK2X16FLOAT) {
        out[0] = (uint32_t)ir_f16_bits((float)ir_f16_nearest(ex_f32(a[0]))) |
                 (uint32_t)ir_f16_bits((float)ir_f16_nearest(ex_f32(a[1]))) << 16;
    } else {
        uint32_t w = a[0];
        out[0] = ex_bits(ir_f16_value((uint16_t)(w & 0xFFFFu)));
        out[1] = ex_bits(ir_f16_value((uint16_t)(w >> 16)));
    }
}

/* ---- memory ---- */

/* Offsets in 64 bits: a step may not leave the region (a pointer keeps a 32-bit offset,
 * and every region is below 4 GiB, docs/exec.md "Limits"). */
static bool access(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in) {
    uint32_t *regs = inv->regs;
    uint32_t region = regs[in->args[0]];
    uint64_t offset = regs[in->args[0] + 1];
    const ExRegion *r = region < wg->prog->region_count ? &wg->prog->regions[region] : NULL;
    if (!r) {
        ex_fault(wg->fault, Y_EXEC_OUT_OF_BOUNDS, in->span, "无效的指针");
        return false;
    }
    for (uint32_t i = 0; i < in->step_count; i++) {
        const ExStep *s = &in->steps[i];
        if (s->index_word == IR_NONE) {
            offset += s->offset;
        } else {
            uint32_t index = regs[s->index_word];
            uint64_t count = s->count;
            if (count == 0) count = offset <= r->size && s->stride ? (r->size - offset) / s->stride : 0;
            if (index >= count) {
                ex_fault(wg->fault, Y_EXEC_OUT_OF_BOUNDS, in->span, "越界访问：下标 %u 超出「%s」的长度 %llu", index, r->name,
                         (unsigned long long)count);
                return false;
            }
            offset += (uint64_t)index * s->stride;
        }
        if (offset > r->size) {
            ex_fault(wg->fault, Y_EXEC_OUT_OF_BOUNDS, in->span, "越界访问：「%s」只有 %llu 字节，却要访问第 %llu 字节", r->name,
                     (unsigned long long)r->size, (unsigned long long)offset);
            return false;
        }
    }
    regs[in->results[0]] = region;
    regs[in->results[0] + 1] = (uint32_t)offset;
    return true;
}

static uint8_t *pointer(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in, uint32_t arg) {
    const uint32_t *ptr = inv->regs + in->args[arg];
    return ex_address(wg, inv, ptr[0], ptr[1], ex_memory_bytes(wg->prog->types, in->type), in->span);
}

/* The atomic is one 4-byte element (atomic<i32|u32>), whatever the result is: a compare
 * exchange returns the pair { old_value, exchanged }. */
static bool atomic(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in) {
    const uint32_t *ptr = inv->regs + in->args[0];
    uint8_t *mem = ex_address(wg, inv, ptr[0], ptr[1], 4, in->span);
    if (!mem) return false;
    uint32_t *regs = inv->regs, old, value = in->arg_count > 1 ? regs[in->args[1]] : 0, next = value;
    memcpy(&old, mem, 4);
    switch (in->op) {
    case IR_OP_ATOMIC_LOAD: regs[in->results[0]] = old; return true;
    case IR_OP_ATOMIC_STORE: break;
    case IR_OP_ATOMIC_ADD: next = old + value; break;
    case IR_OP_ATOMIC_SUB: next = old - value; break;
    case IR_OP_ATOMIC_MAX: next = ex_scalar(IR_OP_MAX, in->lane, in->lane, old, value, 0); break;
    case IR_OP_ATOMIC_MIN: next = ex_scalar(IR_OP_MIN, in->lane, in->lane, old, value, 0); break;
    case IR_OP_ATOMIC_EXCHANGE: break;
    default: {  /* compare exchange: { old_value, exchanged } */
        bool exchanged = old == value;
        next = exchanged ? regs[in->args[2]] : old;
        regs[in->results[0] + 1] = exchanged;
        break;
    }
    }
    memcpy(mem, &next, 4);
    if (in->result_count) regs[in->results[0]] = old;
    return true;
}

static bool array_length(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in) {
    uint32_t region = inv->regs[in->args[0]], offset = inv->regs[in->args[0] + 1];
    const ExRegion *r = &wg->prog->regions[region];
    inv->regs[in->results[0]] = offset <= r->size && in->offset ? (r->size - offset) / in->offset : 0;
    return true;
}

/* ---- control ---- */

static ExCtl *top(ExInvocation *inv, const ExFunc *f, uint32_t fi) {
    return &inv->ctl[f->ctl_base + inv->ctl_top[fi] - 1];
}

static void push_block(ExInvocation *inv, const ExFunc *f, uint32_t fi, uint32_t block) {
    uint32_t depth = inv->ctl_top[fi]++;
    inv->ctl[f->ctl_base + depth] = (ExCtl){block, 0};
}

/* Through the workgroup's scratch words (as many as the largest such move, decode.c):
 * `continue %b, %a` may swap parameters. */
static void copy_words(ExWorkgroup *wg, uint32_t *regs, const uint32_t *dst, const uint32_t *src,
                       const uint32_t *lanes, uint32_t count) {
    uint32_t *tmp = wg->scratch;
    for (uint32_t i = 0, at = 0; i < count; at += lanes[i], i++) memcpy(tmp + at, regs + src[i], lanes[i] * 4);
    for (uint32_t i = 0, at = 0; i < count; at += lanes[i], i++) memcpy(regs + dst[i], tmp + at, lanes[i] * 4);
}

static void enter_call(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in) {
    const ExFunc *callee = &wg->prog->funcs[in->func];
    copy_words(wg, inv->regs, callee->params, in->args, in->arg_lanes, in->arg_count);
    inv->calls[inv->call_depth++] = (ExCall){in->func, in};
    inv->ctl_top[in->func] = 0;
    push_block(inv, callee, in->func, callee->body);
}

static void leave_call(ExInvocation *inv, const ExInst *ret) {
    const ExCall *call = &inv->calls[--inv->call_depth];
    if (!inv->call_depth) {
        inv->state = EX_DONE;
        return;
    }
    if (ret->arg_count && call->call->result_count)
        memcpy(inv->regs + call->call->results[0], inv->regs + ret->args[0], ret->arg_lanes[0] * 4);
}

/* Pops blocks of the current function until the innermost loop body (left on top). */
static const ExBlock *innermost_loop(ExInvocation *inv, const ExFunc *f, uint32_t fi) {
    for (;;) {
        const ExBlock *b = &f->blocks[top(inv, f, fi)->block];
        if (b->loop_body) return b;
        inv->ctl_top[fi]--;
    }
}

static const ExInst *owner_of(const ExFunc *f, const ExBlock *b) {
    return &f->blocks[b->parent].insts[b->owner_pos];
}

static bool step_control(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in, uint32_t fi) {
    const ExFunc *f = &wg->prog->funcs[fi];
    uint32_t *regs = inv->regs;
    switch (in->op) {
    case IR_OP_IF:
        push_block(inv, f, fi, regs[in->args[0]] ? in->blocks[0] : in->blocks[1]);
        return true;
    case IR_OP_LOOP: {
        const ExBlock *body = &f->blocks[in->blocks[0]];
        copy_words(wg, regs, body->params, in->args, in->arg_lanes, in->arg_count);
        push_block(inv, f, fi, in->blocks[0]);
        return true;
    }
    case IR_OP_YIELD: {
        const ExBlock *b = &f->blocks[top(inv, f, fi)->block];
        const ExInst *owner = owner_of(f, b);
        copy_words(wg, regs, owner->results, in->args, in->arg_lanes, in->arg_count);
        inv->ctl_top[fi]--;
        return true;
    }
    case IR_OP_CONTINUE: {
        const ExBlock *body = innermost_loop(inv, f, fi);
        copy_words(wg, regs, body->params, in->args, in->arg_lanes, in->arg_count);
        top(inv, f, fi)->pc = 0;
        return true;
    }
    case IR_OP_BREAK: {
        const ExBlock *body = innermost_loop(inv, f, fi);
        copy_words(wg, regs, owner_of(f, body)->results, in->args, in->arg_lanes, in->arg_count);
        inv->ctl_top[fi]--;
        return true;
    }
    case IR_OP_RETURN:
        leave_call(inv, in);
        return true;
    default:  /* unreachable */
        return false;
    }
}

static bool construct(const ExInst *in, uint32_t *regs) {
    uint32_t *out = regs + in->results[0];
    if (in->arg_count == 1 && in->arg_lanes[0] == 1 && in->words > 1) {
        uint32_t v = regs[in->args[0]];
        for (uint32_t i = 0; i < in->words; i++) out[i] = v;
        return true;
    }
    uint32_t stack[MAX_LANES], *tmp = in->words <= MAX_LANES ? stack : NULL;
    uint32_t at = 0;
    for (uint32_t i = 0; i < in->arg_count; i++) {
        if (tmp) memcpy(tmp + at, regs + in->args[i], in->arg_lanes[i] * 4);
        else memmove(out + at, regs + in->args[i], in->arg_lanes[i] * 4);
        at += in->arg_lanes[i];
    }
    if (tmp) memcpy(out, tmp, at * 4);
    return true;
}

static bool select_value(const ExInst *in, uint32_t *regs) {
    uint32_t out[MAX_LANES], n = in->words;
    const uint32_t *c = regs + in->args[0], *t = regs + in->args[1], *e = regs + in->args[2];
    bool one = in->arg_lanes[0] == 1;
    if (n > MAX_LANES) {
        memmove(regs + in->results[0], c[0] ? t : e, n * 4);
        return true;
    }
    for (uint32_t i = 0; i < n; i++) out[i] = (one ? c[0] : c[i]) ? t[i] : e[i];
    memcpy(regs + in->results[0], out, n * 4);
    return true;
}

/* One instruction; false when the invocation stops (fault, barrier, subgroup, done). */
static bool step(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in, uint32_t fi) {
    const ExProgram *p = wg->prog;
    uint32_t *regs = inv->regs;
    switch (in->op) {
    case IR_OP_CONST: case IR_OP_CONSTANT:
        memcpy(regs + in->results[0], p->pool + in->offset, in->words * 4);
        return true;
    case IR_OP_GLOBAL:
        regs[in->results[0]] = in->region, regs[in->results[0] + 1] = 0;
        return true;
    case IR_OP_VAR: {
        const ExRegion *r = &p->regions[in->region];
        uint8_t *mem = inv->local + r->offset;
        if (in->arg_count) ex_mem_store(p->types, in->type, mem, regs + in->args[0]);
        else memset(mem, 0, r->size);
        regs[in->results[0]] = in->region, regs[in->results[0] + 1] = 0;
        return true;
    }
    case IR_OP_LOAD: {
        uint8_t *mem = pointer(wg, inv, in, 0);
        if (!mem) return false;
        ex_mem_load(p->types, in->type, mem, regs + in->results[0]);
        return true;
    }
    case IR_OP_STORE: {
        uint8_t *mem = pointer(wg, inv, in, 0);
        if (!mem) return false;
        ex_mem_store(p->types, in->type, mem, regs + in->args[1]);
        return true;
    }
    case IR_OP_ACCESS: return access(wg, inv, in);
    case IR_OP_EXTRACT:
        memmove(regs + in->results[0], regs + in->args[0] + in->offset, in->words * 4);
        return true;
    case IR_OP_INSERT: {
        uint32_t *out = regs + in->results[0];
        if (out != regs + in->args[0]) memmove(out, regs + in->args[0], in->lanes * 4);
        memmove(out + in->offset, regs + in->args[1], in->words * 4);
        return true;
    }
    case IR_OP_CONSTRUCT: return construct(in, regs);
    case IR_OP_SELECT: return select_value(in, regs);
    case IR_OP_MUL: multiply(in, regs); return true;
    case IR_OP_DOT:
        regs[in->results[0]] = dot(in->lane, regs + in->args[0], regs + in->args[1], in->arg_lanes[0]);
        return true;
    case IR_OP_LENGTH: case IR_OP_DISTANCE: case IR_OP_NORMALIZE: case IR_OP_REFLECT: case IR_OP_CROSS:
        geometric(in, regs);
        return true;
    case IR_OP_BITCAST: bitcast(in, regs); return true;
    case IR_OP_PACK2X16FLOAT: case IR_OP_UNPACK2X16FLOAT: pack_unpack(in, regs); return true;
    case IR_OP_ARRAY_LENGTH: return array_length(wg, inv, in);
    case IR_OP_ATOMIC_LOAD: case IR_OP_ATOMIC_STORE: case IR_OP_ATOMIC_ADD: case IR_OP_ATOMIC_SUB:
    case IR_OP_ATOMIC_MAX: case IR_OP_ATOMIC_MIN: case IR_OP_ATOMIC_EXCHANGE:
    case IR_OP_ATOMIC_COMPARE_EXCHANGE:
        return atomic(wg, inv, in);
    case IR_OP_WORKGROUP_BARRIER: case IR_OP_STORAGE_BARRIER:  /* the workgroup's, at once (run.c) */
        inv->state = EX_AT_BARRIER;
        inv->barrier = in;
        inv->barriers++;
        return false;
    case IR_OP_TENSOR_ZERO: case IR_OP_TENSOR_MMA: case IR_OP_TENSOR_STORE:  /* the warpgroup's, at once (run.c) */
    case IR_OP_TENSOR_MMA_SHARED: case IR_OP_TENSOR_MMA_ASYNC: case IR_OP_TENSOR_MMA_ASYNC_BF16: case IR_OP_TENSOR_COMMIT: case IR_OP_TENSOR_WAIT:
    case IR_OP_REGISTER_INC: case IR_OP_REGISTER_DEC:
        inv->state = EX_AT_TENSOR;
        inv->barrier = in;
        inv->tensor_ops++;
        return false;
    case IR_OP_WARPGROUP_ID: regs[in->results[0]] = inv->local_index / EX_WARPGROUP; return true;
    case IR_OP_CALL: enter_call(wg, inv, in); return true;
    case IR_OP_ASYNC_COPY: return ex_async_copy(wg, inv, in);
    case IR_OP_ASYNC_COMMIT: case IR_OP_ASYNC_WAIT: return true;  /* copies are done when issued */
    case IR_OP_MBARRIER_INIT: case IR_OP_MBARRIER_ARRIVE: case IR_OP_MBARRIER_EXPECT_TX: case IR_OP_MBARRIER_WAIT:
    case IR_OP_FENCE_PROXY_ASYNC:
        return ex_async_barrier(wg, inv, in);
    case IR_OP_TMA_LOAD: return ex_tma_load(wg, inv, in);
    case IR_OP_IF: case IR_OP_LOOP: case IR_OP_YIELD: case IR_OP_BREAK: case IR_OP_CONTINUE:
    case IR_OP_RETURN:
        step_control(wg, inv, in, fi);
        return inv->state == EX_RUNNING;
    case IR_OP_UNREACHABLE:
        ex_fault(wg->fault, Y_EXEC_UNREACHABLE, in->span, "执行到了不可达的位置");
        return false;
    default:
        if (ir_op_is_subgroup(in->op) || ir_op_is_fragment(in->op)) {
            inv->state = EX_AT_SUBGROUP;
            inv->pending = in;
            return false;
        }
        if (ir_scalar_op_of(in->op) == IR_SCALAR_NONE) {  /* never a silent value */
            ex_fault(wg->fault, Y_EXEC_UNSUPPORTED, in->span, "CPU 执行器不支持运算 %s", ir_op_info(in->op)->name);
            return false;
        }
        lanewise(in, regs);
        return true;
    }
}

/* The budget ran out at `in` (before it executed). */
static void out_of_steps(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in) {
    ex_fault(wg->fault, Y_EXEC_STEP_LIMIT, in->span, "执行步数超过上限 %llu（可能是死循环；用 --max-steps 调整）",
             (unsigned long long)wg->max_steps);
    inv->state = EX_FAULTED;
}

void ex_invocation_run(ExWorkgroup *wg, ExInvocation *inv) {
    const ExProgram *p = wg->prog;
    inv->state = EX_RUNNING;
    while (inv->state == EX_RUNNING) {
        uint32_t fi = inv->calls[inv->call_depth - 1].func;
        const ExFunc *f = &p->funcs[fi];
        ExCtl *c = top(inv, f, fi);
        const ExInst *in = &f->blocks[c->block].insts[c->pc];
        if (in->cost > wg->max_steps - wg->steps) {
            out_of_steps(wg, inv, in);
            return;
        }
        wg->steps += in->cost;
        c->pc++;
        if (!step(wg, inv, in, fi) && inv->state == EX_RUNNING) inv->state = EX_FAULTED;
    }
}
