/* The builtin interface embedded at build time: the generated builtin_interface_data.c (made
 * by frontend/embed/embed_interface.c from 库/点染/点染本。着色器。接口。豫) holds its text and
 * its compact tree; the file found at run time stays the source of truth. */
#include <string.h>

#include "compact.h"

extern const char fe_embedded_interface_text[];
extern const size_t fe_embedded_interface_len;
extern const uint32_t fe_embedded_interface_words[];
extern const size_t fe_embedded_interface_word_count;

AstFile *fe_builtin_interface_ast(Arena *arena, const SourceFile *source) {
    if (!source || source->len != fe_embedded_interface_len ||
        memcmp(source->text, fe_embedded_interface_text, source->len) != 0)
        return NULL;
    return fe_ast_compact_read(arena, source, fe_embedded_interface_words, fe_embedded_interface_word_count);
}
