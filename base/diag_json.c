/* The machine-readable renderers: one JSON object per diagnostic, and SARIF 2.1.0 (OASIS)
 * for code-scanning services. Columns count characters (code points): SARIF's columnKind
 * says so. */
#include "diag.h"

#include <string.h>

#include "json.h"
#include "memory.h"

/* The installed docs/diagnostics.md (CMakeLists.txt sets it from the install prefix). */
#ifndef DIAG_HELP_DOCUMENT
#define DIAG_HELP_DOCUMENT "file:///usr/local/share/doc/yusec/diagnostics.md"
#endif

static void append_place(StrBuf *out, const DiagPlace *place) {
    strbuf_puts(out, "\"file\":");
    json_append_string(out, place->path);
    if (place->line == 0) {
        strbuf_puts(out, ",\"line\":null,\"column\":null,\"end\":null");
        return;
    }
    strbuf_printf(out, ",\"line\":%u,\"column\":%u,\"end\":{\"line\":%u,\"column\":%u}", place->line,
                  place->column, place->end_line, place->end_column);
}

static const char *severity_word(DiagLevel level) {
    switch (level) {
    case DIAG_ERROR: return "error";
    case DIAG_WARNING: return "warning";
    case DIAG_NOTE: return "note";
    }
    return "error";
}

/* ,"code":"Y0303","name":"undefined-name" (null for a standalone note). */
static void append_code(StrBuf *out, DiagId id) {
    const DiagInfo *info = diag_info(id);
    if (!info) {
        strbuf_puts(out, ",\"code\":null,\"name\":null");
        return;
    }
    char code[DIAG_CODE_SIZE];
    diag_code(id, code);
    strbuf_printf(out, ",\"code\":\"%s\",\"name\":\"%s\"", code, info->name);
}

void diag_render_json(StrBuf *out, const Diagnostic *record) {
    strbuf_putc(out, '{');
    append_place(out, &record->place);
    strbuf_printf(out, ",\"severity\":\"%s\"", severity_word(record->level));
    append_code(out, record->id);
    strbuf_puts(out, ",\"message\":");
    json_append_string(out, record->message);
    strbuf_puts(out, ",\"notes\":[");
    for (uint32_t i = 0; i < record->note_count; i++) {
        const DiagNote *note = &record->notes[i];
        strbuf_puts(out, i ? ",{" : "{");
        append_place(out, &note->place);
        strbuf_puts(out, ",\"message\":");
        json_append_string(out, note->message);
        strbuf_putc(out, '}');
    }
    strbuf_puts(out, "]}");
}

/* ---- SARIF ---- */

static bool uri_unreserved(unsigned char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '.' || c == '_' || c == '~' || c == '/';
}

/* A path as a URI reference (RFC 3986): every byte outside the unreserved set and '/'
 * percent-encoded, so Chinese file names are valid artifact locations. */
static void append_uri(StrBuf *out, const char *path) {
    StrBuf uri;
    strbuf_init(&uri);
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if (uri_unreserved(*p)) strbuf_putc(&uri, (char)*p);
        else strbuf_printf(&uri, "%%%02X", *p);
    }
    json_append_string(out, strbuf_cstr(&uri));
    strbuf_free(&uri);
}

static void append_message(StrBuf *out, const char *text) {
    strbuf_puts(out, "\"message\":{\"text\":");
    json_append_string(out, text);
    strbuf_putc(out, '}');
}

/* A location object's members (without braces): the physical location when there is a file. */
static void append_location_members(StrBuf *out, const DiagPlace *place) {
    if (!place->path) return;
    strbuf_puts(out, "\"physicalLocation\":{\"artifactLocation\":{\"uri\":");
    append_uri(out, place->path);
    strbuf_putc(out, '}');
    if (place->line)
        strbuf_printf(out, ",\"region\":{\"startLine\":%u,\"startColumn\":%u,\"endLine\":%u,\"endColumn\":%u}",
                      place->line, place->column, place->end_line, place->end_column);
    strbuf_putc(out, '}');
}

/* The rules the results refer to, in order of first use: rule_of[id] is the index of id's
 * rule + 1 (0: none yet). */
typedef struct SarifRules {
    uint32_t rule_of[Y_DIAG_COUNT];
    DiagId used[Y_DIAG_COUNT];
    uint32_t count;
} SarifRules;

static void collect_rules(SarifRules *rules, const Diagnostic *records, uint32_t count) {
    memset(rules, 0, sizeof *rules);
    for (uint32_t i = 0; i < count; i++) {
        DiagId id = records[i].id;
        if (!diag_info(id) || rules->rule_of[id]) continue;
        rules->used[rules->count++] = id;
        rules->rule_of[id] = rules->count;
    }
}

/* One reportingDescriptor: id, name, the summary and explanation, the default level and the
 * entry's anchor in docs/diagnostics.md. */
static void append_rule(StrBuf *out, DiagId id) {
    const DiagInfo *info = diag_info(id);
    char code[DIAG_CODE_SIZE];
    diag_code(id, code);
    strbuf_printf(out, "{\"id\":\"%s\",\"name\":\"%s\",\"shortDescription\":{\"text\":", code, info->name);
    json_append_string(out, info->summary);
    strbuf_puts(out, "},\"fullDescription\":{\"text\":");
    json_append_string(out, info->explanation);
    strbuf_printf(out, "},\"defaultConfiguration\":{\"level\":\"%s\"},\"helpUri\":\"%s#%c%s\"}",
                  info->level == DIAG_DEFAULT_WARNING ? "warning" : "error", DIAG_HELP_DOCUMENT, 'y', code + 1);
}

static void append_result(StrBuf *out, const Diagnostic *record, const SarifRules *rules) {
    strbuf_printf(out, "{\"level\":\"%s\",", severity_word(record->level));
    if (diag_info(record->id)) {
        char code[DIAG_CODE_SIZE];
        diag_code(record->id, code);
        strbuf_printf(out, "\"ruleId\":\"%s\",\"ruleIndex\":%u,", code, rules->rule_of[record->id] - 1);
    }
    append_message(out, record->message);
    if (record->place.path) {
        strbuf_puts(out, ",\"locations\":[{");
        append_location_members(out, &record->place);
        strbuf_puts(out, "}]");
    }
    if (record->note_count) {
        strbuf_puts(out, ",\"relatedLocations\":[");
        for (uint32_t i = 0; i < record->note_count; i++) {
            const DiagNote *note = &record->notes[i];
            strbuf_printf(out, "%s{\"id\":%u,", i ? "," : "", i);
            if (note->place.path) {
                append_location_members(out, &note->place);
                strbuf_putc(out, ',');
            }
            append_message(out, note->message);
            strbuf_putc(out, '}');
        }
        strbuf_putc(out, ']');
    }
    strbuf_putc(out, '}');
}

void diag_render_sarif(StrBuf *out, const Diagnostic *records, uint32_t count,
                       const char *tool_version) {
    strbuf_puts(out, "{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\","
                     "\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{\"name\":\"yusec\"");
    if (tool_version) {
        strbuf_puts(out, ",\"version\":");
        json_append_string(out, tool_version);
    }
    SarifRules *rules = mem_alloc(sizeof *rules);
    collect_rules(rules, records, count);
    strbuf_puts(out, ",\"informationUri\":\"" DIAG_HELP_DOCUMENT "\",\"rules\":[");
    for (uint32_t i = 0; i < rules->count; i++) {
        if (i) strbuf_putc(out, ',');
        append_rule(out, rules->used[i]);
    }
    strbuf_puts(out, "]}},\"columnKind\":\"unicodeCodePoints\",\"results\":[");
    for (uint32_t i = 0; i < count; i++) {
        if (i) strbuf_putc(out, ',');
        append_result(out, &records[i], rules);
    }
    strbuf_puts(out, "]}]}");
    mem_free(rules);
}
