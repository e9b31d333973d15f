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

/* What a layout's type is made of, for the C host header (lib/host_header.c): parallel to
 * LibAbi.layouts, so the header's C types come from the same type table as the sizes and
 * offsets (ir/types.c, computed once). */
typedef enum LibShapeKind {
    LIB_SHAPE_SCALAR,   /* f16 f32 i32 u32 */
    LIB_SHAPE_VECTOR,   /* `lanes` of the scalar */
    LIB_SHAPE_MATRIX,   /* `cols` columns of `lanes` (rows) of the scalar */
    LIB_SHAPE_ATOMIC,   /* of the scalar */
    LIB_SHAPE_ARRAY,    /* `length` (0: runtime-sized) of layout `elem` */
    LIB_SHAPE_STRUCT,   /* fields of layouts `field_layouts` */
    LIB_SHAPE_OPAQUE,   /* anything else: bytes */
} LibShapeKind;

typedef struct LibShape {
    LibShapeKind kind;
    IrScalarKind scalar;     /* SCALAR, VECTOR, MATRIX, ATOMIC */
    uint32_t width;          /* of the scalar: 16 or 32 */
    uint32_t lanes;          /* VECTOR: lanes; MATRIX: rows */
    uint32_t cols;           /* MATRIX */
    uint32_t length;         /* ARRAY */
    size_t elem;             /* ARRAY: the element's layout */
    const size_t *field_layouts;  /* STRUCT: each field's layout */
} LibShape;

typedef struct LibAbi {
    yusec_resource *resources;
    size_t resource_count;
    yusec_layout *layouts;
    LibShape *shapes;               /* one per layout */
    size_t layout_count;
    yusec_ptx_entry **ptx_entries;  /* per entry of the module; NULL for vertex/fragment */
    size_t entry_count;
    const char *ptx_target;         /* the arch the module's PTX must be written for when it is
                                       above -arch ("sm_90a": warpgroup MMA); NULL otherwise */
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
