/* libFuzzer target: any bytes as a shader source through the whole pipeline that needs no
 * LLVM — module lookup (with the real 点染 interface), checking, lowering, verification, the
 * WGSL pass pipeline, and the WGSL and MSL emitters. Every input must end in diagnostics or
 * output, never a crash, hang or out-of-bounds access. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/arena.h"
#include "base/diag.h"
#include "base/source.h"
#include "base/strbuf.h"
#include "frontend/lower.h"
#include "frontend/module.h"
#include "frontend/sema.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "targets/target.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void emit_all(IrModule *module, DiagEngine *diag) {
    StrBuf out, table;
    strbuf_init(&out);
    strbuf_init(&table);
    wgsl_emit(module, &out, &table, diag);
    strbuf_clear(&out);
    strbuf_clear(&table);
    msl_emit(module, &out, &table, diag);
    strbuf_free(&out);
    strbuf_free(&table);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* fe_load_program reads files: the input goes to a per-process file. */
    char path[64];
    snprintf(path, sizeof path, "/tmp/yusec-fuzz-%d。着色器。豫", (int)getpid());
    FILE *file = fopen(path, "wb");
    if (!file) return 0;
    fwrite(data, 1, size, file);
    fclose(file);

    Arena arena;
    arena_init(&arena);
    SourceMap sources;
    source_map_init(&sources, &arena);
    DiagEngine diag;
    diag_init(&diag, &sources, NULL);
    LoadOptions load = {0};
    /* $YUSEC_FUZZ_BUILTIN_DIR: the 点染 directory of a checkout elsewhere (a fuzzer built
     * here and run on another machine); else the one it was built from. */
    const char *builtin_dir = getenv("YUSEC_FUZZ_BUILTIN_DIR");
    load.builtin_dir = builtin_dir && *builtin_dir ? builtin_dir : YUSEC_FUZZ_BUILTIN_DIR;
    Program *program = fe_load_program(&arena, &sources, &diag, path, &load);
    CheckedProgram *checked = program && !diag_has_errors(&diag)
                                  ? fe_check_program(&arena, program, &diag) : NULL;
    IrModule *module = checked ? fe_lower_program(checked, &diag) : NULL;
    if (module && ir_verify(module, &diag)) {
        PassContext ctx;
        pass_context_init(&ctx, module, &diag, PASS_TARGET_WGSL);
        if (pass_run_pipeline(&ctx, default_pipeline(PASS_TARGET_WGSL))) emit_all(module, &diag);
    }
    if (module) ir_module_free(module);
    diag_free(&diag);
    arena_free(&arena);
    return 0;
}
