/* The typed ABI of a compiled module (the public yusec_resource, yusec_layout and
 * yusec_ptx_entry of include/yusec/yusec.h): every resource with its binding, kind and MSL
 * index, each buffer type's layout once, and per compute entry its PTX parameters in launch
 * order (runtime/plan.c's plan, the one place that order lives). The --entries=json manifest
 * is printed from this (lib/manifest.c). */
#ifndef YUSEC_LIB_ABI_H
#define YUSEC_LIB_ABI_H

#include <stddef.h>

#include "../base/arena.h"
#include "../ir/ir.h"
#include "../include/yusec/yusec.h"
#include "entries.h"

typedef struct LibAbi {
    yusec_resource *resources;
    size_t resource_count;
    yusec_layout *layouts;
    size_t layout_count;
    yusec_ptx_entry **ptx_entries;  /* per entry of the module; NULL for vertex/fragment */
    size_t entry_count;
} LibAbi;

/* Builds the ABI of `module` (the module the PTX pipeline built, for its parameters) into
 * `arena`; `entries` is its typed entry table (the kernel names). An entry whose plan fails
 * (it cannot be launched) gets NULL. */
void lib_abi_build(LibAbi *abi, Arena *arena, const IrModule *module, const LibEntryTable *entries);

/* The names --entries=json and docs/generated.md use: "storage_read", "texture_2d", …; and
 * the MSL attribute of the kind: "buffer", "texture" or "sampler". */
const char *lib_resource_kind_name(yusec_resource_kind kind);
const char *lib_resource_msl_attribute(yusec_resource_kind kind);

#endif
