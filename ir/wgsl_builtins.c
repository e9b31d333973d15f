#include "wgsl_builtins.h"

static const char *const wgsl_builtin_names[IR_OP_COUNT] = {
#define IR_WGSL_BUILTIN(op, name) [op] = name,
#include "wgsl_builtins.def"
#undef IR_WGSL_BUILTIN
};

const char *ir_wgsl_builtin_name(IrOp op) {
    return (unsigned)op < (unsigned)IR_OP_COUNT ? wgsl_builtin_names[op] : NULL;
}
