/* The YIR executor (`yusec run --device=cpu`): runs one compute entry of a verified YIR
 * module on the CPU with WGSL's run-time semantics, so kernels can be run and debugged
 * without a GPU and the targets can be compared against a reference (docs/exec.md).
 *
 * Uses only ir/ and base/. The buffers are the host data of the entry's storage and
 * uniform bindings in the WGSL layout (ir_type_size/align/array_stride,
 * ir_struct_field_offset); they are read and written in place. */
#ifndef YUSEC_EXEC_EXEC_H
#define YUSEC_EXEC_EXEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/diag_catalogue.h"
#include "../base/source.h"
#include "../base/strbuf.h"
#include "../ir/ir.h"

#define EX_DEFAULT_SUBGROUP_SIZE 32u
#define EX_MAX_SUBGROUP_SIZE 128u

/* The executor's limits (docs/exec.md "Limits"). A program beyond them is refused before
 * it runs, with a fault at the variable or value that is too big. Sizes are 64-bit
 * throughout; pointers inside a run stay a region and a 32-bit offset. */
#define EX_MAX_WORKGROUP_BYTES (1u << 20)      /* workgroup variables of one workgroup: 1 MiB */
#define EX_MAX_INVOCATION_BYTES (512u << 10)   /* private and function variables of one invocation */
#define EX_MAX_VALUE_WORDS (1u << 20)          /* the values (registers) of one invocation: 4 MiB */
#define EX_MAX_GROUP_BYTES (256u << 20)        /* all of that for every invocation of a workgroup */
#define EX_MAX_BUFFER_BYTES UINT32_MAX         /* one buffer */
/* Steps a run may take before it stops with a fault (ExLaunch.max_steps 0 means this): an
 * executed instruction is one step, and one more per 256 bytes it copies or zeroes. */
#define EX_DEFAULT_MAX_STEPS 1000000000ull

/* One binding's memory (group, binding as in the module). */
typedef struct ExBuffer {
    uint32_t group, binding;
    void *data;
    size_t bytes;
} ExBuffer;

/* The tensor of a tensor-map binding (yusec run --shape): rows × cols elements, row-major,
 * its buffer's data. */
typedef struct ExTensorShape {
    uint32_t group, binding;
    uint32_t rows, cols;
} ExTensorShape;

typedef struct ExLaunch {
    const IrModule *module;
    const IrEntry *entry;        /* a compute entry of `module` */
    uint32_t grid[3];            /* workgroups per axis, each >= 1 */
    const ExBuffer *buffers;     /* every buffer the entry reaches must be here */
    uint32_t buffer_count;
    uint32_t subgroup_size;      /* 0: EX_DEFAULT_SUBGROUP_SIZE; a power of two 4…128 */
    uint64_t max_steps;          /* the step budget of the whole dispatch; 0: EX_DEFAULT_MAX_STEPS */
    const ExTensorShape *shapes; /* one per tensor-map binding the entry reaches */
    uint32_t shape_count;
} ExLaunch;

/* Why a run stopped. `span` is the instruction's place in the source (no position when
 * `located` is false); `message` is user-facing Chinese text. */
typedef struct ExFault {
    DiagId id;        /* its catalogue entry (base/diagnostics.def: the EXEC_ ones) */
    bool located;
    Span span;
    StrBuf message;
} ExFault;

/* Runs the entry over the whole grid. True when every invocation returned; false with the
 * reason in `fault` (initialised by the caller with strbuf_init; the first fault stops the
 * run: an out-of-bounds access, a barrier or subgroup operation outside uniform control
 * flow, the step budget spent, an operation the executor does not have, memory beyond the
 * executor's limits). Buffers may be partly written then. */
bool ex_run(const ExLaunch *launch, ExFault *fault);

#endif
