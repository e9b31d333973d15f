#include "uniform_layout.h"

#include <string.h>

typedef struct Found {
    Arena *arena;
    IrUniformProblem *list;
    uint32_t count, cap;
} Found;

static void add(Found *f, IrUniformRule rule, const char *path, uint32_t value, uint32_t needed) {
    if (f->count == f->cap) {
        uint32_t cap = f->cap ? f->cap * 2 : 8;
        f->list = arena_grow_array(f->arena, f->list, f->count, cap, sizeof *f->list);
        f->cap = cap;
    }
    f->list[f->count++] = (IrUniformProblem){rule, path, value, needed};
}

static uint32_t round16(uint32_t v) { return (v + 15u) / 16u * 16u; }

static bool is_aggregate(const IrType *t) {
    return t && (t->kind == IR_TYPE_ARRAY || t->kind == IR_TYPE_STRUCT);
}

static void check_type(Found *f, const IrTypeTable *types, IrTypeId id, const char *path);

static const char *member_path(Arena *arena, const char *path, const char *field) {
    return arena_printf(arena, "%s%s「%s」", path, path[0] ? "之" : "", field);
}

static void check_struct(Found *f, const IrTypeTable *types, IrTypeId id, const char *path) {
    const IrType *t = ir_type(types, id);
    for (uint32_t i = 0; i < t->field_count; i++) {
        IrTypeId ft = t->fields[i].type;
        const IrType *field = ir_type(types, ft);
        const char *at = member_path(f->arena, path, t->fields[i].name);
        uint32_t offset = ir_struct_field_offset(types, id, i);
        if (is_aggregate(field) && offset % 16 != 0) add(f, IR_UNIFORM_MEMBER_OFFSET, at, offset, 16);
        if (field && field->kind == IR_TYPE_STRUCT && i + 1 < t->field_count) {
            uint32_t gap = ir_struct_field_offset(types, id, i + 1) - offset;
            uint32_t needed = round16(ir_type_size(types, ft));
            if (gap < needed) add(f, IR_UNIFORM_STRUCT_GAP, at, gap, needed);
        }
        check_type(f, types, ft, at);
    }
}

static void check_type(Found *f, const IrTypeTable *types, IrTypeId id, const char *path) {
    const IrType *t = ir_type(types, id);
    if (!t) return;
    if (t->kind == IR_TYPE_ARRAY) {
        uint32_t stride = ir_type_array_stride(types, id);
        if (stride % 16 != 0) add(f, IR_UNIFORM_ARRAY_STRIDE, path, stride, 16);
        check_type(f, types, t->elem, path);
    } else if (t->kind == IR_TYPE_STRUCT) {
        check_struct(f, types, id, path);
    }
}

uint32_t ir_classic_uniform_problems(Arena *arena, const IrTypeTable *types, IrTypeId type,
                                     IrUniformProblem **problems) {
    Found f = {arena, NULL, 0, 0};
    check_type(&f, types, type, "");
    *problems = f.list;
    return f.count;
}
