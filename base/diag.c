#include "diag.h"

#include <stdlib.h>
#include <string.h>

#include "memory.h"
#include "utf8.h"

void diag_options_init(DiagOptions *options) {
    memset(options, 0, sizeof *options);
    options->format = DIAG_FORMAT_TEXT;
    options->color = DIAG_COLOR_AUTO;
    options->max_errors = DIAG_DEFAULT_MAX_ERRORS;
}

void diag_init(DiagEngine *diag, const SourceMap *sources, FILE *stream) {
    memset(diag, 0, sizeof *diag);
    diag->sources = sources;
    diag->stream = stream;
    diag->format = DIAG_FORMAT_TEXT;
    diag->max_errors = DIAG_DEFAULT_MAX_ERRORS;
    strbuf_init(&diag->text);
}

bool diag_color_wanted(DiagColorChoice choice, bool stream_is_terminal, const char *no_color_env) {
    switch (choice) {
    case DIAG_COLOR_ALWAYS: return true;
    case DIAG_COLOR_NEVER: return false;
    case DIAG_COLOR_AUTO: break;
    }
    return stream_is_terminal && !(no_color_env && no_color_env[0]);
}

void diag_configure(DiagEngine *diag, const DiagOptions *options, bool stream_is_terminal,
                    const char *no_color_env) {
    diag->format = options->format;
    diag->color = options->format == DIAG_FORMAT_TEXT &&
                  diag_color_wanted(options->color, stream_is_terminal, no_color_env);
    diag->warnings = options->warnings;
    diag->no_warnings = options->no_warnings;
    diag->max_errors = options->max_errors;
}

static char *copy_text(const char *text) {
    if (!text) return NULL;
    size_t len = strlen(text);
    char *copy = mem_alloc(len + 1);
    memcpy(copy, text, len + 1);
    return copy;
}

static void free_place(DiagPlace *place) { mem_free(place->path); }

static void free_record(Diagnostic *record) {
    free_place(&record->place);
    mem_free(record->message);
    mem_free(record->excerpt);
    for (uint32_t i = 0; i < record->note_count; i++) {
        free_place(&record->notes[i].place);
        mem_free(record->notes[i].message);
        mem_free(record->notes[i].excerpt);
    }
    mem_free(record->notes);
}

void diag_free(DiagEngine *diag) {
    for (uint32_t i = 0; i < diag->record_count; i++) free_record(&diag->records[i]);
    mem_free(diag->records);
    diag->records = NULL;
    diag->record_count = diag->record_cap = 0;
    strbuf_free(&diag->text);
}

/* ---- writing to the stream ---- */

static void write_stream(DiagEngine *diag, const char *text, size_t len) {
    if (!diag->stream || len == 0) return;  /* an empty StrBuf's data is NULL */
    fwrite(text, 1, len, diag->stream);
    fflush(diag->stream);
}

/* JSON: every record but the last is complete (notes attach to the last one). */
static void stream_json(DiagEngine *diag, uint32_t complete) {
    if (diag->format != DIAG_FORMAT_JSON || !diag->stream) return;
    StrBuf line;
    strbuf_init(&line);
    for (; diag->streamed < complete; diag->streamed++) {
        diag_render_json(&line, &diag->records[diag->streamed]);
        strbuf_putc(&line, '\n');
    }
    write_stream(diag, line.data, line.len);
    strbuf_free(&line);
}

void diag_finish(DiagEngine *diag) {
    stream_json(diag, diag->record_count);
    if (diag->format != DIAG_FORMAT_SARIF || !diag->stream) return;
    StrBuf log;
    strbuf_init(&log);
    diag_render_sarif(&log, diag->records, diag->record_count, diag->tool_version);
    strbuf_putc(&log, '\n');
    write_stream(diag, log.data, log.len);
    strbuf_free(&log);
    diag->stream = NULL;  /* the log is written once */
}

void diag_demote_records(DiagEngine *diag, uint32_t first) {
    for (uint32_t i = first; i < diag->record_count; i++)
        if (diag->records[i].level == DIAG_ERROR) diag->records[i].level = DIAG_WARNING;
}

void diag_write_held(DiagEngine *diag, FILE *stream) {
    diag->stream = stream;
    if (diag->format == DIAG_FORMAT_JSON) {
        stream_json(diag, diag->record_count);
        return;
    }
    if (diag->format != DIAG_FORMAT_TEXT) return;
    StrBuf text;
    strbuf_init(&text);
    for (uint32_t i = 0; i < diag->record_count; i++) diag_render_text(&text, &diag->records[i], diag->color);
    write_stream(diag, text.data, text.len);
    strbuf_free(&text);
}

/* ---- records ---- */

static void place_of(const DiagEngine *diag, Span span, DiagPlace *place, const SourceFile **file) {
    memset(place, 0, sizeof *place);
    *file = diag->sources ? source_get(diag->sources, span.file) : NULL;
    if (!*file) return;
    place->path = copy_text((*file)->path);
    source_position(*file, span.start, &place->line, &place->column);
    uint32_t end = span.end > span.start ? span.end : span.start + 1;
    if (end > (*file)->len) end = (*file)->len > span.start ? (*file)->len : span.start;
    source_position(*file, end, &place->end_line, &place->end_column);
    if (end == span.start) place->end_column = place->column + 1;
}

static Diagnostic *new_record(DiagEngine *diag, DiagLevel level, DiagId id) {
    if (diag->record_count == diag->record_cap) {
        diag->record_cap = diag->record_cap ? diag->record_cap * 2 : 16;
        diag->records = mem_realloc(diag->records, diag->record_cap * sizeof *diag->records);
    }
    Diagnostic *record = &diag->records[diag->record_count++];
    memset(record, 0, sizeof *record);
    record->level = level;
    record->id = id;
    record->origin = diag->origin;
    stream_json(diag, diag->record_count - 1);
    return record;
}

static DiagNote *new_note(Diagnostic *record) {
    if (record->note_count == record->note_cap) {
        record->note_cap = record->note_cap ? record->note_cap * 2 : 4;
        record->notes = mem_realloc(record->notes, record->note_cap * sizeof *record->notes);
    }
    DiagNote *note = &record->notes[record->note_count++];
    memset(note, 0, sizeof *note);
    return note;
}

/* The text of the newest part (the record itself or its last note), plain into diag->text and
 * in the stream's format when that is text. */
static Span no_position(void) { return span_make(UINT32_MAX, 0, 0); }

/* The listener's record of the newest part, whose plain text is `plain`. */
static void tell_listener(DiagEngine *diag, const Diagnostic *part, const SourceFile *file, Span span,
                          const StrBuf *plain) {
    if (!diag->listener) return;
    DiagRecord record = {part->level, part->level == DIAG_NOTE ? Y_NONE : part->id, part->origin, file, part->place.path, file ? span : no_position(), part->message,
                         plain->data, plain->len, part->level == DIAG_NOTE ? diag->fix : NULL};
    diag->listener(diag->listener_user, &record);
}

static void show_text(DiagEngine *diag, const Diagnostic *record, bool last_note_only,
                      const SourceFile *file, Span span) {
    Diagnostic part = *record;
    if (last_note_only) {
        part.level = DIAG_NOTE;
        part.place = record->notes[record->note_count - 1].place;
        part.message = record->notes[record->note_count - 1].message;
        part.excerpt = record->notes[record->note_count - 1].excerpt;
    }
    part.note_count = 0;
    StrBuf plain;
    strbuf_init(&plain);
    diag_render_text(&plain, &part, false);
    strbuf_append(&diag->text, plain.data, plain.len);
    if (diag->format == DIAG_FORMAT_TEXT) {
        if (diag->color) {
            StrBuf colored;
            strbuf_init(&colored);
            diag_render_text(&colored, &part, true);
            write_stream(diag, colored.data, colored.len);
            strbuf_free(&colored);
        } else {
            write_stream(diag, plain.data, plain.len);
        }
    }
    tell_listener(diag, &part, file, span, &plain);
    strbuf_free(&plain);
}

static void report_cap(DiagEngine *diag) {
    if (diag->cap_reported) return;
    diag->cap_reported = true;
    Diagnostic *record = new_record(diag, DIAG_NOTE, Y_NONE);
    StrBuf message;
    strbuf_init(&message);
    strbuf_printf(&message, "错误过多，只报告前 %d 条（-fmax-errors=N 改上限，0 为不限）", diag->max_errors);
    record->message = copy_text(strbuf_cstr(&message));
    strbuf_free(&message);
    show_text(diag, record, false, NULL, no_position());
}

void diag_stop_at_cap(DiagEngine *diag) {
    if (diag_capped(diag)) report_cap(diag);
}

/* A warning's level under the -W flags: dropped (-w, -Wno-<name>: false), or kept as a
 * warning or turned into an error (-Werror, -Werror=<name>, not -Wno-error=<name>). */
static bool warning_kept(const DiagEngine *diag, DiagId id, DiagLevel *level) {
    unsigned bits = id > Y_NONE && id < Y_DIAG_COUNT ? diag->warnings.per_id[id] : 0;
    if (diag->no_warnings || (bits & DIAG_WARN_OFF)) return false;
    if ((bits & DIAG_WARN_ERROR) || (diag->warnings.all_as_errors && !(bits & DIAG_WARN_NO_ERROR)))
        *level = DIAG_ERROR;
    return true;
}

/* Whether a diagnostic of this level is dropped (-w, -Wno-<name>, the cap); counts it. Errors
 * past the cap and dropped warnings take their notes with them. */
static bool dropped(DiagEngine *diag, DiagId id, DiagLevel *level) {
    if (*level == DIAG_WARNING && !warning_kept(diag, id, level)) return diag->suppress_notes = true;
    if (*level == DIAG_ERROR) {
        diag->error_count++;
        if (diag->max_errors > 0 && diag->error_count > diag->max_errors) {
            diag->suppress_notes = true;
            report_cap(diag);
            return true;
        }
    } else if (*level == DIAG_WARNING) {
        diag->warning_count++;
    } else {
        return diag->suppress_notes;
    }
    diag->suppress_notes = false;
    return false;
}

static void add_note(DiagEngine *diag, DiagPlace place, char *message, char *excerpt,
                     const SourceFile *file, Span span) {
    /* A note follows the error or warning before it; one with nothing before it (or after the
     * cap notice) stands alone. */
    bool attached = diag->record_count > 0 && diag->records[diag->record_count - 1].level != DIAG_NOTE;
    Diagnostic *record = attached ? &diag->records[diag->record_count - 1] : new_record(diag, DIAG_NOTE, Y_NONE);
    if (!attached) {
        record->place = place;
        record->message = message;
        record->excerpt = excerpt;
        show_text(diag, record, false, file, span);
        return;
    }
    DiagNote *note = new_note(record);
    note->place = place;
    note->message = message;
    note->excerpt = excerpt;
    show_text(diag, record, true, file, span);
}

void diag_set_origin(DiagEngine *diag, DiagOrigin origin) { diag->origin = origin; }

void diag_report(DiagEngine *diag, DiagId id, DiagLevel level, Span span, const char *fmt, va_list args) {
    if (dropped(diag, id, &level)) return;
    StrBuf message, excerpt;
    strbuf_init(&message);
    strbuf_init(&excerpt);
    strbuf_vprintf(&message, fmt, args);
    DiagPlace place;
    const SourceFile *file;
    place_of(diag, span, &place, &file);
    if (file) diag_render_excerpt(&excerpt, file, span);
    char *text = copy_text(strbuf_cstr(&message));
    char *shown = file ? copy_text(strbuf_cstr(&excerpt)) : NULL;
    strbuf_free(&message);
    strbuf_free(&excerpt);
    if (level == DIAG_NOTE) {
        add_note(diag, place, text, shown, file, span);
        return;
    }
    Diagnostic *record = new_record(diag, level, id);
    record->place = place;
    record->message = text;
    record->excerpt = shown;
    show_text(diag, record, false, file, span);
}

void diag_error(DiagEngine *diag, DiagId id, Span span, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    diag_report(diag, id, DIAG_ERROR, span, fmt, args);
    va_end(args);
}

void diag_warning(DiagEngine *diag, DiagId id, Span span, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    diag_report(diag, id, DIAG_WARNING, span, fmt, args);
    va_end(args);
}

void diag_note(DiagEngine *diag, Span span, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    diag_report(diag, Y_NONE, DIAG_NOTE, span, fmt, args);
    va_end(args);
}

void diag_note_fix(DiagEngine *diag, Span span, const char *replacement, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    diag->fix = replacement;
    diag_report(diag, Y_NONE, DIAG_NOTE, span, fmt, args);
    diag->fix = NULL;
    va_end(args);
}

static void report_path(DiagEngine *diag, DiagId id, DiagLevel level, bool alone, const char *path,
                        const char *fmt, va_list args) {
    if (dropped(diag, id, &level)) return;
    StrBuf message;
    strbuf_init(&message);
    strbuf_vprintf(&message, fmt, args);
    DiagPlace place = {0};
    place.path = copy_text(path);
    char *text = copy_text(strbuf_cstr(&message));
    strbuf_free(&message);
    if (level == DIAG_NOTE && !alone) {
        add_note(diag, place, text, NULL, NULL, no_position());
        return;
    }
    Diagnostic *record = new_record(diag, level, id);
    record->place = place;
    record->message = text;
    show_text(diag, record, false, NULL, no_position());
}

void diag_warning_path(DiagEngine *diag, DiagId id, const char *path, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    report_path(diag, id, DIAG_WARNING, false, path, fmt, args);
    va_end(args);
}

void diag_remark_path(DiagEngine *diag, const char *path, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    report_path(diag, Y_NONE, DIAG_NOTE, true, path, fmt, args);
    va_end(args);
}

void diag_error_path(DiagEngine *diag, DiagId id, const char *path, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    report_path(diag, id, DIAG_ERROR, false, path, fmt, args);
    va_end(args);
}

void diag_note_path(DiagEngine *diag, const char *path, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    report_path(diag, Y_NONE, DIAG_NOTE, false, path, fmt, args);
    va_end(args);
}

/* Every bidi control is U+061C (bytes D8 9C) or in U+200E–U+2069 (lead byte E2), and a lead
 * byte never stands inside a well-formed sequence: only those bytes need decoding. The next
 * of them at or after `from` (len: none), found with memchr. */
static size_t next_bidi_lead(const char *text, size_t from, size_t len) {
    if (from >= len) return len;
    const char *e2 = memchr(text + from, 0xE2, len - from);
    size_t until = e2 ? (size_t)(e2 - text) : len;
    const char *d8 = memchr(text + from, 0xD8, until - from);
    return d8 ? (size_t)(d8 - text) : until;
}

void diag_warn_bidi_controls(DiagEngine *diag, const SourceFile *file) {
    uint32_t warned_line = 0;
    size_t pos = 0, width;
    while ((pos = next_bidi_lead(file->text, pos, file->len)) < file->len) {
        uint32_t cp = utf8_decode(file->text + pos, file->len - pos, &width);
        if (utf8_is_bidi_control(cp)) {
            uint32_t line, column;
            source_position(file, (uint32_t)pos, &line, &column);
            if (line != warned_line)
                diag_warning(diag, Y_BIDI_CHARS, span_make(file->id, (uint32_t)pos, (uint32_t)(pos + width)),
                             "双向文字控制字符 <U+%04X>：编辑器与终端显示的代码可能与编译的不同"
                             "（Trojan Source，CVE-2021-42574）", (unsigned)cp);
            warned_line = line;
        }
        pos += width;
    }
}

bool diag_has_errors(const DiagEngine *diag) { return diag->error_count > 0; }

bool diag_capped(const DiagEngine *diag) {
    return diag->max_errors > 0 && diag->error_count >= diag->max_errors;
}
