/* The lexer's tokens as the library gives them to editors (lib/tokens.c): yusec_tokenize's
 * and an index's (yusec_index_tokens), from one conversion. */
#ifndef YUSEC_LIB_TOKENS_H
#define YUSEC_LIB_TOKENS_H

#include <stddef.h>

#include "../frontend/token.h"
#include "yusec/yusec.h"

/* The tokens (without the TOK_EOF that ends them) and the comments merged in source order
 * into `out`, which has room for tokens->count + comments->count items; returns how many. */
size_t lib_tokens_merge(yusec_token *out, const TokenList *tokens, const CommentList *comments);

#endif
