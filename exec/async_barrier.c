/* Hopper's asynchronous barriers in the executor (docs/exec.md § Asynchronous barriers). Each
 * 8-byte 「异步屏障」 of workgroup memory has a state beside the memory (ExWorkgroup.async_barriers,
 * one per 8 bytes): whether it was initialised, the expected arrivals of a phase, the pending
 * ones, the transaction count (bytes expected minus bytes completed; it may go below zero when a
 * copy completes before its expect_tx) and the phase. A phase completes when no arrival is
 * pending and the transaction count is zero: the phase flips and pending is expected again.
 * 等待异步屏障 with parity P returns once the current phase's parity differs from P (the phase
 * of parity P has completed); until then the invocation waits (EX_AT_ASYNC_BARRIER) and the
 * scheduler (run.c) wakes it, or reports a deadlock when nothing else can run. */
#include "../ir/hopper.h"
#include "internal.h"

static const char *name_of(const ExInst *in) { return ir_hopper_builtin_name(in->op); }

/* The state of barrier args[1] of the array args[0]; NULL (with the fault) when out of bounds. */
static ExAsyncBarrier *barrier_of(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in) {
    const uint32_t *ptr = inv->regs + in->args[0];
    uint64_t index = inv->regs[in->args[1]];
    uint8_t *mem = ex_address(wg, inv, ptr[0], ptr[1] + index * IR_ASYNC_BARRIER_BYTES, IR_ASYNC_BARRIER_BYTES, in->span);
    if (!mem) return NULL;
    uint64_t at = (uint64_t)(mem - wg->memory);
    if (mem < wg->memory || at % IR_ASYNC_BARRIER_BYTES != 0 || at / IR_ASYNC_BARRIER_BYTES >= wg->async_barrier_count) {
        ex_fault(wg->fault, Y_EXEC_ASYNC_BARRIER, in->span, "「%s」的实参须是工作组里的「异步屏障」数组", name_of(in));
        return NULL;
    }
    return &wg->async_barriers[at / IR_ASYNC_BARRIER_BYTES];
}

static bool initialised(ExWorkgroup *wg, const ExInst *in, const ExAsyncBarrier *b, uint32_t index) {
    if (b->initialised) return true;
    ex_fault(wg->fault, Y_EXEC_ASYNC_BARRIER, in->span, "「%s」用了未初始化的异步屏障（序 %u）：先由一个调用「初始化异步屏障」，再「工作组屏障」",
             name_of(in), index);
    return false;
}

static void complete_if_done(ExAsyncBarrier *b) {
    if (b->pending != 0 || b->tx != 0) return;
    b->phase ^= 1;
    b->pending = b->expected;
}

static void arrive(ExAsyncBarrier *b) {
    if (b->pending) b->pending--;
    complete_if_done(b);
}

/* mbarrier_wait's condition: the phase of the parity operand has completed. */
static bool wait_done(const ExAsyncBarrier *b, uint32_t parity) { return (b->phase & 1u) != parity; }

static bool wait(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in, ExAsyncBarrier *b) {
    uint32_t parity = inv->regs[in->args[2]];
    if (parity > 1) {
        ex_fault(wg->fault, Y_EXEC_ASYNC_BARRIER, in->span, "「等待异步屏障」的相位须是零或一，此处是 %u", parity);
        return false;
    }
    if (wait_done(b, parity)) return true;
    inv->state = EX_AT_ASYNC_BARRIER;
    inv->barrier = in;
    return false;
}

bool ex_async_barrier(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in) {
    if (in->op == IR_OP_FENCE_PROXY_ASYNC) return true;  /* one memory here */
    ExAsyncBarrier *b = barrier_of(wg, inv, in);
    if (!b) return false;
    uint32_t index = inv->regs[in->args[1]];
    if (in->op == IR_OP_MBARRIER_INIT) {
        uint32_t count = inv->regs[in->args[2]];
        if (count < 1 || count > IR_ASYNC_BARRIER_MAX_COUNT) {
            ex_fault(wg->fault, Y_EXEC_ASYNC_BARRIER, in->span, "「初始化异步屏障」的到达数须在 1 至 %u 之间，此处是 %u",
                     IR_ASYNC_BARRIER_MAX_COUNT, count);
            return false;
        }
        *b = (ExAsyncBarrier){.initialised = true, .expected = count, .pending = count};
        return true;
    }
    if (!initialised(wg, in, b, index)) return false;
    switch (in->op) {
    case IR_OP_MBARRIER_ARRIVE: arrive(b); return true;
    case IR_OP_MBARRIER_EXPECT_TX:
        b->tx += inv->regs[in->args[2]];
        arrive(b);
        return true;
    default: return wait(wg, inv, in, b);
    }
}

bool ex_async_barrier_ready(ExWorkgroup *wg, ExInvocation *inv) {
    const ExInst *in = inv->barrier;
    const uint32_t *ptr = inv->regs + in->args[0];
    uint8_t *mem = wg->memory + wg->prog->regions[ptr[0]].offset + ptr[1] +
                   (uint64_t)inv->regs[in->args[1]] * IR_ASYNC_BARRIER_BYTES;  /* checked when it began to wait */
    return wait_done(&wg->async_barriers[(mem - wg->memory) / IR_ASYNC_BARRIER_BYTES], inv->regs[in->args[2]]);
}

void ex_async_barrier_complete_tx(ExAsyncBarrier *b, uint64_t bytes) {
    b->tx -= (int64_t)bytes;
    complete_if_done(b);
}

ExAsyncBarrier *ex_async_barrier_at(ExWorkgroup *wg, ExInvocation *inv, const ExInst *in, uint32_t array_arg,
                                    uint32_t index_arg) {
    ExInst shifted = *in;
    uint32_t args[2] = {in->args[array_arg], in->args[index_arg]};
    shifted.args = args;
    ExAsyncBarrier *b = barrier_of(wg, inv, &shifted);
    return b && initialised(wg, in, b, inv->regs[args[1]]) ? b : NULL;
}

void ex_async_barrier_deadlock(ExWorkgroup *wg, const ExInvocation *inv) {
    const ExInst *in = inv->barrier;
    ex_fault(wg->fault, Y_EXEC_ASYNC_BARRIER, in->span,
             "「等待异步屏障」永远等不到：相位 %u 不会完成（没有调用还能到达，也没有异步传输还在进行）",
             inv->regs[in->args[2]]);
}
