/* Small rewriting helpers shared by the passes (public ir/ API only). */
#ifndef YUSEC_PASSES_UTIL_H
#define YUSEC_PASSES_UTIL_H

#include "../ir/ir.h"

/* Position of `inst` in its parent block; UINT32_MAX when it is not placed. */
uint32_t pass_inst_position(const IrFunction *f, IrInstId inst);
/* Takes an instruction out of its block and neutralises it (no operands, no results, an
 * `unreachable` that no block holds), so that scans over all instructions ignore it. */
void pass_kill_inst(IrFunction *f, IrInstId inst);
/* Neutralises an instruction that no block holds any more (as pass_kill_inst, without the
 * search of its block: for a caller that has rebuilt the block's list itself). */
void pass_retire_inst(IrFunction *f, IrInstId inst);
/* Moves the last `count` instructions of `block` so that they stand at `pos`. */
void pass_move_tail_to(IrFunction *f, IrBlockId block, uint32_t count, uint32_t pos);
/* Every operand `from` of a placed instruction becomes `to`. */
void pass_replace_uses(IrFunction *f, IrValueId from, IrValueId to);
/* uses[v] = number of operands naming v among placed instructions (mem_alloc'd; the caller mem_frees it). */
uint32_t *pass_count_uses(const IrFunction *f);
/* Placed instructions in print order (pre-order), malloc'd; *count set. */
IrInstId *pass_placed_insts(const IrFunction *f, uint32_t *count);
/* The `const` literal behind a value, when a placed-or-not `const` instruction defines it. */
bool pass_const_value(const IrFunction *f, IrValueId v, uint64_t *bits);
/* Keeps only the functions with keep[id] set, renumbering ids in calls and entries. */
void pass_remove_functions(IrModule *m, const bool *keep);
/* reach[id] set for every function reachable from an entry (mem_calloc'd; the caller mem_frees it). */
bool *pass_reachable_functions(const IrModule *m);

#endif
