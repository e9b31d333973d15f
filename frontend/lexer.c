/* The lexer: turns a source file into tokens, reporting every lexical error and going on. */
#include <string.h>

#include "../base/hash.h"
#include "../base/memory.h"
#include "../base/strbuf.h"
#include "../base/utf8.h"
#include "lex_internal.h"

/* Code points the lexer dispatches on. */
enum {
    CP_OPEN_NAME = 0x300C,    /* 「 */
    CP_CLOSE_NAME = 0x300D,   /* 」 */
    CP_OPEN_STRING = 0x300E,  /* 『 */
    CP_CLOSE_STRING = 0x300F, /* 』 */
    CP_COLON = 0xFF1A,        /* ： */
    CP_LPAREN = 0xFF08,       /* （ */
    CP_RPAREN = 0xFF09,       /* ） */
    CP_LBRACKET = 0x3010,     /* 【 */
    CP_RBRACKET = 0x3011,     /* 】 */
    CP_COMMA = 0xFF0C,        /* ， */
    CP_PERIOD = 0x3002,       /* 。 */
    CP_SEMI = 0xFF1B,         /* ； */
    CP_ENUM_COMMA = 0x3001,   /* 、 */
    CP_BOM = 0xFEFF,
    CP_END = 0xFFFFFFFEu,     /* past the end of the file */
};

#define UTF8_OPEN_COMMENT "「："
#define UTF8_CLOSE_COMMENT "：」"
#define UTF8_REPLACEMENT "\xEF\xBF\xBD"
#define QUOTE_BYTES 3u   /* every full-width bracket and ： is 3 bytes in UTF-8 */

typedef struct Lexer {
    Arena *arena;        /* texts: names, strings, numerals' spellings (kept by the AST) */
    bool heap_tokens;    /* the token array from mem_realloc (the parser's own, freed after the parse) */
    const SourceFile *file;
    DiagEngine *diag;
    const char *text;
    uint32_t len;
    uint32_t pos;
    Token *tokens;
    uint32_t count, cap;
    StrBuf buf;  /* contents of the name or string being read */
    /* An escape search from inside [miss_from, miss_to) finds no ：」 before the line ends;
     * remembered so that a line full of 「： stays linear. */
    uint32_t miss_from, miss_to;
    CommentList *comments;  /* NULL: comments are skipped without a trace */
    StrMap invisible_names; /* names already warned about for an invisible character */
    uint32_t comment_cap;
    KeywordIndex keywords;
} Lexer;

static Span span_at(const Lexer *lx, uint32_t start, uint32_t end) {
    return span_make(lx->file->id, start, end);
}

/* The code point at `at` (UTF8_INVALID for a bad byte, CP_END past the end). ASCII and
 * well-formed three-byte sequences (every CJK character and full-width mark) are decoded
 * here; anything else by utf8_decode. */
static uint32_t peek(const Lexer *lx, uint32_t at, uint32_t *width) {
    if (at >= lx->len) {
        *width = 0;
        return CP_END;
    }
    const unsigned char *s = (const unsigned char *)lx->text + at;
    if (s[0] < 0x80) {
        *width = 1;
        return s[0];
    }
    if ((s[0] & 0xF0) == 0xE0 && lx->len - at >= 3 && (s[1] & 0xC0) == 0x80 && (s[2] & 0xC0) == 0x80) {
        uint32_t cp = ((uint32_t)(s[0] & 0x0F) << 12) | ((uint32_t)(s[1] & 0x3F) << 6) | (s[2] & 0x3F);
        if (cp >= 0x800 && (cp < 0xD800 || cp > 0xDFFF)) {
            *width = 3;
            return cp;
        }
    }
    size_t w;
    uint32_t cp = utf8_decode(lx->text + at, lx->len - at, &w);
    *width = (uint32_t)w;
    return cp;
}

static bool bytes_at(const Lexer *lx, uint32_t at, const char *spelling) {
    size_t n = strlen(spelling);
    return at <= lx->len && lx->len - at >= n && memcmp(lx->text + at, spelling, n) == 0;
}

static bool is_space(uint32_t cp) {
    switch (cp) {
    case ' ': case '\t': case '\n': case '\r': case 0x0B: case 0x0C: case 0x85: case 0xA0:
    case 0x1680: case 0x2028: case 0x2029: case 0x202F: case 0x205F: case 0x3000:
        return true;
    default:
        return cp >= 0x2000 && cp <= 0x200A;
    }
}

/* Control characters that are not white space (NUL, ESC, DEL, C1 controls, …). */
static bool is_control(uint32_t cp) {
    if (cp >= 0xA0) return false;  /* every control below is under U+00A0 */
    if (is_space(cp)) return false;
    return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F);
}

static bool is_line_break(uint32_t cp) { return cp == '\n' || cp == '\r'; }

static Token *push(Lexer *lx, TokenKind kind, uint32_t start, uint32_t end, const char *text,
                   uint32_t text_len) {
    if (lx->count == lx->cap) {
        if (lx->heap_tokens) {
            /* realloc moves a large block by remapping it, so doubling from a typical file's
             * count holds no abandoned copies; the list is cut to its length when the file ends.
             * First sized for a token per 6 bytes (a shader's sources have one per 6–7: 「甲」 is
             * 9, 「乃」 3), so that a typical file is not copied once. */
            uint32_t cap = lx->cap ? lx->cap * 2 : lx->len / 6 + 64;
            lx->tokens = mem_realloc(lx->tokens, (size_t)cap * sizeof(Token));
            lx->cap = cap;
        } else {
            /* First sized for a typical file (a token per ~8 bytes: 「名字」 of two CJK
             * characters is 12), doubling after; not zero-filled, as every token is written
             * when pushed. */
            uint32_t cap = lx->cap ? lx->cap * 2 : lx->len / 8 + 64;
            Token *items = arena_alloc_array_uninit(lx->arena, cap, sizeof(Token));
            if (lx->count) memcpy(items, lx->tokens, lx->count * sizeof(Token));
            lx->tokens = items;
            lx->cap = cap;
        }
    }
    Token *token = &lx->tokens[lx->count++];
    memset(token, 0, sizeof *token);
    token->kind = kind;
    token->span = span_at(lx, start, end);
    token->text = text;
    token->text_len = text_len;
    return token;
}

/* A TOK_ERROR covering source bytes [start, end) (the error is already reported). */
static void push_error(Lexer *lx, uint32_t start, uint32_t end) {
    push(lx, TOK_ERROR, start, end, arena_strndup(lx->arena, lx->text + start, end - start),
         end - start);
}

static void push_fixed(Lexer *lx, TokenKind kind, uint32_t start, uint32_t end) {
    push(lx, kind, start, end, fe_token_kind_spelling(kind), fe_token_kind_spelling_len(kind));
}

/* Reports one error for the run of invalid bytes at `at` and returns the offset after it. */
static uint32_t skip_invalid_run(Lexer *lx, uint32_t at) {
    uint32_t start = at, width;
    while (peek(lx, at, &width) == UTF8_INVALID) at += width;
    diag_error(lx->diag, Y_INVALID_UTF8, span_at(lx, start, at), "无效的 UTF-8 字节");
    return at;
}

/* Reports one error for the run of control characters at `at`; returns the offset after it. */
static uint32_t skip_control_run(Lexer *lx, uint32_t at) {
    uint32_t start = at, width;
    uint32_t first = peek(lx, at, &width);
    while (is_control(peek(lx, at, &width))) at += width;
    diag_error(lx->diag, Y_CONTROL_CHARACTER, span_at(lx, start, at), "不可见的控制字符 U+%04X 不能出现在源码中",
               (unsigned)first);
    return at;
}

/* Inside names, strings and comments: skips a bad character run (reported) and returns true,
 * or returns false when the character at lx->pos is fine. Invalid bytes leave U+FFFD in buf
 * so that later messages quoting the text stay valid UTF-8. */
static bool skip_bad_inside(Lexer *lx, uint32_t cp, bool keep_text) {
    if (cp == UTF8_INVALID) {
        lx->pos = skip_invalid_run(lx, lx->pos);
        if (keep_text) strbuf_puts(&lx->buf, UTF8_REPLACEMENT);
        return true;
    }
    if (cp != '\t' && !is_line_break(cp) && is_control(cp)) {
        lx->pos = skip_control_run(lx, lx->pos);
        return true;
    }
    return false;
}

static const char *buf_copy(Lexer *lx) {
    return arena_strndup(lx->arena, lx->buf.data ? lx->buf.data : "", lx->buf.len);
}

/* ---- 「names」 and numerals ---- */

/* False when the bytes hold no default-ignorable character for sure: each is ASCII, a
 * continuation byte, or the lead byte of a CJK ideograph (U+4000–U+9FFF: E4–E9), where none
 * lies — the usual name, checked without decoding it. */
static bool may_hold_ignorable(const char *text, uint32_t len) {
    const unsigned char *s = (const unsigned char *)text;
    for (uint32_t i = 0; i < len; i++)
        if (s[i] >= 0xC0 && (s[i] < 0xE4 || s[i] > 0xE9)) return true;
    return false;
}

/* A name holding an invisible (default-ignorable) character looks like the name without it:
 * one warning per such name and file, at its first occurrence's first such character (the
 * source text between `from` and `to`). Bidi controls have their own warning
 * (diag_warn_bidi_controls). */
static void warn_invisible_in_name(Lexer *lx, uint32_t from, uint32_t to, const char *text) {
    if (!may_hold_ignorable(lx->text + from, to - from)) return;
    uint32_t width;
    for (uint32_t at = from; at < to; at += width) {
        uint32_t cp = peek(lx, at, &width);
        if (cp == UTF8_INVALID || !utf8_is_default_ignorable(cp) || utf8_is_bidi_control(cp))
            continue;
        if (!lx->invisible_names.slots) strmap_init(&lx->invisible_names, lx->arena);
        if (strmap_put_first(&lx->invisible_names, text, (void *)text) != text) return;
        diag_warning(lx->diag, Y_INVISIBLE_CHARACTER, span_at(lx, at, at + width),
                     "名字「%s」里有看不见的字符 <U+%04X>：它与不含这个字符的名字看起来一样，却是另一个名字",
                     text, (unsigned)cp);
        return;
    }
}

static void finish_name(Lexer *lx, uint32_t open) {
    uint32_t len = (uint32_t)lx->buf.len;
    const char *text = buf_copy(lx);
    NumeralInfo info;
    NumeralShape shape = fe_numeral_scan(lx->arena, text, len, &info);
    Span span = span_at(lx, open, lx->pos);
    if (shape == NUMERAL_NONE) {
        warn_invisible_in_name(lx, open + QUOTE_BYTES, lx->pos - QUOTE_BYTES, text);
        push(lx, TOK_NAME, open, lx->pos, text, len);
        return;
    }
    if (shape == NUMERAL_MALFORMED) {
        diag_error(lx->diag, Y_MALFORMED_NUMBER, span, "数字格式错误：「%s」", text);
        diag_note(lx->diag, span,
                  "数字由 0-9 或 零一二三四五六七八九 组成，可有一个小数点（. 或 点），"
                  "可以 负 开头，可以 乘十的…次方 结尾（「一点五乘十的负三次方」）；"
                  "十六进制写作「0x4B400000」");
        fe_note_numeral_name(lx->diag, span, text, len);
        /* Still a numeral, valued zero and marked, so the parser does not add errors of its
         * own (not even where a name is bound). */
        memset(&info, 0, sizeof info);
        info.ascii = "0";
    } else if (info.overflow) {
        diag_error(lx->diag, Y_MALFORMED_NUMBER, span, "数字超出范围：「%s」", text);
    }
    Token *token = push(lx, TOK_NUMERAL, open, lx->pos, text, len);
    token->numeral = info;
    token->malformed = shape == NUMERAL_MALFORMED;
}

static void lex_name(Lexer *lx) {
    uint32_t open = lx->pos, width;
    Span opener = span_at(lx, open, open + QUOTE_BYTES);
    lx->pos += QUOTE_BYTES;
    strbuf_clear(&lx->buf);
    uint32_t run = lx->pos;  /* the good characters since the last bad one, appended at once */
    for (;;) {
        uint32_t cp = peek(lx, lx->pos, &width);
        if (cp == CP_CLOSE_NAME) break;
        if (cp == CP_END || is_line_break(cp) || cp == CP_OPEN_NAME) {
            if (cp == CP_END) diag_error(lx->diag, Y_UNCLOSED_NAME, opener, "名字未闭合：文件在名字中结束");
            else if (cp == CP_OPEN_NAME) {
                diag_error(lx->diag, Y_UNCLOSED_NAME, opener, "名字未闭合：名字里不能再有「「」");
                diag_note(lx->diag, span_at(lx, lx->pos, lx->pos + width), "在此又遇「「」");
            } else diag_error(lx->diag, Y_UNCLOSED_NAME, opener, "名字未闭合：名字不能跨行");
            push_error(lx, open, lx->pos);
            return;
        }
        if (cp == UTF8_INVALID || (cp != '\t' && is_control(cp))) {
            strbuf_append(&lx->buf, lx->text + run, lx->pos - run);
            skip_bad_inside(lx, cp, true);
            run = lx->pos;
            continue;
        }
        lx->pos += width;
    }
    strbuf_append(&lx->buf, lx->text + run, lx->pos - run);
    lx->pos += QUOTE_BYTES;
    if (lx->buf.len == 0) {
        diag_error(lx->diag, Y_EMPTY_NAME, span_at(lx, open, lx->pos), "名字不能为空：「」");
        push_error(lx, open, lx->pos);
        return;
    }
    finish_name(lx, open);
}

/* ---- 『strings』 ---- */

typedef struct Escape {
    const char *body;  /* what follows 「： */
    char decoded[4];
} Escape;

static const Escape ESCAPES[] = {
    {"换行：」", "\n"},
    {"制表：」", "\t"},
    {"』：」", "』"},
    {"「：：」", "「"},
};

/* Offset of the first ：」 at or after `from` on the same line, or UINT32_MAX. */
static uint32_t find_escape_end(Lexer *lx, uint32_t from) {
    if (from >= lx->miss_from && from < lx->miss_to) return UINT32_MAX;
    uint32_t at = from, width;
    for (;;) {
        uint32_t cp = peek(lx, at, &width);
        if (cp == CP_END || is_line_break(cp)) break;
        if (bytes_at(lx, at, UTF8_CLOSE_COMMENT)) return at;
        at += width;
    }
    lx->miss_from = from;
    lx->miss_to = at;
    return UINT32_MAX;
}

/* At 「： inside a string: decodes a known escape or reports an unknown one. */
static void lex_escape(Lexer *lx) {
    uint32_t open = lx->pos, body = open + 2 * QUOTE_BYTES;
    for (size_t i = 0; i < sizeof ESCAPES / sizeof ESCAPES[0]; i++) {
        if (bytes_at(lx, body, ESCAPES[i].body)) {
            strbuf_puts(&lx->buf, ESCAPES[i].decoded);
            lx->pos = body + (uint32_t)strlen(ESCAPES[i].body);
            return;
        }
    }
    uint32_t end = find_escape_end(lx, body);
    if (end == UINT32_MAX) {
        diag_error(lx->diag, Y_BAD_ESCAPE, span_at(lx, open, body), "转义未闭合：「： 之后本行没有 ：」");
        lx->pos = body;
        return;
    }
    lx->pos = end + 2 * QUOTE_BYTES;
    diag_error(lx->diag, Y_BAD_ESCAPE, span_at(lx, open, lx->pos), "未知的转义「：%.*s：」", (int)(end - body),
               lx->text + body);
    diag_note(lx->diag, span_at(lx, open, lx->pos),
              "字符串里的转义只有「：换行：」「：制表：」「：』：」「：「：：」");
}

static void lex_string(Lexer *lx) {
    uint32_t open = lx->pos, width;
    Span opener = span_at(lx, open, open + QUOTE_BYTES);
    lx->pos += QUOTE_BYTES;
    strbuf_clear(&lx->buf);
    for (;;) {
        uint32_t cp = peek(lx, lx->pos, &width);
        if (cp == CP_CLOSE_STRING) break;
        if (cp == CP_END || is_line_break(cp)) {
            if (cp == CP_END) diag_error(lx->diag, Y_UNCLOSED_STRING, opener, "字符串未闭合：文件在字符串中结束");
            else diag_error(lx->diag, Y_UNCLOSED_STRING, opener, "字符串未闭合：字符串不能跨行（换行请写「：换行：」）");
            push_error(lx, open, lx->pos);
            return;
        }
        if (bytes_at(lx, lx->pos, UTF8_OPEN_COMMENT)) {
            lex_escape(lx);
            continue;
        }
        if (skip_bad_inside(lx, cp, true)) continue;
        strbuf_append(&lx->buf, lx->text + lx->pos, width);
        lx->pos += width;
    }
    lx->pos += QUOTE_BYTES;
    push(lx, TOK_STRING, open, lx->pos, buf_copy(lx), (uint32_t)lx->buf.len);
}

/* ---- 「：comments：」 (nesting) ---- */

/* The comment [start, end) when the caller keeps comments. */
static void keep_comment(Lexer *lx, uint32_t start, uint32_t end) {
    CommentList *list = lx->comments;
    if (!list) return;
    if (list->count == lx->comment_cap) {
        uint32_t cap = lx->comment_cap ? lx->comment_cap * 2 : 64;
        Span *items = arena_alloc_array(lx->arena, cap, sizeof(Span));
        if (list->count) memcpy(items, list->items, list->count * sizeof(Span));
        list->items = items;
        lx->comment_cap = cap;
    }
    list->items[list->count++] = span_at(lx, start, end);
}

static void lex_comment(Lexer *lx) {
    uint32_t open = lx->pos, depth = 0, width;
    while (lx->pos < lx->len) {
        if (bytes_at(lx, lx->pos, UTF8_OPEN_COMMENT)) {
            depth++;
            lx->pos += 2 * QUOTE_BYTES;
            continue;
        }
        if (bytes_at(lx, lx->pos, UTF8_CLOSE_COMMENT)) {
            lx->pos += 2 * QUOTE_BYTES;
            if (--depth == 0) {
                keep_comment(lx, open, lx->pos);
                return;
            }
            continue;
        }
        uint32_t cp = peek(lx, lx->pos, &width);
        if (!skip_bad_inside(lx, cp, false)) lx->pos += width;
    }
    keep_comment(lx, open, lx->pos);
    diag_error(lx->diag, Y_UNCLOSED_COMMENT, span_at(lx, open, open + 2 * QUOTE_BYTES), "注释未闭合");
    diag_note(lx->diag, span_at(lx, open, open + 2 * QUOTE_BYTES),
              "注释可以嵌套：每个「：都要有对应的：」");
}

/* ---- punctuation written in the wrong form ---- */

typedef struct WrongPunct {
    uint32_t cp;
    TokenKind kind;  /* what it stands for, emitted so that the parser does not cascade */
    const char *message;
} WrongPunct;

static const WrongPunct WRONG_PUNCTS[] = {
    {'(', TOK_LPAREN, "不可用半角括号「(」，请写全角括号「（」"},
    {')', TOK_RPAREN, "不可用半角括号「)」，请写全角括号「）」"},
    {'[', TOK_LBRACKET, "不可用半角方括号「[」，请写「【」"},
    {']', TOK_RBRACKET, "不可用半角方括号「]」，请写「】」"},
    {',', TOK_COMMA, "不可用半角逗号「,」，请写全角逗号「，」"},
    {'.', TOK_PERIOD, "不可用半角句点「.」，请写全角句号「。」"},
    {';', TOK_SEMI, "不可用半角分号「;」，请写全角分号「；」"},
    {CP_ENUM_COMMA, TOK_COMMA, "不可用顿号「、」，请写逗号「，」"},
};

static const WrongPunct *wrong_punct(uint32_t cp) {
    for (size_t i = 0; i < sizeof WRONG_PUNCTS / sizeof WRONG_PUNCTS[0]; i++)
        if (WRONG_PUNCTS[i].cp == cp) return &WRONG_PUNCTS[i];
    return NULL;
}

static TokenKind punct_kind(uint32_t cp) {
    switch (cp) {
    case CP_LPAREN: return TOK_LPAREN;
    case CP_RPAREN: return TOK_RPAREN;
    case CP_LBRACKET: return TOK_LBRACKET;
    case CP_RBRACKET: return TOK_RBRACKET;
    case CP_COMMA: return TOK_COMMA;
    case CP_PERIOD: return TOK_PERIOD;
    case CP_SEMI: return TOK_SEMI;
    default: return TOK_EOF;
    }
}

/* ---- bare text: keywords, and runs of characters that are not ---- */

/* True when the character at `at` starts something other than a keyword or unknown text. */
static bool starts_other(const Lexer *lx, uint32_t at, uint32_t cp) {
    return cp == UTF8_INVALID || cp == CP_END || is_space(cp) || is_control(cp) ||
           cp == CP_OPEN_NAME || cp == CP_CLOSE_NAME || cp == CP_OPEN_STRING ||
           cp == CP_CLOSE_STRING || punct_kind(cp) != TOK_EOF || wrong_punct(cp) ||
           bytes_at(lx, at, UTF8_CLOSE_COMMENT);
}

static bool looks_like_name(const char *text, uint32_t len) {
    for (uint32_t i = 0; i < len;) {
        size_t width;
        uint32_t cp = utf8_decode(text + i, len - i, &width);
        if ((cp < 0x80 && ((cp | 0x20) - 'a' < 26 || cp - '0' < 10)) ||
            (cp >= 0x4E00 && cp <= 0x9FFF))
            return true;
        i += (uint32_t)width;
    }
    return false;
}

static void lex_unknown_run(Lexer *lx) {
    uint32_t start = lx->pos, width;
    TokenKind kind;
    for (;;) {
        uint32_t cp = peek(lx, lx->pos, &width);
        if (starts_other(lx, lx->pos, cp)) break;
        if (fe_keyword_match(&lx->keywords, lx->text + lx->pos, lx->len - lx->pos, &kind)) break;
        lx->pos += width;
    }
    Span span = span_at(lx, start, lx->pos);
    const char *run = lx->text + start;
    uint32_t run_len = lx->pos - start;
    diag_error(lx->diag, Y_UNKNOWN_CHARACTER, span, "无法识别的字符「%.*s」", (int)run_len, run);
    if (looks_like_name(run, run_len))
        diag_note(lx->diag, span, "名字与数字都要写在「」之中，如「甲」「三二」");
    push_error(lx, start, lx->pos);
}

static void lex_bare(Lexer *lx) {
    TokenKind kind;
    size_t n = fe_keyword_match(&lx->keywords, lx->text + lx->pos, lx->len - lx->pos, &kind);
    if (n == 0) {
        lex_unknown_run(lx);
        return;
    }
    push_fixed(lx, kind, lx->pos, lx->pos + (uint32_t)n);
    lx->pos += (uint32_t)n;
}

/* ---- dispatch ---- */

static void lex_stray(Lexer *lx, uint32_t width, const char *message) {
    uint32_t start = lx->pos;
    lx->pos += width;
    diag_error(lx->diag, Y_UNMATCHED_CLOSER, span_at(lx, start, lx->pos), "%s", message);
    push_error(lx, start, lx->pos);
}

static void lex_next(Lexer *lx) {
    uint32_t start = lx->pos, width;
    uint32_t cp = peek(lx, start, &width);
    if (cp == UTF8_INVALID) {
        lx->pos = skip_invalid_run(lx, start);
        push_error(lx, start, lx->pos);
    } else if (is_space(cp)) {
        lx->pos += width;
    } else if (is_control(cp)) {
        lx->pos = skip_control_run(lx, start);
        push_error(lx, start, lx->pos);
    } else if (cp == CP_OPEN_NAME) {
        if (bytes_at(lx, start, UTF8_OPEN_COMMENT)) lex_comment(lx);
        else lex_name(lx);
    } else if (cp == CP_OPEN_STRING) {
        lex_string(lx);
    } else if (punct_kind(cp) != TOK_EOF) {
        lx->pos += width;
        push_fixed(lx, punct_kind(cp), start, lx->pos);
    } else if (wrong_punct(cp)) {
        const WrongPunct *wrong = wrong_punct(cp);
        lx->pos += width;
        diag_error(lx->diag, Y_HALF_WIDTH_PUNCTUATION, span_at(lx, start, lx->pos), "%s", wrong->message);
        push_fixed(lx, wrong->kind, start, lx->pos);
    } else if (bytes_at(lx, start, UTF8_CLOSE_COMMENT)) {
        lex_stray(lx, 2 * QUOTE_BYTES, "多余的注释结尾「：」」：前面没有对应的「：");
    } else if (cp == CP_CLOSE_NAME) {
        lex_stray(lx, width, "多余的「」」：前面没有对应的「「」");
    } else if (cp == CP_CLOSE_STRING) {
        lex_stray(lx, width, "多余的「』」：前面没有对应的「『」");
    } else {
        lex_bare(lx);
    }
}

static TokenList lex_all(Arena *arena, bool heap_tokens, const SourceFile *file, DiagEngine *diag,
                         CommentList *comments) {
    Lexer lx;
    memset(&lx, 0, sizeof lx);
    lx.arena = arena;
    lx.heap_tokens = heap_tokens;
    lx.file = file;
    lx.diag = diag;
    lx.text = file->text;
    lx.len = file->len;
    lx.comments = comments;
    fe_keyword_index_init(&lx.keywords);
    strbuf_init(&lx.buf);
    diag_warn_bidi_controls(diag, file);
    uint32_t width;
    if (peek(&lx, 0, &width) == CP_BOM) lx.pos = width;
    while (lx.pos < lx.len) lex_next(&lx);
    push(&lx, TOK_EOF, lx.len, lx.len, "", 0);
    strbuf_free(&lx.buf);
    if (heap_tokens) lx.tokens = mem_realloc(lx.tokens, (size_t)lx.count * sizeof(Token));
    TokenList list = {lx.tokens, lx.count};
    return list;
}

TokenList fe_lex_file(Arena *arena, const SourceFile *file, DiagEngine *diag) {
    return lex_all(arena, false, file, diag, NULL);
}

TokenList fe_lex_file_apart(Arena *arena, const SourceFile *file, DiagEngine *diag, CommentList *comments) {
    if (comments) {
        comments->items = NULL;
        comments->count = 0;
    }
    return lex_all(arena, true, file, diag, comments);
}

TokenList fe_lex_file_with_comments(Arena *arena, const SourceFile *file, DiagEngine *diag,
                                    CommentList *comments) {
    comments->items = NULL;
    comments->count = 0;
    return lex_all(arena, false, file, diag, comments);
}
