/* Semantic tokens: kinds from yusec_tokenize, positions in UTF-16, a token over several
 * lines (a comment) split into one per line. */
#include "lsp/semantic_tokens.h"

#include "lib/positions.h"

/* The legend's token types, in the order of their indices. */
enum { TYPE_KEYWORD, TYPE_OPERATOR, TYPE_VARIABLE, TYPE_NUMBER, TYPE_STRING, TYPE_COMMENT, TYPE_NONE };
static const char *const TYPE_NAMES[] = {"keyword", "operator", "variable", "number", "string", "comment"};
enum { MODIFIER_DEPRECATED = 1 };

static int type_of(yusec_token_kind kind, unsigned *modifiers) {
    *modifiers = 0;
    switch (kind) {
    case YUSEC_TOKEN_KEYWORD: return TYPE_KEYWORD;
    case YUSEC_TOKEN_OPERATOR: return TYPE_OPERATOR;
    case YUSEC_TOKEN_NAME: return TYPE_VARIABLE;
    case YUSEC_TOKEN_NUMERAL: return TYPE_NUMBER;
    case YUSEC_TOKEN_STRING: return TYPE_STRING;
    case YUSEC_TOKEN_COMMENT: return TYPE_COMMENT;
    case YUSEC_TOKEN_RETIRED: *modifiers = MODIFIER_DEPRECATED; return TYPE_KEYWORD;
    case YUSEC_TOKEN_PUNCTUATION: case YUSEC_TOKEN_INVALID: return TYPE_NONE;
    }
    return TYPE_NONE;
}

typedef struct Encoder {
    json_t *data;
    yusec_position last;   /* start of the previous token */
} Encoder;

static void emit(Encoder *out, yusec_position start, uint32_t length, int type, unsigned modifiers) {
    if (length == 0) return;
    uint32_t delta_line = start.line - out->last.line;
    uint32_t delta_start = delta_line ? start.character : start.character - out->last.character;
    json_t *five[] = {json_integer(delta_line), json_integer(delta_start), json_integer(length),
                      json_integer(type), json_integer(modifiers)};
    for (int i = 0; i < 5; i++) json_array_append_new(out->data, five[i]);
    out->last = start;
}

/* One token [from, to): a piece per line it touches. */
static void emit_token(Encoder *out, LibPositionCursor *cursor, size_t from, size_t to, int type, unsigned modifiers) {
    const char *text = cursor->text;
    while (from < to) {
        size_t line_end = from;
        while (line_end < to && text[line_end] != '\n' && text[line_end] != '\r') line_end++;
        yusec_position start = lib_cursor_seek(cursor, from);
        yusec_position end = lib_cursor_seek(cursor, line_end);
        emit(out, start, end.character - start.character, type, modifiers);
        from = line_end;
        while (from < to && (text[from] == '\n' || text[from] == '\r')) from++;
    }
}

json_t *lsp_semantic_tokens_full(LspServer *server, json_t *params, LspError *error) {
    LspDocument *doc = lsp_document_of(server, params, error);
    if (!doc) return NULL;
    yusec_tokens *tokens = yusec_tokenize(doc->text, doc->len);
    size_t count = 0;
    const yusec_token *items = yusec_tokens_items(tokens, &count);
    Encoder out = {json_array(), {0, 0}};
    LibPositionCursor cursor;
    lib_cursor_init(&cursor, doc->text, doc->len);
    for (size_t i = 0; i < count; i++) {
        unsigned modifiers;
        int type = type_of(items[i].kind, &modifiers);
        if (type != TYPE_NONE)
            emit_token(&out, &cursor, items[i].offset, items[i].offset + items[i].length, type, modifiers);
    }
    yusec_tokens_free(tokens);
    return json_pack("{s:o}", "data", out.data);
}

void lsp_advertise_semantic_tokens(json_t *capabilities) {
    json_t *types = json_array();
    for (size_t i = 0; i < sizeof TYPE_NAMES / sizeof TYPE_NAMES[0]; i++)
        json_array_append_new(types, json_string(TYPE_NAMES[i]));
    json_object_set_new(capabilities, "semanticTokensProvider",
                        json_pack("{s:{s:o,s:[s]},s:b,s:b}", "legend", "tokenTypes", types, "tokenModifiers",
                                  "deprecated", "full", 1, "range", 0));
}
