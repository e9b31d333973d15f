#include "entries.h"

#include <string.h>

#include "../targets/names.h"
#include "../targets/ptx.h"

void lib_entries_init(LibEntryTable *table, Arena *arena) {
    table->arena = arena;
    table->rows = NULL;
    table->count = 0;
}

void lib_entries_build(LibEntryTable *table, const IrModule *module) {
    uint32_t n = ir_entry_count(module);
    table->rows = arena_alloc_array(table->arena, n + 1, sizeof *table->rows);
    table->count = n;
    StrBuf name;
    strbuf_init(&name);
    for (uint32_t i = 0; i < n; i++) {
        const IrEntry *e = ir_entry(module, i);
        LibEntry *row = &table->rows[i];
        const char *func = e->func < ir_function_count(module) ? ir_function(module, e->func)->name : "";
        row->item = arena_strdup(table->arena, e->name ? e->name : "");
        row->function = names_legalise(table->arena, func);
        row->stage = e->stage;
        if (e->stage != IR_STAGE_COMPUTE) continue;
        memcpy(row->workgroup_size, e->workgroup_size, sizeof row->workgroup_size);
        strbuf_clear(&name);
        ptx_entry_name(&name, table->arena, module, e);
        row->ptx_name = arena_strdup(table->arena, strbuf_cstr(&name));
    }
    strbuf_free(&name);
}

void lib_entries_print(StrBuf *out, const LibEntryTable *table, bool ptx_columns) {
    for (uint32_t i = 0; i < table->count; i++) {
        const LibEntry *row = &table->rows[i];
        strbuf_printf(out, "%s\t%s\t%s", row->item, row->function, ir_stage_name(row->stage));
        if (ptx_columns && row->ptx_name)
            strbuf_printf(out, "\t%s\t%u", row->ptx_name,
                          row->workgroup_size[0] * row->workgroup_size[1] * row->workgroup_size[2]);
        else if (ptx_columns)
            strbuf_puts(out, "\t-\t0");
        strbuf_putc(out, '\n');
    }
}

const LibEntry *lib_entries_find(const LibEntryTable *table, const char *name) {
    for (uint32_t i = 0; i < table->count; i++)
        if (strcmp(table->rows[i].item, name) == 0 || strcmp(table->rows[i].function, name) == 0)
            return &table->rows[i];
    return NULL;
}
