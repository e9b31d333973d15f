/* libFuzzer target: any bytes as a shader source through the whole PTX pipeline — module
 * lookup (with the real 点染 interface), checking, lowering, verification, the PTX pass
 * pipeline and the PTX target (the LLVM 19 plugin). Every input must end in diagnostics or
 * PTX, never a crash, an LLVM abort, a hang or an out-of-bounds access. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/arena.h"
#include "base/diag.h"
#include "base/source.h"
#include "frontend/lower.h"
#include "frontend/module.h"
#include "frontend/sema.h"
#include "fuzz_ptx_common.h"
#include "ir/ir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* fe_load_program reads files: the input goes to a per-process file. */
    char path[64];
    snprintf(path, sizeof path, "/tmp/yusec-fuzz-ptx-%d。着色器。豫", (int)getpid());
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
    /* $YUSEC_FUZZ_BUILTIN_DIR: the 点染 directory of a checkout elsewhere */
    const char *builtin_dir = getenv("YUSEC_FUZZ_BUILTIN_DIR");
    load.builtin_dir = builtin_dir && *builtin_dir ? builtin_dir : YUSEC_FUZZ_BUILTIN_DIR;
    Program *program = fe_load_program(&arena, &sources, &diag, path, &load);
    CheckedProgram *checked = program && !diag_has_errors(&diag)
                                  ? fe_check_program(&arena, program, &diag) : NULL;
    IrModule *module = checked ? fe_lower_program(checked, &diag) : NULL;
    if (module && ir_verify(module, &diag)) fuzz_emit_ptx(module, &diag, data, size);
    else fuzz_report_rejected(&diag);
    if (module) ir_module_free(module);
    diag_free(&diag);
    arena_free(&arena);
    return 0;
}
