/* Tokens of the 豫言 shading language (see docs/language.md). */
#ifndef YUSEC_FRONTEND_TOKEN_H
#define YUSEC_FRONTEND_TOKEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/diag.h"
#include "../base/source.h"

/* Bare keywords and operator words: (enum suffix, spelling, class). Bare runs of text are
 * split by longest match against this table, so its order does not matter. The class is how
 * editors show the word, the one list of it: WORD a keyword, OPERATOR an operator word (the
 * arithmetic, comparison and logic words), RETIRED upstream's retired words (lexed so the
 * parser can name the replacement). yusec_tokenize (lib/tokens.c) takes it through
 * fe_keyword_class; editors/gen_grammar.py reads this table for the TextMate grammar. */
#define YU_KEYWORDS(X)                                                                      \
    X(NAI, "乃", WORD) X(YE, "也", WORD) X(ZHE, "者", WORD) X(JI, "即", WORD)                  \
    X(LI, "立", WORD) X(XUN, "寻", WORD) X(GUAN, "观", WORD) X(XUNGUAN, "寻观", WORD)          \
    X(ZHI, "之", WORD) X(ZHISHU, "之书", WORD) X(FAN, "凡", WORD) X(ER, "而", WORD)           \
    X(HUA, "化", WORD) X(YOU, "又", WORD) X(WEI, "为", WORD) X(HE, "合", WORD)               \
    X(YU, "于", WORD) X(YI, "以", WORD) X(ZHONG, "中", WORD) X(DE, "得", WORD)               \
    X(LING, "令", WORD) X(DIGUILING, "递归令", WORD) X(QI, "其", WORD) X(RUO, "若", WORD)     \
    X(ZE, "则", WORD) X(FOUZE, "否则", WORD)                                                 \
    X(YU_AND, "与", OPERATOR) X(HUO, "或", OPERATOR) X(QIE, "且", OPERATOR)                  \
    X(DENGYU, "等于", OPERATOR) X(BUDENGYU, "不等于", OPERATOR) X(XIAOYU, "小于", OPERATOR)   \
    X(DAYU, "大于", OPERATOR) X(BUXIAOYU, "不小于", OPERATOR) X(BUDAYU, "不大于", OPERATOR)   \
    X(JIA, "加", OPERATOR) X(JIAN, "减", OPERATOR) X(CHENG, "乘", OPERATOR)                 \
    X(CHU, "除", OPERATOR) X(YU_MOD, "余", OPERATOR) X(FEI, "非", OPERATOR)                 \
    X(JIAN_MATCH, "鉴", WORD) X(SONG, "诵", WORD)                                           \
    X(OLD_HUI, "会", RETIRED) X(OLD_LV, "虑", RETIRED) X(OLD_DIGUILV, "递归虑", RETIRED)      \
    X(OLD_CHENG, "承", RETIRED) X(OLD_SHOUYI, "授以", RETIRED) X(OLD_XUN, "循", RETIRED)

typedef enum KeywordClass { KEYWORD_WORD, KEYWORD_OPERATOR, KEYWORD_RETIRED } KeywordClass;

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
#define YU_KEYWORD_ENUM(id, text, class) TOK_KW_##id,
    YU_KEYWORDS(YU_KEYWORD_ENUM)
#undef YU_KEYWORD_ENUM
    TOK_ERROR,    /* a lexical error already reported; the parser skips it */
    TOK_KIND_COUNT
} TokenKind;

typedef struct NumeralInfo {
    bool is_decimal;  /* has . or 点, or an exponent 乘十的…次方 */
    bool is_negative; /* leading 负 */
    bool is_hex;      /* 0x… */
    bool overflow;    /* magnitude does not fit in 64 bits */
    uint64_t int_value;   /* magnitude for integers and hex (before the sign) */
    double float_value;   /* value for decimals, sign applied */
    const char *ascii;    /* normalised ASCII spelling: "-12.5", "32", "1.5e-3", "0x4B400000" */
} NumeralInfo;

typedef struct Token {
    TokenKind kind;
    Span span;          /* the whole token, quotes included */
    const char *text;   /* NAME/NUMERAL: the text between the quotes; STRING: decoded
                           contents; keywords: their spelling. NUL-terminated, arena-owned */
    uint32_t text_len;  /* bytes */
    NumeralInfo numeral;  /* valid for TOK_NUMERAL */
    bool malformed;       /* TOK_NUMERAL: 数字格式错误, already reported by the lexer */
} Token;

typedef struct TokenList {
    Token *items;
    uint32_t count;  /* the last item is always TOK_EOF */
} TokenList;

/* The comments 「：…：」 of a file, in order, each (nested ones inside it) one span; an
 * unclosed one runs to the end of the file. */
typedef struct CommentList {
    Span *items;
    uint32_t count;
} CommentList;

/* Lexes a whole file. Errors (invalid UTF-8, unknown characters, unterminated names,
 * strings and comments, ASCII parentheses, 、) are reported to diag and the lexer goes
 * on. Never fails otherwise. */
TokenList fe_lex_file(Arena *arena, const SourceFile *file, DiagEngine *diag);

/* fe_lex_file with the token array from mem_realloc (exactly `count` long; the caller
 * mem_frees TokenList.items) and the texts the tokens point to in `arena`: the parser frees
 * the array once the AST (which keeps only the texts) is built. `comments` not NULL: the
 * comments' spans too, as fe_lex_file_with_comments keeps them. */
TokenList fe_lex_file_apart(Arena *arena, const SourceFile *file, DiagEngine *diag, CommentList *comments);


/* fe_lex_file, keeping the comments' spans too (an editor's semantic tokens). */
TokenList fe_lex_file_with_comments(Arena *arena, const SourceFile *file, DiagEngine *diag,
                                    CommentList *comments);

/* The tokens and comments of a file as its parse lexed them, kept for an editor (an index's
 * semantic tokens, lib/index.c) instead of lexing the text again: `tokens` from mem_realloc
 * (the keeper mem_frees TokenList.items; the last is TOK_EOF), the comments in the parse's
 * arena. */
typedef struct LexRecord {
    TokenList tokens;
    CommentList comments;
    bool recorded;  /* false: the file was not parsed (its tree came from elsewhere) */
} LexRecord;

/* The spelling of a token kind for messages: 「名字」, 「数字」, 『字符串』, （, 乃, … */
const char *fe_token_kind_spelling(TokenKind kind);

/* The i-th keyword or operator word of the language (upstream's retired words left out), in
 * the table's order; NULL past the last (editor completion). */
const char *fe_keyword_in_use(size_t i);

/* The table's class of a keyword kind (KEYWORD_WORD for a kind that is no keyword). */
KeywordClass fe_keyword_class(TokenKind kind);

/* Parses numeral-shaped quoted text. Returns false when the text is not a numeral
 * (then it is an ordinary name). */
bool fe_numeral_parse(Arena *arena, const char *text, uint32_t len, NumeralInfo *out);

/* Whether the numeral as written is zero (「零点零」, 「0乘十的五次方」): a literal that is not
 * zero but rounds to zero at its float type is out of range. */
bool fe_numeral_written_zero(const NumeralInfo *n);

/* The note for numeral text written where a name was meant (「五点」, 「零七」): such text is
 * read as a number, and a name needs a character that is not a numeral character. Nothing
 * for hexadecimal text (「0x…」), which holds letters. */
void fe_note_numeral_name(DiagEngine *diag, Span span, const char *text, uint32_t len);

#endif
