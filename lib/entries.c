#include "entries.h"

#include <string.h>


void lib_entries_init(LibEntryTable *table, Arena *arena) {
    table->arena = arena;
    table->rows = NULL;
    table->count = 0;
}

void lib_entries_from(LibEntryTable *table, const TargetEntryName *names, uint32_t count) {
    table->rows = arena_alloc_array(table->arena, count + 1, sizeof *table->rows);
    table->count = count;
    for (uint32_t i = 0; i < count; i++)
        table->rows[i] = (LibEntry){names[i].item, names[i].function, names[i].stage,
                                    {names[i].workgroup_size[0], names[i].workgroup_size[1],
                                     names[i].workgroup_size[2]},
                                    names[i].kernel};
}

void lib_entries_build(LibEntryTable *table, const IrModule *module) {
    TargetOutput names;
    target_output_init(&names, table->arena, NULL);
    target_name_entries(&names, module, NULL, true);
    lib_entries_from(table, names.entries, names.entry_count);
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
