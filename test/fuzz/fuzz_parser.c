/* libFuzzer target: any bytes through the lexer, parser and AST dump must end in
 * diagnostics, never a crash, hang or out-of-bounds read. */
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/diag.h"
#include "base/source.h"
#include "base/strbuf.h"
#include "frontend/ast.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    Arena arena;
    arena_init(&arena);
    SourceMap sources;
    source_map_init(&sources, &arena);
    SourceFile *file = source_add(&sources, "fuzz。着色器。豫", (const char *)data, size);
    DiagEngine diag;
    diag_init(&diag, &sources, NULL);
    AstFile *ast = fe_parse_file(&arena, file, &diag);
    StrBuf dump;
    strbuf_init(&dump);
    fe_ast_dump_file(&dump, ast);
    strbuf_free(&dump);
    diag_free(&diag);
    arena_free(&arena);
    return 0;
}
