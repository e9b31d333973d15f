/* textDocument/hover: what the name under the cursor is — its declaration as written (a
 * local's inferred type), its kind and where it comes from; a builtin's meaning from
 * docs/builtins.md and its WGSL, MSL and PTX spelling (yusec_builtin_describe). */
#include "lsp/navigation.h"

#include <string.h>

#include "base/strbuf.h"
#include "lib/targets.h"
#include "lsp/json_text.h"

static const char *kind_words(yusec_symbol_kind kind) {
    switch (kind) {
    case YUSEC_SYMBOL_RESOURCE: return "资源";
    case YUSEC_SYMBOL_ENTRY: return "入口项";
    case YUSEC_SYMBOL_FUNCTION: return "函数";
    case YUSEC_SYMBOL_CONSTANT: return "常量";
    case YUSEC_SYMBOL_STRUCT: return "结构";
    case YUSEC_SYMBOL_ALIAS: return "类型";
    case YUSEC_SYMBOL_FIELD: return "字段";
    case YUSEC_SYMBOL_PARAMETER: return "参数";
    case YUSEC_SYMBOL_LOCAL: return "局部名（令）";
    case YUSEC_SYMBOL_LOCAL_FUNCTION: return "局部函数（递归令）";
    case YUSEC_SYMBOL_BUILTIN_FUNCTION: return "内建函数";
    case YUSEC_SYMBOL_BUILTIN_VALUE: return "内建值";
    case YUSEC_SYMBOL_BUILTIN_TYPE: return "内建类型";
    }
    return "名字";
}

/* 「名」乃 T 也 (即 for a type defined by one), as a 豫言 code block. */
static void declaration(StrBuf *out, const yusec_symbol *symbol) {
    strbuf_printf(out, "```yuyan\n「%s」", symbol->name);
    if (symbol->type) strbuf_printf(out, "%s%s也", symbol->type_is_definition ? "即" : "乃", symbol->type);
    strbuf_puts(out, "\n```\n");
}

static void origin(StrBuf *out, const yusec_index *index, const yusec_symbol *symbol) {
    strbuf_puts(out, kind_words(symbol->kind));
    if (symbol->parent != YUSEC_NONE)
        strbuf_printf(out, "，属于「%s」", yusec_index_symbols(index, NULL)[symbol->parent].name);
    if (symbol->module) strbuf_printf(out, "（模块「%s」）", symbol->module);
    strbuf_puts(out, "\n");
}

static void builtin_facts(StrBuf *out, const yusec_symbol *symbol) {
    yusec_builtin_info info;
    if (!yusec_builtin_describe(symbol->name, &info)) return;
    if (info.meaning && info.meaning[0]) strbuf_printf(out, "\n%s\n", info.meaning);
    strbuf_puts(out, "\n| 目标 | 写法 |\n|---|---|\n");
    for (int t = 0; t < YUSEC_TARGET_COUNT; t++) {
        const char *name = lib_target((yusec_target)t)->name;
        const char *spelling = info.spelling[t] ? info.spelling[t] : "—";
        if (info.from_spelling_table[t]) strbuf_printf(out, "| %s | `%s` |\n", name, spelling);
        else strbuf_printf(out, "| %s | %s |\n", name, spelling);
    }
}

json_t *lsp_hover(LspServer *server, json_t *params, LspError *error) {
    LspNavigation nav;
    if (!lsp_navigation_open(server, params, error, &nav)) return NULL;
    const yusec_occurrence *at = yusec_index_at(nav.index, NULL, nav.position);
    json_t *result = NULL;
    if (at) {
        const yusec_symbol *symbol = &yusec_index_symbols(nav.index, NULL)[at->symbol];
        StrBuf text;
        strbuf_init(&text);
        declaration(&text, symbol);
        origin(&text, nav.index, symbol);
        if (symbol->kind >= YUSEC_SYMBOL_BUILTIN_FUNCTION) builtin_facts(&text, symbol);
        result = json_pack("{s:{s:s,s:o},s:o}", "contents", "kind", "markdown", "value",
                           lsp_json_text_n(strbuf_cstr(&text), text.len), "range", lsp_range_json(at->range));
        strbuf_free(&text);
    }
    lsp_navigation_close(&nav);
    return result;
}

void lsp_advertise_hover(json_t *capabilities) {
    json_object_set_new(capabilities, "hoverProvider", json_true());
}
