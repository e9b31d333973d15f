/* The typed entry table (着七): per entry point its item, its function's name in the target
 * text (one spelling for WGSL, MSL and PTX, 着九/着十), its stage, workgroup size and PTX
 * kernel name. The names are the targets' (targets/registry.h: an emitter's TargetOutput, or
 * target_name_entries before emitting); printed from here (the TAB lines yusec -emit-* writes
 * on stderr), planned from by the runtime and handed out by the public API. */
#ifndef YUSEC_LIB_ENTRIES_H
#define YUSEC_LIB_ENTRIES_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/strbuf.h"
#include "../ir/ir.h"
#include "../targets/registry.h"

typedef struct LibEntry {
    const char *item;
    const char *function;
    IrStage stage;
    uint32_t workgroup_size[3];  /* compute only */
    const char *ptx_name;        /* compute only; NULL otherwise */
} LibEntry;

typedef struct LibEntryTable {
    Arena *arena;                /* where the rows and their strings live */
    LibEntry *rows;
    uint32_t count;
} LibEntryTable;

void lib_entries_init(LibEntryTable *table, Arena *arena);

/* The rows of an emitter's entry names (TargetOutput.entries), copied by reference (the strings
 * stay in the arena the emitter was given). */
void lib_entries_from(LibEntryTable *table, const TargetEntryName *names, uint32_t count);
/* One row per entry of `module`, in the module's order, as the targets name them before
 * emitting (target_name_entries: the function and the PTX kernel name). */
void lib_entries_build(LibEntryTable *table, const IrModule *module);

/* 着七's lines: `入口项<TAB>函数名<TAB>阶段`, for PTX followed by `<TAB>PTX名<TAB>块大小`
 * (`-` and 0 for vertex and fragment entries). */
void lib_entries_print(StrBuf *out, const LibEntryTable *table, bool ptx_columns);

/* The row of the entry named `name` (entry item or function), or NULL. */
const LibEntry *lib_entries_find(const LibEntryTable *table, const char *name);

#endif
