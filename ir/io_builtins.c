/* The WGSL builtin IO table (io_builtins.h). */
#include "io_builtins.h"

#define IN_COMPUTE IR_STAGE_BIT(IR_STAGE_COMPUTE)
#define IN_VERTEX IR_STAGE_BIT(IR_STAGE_VERTEX)
#define IN_FRAGMENT IR_STAGE_BIT(IR_STAGE_FRAGMENT)

/* In IrBuiltin's order (IR_BUILTINS in ir.h). */
static const IrBuiltinInfo BUILTIN_INFO[IR_BUILTIN_COUNT] = {
    [IR_BUILTIN_POSITION] = {IR_BUILTIN_SHAPE_VEC4_F32, "vec4<f32>", IN_FRAGMENT, IN_VERTEX},
    [IR_BUILTIN_VERTEX_INDEX] = {IR_BUILTIN_SHAPE_U32, "u32", IN_VERTEX, 0},
    [IR_BUILTIN_INSTANCE_INDEX] = {IR_BUILTIN_SHAPE_U32, "u32", IN_VERTEX, 0},
    [IR_BUILTIN_FRONT_FACING] = {IR_BUILTIN_SHAPE_BOOL, "bool", IN_FRAGMENT, 0},
    [IR_BUILTIN_FRAG_DEPTH] = {IR_BUILTIN_SHAPE_F32, "f32", 0, IN_FRAGMENT},
    [IR_BUILTIN_SAMPLE_INDEX] = {IR_BUILTIN_SHAPE_U32, "u32", IN_FRAGMENT, 0},
    [IR_BUILTIN_SAMPLE_MASK] = {IR_BUILTIN_SHAPE_U32, "u32", IN_FRAGMENT, IN_FRAGMENT},
    [IR_BUILTIN_LOCAL_INVOCATION_ID] = {IR_BUILTIN_SHAPE_VEC3_U32, "vec3<u32>", IN_COMPUTE, 0},
    [IR_BUILTIN_LOCAL_INVOCATION_INDEX] = {IR_BUILTIN_SHAPE_U32, "u32", IN_COMPUTE, 0},
    [IR_BUILTIN_GLOBAL_INVOCATION_ID] = {IR_BUILTIN_SHAPE_VEC3_U32, "vec3<u32>", IN_COMPUTE, 0},
    [IR_BUILTIN_WORKGROUP_ID] = {IR_BUILTIN_SHAPE_VEC3_U32, "vec3<u32>", IN_COMPUTE, 0},
    [IR_BUILTIN_NUM_WORKGROUPS] = {IR_BUILTIN_SHAPE_VEC3_U32, "vec3<u32>", IN_COMPUTE, 0},
    [IR_BUILTIN_SUBGROUP_INVOCATION_ID] = {IR_BUILTIN_SHAPE_U32, "u32", IN_COMPUTE | IN_FRAGMENT, 0},
    [IR_BUILTIN_SUBGROUP_SIZE] = {IR_BUILTIN_SHAPE_U32, "u32", IN_COMPUTE | IN_FRAGMENT, 0},
};

const IrBuiltinInfo *ir_builtin_info(IrBuiltin builtin) {
    return (unsigned)builtin < IR_BUILTIN_COUNT ? &BUILTIN_INFO[builtin] : NULL;
}

static bool is_scalar(const IrType *t, IrScalarKind kind) {
    return t && t->kind == IR_TYPE_SCALAR && t->scalar == kind && t->width == 32;
}

bool ir_builtin_type_ok(const IrTypeTable *types, IrBuiltin builtin, IrTypeId type) {
    const IrBuiltinInfo *info = ir_builtin_info(builtin);
    const IrType *t = ir_type(types, type);
    if (!info || !t) return false;
    bool vector = t->kind == IR_TYPE_VECTOR;
    switch (info->shape) {
    case IR_BUILTIN_SHAPE_U32: return is_scalar(t, IR_UINT);
    case IR_BUILTIN_SHAPE_F32: return is_scalar(t, IR_FLOAT);
    case IR_BUILTIN_SHAPE_BOOL: return t->kind == IR_TYPE_BOOL;
    case IR_BUILTIN_SHAPE_VEC3_U32: return vector && t->count == 3 && is_scalar(ir_type(types, t->elem), IR_UINT);
    case IR_BUILTIN_SHAPE_VEC4_F32: return vector && t->count == 4 && is_scalar(ir_type(types, t->elem), IR_FLOAT);
    }
    return false;
}
