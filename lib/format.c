/* yusec_format: the canonical layout of a 豫言 source (include/yusec/yusec.h, docs/format.md).
 *
 * Only the whitespace between tokens changes, and only where a line breaks: each line's
 * indentation is rebuilt from the grammar's nesting, tracked by a small stack of open
 * constructs over the lexer's tokens; tokens, comments, line breaks and the spacing inside a
 * line stay as written. So the token stream, and with it the meaning, cannot change, and
 * formatting twice gives what formatting once gave (the indentation depends only on the tokens
 * and where the lines break). */
#include <setjmp.h>
#include <stdbool.h>
#include <string.h>

#include "../base/arena.h"
#include "../base/diag.h"
#include "../base/memory.h"
#include "../base/source.h"
#include "../base/strbuf.h"
#include "../frontend/ast.h"
#include "../frontend/token.h"
#include "yusec/yusec.h"

#define INDENT_UNIT "\xE3\x80\x80" /* U+3000 */

struct yusec_formatted {
    char *text;  /* NULL when the source has errors */
    size_t len;
    char *diagnostics;
};

typedef enum FrameKind { FRAME_BRACKET, FRAME_BINDER, FRAME_IF } FrameKind;
typedef enum IfPart { IF_CONDITION, IF_THEN, IF_ELSE } IfPart;

/* An open construct: its lines after the first are indented `open_level + 1`; a line that
 * starts with its closing word (而 则 否则 ） 】) is indented `align_level`. */
typedef struct Frame {
    FrameKind kind;
    IfPart part;       /* FRAME_IF */
    int open_level, align_level;
} Frame;

typedef struct Layout {
    Frame *frames;         /* mem_realloc'd: as deep as the parser allows */
    uint32_t count, cap;
    bool statement_start;  /* nothing of the current top-level statement seen yet */
    int line_level;        /* the level of the line being written */
    int line_lead;         /* how many （【 begin the line before the current token; -1: other
                              tokens came first */
    int part_level;        /* the level of the line the current part began on */
    TokenKind previous;    /* the token before the current one (comments left out) */
} Layout;

static const Frame *top(const Layout *layout) {
    return layout->count ? &layout->frames[layout->count - 1] : NULL;
}

static int inner_level(const Layout *layout) {
    const Frame *frame = top(layout);
    if (frame) return frame->open_level + 1;
    return layout->statement_start ? 0 : 1;
}

/* The innermost open frame of `kind` above the nearest bracket (a bracket for a bracket),
 * or -1. For 若: the nearest one in `part` whose later parts are not open yet. */
static int find_frame(const Layout *layout, FrameKind kind, IfPart part) {
    for (uint32_t i = layout->count; i-- > 0;) {
        const Frame *frame = &layout->frames[i];
        if (frame->kind == kind && (kind != FRAME_IF || frame->part == part)) return (int)i;
        if (frame->kind == FRAME_BRACKET) return -1;
    }
    return -1;
}

/* Whether a line after token `kind` starts a new part (a link of a 而 or ； chain, an arm, an
 * item in brackets) rather than continuing an expression broken inside. */
static bool ends_part(TokenKind kind) {
    switch (kind) {
    case TOK_EOF: case TOK_PERIOD: case TOK_SEMI: case TOK_COMMA: case TOK_LPAREN: case TOK_LBRACKET:
    case TOK_KW_ER: case TOK_KW_ZE: case TOK_KW_FOUZE: case TOK_KW_WEI: case TOK_KW_ZHE:
    case TOK_KW_NAI: case TOK_KW_YE:
        return true;
    default: return false;
    }
}

/* The level of a line whose first token is `kind`: closers line up with their opener; a line
 * continuing an expression broken inside hangs one deeper than its part. */
static int line_level_for(const Layout *layout, TokenKind kind, TokenKind next) {
    int at = -1;
    switch (kind) {
    case TOK_RPAREN: case TOK_RBRACKET: at = find_frame(layout, FRAME_BRACKET, IF_CONDITION); break;
    case TOK_KW_ZE: at = find_frame(layout, FRAME_IF, IF_CONDITION); break;
    case TOK_KW_FOUZE: at = find_frame(layout, FRAME_IF, IF_THEN); break;
    case TOK_KW_ER:
        at = find_frame(layout, FRAME_BINDER, IF_CONDITION);
        break;
    case TOK_KW_YE:  /* the 也 that ends a top-level definition */
        if (next == TOK_PERIOD && find_frame(layout, FRAME_BRACKET, IF_CONDITION) < 0 &&
            !(layout->count && layout->frames[0].kind == FRAME_BRACKET))
            return 0;
        break;
    default:
        if (ends_part(layout->previous)) return inner_level(layout);
        return inner_level(layout) > layout->part_level ? inner_level(layout) : layout->part_level + 1;
    }
    return at >= 0 ? layout->frames[at].align_level : inner_level(layout);
}

static void push(Layout *layout, FrameKind kind, int open_level, int align_level) {
    if (layout->count == layout->cap) {
        layout->cap = layout->cap ? layout->cap * 2 : 64;
        layout->frames = mem_realloc(layout->frames, layout->cap * sizeof *layout->frames);
    }
    layout->frames[layout->count++] = (Frame){kind, IF_CONDITION, open_level, align_level};
}

/* Pops through the frame at `at` (when found). */
static void pop_through(Layout *layout, int at) {
    if (at >= 0) layout->count = (uint32_t)at;
}

/* A binder (得 令 递归令) opened by the current token: its slot's lines hang from its line;
 * its 而 lines up with the binder (inside the brackets that begin the line), or one deeper
 * than the line when the binder starts further on. */
static void push_binder(Layout *layout) {
    int level = layout->line_level;
    push(layout, FRAME_BINDER, level, layout->line_lead >= 0 ? level : level + 1);
}

/* A 若: its arms hang one deeper than its line when it leads the line (after brackets only),
 * two deeper when it starts further on; its 则 and 否则 line up with it. 否则若 chains stay
 * flat: the new 若 hangs where its 否则 does. */
static void push_if(Layout *layout) {
    int at = layout->previous == TOK_KW_FOUZE ? find_frame(layout, FRAME_IF, IF_ELSE) : -1;
    int level = at >= 0 ? layout->frames[at].open_level
                : layout->line_lead >= 0 ? layout->line_level : layout->line_level + 1;
    push(layout, FRAME_IF, level, at >= 0 ? layout->frames[at].align_level : level);
}

static void advance_if(Layout *layout, TokenKind kind) {
    int at;
    if (kind == TOK_KW_ZE && (at = find_frame(layout, FRAME_IF, IF_CONDITION)) >= 0) {
        layout->count = (uint32_t)at + 1;
        layout->frames[at].part = IF_THEN;
    } else if (kind == TOK_KW_FOUZE && (at = find_frame(layout, FRAME_IF, IF_THEN)) >= 0) {
        layout->count = (uint32_t)at + 1;
        layout->frames[at].part = IF_ELSE;
    }
}

/* Updates the open constructs after token `kind`. */
static void track(Layout *layout, TokenKind kind) {
    switch (kind) {
    case TOK_LPAREN: case TOK_LBRACKET: /* leading the line, its items line up under it */
        push(layout, FRAME_BRACKET, layout->line_level - (layout->line_lead >= 0), layout->line_level);
        break;
    case TOK_RPAREN: case TOK_RBRACKET:
        pop_through(layout, find_frame(layout, FRAME_BRACKET, IF_CONDITION));
        break;
    case TOK_KW_LING: case TOK_KW_DIGUILING: push_binder(layout); break;
    case TOK_KW_DE:
        if (layout->previous != TOK_KW_YOU) push_binder(layout);
        break;
    case TOK_KW_ER: pop_through(layout, find_frame(layout, FRAME_BINDER, IF_CONDITION)); break;
    case TOK_KW_RUO: push_if(layout); break;
    case TOK_KW_ZE: case TOK_KW_FOUZE: advance_if(layout, kind); break;
    case TOK_PERIOD: layout->count = 0; break;
    default: break;
    }
    layout->statement_start = kind == TOK_PERIOD;
    layout->previous = kind;
    bool opener = kind == TOK_LPAREN || kind == TOK_LBRACKET;
    layout->line_lead = opener && layout->line_lead >= 0 ? layout->line_lead + 1 : -1;
}

static bool is_space_byte(const char *c, size_t left) {
    if (*c == ' ' || *c == '\t' || *c == '\r' || *c == '\n' || *c == '\f' || *c == '\v') return true;
    return left >= 3 && memcmp(c, INDENT_UNIT, 3) == 0;
}

/* Writes the whitespace between two items: kept inside a line; at a line break one newline
 * (two for a blank line) and the new line's indentation. Returns whether a line broke. */
static bool write_gap(StrBuf *out, const char *gap, size_t len, bool at_start, int level) {
    size_t newlines = 0; /* line ends: \n, \r\n and a lone \r, as the lexer counts lines */
    for (size_t i = 0; i < len; i++)
        newlines += gap[i] == '\n' || (gap[i] == '\r' && (i + 1 == len || gap[i + 1] != '\n'));
    if (at_start) return true;
    if (!newlines) {
        strbuf_append(out, gap, len);
        return false;
    }
    strbuf_puts(out, newlines > 1 ? "\n\n" : "\n");
    for (int i = 0; i < level; i++) strbuf_puts(out, INDENT_UNIT);
    return true;
}

/* The item (token or comment) starting nearest after `at`. */
typedef struct Item {
    Span span;
    TokenKind kind;  /* TOK_ERROR for a comment */
} Item;

static void layout_text(StrBuf *out, const SourceFile *file, const TokenList *tokens,
                        const CommentList *comments) {
    Layout layout = {.statement_start = true, .previous = TOK_EOF};
    uint32_t t = 0, c = 0, token_count = tokens->count ? tokens->count - 1 : 0;
    uint32_t written = 0;
    bool any = false;
    if (file->len >= 3 && memcmp(file->text, "\xEF\xBB\xBF", 3) == 0) strbuf_append(out, file->text, 3);
    while (t < token_count || c < comments->count) {
        bool comment = c < comments->count &&
                       (t >= token_count || comments->items[c].start < tokens->items[t].span.start);
        Item item = comment ? (Item){comments->items[c++], TOK_ERROR}
                            : (Item){tokens->items[t].span, tokens->items[t].kind};
        TokenKind next = !comment && t + 1 < token_count ? tokens->items[t + 1].kind : TOK_EOF;
        if (!comment) t++;
        const char *gap = file->text + written;
        size_t gap_len = item.span.start - written;
        size_t skip = 0;
        while (skip < gap_len && !is_space_byte(gap + skip, gap_len - skip)) skip++;
        if (!any && skip) { /* a BOM before the first item */
            gap += skip;
            gap_len -= skip;
        }
        int level = comment ? inner_level(&layout) : line_level_for(&layout, item.kind, next);
        bool line_first = write_gap(out, gap, gap_len, !any, level);
        if (line_first) {
            layout.line_level = any ? level : 0;
            layout.line_lead = 0;
            if (ends_part(layout.previous) || item.kind == TOK_LPAREN || item.kind == TOK_LBRACKET)
                layout.part_level = layout.line_level;
        }
        strbuf_append(out, file->text + item.span.start, item.span.end - item.span.start);
        written = item.span.end;
        any = true;
        if (!comment) track(&layout, item.kind);
    }
    if (any) strbuf_putc(out, '\n');
    mem_free(layout.frames);
}

static char *copy_text(const char *text, size_t len) {
    char *copy = mem_alloc(len + 1);
    memcpy(copy, text, len);
    copy[len] = '\0';
    return copy;
}

static yusec_formatted *format(const char *name, const char *text, size_t len) {
    yusec_formatted *out = mem_calloc(1, sizeof *out);
    Arena arena;
    arena_init(&arena);
    SourceMap sources;
    source_map_init(&sources, &arena);
    SourceFile *file = source_add(&sources, name ? name : "<标准输入>", text ? text : "", text ? len : 0);
    DiagEngine diag, lex_diag;
    diag_init(&diag, &sources, NULL);
    diag_init(&lex_diag, &sources, NULL); /* the lexer's errors come again from the parse */
    if (len > SOURCE_MAX_BYTES) diag_error_path(&diag, Y_SOURCE_TOO_LARGE, file->path, "源文件过大（上限 64 MiB）");
    else fe_parse_file(&arena, file, &diag);
    if (!diag_has_errors(&diag)) {
        CommentList comments;
        TokenList tokens = fe_lex_file_with_comments(&arena, file, &lex_diag, &comments);
        StrBuf formatted;
        strbuf_init(&formatted);
        layout_text(&formatted, file, &tokens, &comments);
        out->len = formatted.len;
        out->text = copy_text(strbuf_cstr(&formatted), formatted.len);
        strbuf_free(&formatted);
    }
    const char *rendered = strbuf_cstr(&diag.text);
    out->diagnostics = copy_text(rendered, strlen(rendered));
    diag_free(&lex_diag);
    diag_free(&diag);
    arena_free(&arena);
    return out;
}

yusec_formatted *yusec_format(const char *file, const char *text, size_t len) {
    MemoryGuard guard;
    mem_guard_begin(&guard, 0);
    if (setjmp(guard.unwind)) return NULL;
    yusec_formatted *out = format(file, text, len);
    mem_guard_end(&guard);
    return out;
}

const char *yusec_formatted_text(const yusec_formatted *formatted, size_t *len) {
    if (len) *len = formatted && formatted->text ? formatted->len : 0;
    return formatted ? formatted->text : NULL;
}

const char *yusec_formatted_diagnostics(const yusec_formatted *formatted) {
    return formatted ? formatted->diagnostics : "";
}

void yusec_formatted_free(yusec_formatted *formatted) {
    if (!formatted) return;
    mem_free(formatted->text);
    mem_free(formatted->diagnostics);
    mem_free(formatted);
}
