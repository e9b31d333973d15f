/* Tests and fuzzers run an emitter through its registry descriptor (targets/registry.h) and
 * compare its typed entry names as 着七's TAB lines, the table yusec -emit-* prints:
 * `入口项<TAB>函数名<TAB>阶段`, for a target with kernel names followed by `<TAB>PTX名<TAB>块大小`
 * (`-` and 0 for vertex and fragment entries). */
#ifndef YUSEC_TEST_EMIT_LINES_H
#define YUSEC_TEST_EMIT_LINES_H

#include "base/arena.h"
#include "targets/registry.h"

static inline void emit_lines(StrBuf *table, const TargetOutput *output, bool kernel_columns) {
    for (uint32_t i = 0; i < output->entry_count; i++) {
        const TargetEntryName *row = &output->entries[i];
        strbuf_printf(table, "%s\t%s\t%s", row->item, row->function, ir_stage_name(row->stage));
        if (kernel_columns && row->kernel)
            strbuf_printf(table, "\t%s\t%u", row->kernel,
                          row->workgroup_size[0] * row->workgroup_size[1] * row->workgroup_size[2]);
        else if (kernel_columns)
            strbuf_puts(table, "\t-\t0");
        strbuf_putc(table, '\n');
    }
}

/* Runs `target`'s emitter on `module` (`ptx`: its PTX options, may be NULL): the text into
 * `out`, the entry lines into `table` (may be NULL), the ASCII failure into `failure` (may be
 * NULL). */
static inline bool emit_with_lines(yusec_target target, const IrModule *module, const PtxOptions *ptx,
                                   StrBuf *out, StrBuf *table, PtxFailure *failure, DiagEngine *diag) {
    const TargetDescriptor *descriptor = target_descriptor(target);
    Arena arena;
    arena_init(&arena);
    TargetOutput output;
    target_output_init(&output, &arena, out);
    TargetEmitOptions options = {ptx};
    bool ok = descriptor->emit(module, &options, &output, diag);
    if (ok && table) emit_lines(table, &output, (descriptor->caps & TARGET_CAP_KERNEL_NAMES) != 0);
    if (failure) *failure = output.failure;
    arena_free(&arena);
    return ok;
}

#endif
