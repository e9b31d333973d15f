/* textDocument/completion — the names in scope at the cursor (innermost first), the builtins,
 * the keywords of the lexer's table and snippets for 令…为…而, 若…则…否则 and 递归令 — and
 * textDocument/signatureHelp for the call around the cursor. Inside a name being typed only the
 * names holding the typed characters in order are offered; at most LSP_COMPLETION_LIMIT names,
 * the list marked incomplete when more would match (the editor asks again as the user types),
 * as clangd's and rust-analyzer's limits do: a 10,000-line document has thousands in scope. */
#include "lsp/navigation.h"

#include <stdio.h>
#include <string.h>

#include "base/strbuf.h"
#include "base/utf8.h"
#include "lib/positions.h"
#include "lsp/json_text.h"

/* LSP's CompletionItemKind of each yusec_symbol_kind. */
static int item_kind(yusec_symbol_kind kind) {
    switch (kind) {
    case YUSEC_SYMBOL_RESOURCE: case YUSEC_SYMBOL_PARAMETER: case YUSEC_SYMBOL_LOCAL: return 6;  /* Variable */
    case YUSEC_SYMBOL_ENTRY: return 23;                                                          /* Event */
    case YUSEC_SYMBOL_FUNCTION: case YUSEC_SYMBOL_LOCAL_FUNCTION: case YUSEC_SYMBOL_BUILTIN_FUNCTION: return 3;
    case YUSEC_SYMBOL_CONSTANT: return 21;
    case YUSEC_SYMBOL_STRUCT: return 22;
    case YUSEC_SYMBOL_ALIAS: case YUSEC_SYMBOL_BUILTIN_TYPE: return 7;                         /* Class */
    case YUSEC_SYMBOL_FIELD: return 5;
    case YUSEC_SYMBOL_BUILTIN_VALUE: return 12;                                                 /* Value */
    }
    return 6;
}

static const struct {
    const char *label, *body, *detail;
} SNIPPETS[] = {
    {"令…为…而", "令「${1:名}」为${2:值}而\n${0}", "令「名」为 值 而 …"},
    {"若…则…否则", "若${1:条件}则${2:值}否则${3:值}", "若 条件 则 甲 否则 乙"},
    {"递归令", "递归令「${1:名}」其化${2:「无三二」}为${3:「无三二」}者为得「${4:参}」而\n　${5:体}\n而${0}",
     "递归令「名」其 类型 为 得…而 … 而 …"},
};

enum { LSP_COMPLETION_LIMIT = 100 };

/* The name being typed: from its 「 (on the cursor's line, with no 」 between) to the cursor,
 * and over a 」 right after the cursor (an editor's auto-closed pair); *typed (typed_len bytes)
 * is what follows the 「 up to the cursor. False outside a name. */
static bool typed_name(const LspDocument *doc, yusec_position at, json_t **range, const char **typed,
                       size_t *typed_len) {
    size_t offset = lib_text_offset_of(doc->text, doc->len, at);
    size_t line_start = offset;
    while (line_start > 0 && doc->text[line_start - 1] != '\n' && doc->text[line_start - 1] != '\r') line_start--;
    static const char OPEN[] = "「", CLOSE[] = "」";
    size_t open = SIZE_MAX;
    for (size_t i = line_start; i + 3 <= offset; i++) {
        if (memcmp(doc->text + i, OPEN, 3) == 0) open = i;
        else if (memcmp(doc->text + i, CLOSE, 3) == 0) open = SIZE_MAX;
    }
    if (open == SIZE_MAX) return false;
    size_t end = offset + 3 <= doc->len && memcmp(doc->text + offset, CLOSE, 3) == 0 ? offset + 3 : offset;
    yusec_range r = {lib_text_position_of(doc->text, doc->len, open), lib_text_position_of(doc->text, doc->len, end)};
    *range = lsp_range_json(r);
    *typed = doc->text + open + 3;
    *typed_len = offset - (open + 3);
    return true;
}

/* Whether the characters of `typed` appear in `name` in order (「读组」 finds 「读数组」). */
static bool holds_in_order(const char *name, const char *typed, size_t typed_len) {
    size_t name_len = strlen(name), at = 0;
    for (size_t i = 0; i < typed_len;) {
        size_t width = 0;
        uint32_t wanted = utf8_decode(typed + i, typed_len - i, &width);
        i += width;
        for (;;) {
            if (at >= name_len) return false;
            size_t step = 0;
            uint32_t c = utf8_decode(name + at, name_len - at, &step);
            at += step;
            if (c == wanted) break;
        }
    }
    return true;
}

static json_t *name_item(const yusec_symbol *symbol, size_t rank, json_t *range) {
    char sort[24];
    snprintf(sort, sizeof sort, "%06zu", rank);
    StrBuf quoted;
    strbuf_init(&quoted);
    strbuf_printf(&quoted, "「%s」", symbol->name);
    json_t *item = json_pack("{s:o,s:i,s:s,s:o}", "label", lsp_json_text(strbuf_cstr(&quoted)), "kind",
                             item_kind(symbol->kind), "sortText", sort, "filterText", lsp_json_text(strbuf_cstr(&quoted)));
    if (symbol->type) json_object_set_new(item, "detail", lsp_json_text(symbol->type));
    if (range) json_object_set_new(item, "textEdit", json_pack("{s:O,s:o}", "range", range, "newText",
                                                               lsp_json_text(strbuf_cstr(&quoted))));
    else json_object_set_new(item, "insertText", lsp_json_text(strbuf_cstr(&quoted)));
    strbuf_free(&quoted);
    return item;
}

static void add_words(json_t *items) {
    for (size_t i = 0; yusec_keyword(i); i++)
        json_array_append_new(items, json_pack("{s:o,s:i,s:s}", "label", lsp_json_text(yusec_keyword(i)), "kind", 14,
                                               "sortText", "zz"));
    for (size_t i = 0; i < sizeof SNIPPETS / sizeof SNIPPETS[0]; i++)
        json_array_append_new(items, json_pack("{s:s,s:i,s:s,s:i,s:s,s:s}", "label", SNIPPETS[i].label, "kind", 15,
                                               "insertText", SNIPPETS[i].body, "insertTextFormat", 2, "detail",
                                               SNIPPETS[i].detail, "sortText", "zy"));
}

json_t *lsp_completion(LspServer *server, json_t *params, LspError *error) {
    LspNavigation nav;
    if (!lsp_navigation_open(server, params, error, &nav)) return NULL;
    json_t *range = NULL;
    const char *typed = "";
    size_t typed_len = 0;
    bool in_name = typed_name(nav.doc, nav.position, &range, &typed, &typed_len);
    json_t *items = json_array();
    size_t count, offered = 0;
    bool incomplete = false;
    const size_t *names = yusec_index_in_scope(nav.index, nav.position, &count);
    const yusec_symbol *symbols = yusec_index_symbols(nav.index, NULL);
    for (size_t i = 0; i < count && !incomplete; i++) {
        if (!holds_in_order(symbols[names[i]].name, typed, typed_len)) continue;
        if (offered == LSP_COMPLETION_LIMIT) incomplete = true;
        else json_array_append_new(items, name_item(&symbols[names[i]], offered++, range));
    }
    if (!in_name) add_words(items);
    json_decref(range);
    lsp_navigation_close(&nav);
    return json_pack("{s:b,s:o}", "isIncomplete", incomplete, "items", items);
}

void lsp_advertise_completion(json_t *capabilities) {
    json_object_set_new(capabilities, "completionProvider", json_pack("{s:[s],s:b}", "triggerCharacters", "「",
                                                                      "resolveProvider", 0));
}

/* ---- textDocument/signatureHelp ---- */

static uint32_t utf16_length(const char *text, size_t len) {
    uint32_t units = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if ((c & 0xC0) != 0x80) units += c >= 0xF0 ? 2 : 1;
    }
    return units;
}

/* 「名」于 P 于 Q 为 R, each parameter 「参」乃 T (a builtin's: T), with its label's offsets. */
static json_t *signature(const yusec_symbol *symbol) {
    StrBuf label;
    strbuf_init(&label);
    strbuf_printf(&label, "「%s」", symbol->name);
    json_t *parameters = json_array();
    for (size_t i = 0; i < symbol->param_count; i++) {
        strbuf_puts(&label, "于");
        uint32_t start = utf16_length(label.data, label.len);
        const yusec_parameter *p = &symbol->params[i];
        if (p->name) strbuf_printf(&label, "「%s」乃", p->name);
        strbuf_puts(&label, p->type ? p->type : "？");
        json_array_append_new(parameters, json_pack("{s:[I,I]}", "label", (json_int_t)start,
                                                    (json_int_t)utf16_length(label.data, label.len)));
    }
    if (symbol->result) strbuf_printf(&label, "为%s", symbol->result);
    json_t *out = json_pack("{s:o,s:o}", "label", lsp_json_text_n(strbuf_cstr(&label), label.len), "parameters",
                            parameters);
    if (symbol->type) json_object_set_new(out, "documentation", lsp_json_text(symbol->type));
    strbuf_free(&label);
    return out;
}

json_t *lsp_signature_help(LspServer *server, json_t *params, LspError *error) {
    LspNavigation nav;
    if (!lsp_navigation_open(server, params, error, &nav)) return NULL;
    size_t callee, argument;
    json_t *result = NULL;
    if (yusec_index_call_at(nav.index, nav.position, &callee, &argument)) {
        const yusec_symbol *symbol = &yusec_index_symbols(nav.index, NULL)[callee];
        if (symbol->is_callable) {
            size_t active = symbol->param_count && argument >= symbol->param_count ? symbol->param_count - 1 : argument;
            result = json_pack("{s:[o],s:i,s:I}", "signatures", signature(symbol), "activeSignature", 0,
                               "activeParameter", (json_int_t)active);
        }
    }
    lsp_navigation_close(&nav);
    return result;
}

void lsp_advertise_signature_help(json_t *capabilities) {
    json_object_set_new(capabilities, "signatureHelpProvider", json_pack("{s:[s]}", "triggerCharacters", "于"));
}
