/* Diagnostics: `file:line:col: error: message`, the source line and a caret line,
 * followed by `note:` lines for related places. Used by every stage. */
#ifndef YUSEC_BASE_DIAG_H
#define YUSEC_BASE_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include "source.h"
#include "strbuf.h"

typedef enum DiagLevel { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE } DiagLevel;

/* Default cap on reported errors; further errors are counted but not printed. */
#define DIAG_DEFAULT_MAX_ERRORS 20

/* One diagnostic as reported, for a listener that keeps them as data (libyusec's structured
 * diagnostics): the message alone, where it points, and the text this engine rendered. */
typedef struct DiagRecord {
    DiagLevel level;
    const SourceFile *file;  /* NULL: no source position */
    const char *path;        /* the file's path, or the path of diag_error_path; may be NULL */
    Span span;
    const char *message;
    const char *rendered;    /* header, source line and caret, as written to `text` */
    size_t rendered_len;
} DiagRecord;

typedef void (*DiagListener)(void *user, const DiagRecord *record);

typedef struct DiagEngine {
    const SourceMap *sources;
    StrBuf text;          /* everything reported, in order (tests read it) */
    FILE *stream;         /* when set, each diagnostic is also written here at once */
    int error_count;      /* all errors, including those past the cap */
    int warning_count;
    int max_errors;       /* 0 means no cap */
    bool suppress_notes;  /* set after an error past the cap so its notes vanish too */
    bool cap_reported;
    DiagListener listener;  /* when set, called once per diagnostic reported */
    void *listener_user;
} DiagEngine;

void diag_init(DiagEngine *diag, const SourceMap *sources, FILE *stream);
void diag_free(DiagEngine *diag);

void diag_error(DiagEngine *diag, Span span, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void diag_warning(DiagEngine *diag, Span span, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A note attaches to the diagnostic reported just before it. */
void diag_note(DiagEngine *diag, Span span, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* An error about a whole file or the command line (no source position). */
void diag_error_path(DiagEngine *diag, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

void diag_report(DiagEngine *diag, DiagLevel level, Span span, const char *fmt, va_list args);

/* One warning per line that holds a bidirectional control character (as gcc's -Wbidi-chars):
 * called by every reader of source text (the lexer, the YIR reader). */
void diag_warn_bidi_controls(DiagEngine *diag, const SourceFile *file);

bool diag_has_errors(const DiagEngine *diag);
/* True once the error cap is reached: stages may stop early. */
bool diag_capped(const DiagEngine *diag);

#endif
