/* WGSL's name of the YIR ops that are WGSL builtin functions (the table ir/wgsl_builtins.def),
 * shared by the WGSL target's spelling and the uniformity pass's diagnostics. */
#ifndef YUSEC_IR_WGSL_BUILTINS_H
#define YUSEC_IR_WGSL_BUILTINS_H

#include "ops.h"

/* "workgroupBarrier" for IR_OP_WORKGROUP_BARRIER; NULL for an op that is no WGSL builtin
 * function (operators, statements, ops WGSL lacks) or out of range. */
const char *ir_wgsl_builtin_name(IrOp op);

#endif
