/* textDocument/foldingRange (lsp/folding.h). */
#include "lsp/folding.h"

#include <string.h>

#include "lib/positions.h"

static void add_range(json_t *result, uint32_t start_line, uint32_t end_line, const char *kind) {
    if (end_line <= start_line) return;
    json_t *range = json_pack("{s:I,s:I}", "startLine", (json_int_t)start_line, "endLine", (json_int_t)end_line);
    if (kind) json_object_set_new(range, "kind", json_string(kind));
    json_array_append_new(result, range);
}

static bool is_full_stop(const char *text, const yusec_token *token) {
    return token->kind == YUSEC_TOKEN_PUNCTUATION && token->length == strlen("。") &&
           memcmp(text + token->offset, "。", token->length) == 0;
}

json_t *lsp_folding_ranges(LspServer *server, json_t *params, LspError *error) {
    LspDocument *doc = lsp_document_of(server, params, error);
    if (!doc) return NULL;
    yusec_tokens *tokens = yusec_tokenize(doc->text, doc->len);
    size_t count = 0;
    const yusec_token *items = tokens ? yusec_tokens_items(tokens, &count) : NULL;
    LibPositionCursor cursor;
    lib_cursor_init(&cursor, doc->text, doc->len);
    json_t *result = json_array();
    bool in_statement = false;
    uint32_t statement_line = 0, last_line = 0;
    for (size_t i = 0; i < count; i++) {
        const yusec_token *token = &items[i];
        uint32_t line = lib_cursor_seek(&cursor, token->offset).line;
        if (token->kind == YUSEC_TOKEN_COMMENT) {
            add_range(result, line, lib_cursor_seek(&cursor, token->offset + token->length).line, "comment");
            continue;
        }
        if (!in_statement) {
            in_statement = true;
            statement_line = line;
        }
        last_line = line;
        if (is_full_stop(doc->text, token)) {
            add_range(result, statement_line, line, NULL);
            in_statement = false;
        }
    }
    if (in_statement) add_range(result, statement_line, last_line, NULL);  /* no 。 before the end */
    yusec_tokens_free(tokens);
    return result;
}

void lsp_advertise_folding_ranges(json_t *capabilities) {
    json_object_set_new(capabilities, "foldingRangeProvider", json_true());
}
