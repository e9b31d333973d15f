#include "host_header.h"

#include <string.h>

#include "../targets/names.h"

typedef struct HeaderWriter {
    StrBuf *out;
    Arena *arena;
    const LibAbi *abi;
    const char *prefix;   /* legalised */
    bool *struct_done;    /* per layout: its struct was printed */
} HeaderWriter;

const char *lib_c_name(Arena *arena, const char *name) {
    const char *legal = names_legalise(arena, name);
    return strcmp(legal, "restrict") == 0 ? NAMES_PREFIX "restrict" : legal;
}

void lib_put_comment_text(StrBuf *out, const char *text) {
    for (const char *p = text; *p; p++) {
        strbuf_putc(out, *p);
        if (*p == '*' && p[1] == '/') strbuf_putc(out, ' ');
    }
}

static const char *scalar_c_type(const LibShape *shape) {
    switch (shape->scalar) {
    case IR_FLOAT: return shape->width == 16 ? "uint16_t" : "float";  /* f16: its bits */
    case IR_SINT: return "int32_t";
    case IR_UINT: return "uint32_t";
    }
    return "uint32_t";
}

/* A value's C declaration: `base` and the array dimensions after the name; `natural` is the
 * alignment C gives it without _Alignas. As an array element (`element`) a value takes its
 * array stride (a vec3 gets its padding lane), from the layout's size and alignment. */
typedef struct CDecl {
    const char *base;
    StrBuf dims;
    uint32_t natural;
} CDecl;

static uint32_t round_up(uint32_t value, uint32_t align) {
    return align ? (value + align - 1) / align * align : value;
}

static void c_decl(HeaderWriter *w, size_t layout, bool element, CDecl *decl) {
    const yusec_layout *l = &w->abi->layouts[layout];
    const LibShape *shape = &w->abi->shapes[layout];
    uint32_t scalar_bytes = shape->width / 8 ? shape->width / 8 : 4;
    uint32_t bytes = element ? round_up(l->size, l->align) : l->size;
    switch (shape->kind) {
    case LIB_SHAPE_SCALAR:
    case LIB_SHAPE_ATOMIC:
        decl->base = scalar_c_type(shape);
        decl->natural = scalar_bytes;
        return;
    case LIB_SHAPE_VECTOR:
        decl->base = scalar_c_type(shape);
        decl->natural = scalar_bytes;
        strbuf_printf(&decl->dims, "[%u]", bytes / scalar_bytes);
        return;
    case LIB_SHAPE_MATRIX:  /* columns, each its vector's stride */
        decl->base = scalar_c_type(shape);
        decl->natural = scalar_bytes;
        strbuf_printf(&decl->dims, "[%u][%u]", shape->cols, l->size / shape->cols / scalar_bytes);
        return;
    case LIB_SHAPE_ARRAY: {
        if (shape->length) strbuf_printf(&decl->dims, "[%u]", shape->length);
        else strbuf_puts(&decl->dims, "[]");
        c_decl(w, shape->elem, true, decl);
        return;
    }
    case LIB_SHAPE_STRUCT:
        decl->base = arena_printf(w->arena, "%s_%s", w->prefix, l->msl_name);
        decl->natural = l->align;
        return;
    case LIB_SHAPE_OPAQUE:
        decl->base = "uint8_t";
        decl->natural = 1;
        strbuf_printf(&decl->dims, "[%u]", l->size);
        return;
    }
}

static void put_struct(HeaderWriter *w, size_t layout);

/* The structs a layout holds, printed before it. */
static void put_structs_inside(HeaderWriter *w, size_t layout) {
    const LibShape *shape = &w->abi->shapes[layout];
    if (shape->kind == LIB_SHAPE_ARRAY) put_structs_inside(w, shape->elem);
    if (shape->kind == LIB_SHAPE_STRUCT) put_struct(w, layout);
}

static void put_member(HeaderWriter *w, const yusec_field *field, size_t field_layout, bool only_member) {
    CDecl decl = {NULL, {0}, 1};
    strbuf_init(&decl.dims);
    c_decl(w, field_layout, false, &decl);
    const char *dims = strbuf_cstr(&decl.dims);
    /* C forbids a flexible array as a struct's only member: one element stands for it. */
    if (only_member && strncmp(dims, "[]", 2) == 0) dims = arena_printf(w->arena, "[1]%s", dims + 2);
    uint32_t align = w->abi->layouts[field_layout].align;
    strbuf_puts(w->out, "    ");
    if (align > decl.natural) strbuf_printf(w->out, "YUSEC_ALIGNAS(%u) ", align);
    strbuf_printf(w->out, "%s %s%s;\n", decl.base, lib_c_name(w->arena, field->name), dims);
    strbuf_free(&decl.dims);
}

static bool ends_runtime_sized(const LibAbi *abi, size_t layout) {
    const yusec_layout *l = &abi->layouts[layout];
    if (l->field_count == 0) return false;
    const LibShape *last = &abi->shapes[abi->shapes[layout].field_layouts[l->field_count - 1]];
    return last->kind == LIB_SHAPE_ARRAY && last->length == 0;
}

static void put_struct(HeaderWriter *w, size_t layout) {
    if (w->struct_done[layout]) return;
    w->struct_done[layout] = true;
    const yusec_layout *l = &w->abi->layouts[layout];
    const LibShape *shape = &w->abi->shapes[layout];
    for (size_t f = 0; f < l->field_count; f++) put_structs_inside(w, shape->field_layouts[f]);
    const char *name = arena_printf(w->arena, "%s_%s", w->prefix, l->msl_name);
    strbuf_puts(w->out, "/* ");
    lib_put_comment_text(w->out, l->type);
    strbuf_printf(w->out, ": %u bytes, aligned to %u */\ntypedef struct %s {\n", l->size, l->align, name);
    for (size_t f = 0; f < l->field_count; f++) put_member(w, &l->fields[f], shape->field_layouts[f], l->field_count == 1);
    strbuf_printf(w->out, "} %s;\n", name);
    for (size_t f = 0; f < l->field_count; f++) {
        const char *field = lib_c_name(w->arena, l->fields[f].name);
        strbuf_printf(w->out, "YUSEC_STATIC_ASSERT(offsetof(%s, %s) == %u, \"offset as on the GPU\");\n", name, field,
                      l->fields[f].offset);
    }
    if (!ends_runtime_sized(w->abi, layout))
        strbuf_printf(w->out, "YUSEC_STATIC_ASSERT(sizeof(%s) == %u, \"size as on the GPU\");\n", name, l->size);
    strbuf_printf(w->out, "YUSEC_STATIC_ASSERT(YUSEC_ALIGNOF(%s) == %u, \"alignment as on the GPU\");\n\n", name, l->align);
}

/* A typedef of a buffer's type (`_type`) or, for an array, of its element (`_element`). */
static void put_buffer_type(HeaderWriter *w, const char *resource, size_t layout) {
    const yusec_layout *l = &w->abi->layouts[layout];
    const LibShape *shape = &w->abi->shapes[layout];
    bool array = shape->kind == LIB_SHAPE_ARRAY;
    size_t typed = array ? shape->elem : layout;
    CDecl decl = {NULL, {0}, 1};
    strbuf_init(&decl.dims);
    c_decl(w, typed, array, &decl);
    const char *name = arena_printf(w->arena, "%s_%s", resource, array ? "element" : "type");
    strbuf_printf(w->out, "typedef %s %s%s;\n", decl.base, name, strbuf_cstr(&decl.dims));
    strbuf_free(&decl.dims);
    strbuf_printf(w->out, "#define %s_SIZE %uu  /* bytes; 0: runtime-sized */\n", resource, l->size);
    if (array) {
        strbuf_printf(w->out, "#define %s_STRIDE %uu\n#define %s_LENGTH %uu  /* 0: runtime-sized */\n", resource,
                      l->stride, resource, shape->length);
        strbuf_printf(w->out, "YUSEC_STATIC_ASSERT(sizeof(%s) == %u, \"array stride as on the GPU\");\n", name, l->stride);
    } else {
        strbuf_printf(w->out, "YUSEC_STATIC_ASSERT(sizeof(%s) == %u, \"size as on the GPU\");\n", name, l->size);
    }
}

/* A tensor map: the binding holds the device address of a CUtensorMap over a row-major
 * rank-2 tensor; the box and swizzle cuTensorMapEncodeTiled must be given. */
static void put_tensor_map(HeaderWriter *w, const char *name, const yusec_resource *r) {
    strbuf_printf(w->out, "/* holds a CUtensorMap (128 bytes, 64-byte aligned) in global memory, made by\n"
                          " * cuTensorMapEncodeTiled over a row-major rank-2 tensor of %s: dims {cols, rows},\n"
                          " * box {%s_BOX_COLS, %s_BOX_ROWS}, swizzle %s_SWIZZLE bytes, no interleave, zero fill */\n",
                  r->element, name, name, name);
    strbuf_printf(w->out, "#define %s_RANK 2u\n#define %s_BOX_ROWS %uu\n#define %s_BOX_COLS %uu\n#define %s_SWIZZLE %uu\n",
                  name, name, r->box_rows, name, r->box_cols, name, r->box_swizzle);
    strbuf_printf(w->out, "#define %s_ELEMENT_BYTES %uu\n", name, strcmp(r->element, "f16") == 0 ? 2u : 4u);
}

static void put_resources(HeaderWriter *w) {
    for (size_t i = 0; i < w->abi->resource_count; i++) {
        const yusec_resource *r = &w->abi->resources[i];
        const char *name = arena_printf(w->arena, "%s_%s", w->prefix, lib_c_name(w->arena, r->name));
        strbuf_printf(w->out, "/* %s: %s", lib_c_name(w->arena, r->name), lib_resource_kind_name(r->kind));
        if (r->layout != YUSEC_NONE) {
            strbuf_puts(w->out, ", ");
            lib_put_comment_text(w->out, w->abi->layouts[r->layout].type);
        }
        strbuf_printf(w->out, " */\n#define %s_GROUP %uu\n#define %s_BINDING %uu\n", name, r->group, name, r->binding);
        strbuf_printf(w->out, "#define %s_MSL_INDEX %uu  /* [[%s(%u)]] */\n", name, r->msl_index,
                      lib_resource_msl_attribute(r->kind), r->msl_index);
        if (r->kind == YUSEC_RESOURCE_TENSOR_MAP) put_tensor_map(w, name, r);
        else if (r->layout != YUSEC_NONE) put_buffer_type(w, name, r->layout);
        strbuf_putc(w->out, '\n');
    }
}

static const char *resource_name(HeaderWriter *w, size_t resource) {
    return resource == YUSEC_NONE ? "none" : lib_c_name(w->arena, w->abi->resources[resource].name);
}

/* Each PTX parameter's position under the name of what it passes. */
static void put_ptx_params(HeaderWriter *w, const char *entry, const yusec_ptx_entry *e) {
    strbuf_printf(w->out, "#define %s_PTX_PARAM_COUNT %zuu\n", entry, e->param_count);
    strbuf_printf(w->out, "#define %s_DYNAMIC_SHARED_BYTES %uu\n", entry, e->dynamic_shared_bytes);
    for (size_t s = 0; s < e->param_count; s++) {
        const yusec_ptx_param *p = &e->params[s];
        switch (p->kind) {
        case YUSEC_PTX_BUFFER:
            strbuf_printf(w->out, "#define %s_PTX_PARAM_%s %zuu\n", entry, resource_name(w, p->resource), s);
            break;
        case YUSEC_PTX_PLACEHOLDER:
            strbuf_printf(w->out, "/* PTX parameter %zu: group 0 binding %u, unused by this entry: pass 0 */\n", s,
                          p->binding);
            break;
        case YUSEC_PTX_LENGTHS:
            strbuf_printf(w->out, "#define %s_PTX_PARAM_LENGTHS %zuu  /* the lengths buffer */\n", entry, s);
            break;
        case YUSEC_PTX_TEXELS:
            strbuf_printf(w->out, "#define %s_PTX_PARAM_%s %zuu  /* texture object for loads */\n", entry,
                          resource_name(w, p->resource), s);
            break;
        case YUSEC_PTX_SAMPLED:
            strbuf_printf(w->out, "#define %s_PTX_PARAM_%s_%s %zuu  /* texture object with its sampler */\n", entry,
                          resource_name(w, p->resource), resource_name(w, p->sampler), s);
            break;
        case YUSEC_PTX_COMPARE:
            strbuf_printf(w->out, "#define %s_PTX_PARAM_%s_COMPARE %zuu  /* u32 compare function */\n", entry,
                          resource_name(w, p->resource), s);
            break;
        }
    }
    for (size_t k = 0; k < e->measured_count; k++)
        strbuf_printf(w->out, "#define %s_LENGTHS_%s %zuu  /* word of the lengths buffer: its size in bytes */\n",
                      entry, resource_name(w, e->measured[k]), k);
    if (e->measured_count) strbuf_printf(w->out, "#define %s_LENGTHS_COUNT %zuu\n", entry, e->measured_count);
}

static void put_entries(HeaderWriter *w, const LibEntryTable *entries) {
    for (uint32_t i = 0; i < entries->count; i++) {
        const LibEntry *row = &entries->rows[i];
        const char *entry = arena_printf(w->arena, "%s_%s", w->prefix, lib_c_name(w->arena, row->item));
        strbuf_printf(w->out, "/* entry %s: %s */\n", lib_c_name(w->arena, row->item), ir_stage_name(row->stage));
        strbuf_printf(w->out, "#define %s_FUNCTION \"%s\"\n", entry, row->function);
        if (row->stage == IR_STAGE_COMPUTE) {
            strbuf_printf(w->out, "#define %s_WORKGROUP_SIZE_X %uu\n#define %s_WORKGROUP_SIZE_Y %uu\n"
                                  "#define %s_WORKGROUP_SIZE_Z %uu\n",
                          entry, row->workgroup_size[0], entry, row->workgroup_size[1], entry, row->workgroup_size[2]);
            if (row->ptx_name) strbuf_printf(w->out, "#define %s_PTX_NAME \"%s\"\n", entry, row->ptx_name);
            const yusec_ptx_entry *e = i < w->abi->entry_count ? w->abi->ptx_entries[i] : NULL;
            if (e) put_ptx_params(w, entry, e);
        }
        strbuf_putc(w->out, '\n');
    }
}

/* C11's _Static_assert, _Alignof, _Alignas are C++11's static_assert, alignof, alignas: one
 * spelling for both, so C, C++ and CUDA hosts include the same header (issue 29 item 3).
 * Defined once for every yusec header a program includes. */
static void put_language_macros(StrBuf *out) {
    strbuf_puts(out, "#ifndef YUSEC_STATIC_ASSERT\n"
                     "#ifdef __cplusplus\n"
                     "#define YUSEC_STATIC_ASSERT(condition, message) static_assert(condition, message)\n"
                     "#define YUSEC_ALIGNOF(type) alignof(type)\n"
                     "#define YUSEC_ALIGNAS(bytes) alignas(bytes)\n"
                     "#else\n"
                     "#define YUSEC_STATIC_ASSERT(condition, message) _Static_assert(condition, message)\n"
                     "#define YUSEC_ALIGNOF(type) _Alignof(type)\n"
                     "#define YUSEC_ALIGNAS(bytes) _Alignas(bytes)\n"
                     "#endif\n"
                     "#endif\n\n");
}

void lib_host_header(StrBuf *out, const char *prefix, const char *source, const LibEntryTable *entries,
                     const LibAbi *abi) {
    Arena arena;
    arena_init(&arena);
    HeaderWriter w = {out, &arena, abi, lib_c_name(&arena, prefix),
                      arena_alloc_array(&arena, abi->layout_count + 1, sizeof(bool))};
    strbuf_puts(out, "/* Generated by yusec from ");
    lib_put_comment_text(out, source);
    strbuf_puts(out, "; do not edit.\n * Buffer layouts are the one layout of every target (WGSL's storage rules):\n"
                     " * f16 as its bits (uint16_t), vectors and matrix columns as arrays, aligned\n"
                     " * (YUSEC_ALIGNAS) where the GPU aligns more than C; the asserts hold them to it.\n"
                     " * C11 and C++11 alike (docs/generated.md). */\n");
    strbuf_printf(out, "#ifndef %s_YUSEC_HEADER_H\n#define %s_YUSEC_HEADER_H\n\n", w.prefix, w.prefix);
    strbuf_puts(out, "#include <stddef.h>\n#include <stdint.h>\n\n");
    put_language_macros(out);
    for (size_t i = 0; i < abi->layout_count; i++)
        if (abi->shapes[i].kind == LIB_SHAPE_STRUCT) put_struct(&w, i);
    put_resources(&w);
    put_entries(&w, entries);
    strbuf_puts(out, "#endif\n");
    arena_free(&arena);
}
