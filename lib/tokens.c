/* yusec_tokenize: the lexer's tokens and comments for editors (include/yusec/yusec.h). */
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "../base/arena.h"
#include "../base/diag.h"
#include "../base/memory.h"
#include "../base/source.h"
#include "../frontend/token.h"
#include "tokens.h"
#include "yusec/yusec.h"

struct yusec_tokens {
    yusec_token *items;
    size_t count;
};

static yusec_token_kind kind_of(TokenKind kind) {
    switch (kind) {
    case TOK_NAME: return YUSEC_TOKEN_NAME;
    case TOK_NUMERAL: return YUSEC_TOKEN_NUMERAL;
    case TOK_STRING: return YUSEC_TOKEN_STRING;
    case TOK_LPAREN: case TOK_RPAREN: case TOK_LBRACKET: case TOK_RBRACKET:
    case TOK_COMMA: case TOK_PERIOD: case TOK_SEMI:
        return YUSEC_TOKEN_PUNCTUATION;
    case TOK_ERROR: case TOK_EOF: case TOK_KIND_COUNT:
        return YUSEC_TOKEN_INVALID;
    default:
        break;
    }
    switch (fe_keyword_class(kind)) {  /* the class column of the lexer's keyword table */
    case KEYWORD_OPERATOR: return YUSEC_TOKEN_OPERATOR;
    case KEYWORD_RETIRED: return YUSEC_TOKEN_RETIRED;
    case KEYWORD_WORD: break;
    }
    return YUSEC_TOKEN_KEYWORD;
}

static yusec_token token_of(yusec_token_kind kind, Span span) {
    return (yusec_token){kind, span.start, span.end - span.start};
}

/* Tokens and comments merged in source order (the lexer emits each list in order). */
size_t lib_tokens_merge(yusec_token *out, const TokenList *tokens, const CommentList *comments) {
    uint32_t t = 0, c = 0, token_count = tokens->count ? tokens->count - 1 : 0; /* without EOF */
    size_t n = 0;
    while (t < token_count || c < comments->count) {
        bool comment_first = c < comments->count &&
                             (t >= token_count || comments->items[c].start < tokens->items[t].span.start);
        if (comment_first) out[n++] = token_of(YUSEC_TOKEN_COMMENT, comments->items[c++]);
        else {
            out[n++] = token_of(kind_of(tokens->items[t].kind), tokens->items[t].span);
            t++;
        }
    }
    return n;
}

static yusec_tokens *tokenize(const char *text, size_t len) {
    yusec_tokens *out = mem_calloc(1, sizeof *out);
    if (len > SOURCE_MAX_BYTES) return out; /* spans are 32-bit; the compile reports it */
    Arena arena;
    arena_init(&arena);
    SourceMap sources;
    source_map_init(&sources, &arena);
    SourceFile *file = source_add(&sources, "", text ? text : "", text ? len : 0);
    DiagEngine diag;
    diag_init(&diag, &sources, NULL);
    CommentList comments;
    TokenList tokens = fe_lex_file_with_comments(&arena, file, &diag, &comments);
    out->items = mem_calloc((size_t)tokens.count + comments.count + 1, sizeof *out->items);
    out->count = lib_tokens_merge(out->items, &tokens, &comments);
    diag_free(&diag);
    arena_free(&arena);
    return out;
}

/* Under a memory guard (base/memory.h) without a byte limit (there is no context): the system
 * refusing memory frees what the call had allocated and gives NULL, as yusec_compile gives
 * YUSEC_OUT_OF_MEMORY. */
yusec_tokens *yusec_tokenize(const char *text, size_t len) {
    MemoryGuard guard;
    mem_guard_begin(&guard, 0);
    if (setjmp(guard.unwind)) return NULL;
    yusec_tokens *out = tokenize(text, len);
    mem_guard_end(&guard);
    return out;
}

const yusec_token *yusec_tokens_items(const yusec_tokens *tokens, size_t *count) {
    if (count) *count = tokens ? tokens->count : 0;
    return tokens ? tokens->items : NULL;
}

void yusec_tokens_free(yusec_tokens *tokens) {
    if (!tokens) return;
    mem_free(tokens->items);
    mem_free(tokens);
}
