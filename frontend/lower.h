/* Lowering: a checked program into a YIR module (the frontend lowers into ir/).
 *
 * Call sequence (driver, tests):
 *     CheckedProgram *checked = fe_check_program(arena, program, &diag);
 *     IrModule *m = checked ? fe_lower_program(checked, &diag) : NULL;
 *     if (m && ir_verify(m, &diag)) { PassContext ctx; pass_context_init(&ctx, m, &diag, target);
 *                                     pass_run_pipeline(&ctx, default_pipeline(target)); }
 *     ir_module_free(m);
 *
 * What comes out (frontend/lower_internal.h has the details):
 *  - module objects in definition order (imported sources first): structs for named records
 *    (source name) and for other records/tuples that are not vectors or matrices (generated
 *    names), resources as globals with their address space and binding, constants as IR
 *    constants, functions, entries with one IrIo per parameter and for the result;
 *  - 有 has no IR value: 有 parameters are dropped, functions returning 有 return void;
 *  - 递归令 functions become separate functions marked local_recursive, their free locals
 *    (values and 格 pointers) passed as extra parameters after their own;
 *  - every instruction carries the span of the expression it came from, 令 names its value. */
#ifndef YUSEC_FRONTEND_LOWER_H
#define YUSEC_FRONTEND_LOWER_H

#include "../base/diag.h"
#include "../ir/ir.h"
#include "sema.h"

/* Returns a module that passes ir_verify, or NULL after reporting errors (e.g. a scalar
 * WGSL does not have, or a 着十二/着十三 operation YIR cannot represent). The caller frees
 * it with ir_module_free. */
IrModule *fe_lower_program(const CheckedProgram *program, DiagEngine *diag);

/* The YIR op of a builtin that is one op over its arguments; IR_OP_COUNT otherwise (also
 * asked by libyusec for a builtin's target spellings). */
IrOp fe_lower_builtin_op(Intrinsic intrinsic);

#endif
