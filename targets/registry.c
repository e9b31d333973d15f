#include "registry.h"

#include <string.h>

#include "names.h"
#include "target.h"

/* One line per target, in yusec_target order. In every default pipeline uniformity runs
 * last, so that its facts describe the code the target emits. */
static const TargetDescriptor REGISTRY[YUSEC_TARGET_COUNT] = {
    {YUSEC_TARGET_WGSL, "WGSL", "wgsl", ".wgsl", "wgsl", "着色源", 0, &TARGET_LIMITS_WGSL,
     "tailrec,fold,dce,uniformity", INLINE_NONE, wgsl_op_spelling, wgsl_emit},
    {YUSEC_TARGET_MSL, "MSL", "msl", ".metal", "metal", "金属源", 0, &TARGET_LIMITS_MSL,
     "tailrec,fold,dce,uniformity", INLINE_NONE, msl_op_spelling, msl_emit},
    {YUSEC_TARGET_PTX, "PTX", "ptx", ".ptx", "ptx", "并线汇编源",
     TARGET_CAP_KERNEL_NAMES | TARGET_CAP_ARCH | TARGET_CAP_ASCII_FAILURE | TARGET_CAP_LINE_INFO,
     &TARGET_LIMITS_PTX,
     "tailrec,inline,latch,fold,dce,uniformity", INLINE_ALL, NULL, ptx_emit},
};

const TargetDescriptor *target_registry(size_t *count) {
    *count = sizeof REGISTRY / sizeof REGISTRY[0];
    return REGISTRY;
}

const TargetDescriptor *target_descriptor(yusec_target id) {
    return (unsigned)id < (unsigned)YUSEC_TARGET_COUNT ? &REGISTRY[id] : NULL;
}

const TargetDescriptor *target_find_word(const char *word) {
    for (size_t i = 0; word && i < sizeof REGISTRY / sizeof REGISTRY[0]; i++)
        if (strcmp(REGISTRY[i].word, word) == 0) return &REGISTRY[i];
    return NULL;
}

void target_list_words(StrBuf *out, const char *separator) {
    for (size_t i = 0; i < sizeof REGISTRY / sizeof REGISTRY[0]; i++) {
        if (i) strbuf_puts(out, separator);
        strbuf_puts(out, REGISTRY[i].word);
    }
}

void target_output_init(TargetOutput *output, Arena *arena, StrBuf *text) {
    memset(output, 0, sizeof *output);
    output->arena = arena;
    output->text = text;
}

void target_name_entries(TargetOutput *output, const IrModule *module, const char *const *functions,
                         bool kernel_names) {
    uint32_t n = ir_entry_count(module);
    output->entries = arena_alloc_array(output->arena, n + 1, sizeof *output->entries);
    output->entry_count = n;
    StrBuf kernel;
    strbuf_init(&kernel);
    for (uint32_t i = 0; i < n; i++) {
        const IrEntry *e = ir_entry(module, i);
        TargetEntryName *row = &output->entries[i];
        bool has_func = e->func < ir_function_count(module);
        const char *func = has_func ? ir_function(module, e->func)->name : "";
        row->item = arena_strdup(output->arena, e->name ? e->name : "");
        row->function = functions && has_func && functions[e->func]
                            ? arena_strdup(output->arena, functions[e->func])
                            : names_legalise(output->arena, func);
        row->stage = e->stage;
        if (e->stage != IR_STAGE_COMPUTE) continue;
        memcpy(row->workgroup_size, e->workgroup_size, sizeof row->workgroup_size);
        if (!kernel_names) continue;
        strbuf_clear(&kernel);
        ptx_entry_name(&kernel, output->arena, module, e);
        row->kernel = arena_strdup(output->arena, strbuf_cstr(&kernel));
    }
    strbuf_free(&kernel);
}
