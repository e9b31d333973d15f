/* Runs of asynchronous warpgroup MMAs that one wider MMA computes (docs/targets.md § Hopper).
 * 「张量片异步乘加」 multiplies a 64 × 64 A tile by a 64 × 64 B tile; up to four such calls that
 * share A and read B tiles lying one after another in workgroup memory (tile j at the first's
 * start + j·4096 elements: in both layouts a 64-row tile is 4096 elements and the next 64 rows
 * continue with the same row-block stride) are one 64 × (64·count) product whose accumulator
 * is the callers' accumulators side by side. A target with such an instruction (PTX:
 * wgmma.mma_async m64nNk16) issues the run as one: A is then read once per K step instead of
 * once per tile. The result of every element is the same sum in the same k order. Waits that
 * follow one another are one wait over all their accumulators. */
#ifndef YUSEC_IR_TENSOR_RUN_H
#define YUSEC_IR_TENSOR_RUN_H

#include <stdint.h>

#include "ir.h"

#define IR_TENSOR_RUN_MAX 4u            /* 64 × 256: the widest wgmma */
#define IR_TENSOR_TILE_ELEMENTS 4096u   /* 64 rows × 64 k */

typedef struct IrTensorRun {
    uint32_t count;                              /* 1 … IR_TENSOR_RUN_MAX */
    IrInstId members[IR_TENSOR_RUN_MAX];         /* members[0]: the instruction asked about */
} IrTensorRun;

/* The run that starts at instruction `position` of `block`: that instruction and the ones of
 * the same op after it in the block that fit, with only instructions that neither write
 * memory nor branch between them, and accumulator operands defined before the run begins (so
 * the whole run can be issued where it starts). For tensor_mma_async and
 * tensor_mma_async_bf16, each with the same workgroup array, A start and layout and a B start
 * proven to be the first's + j·IR_TENSOR_TILE_ELEMENTS; for tensor_wait, each waiting for the
 * same known number of pending groups (one wait then serves them all: wgmma.wait_group waits
 * for the warpgroup's groups, whichever accumulators they write). A run of one for any other
 * op or when nothing after it fits. */
IrTensorRun ir_tensor_run(const IrModule *module, const IrFunction *func, const IrBlock *block, uint32_t position);

#endif
