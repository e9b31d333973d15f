/* The WGSL table of entry IO builtins (WGSL §13.3.1.1 "Built-in Values", plus the subgroups
 * extension): for each IrBuiltin its one type and, per direction, the stages it belongs to.
 * The one place this fact lives for YIR; the verifier checks every entry binding with it. */
#ifndef YUSEC_IR_IO_BUILTINS_H
#define YUSEC_IR_IO_BUILTINS_H

#include <stdbool.h>

#include "ir.h"

/* A stage as a bit of IrBuiltinInfo's masks. */
#define IR_STAGE_BIT(stage) (1u << (unsigned)(stage))

typedef enum IrBuiltinShape {
    IR_BUILTIN_SHAPE_U32,
    IR_BUILTIN_SHAPE_VEC3_U32,
    IR_BUILTIN_SHAPE_VEC4_F32,
    IR_BUILTIN_SHAPE_F32,
    IR_BUILTIN_SHAPE_BOOL,
} IrBuiltinShape;

typedef struct IrBuiltinInfo {
    IrBuiltinShape shape;
    const char *type_text;   /* the shape as YIR writes it: "vec3<u32>" */
    unsigned inputs;         /* IR_STAGE_BIT of each stage taking it as an input */
    unsigned outputs;        /* … as an output */
} IrBuiltinInfo;

/* NULL for a value out of range. */
const IrBuiltinInfo *ir_builtin_info(IrBuiltin builtin);

/* Whether `type` is the type of `builtin` (false for an unknown builtin or type). */
bool ir_builtin_type_ok(const IrTypeTable *types, IrBuiltin builtin, IrTypeId type);

#endif
