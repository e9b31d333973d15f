/* Diagnostics: every stage reports through one engine, which keeps each diagnostic as a
 * structured record (severity, file, line, column, end, message, notes with their places)
 * and renders it: as text (`file:line:col: error: message`, the source line and a caret line,
 * then `note:` lines; coloured like clang's on request), as one JSON object a line, or, at
 * the end, as a SARIF 2.1.0 log. */
#ifndef YUSEC_BASE_DIAG_H
#define YUSEC_BASE_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "diag_catalogue.h"
#include "source.h"
#include "strbuf.h"

typedef enum DiagLevel { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE } DiagLevel;

/* Default cap on reported errors; further errors are counted but not printed. */
#define DIAG_DEFAULT_MAX_ERRORS 20

typedef enum DiagFormat {
    DIAG_FORMAT_TEXT,   /* -fdiagnostics-format=text (the default) */
    DIAG_FORMAT_JSON,   /* one JSON object a line, as each diagnostic is complete */
    DIAG_FORMAT_SARIF,  /* one SARIF 2.1.0 log, written by diag_finish */
} DiagFormat;

typedef enum DiagColorChoice { DIAG_COLOR_AUTO, DIAG_COLOR_ALWAYS, DIAG_COLOR_NEVER } DiagColorChoice;

/* A place in a source file: 1-based line and column counted in characters (code points);
 * the end is exclusive (the character after the span). line 0: no position (a whole file,
 * or no file at all when path is NULL: the command line). */
typedef struct DiagPlace {
    char *path;
    uint32_t line, column, end_line, end_column;
} DiagPlace;

typedef struct DiagNote {
    DiagPlace place;
    char *message;
    char *excerpt;  /* the source line and caret line as the text renderer shows them, or NULL */
} DiagNote;

/* Where a diagnostic comes from, besides its place: 0 the front end and the shared passes,
 * else 1 + the index of the target (lib's LibTarget) whose own passes or emitter reported it. */
typedef unsigned DiagOrigin;
#define DIAG_ORIGIN_FRONT_END 0u

typedef struct Diagnostic {
    DiagLevel level;
    DiagId id;           /* its catalogue entry (Y_NONE: a standalone note) */
    DiagOrigin origin;
    DiagPlace place;
    char *message;
    char *excerpt;
    DiagNote *notes;
    uint32_t note_count, note_cap;
} Diagnostic;

/* One diagnostic or note as reported, for a listener that keeps them as data (libyusec's
 * structured diagnostics): the message alone, where it points, and the plain text this engine
 * rendered for it. A note is its own record, after the one it belongs to. */
typedef struct DiagRecord {
    DiagLevel level;
    DiagId id;               /* the catalogue entry of an error or warning; Y_NONE for a note */
    DiagOrigin origin;       /* the engine's origin when it was reported */
    const SourceFile *file;  /* NULL: no source position */
    const char *path;        /* the file's path, or the path of diag_error_path; may be NULL */
    Span span;               /* file UINT32_MAX without a source position */
    const char *message;
    const char *rendered;    /* header, source line and caret, as written to `text` */
    size_t rendered_len;
    const char *replacement; /* a note's fix-it: the text that replaces its span, or NULL */
} DiagRecord;

typedef void (*DiagListener)(void *user, const DiagRecord *record);

typedef struct DiagEngine {
    const SourceMap *sources;
    StrBuf text;          /* everything reported, as plain text, in order (tests read it) */
    FILE *stream;         /* when set, each diagnostic is also written here, in `format` */
    DiagFormat format;
    bool color;           /* text on the stream with clang's colours */
    DiagWarningFlags warnings;  /* -Werror, -W<name>, -Wno-<name>, -Werror=<name>, -Wall */
    bool no_warnings;     /* -w */
    DiagOrigin origin;    /* given to each diagnostic reported (diag_set_origin) */
    const char *tool_version; /* SARIF's tool.driver.version; NULL: none */
    int error_count;      /* all errors, including those past the cap */
    int warning_count;
    int max_errors;       /* 0 means no cap */
    bool suppress_notes;  /* set after a dropped diagnostic so its notes vanish too */
    bool cap_reported;
    Diagnostic *records;  /* every diagnostic reported (not those past the cap) */
    uint32_t record_count, record_cap;
    uint32_t streamed;    /* records already written to the stream (JSON) */
    DiagListener listener;  /* when set, called once per diagnostic and note reported */
    void *listener_user;
    const char *fix;      /* the fix-it of the note being reported (diag_note_fix), else NULL */
} DiagEngine;

/* How diagnostics are shown, from the command line (-fdiagnostics-format=, -fdiagnostics-color=,
 * -Werror and the other -W flags, -w, -fmax-errors=). */
typedef struct DiagOptions {
    DiagFormat format;
    DiagColorChoice color;
    DiagWarningFlags warnings;
    bool no_warnings;
    int max_errors;
} DiagOptions;

void diag_options_init(DiagOptions *options);

void diag_init(DiagEngine *diag, const SourceMap *sources, FILE *stream);
/* Applies the options; `stream_is_terminal` and `no_color_env` (NO_COLOR's value or NULL)
 * settle -fdiagnostics-color=auto. */
void diag_configure(DiagEngine *diag, const DiagOptions *options, bool stream_is_terminal,
                    const char *no_color_env);
/* Whether diagnostics are coloured: always / never, or for auto a terminal without a
 * non-empty NO_COLOR (no-color.org). */
bool diag_color_wanted(DiagColorChoice choice, bool stream_is_terminal, const char *no_color_env);
/* Writes what the format still holds back (the last JSON object, the SARIF log). */
void diag_finish(DiagEngine *diag);

/* For an engine made without a stream, whose diagnostics were held back (yusec -emit-gen
 * decides afterwards whether a failing target's errors are warnings): the records from
 * `first` on that are errors become warnings (the counts are the caller's). */
void diag_demote_records(DiagEngine *diag, uint32_t first);

/* Sets the stream and writes every record held so far in the engine's format, as if it had
 * been reported there: text (coloured when configured), JSON lines; SARIF waits for
 * diag_finish as always. */
void diag_write_held(DiagEngine *diag, FILE *stream);
void diag_free(DiagEngine *diag);

/* Every error and warning names its catalogue entry (base/diagnostics.def) as the argument
 * after the engine; the message is the call site's own text. */
void diag_error(DiagEngine *diag, DiagId id, Span span, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void diag_warning(DiagEngine *diag, DiagId id, Span span, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A note attaches to the diagnostic reported just before it. */
void diag_note(DiagEngine *diag, Span span, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A note with a fix-it: `replacement` is the text that replaces the note's span (an empty
 * span: inserted there); listeners get it as DiagRecord.replacement (editors' quick fixes). */
void diag_note_fix(DiagEngine *diag, Span span, const char *replacement, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* An error about a whole file or the command line (no source position). */
void diag_error_path(DiagEngine *diag, DiagId id, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A note without a source position (a suggestion for a command-line value). */
void diag_note_path(DiagEngine *diag, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A warning about a whole file or the command line (yusec run: an unused --buffer). */
void diag_warning_path(DiagEngine *diag, DiagId id, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A note that stands alone, attached to nothing before it (yusec run: the GPU it falls back
 * from). */
void diag_remark_path(DiagEngine *diag, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* `id` is Y_NONE for a note. */
void diag_report(DiagEngine *diag, DiagId id, DiagLevel level, Span span, const char *fmt, va_list args);

/* Sets the origin given to the diagnostics reported from now on (lib: a target's passes and
 * emitter run; DIAG_ORIGIN_FRONT_END after). */
void diag_set_origin(DiagEngine *diag, DiagOrigin origin);

/* A stage that stops early because the error cap is reached calls this: the `错误过多`
 * notice is then printed (once) although no further error was reported. */
void diag_stop_at_cap(DiagEngine *diag);

/* One warning per line that holds a bidirectional control character (as gcc's -Wbidi-chars):
 * called by every reader of source text (the lexer, the YIR reader). */
void diag_warn_bidi_controls(DiagEngine *diag, const SourceFile *file);

bool diag_has_errors(const DiagEngine *diag);
/* True once the error cap is reached: stages may stop early. */
bool diag_capped(const DiagEngine *diag);

/* ---- renderers (diag_text.c, diag_json.c): pure functions of the records ---- */

/* The text form of one diagnostic with its notes; `color` adds clang's ANSI colours. */
void diag_render_text(StrBuf *out, const Diagnostic *record, bool color);
/* One JSON object (no newline): {"file","line","column","end":{"line","column"},"severity",
 * "message","notes":[{same without notes}]}; file, line … are null without a position. */
void diag_render_json(StrBuf *out, const Diagnostic *record);
/* A SARIF 2.1.0 log of the records (one run of the tool "yusec"). */
void diag_render_sarif(StrBuf *out, const Diagnostic *records, uint32_t count,
                       const char *tool_version);

/* The source line of a span and its caret line, as shown under a text diagnostic (control
 * characters spelled <U+XXXX>, wide characters two columns). */
void diag_render_excerpt(StrBuf *out, const SourceFile *file, Span span);
/* Text as a terminal may show it: invalid bytes as U+FFFD, unsafe characters <U+XXXX>. */
void diag_append_escaped(StrBuf *out, const char *text, size_t len);

#endif
