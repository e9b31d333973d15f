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
/* tma_load's destination: with a swizzle at a multiple of 1024 bytes, else of 128. */
#define IR_TMA_SWIZZLED_ALIGN 1024u
#define IR_TMA_ALIGN 128u
/* The tensor map (a global with a box) that `value` of `func` is the `global` of, or NULL. */
const IrGlobal *ir_tensor_map_of(const IrModule *module, const IrFunction *func, IrValueId value);
/* The alignment in bytes tma_load's destination needs for this map. */
uint32_t ir_tma_dst_align_bytes(const IrGlobal *map);
/* True when workgroup variable `global` is the destination of a tma_load or the array of a
 * tensor_mma_shared somewhere in the module: it then starts at a multiple of 1024 bytes in
 * shared memory (static and dynamic, ir/abi.h), as the TMA swizzle and wgmma's descriptors need. */
bool ir_global_needs_1024_alignment(const IrModule *module, uint32_t global);
/* The first op of ir_op_is_hopper in `f`, or NULL. */
const IrInst *ir_first_hopper_op(const IrFunction *f);

#endif
