/* fuzz_ptx_common.h */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test/unit/emit_lines.h"
#include "base/strbuf.h"
#include "fuzz_ptx_common.h"
#include "passes/pass.h"
#include "targets/registry.h"
#include "targets/ptx.h"

/* ASan's defaults for the two PTX fuzzers ($ASAN_OPTIONS still wins): a 64 MiB quarantine
 * instead of 256. LLVM allocates and frees tens of MiB per input (its target machine alone is
 * a few hundred KiB, mapped and unmapped by ASan's large allocator), so with the default every
 * input touched fresh pages: page faults and TLB shootdowns were a third of the profile, and
 * the smaller quarantine runs 1.4-2 times as many inputs per second. A freed block is still
 * caught when used again before 64 MiB more has been freed, which covers yusec's own
 * passes and emitters around the LLVM call (docs/testing.md). */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "quarantine_size_mb=64"; }

static bool has_text(const uint8_t *data, size_t size, const char *text) {
    size_t len = strlen(text);
    for (size_t i = 0; i + len <= size; i++)
        if (memcmp(data + i, text, len) == 0) return true;
    return false;
}

static const char *arch_of(const uint8_t *data, size_t size) {
    static const char *const arches[] = {"sm_90a", "sm_90", "sm_89", "sm_86"};
    for (size_t i = 0; i < sizeof arches / sizeof arches[0]; i++)
        if (has_text(data, size, arches[i])) return arches[i];
    return NULL;
}

/* The input's LLVM optimisation level (PtxOptions.opt_level, the CLI's -O): the first of
 * "-O0", "-O1", "-O2" found anywhere in it, else -O3, the CLI's default. yusec's own PTX code
 * asks only whether the level is 0 (no wrap-free loop copies in wide.c, no large-function
 * path, the debug info's isOptimized), which the fuzzers never reached before; -O1 and -O2
 * run LLVM's other pipelines and code generation levels. A lower default was measured and
 * not taken: on these inputs LLVM's -O1 costs about what -O3 does (docs/testing.md). */
static int opt_level_of(const uint8_t *data, size_t size) {
    static const char *const markers[] = {"-O0", "-O1", "-O2"};
    for (size_t i = 0; i < sizeof markers / sizeof markers[0]; i++)
        if (has_text(data, size, markers[i])) return (int)i;
    return 3;
}

static void emit_ptx(IrModule *module, DiagEngine *diag, const uint8_t *data, size_t size) {
    PassContext ctx;
    pass_context_init(&ctx, module, diag, target_descriptor(YUSEC_TARGET_PTX)->inline_policy);
    if (!pass_run_pipeline(&ctx, target_descriptor(YUSEC_TARGET_PTX)->pipeline)) {
        if (getenv("YUSEC_FUZZ_DEBUG")) fprintf(stderr, "PTX passes failed\n%s", strbuf_cstr(&diag->text));
        return;
    }
    PtxOptions options;
    ptx_options_init(&options);
    options.opt_level = opt_level_of(data, size);
    const char *arch = arch_of(data, size);
    if (arch) {
        options.arch = arch;
        options.ptx_version = "8.5";  /* every arch of the table takes the newest */
    }
    /* $YUSEC_PTX_PLUGIN (a fuzzer run elsewhere) wins, as in ptx_plugin_open; else the build's */
    const char *env = getenv("YUSEC_PTX_PLUGIN");
    options.plugin_path = env && *env ? env : YUSEC_FUZZ_PTX_PLUGIN;
    StrBuf out, table;
    strbuf_init(&out);
    strbuf_init(&table);
    PtxFailure failure;
    memset(&failure, 0, sizeof failure);
    bool ok = emit_with_lines(YUSEC_TARGET_PTX, module, &options, &out, &table, &failure, diag);
    /* $YUSEC_FUZZ_DEBUG: what one input gave (replaying a single input) */
    if (getenv("YUSEC_FUZZ_DEBUG"))
        fprintf(stderr, "ptx_emit -O%d: %s, %zu bytes of PTX\n%s", options.opt_level, ok ? "ok" : "failed", out.len,
                strbuf_cstr(&diag->text));
    strbuf_free(&out);
    strbuf_free(&table);
}

static void report_rejected(const DiagEngine *diag) {
    if (getenv("YUSEC_FUZZ_DEBUG"))
        fprintf(stderr, "rejected before the PTX target\n%s", diag->text.data ? diag->text.data : "");
}

typedef struct Input {
    const uint8_t *data;
    size_t size;
} Input;

static void verified(IrModule *module, Arena *arena, DiagEngine *diag, void *user) {
    (void)arena;
    const Input *input = user;
    emit_ptx(module, diag, input->data, input->size);
}

static void rejected(DiagEngine *diag, void *user) {
    (void)user;
    report_rejected(diag);
}

void fuzz_ptx_run(const uint8_t *data, size_t size, FuzzReader *read) {
    Input input = {data, size};
    read(data, size, &(FuzzStage){verified, rejected, &input});
}
