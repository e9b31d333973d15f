/* yusec.showOutput: one compile of the open text for the asked target. */
#include "lsp/show_output.h"

#include <string.h>

#include "lsp/diagnostics.h"
#include "lsp/json_text.h"

static const char COMMAND[] = "yusec.showOutput";

typedef struct OutputKind {
    const char *name;
    yusec_target target;
    bool yir;
    const char *language;  /* VS Code's language id of the text */
} OutputKind;

static const OutputKind KINDS[] = {
    {"wgsl", YUSEC_TARGET_WGSL, false, "wgsl"},
    {"msl", YUSEC_TARGET_MSL, false, "metal"},
    {"ptx", YUSEC_TARGET_PTX, false, "ptx"},
    {"yir", YUSEC_TARGET_WGSL, true, "yir"},
    {"yir-wgsl", YUSEC_TARGET_WGSL, true, "yir"},
    {"yir-msl", YUSEC_TARGET_MSL, true, "yir"},
    {"yir-ptx", YUSEC_TARGET_PTX, true, "yir"},
};

static const OutputKind *find_kind(const char *name) {
    for (size_t i = 0; name && i < sizeof KINDS / sizeof KINDS[0]; i++)
        if (strcmp(KINDS[i].name, name) == 0) return &KINDS[i];
    return NULL;
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
    const OutputKind *kind = find_kind(target);
    if (!doc) {
        lsp_fail(error, LSP_INVALID_PARAMS, "%s 的第一个参数应为已打开文档的 URI", COMMAND);
    } else if (!kind) {
        lsp_fail(error, LSP_INVALID_PARAMS, "%s 的目标应为 wgsl、msl、ptx、yir、yir-wgsl、yir-msl 或 yir-ptx", COMMAND);
    } else if (json_is_integer(version) && json_integer_value(version) != doc->version) {
        lsp_fail(error, LSP_CONTENT_MODIFIED, "文档已改动：版本 %lld 不是当前的 %lld",
                 (long long)json_integer_value(version), (long long)doc->version);
    } else {
        return show(server, doc, kind);
    }
    return NULL;
}

void lsp_advertise_commands(json_t *capabilities) {
    json_object_set_new(capabilities, "executeCommandProvider", json_pack("{s:[s]}", "commands", COMMAND));
}
