#include "types.h"

#include <string.h>

void ir_types_init(IrTypeTable *table, Arena *arena) {
    memset(table, 0, sizeof *table);
    table->arena = arena;
}

const IrType *ir_type(const IrTypeTable *table, IrTypeId id) {
    return id < table->count ? &table->types[id] : NULL;
}

static uint32_t hash_bytes(uint32_t h, const void *data, size_t len) {
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

static uint32_t hash_u32(uint32_t h, uint32_t v) { return hash_bytes(h, &v, sizeof v); }

static uint32_t type_hash(const IrType *t) {
    uint32_t h = 2166136261u;
    h = hash_u32(h, t->kind);
    h = hash_u32(h, t->scalar);
    h = hash_u32(h, t->width);
    h = hash_u32(h, t->elem);
    h = hash_u32(h, t->count);
    h = hash_u32(h, t->cols);
    h = hash_u32(h, t->space);
    h = hash_u32(h, t->fragment);
    if (t->kind == IR_TYPE_STRUCT) {
        h = hash_bytes(h, t->name, strlen(t->name));
        for (uint32_t i = 0; i < t->field_count; i++) {
            h = hash_bytes(h, t->fields[i].name, strlen(t->fields[i].name));
            h = hash_u32(h, t->fields[i].type);
        }
    }
    return h;
}

static bool type_equal(const IrType *a, const IrType *b) {
    if (a->kind != b->kind || a->scalar != b->scalar || a->width != b->width ||
        a->elem != b->elem || a->count != b->count || a->cols != b->cols || a->space != b->space ||
        a->fragment != b->fragment)
        return false;
    if (a->kind != IR_TYPE_STRUCT) return true;
    if (strcmp(a->name, b->name) != 0 || a->field_count != b->field_count) return false;
    for (uint32_t i = 0; i < a->field_count; i++)
        if (a->fields[i].type != b->fields[i].type || strcmp(a->fields[i].name, b->fields[i].name) != 0)
            return false;
    return true;
}

static void rehash(IrTypeTable *table) {
    uint32_t cap = table->slot_cap ? table->slot_cap * 2 : 64;
    uint32_t *slots = arena_alloc_array(table->arena, cap, sizeof *slots);
    for (uint32_t id = 0; id < table->count; id++) {
        uint32_t i = type_hash(&table->types[id]) & (cap - 1);
        while (slots[i]) i = (i + 1) & (cap - 1);
        slots[i] = id + 1;
    }
    table->slots = slots;
    table->slot_cap = cap;
}

/* Finds or adds `key`; struct names and fields are copied into the arena on insertion. */
static IrTypeId intern(IrTypeTable *table, const IrType *key) {
    if ((table->count + 1) * 2 > table->slot_cap) rehash(table);
    uint32_t mask = table->slot_cap - 1;
    uint32_t i = type_hash(key) & mask;
    while (table->slots[i]) {
        IrTypeId id = table->slots[i] - 1;
        if (type_equal(&table->types[id], key)) return id;
        i = (i + 1) & mask;
    }
    if (table->count == table->cap) {
        uint32_t cap = table->cap ? table->cap * 2 : 32;
        table->types = arena_grow_array(table->arena, table->types, table->count, cap, sizeof *table->types);
        table->cap = cap;
    }
    IrType *t = &table->types[table->count];
    *t = *key;
    if (key->kind == IR_TYPE_STRUCT) {
        t->name = arena_strdup(table->arena, key->name);
        t->fields = arena_alloc_array(table->arena, key->field_count ? key->field_count : 1,
                                      sizeof *t->fields);
        for (uint32_t f = 0; f < key->field_count; f++) {
            t->fields[f].name = arena_strdup(table->arena, key->fields[f].name);
            t->fields[f].type = key->fields[f].type;
        }
    }
    table->slots[i] = table->count + 1;
    return table->count++;
}

static IrType blank(IrTypeKind kind) {
    IrType t;
    memset(&t, 0, sizeof t);
    t.kind = kind;
    t.elem = IR_NO_TYPE;
    t.column = IR_NO_TYPE;
    return t;
}

static IrTypeId simple(IrTypeTable *table, IrTypeKind kind) {
    IrType t = blank(kind);
    return intern(table, &t);
}

IrTypeId ir_type_void(IrTypeTable *table) { return simple(table, IR_TYPE_VOID); }
IrTypeId ir_type_bool(IrTypeTable *table) { return simple(table, IR_TYPE_BOOL); }
IrTypeId ir_type_texture_depth_2d(IrTypeTable *table) { return simple(table, IR_TYPE_TEXTURE_DEPTH_2D); }
IrTypeId ir_type_sampler(IrTypeTable *table) { return simple(table, IR_TYPE_SAMPLER); }
IrTypeId ir_type_sampler_comparison(IrTypeTable *table) {
    return simple(table, IR_TYPE_SAMPLER_COMPARISON);
}

IrTypeId ir_type_scalar(IrTypeTable *table, IrScalarKind kind, uint32_t width) {
    if (width != 32 && !(width == 16 && kind == IR_FLOAT)) return IR_NO_TYPE;
    IrType t = blank(IR_TYPE_SCALAR);
    t.scalar = kind;
    t.width = width;
    return intern(table, &t);
}

IrTypeId ir_type_f16(IrTypeTable *table) { return ir_type_scalar(table, IR_FLOAT, 16); }
IrTypeId ir_type_f32(IrTypeTable *table) { return ir_type_scalar(table, IR_FLOAT, 32); }
IrTypeId ir_type_i32(IrTypeTable *table) { return ir_type_scalar(table, IR_SINT, 32); }
IrTypeId ir_type_u32(IrTypeTable *table) { return ir_type_scalar(table, IR_UINT, 32); }

static bool is_kind(const IrTypeTable *table, IrTypeId id, IrTypeKind kind) {
    const IrType *t = ir_type(table, id);
    return t && t->kind == kind;
}

static bool is_float_scalar(const IrTypeTable *table, IrTypeId id) {
    const IrType *t = ir_type(table, id);
    return t && t->kind == IR_TYPE_SCALAR && t->scalar == IR_FLOAT;
}

IrTypeId ir_type_vector(IrTypeTable *table, IrTypeId elem, uint32_t lanes) {
    if (lanes < 2 || lanes > 4) return IR_NO_TYPE;
    if (!is_kind(table, elem, IR_TYPE_SCALAR) && !is_kind(table, elem, IR_TYPE_BOOL)) return IR_NO_TYPE;
    IrType t = blank(IR_TYPE_VECTOR);
    t.elem = elem;
    t.count = lanes;
    return intern(table, &t);
}

IrTypeId ir_type_matrix(IrTypeTable *table, IrTypeId elem, uint32_t cols, uint32_t rows) {
    if (cols < 2 || cols > 4 || rows < 2 || rows > 4 || !is_float_scalar(table, elem)) return IR_NO_TYPE;
    IrType t = blank(IR_TYPE_MATRIX);
    t.column = ir_type_vector(table, elem, rows);
    t.elem = elem;
    t.cols = cols;
    t.count = rows;
    return intern(table, &t);
}

static bool storable(const IrTypeTable *table, IrTypeId id) {
    const IrType *t = ir_type(table, id);
    if (!t) return false;
    switch (t->kind) {
    case IR_TYPE_VOID: case IR_TYPE_POINTER: case IR_TYPE_TEXTURE_2D: case IR_TYPE_TEXTURE_DEPTH_2D:
    case IR_TYPE_SAMPLER: case IR_TYPE_SAMPLER_COMPARISON: case IR_TYPE_FRAGMENT:
        return false;
    case IR_TYPE_ARRAY:
        return t->count != 0;  /* runtime arrays only at the end of a buffer */
    default:
        return true;
    }
}

IrTypeId ir_type_array(IrTypeTable *table, IrTypeId elem, uint32_t length) {
    if (!storable(table, elem)) return IR_NO_TYPE;
    IrType t = blank(IR_TYPE_ARRAY);
    t.elem = elem;
    t.count = length;
    return intern(table, &t);
}

IrTypeId ir_type_runtime_array(IrTypeTable *table, IrTypeId elem) {
    return ir_type_array(table, elem, 0);
}

IrTypeId ir_type_struct(IrTypeTable *table, const char *name, const IrField *fields,
                        uint32_t field_count) {
    for (uint32_t i = 0; i < field_count; i++) {
        bool last = i + 1 == field_count;
        const IrType *ft = ir_type(table, fields[i].type);
        bool runtime_last = last && ft && ft->kind == IR_TYPE_ARRAY && ft->count == 0 &&
                            storable(table, ft->elem);
        if (!runtime_last && !storable(table, fields[i].type)) return IR_NO_TYPE;
    }
    IrType t = blank(IR_TYPE_STRUCT);
    t.name = name ? name : "";
    t.fields = (IrField *)fields;
    t.field_count = field_count;
    return intern(table, &t);
}

IrTypeId ir_type_atomic(IrTypeTable *table, IrTypeId elem) {
    const IrType *e = ir_type(table, elem);
    if (!e || e->kind != IR_TYPE_SCALAR || e->scalar == IR_FLOAT) return IR_NO_TYPE;
    IrType t = blank(IR_TYPE_ATOMIC);
    t.elem = elem;
    return intern(table, &t);
}

IrTypeId ir_type_texture_2d(IrTypeTable *table, IrTypeId elem) {
    const IrType *e = ir_type(table, elem);
    if (!e || e->kind != IR_TYPE_SCALAR || e->width != 32) return IR_NO_TYPE;
    IrType t = blank(IR_TYPE_TEXTURE_2D);
    t.elem = elem;
    return intern(table, &t);
}

IrTypeId ir_type_pointer(IrTypeTable *table, IrAddressSpace space, IrTypeId pointee) {
    const IrType *p = ir_type(table, pointee);
    if (!p || space >= IR_SPACE_COUNT || p->kind == IR_TYPE_VOID || p->kind == IR_TYPE_POINTER)
        return IR_NO_TYPE;
    IrType t = blank(IR_TYPE_POINTER);
    t.elem = pointee;
    t.space = space;
    return intern(table, &t);
}

static const char *const fragment_names[IR_FRAG_KIND_COUNT] = {
    "frag_a_f16", "frag_b_f16", "frag_acc_f32", "frag_a_s8", "frag_b_s8", "frag_acc_s32", "tensor_acc_f32",
};

IrTypeId ir_type_fragment(IrTypeTable *table, IrFragmentKind kind) {
    if (kind >= IR_FRAG_KIND_COUNT) return IR_NO_TYPE;
    IrType t = blank(IR_TYPE_FRAGMENT);
    t.fragment = kind;
    return intern(table, &t);
}

const char *ir_fragment_kind_name(IrFragmentKind kind) {
    return kind < IR_FRAG_KIND_COUNT ? fragment_names[kind] : "?";
}

bool ir_fragment_kind_from_name(const char *name, size_t len, IrFragmentKind *kind) {
    for (int i = 0; i < IR_FRAG_KIND_COUNT; i++) {
        if (strlen(fragment_names[i]) == len && memcmp(fragment_names[i], name, len) == 0) {
            *kind = (IrFragmentKind)i;
            return true;
        }
    }
    return false;
}

bool ir_type_is_fragment(const IrTypeTable *table, IrTypeId id, IrFragmentKind *kind) {
    const IrType *t = ir_type(table, id);
    if (!t || t->kind != IR_TYPE_FRAGMENT) return false;
    if (kind) *kind = t->fragment;
    return true;
}

/* ---- classification ---- */

IrTypeId ir_type_element_scalar(const IrTypeTable *table, IrTypeId id) {
    const IrType *t = ir_type(table, id);
    if (!t) return IR_NO_TYPE;
    if (t->kind == IR_TYPE_SCALAR || t->kind == IR_TYPE_BOOL) return id;
    if (t->kind == IR_TYPE_VECTOR) return t->elem;
    return IR_NO_TYPE;
}

uint32_t ir_type_lanes(const IrTypeTable *table, IrTypeId id) {
    const IrType *t = ir_type(table, id);
    if (!t) return 0;
    if (t->kind == IR_TYPE_VECTOR) return t->count;
    return t->kind == IR_TYPE_SCALAR || t->kind == IR_TYPE_BOOL ? 1 : 0;
}

bool ir_type_is_scalar_or_vector_of(const IrTypeTable *table, IrTypeId id, IrTypeKind kind) {
    return is_kind(table, ir_type_element_scalar(table, id), kind);
}

bool ir_type_is_float(const IrTypeTable *table, IrTypeId id) {
    return is_float_scalar(table, ir_type_element_scalar(table, id));
}

bool ir_type_is_integer(const IrTypeTable *table, IrTypeId id) {
    const IrType *t = ir_type(table, ir_type_element_scalar(table, id));
    return t && t->kind == IR_TYPE_SCALAR && t->scalar != IR_FLOAT;
}

bool ir_type_is_signed(const IrTypeTable *table, IrTypeId id) {
    const IrType *t = ir_type(table, ir_type_element_scalar(table, id));
    return t && t->kind == IR_TYPE_SCALAR && t->scalar != IR_UINT;
}

bool ir_type_is_numeric(const IrTypeTable *table, IrTypeId id) {
    return is_kind(table, ir_type_element_scalar(table, id), IR_TYPE_SCALAR);
}

bool ir_type_is_bool(const IrTypeTable *table, IrTypeId id) {
    return is_kind(table, ir_type_element_scalar(table, id), IR_TYPE_BOOL);
}

IrTypeId ir_type_with_element(IrTypeTable *table, IrTypeId shape_of, IrTypeId scalar) {
    uint32_t lanes = ir_type_lanes(table, shape_of);
    if (lanes == 0) return IR_NO_TYPE;
    return lanes == 1 ? scalar : ir_type_vector(table, scalar, lanes);
}

IrTypeId ir_type_member(const IrTypeTable *table, IrTypeId composite, uint32_t index) {
    const IrType *t = ir_type(table, composite);
    if (!t) return IR_NO_TYPE;
    switch (t->kind) {
    case IR_TYPE_VECTOR:
        return index < t->count ? t->elem : IR_NO_TYPE;
    case IR_TYPE_MATRIX:
        return index < t->cols ? t->column : IR_NO_TYPE;
    case IR_TYPE_ARRAY:
        return t->count == 0 || index < t->count ? t->elem : IR_NO_TYPE;
    case IR_TYPE_STRUCT:
        return index < t->field_count ? t->fields[index].type : IR_NO_TYPE;
    default:
        return IR_NO_TYPE;
    }
}

uint32_t ir_type_member_count(const IrTypeTable *table, IrTypeId composite) {
    const IrType *t = ir_type(table, composite);
    if (!t) return 0;
    switch (t->kind) {
    case IR_TYPE_VECTOR: return t->count;
    case IR_TYPE_MATRIX: return t->cols;
    case IR_TYPE_ARRAY: return t->count;
    case IR_TYPE_STRUCT: return t->field_count;
    default: return 0;
    }
}

/* ---- layout ---- */

static uint32_t round_up(uint32_t value, uint32_t align) {
    return align ? (value + align - 1) / align * align : value;
}

uint32_t ir_type_align(const IrTypeTable *table, IrTypeId id) {
    const IrType *t = ir_type(table, id);
    if (!t) return 0;
    switch (t->kind) {
    case IR_TYPE_BOOL: case IR_TYPE_ATOMIC: return 4;
    case IR_TYPE_SCALAR: return t->width / 8;
    case IR_TYPE_VECTOR: {
        uint32_t elem = ir_type_align(table, t->elem);
        return t->count == 2 ? 2 * elem : 4 * elem;
    }
    case IR_TYPE_MATRIX: {
        uint32_t elem = ir_type_align(table, t->elem);
        return t->count == 2 ? 2 * elem : 4 * elem;  /* the column vector's alignment */
    }
    case IR_TYPE_ARRAY: return ir_type_align(table, t->elem);
    case IR_TYPE_STRUCT: {
        uint32_t align = 1;
        for (uint32_t i = 0; i < t->field_count; i++) {
            uint32_t a = ir_type_align(table, t->fields[i].type);
            if (a > align) align = a;
        }
        return align;
    }
    default: return 0;
    }
}

uint32_t ir_type_array_stride(const IrTypeTable *table, IrTypeId array) {
    const IrType *t = ir_type(table, array);
    if (!t || t->kind != IR_TYPE_ARRAY) return 0;
    return round_up(ir_type_size(table, t->elem), ir_type_align(table, t->elem));
}

/* Offset just past field `upto` - 1, i.e. where field `upto` would start before aligning. */
static uint32_t struct_end(const IrTypeTable *table, const IrType *t, uint32_t upto) {
    uint32_t offset = 0;
    for (uint32_t i = 0; i < upto; i++) {
        offset = round_up(offset, ir_type_align(table, t->fields[i].type));
        offset += ir_type_size(table, t->fields[i].type);
    }
    return offset;
}

uint32_t ir_type_size(const IrTypeTable *table, IrTypeId id) {
    const IrType *t = ir_type(table, id);
    if (!t) return 0;
    switch (t->kind) {
    case IR_TYPE_BOOL: case IR_TYPE_ATOMIC: return 4;
    case IR_TYPE_SCALAR: return t->width / 8;
    case IR_TYPE_VECTOR: return t->count * ir_type_size(table, t->elem);
    case IR_TYPE_MATRIX: {
        uint32_t col_size = t->count * ir_type_size(table, t->elem);
        return t->cols * round_up(col_size, ir_type_align(table, id));
    }
    case IR_TYPE_ARRAY: return t->count * ir_type_array_stride(table, id);
    case IR_TYPE_STRUCT:
        return round_up(struct_end(table, t, t->field_count), ir_type_align(table, id));
    default: return 0;
    }
}

static uint64_t round_up_wide(uint64_t value, uint64_t align) {
    if (!align || value % align == 0) return value;
    return value > UINT64_MAX - align ? UINT64_MAX : value + (align - value % align);
}

static uint64_t add_wide(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

uint64_t ir_type_size_wide(const IrTypeTable *table, IrTypeId id) {
    const IrType *t = ir_type(table, id);
    if (!t) return 0;
    if (t->kind == IR_TYPE_ARRAY) {
        uint64_t stride = round_up_wide(ir_type_size_wide(table, t->elem), ir_type_align(table, t->elem));
        if (stride && t->count > UINT64_MAX / stride) return UINT64_MAX;
        return (uint64_t)t->count * stride;
    }
    if (t->kind != IR_TYPE_STRUCT) return ir_type_size(table, id);  /* scalars, vectors, matrices: small */
    uint64_t offset = 0;
    for (uint32_t i = 0; i < t->field_count; i++) {
        offset = round_up_wide(offset, ir_type_align(table, t->fields[i].type));
        offset = add_wide(offset, ir_type_size_wide(table, t->fields[i].type));
    }
    return round_up_wide(offset, ir_type_align(table, id));
}

bool ir_type_layout_fits_32(const IrTypeTable *table, IrTypeId id) {
    const IrType *t = ir_type(table, id);
    if (!t) return true;
    if (ir_type_size_wide(table, id) > UINT32_MAX) return false;
    if (t->kind == IR_TYPE_ARRAY) return ir_type_layout_fits_32(table, t->elem);
    if (t->kind != IR_TYPE_STRUCT) return true;
    for (uint32_t i = 0; i < t->field_count; i++)
        if (!ir_type_layout_fits_32(table, t->fields[i].type)) return false;
    return true;
}

uint32_t ir_struct_field_offset(const IrTypeTable *table, IrTypeId strct, uint32_t field) {
    const IrType *t = ir_type(table, strct);
    if (!t || t->kind != IR_TYPE_STRUCT || field >= t->field_count) return 0;
    return round_up(struct_end(table, t, field), ir_type_align(table, t->fields[field].type));
}

uint32_t ir_struct_field_room(const IrTypeTable *table, IrTypeId strct, uint32_t field) {
    const IrType *t = ir_type(table, strct);
    if (!t || t->kind != IR_TYPE_STRUCT || field >= t->field_count) return 0;
    uint32_t end = field + 1 < t->field_count ? ir_struct_field_offset(table, strct, field + 1)
                                              : ir_type_size(table, strct);
    return end - ir_struct_field_offset(table, strct, field);
}

/* ---- address spaces ---- */

static const char *const space_names[IR_SPACE_COUNT] = {
    "function", "private", "workgroup", "storage_read", "storage_read_write", "uniform", "handle",
};

const char *ir_space_name(IrAddressSpace space) {
    return space < IR_SPACE_COUNT ? space_names[space] : "?";
}

bool ir_space_from_name(const char *name, size_t len, IrAddressSpace *space) {
    for (int i = 0; i < IR_SPACE_COUNT; i++) {
        if (strlen(space_names[i]) == len && memcmp(space_names[i], name, len) == 0) {
            *space = (IrAddressSpace)i;
            return true;
        }
    }
    return false;
}

bool ir_space_is_writable(IrAddressSpace space) {
    return space != IR_SPACE_STORAGE_READ && space != IR_SPACE_UNIFORM && space != IR_SPACE_HANDLE;
}
