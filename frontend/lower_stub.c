/* TEMPORARY (lead): placeholder so the driver links until the lowering engineer's
 * frontend/lower*.c defines lower_program. Whoever adds the real lower_program deletes
 * this file. */
#include "lower.h"

IrModule *lower_program(const CheckedProgram *program, DiagEngine *diag) {
    (void)program;
    diag_error_path(diag, "yusec", "从类型检查结果降级到 YIR 尚未实现");
    return NULL;
}
