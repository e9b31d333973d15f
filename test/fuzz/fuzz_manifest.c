/* libFuzzer target: any bytes as a package manifest 包。清单 through the manifest reader.
 * Every input must end in a manifest or located diagnostics, never a crash or a hang; a
 * manifest that parses holds only names without control characters, 「.」 or 「..」. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "base/diag.h"
#include "base/source.h"
#include "frontend/manifest.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A property of every accepted name, checked so the fuzzer finds violations, not only crashes. */
static void require_clean_name(const char *name) {
    if (!name) return;
    for (const unsigned char *c = (const unsigned char *)name; *c; c++)
        if (*c < 0x20 || *c == 0x7F || *c == '/' || *c == '\\') abort();
    if (!*name || strcmp(name, ".") == 0 || strcmp(name, "..") == 0) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    Arena arena;
    arena_init(&arena);
    SourceMap sources;
    source_map_init(&sources, &arena);
    SourceFile *file = source_add(&sources, "包。清单", (const char *)data, size);
    DiagEngine diag;
    diag_init(&diag, &sources, NULL);
    Manifest manifest;
    if (fe_manifest_parse(&arena, file, &diag, &manifest)) {
        require_clean_name(manifest.name);
        for (uint32_t i = 0; i < manifest.dependency_count; i++)
            require_clean_name(manifest.dependencies[i]);
    }
    diag_free(&diag);
    arena_free(&arena);
    return 0;
}
