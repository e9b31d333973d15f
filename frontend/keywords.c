/* The keyword table: longest-match lookup and the spellings of token kinds. */
#include <string.h>

#include "lex_internal.h"

typedef struct Keyword {
    const char *spelling;
    size_t len;
    TokenKind kind;
    KeywordClass word_class;
} Keyword;

static const Keyword KEYWORDS[] = {
#define YU_KEYWORD_ENTRY(id, text, class) {text, sizeof text - 1, TOK_KW_##id, KEYWORD_##class},
    YU_KEYWORDS(YU_KEYWORD_ENTRY)
#undef YU_KEYWORD_ENTRY
};

/* The 3-byte comparison below needs every spelling to be at least one CJK character long. */
#define YU_KEYWORD_LENGTH_CHECK(id, text, class) \
    _Static_assert(sizeof text - 1 >= 3, "keyword " #id " is shorter than one CJK character");
YU_KEYWORDS(YU_KEYWORD_LENGTH_CHECK)
#undef YU_KEYWORD_LENGTH_CHECK

/* The table is small (under 60 words of at most 3 characters), so a linear scan per
 * position keeps lexing linear in the file size. Every keyword starts with a CJK character
 * (3 bytes of UTF-8): those bytes are compared before the rest, the last first (its 64
 * values tell CJK characters apart best; the lead byte has a handful). */
size_t fe_keyword_match(const char *text, size_t len, TokenKind *kind) {
    size_t best = 0;
    if (len < 3) return 0;
    const char first = text[0], second = text[1], third = text[2];
    for (size_t i = 0; i < sizeof KEYWORDS / sizeof KEYWORDS[0]; i++) {
        const Keyword *kw = &KEYWORDS[i];
        if (kw->spelling[2] != third || kw->spelling[1] != second || kw->spelling[0] != first) continue;
        if (kw->len > best && kw->len <= len && memcmp(text, kw->spelling, kw->len) == 0) {
            best = kw->len;
            *kind = kw->kind;
        }
    }
    return best;
}

const char *fe_keyword_in_use(size_t i) {
    size_t seen = 0;
    for (size_t k = 0; k < sizeof KEYWORDS / sizeof KEYWORDS[0]; k++) {
        if (KEYWORDS[k].word_class == KEYWORD_RETIRED) continue;
        if (seen++ == i) return KEYWORDS[k].spelling;
    }
    return NULL;
}

static const KeywordClass CLASSES[TOK_KIND_COUNT] = {
#define YU_KEYWORD_CLASS(id, text, class) [TOK_KW_##id] = KEYWORD_##class,
    YU_KEYWORDS(YU_KEYWORD_CLASS)
#undef YU_KEYWORD_CLASS
};

KeywordClass fe_keyword_class(TokenKind kind) {
    return (unsigned)kind < TOK_KIND_COUNT ? CLASSES[kind] : KEYWORD_WORD;
}

static const char *const SPELLINGS[TOK_KIND_COUNT] = {
    [TOK_EOF] = "文件结尾",
    [TOK_NAME] = "「名字」",
    [TOK_NUMERAL] = "数字",
    [TOK_STRING] = "字符串",
    [TOK_LPAREN] = "（",
    [TOK_RPAREN] = "）",
    [TOK_LBRACKET] = "【",
    [TOK_RBRACKET] = "】",
    [TOK_COMMA] = "，",
    [TOK_PERIOD] = "。",
    [TOK_SEMI] = "；",
#define YU_KEYWORD_SPELLING(id, text, class) [TOK_KW_##id] = text,
    YU_KEYWORDS(YU_KEYWORD_SPELLING)
#undef YU_KEYWORD_SPELLING
    [TOK_ERROR] = "无效记号",
};

const char *fe_token_kind_spelling(TokenKind kind) {
    if ((unsigned)kind >= TOK_KIND_COUNT || !SPELLINGS[kind]) return "?";
    return SPELLINGS[kind];
}
