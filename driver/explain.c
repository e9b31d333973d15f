#include "explain.h"

#include "base/diag_catalogue.h"
#include "base/strbuf.h"
#include "base/suggest.h"

/* The closest name or code of the catalogue to what was written, or NULL. */
static const char *closest_entry(const char *written, char codes[][DIAG_CODE_SIZE]) {
    Suggestion s;
    suggest_begin(&s, written);
    for (int id = Y_NONE + 1; id < Y_DIAG_COUNT; id++) {
        suggest_offer(&s, diag_info((DiagId)id)->name);
        diag_code((DiagId)id, codes[id]);
        suggest_offer(&s, codes[id]);
    }
    return suggest_best(&s);
}

int explain_print(const char *code_or_name, FILE *out, FILE *err) {
    const DiagInfo *info = diag_info_find(code_or_name);
    if (!info) {
        fprintf(err, "yusec: error: --explain %s：没有这个代码或名字的诊断（代码如 Y0303，名字如 undefined-name；"
                     "docs/diagnostics.md 列出全部）\n", code_or_name);
        char codes[Y_DIAG_COUNT][DIAG_CODE_SIZE];
        const char *best = closest_entry(code_or_name, codes);
        if (best) {
            StrBuf hint;
            strbuf_init(&hint);
            suggest_append_hint(&hint, best, false);
            fprintf(err, "yusec: note: %s\n", strbuf_cstr(&hint));
            strbuf_free(&hint);
        }
        return 2;
    }
    char code[DIAG_CODE_SIZE];
    diag_code(info->id, code);
    fprintf(out, "%s %s（%s）：%s\n\n%s\n", code, info->name, info->level == DIAG_DEFAULT_WARNING ? "警告" : "错误",
            info->summary, info->explanation);
    return 0;
}
