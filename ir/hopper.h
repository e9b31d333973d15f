/* Hopper's asynchronous barriers (mbarrier) in YIR (docs/builtins.md § Hopper warpgroup MMA,
 * TMA and asynchronous barriers): PTX sm_90a only; Metal and WGSL report them by builtin name.
 * An 「异步屏障」 is a vec2<u32> in YIR: 8 bytes, 8-byte aligned, as Hopper's 64-bit mbarrier
 * object; only the mbarrier_* ops touch it. */
#ifndef YUSEC_IR_HOPPER_H
#define YUSEC_IR_HOPPER_H

#include <stdbool.h>
#include <stdint.h>

#include "ir.h"

#define IR_ASYNC_BARRIER_BYTES 8u
/* The most arrivals an mbarrier counts (PTX: 2^20 − 1). */
#define IR_ASYNC_BARRIER_MAX_COUNT 0xFFFFFu

/* mbarrier_*, fence_proxy_async: the ops only PTX on sm_90a translates. */
bool ir_op_is_hopper(IrOp op);
/* The builtin an op of ir_op_is_hopper comes from (「初始化异步屏障」 …, no quotes); "" else. */
const char *ir_hopper_builtin_name(IrOp op);
/* The element type of an array of 「异步屏障」 (vec2<u32>). */
IrTypeId ir_type_async_barrier(IrTypeTable *table);
/* True when `id` is ptr<workgroup, array<vec2<u32>, N>>, N in *count (may be NULL). */
bool ir_type_is_async_barrier_array_ptr(const IrTypeTable *table, IrTypeId id, uint32_t *count);
/* The first op of ir_op_is_hopper in `f`, or NULL. */
const IrInst *ir_first_hopper_op(const IrFunction *f);

#endif
