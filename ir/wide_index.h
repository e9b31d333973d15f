/* Wrap-free index arithmetic in counted loops (issue 28). 豫言's indices are u32 and wrap
 * (着三), so `A[i·n + j]` is A[zext((i·n + j) mod 2³²)]: a target cannot compute the address in
 * 64 bits, and LLVM cannot turn it into a pointer that advances by a constant, without proof
 * that no step wraps. This analysis finds, in an innermost loop that counts i up by one while
 * i < B, the array indices that are sums and products of i, loop-invariant values and
 * constants, and the u32 additions and multiplications under them. Every such node is
 * monotonic in i, so if each node's value at i = B − 1, computed exactly, is below 2³², no node
 * wraps in any iteration: a target may test that once before the loop and run a copy of the
 * loop whose indices are computed in 64 bits (docs/targets.md, Wrap-free indices). */
#ifndef YUSEC_IR_WIDE_INDEX_H
#define YUSEC_IR_WIDE_INDEX_H

#include <stdbool.h>
#include <stdint.h>

#include "ir.h"

typedef struct IrWideIndex {
    IrValueId value;       /* an index operand of an `access` in the loop */
    bool constant_stride;  /* its coefficient of i is a compile-time constant, so the address
                              advances by a constant per iteration */
} IrWideIndex;

typedef struct IrWideIndexPlan {
    IrValueId counter;     /* i: a parameter of the loop body */
    IrValueId bound;       /* B, defined outside the loop: the iterations run only while i < B */
    IrWideIndex *indices;
    uint32_t index_count;
    IrValueId *nodes;      /* the u32 add/mul values under the indices, operands first: the
                              values to test at i = B − 1 and to compute in 64 bits */
    uint32_t node_count;
} IrWideIndexPlan;

/* Fills `plan` (arrays in `arena`) for the loop instruction `loop` of `f` and returns true
 * when the loop has the shape above and at least one such index: an innermost loop without
 * calls or operations that need uniform control flow, whose body tests `i < B` (or `B > i`)
 * first and whose branch for the test passes ends in its only `continue`, with i + 1 in i's
 * place. Every other value the indices use is defined outside the loop or is a constant. */
bool ir_wide_index_plan(const IrFunction *f, IrInstId loop, Arena *arena, IrWideIndexPlan *plan);

/* True when `v` is one of the plan's nodes (an add/mul to compute in 64 bits); the other
 * operands of the nodes are leaves: the counter, values defined outside the loop, `const`s. */
bool ir_wide_index_is_node(const IrWideIndexPlan *plan, IrValueId v);

/* The bits of `v` when a `const` or a scalar module `constant` defines it (leaves of the trees
 * that a target materialises before the loop). */
bool ir_wide_index_constant(const IrFunction *f, IrValueId v, uint64_t *bits);

#endif
