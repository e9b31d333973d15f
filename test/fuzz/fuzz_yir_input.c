#include "fuzz_input.h"

#include "base/source.h"

void fuzz_yir_input(const uint8_t *data, size_t size, const FuzzStage *stage) {
    Arena arena;
    arena_init(&arena);
    SourceMap sources;
    source_map_init(&sources, &arena);
    SourceFile *file = source_add(&sources, "fuzz.yir", (const char *)data, size);
    DiagEngine diag;
    diag_init(&diag, &sources, NULL);
    IrModule *module = ir_read(&diag, file);
    if (module && ir_verify(module, &diag)) stage->verified(module, &arena, &diag, stage->user);
    else if (stage->rejected) stage->rejected(&diag, stage->user);
    if (module) ir_module_free(module);
    diag_free(&diag);
    arena_free(&arena);
}
