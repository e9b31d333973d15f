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

#define KEYWORD_COUNT (sizeof KEYWORDS / sizeof KEYWORDS[0])
_Static_assert(KEYWORD_COUNT <= (size_t)FE_KEYWORD_CAP && KEYWORD_COUNT < (size_t)FE_KEYWORD_NONE,
               "the keyword table outgrew KeywordIndex");

static unsigned bucket_of(char third) { return (unsigned char)third & (FE_KEYWORD_BUCKETS - 1); }

void fe_keyword_index_init(KeywordIndex *index) {
    memset(index->head, FE_KEYWORD_NONE, sizeof index->head);
    for (size_t i = KEYWORD_COUNT; i-- > 0;) {  /* from the end, so each bucket is in table order */
        unsigned bucket = bucket_of(KEYWORDS[i].spelling[2]);
        index->next[i] = index->head[bucket];
        index->head[bucket] = (uint8_t)i;
    }
}

/* Linear in the file size: a position compares the keywords whose first character ends in
 * the same byte (a handful), the first 3 bytes before the rest, the last first. */
size_t fe_keyword_match(const KeywordIndex *index, const char *text, size_t len, TokenKind *kind) {
    size_t best = 0;
    if (len < 3) return 0;
    const char first = text[0], second = text[1], third = text[2];
    for (unsigned i = index->head[bucket_of(third)]; i != FE_KEYWORD_NONE; i = index->next[i]) {
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

/* Each kind's spelling and its length in bytes. */
typedef struct Spelling {
    const char *text;
    uint32_t len;
} Spelling;
#define SPELL(text) {text, sizeof text - 1}

static const Spelling SPELLINGS[TOK_KIND_COUNT] = {
    [TOK_EOF] = SPELL("文件结尾"),
    [TOK_NAME] = SPELL("「名字」"),
    [TOK_NUMERAL] = SPELL("数字"),
    [TOK_STRING] = SPELL("字符串"),
    [TOK_LPAREN] = SPELL("（"),
    [TOK_RPAREN] = SPELL("）"),
    [TOK_LBRACKET] = SPELL("【"),
    [TOK_RBRACKET] = SPELL("】"),
    [TOK_COMMA] = SPELL("，"),
    [TOK_PERIOD] = SPELL("。"),
    [TOK_SEMI] = SPELL("；"),
#define YU_KEYWORD_SPELLING(id, text, class) [TOK_KW_##id] = SPELL(text),
    YU_KEYWORDS(YU_KEYWORD_SPELLING)
#undef YU_KEYWORD_SPELLING
    [TOK_ERROR] = SPELL("无效记号"),
};
#undef SPELL

const char *fe_token_kind_spelling(TokenKind kind) {
    if ((unsigned)kind >= TOK_KIND_COUNT || !SPELLINGS[kind].text) return "?";
    return SPELLINGS[kind].text;
}

uint32_t fe_token_kind_spelling_len(TokenKind kind) {
    if ((unsigned)kind >= TOK_KIND_COUNT || !SPELLINGS[kind].text) return 1;  /* "?" */
    return SPELLINGS[kind].len;
}
