/* yusec.showOutput: one compile of the open text for the asked target. */
#include "lsp/show_output.h"

#include <string.h>

#include "base/strbuf.h"
#include "lib/targets.h"
#include "lsp/diagnostics.h"
#include "lsp/json_text.h"

static const char COMMAND[] = "yusec.showOutput";

/* What to show: a target's text (its word: "wgsl"), or its module as YIR ("yir-wgsl"; "yir":
 * the first target's). */
typedef struct OutputKind {
    const char *name;
    yusec_target target;
    bool yir;
    const char *language;  /* VS Code's language id of the text */
} OutputKind;

static bool find_kind(const char *name, OutputKind *kind) {
    if (!name) return false;
    static const char YIR[] = "yir";
    kind->name = name;
    kind->yir = strncmp(name, YIR, strlen(YIR)) == 0;
    const char *word = name + (kind->yir ? strlen(YIR) : 0);
    const TargetDescriptor *target = lib_target(YUSEC_TARGET_WGSL);
    if (!kind->yir) target = lib_target_word(word);
    else if (*word) target = *word == '-' ? lib_target_word(word + 1) : NULL;
    if (!target) return false;
    kind->target = target->id;
    kind->language = kind->yir ? YIR : target->language_id;
    return true;
}

/* "wgsl、msl、ptx、yir、yir-wgsl、yir-msl 或 yir-ptx" */
static void list_kinds(StrBuf *out) {
    size_t count;
    const TargetDescriptor *targets = lib_targets(&count);
    for (size_t i = 0; i < count; i++) strbuf_printf(out, "%s、", targets[i].word);
    strbuf_puts(out, "yir");
    for (size_t i = 0; i < count; i++) strbuf_printf(out, "%syir-%s", i + 1 < count ? "、" : " 或 ", targets[i].word);
}

static json_t *show(LspServer *server, const LspDocument *doc, const OutputKind *kind) {
    unsigned want = YUSEC_WANT(kind->target) | (kind->yir ? YUSEC_WANT_YIR : 0);
    yusec_result *result = lsp_compile(server, doc, want);
    size_t len = 0;
    const char *text = kind->yir ? yusec_result_yir(result, kind->target, &len)
                                 : yusec_result_text(result, kind->target, &len);
    json_t *answer;
    if (text) {
        answer = json_pack("{s:s,s:b,s:s,s:o}", "target", kind->name, "ok", 1, "language", kind->language,
                           "text", lsp_json_text_n(text, len));
    } else {
        const char *rendered = yusec_result_render_diagnostics(result, &len);
        answer = json_pack("{s:s,s:b,s:s,s:o}", "target", kind->name, "ok", 0, "language", "text", "text",
                           lsp_json_text_n(rendered ? rendered : "", rendered ? len : 0));
    }
    yusec_result_free(result);
    return answer;
}

json_t *lsp_execute_command(LspServer *server, json_t *params, LspError *error) {
    const char *command = json_string_value(json_object_get(params, "command"));
    if (!command || strcmp(command, COMMAND) != 0) {
        lsp_fail(error, LSP_INVALID_PARAMS, "未知的命令 %s（只有 %s）", command ? command : "（无）", COMMAND);
        return NULL;
    }
    json_t *arguments = json_object_get(params, "arguments");
    const char *uri = json_string_value(json_array_get(arguments, 0));
    const char *target = json_string_value(json_array_get(arguments, 1));
    json_t *version = json_array_get(arguments, 2);
    LspDocument *doc = uri ? lsp_documents_find(&server->documents, uri) : NULL;
    OutputKind kind;
    bool known = find_kind(target, &kind);
    if (!doc) {
        lsp_fail(error, LSP_INVALID_PARAMS, "%s 的第一个参数应为已打开文档的 URI", COMMAND);
    } else if (!known) {
        StrBuf kinds;
        strbuf_init(&kinds);
        list_kinds(&kinds);
        lsp_fail(error, LSP_INVALID_PARAMS, "%s 的目标应为 %s", COMMAND, strbuf_cstr(&kinds));
        strbuf_free(&kinds);
    } else if (json_is_integer(version) && json_integer_value(version) != doc->version) {
        lsp_fail(error, LSP_CONTENT_MODIFIED, "文档已改动：版本 %lld 不是当前的 %lld",
                 (long long)json_integer_value(version), (long long)doc->version);
    } else {
        return show(server, doc, &kind);
    }
    return NULL;
}

void lsp_advertise_commands(json_t *capabilities) {
    json_object_set_new(capabilities, "executeCommandProvider", json_pack("{s:[s]}", "commands", COMMAND));
}
