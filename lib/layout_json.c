#include "layout_json.h"

#include "../ir/types.h"
#include "../targets/names.h"

void json_put_string(StrBuf *out, const char *text) {
    strbuf_putc(out, '"');
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '"' || *p == '\\') strbuf_printf(out, "\\%c", *p);
        else if (*p < 0x20) strbuf_printf(out, "\\u%04x", *p);
        else strbuf_putc(out, (char)*p);
    }
    strbuf_putc(out, '"');
}

void layout_type_name(StrBuf *out, const IrModule *m, IrTypeId type) {
    StrBuf name;
    strbuf_init(&name);
    ir_print_type(&name, &m->types, type);
    json_put_string(out, strbuf_cstr(&name));
    strbuf_free(&name);
}

/* Marks `type` and the structs and arrays inside it (fields, elements). */
static void mark_layouts(const IrTypeTable *types, IrTypeId type, bool *marked) {
    const IrType *t = ir_type(types, type);
    if (!t || marked[type]) return;
    marked[type] = true;
    if (t->kind == IR_TYPE_ARRAY) mark_layouts(types, t->elem, marked);
    if (t->kind == IR_TYPE_STRUCT)
        for (uint32_t i = 0; i < t->field_count; i++) mark_layouts(types, t->fields[i].type, marked);
}

static void put_fields(StrBuf *out, Arena *arena, const IrTypeTable *types, IrTypeId id) {
    const IrType *t = ir_type(types, id);
    strbuf_puts(out, ", \"msl\": ");
    json_put_string(out, names_legalise(arena, t->name));
    strbuf_puts(out, ", \"fields\": [");
    for (uint32_t i = 0; i < t->field_count; i++) {
        strbuf_puts(out, i ? ", {\"name\": " : "{\"name\": ");
        json_put_string(out, t->fields[i].name);
        strbuf_puts(out, ", \"msl\": ");
        json_put_string(out, names_legalise(arena, t->fields[i].name));
        strbuf_printf(out, ", \"offset\": %u, \"size\": %u}", ir_struct_field_offset(types, id, i),
                      ir_type_size(types, t->fields[i].type));
    }
    strbuf_putc(out, ']');
}

void layout_put_json(StrBuf *out, Arena *arena, const IrModule *m) {
    const IrTypeTable *types = &m->types;
    bool *marked = arena_alloc_array(arena, types->count + 1, sizeof *marked);
    for (uint32_t g = 0; g < ir_global_count(m); g++) {
        const IrGlobal *gl = ir_global(m, g);
        if (gl->space == IR_SPACE_STORAGE_READ || gl->space == IR_SPACE_STORAGE_READ_WRITE ||
            gl->space == IR_SPACE_UNIFORM)
            mark_layouts(types, gl->type, marked);
    }
    strbuf_puts(out, "  \"layouts\": [");
    bool any = false;
    for (IrTypeId id = 0; id < types->count; id++) {
        if (!marked[id]) continue;
        const IrType *t = ir_type(types, id);
        strbuf_puts(out, any ? ",\n    {\"type\": " : "\n    {\"type\": ");
        layout_type_name(out, m, id);
        strbuf_printf(out, ", \"size\": %u, \"align\": %u", ir_type_size(types, id), ir_type_align(types, id));
        if (t->kind == IR_TYPE_ARRAY) strbuf_printf(out, ", \"stride\": %u", ir_type_array_stride(types, id));
        if (t->kind == IR_TYPE_STRUCT) put_fields(out, arena, types, id);
        strbuf_putc(out, '}');
        any = true;
    }
    strbuf_puts(out, any ? "\n  ]" : "]");
}
