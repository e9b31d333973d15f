#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/source.h"
#include "frontend/lower.h"
#include "frontend/module.h"
#include "frontend/sema.h"
#include "fuzz_input.h"

void fuzz_source_input(const uint8_t *data, size_t size, const FuzzStage *stage) {
    /* fe_load_program reads files: the input goes to a per-process file. */
    char path[64];
    snprintf(path, sizeof path, "/tmp/yusec-fuzz-%d。着色器。豫", (int)getpid());
    FILE *file = fopen(path, "wb");
    if (!file) return;
    fwrite(data, 1, size, file);
    fclose(file);

    Arena arena;
    arena_init(&arena);
    SourceMap sources;
    source_map_init(&sources, &arena);
    DiagEngine diag;
    diag_init(&diag, &sources, NULL);
    LoadOptions load = {0};
    /* a checkout elsewhere (a fuzzer built here and run on another machine) */
    const char *builtin_dir = getenv("YUSEC_FUZZ_BUILTIN_DIR");
    load.builtin_dir = builtin_dir && *builtin_dir ? builtin_dir : YUSEC_FUZZ_BUILTIN_DIR;
    Program *program = fe_load_program(&arena, &sources, &diag, path, &load);
    CheckedProgram *checked = program && !diag_has_errors(&diag)
                                  ? fe_check_program(&arena, program, &diag) : NULL;
    IrModule *module = checked ? fe_lower_program(checked, &diag) : NULL;
    if (module && ir_verify(module, &diag)) stage->verified(module, &arena, &diag, stage->user);
    else if (stage->rejected) stage->rejected(&diag, stage->user);
    if (module) ir_module_free(module);
    diag_free(&diag);
    arena_free(&arena);
}
