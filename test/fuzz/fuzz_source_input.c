#define _XOPEN_SOURCE 700  /* realpath */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/file.h"
#include "base/source.h"
#include "frontend/builtin_names.h"
#include "frontend/compact.h"
#include "frontend/lower.h"
#include "frontend/module.h"
#include "frontend/sema.h"
#include "fuzz_input.h"

/* The builtin interface 点染本 read, decoded and indexed once per process, exactly as a
 * libyusec context holds it for all its compiles (lib/api.c load_builtin): each input's
 * source map adopts the file as its source 0 and the loader takes the tree and the names
 * instead of reading and decoding them again. This is the path the CLI, libyusec and the
 * language server take; the tree is only read by a compile, and a compile that wrote to it
 * would be a bug in libyusec too (and ASan sees a pointer into a freed input's arena). */
typedef struct SharedBuiltin {
    Arena arena;
    SourceMap sources;
    const char *dir;
    SourceFile *file;       /* NULL: not readable, or not the embedded text; each input loads it */
    AstFile *ast;
    const FeBuiltinNames *names;
    const char *dir_real, *file_real;
} SharedBuiltin;

static void shared_builtin_load(SharedBuiltin *builtin) {
    arena_init(&builtin->arena);
    source_map_init(&builtin->sources, &builtin->arena);
    /* a checkout elsewhere (a fuzzer built here and run on another machine) */
    const char *dir = getenv("YUSEC_FUZZ_BUILTIN_DIR");
    builtin->dir = dir && *dir ? dir : YUSEC_FUZZ_BUILTIN_DIR;
    const char *path = fe_builtin_interface_path(&builtin->arena, builtin->dir);
    const char *error = NULL;
    SourceFile *file = source_load(&builtin->sources, path, &error);
    AstFile *ast = file ? fe_builtin_interface_ast(&builtin->arena, file) : NULL;
    if (!ast) return;
    builtin->file = file;
    builtin->ast = ast;
    builtin->names = fe_builtin_names_build(&builtin->arena, ast);
    builtin->dir_real = file_real_path(&builtin->arena, builtin->dir);
    builtin->file_real = file_real_path(&builtin->arena, path);
}

/* The process's one SharedBuiltin (libFuzzer's entry point takes no user pointer, so it
 * lives here; it never changes after the first input and is freed by the process's exit). */
static const SharedBuiltin *shared_builtin(void) {
    static SharedBuiltin builtin;
    static bool loaded;
    if (!loaded) {
        shared_builtin_load(&builtin);
        loaded = true;
    }
    return &builtin;
}

/* The load options of one input, adopting the shared builtin when the map is still empty. */
static LoadOptions load_options(const SharedBuiltin *builtin, SourceMap *sources) {
    LoadOptions load = {0};
    load.builtin_dir = builtin->dir;
    if (builtin->file && source_adopt(sources, builtin->file)) {
        load.builtin_file = builtin->file;
        load.builtin_ast = builtin->ast;
        load.builtin_names = builtin->names;
        load.builtin_dir_real = builtin->dir_real;
        load.builtin_file_real = builtin->file_real;
    }
    return load;
}

void fuzz_source_input(const uint8_t *data, size_t size, const FuzzStage *stage) {
    /* fe_load_program reads files: the input goes to a per-process file. */
    char path[64];
    snprintf(path, sizeof path, "/tmp/yusec-fuzz-%d。着色器。豫", (int)getpid());
    FILE *file = fopen(path, "wb");
    if (!file) return;
    fwrite(data, 1, size, file);
    fclose(file);

    const SharedBuiltin *builtin = shared_builtin();
    Arena arena;
    arena_init(&arena);
    SourceMap sources;
    source_map_init(&sources, &arena);
    LoadOptions load = load_options(builtin, &sources);
    DiagEngine diag;
    diag_init(&diag, &sources, NULL);
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
