/* The verifier's entry IO rules (verify_io.c): each parameter and the result of an entry
 * against the WGSL rules for its stage — builtin types, stages and directions (the table in
 * io_builtins.h), locations (type, bound, uniqueness, interpolation), a vertex entry's
 * position. ir_verify runs it on every entry; the bounds are YIR's own, the smallest of the
 * targets' (docs/yir.md), so a module that verifies is loadable by each of them. */
#ifndef YUSEC_IR_VERIFY_IO_H
#define YUSEC_IR_VERIFY_IO_H

#include <stdbool.h>

#include "ir.h"

/* A location must be below these (WebGPU's default maxVertexAttributes,
 * maxInterStageShaderVariables and maxColorAttachments; Metal allows at least as many). */
#define IR_VERTEX_INPUT_LOCATIONS 16u
#define IR_INTER_STAGE_LOCATIONS 16u
#define IR_COLOR_LOCATIONS 8u

/* Reports every problem of `e`'s bindings against function `f` (whose parameter count
 * matches) at the entry; false if any. */
bool ir_verify_entry_io(const IrModule *module, const IrEntry *e, const IrFunction *f, DiagEngine *diag);

#endif
