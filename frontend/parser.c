/* The parser: tokens to the syntax tree of ast.h, following the grammar of
 * docs/language.md (recursive descent, one function per grammar rule).
 *
 * Errors: the first error of a statement is reported and the statement is abandoned
 * (every rule returns NULL once `failed` is set); parsing resumes after the next 。.
 * A statement holding a TOK_ERROR token (already reported by the lexer) is skipped
 * silently. Nesting (parentheses, binders, 非, types, and each extra operand of an
 * operator chain, which deepens the tree as much) is limited so that neither this
 * parser nor a later tree walk can overflow the stack. */
#include <stdarg.h>
#include <string.h>

#include "../base/memory.h"
#include "ast.h"

enum { PARSE_MAX_DEPTH = 10000 };

/* Results of quiet type parses by starting token, so that the trial parses behind
 * annotations (see try_annotation_type) stay linear however deeply they nest. */
typedef enum MemoState { MEMO_UNKNOWN, MEMO_OK, MEMO_FAILED } MemoState;
typedef struct TypeMemo {
    AstType *type;
    uint32_t end, prev_end;
    MemoState state;
} TypeMemo;

typedef struct Parser {
    Arena *arena;
    const SourceFile *source;
    DiagEngine *diag;
    const Token *toks;
    uint32_t count;     /* the last token is TOK_EOF */
    uint32_t pos;
    uint32_t prev_end;  /* end of the last consumed token, for spans */
    int depth;
    bool failed;        /* an error ended the current statement */
    bool quiet;         /* trial parse: errors only set `failed` */
    bool depth_hit;     /* the nesting limit was met (such results are not memoised) */
    Span depth_span;    /* where it was met */
    TypeMemo *memo;     /* one per token, allocated at the first trial parse */
} Parser;

/* ---- Tokens ---- */

static const Token *peek(const Parser *p) { return &p->toks[p->pos]; }

static const Token *peek_at(const Parser *p, uint32_t ahead) {
    uint32_t i = p->pos + ahead;
    return &p->toks[i < p->count ? i : p->count - 1];
}

static bool at(const Parser *p, TokenKind kind) { return peek(p)->kind == kind; }

static const Token *advance(Parser *p) {
    const Token *tok = peek(p);
    if (tok->kind != TOK_EOF) {
        p->pos++;
        p->prev_end = tok->span.end;
    }
    return tok;
}

static Span span_from(const Parser *p, const Token *first) {
    uint32_t end = p->prev_end > first->span.start ? p->prev_end : first->span.end;
    return span_make(first->span.file, first->span.start, end);
}

static AstName name_of(const Token *tok) {
    return (AstName){.text = tok->text, .span = tok->span};
}

/* ---- Errors ---- */

static void report(Parser *p, DiagId id, Span span, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void report(Parser *p, DiagId id, Span span, const char *fmt, ...) {
    if (p->quiet) return;
    va_list args;
    va_start(args, fmt);
    diag_report(p->diag, id, DIAG_ERROR, span, fmt, args);
    va_end(args);
}

/* Reports (unless this statement already failed) and marks the statement failed. */
static void fail_at(Parser *p, DiagId id, Span span, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void fail_at(Parser *p, DiagId id, Span span, const char *fmt, ...) {
    if (!p->failed && !p->quiet) {
        va_list args;
        va_start(args, fmt);
        diag_report(p->diag, id, DIAG_ERROR, span, fmt, args);
        va_end(args);
    }
    p->failed = true;
}

/* 「也」 for keywords and punctuation; categories keep their own wording. */
static const char *quoted_kind(Parser *p, TokenKind kind) {
    switch (kind) {
    case TOK_EOF: return "文件结尾";
    case TOK_NAME: return "名字";
    case TOK_NUMERAL: return "数字";
    case TOK_STRING: return "字符串";
    default: return arena_printf(p->arena, "「%s」", fe_token_kind_spelling(kind));
    }
}

static const char *describe_token(Parser *p, const Token *tok) {
    switch (tok->kind) {
    case TOK_NAME: return arena_printf(p->arena, "名字「%s」", tok->text);
    case TOK_NUMERAL: return arena_printf(p->arena, "数字「%s」", tok->text);
    default: return quoted_kind(p, tok->kind);
    }
}

/* Upstream's retired words and 诵 get a message naming what to write instead. */
static const char *retired_word_message(TokenKind kind) {
    switch (kind) {
    case TOK_KW_SONG: return "着色文件不能用「诵」导入，请用「寻」「观」或「寻观」";
    case TOK_KW_OLD_LV: return "「虑」是旧写法，请改用「令」";
    case TOK_KW_OLD_DIGUILV: return "「递归虑」是旧写法，请改用「递归令」";
    case TOK_KW_OLD_SHOUYI: return "「授以」是旧写法，请改用「以」";
    case TOK_KW_OLD_HUI: return "「会」是旧写法，已不再使用（见 docs/language.md）";
    case TOK_KW_OLD_CHENG: return "「承」是旧写法，已不再使用（见 docs/language.md）";
    case TOK_KW_OLD_XUN: return "「循」是旧写法，已不再使用（见 docs/language.md）";
    default: return NULL;
    }
}

/* "此处应为X，却遇到Y" at the current token. Returns NULL for the callers' convenience. */
static void *fail_expected(Parser *p, const char *expected) {
    if (p->quiet) {  /* a trial parse: nothing is reported, nothing to describe */
        p->failed = true;
        return NULL;
    }
    const Token *tok = peek(p);
    const char *retired = retired_word_message(tok->kind);
    if (retired)
        fail_at(p, Y_SYNTAX_ERROR, tok->span, "%s", retired);
    else
        fail_at(p, Y_SYNTAX_ERROR, tok->span, "此处应为%s，却遇到%s", expected, describe_token(p, tok));
    return NULL;
}

static const Token *expect(Parser *p, TokenKind kind) {
    if (p->failed) return NULL;
    if (at(p, kind)) return advance(p);
    fail_expected(p, p->quiet ? "" : quoted_kind(p, kind));
    return NULL;
}

static bool enter(Parser *p) {
    if (p->depth >= PARSE_MAX_DEPTH) {
        p->depth_hit = true;
        p->depth_span = peek(p)->span;
        fail_at(p, Y_NESTING_TOO_DEEP, peek(p)->span, "嵌套过深（最多 %d 层）", PARSE_MAX_DEPTH);
        return false;
    }
    p->depth++;
    return true;
}

static void leave(Parser *p) { p->depth--; }

/* ---- Small helpers ---- */

static AstExpr *new_expr(Parser *p, AstExprKind kind, const Token *first) {
    AstExpr *e = arena_alloc(p->arena, sizeof *e);
    e->kind = kind;
    e->span = span_from(p, first);
    return e;
}

static AstType *new_type(Parser *p, AstTypeKind kind, const Token *first) {
    AstType *t = arena_alloc(p->arena, sizeof *t);
    t->kind = kind;
    t->span = span_from(p, first);
    return t;
}

static void *vec_array(Parser *p, const PtrVec *vec) {
    void **items = arena_alloc_array(p->arena, vec->len ? vec->len : 1, sizeof(void *));
    if (vec->len) memcpy(items, vec->items, vec->len * sizeof(void *));
    return items;
}

static bool is_decl_end(TokenKind kind) {
    return kind == TOK_PERIOD || kind == TOK_COMMA || kind == TOK_RBRACKET || kind == TOK_EOF;
}

/* D1: 也 followed by 。 ， 】 or the end closes a declaration or field; any other 也
 * is the annotation operator. */
static bool at_annotation_ye(const Parser *p) {
    return at(p, TOK_KW_YE) && !is_decl_end(peek_at(p, 1)->kind);
}

/* Numeral text where a name is defined or bound: one error per occurrence, none when the
 * lexer already reported the text as a malformed numeral. */
static void numeral_as_name(Parser *p, const Token *tok, const char *message) {
    if (p->quiet || tok->malformed) return;
    report(p, Y_NUMERAL_AS_NAME, tok->span, "%s", message);
    fe_note_numeral_name(p->diag, tok->span, tok->text, tok->text_len);
}

/* A binder's name: a quoted non-numeral name. */
static bool binder_name(Parser *p, AstName *out) {
    const Token *tok = peek(p);
    if (tok->kind == TOK_NUMERAL) {
        numeral_as_name(p, tok, "绑定的名字不能是数字");
    } else if (tok->kind != TOK_NAME) {
        fail_expected(p, "名字");
        return false;
    }
    *out = name_of(advance(p));
    return true;
}

/* 「模块」之「名」 (and 「包」之「模块」之「名」) in an expression or a type: the name after the
 * last 之, qualified by the names before it. The checker decides what the qualifier may name
 * (an imported shader source; anything else is the seed's 模块投影 error, 着五). */
static AstName qualified_name(Parser *p, const Token *first) {
    PtrVec path = {0};
    const Token *last = first;
    Span zhi = {0, 0, 0};
    while (at(p, TOK_KW_ZHI) && peek_at(p, 1)->kind == TOK_NAME) {
        AstName *module = arena_alloc(p->arena, sizeof *module);
        *module = name_of(last);
        ptrvec_push(p->arena, &path, module);
        zhi = advance(p)->span;
        last = advance(p);
    }
    AstName name = name_of(last);
    if (!path.len) return name;
    AstName *qualifier = arena_alloc_array(p->arena, path.len, sizeof *qualifier);
    for (size_t i = 0; i < path.len; i++) qualifier[i] = *(AstName *)path.items[i];
    name.qualifier = qualifier;
    name.qualifier_count = (uint32_t)path.len;
    name.zhi = zhi;
    return name;
}

/* ---- Types ---- */

static AstType *parse_type(Parser *p);
static AstExpr *parse_expr(Parser *p);

static AstType *parse_record_type(Parser *p, const Token *head) {
    advance(p); /* 【 */
    PtrVec fields = {0};
    while (!at(p, TOK_RBRACKET)) {
        const Token *name = expect(p, TOK_NAME);
        if (!name || !expect(p, TOK_KW_NAI)) return NULL;
        AstType *type = parse_type(p);
        if (!type || !expect(p, TOK_KW_YE)) return NULL;
        AstTypeField *field = arena_alloc(p->arena, sizeof *field);
        field->name = name_of(name);
        field->type = type;
        ptrvec_push(p->arena, &fields, field);
        if (at(p, TOK_COMMA)) {
            advance(p);
        } else if (!at(p, TOK_RBRACKET)) {
            return fail_expected(p, "「，」或「】」");
        }
    }
    advance(p); /* 】 */
    AstType *t = new_type(p, AST_TYPE_RECORD, head);
    t->as.record.head = name_of(head);
    t->as.record.count = (uint32_t)fields.len;
    t->as.record.fields = arena_alloc_array(p->arena, fields.len ? fields.len : 1,
                                            sizeof(AstTypeField));
    for (size_t i = 0; i < fields.len; i++)
        t->as.record.fields[i] = *(AstTypeField *)fields.items[i];
    return t;
}

static AstType *parse_func_type(Parser *p, bool allow_open);

static AstType *parse_type_atom(Parser *p) {
    const Token *first = peek(p), *tok = first;
    switch (tok->kind) {
    case TOK_NAME: {
        advance(p);
        AstName name = qualified_name(p, tok);
        if (at(p, TOK_LBRACKET)) {
            if (strcmp(name.text, "组类") == 0 && !name.qualifier_count) return parse_record_type(p, tok);
            fail_at(p, Y_SYNTAX_ERROR, peek(p)->span, "「【…】」只能跟在「组类」（记录类型）或「组值」（记录值）之后");
            return NULL;
        }
        AstType *t = new_type(p, AST_TYPE_NAME, first);
        t->as.name = name;
        return t;
    }
    case TOK_NUMERAL: {
        advance(p);
        AstType *t = new_type(p, AST_TYPE_NUMERAL, tok);
        t->as.numeral.text = tok->text;
        t->as.numeral.value = tok->numeral;
        return t;
    }
    case TOK_LPAREN: {
        advance(p);
        AstType *inner = parse_type(p);
        if (!inner || !expect(p, TOK_RPAREN)) return NULL;
        return inner;
    }
    case TOK_KW_HUA:
        return parse_func_type(p, false);
    default:
        return fail_expected(p, "类型");
    }
}

/* TypeApp = TypeAtom { 于 TypeAtom }, starting from an already parsed head if given. */
static AstType *parse_type_app(Parser *p, AstType *head) {
    const Token *first = peek(p);
    if (!head) head = parse_type_atom(p);
    if (!head) return NULL;
    if (!at(p, TOK_KW_YU)) return head;
    PtrVec args = {0};
    while (at(p, TOK_KW_YU)) {
        advance(p);
        AstType *arg = parse_type_atom(p);
        if (!arg) return NULL;
        ptrvec_push(p->arena, &args, arg);
    }
    AstType *t = new_type(p, AST_TYPE_APP, first);
    t->span.start = head->span.start;
    t->as.app.head = head;
    t->as.app.args = vec_array(p, &args);
    t->as.app.arg_count = (uint32_t)args.len;
    return t;
}

/* TypeApp { 合 TypeApp } */
static AstType *parse_type_tuple(Parser *p, AstType *first_atom) {
    AstType *first = parse_type_app(p, first_atom);
    if (!first || !at(p, TOK_KW_HE)) return first;
    PtrVec items = {0};
    ptrvec_push(p->arena, &items, first);
    while (at(p, TOK_KW_HE)) {
        advance(p);
        AstType *item = parse_type_app(p, NULL);
        if (!item) return NULL;
        ptrvec_push(p->arena, &items, item);
    }
    AstType *t = arena_alloc(p->arena, sizeof *t);
    t->kind = AST_TYPE_TUPLE;
    t->span = span_make(first->span.file, first->span.start, p->prev_end);
    t->as.tuple.items = vec_array(p, &items);
    t->as.tuple.count = (uint32_t)items.len;
    return t;
}

/* 化 A 而 R (open, only where a whole Type may stand) or 化 A {又化 B} 为 R 者 (closed).
 * 化 A 而化 B 而 R without parentheses is one two-parameter type. */
static AstType *parse_func_type(Parser *p, bool allow_open) {
    const Token *first = advance(p); /* 化 */
    PtrVec params = {0};
    AstType *param = parse_type(p);
    if (!param) return NULL;
    ptrvec_push(p->arena, &params, param);
    bool closed = true;
    AstType *result;
    if (allow_open && at(p, TOK_KW_ER)) {
        advance(p);
        bool nested = at(p, TOK_KW_HUA);
        result = parse_type(p);
        if (!result) return NULL;
        closed = false;
        if (nested && result->kind == AST_TYPE_FUNC && !result->as.func.closed) {
            for (uint32_t i = 0; i < result->as.func.param_count; i++)
                ptrvec_push(p->arena, &params, result->as.func.params[i]);
            result = result->as.func.result;
        }
    } else {
        while (at(p, TOK_KW_YOU)) {
            advance(p);
            if (!expect(p, TOK_KW_HUA)) return NULL;
            if (!(param = parse_type(p))) return NULL;
            ptrvec_push(p->arena, &params, param);
        }
        if (!at(p, TOK_KW_WEI))
            return fail_expected(p, allow_open && params.len == 1 ? "「而」或「为」" : "「为」");
        advance(p);
        if (!(result = parse_type(p)) || !expect(p, TOK_KW_ZHE)) return NULL;
    }
    AstType *t = new_type(p, AST_TYPE_FUNC, first);
    t->as.func.params = vec_array(p, &params);
    t->as.func.param_count = (uint32_t)params.len;
    t->as.func.result = result;
    t->as.func.closed = closed;
    return t;
}

static AstType *parse_forall(Parser *p) {
    const Token *first = advance(p); /* 凡 */
    const Token *var = expect(p, TOK_NAME);
    if (!var || !expect(p, TOK_KW_ER)) return NULL;
    AstType *body = parse_type(p);
    if (!body) return NULL;
    AstType *t = new_type(p, AST_TYPE_FORALL, first);
    t->as.forall.var = name_of(var);
    t->as.forall.body = body;
    return t;
}

static AstType *parse_type_unmemoised(Parser *p);

static AstType *parse_type(Parser *p) {
    if (p->failed) return NULL;
    if (!p->quiet || !p->memo) return parse_type_unmemoised(p);
    TypeMemo *memo = &p->memo[p->pos];
    if (memo->state == MEMO_OK) {
        p->pos = memo->end;
        p->prev_end = memo->prev_end;
        return memo->type;
    }
    if (memo->state == MEMO_FAILED) {
        p->failed = true;
        return NULL;
    }
    bool outer_depth_hit = p->depth_hit;
    p->depth_hit = false;
    AstType *t = parse_type_unmemoised(p);
    if (!p->depth_hit) {
        /* A result cut short by the nesting limit depends on the depth: not kept. */
        memo->state = t ? MEMO_OK : MEMO_FAILED;
        memo->type = t;
        memo->end = p->pos;
        memo->prev_end = p->prev_end;
    }
    p->depth_hit |= outer_depth_hit;
    return t;
}

static AstType *parse_type_unmemoised(Parser *p) {
    if (!enter(p)) return NULL;
    AstType *t;
    if (at(p, TOK_KW_FAN)) {
        t = parse_forall(p);
    } else if (at(p, TOK_KW_HUA)) {
        t = parse_func_type(p, true);
        /* A closed function type is an atom: 于 and 合 may follow it. */
        if (t && t->as.func.closed) t = parse_type_tuple(p, t);
    } else {
        t = parse_type_tuple(p, NULL);
    }
    leave(p);
    return p->failed ? NULL : t;
}

/* ---- Expressions ---- */

static AstExpr *parse_binder_body(Parser *p) { return parse_expr(p); }

/* 得「甲」{又得「乙」}而 body; a body that is itself 得…而… joins this lambda. */
static AstExpr *parse_lambda(Parser *p) {
    const Token *first = advance(p); /* 得 */
    PtrVec params = {0};
    for (;;) {
        AstName *name = arena_alloc(p->arena, sizeof *name);
        if (!binder_name(p, name)) return NULL;
        ptrvec_push(p->arena, &params, name);
        if (!at(p, TOK_KW_YOU)) break;
        advance(p);
        if (!expect(p, TOK_KW_DE)) return NULL;
    }
    if (!expect(p, TOK_KW_ER)) return NULL;
    bool nested = at(p, TOK_KW_DE);
    AstExpr *body = parse_binder_body(p);
    if (!body) return NULL;
    if (nested && body->kind == AST_EXPR_LAMBDA) {
        for (uint32_t i = 0; i < body->as.lambda.param_count; i++)
            ptrvec_push(p->arena, &params, &body->as.lambda.params[i]);
        body = body->as.lambda.body;
    }
    AstExpr *e = new_expr(p, AST_EXPR_LAMBDA, first);
    e->as.lambda.param_count = (uint32_t)params.len;
    e->as.lambda.params = arena_alloc_array(p->arena, params.len, sizeof(AstName));
    for (size_t i = 0; i < params.len; i++) e->as.lambda.params[i] = *(AstName *)params.items[i];
    e->as.lambda.body = body;
    return e;
}

/* 令「名」为 value 而 — the head of a let; the body is the rest of the chain (parse_expr). */
static AstExpr *parse_let_head(Parser *p) {
    const Token *first = advance(p); /* 令 */
    AstName name;
    if (!binder_name(p, &name) || !expect(p, TOK_KW_WEI)) return NULL;
    AstExpr *value = parse_expr(p);
    if (!value || !expect(p, TOK_KW_ER)) return NULL;
    AstExpr *e = new_expr(p, AST_EXPR_LET, first);
    e->as.let.name = name;
    e->as.let.value = value;
    return e;
}

/* 递归令「名」其 type 为 value 而 — likewise. */
static AstExpr *parse_letrec_head(Parser *p) {
    const Token *first = advance(p); /* 递归令 */
    AstName name;
    if (!binder_name(p, &name) || !expect(p, TOK_KW_QI)) return NULL;
    AstType *type = parse_type(p);
    if (!type || !expect(p, TOK_KW_WEI)) return NULL;
    AstExpr *value = parse_expr(p);
    if (!value || !expect(p, TOK_KW_ER)) return NULL;
    AstExpr *e = new_expr(p, AST_EXPR_LETREC, first);
    e->as.letrec.name = name;
    e->as.letrec.type = type;
    e->as.letrec.value = value;
    return e;
}

/* ---- 若 … 则 A；B with B laid out as if it came after the 若 ---- */

/* The columns of indentation before line `index` (0-based) has text (tab stops of 8, the
 * ideographic space U+3000 two columns); *text_at gets the offset of that text. */
static uint32_t line_indent(const SourceFile *source, uint32_t index, uint32_t *text_at) {
    uint32_t at = source->line_starts[index], columns = 0;
    for (;;) {
        const char *c = source->text + at;
        if (at < source->len && *c == ' ') columns++, at++;
        else if (at < source->len && *c == '\t') columns = (columns / 8 + 1) * 8, at++;
        else if (source->len - at >= 3 && memcmp(c, "\xE3\x80\x80", 3) == 0) columns += 2, at += 3;
        else break;
    }
    *text_at = at;
    return columns;
}

static bool is_chain_link(const AstExpr *e) {
    return e->kind == AST_EXPR_LET || e->kind == AST_EXPR_LETREC || e->kind == AST_EXPR_SEQ ||
           e->kind == AST_EXPR_ANNOT;
}

/* A 若's last branch swallows every `；` after it (docs/language.md §5.2). Warns (as gcc's
 * -Wmisleading-indentation) at the first item after such a `；` that starts a line indented
 * no deeper than the 若's own line: it reads as coming after the 若 but runs only under it. */
static void warn_swallowed_sequence(Parser *p, const AstExpr *if_expr, const AstExpr *branch) {
    const SourceFile *source = p->source;
    if (p->quiet || !source || !source->line_starts) return;
    uint32_t if_line = source_line_index(source, if_expr->span.start);
    for (const AstExpr *e = branch; e && is_chain_link(e); e = fe_ast_chain_rest(e)) {
        const AstExpr *next = e->kind == AST_EXPR_SEQ ? e->as.seq.second : NULL;
        if (!next) continue;
        uint32_t line = source_line_index(source, next->span.start), text_at, if_text_at;
        if (line == if_line) continue;
        uint32_t indent = line_indent(source, line, &text_at);
        if (text_at != next->span.start || indent > line_indent(source, if_line, &if_text_at)) continue;
        bool has_else = if_expr->as.if_.else_branch != NULL;
        diag_warning(p->diag, Y_MISLEADING_INDENTATION, next->span,
                     "「；」后的这一行仍在第 %u 行「若」的「%s」分支里（只在条件%s时执行），缩进却不比「若」深",
                     if_line + 1, has_else ? "否则" : "则", has_else ? "不成立" : "成立");
        diag_note(p->diag, span_make(if_expr->span.file, if_expr->span.start, if_expr->span.start + 3),
                  "要它在「若」之后照常执行，请写作（若 … 则 …%s）；…；"
                  "要它归「若」管，请把它缩进得比「若」深", has_else ? " 否则 …" : "");
        return;
    }
}

/* 若 c 则 a [否则 b]: an inner 若 takes the nearest 否则. */
static AstExpr *parse_if(Parser *p) {
    const Token *first = advance(p); /* 若 */
    AstExpr *cond = parse_expr(p);
    if (!cond || !expect(p, TOK_KW_ZE)) return NULL;
    AstExpr *then_branch = parse_expr(p);
    if (!then_branch) return NULL;
    AstExpr *else_branch = NULL;
    if (at(p, TOK_KW_FOUZE)) {
        advance(p);
        if (!(else_branch = parse_binder_body(p))) return NULL;
    }
    AstExpr *e = new_expr(p, AST_EXPR_IF, first);
    e->as.if_.cond = cond;
    e->as.if_.then_branch = then_branch;
    e->as.if_.else_branch = else_branch;
    warn_swallowed_sequence(p, e, else_branch ? else_branch : then_branch);
    return e;
}

/* 鉴 is parsed only so that the checker can reject it at its place. */
static AstExpr *parse_match(Parser *p) {
    const Token *first = advance(p); /* 鉴 */
    AstExpr *operand = parse_binder_body(p);
    if (!operand) return NULL;
    AstExpr *e = new_expr(p, AST_EXPR_MATCH, first);
    e->as.match.operand = operand;
    return e;
}

static AstExpr *parse_binder(Parser *p) {
    /* A definition's own 得 is its function header, not a level of nesting: a function body
     * may hold the full limit of nested 若. */
    bool header = peek(p)->kind == TOK_KW_DE && p->depth == 0;
    if (!header && !enter(p)) return NULL;
    AstExpr *e = NULL;
    switch (peek(p)->kind) {
    case TOK_KW_DE: e = parse_lambda(p); break;
    case TOK_KW_LING: case TOK_KW_DIGUILING: e = parse_expr(p); break;
    case TOK_KW_RUO: e = parse_if(p); break;
    default: e = parse_match(p); break;
    }
    if (!header) leave(p);
    return p->failed ? NULL : e;
}

static AstExpr *parse_paren(Parser *p) {
    if (!enter(p)) return NULL;
    const Token *first = advance(p); /* （ */
    AstExpr *inner = parse_expr(p);
    AstExpr *e = NULL;
    if (inner && expect(p, TOK_RPAREN)) {
        e = new_expr(p, AST_EXPR_PAREN, first);
        e->as.paren.inner = inner;
    }
    leave(p);
    return e;
}

static AstExpr *parse_atom(Parser *p) {
    const Token *tok = peek(p);
    AstExpr *e;
    switch (tok->kind) {
    case TOK_NAME: {
        advance(p);
        AstName name = qualified_name(p, tok);
        e = new_expr(p, AST_EXPR_NAME, tok);
        e->as.name = name;
        return e;
    }
    case TOK_NUMERAL:
        advance(p);
        e = new_expr(p, AST_EXPR_NUMERAL, tok);
        e->as.numeral.text = tok->text;
        e->as.numeral.value = tok->numeral;
        return e;
    case TOK_STRING:
        advance(p);
        e = new_expr(p, AST_EXPR_STRING, tok);
        e->as.string.text = tok->text;
        e->as.string.len = tok->text_len;
        return e;
    case TOK_LPAREN:
        return parse_paren(p);
    case TOK_KW_DE: case TOK_KW_LING: case TOK_KW_DIGUILING: case TOK_KW_RUO:
    case TOK_KW_JIAN_MATCH:
        return parse_binder(p);
    default:
        return fail_expected(p, "表达式");
    }
}

/* 「组值」【「名」者 e 也，…】 (trailing comma allowed). */
static AstExpr *parse_record_value(Parser *p, AstExpr *head) {
    if (head->kind != AST_EXPR_NAME || strcmp(head->as.name.text, "组值") != 0 ||
        head->as.name.qualifier_count) {
        fail_at(p, Y_SYNTAX_ERROR, peek(p)->span, "「【…】」只能跟在「组值」（记录值）或「组类」（记录类型）之后");
        return NULL;
    }
    advance(p); /* 【 */
    PtrVec fields = {0};
    while (!at(p, TOK_RBRACKET)) {
        const Token *name = expect(p, TOK_NAME);
        if (!name || !expect(p, TOK_KW_ZHE)) return NULL;
        AstExpr *value = parse_expr(p);
        if (!value || !expect(p, TOK_KW_YE)) return NULL;
        AstField *field = arena_alloc(p->arena, sizeof *field);
        field->name = name_of(name);
        field->value = value;
        ptrvec_push(p->arena, &fields, field);
        if (at(p, TOK_COMMA)) {
            advance(p);
        } else if (!at(p, TOK_RBRACKET)) {
            return fail_expected(p, "「，」或「】」");
        }
    }
    advance(p); /* 】 */
    AstExpr *e = arena_alloc(p->arena, sizeof *e);
    e->kind = AST_EXPR_RECORD;
    e->span = span_make(head->span.file, head->span.start, p->prev_end);
    e->as.record.head = head->as.name;
    e->as.record.count = (uint32_t)fields.len;
    e->as.record.fields = arena_alloc_array(p->arena, fields.len ? fields.len : 1,
                                            sizeof(AstField));
    for (size_t i = 0; i < fields.len; i++) e->as.record.fields[i] = *(AstField *)fields.items[i];
    return e;
}

static AstExpr *parse_post(Parser *p) {
    AstExpr *atom = parse_atom(p);
    if (!atom || !at(p, TOK_LBRACKET)) return atom;
    return parse_record_value(p, atom);
}

static AstExpr *join_expr(Parser *p, AstExprKind kind, const AstExpr *left) {
    AstExpr *e = arena_alloc(p->arena, sizeof *e);
    e->kind = kind;
    e->span = span_make(left->span.file, left->span.start, p->prev_end);
    return e;
}

/* Proj = Post { 中 (Numeral | Name) } */
static AstExpr *parse_proj(Parser *p) {
    AstExpr *base = parse_post(p);
    int saved_depth = p->depth;
    while (base && at(p, TOK_KW_ZHONG)) {
        if (!enter(p)) return NULL;
        advance(p);
        const Token *member = peek(p);
        if (member->kind != TOK_NAME && member->kind != TOK_NUMERAL)
            return fail_expected(p, "名字或数字");
        advance(p);
        AstExpr *e = join_expr(p, AST_EXPR_PROJ, base);
        e->as.proj.base = base;
        e->as.proj.member = name_of(member);
        e->as.proj.is_numeral = member->kind == TOK_NUMERAL;
        if (e->as.proj.is_numeral) e->as.proj.index = member->numeral;
        base = e;
    }
    p->depth = saved_depth;
    return base;
}

/* App = Proj [以 TypeAtom] {于 Proj}: one saturated call. */
static AstExpr *parse_app(Parser *p) {
    AstExpr *callee = parse_proj(p);
    if (!callee || (!at(p, TOK_KW_YI) && !at(p, TOK_KW_YU))) return callee;
    AstType *type_arg = NULL;
    if (at(p, TOK_KW_YI)) {
        advance(p);
        if (!enter(p)) return NULL;
        type_arg = parse_type_atom(p);
        leave(p);
        if (!type_arg) return NULL;
    }
    PtrVec args = {0};
    while (at(p, TOK_KW_YU)) {
        advance(p);
        AstExpr *arg = parse_proj(p);
        if (!arg) return NULL;
        ptrvec_push(p->arena, &args, arg);
    }
    AstExpr *e = join_expr(p, AST_EXPR_CALL, callee);
    e->as.call.callee = callee;
    e->as.call.type_arg = type_arg;
    e->as.call.args = vec_array(p, &args);
    e->as.call.arg_count = (uint32_t)args.len;
    return e;
}

static AstExpr *parse_not(Parser *p) {
    if (!at(p, TOK_KW_FEI)) return parse_app(p);
    if (!enter(p)) return NULL;
    const Token *first = advance(p);
    AstExpr *operand = parse_not(p);
    leave(p);
    if (!operand) return NULL;
    AstExpr *e = new_expr(p, AST_EXPR_NOT, first);
    e->as.not_.operand = operand;
    return e;
}

typedef AstExpr *(*ParseFn)(Parser *p);

static bool binary_op_of(TokenKind kind, AstBinaryOp *op) {
    switch (kind) {
    case TOK_KW_JIA: *op = AST_OP_ADD; return true;
    case TOK_KW_JIAN: *op = AST_OP_SUB; return true;
    case TOK_KW_CHENG: *op = AST_OP_MUL; return true;
    case TOK_KW_CHU: *op = AST_OP_DIV; return true;
    case TOK_KW_YU_MOD: *op = AST_OP_MOD; return true;
    case TOK_KW_DENGYU: *op = AST_OP_EQ; return true;
    case TOK_KW_BUDENGYU: *op = AST_OP_NE; return true;
    case TOK_KW_XIAOYU: *op = AST_OP_LT; return true;
    case TOK_KW_DAYU: *op = AST_OP_GT; return true;
    case TOK_KW_BUXIAOYU: *op = AST_OP_GE; return true;
    case TOK_KW_BUDAYU: *op = AST_OP_LE; return true;
    case TOK_KW_QIE: *op = AST_OP_AND; return true;
    case TOK_KW_HUO: *op = AST_OP_OR; return true;
    default: return false;
    }
}

static bool is_comparison(AstBinaryOp op) { return op >= AST_OP_EQ && op <= AST_OP_LE; }

static AstExpr *make_binary(Parser *p, AstBinaryOp op, Span op_span, AstExpr *left,
                            AstExpr *right) {
    AstExpr *e = join_expr(p, AST_EXPR_BINARY, left);
    e->as.binary.op = op;
    e->as.binary.op_span = op_span;
    e->as.binary.left = left;
    e->as.binary.right = right;
    return e;
}

/* Left-associative chain of the operators in [lo, hi]; each extra operand deepens the
 * tree, so it counts toward the nesting limit. */
static AstExpr *parse_left_chain(Parser *p, ParseFn operand, AstBinaryOp lo, AstBinaryOp hi) {
    AstExpr *left = operand(p);
    int saved_depth = p->depth;
    AstBinaryOp op;
    while (left && binary_op_of(peek(p)->kind, &op) && op >= lo && op <= hi) {
        if (!enter(p)) return NULL;
        Span op_span = advance(p)->span;
        AstExpr *right = operand(p);
        if (!right) return NULL;
        left = make_binary(p, op, op_span, left, right);
    }
    p->depth = saved_depth;
    return left;
}

static AstExpr *parse_mul(Parser *p) { return parse_left_chain(p, parse_not, AST_OP_MUL, AST_OP_MOD); }
static AstExpr *parse_add(Parser *p) { return parse_left_chain(p, parse_mul, AST_OP_ADD, AST_OP_SUB); }

/* Comparisons do not chain: a 小于 b 小于 c is an error. */
static AstExpr *parse_cmp(Parser *p) {
    AstExpr *left = parse_add(p);
    AstBinaryOp op;
    if (!left || !binary_op_of(peek(p)->kind, &op) || !is_comparison(op)) return left;
    Span op_span = advance(p)->span;
    AstExpr *right = parse_add(p);
    if (!right) return NULL;
    AstBinaryOp next;
    if (binary_op_of(peek(p)->kind, &next) && is_comparison(next)) {
        fail_at(p, Y_CHAINED_COMPARISON, peek(p)->span, "比较不能连写，请用括号或「且」分开");
        return NULL;
    }
    return make_binary(p, op, op_span, left, right);
}

static AstExpr *parse_and(Parser *p) { return parse_left_chain(p, parse_cmp, AST_OP_AND, AST_OP_AND); }
static AstExpr *parse_or(Parser *p) { return parse_left_chain(p, parse_and, AST_OP_OR, AST_OP_OR); }

static const AstExpr *strip_parens(const AstExpr *e) {
    while (e->kind == AST_EXPR_PAREN) e = e->as.paren.inner;
    return e;
}

/* Tuple = Or { 与 Or }, one flat node; a parenthesised tuple as the last item is
 * spliced in (着八: 甲 与（乙 与 丙） is a triple). */
static AstExpr *parse_tuple(Parser *p) {
    AstExpr *first = parse_or(p);
    if (!first || !at(p, TOK_KW_YU_AND)) return first;
    PtrVec items = {0};
    ptrvec_push(p->arena, &items, first);
    while (at(p, TOK_KW_YU_AND)) {
        advance(p);
        AstExpr *item = parse_or(p);
        if (!item) return NULL;
        ptrvec_push(p->arena, &items, item);
    }
    const AstExpr *last = items.items[items.len - 1];
    if (last->kind == AST_EXPR_PAREN && strip_parens(last)->kind == AST_EXPR_TUPLE) {
        const AstExpr *inner = strip_parens(last);
        items.len--;
        for (uint32_t i = 0; i < inner->as.tuple.count; i++)
            ptrvec_push(p->arena, &items, inner->as.tuple.items[i]);
    }
    AstExpr *e = join_expr(p, AST_EXPR_TUPLE, first);
    e->as.tuple.items = vec_array(p, &items);
    e->as.tuple.count = (uint32_t)items.len;
    return e;
}

/* Tries to read `Type 也` where that 也 is the annotation operator (D1). Quiet: on any
 * failure the position is restored and NULL returned. Any type may stand on the left
 * (also 化…, 凡… and 合, which no expression could spell). */
static AstType *try_annotation_type(Parser *p) {
    TokenKind kind = peek(p)->kind;
    if (kind != TOK_NAME && kind != TOK_NUMERAL && kind != TOK_LPAREN && kind != TOK_KW_HUA &&
        kind != TOK_KW_FAN)
        return NULL;
    if (!p->memo) p->memo = mem_calloc(p->count, sizeof(TypeMemo));  /* freed with the tokens */
    uint32_t pos = p->pos, prev_end = p->prev_end;
    int depth = p->depth;
    bool quiet = p->quiet, outer_depth_hit = p->depth_hit;
    p->quiet = true;
    p->depth_hit = false;
    p->depth--;  /* the type's root stands at the expression's own level */
    AstType *type = parse_type(p);
    bool ok = type && !p->failed && at_annotation_ye(p);
    bool too_deep = p->depth_hit;
    p->quiet = quiet;
    p->failed = false;
    p->depth = depth;
    p->depth_hit = outer_depth_hit || too_deep;
    if (ok) {
        advance(p); /* 也 */
        return type;
    }
    p->pos = pos;
    p->prev_end = prev_end;
    /* The expression over the same tokens nests as deep (a level per parenthesis), so the
     * limit ends the statement here; trying again at each level inside would be quadratic. */
    if (too_deep) fail_at(p, Y_NESTING_TOO_DEEP, p->depth_span, "嵌套过深（最多 %d 层）", PARSE_MAX_DEPTH);
    return NULL;
}

/* Expr = Annot = [ Type 也 ] Seq, Seq = Tuple [ ； Seq ], and a 令/递归令 body is an Expr
 * again: a right-nested chain. It is read in a loop, not by recursion, and its links do not
 * count as nesting, so a body may hold any number of lets and statements. Each link is a node
 * whose last slot (body, operand, second) is the rest of the chain; they are closed from the
 * innermost out once the last item is read. */
typedef struct ChainLink {
    AstExpr *node;
    const Token *first;
} ChainLink;

static AstExpr *close_chain(Parser *p, const ChainLink *links, size_t count, AstExpr *result) {
    for (size_t i = count; i-- > 0;) {
        AstExpr *e = links[i].node;
        switch (e->kind) {
        case AST_EXPR_LET: e->as.let.body = result; break;
        case AST_EXPR_LETREC: e->as.letrec.body = result; break;
        case AST_EXPR_ANNOT: e->as.annot.expr = result; break;
        default: e->as.seq.second = result; break;
        }
        e->span = e->kind == AST_EXPR_SEQ ? span_make(result->span.file, e->as.seq.first->span.start, result->span.end)
                                          : span_from(p, links[i].first);
        result = e;
    }
    return result;
}

static bool push_link(Parser *p, ChainLink **links, size_t *count, size_t *cap, AstExpr *node,
                      const Token *first) {
    if (!node) return false;
    if (*count == *cap) {
        size_t grown = *cap ? *cap * 2 : 8;
        ChainLink *bigger = arena_alloc_array(p->arena, grown, sizeof *bigger);
        if (*count) memcpy(bigger, *links, *count * sizeof *bigger);
        *links = bigger;
        *cap = grown;
    }
    (*links)[(*count)++] = (ChainLink){node, first};
    return true;
}

/* A 也 after a chain that is no annotation: reported at the innermost Expr of the chain (a
 * let body, or the whole) that has no annotation of its own, as recursion would. */
static bool misplaced_ye(Parser *p, const ChainLink *links, size_t count, const AstExpr *whole) {
    if (!at_annotation_ye(p)) return false;
    for (size_t start = count + 1; start-- > 0;) {
        bool expr_start = start == 0 || links[start - 1].node->kind == AST_EXPR_LET ||
                          links[start - 1].node->kind == AST_EXPR_LETREC;
        if (!expr_start) continue;
        if (start < count && links[start].node->kind == AST_EXPR_ANNOT) continue;
        fail_at(p, Y_SYNTAX_ERROR, start == 0 ? whole->span : fe_ast_chain_rest(links[start - 1].node)->span, "「也」左边须是类型");
        return true;
    }
    return false;
}

static AstExpr *parse_expr(Parser *p) {
    if (p->failed) return NULL;
    ChainLink *links = NULL;
    size_t count = 0, cap = 0;
    bool may_annotate = true;      /* at the start of an Expr (not of a Seq's rest) */
    for (;;) {
        const Token *first = peek(p);
        if (at(p, TOK_KW_LING) || at(p, TOK_KW_DIGUILING)) {
            AstExpr *head = at(p, TOK_KW_LING) ? parse_let_head(p) : parse_letrec_head(p);
            if (!push_link(p, &links, &count, &cap, head, first)) return NULL;
            may_annotate = true;
            continue;
        }
        AstType *type = may_annotate ? try_annotation_type(p) : NULL;
        if (p->failed) return NULL;
        if (type) {
            AstExpr *annot = new_expr(p, AST_EXPR_ANNOT, first);
            annot->as.annot.type = type;
            if (!push_link(p, &links, &count, &cap, annot, first)) return NULL;
            may_annotate = false;
            continue;
        }
        AstExpr *item = parse_tuple(p);
        if (!item) return NULL;
        if (!at(p, TOK_SEMI)) {
            AstExpr *result = close_chain(p, links, count, item);
            return misplaced_ye(p, links, count, result) ? NULL : result;
        }
        advance(p); /* ； */
        AstExpr *seq = arena_alloc(p->arena, sizeof *seq);
        seq->kind = AST_EXPR_SEQ;
        seq->as.seq.first = item;
        if (!push_link(p, &links, &count, &cap, seq, first)) return NULL;
        may_annotate = false;
    }
}

/* ---- Statements ---- */

static AstStmt *new_stmt(Parser *p, AstStmtKind kind, const Token *first) {
    AstStmt *s = arena_alloc(p->arena, sizeof *s);
    s->kind = kind;
    s->span = span_from(p, first);
    return s;
}

/* (寻 | 观 | 寻观) Name { 之 Name } 之书 */
static AstStmt *parse_import(Parser *p) {
    const Token *first = advance(p);
    PtrVec path = {0};
    for (;;) {
        const Token *name = expect(p, TOK_NAME);
        if (!name) return NULL;
        AstName *item = arena_alloc(p->arena, sizeof *item);
        *item = name_of(name);
        ptrvec_push(p->arena, &path, item);
        if (!at(p, TOK_KW_ZHI)) break;
        advance(p);
    }
    if (!expect(p, TOK_KW_ZHISHU)) return NULL;
    AstStmt *s = new_stmt(p, AST_STMT_IMPORT, first);
    s->as.import.kind = first->kind == TOK_KW_XUN    ? AST_IMPORT_XUN
                        : first->kind == TOK_KW_GUAN ? AST_IMPORT_GUAN
                                                     : AST_IMPORT_XUNGUAN;
    s->as.import.path_len = (uint32_t)path.len;
    s->as.import.path = arena_alloc_array(p->arena, path.len, sizeof(AstName));
    for (size_t i = 0; i < path.len; i++) s->as.import.path[i] = *(AstName *)path.items[i];
    return s;
}

static bool is_decl_keyword(TokenKind kind) {
    return kind == TOK_KW_NAI || kind == TOK_KW_ZHE || kind == TOK_KW_JI || kind == TOK_KW_LI;
}

/* 「名」乃 T 也 | 「名」者 e 也 | 「名」即 T 也 | 「名」立 T 也 */
static AstStmt *parse_decl(Parser *p) {
    const Token *first = advance(p);
    if (first->kind == TOK_NUMERAL) numeral_as_name(p, first, "定义的名字不能是数字");
    TokenKind kind = advance(p)->kind;
    AstType *type = NULL;
    AstExpr *value = NULL;
    if (kind == TOK_KW_ZHE)
        value = parse_expr(p);
    else
        type = parse_type(p);
    if ((!type && !value) || !expect(p, TOK_KW_YE)) return NULL;
    AstStmtKind stmt_kind = kind == TOK_KW_NAI  ? AST_STMT_SIG
                            : kind == TOK_KW_JI ? AST_STMT_TYPEDEF
                            : kind == TOK_KW_LI ? AST_STMT_LI
                                                : AST_STMT_DEF;
    AstStmt *s = new_stmt(p, stmt_kind, first);
    if (value) {
        s->as.def.name = name_of(first);
        s->as.def.value = value;
    } else {
        s->as.sig.name = name_of(first);
        s->as.sig.type = type;
    }
    return s;
}

static AstStmt *parse_statement(Parser *p) {
    const Token *tok = peek(p);
    switch (tok->kind) {
    case TOK_KW_XUN: case TOK_KW_GUAN: case TOK_KW_XUNGUAN:
        return parse_import(p);
    case TOK_PERIOD:
        return fail_expected(p, "语句");
    case TOK_NAME: case TOK_NUMERAL:
        if (is_decl_keyword(peek_at(p, 1)->kind)) return parse_decl(p);
        break;
    default:
        break;
    }
    AstExpr *expr = parse_expr(p);
    if (!expr) return NULL;
    AstStmt *s = new_stmt(p, AST_STMT_EXPR, tok);
    s->as.expr.expr = expr;
    return s;
}

static bool statement_has_lex_error(const Parser *p) {
    for (uint32_t i = p->pos; i < p->count; i++) {
        TokenKind kind = p->toks[i].kind;
        if (kind == TOK_ERROR) return true;
        if (kind == TOK_PERIOD || kind == TOK_EOF) return false;
    }
    return false;
}

static void skip_statement(Parser *p) {
    while (!at(p, TOK_PERIOD) && !at(p, TOK_EOF)) advance(p);
    advance(p);
}

/* One statement and its closing 。 (or the end of the file). */
static AstStmt *parse_top_statement(Parser *p) {
    p->failed = false;
    p->depth = 0;
    AstStmt *s = parse_statement(p);
    if (!s || p->failed) return NULL;
    if (at(p, TOK_PERIOD)) {
        advance(p);
    } else if (!at(p, TOK_EOF)) {
        return fail_expected(p, "「。」");
    }
    return s;
}

AstFile *fe_parse_file(Arena *arena, const SourceFile *source, DiagEngine *diag) {
    return fe_parse_file_recording(arena, source, diag, NULL);
}

AstFile *fe_parse_file_recording(Arena *arena, const SourceFile *source, DiagEngine *diag, LexRecord *record) {
    /* the tokens and the memo are the parse's own (the tokens the record's, when kept); the
     * AST keeps the texts, in `arena` */
    TokenList tokens = fe_lex_file_apart(arena, source, diag, record ? &record->comments : NULL);
    Parser parser = {.arena = arena, .source = source, .diag = diag, .toks = tokens.items,
                     .count = tokens.count};
    Parser *p = &parser;
    PtrVec stmts = {0};
    while (p->count > 0 && !at(p, TOK_EOF) && !diag_capped(diag)) {
        if (statement_has_lex_error(p)) {
            skip_statement(p);
            continue;
        }
        AstStmt *s = parse_top_statement(p);
        if (s)
            ptrvec_push(arena, &stmts, s);
        else
            skip_statement(p);
    }
    /* A flood stopped by -fmax-errors says so (the lexer and the checker print the same). */
    if (p->count > 0 && !at(p, TOK_EOF)) diag_stop_at_cap(diag);
    AstFile *file = arena_alloc(arena, sizeof *file);
    file->source = source;
    file->stmts = vec_array(p, &stmts);
    file->count = (uint32_t)stmts.len;
    mem_free(parser.memo);
    if (record) {
        record->tokens = tokens;
        record->recorded = true;
    } else {
        mem_free(tokens.items);
    }
    return file;
}
