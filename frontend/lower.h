/* Lowering: a checked program into a YIR module (the frontend lowers into ir/). */
#ifndef YUSEC_FRONTEND_LOWER_H
#define YUSEC_FRONTEND_LOWER_H

#include "../base/diag.h"
#include "../ir/ir.h"
#include "sema.h"

/* Returns a module that passes ir_verify, or NULL after reporting errors. The caller frees
 * it with ir_module_free. */
IrModule *lower_program(const CheckedProgram *program, DiagEngine *diag);

#endif
