#include "manifest.h"

#include <string.h>

#include "../base/utf8.h"

/* The manifest is line-oriented: `名：「…」` and `依赖：「…」「…」`, comments 「：…：」 (nesting),
 * blank lines. It is tokenised first, then read line by line. */

#define OPEN_QUOTE "\xE3\x80\x8C"   /* 「 */
#define CLOSE_QUOTE "\xE3\x80\x8D"  /* 」 */
#define WIDE_COLON "\xEF\xBC\x9A"   /* ： */
#define IDEO_SPACE "\xE3\x80\x80"   /* U+3000 */
#define BOM "\xEF\xBB\xBF"

typedef enum MTokKind { MT_KEY, MT_COLON, MT_NAME, MT_NEWLINE, MT_EOF } MTokKind;

typedef struct MTok {
    MTokKind kind;
    Span span;
    const char *text;  /* KEY: the word; NAME: the text between the quotes */
} MTok;

typedef struct MLexer {
    Arena *arena;
    const SourceFile *file;
    DiagEngine *diag;
    uint32_t pos;
    bool failed;
} MLexer;

static bool at(const MLexer *lx, const char *lit) {
    size_t n = strlen(lit);
    return lx->pos + n <= lx->file->len && memcmp(lx->file->text + lx->pos, lit, n) == 0;
}

static Span span_at(const MLexer *lx, uint32_t start, uint32_t end) {
    return span_make(lx->file->id, start, end);
}

/* A line ends at \n, \r\n or a lone \r (as base/source.c counts lines): the \r of \r\n
 * is space, a lone \r the line end. */
static bool at_lone_cr(const MLexer *lx) {
    return lx->file->text[lx->pos] == '\r' &&
           (lx->pos + 1 >= lx->file->len || lx->file->text[lx->pos + 1] != '\n');
}

static bool at_line_end(const MLexer *lx) {
    return lx->file->text[lx->pos] == '\n' || at_lone_cr(lx);
}

static bool at_space(const MLexer *lx) {
    char c = lx->file->text[lx->pos];
    return c == ' ' || c == '\t' || (c == '\r' && !at_lone_cr(lx)) || at(lx, IDEO_SPACE);
}

/* A key word runs until whitespace, a quote, a colon or a control character. */
static bool at_key_char(const MLexer *lx) {
    unsigned char c = (unsigned char)lx->file->text[lx->pos];
    if (c < 0x20 || c == 0x7F || c == ':') return false;
    return !at_space(lx) && !at(lx, OPEN_QUOTE) && !at(lx, CLOSE_QUOTE) && !at(lx, WIDE_COLON);
}

static void advance_char(MLexer *lx) {
    size_t width;
    utf8_decode(lx->file->text + lx->pos, lx->file->len - lx->pos, &width);
    lx->pos += (uint32_t)width;
}

static void skip_comment(MLexer *lx) {
    uint32_t start = lx->pos;
    int depth = 0;
    while (lx->pos < lx->file->len) {
        if (at(lx, OPEN_QUOTE WIDE_COLON)) {
            depth++;
            lx->pos += 6;
        } else if (at(lx, WIDE_COLON CLOSE_QUOTE)) {
            lx->pos += 6;
            if (--depth == 0) return;
        } else {
            advance_char(lx);
        }
    }
    diag_error(lx->diag, Y_UNCLOSED_COMMENT, span_at(lx, start, start + 6), "注释未闭合：缺少「：」」");
    lx->failed = true;
}

static bool lex_name(MLexer *lx, MTok *tok) {
    uint32_t start = lx->pos;
    lx->pos += 3;
    uint32_t text_start = lx->pos;
    bool control = false;
    while (lx->pos < lx->file->len && !at(lx, CLOSE_QUOTE) && !at_line_end(lx)) {
        unsigned char c = (unsigned char)lx->file->text[lx->pos];
        /* A NUL would silently cut the name short (「工\0程」 read as 「工」). */
        if (!control && (c < 0x20 || c == 0x7F)) {
            diag_error(lx->diag, Y_CONTROL_CHARACTER, span_at(lx, lx->pos, lx->pos + 1), "包名里不能有控制字符（U+%04X）", c);
            lx->failed = true;
            control = true;
        }
        advance_char(lx);
    }
    if (!at(lx, CLOSE_QUOTE)) {
        diag_error(lx->diag, Y_UNCLOSED_NAME, span_at(lx, start, start + 3), "名字未闭合：同一行里缺少「」」");
        lx->failed = true;
        return false;
    }
    tok->kind = MT_NAME;
    tok->text = arena_strndup(lx->arena, lx->file->text + text_start, lx->pos - text_start);
    lx->pos += 3;
    tok->span = span_at(lx, start, lx->pos);
    return true;
}

/* Produces the next token; reports and skips characters that cannot start one. */
static MTok next_token(MLexer *lx) {
    for (;;) {
        while (lx->pos < lx->file->len && at_space(lx)) advance_char(lx);
        MTok tok = {.kind = MT_EOF, .span = span_at(lx, lx->pos, lx->pos), .text = NULL};
        if (lx->pos >= lx->file->len) return tok;
        uint32_t start = lx->pos;
        char c = lx->file->text[lx->pos];
        if (at_line_end(lx)) {
            lx->pos++;
            tok.kind = MT_NEWLINE;
            tok.span = span_at(lx, start, start + 1);
            return tok;
        }
        if (at(lx, OPEN_QUOTE WIDE_COLON)) {
            skip_comment(lx);
            continue;
        }
        if (at(lx, OPEN_QUOTE)) {
            if (lex_name(lx, &tok)) return tok;
            continue;
        }
        if (at(lx, WIDE_COLON) || c == ':') {
            if (c == ':') {
                diag_error(lx->diag, Y_MANIFEST_SYNTAX, span_at(lx, start, start + 1), "应为全角冒号「：」");
                lx->failed = true;
            }
            advance_char(lx);
            tok.kind = MT_COLON;
            tok.span = span_at(lx, start, lx->pos);
            return tok;
        }
        if (at(lx, CLOSE_QUOTE)) {
            lx->pos += 3;
            diag_error(lx->diag, Y_UNMATCHED_CLOSER, span_at(lx, start, lx->pos), "多余的「」」");
            lx->failed = true;
            continue;
        }
        if (!at_key_char(lx)) {
            lx->pos++;
            diag_error(lx->diag, Y_CONTROL_CHARACTER, span_at(lx, start, lx->pos), "包清单里不能有控制字符");
            lx->failed = true;
            continue;
        }
        while (lx->pos < lx->file->len && at_key_char(lx)) advance_char(lx);
        tok.kind = MT_KEY;
        tok.span = span_at(lx, start, lx->pos);
        tok.text = arena_strndup(lx->arena, lx->file->text + start, lx->pos - start);
        return tok;
    }
}

typedef struct MParser {
    MLexer lx;
    MTok tok;
    Manifest *out;
    PtrVec deps;   /* const char * */
    PtrVec spans;  /* Span * */
} MParser;

static void advance(MParser *p) { p->tok = next_token(&p->lx); }

static void error_at(MParser *p, Span span, const char *message) {
    diag_error(p->lx.diag, Y_MANIFEST_SYNTAX, span, "%s", message);
    p->lx.failed = true;
}

static void skip_line(MParser *p) {
    while (p->tok.kind != MT_NEWLINE && p->tok.kind != MT_EOF) advance(p);
}

/* A package name becomes part of import paths only, but '/' or an empty name could
 * never be imported, so refuse them here where the mistake is made. */
static bool check_name(MParser *p, const MTok *name) {
    if (name->text[0] == '\0') {
        error_at(p, name->span, "包名不能为空");
        return false;
    }
    if (strcmp(name->text, ".") == 0 || strcmp(name->text, "..") == 0) {
        error_at(p, name->span, "包名不能是「.」或「..」（那是目录，不是包）");
        return false;
    }
    if (strchr(name->text, '/') || strchr(name->text, '\\')) {
        error_at(p, name->span, "包名里不能有「/」或「\\」");
        return false;
    }
    return true;
}

static void read_name_line(MParser *p, Span key_span) {
    if (p->out->name) {
        error_at(p, key_span, "「名」重复：一个包只有一个名字");
        diag_note(p->lx.diag, p->out->name_span, "此前的「名」在此");
        skip_line(p);
        return;
    }
    if (p->tok.kind != MT_NAME) {
        error_at(p, p->tok.kind == MT_NEWLINE || p->tok.kind == MT_EOF ? key_span : p->tok.span,
                 "「名」后应写一个用「」括起的包名，如 名：「点染试」");
        skip_line(p);
        return;
    }
    MTok name = p->tok;
    advance(p);
    if (p->tok.kind == MT_NAME) {
        error_at(p, p->tok.span, "「名」只能写一个包名");
        skip_line(p);
        return;
    }
    if (check_name(p, &name)) {
        p->out->name = name.text;
        p->out->name_span = name.span;
    }
}

static void add_dependency(MParser *p, const MTok *dep) {
    for (size_t i = 0; i < p->deps.len; i++) {
        if (strcmp(p->deps.items[i], dep->text) == 0) {
            diag_error(p->lx.diag, Y_DUPLICATE_DEPENDENCY, dep->span, "依赖「%s」重复", dep->text);
            p->lx.failed = true;
            diag_note(p->lx.diag, *(Span *)p->spans.items[i], "此前已在此写过");
            return;
        }
    }
    if (!check_name(p, dep)) return;
    Span *span = arena_alloc(p->lx.arena, sizeof *span);
    *span = dep->span;
    ptrvec_push(p->lx.arena, &p->deps, (void *)dep->text);
    ptrvec_push(p->lx.arena, &p->spans, span);
}

static void read_dependency_line(MParser *p) {
    while (p->tok.kind == MT_NAME) {
        add_dependency(p, &p->tok);
        advance(p);
    }
}

static void read_line(MParser *p) {
    if (p->tok.kind != MT_KEY) {
        error_at(p, p->tok.span, "每行应以「名：」或「依赖：」开头");
        skip_line(p);
        return;
    }
    MTok key = p->tok;
    bool is_name = strcmp(key.text, "名") == 0;
    bool is_deps = strcmp(key.text, "依赖") == 0;
    if (!is_name && !is_deps) {
        diag_error(p->lx.diag, Y_MANIFEST_SYNTAX, key.span, "包清单里不认识的项「%s」（只有「名」与「依赖」）",
                   key.text);
        p->lx.failed = true;
        skip_line(p);
        return;
    }
    advance(p);
    if (p->tok.kind != MT_COLON) {
        diag_error(p->lx.diag, Y_MANIFEST_SYNTAX, key.span, "「%s」后应有全角冒号「：」", key.text);
        p->lx.failed = true;
        skip_line(p);
        return;
    }
    advance(p);
    if (is_name) read_name_line(p, key.span);
    else read_dependency_line(p);
    if (p->tok.kind != MT_NEWLINE && p->tok.kind != MT_EOF) {
        error_at(p, p->tok.span, "此处应为「」括起的包名或换行");
        skip_line(p);
    }
}

static void finish(MParser *p) {
    Manifest *out = p->out;
    uint32_t count = 0;
    out->dependencies = arena_alloc_array(p->lx.arena, p->deps.len + 1, sizeof(char *));
    out->dependency_spans = arena_alloc_array(p->lx.arena, p->deps.len + 1, sizeof(Span));
    for (size_t i = 0; i < p->deps.len; i++) {
        const char *dep = p->deps.items[i];
        Span span = *(Span *)p->spans.items[i];
        if (out->name && strcmp(dep, out->name) == 0) {
            diag_error(p->lx.diag, Y_SELF_DEPENDENCY, span, "包「%s」不能依赖自己", dep);
            p->lx.failed = true;
            continue;
        }
        out->dependencies[count] = dep;
        out->dependency_spans[count++] = span;
    }
    out->dependency_count = count;
    if (!out->name && !p->lx.failed) {
        error_at(p, span_make(p->lx.file->id, 0, 0), "包清单缺少「名」行，如 名：「点染试」");
    }
}

bool fe_manifest_parse(Arena *arena, const SourceFile *file, DiagEngine *diag, Manifest *out) {
    memset(out, 0, sizeof *out);
    MParser p = {.lx = {.arena = arena, .file = file, .diag = diag}, .out = out};
    size_t bad = utf8_find_invalid(file->text, file->len);
    if (bad < file->len) {
        diag_error(diag, Y_INVALID_UTF8, span_make(file->id, (uint32_t)bad, (uint32_t)bad + 1),
                   "包清单不是有效的 UTF-8");
        p.lx.failed = true;
        finish(&p);
        return false;
    }
    if (file->len >= 3 && memcmp(file->text, BOM, 3) == 0) p.lx.pos = 3;
    advance(&p);
    while (p.tok.kind != MT_EOF) {
        if (p.tok.kind == MT_NEWLINE) {
            advance(&p);
            continue;
        }
        read_line(&p);
    }
    finish(&p);
    return !p.lx.failed;
}
