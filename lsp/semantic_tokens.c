/* Semantic tokens: kinds from the lexer's tokens (those the index kept from its parse,
 * yusec_index_tokens), positions in UTF-16, a token over several lines (a comment) split
 * into one per line; a name the checker resolved takes its kind and modifiers from the
 * navigation index (what it names), the others stay `variable`. */
#include "lsp/semantic_tokens.h"

#include <string.h>

#include "lib/positions.h"
#include "lsp/navigation.h"

/* The legend's token types, in the order of their indices. */
enum {
    TYPE_KEYWORD, TYPE_OPERATOR, TYPE_VARIABLE, TYPE_NUMBER, TYPE_STRING, TYPE_COMMENT,
    TYPE_FUNCTION, TYPE_TYPE, TYPE_PARAMETER, TYPE_PROPERTY, TYPE_NONE
};
static const char *const TYPE_NAMES[] = {"keyword", "operator", "variable", "number", "string", "comment",
                                         "function", "type", "parameter", "property"};
/* The legend's modifiers, bit i the i-th: the standard ones, then yusec's resource and entry. */
enum {
    MODIFIER_DEPRECATED = 1, MODIFIER_DECLARATION = 2, MODIFIER_READONLY = 4, MODIFIER_DEFAULT_LIBRARY = 8,
    MODIFIER_RESOURCE = 16, MODIFIER_ENTRY = 32
};
static const char *const MODIFIER_NAMES[] = {"deprecated", "declaration", "readonly", "defaultLibrary", "resource",
                                             "entry"};

/* The type and modifiers of a name that resolves to `kind`. */
static int type_of_symbol(yusec_symbol_kind kind, unsigned *modifiers) {
    switch (kind) {
    case YUSEC_SYMBOL_RESOURCE: *modifiers |= MODIFIER_RESOURCE; return TYPE_VARIABLE;
    case YUSEC_SYMBOL_ENTRY: *modifiers |= MODIFIER_ENTRY; return TYPE_FUNCTION;
    case YUSEC_SYMBOL_FUNCTION: case YUSEC_SYMBOL_LOCAL_FUNCTION: return TYPE_FUNCTION;
    case YUSEC_SYMBOL_CONSTANT: *modifiers |= MODIFIER_READONLY; return TYPE_VARIABLE;
    case YUSEC_SYMBOL_STRUCT: case YUSEC_SYMBOL_ALIAS: return TYPE_TYPE;
    case YUSEC_SYMBOL_FIELD: return TYPE_PROPERTY;
    case YUSEC_SYMBOL_PARAMETER: return TYPE_PARAMETER;
    case YUSEC_SYMBOL_LOCAL: return TYPE_VARIABLE;
    case YUSEC_SYMBOL_BUILTIN_FUNCTION: *modifiers |= MODIFIER_DEFAULT_LIBRARY; return TYPE_FUNCTION;
    case YUSEC_SYMBOL_BUILTIN_VALUE: *modifiers |= MODIFIER_DEFAULT_LIBRARY | MODIFIER_READONLY; return TYPE_VARIABLE;
    case YUSEC_SYMBOL_BUILTIN_TYPE: *modifiers |= MODIFIER_DEFAULT_LIBRARY; return TYPE_TYPE;
    }
    return TYPE_VARIABLE;
}

/* The document's occurrences in the index, walked in step with the tokens (both in order). */
typedef struct Occurrences {
    const yusec_index *index;
    const yusec_occurrence *next, *end;
} Occurrences;

static void occurrences_init(Occurrences *walk, const yusec_index *index, const char *path) {
    size_t count;
    const yusec_occurrence *all = yusec_index_occurrences(index, &count);
    size_t first = 0;
    while (first < count && (!all[first].file || strcmp(all[first].file, path) != 0)) first++;
    size_t last = first;
    while (last < count && all[last].file && strcmp(all[last].file, path) == 0) last++;
    *walk = (Occurrences){index, all + first, all + last};
}

static bool before(yusec_position a, yusec_position b) {
    return a.line < b.line || (a.line == b.line && a.character < b.character);
}

/* A name token at `start`: its type from what it resolves to (`variable` when nothing). */
static int type_of_name(Occurrences *walk, yusec_position start, unsigned *modifiers) {
    while (walk->next < walk->end && before(walk->next->range.start, start)) walk->next++;
    if (walk->next == walk->end || before(start, walk->next->range.start)) return TYPE_VARIABLE;
    if (walk->next->is_definition) *modifiers |= MODIFIER_DECLARATION;
    return type_of_symbol(yusec_index_symbols(walk->index, NULL)[walk->next->symbol].kind, modifiers);
}

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

/* The data array is written as JSON text: a document of 10,000 lines has some 500,000
 * numbers, and a json_t each (then jansson's printf for each) took most of the request's time. */
typedef struct Encoder {
    StrBuf *data;
    bool first;
    yusec_position last;   /* start of the previous token */
} Encoder;

/* ",n" (no comma before the first number). */
static char *put_number(char *at, uint32_t n, bool comma) {
    char digits[10];
    int count = 0;
    do digits[count++] = (char)('0' + n % 10); while ((n /= 10) != 0);
    if (comma) *at++ = ',';
    while (count) *at++ = digits[--count];
    return at;
}

static void emit(Encoder *out, yusec_position start, uint32_t length, int type, unsigned modifiers) {
    if (length == 0) return;
    uint32_t delta_line = start.line - out->last.line;
    uint32_t delta_start = delta_line ? start.character : start.character - out->last.character;
    uint32_t five[] = {delta_line, delta_start, length, (uint32_t)type, modifiers};
    char text[5 * 11], *at = text;
    for (int i = 0; i < 5; i++) at = put_number(at, five[i], i > 0 || !out->first);
    strbuf_append(out->data, text, (size_t)(at - text));
    out->first = false;
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

bool lsp_semantic_tokens_full(LspServer *server, json_t *params, LspError *error, StrBuf *result) {
    LspNavigation nav;
    if (!lsp_navigation_open(server, params, error, &nav)) return false;
    const LspDocument *doc = nav.doc;
    Occurrences walk;
    occurrences_init(&walk, nav.index, doc->path);
    /* the tokens the index's parse lexed (the document's text); lexed here only when the
     * index did not parse it */
    size_t count = 0;
    const yusec_token *items = yusec_index_tokens(nav.index, &count);
    yusec_tokens *tokens = items ? NULL : yusec_tokenize(doc->text, doc->len);
    if (tokens) items = yusec_tokens_items(tokens, &count);
    strbuf_puts(result, "{\"data\":[");
    Encoder out = {result, true, {0, 0}};
    LibPositionCursor cursor;
    lib_cursor_init(&cursor, doc->text, doc->len);
    for (size_t i = 0; i < count; i++) {
        unsigned modifiers;
        int type = type_of(items[i].kind, &modifiers);
        if (type == TYPE_VARIABLE) type = type_of_name(&walk, lib_cursor_seek(&cursor, items[i].offset), &modifiers);
        if (type != TYPE_NONE)
            emit_token(&out, &cursor, items[i].offset, items[i].offset + items[i].length, type, modifiers);
    }
    yusec_tokens_free(tokens);
    lsp_navigation_close(&nav);
    strbuf_puts(result, "]}");
    return true;
}

void lsp_advertise_semantic_tokens(json_t *capabilities) {
    json_t *types = json_array(), *modifiers = json_array();
    for (size_t i = 0; i < sizeof TYPE_NAMES / sizeof TYPE_NAMES[0]; i++)
        json_array_append_new(types, json_string(TYPE_NAMES[i]));
    for (size_t i = 0; i < sizeof MODIFIER_NAMES / sizeof MODIFIER_NAMES[0]; i++)
        json_array_append_new(modifiers, json_string(MODIFIER_NAMES[i]));
    json_object_set_new(capabilities, "semanticTokensProvider",
                        json_pack("{s:{s:o,s:o},s:b,s:b}", "legend", "tokenTypes", types, "tokenModifiers",
                                  modifiers, "full", 1, "range", 0));
}
