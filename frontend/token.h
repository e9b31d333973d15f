/* Tokens of the 豫言 shading language (see docs/language.md). */
#ifndef YUSEC_FRONTEND_TOKEN_H
#define YUSEC_FRONTEND_TOKEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/diag.h"
#include "../base/source.h"

/* Bare keywords and operator words: (enum suffix, spelling). Bare runs of text are split
 * by longest match against this table, so its order does not matter. */
#define YU_KEYWORDS(X)                                                           \
    X(NAI, "乃") X(YE, "也") X(ZHE, "者") X(JI, "即") X(LI, "立")                 \
    X(XUN, "寻") X(GUAN, "观") X(XUNGUAN, "寻观") X(ZHI, "之") X(ZHISHU, "之书")   \
    X(FAN, "凡") X(ER, "而") X(HUA, "化") X(YOU, "又") X(WEI, "为") X(HE, "合")   \
    X(YU, "于") X(YI, "以") X(ZHONG, "中") X(DE, "得") X(LING, "令")              \
    X(DIGUILING, "递归令") X(QI, "其") X(RUO, "若") X(ZE, "则") X(FOUZE, "否则")   \
    X(YU_AND, "与") X(HUO, "或") X(QIE, "且")                                     \
    X(DENGYU, "等于") X(BUDENGYU, "不等于") X(XIAOYU, "小于") X(DAYU, "大于")       \
    X(BUXIAOYU, "不小于") X(BUDAYU, "不大于")                                      \
    X(JIA, "加") X(JIAN, "减") X(CHENG, "乘") X(CHU, "除") X(YU_MOD, "余")         \
    X(FEI, "非") X(JIAN_MATCH, "鉴") X(SONG, "诵")                                \
    /* Upstream's retired words: lexed so the parser can name the replacement. */ \
    X(OLD_HUI, "会") X(OLD_LV, "虑") X(OLD_DIGUILV, "递归虑") X(OLD_CHENG, "承")    \
    X(OLD_SHOUYI, "授以") X(OLD_XUN, "循")

typedef enum TokenKind {
    TOK_EOF,
    TOK_NAME,     /* 「…」 that is not numeral-shaped */
    TOK_NUMERAL,  /* 「…」 whose text is a numeral (see NumeralInfo) */
    TOK_STRING,   /* 『…』 with escapes decoded */
    TOK_LPAREN,   /* （ */
    TOK_RPAREN,   /* ） */
    TOK_LBRACKET, /* 【 */
    TOK_RBRACKET, /* 】 */
    TOK_COMMA,    /* ， */
    TOK_PERIOD,   /* 。 */
    TOK_SEMI,     /* ； */
#define YU_KEYWORD_ENUM(id, text) TOK_KW_##id,
    YU_KEYWORDS(YU_KEYWORD_ENUM)
#undef YU_KEYWORD_ENUM
    TOK_ERROR,    /* a lexical error already reported; the parser skips it */
    TOK_KIND_COUNT
} TokenKind;

typedef struct NumeralInfo {
    bool is_decimal;  /* has . or 点 */
    bool is_negative; /* leading 负 */
    bool is_hex;      /* 0x… */
    bool overflow;    /* magnitude does not fit in 64 bits */
    uint64_t int_value;   /* magnitude for integers and hex (before the sign) */
    double float_value;   /* value for decimals, sign applied */
    const char *ascii;    /* normalised ASCII spelling: "-12.5", "32", "0x4B400000" */
} NumeralInfo;

typedef struct Token {
    TokenKind kind;
    Span span;          /* the whole token, quotes included */
    const char *text;   /* NAME/NUMERAL: the text between the quotes; STRING: decoded
                           contents; keywords: their spelling. NUL-terminated, arena-owned */
    uint32_t text_len;  /* bytes */
    NumeralInfo numeral;  /* valid for TOK_NUMERAL */
} Token;

typedef struct TokenList {
    Token *items;
    uint32_t count;  /* the last item is always TOK_EOF */
} TokenList;

/* Lexes a whole file. Errors (invalid UTF-8, unknown characters, unterminated names,
 * strings and comments, ASCII parentheses, 、) are reported to diag and the lexer goes
 * on. Never fails otherwise. */
TokenList fe_lex_file(Arena *arena, const SourceFile *file, DiagEngine *diag);

/* The comments 「：…：」 of a file, in order, each (nested ones inside it) one span; an
 * unclosed one runs to the end of the file. */
typedef struct CommentList {
    Span *items;
    uint32_t count;
} CommentList;

/* fe_lex_file, keeping the comments' spans too (an editor's semantic tokens). */
TokenList fe_lex_file_with_comments(Arena *arena, const SourceFile *file, DiagEngine *diag,
                                    CommentList *comments);

/* The spelling of a token kind for messages: 「名字」, 「数字」, 『字符串』, （, 乃, … */
const char *fe_token_kind_spelling(TokenKind kind);

/* The i-th keyword or operator word of the language (upstream's retired words left out), in
 * the table's order; NULL past the last (editor completion). */
const char *fe_keyword_in_use(size_t i);

/* Parses numeral-shaped quoted text. Returns false when the text is not a numeral
 * (then it is an ordinary name). */
bool fe_numeral_parse(Arena *arena, const char *text, uint32_t len, NumeralInfo *out);

#endif
