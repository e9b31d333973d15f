/* textDocument/inlayHint (lsp/inlay_hints.h). */
#include "lsp/inlay_hints.h"

#include <string.h>

#include "base/strbuf.h"
#include "lsp/json_text.h"
#include "lsp/navigation.h"

/* LSP's InlayHintKind. */
enum { INLAY_HINT_TYPE = 1 };

static unsigned long long position_key(yusec_position at) {
    return (unsigned long long)at.line << 32 | at.character;
}

/* params.range as positions; false when it is missing or malformed. */
static bool asked_range(json_t *params, yusec_range *out) {
    json_t *range = json_object_get(params, "range");
    json_t *ends[2] = {json_object_get(range, "start"), json_object_get(range, "end")};
    yusec_position *at[2] = {&out->start, &out->end};
    for (int i = 0; i < 2; i++) {
        json_t *line = json_object_get(ends[i], "line"), *character = json_object_get(ends[i], "character");
        if (!json_is_integer(line) || !json_is_integer(character) || json_integer_value(line) < 0 ||
            json_integer_value(character) < 0)
            return false;
        at[i]->line = (uint32_t)json_integer_value(line);
        at[i]->character = (uint32_t)json_integer_value(character);
    }
    return true;
}

static json_t *type_hint(const yusec_occurrence *name, const yusec_symbol *symbol) {
    StrBuf label;
    strbuf_init(&label);
    strbuf_printf(&label, "乃%s", symbol->type);
    json_t *hint = json_pack("{s:{s:I,s:I},s:o,s:i,s:b}", "position", "line", (json_int_t)name->range.end.line,
                             "character", (json_int_t)name->range.end.character, "label",
                             lsp_json_text(strbuf_cstr(&label)), "kind", INLAY_HINT_TYPE, "paddingLeft", 1);
    strbuf_free(&label);
    return hint;
}

/* After a polymorphic builtin's name, the type arguments the checker inferred: 以「T」 (what
 * the user could write) for one 凡 variable, 凡「T1」、「T2」… for several. */
static json_t *type_arguments_hint(const yusec_type_arguments *call) {
    StrBuf label;
    strbuf_init(&label);
    strbuf_puts(&label, call->count == 1 ? "以" : "凡");
    for (size_t i = 0; i < call->count; i++) {
        /* a type of several words is written in （） after 以: 以（「数组」于「无三二」） */
        bool compound = strchr(call->types[i], ' ') || strstr(call->types[i], "于") || strstr(call->types[i], "化");
        strbuf_printf(&label, compound ? "%s（%s）" : "%s%s", i ? "、" : "", call->types[i]);
    }
    json_t *hint = json_pack("{s:{s:I,s:I},s:o,s:i}", "position", "line", (json_int_t)call->callee.end.line,
                             "character", (json_int_t)call->callee.end.character, "label",
                             lsp_json_text(strbuf_cstr(&label)), "kind", INLAY_HINT_TYPE);
    strbuf_free(&label);
    return hint;
}

static bool outside(yusec_range range, yusec_range asked) {
    return position_key(range.end) < position_key(asked.start) || position_key(range.start) > position_key(asked.end);
}

json_t *lsp_inlay_hints(LspServer *server, json_t *params, LspError *error) {
    yusec_range asked;
    if (!asked_range(params, &asked)) {
        lsp_fail(error, LSP_INVALID_PARAMS, "inlayHint 要有 range");
        return NULL;
    }
    LspNavigation nav;
    if (!lsp_navigation_open(server, params, error, &nav)) return NULL;
    size_t count;
    const yusec_occurrence *all = yusec_index_occurrences(nav.index, &count);
    const yusec_symbol *symbols = yusec_index_symbols(nav.index, NULL);
    json_t *hints = json_array();
    for (size_t i = 0; i < count; i++) {
        const yusec_occurrence *one = &all[i];
        const yusec_symbol *symbol = &symbols[one->symbol];
        if (!one->is_definition || symbol->kind != YUSEC_SYMBOL_LOCAL || !symbol->type) continue;
        if (!one->file || strcmp(one->file, nav.doc->path) != 0) continue;
        if (outside(one->range, asked)) continue;
        json_array_append_new(hints, type_hint(one, symbol));
    }
    const yusec_type_arguments *calls = yusec_index_type_arguments(nav.index, &count);
    for (size_t i = 0; i < count; i++)
        if (!outside(calls[i].callee, asked)) json_array_append_new(hints, type_arguments_hint(&calls[i]));
    lsp_navigation_close(&nav);
    return hints;
}

void lsp_advertise_inlay_hints(json_t *capabilities) {
    json_object_set_new(capabilities, "inlayHintProvider", json_true());
}
