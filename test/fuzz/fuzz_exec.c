/* libFuzzer target: any bytes as a .yir file through the YIR reader and the verifier and, for
 * a module that verifies, every compute entry through the CPU executor (exec/, as `yusec run
 * FILE.yir --device=cpu` runs it) on two workgroups, with zeroed buffers of the module's
 * bindings (a tensor map's as a tensor of its box's width, as `--shape` gives it) and a small
 * step budget. Every input must end in a result or a fault, never a
 * crash, hang or out-of-bounds access. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/arena.h"
#include "base/diag.h"
#include "base/strbuf.h"
#include "exec/exec.h"
#include "ir/abi.h"
#include "fuzz_input.h"
#include "ir/ir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_MAX_STEPS 20000u         /* an endless loop costs a few milliseconds */
#define FUZZ_BUFFER_BYTES 4096u       /* at most, per binding */

/* A tensor map's data: rows of its box's width (cols elements), as many as fit in
 * FUZZ_BUFFER_BYTES (at least one), its shape in `shape`; 0 when the global is no tensor map. */
static uint64_t tensor_bytes(const IrModule *module, const IrGlobal *global, ExTensorShape *shape) {
    const IrType *array = ir_type(&module->types, global->type);
    uint64_t elem = array && global->box_rows ? ir_type_size(&module->types, array->elem) : 0;
    if (!elem || !global->box_cols) return 0;
    uint64_t row = elem * global->box_cols, rows = FUZZ_BUFFER_BYTES / row ? FUZZ_BUFFER_BYTES / row : 1;
    *shape = (ExTensorShape){global->group, global->binding, (uint32_t)rows, global->box_cols};
    return rows * row;
}

typedef struct FuzzBindings {
    ExBuffer *buffers;
    ExTensorShape *shapes;
    uint32_t buffer_count, shape_count;
} FuzzBindings;

/* A zeroed buffer for every binding of the module: its fixed part and 64 bytes more (room
 * for a runtime-sized tail), at most FUZZ_BUFFER_BYTES; a tensor map's per tensor_bytes. */
static void make_buffers(Arena *arena, const IrModule *module, FuzzBindings *b) {
    for (uint32_t g = 0; g < ir_global_count(module); g++) {
        const IrGlobal *global = ir_global(module, g);
        if (!ir_global_is_buffer(global)) continue;
        uint64_t bytes = tensor_bytes(module, global, &b->shapes[b->shape_count]);
        if (bytes) {
            b->shape_count++;
        } else {
            bytes = ir_type_size_wide(&module->types, global->type) + 64;
            if (bytes > FUZZ_BUFFER_BYTES) bytes = FUZZ_BUFFER_BYTES;
        }
        void *memory = arena_alloc(arena, (size_t)bytes);
        memset(memory, 0, (size_t)bytes);
        b->buffers[b->buffer_count++] = (ExBuffer){global->group, global->binding, memory, (size_t)bytes};
    }
}

static void run_entries(Arena *arena, const IrModule *module) {
    FuzzBindings b = {arena_alloc_array(arena, ir_global_count(module) + 1, sizeof *b.buffers),
                      arena_alloc_array(arena, ir_global_count(module) + 1, sizeof *b.shapes), 0, 0};
    make_buffers(arena, module, &b);
    for (uint32_t e = 0; e < ir_entry_count(module); e++) {
        const IrEntry *entry = ir_entry(module, e);
        if (entry->stage != IR_STAGE_COMPUTE) continue;
        ExLaunch launch = {module, entry, {2, 1, 1}, b.buffers, b.buffer_count, 0, FUZZ_MAX_STEPS, b.shapes, b.shape_count};
        ExFault fault;
        memset(&fault, 0, sizeof fault);
        strbuf_init(&fault.message);
        ex_run(&launch, &fault);
        strbuf_free(&fault.message);
    }
}

static void verified(IrModule *module, Arena *arena, DiagEngine *diag, void *user) {
    (void)diag;
    (void)user;
    run_entries(arena, module);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_yir_input(data, size, &(FuzzStage){verified, NULL, NULL});
    return 0;
}
