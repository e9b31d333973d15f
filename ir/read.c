/* Reads the textual form printed by print.c back into a module. The first problem is
 * reported at file:line:col and reading stops there (the text is machine-made; one precise
 * error is worth more than a cascade). */
#include <errno.h>
#include <inttypes.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "../base/suggest.h"
#include "../base/utf8.h"
#include "internal.h"

typedef enum TokKind {
    T_EOF, T_NEWLINE, T_IDENT, T_VALUE, T_GLOBAL, T_TYPENAME, T_NUMBER,
    T_LPAREN, T_RPAREN, T_LBRACE, T_RBRACE, T_LT, T_GT, T_COMMA, T_COLON, T_EQ, T_BANG, T_ARROW,
} TokKind;

typedef struct Token {
    TokKind kind;
    uint32_t start, end;
} Token;

typedef struct Parser {
    const SourceFile *file;
    DiagEngine *diag;
    const char *text;
    uint32_t len, pos;
    Token tok;
    bool quiet;          /* pre-scan: no diagnostics, stop quietly */
    jmp_buf fail;
    IrModule *m;
    uint32_t next_func;  /* index of the next `fn` definition */
    IrFunction *func;
    IrBuilder b;
    IrValueId *numbers;  /* printed number -> value id (IR_NONE when not yet defined) */
    uint32_t number_cap;
    uint32_t depth;      /* nesting of blocks and types, bounded so the stack is too */
    Arena scratch;       /* the lists being read (operands, fields, …): freed with the parser */
} Parser;

/* The front end's nesting limit (docs/language.md §2.9): what -emit-ir prints reads back. */
enum { MAX_DEPTH = 10000 };

static Span tok_span(const Parser *p, Token t) { return span_make(p->file->id, t.start, t.end); }

static _Noreturn void fail_at(Parser *p, DiagId id, Token t, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Messages name the token they reject: its text quoted (cut at 40 bytes), or what it is
 * when it has no text (the end of a line or of the file). */
enum { QUOTED_TOKEN_MAX = 40 };

typedef struct QuotedToken {
    char text[QUOTED_TOKEN_MAX * 2 + 16];
} QuotedToken;

static QuotedToken quote_token(const Parser *p, Token t) {
    QuotedToken q;
    if (t.kind == T_EOF) snprintf(q.text, sizeof q.text, "文件结尾");
    else if (t.kind == T_NEWLINE) snprintf(q.text, sizeof q.text, "换行");
    else {
        uint32_t len = t.end - t.start;
        bool cut = len > QUOTED_TOKEN_MAX;
        if (cut) {  /* at a character boundary */
            len = QUOTED_TOKEN_MAX;
            while (len > 0 && ((unsigned char)p->text[t.start + len] & 0xC0) == 0x80) len--;
        }
        snprintf(q.text, sizeof q.text, "“%.*s%s”", (int)len, p->text + t.start, cut ? "…" : "");
    }
    return q;
}

static _Noreturn void fail_at(Parser *p, DiagId id, Token t, const char *fmt, ...) {
    if (!p->quiet) {
        va_list args;
        va_start(args, fmt);
        diag_report(p->diag, id, DIAG_ERROR, tok_span(p, t), fmt, args);
        va_end(args);
    }
    longjmp(p->fail, 1);
}

/* ---- lexer ---- */

static bool is_name_byte(unsigned char c) {
    return c >= 0x80 || c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
           (c >= 'A' && c <= 'Z') || c == '\\';
}

static bool is_hex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static void scan_name(Parser *p, bool allow_dot) {
    while (p->pos < p->len) {
        unsigned char c = (unsigned char)p->text[p->pos];
        if (c == '\\') {
            if (p->pos + 2 >= p->len || !is_hex(p->text[p->pos + 1]) || !is_hex(p->text[p->pos + 2])) {
                Token bad = {T_EOF, p->pos, p->pos + 1};
                fail_at(p, Y_YIR_SYNTAX, bad, "名字里的转义须是 \\ 加两位十六进制数");
            }
            p->pos += 3;
        } else if (is_name_byte(c) || (allow_dot && c == '.')) {
            p->pos++;
        } else {
            break;
        }
    }
}

static void next(Parser *p) {
    for (;;) {
        while (p->pos < p->len && (p->text[p->pos] == ' ' || p->text[p->pos] == '\t' ||
                                   p->text[p->pos] == '\r'))
            p->pos++;
        if (p->pos < p->len && p->text[p->pos] == ';') {
            while (p->pos < p->len && p->text[p->pos] != '\n') p->pos++;
            continue;
        }
        break;
    }
    Token t = {T_EOF, p->pos, p->pos};
    if (p->pos >= p->len) {
        p->tok = t;
        return;
    }
    char c = p->text[p->pos];
    uint32_t start = p->pos++;
    switch (c) {
    case '\n': t.kind = T_NEWLINE; break;
    case '(': t.kind = T_LPAREN; break;
    case ')': t.kind = T_RPAREN; break;
    case '{': t.kind = T_LBRACE; break;
    case '}': t.kind = T_RBRACE; break;
    case '<': t.kind = T_LT; break;
    case '>': t.kind = T_GT; break;
    case ',': t.kind = T_COMMA; break;
    case ':': t.kind = T_COLON; break;
    case '=': t.kind = T_EQ; break;
    case '!': t.kind = T_BANG; break;
    case '%': t.kind = T_VALUE; scan_name(p, true); break;
    case '@': t.kind = T_GLOBAL; scan_name(p, false); break;
    case '$': t.kind = T_TYPENAME; scan_name(p, false); break;
    default:
        if (c == '-' && p->pos < p->len && p->text[p->pos] == '>') {
            p->pos++;
            t.kind = T_ARROW;
        } else if ((c >= '0' && c <= '9') || (c == '-' && p->pos < p->len && p->text[p->pos] >= '0' &&
                                                p->text[p->pos] <= '9')) {
            t.kind = T_NUMBER;
            while (p->pos < p->len) {
                char d = p->text[p->pos];
                char prev = p->text[p->pos - 1];
                bool sign = (d == '+' || d == '-') && (prev == 'e' || prev == 'E');
                if (!(is_hex(d) || d == '.' || d == 'x' || d == 'X' || (d >= 'a' && d <= 'z') || sign)) break;
                p->pos++;
            }
        } else if (is_name_byte((unsigned char)c) && !(c >= '0' && c <= '9')) {
            /* Keywords, and field names (which may be non-ASCII or escaped). */
            t.kind = T_IDENT;
            p->pos = start;
            scan_name(p, false);
        } else {
            size_t width = 1;
            utf8_decode(p->text + start, p->len - start, &width);
            Token bad = {T_EOF, start, start + (uint32_t)width};
            fail_at(p, Y_YIR_SYNTAX, bad, "无法识别的字符");
        }
    }
    t.start = start;
    t.end = p->pos;
    p->tok = t;
}

static bool tok_is(const Parser *p, const char *word) {
    size_t len = strlen(word);
    return p->tok.kind == T_IDENT && p->tok.end - p->tok.start == len &&
           memcmp(p->text + p->tok.start, word, len) == 0;
}

static const char *tok_desc(TokKind kind) {
    switch (kind) {
    case T_EOF: return "文件结尾";
    case T_NEWLINE: return "换行";
    case T_IDENT: return "关键字";
    case T_VALUE: return "值 %";
    case T_GLOBAL: return "符号 @";
    case T_TYPENAME: return "结构类型 $";
    case T_NUMBER: return "数";
    case T_LPAREN: return "“(”";
    case T_RPAREN: return "“)”";
    case T_LBRACE: return "“{”";
    case T_RBRACE: return "“}”";
    case T_LT: return "“<”";
    case T_GT: return "“>”";
    case T_COMMA: return "“,”";
    case T_COLON: return "“:”";
    case T_EQ: return "“=”";
    case T_BANG: return "“!”";
    case T_ARROW: return "“->”";
    }
    return "记号";
}

static Token expect(Parser *p, TokKind kind) {
    Token t = p->tok;
    if (t.kind != kind) fail_at(p, Y_YIR_SYNTAX, t, "此处应为%s，却是%s", tok_desc(kind), quote_token(p, t).text);
    next(p);
    return t;
}

static void expect_word(Parser *p, const char *word) {
    if (!tok_is(p, word)) fail_at(p, Y_YIR_SYNTAX, p->tok, "此处应为“%s”，却是%s", word, quote_token(p, p->tok).text);
    next(p);
}

static void skip_newlines(Parser *p) {
    while (p->tok.kind == T_NEWLINE) next(p);
}

static void end_of_line(Parser *p) {
    if (p->tok.kind != T_NEWLINE && p->tok.kind != T_EOF) fail_at(p, Y_YIR_SYNTAX, p->tok, "此处应换行，却是%s", quote_token(p, p->tok).text);
    skip_newlines(p);
}

/* Decodes the name after a sigil (escapes resolved) into the module arena. */
static char *decode_name(Parser *p, uint32_t start, uint32_t end) {
    char *out = arena_alloc(&p->m->arena, end - start + 1);
    size_t n = 0;
    for (uint32_t i = start; i < end; i++) {
        if (p->text[i] == '\\') {
            char hex[3] = {p->text[i + 1], p->text[i + 2], 0};
            out[n++] = (char)strtoul(hex, NULL, 16);
            i += 2;
        } else {
            out[n++] = p->text[i];
        }
    }
    out[n] = '\0';
    return out;
}

static char *symbol_name(Parser *p, Token t) { return decode_name(p, t.start + 1, t.end); }

static uint64_t parse_uint(Parser *p, Token t, uint32_t start, uint32_t end, uint64_t max) {
    if (start >= end) fail_at(p, Y_YIR_SYNTAX, t, "缺少数字");
    uint64_t value = 0;
    for (uint32_t i = start; i < end; i++) {
        char c = p->text[i];
        if (c < '0' || c > '9') fail_at(p, Y_YIR_SYNTAX, t, "此处应为十进制整数");
        value = value * 10 + (uint64_t)(c - '0');
        if (value > max) fail_at(p, Y_YIR_SYNTAX, t, "数值超出范围");
    }
    return value;
}

static uint32_t expect_u32(Parser *p) {
    Token t = expect(p, T_NUMBER);
    return (uint32_t)parse_uint(p, t, t.start, t.end, UINT32_MAX);
}

/* ---- types ---- */

static IrTypeId find_struct(const IrModule *m, const char *name) {
    for (IrTypeId id = 0; id < m->types.count; id++) {
        const IrType *t = &m->types.types[id];
        if (t->kind == IR_TYPE_STRUCT && strcmp(t->name, name) == 0) return id;
    }
    return IR_NO_TYPE;
}

static IrTypeId parse_type(Parser *p);

static IrTypeId parse_type_arg(Parser *p) {
    expect(p, T_LT);
    IrTypeId t = parse_type(p);
    expect(p, T_GT);
    return t;
}

static IrTypeId parse_type_word(Parser *p, Token word) {
    IrTypeTable *types = &p->m->types;
    const char *w = p->text + word.start;
    size_t len = word.end - word.start;
#define WORD(s) (len == sizeof(s) - 1 && memcmp(w, s, len) == 0)
    if (WORD("void")) return ir_type_void(types);
    if (WORD("bool")) return ir_type_bool(types);
    if (WORD("f16")) return ir_type_f16(types);
    if (WORD("f32")) return ir_type_f32(types);
    if (WORD("i32")) return ir_type_i32(types);
    if (WORD("u32")) return ir_type_u32(types);
    if (WORD("texture_depth_2d")) return ir_type_texture_depth_2d(types);
    if (WORD("sampler")) return ir_type_sampler(types);
    if (WORD("sampler_comparison")) return ir_type_sampler_comparison(types);
    IrFragmentKind fragment;
    if (ir_fragment_kind_from_name(w, len, &fragment)) return ir_type_fragment(types, fragment);
    if (WORD("atomic")) return ir_type_atomic(types, parse_type_arg(p));
    if (WORD("texture_2d")) return ir_type_texture_2d(types, parse_type_arg(p));
    if (len == 4 && memcmp(w, "vec", 3) == 0 && w[3] >= '2' && w[3] <= '4')
        return ir_type_vector(types, parse_type_arg(p), (uint32_t)(w[3] - '0'));
    if (len == 6 && memcmp(w, "mat", 3) == 0 && w[4] == 'x' && w[3] >= '2' && w[3] <= '4' &&
        w[5] >= '2' && w[5] <= '4')
        return ir_type_matrix(types, parse_type_arg(p), (uint32_t)(w[3] - '0'), (uint32_t)(w[5] - '0'));
    if (WORD("array")) {
        expect(p, T_LT);
        IrTypeId elem = parse_type(p);
        uint32_t length = 0;
        if (p->tok.kind == T_COMMA) {
            next(p);
            Token n = p->tok;
            length = expect_u32(p);
            if (length == 0) fail_at(p, Y_YIR_SYNTAX, n, "定长数组的长度须大于零");
        }
        expect(p, T_GT);
        return ir_type_array(types, elem, length);
    }
    if (WORD("ptr")) {
        expect(p, T_LT);
        Token s = expect(p, T_IDENT);
        IrAddressSpace space;
        if (!ir_space_from_name(p->text + s.start, s.end - s.start, &space))
            fail_at(p, Y_YIR_SYNTAX, s, "未知的地址空间%s", quote_token(p, s).text);
        expect(p, T_COMMA);
        IrTypeId pointee = parse_type(p);
        expect(p, T_GT);
        return ir_type_pointer(types, space, pointee);
    }
#undef WORD
    fail_at(p, Y_YIR_SYNTAX, word, "未知的类型%s", quote_token(p, word).text);
}

static void enter(Parser *p) {
    if (++p->depth > MAX_DEPTH) fail_at(p, Y_YIR_SYNTAX, p->tok, "嵌套过深（最多 %d 层）", MAX_DEPTH);
}

/* Room for one more item of `size` bytes in a list the reader grows as it reads (scratch
 * memory, doubling): operands, results, loop parameters and fields have no fixed cap, so any
 * module the compiler prints reads back. Returns the list, moved when it grew. */
static void *grow_list(Parser *p, void *items, uint32_t *cap, uint32_t count, size_t size) {
    if (count < *cap) return items;
    if (*cap >= UINT32_MAX / 2) fail_at(p, Y_YIR_SYNTAX, p->tok, "列表过长");
    uint32_t grown = *cap ? *cap * 2 : 8;
    void *bigger = arena_alloc_array(&p->scratch, grown, size);
    if (count) memcpy(bigger, items, count * size);
    *cap = grown;
    return bigger;
}

static IrTypeId parse_type_inner(Parser *p);

static IrTypeId parse_type(Parser *p) {
    enter(p);
    IrTypeId t = parse_type_inner(p);
    p->depth--;
    return t;
}

static IrTypeId parse_type_inner(Parser *p) {
    Token start = p->tok;
    IrTypeId t;
    if (start.kind == T_TYPENAME) {
        next(p);
        t = find_struct(p->m, symbol_name(p, start));
        if (t == IR_NO_TYPE) fail_at(p, Y_YIR_UNDEFINED, start, "结构类型未定义");
        return t;
    }
    Token word = expect(p, T_IDENT);
    t = parse_type_word(p, word);
    if (t == IR_NO_TYPE) {
        Token whole = {T_IDENT, start.start, p->tok.start};
        fail_at(p, Y_YIR_SYNTAX, whole, "无效的类型");
    }
    return t;
}

/* ---- literals ---- */

static uint64_t parse_scalar_literal(Parser *p, IrTypeId type) {
    const IrType *t = ir_type(&p->m->types, type);
    Token tok = p->tok;
    if (t && t->kind == IR_TYPE_BOOL) {
        if (tok_is(p, "true") || tok_is(p, "false")) {
            bool value = tok_is(p, "true");
            next(p);
            return value;
        }
        fail_at(p, Y_YIR_SYNTAX, tok, "布尔字面量应为 true 或 false");
    }
    if (!t || t->kind != IR_TYPE_SCALAR) fail_at(p, Y_YIR_SYNTAX, tok, "此类型没有标量字面量");
    if (t->scalar == IR_FLOAT && tok_is(p, "bits")) {
        next(p);
        expect(p, T_LPAREN);
        Token n = expect(p, T_NUMBER);
        char *end = NULL;
        char *digits = arena_strndup(&p->m->arena, p->text + n.start, n.end - n.start);
        errno = 0;
        unsigned long long bits = strtoull(digits, &end, 16);
        if (*end || errno || bits > UINT32_MAX || strncmp(digits, "0x", 2) != 0)
            fail_at(p, Y_YIR_SYNTAX, n, "位型应为 0x 加至多八位十六进制数");
        expect(p, T_RPAREN);
        return bits;
    }
    expect(p, T_NUMBER);
    char suffix = p->text[tok.end - 1];
    uint32_t body_end = tok.end - 1;
    if (t->scalar == IR_FLOAT) {
        if (suffix != (t->width == 16 ? 'h' : 'f')) fail_at(p, Y_YIR_SYNTAX, tok, "浮点字面量的后缀与类型不符");
        char *digits = arena_strndup(&p->m->arena, p->text + tok.start, body_end - tok.start);
        char *end = NULL;
        float value = strtof(digits, &end);
        if (*end || end == digits) fail_at(p, Y_YIR_SYNTAX, tok, "无效的浮点字面量");
        if (t->width == 16) value = (float)ir_f16_nearest(strtod(digits, NULL));  /* the nearest f16 */
        uint32_t bits;
        memcpy(&bits, &value, sizeof bits);
        return bits;
    }
    bool negative = p->text[tok.start] == '-';
    if (t->scalar == IR_UINT) {
        if (suffix != 'u' || negative) fail_at(p, Y_YIR_SYNTAX, tok, "无符号字面量应写成 数u");
        return parse_uint(p, tok, tok.start, body_end, UINT32_MAX);
    }
    if (suffix != 'i') fail_at(p, Y_YIR_SYNTAX, tok, "有符号字面量应写成 数i");
    uint64_t mag = parse_uint(p, tok, tok.start + (negative ? 1 : 0), body_end,
                              negative ? 2147483648u : 2147483647u);
    return (uint32_t)(negative ? (uint32_t)(0u - (uint32_t)mag) : (uint32_t)mag);
}

static IrLiteral parse_literal(Parser *p, IrTypeId type) {
    IrLiteral lit = {type, 0, NULL, 0};
    if (p->tok.kind != T_LBRACE) {
        lit.bits = parse_scalar_literal(p, type);
        return lit;
    }
    Token open = p->tok;
    next(p);
    uint32_t count = ir_type_member_count(&p->m->types, type);
    if (count == 0) fail_at(p, Y_YIR_SYNTAX, open, "此类型不是定长的复合类型");
    lit.elems = arena_alloc_array(&p->m->arena, count, sizeof *lit.elems);
    lit.elem_count = count;
    for (uint32_t i = 0; i < count; i++) {
        if (i) expect(p, T_COMMA);
        lit.elems[i] = parse_literal(p, ir_type_member(&p->m->types, type, i));
    }
    expect(p, T_RBRACE);
    return lit;
}

/* ---- values ---- */

/* Splits `%name.N` / `%N` into name (or NULL) and number. */
static uint32_t value_number(Parser *p, Token t, const char **name) {
    uint32_t dot = t.end;
    for (uint32_t i = t.end; i > t.start + 1; i--)
        if (p->text[i - 1] == '.') {
            dot = i - 1;
            break;
        }
    uint32_t digits = dot == t.end ? t.start + 1 : dot + 1;
    if (name) *name = dot == t.end ? NULL : decode_name(p, t.start + 1, dot);
    return (uint32_t)parse_uint(p, t, digits, t.end, 0xFFFFFFu);
}

static IrValueId use_value(Parser *p) {
    Token t = expect(p, T_VALUE);
    uint32_t n = value_number(p, t, NULL);
    if (n >= p->number_cap || p->numbers[n] == IR_NONE) fail_at(p, Y_YIR_UNDEFINED, t, "值未定义");
    return p->numbers[n];
}

typedef struct Def {
    Token tok;
    uint32_t number;
    const char *name;
    IrTypeId type;
    IrUniformity uniformity;
} Def;

static Def parse_def(Parser *p) {
    Def d;
    d.tok = expect(p, T_VALUE);
    d.number = value_number(p, d.tok, &d.name);
    if (d.number < p->number_cap && p->numbers[d.number] != IR_NONE) fail_at(p, Y_YIR_DUPLICATE, d.tok, "值重复定义");
    expect(p, T_COLON);
    d.type = parse_type(p);
    d.uniformity = IR_UNIFORMITY_UNKNOWN;
    if (p->tok.kind == T_BANG) {
        next(p);
        Token u = expect(p, T_IDENT);
        bool found = false;
        for (int i = IR_UNIFORM; i <= IR_NON_UNIFORM && !found; i++) {
            const char *name = ir_uniformity_name((IrUniformity)i);
            if (strlen(name) == u.end - u.start && memcmp(name, p->text + u.start, u.end - u.start) == 0) {
                d.uniformity = (IrUniformity)i;
                found = true;
            }
        }
        if (!found) fail_at(p, Y_YIR_SYNTAX, u, "未知的一致性事实%s", quote_token(p, u).text);
    }
    return d;
}

static void bind_def(Parser *p, const Def *d, IrValueId v) {
    if (d->number >= p->number_cap) {
        uint32_t cap = p->number_cap ? p->number_cap : 64;
        while (cap <= d->number) cap *= 2;
        IrValueId *numbers = arena_alloc_array(&p->m->arena, cap, sizeof *numbers);
        for (uint32_t i = 0; i < cap; i++) numbers[i] = i < p->number_cap ? p->numbers[i] : IR_NONE;
        p->numbers = numbers;
        p->number_cap = cap;
    }
    p->numbers[d->number] = v;
    IrValue *value = ir_value(p->func, v);
    if (d->name) value->name = d->name;
    value->uniformity = d->uniformity;
    value->span = tok_span(p, d->tok);
}

/* ---- instructions ---- */

static void parse_block(Parser *p, IrBlockId block);

static void parse_braced_block(Parser *p, IrBlockId block) {
    expect(p, T_LBRACE);
    end_of_line(p);
    enter(p);
    parse_block(p, block);
    p->depth--;
    expect(p, T_RBRACE);
}

static uint32_t find_symbol(Parser *p, IrOp op, Token t) {
    const char *name = symbol_name(p, t);
    uint32_t id = op == IR_OP_GLOBAL ? ir_module_find_global(p->m, name)
                : op == IR_OP_CONSTANT ? ir_module_find_constant(p->m, name)
                : ir_module_find_function(p->m, name);
    if (id == IR_NONE)
        fail_at(p, Y_YIR_UNDEFINED, t, "%s未定义", op == IR_OP_GLOBAL ? "全局变量" : op == IR_OP_CONSTANT ? "常量" : "函数");
    return id;
}

static void check_counts(Parser *p, Token op_tok, IrOp op, uint32_t args, uint32_t results) {
    const IrOpInfo *info = ir_op_info(op);
    if (args < info->min_args || (info->max_args != IR_VARIADIC && args > info->max_args))
        fail_at(p, Y_YIR_SYNTAX, op_tok, "“%s”的操作数个数不对", info->name);
    bool ok = info->results == IR_RESULTS_N || results == info->results ||
              (op == IR_OP_CALL && results == 0);
    if (!ok) fail_at(p, Y_YIR_SYNTAX, op_tok, "“%s”的结果个数不对", info->name);
}

static void parse_loop(Parser *p, Token op_tok, const IrTypeId *types, uint32_t result_count,
                       const Def *defs) {
    Def *params = NULL;
    IrValueId *inits = NULL;
    uint32_t count = 0, params_cap = 0, inits_cap = 0;
    if (p->tok.kind == T_LPAREN) {
        next(p);
        do {
            if (count) expect(p, T_COMMA);
            params = grow_list(p, params, &params_cap, count, sizeof *params);
            inits = grow_list(p, inits, &inits_cap, count, sizeof *inits);
            params[count] = parse_def(p);
            expect(p, T_EQ);
            inits[count++] = use_value(p);
        } while (p->tok.kind == T_COMMA);
        expect(p, T_RPAREN);
    }
    IrInstId inst = ir_build_loop(&p->b, inits, count, types, result_count);
    for (uint32_t i = 0; i < result_count; i++) bind_def(p, &defs[i], ir_inst_result(p->func, inst, i));
    IrBlockId body = ir_loop_body(p->func, inst);
    for (uint32_t i = 0; i < count; i++) {
        IrValueId v = ir_block_param(p->func, body, i);
        if (ir_value_type(p->func, v) != params[i].type)
            fail_at(p, Y_YIR_SYNTAX, params[i].tok, "循环参数的类型与初值不符");
        bind_def(p, &params[i], v);
    }
    (void)op_tok;
    IrBlockId saved = p->b.block;
    parse_braced_block(p, body);
    p->b.block = saved;
}

static void parse_if(Parser *p, const IrTypeId *types, uint32_t result_count, const Def *defs) {
    IrValueId cond = use_value(p);
    IrInstId inst = ir_build_if(&p->b, cond, types, result_count);
    for (uint32_t i = 0; i < result_count; i++) bind_def(p, &defs[i], ir_inst_result(p->func, inst, i));
    IrBlockId saved = p->b.block;
    parse_braced_block(p, ir_if_then(p->func, inst));
    expect_word(p, "else");
    parse_braced_block(p, ir_if_else(p->func, inst));
    p->b.block = saved;
}


/* 未知的指令“fadd2”, with the closest instruction names as a note. */
static _Noreturn void fail_unknown_op(Parser *p, Token op_tok) {
    if (!p->quiet) {
        diag_error(p->diag, Y_YIR_SYNTAX, tok_span(p, op_tok), "未知的指令%s", quote_token(p, op_tok).text);
        char written[QUOTED_TOKEN_MAX + 1];
        uint32_t len = op_tok.end - op_tok.start;
        if (len <= QUOTED_TOKEN_MAX) {
            memcpy(written, p->text + op_tok.start, len);
            written[len] = '\0';
            Suggestion s;
            suggest_begin(&s, written);
            for (int op = 0; op < IR_OP_COUNT; op++) suggest_offer(&s, ir_op_info((IrOp)op)->name);
            StrBuf hint;
            strbuf_init(&hint);
            if (suggest_append_hints(&hint, &s, false)) diag_note(p->diag, tok_span(p, op_tok), "%s", strbuf_cstr(&hint));
            strbuf_free(&hint);
        }
    }
    longjmp(p->fail, 1);
}

static void parse_inst(Parser *p) {
    Def *defs = NULL;
    IrTypeId *types = NULL;
    uint32_t result_count = 0, defs_cap = 0, types_cap = 0;
    Token first = p->tok;
    if (p->tok.kind == T_VALUE) {
        do {
            if (result_count) expect(p, T_COMMA);
            defs = grow_list(p, defs, &defs_cap, result_count, sizeof *defs);
            types = grow_list(p, types, &types_cap, result_count, sizeof *types);
            defs[result_count] = parse_def(p);
            types[result_count] = defs[result_count].type;
            result_count++;
        } while (p->tok.kind == T_COMMA);
        expect(p, T_EQ);
    }
    Token op_tok = expect(p, T_IDENT);
    IrOp op;
    if (!ir_op_from_name(p->text + op_tok.start, op_tok.end - op_tok.start, &op))
        fail_unknown_op(p, op_tok);
    p->b.span = span_make(p->file->id, first.start, op_tok.end);
    if (op == IR_OP_LOOP || op == IR_OP_IF) {
        check_counts(p, op_tok, op, op == IR_OP_IF ? 1 : 0, result_count);
        if (op == IR_OP_LOOP) parse_loop(p, op_tok, types, result_count, defs);
        else parse_if(p, types, result_count, defs);
        end_of_line(p);
        return;
    }
    IrValueId *args = NULL;
    uint32_t *indices = NULL;
    uint32_t arg_count = 0, index_count = 0, args_cap = 0, indices_cap = 0, symbol = IR_NONE;
    uint64_t literal = 0;
    bool abstract_literal = false;
    if (op == IR_OP_CONST) {
        if (result_count != 1) fail_at(p, Y_YIR_SYNTAX, op_tok, "“const”须恰有一个结果");
        if (tok_is(p, "abstract")) {
            abstract_literal = true;
            next(p);
        }
        literal = parse_scalar_literal(p, types[0]);
    } else if (op == IR_OP_GLOBAL || op == IR_OP_CONSTANT || op == IR_OP_CALL) {
        symbol = find_symbol(p, op, expect(p, T_GLOBAL));
    }
    bool parens = op == IR_OP_CALL;
    if (parens) expect(p, T_LPAREN);
    bool more = parens ? p->tok.kind != T_RPAREN
                       : p->tok.kind != T_NEWLINE && p->tok.kind != T_EOF && p->tok.kind != T_RBRACE;
    while (more) {
        if (p->tok.kind == T_NUMBER && !parens) {
            indices = grow_list(p, indices, &indices_cap, index_count, sizeof *indices);
            indices[index_count++] = expect_u32(p);
        } else {
            if (index_count) fail_at(p, Y_YIR_SYNTAX, p->tok, "值操作数须写在成员序号之前");
            args = grow_list(p, args, &args_cap, arg_count, sizeof *args);
            args[arg_count++] = use_value(p);
        }
        more = p->tok.kind == T_COMMA;
        if (more) next(p);
    }
    if (parens) expect(p, T_RPAREN);
    if (index_count && op != IR_OP_EXTRACT && op != IR_OP_INSERT)
        fail_at(p, Y_YIR_SYNTAX, op_tok, "“%s”不取成员序号", ir_op_info(op)->name);
    check_counts(p, op_tok, op, arg_count, result_count);
    IrInstId id = ir_build_inst(&p->b, op, types, result_count, args, arg_count);
    IrInst *inst = ir_inst(p->func, id);
    inst->symbol = symbol;
    inst->literal = literal;
    inst->abstract_literal = abstract_literal;
    if (index_count) {
        inst->indices = arena_alloc_array(&p->m->arena, index_count, sizeof *inst->indices);
        memcpy(inst->indices, indices, index_count * sizeof *indices);
        inst->index_count = index_count;
    }
    for (uint32_t i = 0; i < result_count; i++) bind_def(p, &defs[i], ir_inst_result(p->func, id, i));
    end_of_line(p);
}

static void parse_block(Parser *p, IrBlockId block) {
    skip_newlines(p);
    while (p->tok.kind != T_RBRACE) {
        if (p->tok.kind == T_EOF) fail_at(p, Y_YIR_SYNTAX, p->tok, "块未闭合：缺少“}”");
        p->b.block = block;
        parse_inst(p);
    }
}

/* ---- module objects ---- */

static void parse_function(Parser *p) {
    Token name_tok = expect(p, T_GLOBAL);
    IrFunction *f = ir_function(p->m, p->next_func);
    const char *name = symbol_name(p, name_tok);
    if (!f || strcmp(f->name, name) != 0 || ir_module_find_function(p->m, name) != p->next_func)
        fail_at(p, Y_YIR_DUPLICATE, name_tok, "函数重复定义");
    p->next_func++;
    p->func = f;
    f->span = tok_span(p, name_tok);
    p->numbers = NULL;
    p->number_cap = 0;
    expect(p, T_LPAREN);
    while (p->tok.kind != T_RPAREN) {
        if (f->param_count) expect(p, T_COMMA);
        Def d = parse_def(p);
        bind_def(p, &d, ir_function_add_param(f, d.type, NULL, tok_span(p, d.tok)));
    }
    next(p);
    if (p->tok.kind == T_ARROW) {
        next(p);
        f->return_type = parse_type(p);
    }
    if (tok_is(p, "local_recursive")) {
        next(p);
        f->local_recursive = true;
    }
    if (tok_is(p, "noinline")) {
        next(p);
        f->not_inlined = true;
    }
    ir_builder_init(&p->b, f);
    parse_braced_block(p, f->body);
    end_of_line(p);
}

static void parse_struct_decl(Parser *p) {
    Token name_tok = expect(p, T_TYPENAME);
    const char *name = symbol_name(p, name_tok);
    if (find_struct(p->m, name) != IR_NO_TYPE) fail_at(p, Y_YIR_DUPLICATE, name_tok, "结构类型重复定义");
    expect(p, T_EQ);
    expect_word(p, "struct");
    expect(p, T_LBRACE);
    IrField *fields = NULL;
    uint32_t count = 0, cap = 0;
    while (p->tok.kind != T_RBRACE) {
        if (count) expect(p, T_COMMA);
        fields = grow_list(p, fields, &cap, count, sizeof *fields);
        Token f = p->tok;
        if (f.kind != T_IDENT && f.kind != T_NUMBER) fail_at(p, Y_YIR_SYNTAX, f, "此处应为字段名");
        next(p);
        fields[count].name = decode_name(p, f.start, f.end);
        expect(p, T_COLON);
        fields[count++].type = parse_type(p);
    }
    next(p);
    if (ir_type_struct(&p->m->types, name, fields, count) == IR_NO_TYPE)
        fail_at(p, Y_YIR_SYNTAX, name_tok, "无效的结构类型（字段类型不可存储）");
    end_of_line(p);
}

static uint32_t parse_attr_number(Parser *p, const char *attr) {
    Token t = expect(p, T_GLOBAL);
    if (t.end - t.start != strlen(attr) + 1 || memcmp(p->text + t.start + 1, attr, strlen(attr)) != 0)
        fail_at(p, Y_YIR_SYNTAX, t, "此处应为 @%s", attr);
    expect(p, T_LPAREN);
    uint32_t n = expect_u32(p);
    expect(p, T_RPAREN);
    return n;
}

/* @attr(n, …: the first number, the parenthesis left open. */
static uint32_t parse_attr_number_first(Parser *p, const char *attr) {
    Token t = expect(p, T_GLOBAL);
    if (t.end - t.start != strlen(attr) + 1 || memcmp(p->text + t.start + 1, attr, strlen(attr)) != 0)
        fail_at(p, Y_YIR_SYNTAX, t, "此处应为 @%s", attr);
    expect(p, T_LPAREN);
    return expect_u32(p);
}

static void parse_global(Parser *p) {
    expect(p, T_LT);
    Token s = expect(p, T_IDENT);
    IrAddressSpace space;
    if (!ir_space_from_name(p->text + s.start, s.end - s.start, &space)) fail_at(p, Y_YIR_SYNTAX, s, "未知的地址空间%s", quote_token(p, s).text);
    expect(p, T_GT);
    Token name_tok = expect(p, T_GLOBAL);
    const char *name = symbol_name(p, name_tok);
    if (ir_module_find_global(p->m, name) != IR_NONE) fail_at(p, Y_YIR_DUPLICATE, name_tok, "全局变量重复定义");
    expect(p, T_COLON);
    IrTypeId type = parse_type(p);
    IrGlobalId id = ir_module_add_global(p->m, name, type, space, tok_span(p, name_tok));
    if (p->tok.kind == T_GLOBAL) {
        uint32_t group = parse_attr_number(p, "group");
        uint32_t binding = parse_attr_number(p, "binding");
        ir_global_set_binding(p->m, id, group, binding);
    }
    if (p->tok.kind == T_GLOBAL) {  /* @tensor_box(rows, cols, swizzle) */
        uint32_t box[3];
        box[0] = parse_attr_number_first(p, "tensor_box");
        expect(p, T_COMMA);
        box[1] = expect_u32(p);
        expect(p, T_COMMA);
        box[2] = expect_u32(p);
        expect(p, T_RPAREN);
        if (box[0] == 0) fail_at(p, Y_YIR_SYNTAX, p->tok, "@tensor_box 的行数须是正数");
        ir_global_set_tensor_box(p->m, id, box[0], box[1], box[2]);
    }
    end_of_line(p);
}

static void parse_constant(Parser *p) {
    Token name_tok = expect(p, T_GLOBAL);
    const char *name = symbol_name(p, name_tok);
    if (ir_module_find_constant(p->m, name) != IR_NONE) fail_at(p, Y_YIR_DUPLICATE, name_tok, "常量重复定义");
    expect(p, T_COLON);
    IrTypeId type = parse_type(p);
    expect(p, T_EQ);
    IrLiteral value = parse_literal(p, type);
    ir_module_add_constant(p->m, name, type, value, tok_span(p, name_tok));
    end_of_line(p);
}

static IrIo parse_io(Parser *p) {
    IrIo io;
    memset(&io, 0, sizeof io);
    Token word = expect(p, T_IDENT);
    const char *w = p->text + word.start;
    size_t len = word.end - word.start;
    if (len == 4 && memcmp(w, "none", 4) == 0) return io;
    expect(p, T_LPAREN);
    if (len == 7 && memcmp(w, "builtin", 7) == 0) {
        Token b = expect(p, T_IDENT);
        io.kind = IR_IO_BUILTIN;
        if (!ir_builtin_from_name(p->text + b.start, b.end - b.start, &io.builtin))
            fail_at(p, Y_YIR_SYNTAX, b, "未知的内建输入输出%s", quote_token(p, b).text);
    } else if (len == 8 && memcmp(w, "location", 8) == 0) {
        io.kind = IR_IO_LOCATION;
        io.location = expect_u32(p);
        if (p->tok.kind == T_COMMA) {
            next(p);
            expect_word(p, "flat");
            io.flat = true;
        }
    } else if (len == 6 && memcmp(w, "struct", 6) == 0) {
        IrIo *fields = NULL;
        uint32_t count = 0, cap = 0;
        while (p->tok.kind != T_RPAREN) {
            if (count) expect(p, T_COMMA);
            fields = grow_list(p, fields, &cap, count, sizeof *fields);
            IrIo field = parse_io(p);
            fields[count++] = field;
        }
        IrIo *copy = ir_io_struct(p->m, &io, count);
        if (count) memcpy(copy, fields, count * sizeof *fields);
    } else {
        fail_at(p, Y_YIR_SYNTAX, word, "未知的输入输出绑定%s", quote_token(p, word).text);
    }
    expect(p, T_RPAREN);
    return io;
}

static void parse_entry(Parser *p) {
    Token name_tok = expect(p, T_GLOBAL);
    expect(p, T_EQ);
    Token stage_tok = expect(p, T_IDENT);
    IrStage stage;
    if (!ir_stage_from_name(p->text + stage_tok.start, stage_tok.end - stage_tok.start, &stage))
        fail_at(p, Y_YIR_SYNTAX, stage_tok, "未知的着色阶段%s", quote_token(p, stage_tok).text);
    Token func_tok = expect(p, T_GLOBAL);
    IrFuncId func = find_symbol(p, IR_OP_CALL, func_tok);
    IrEntry *e = ir_module_add_entry(p->m, symbol_name(p, name_tok), stage, func, tok_span(p, name_tok));
    if (stage == IR_STAGE_COMPUTE) {
        expect_word(p, "workgroup_size");
        expect(p, T_LPAREN);
        for (int i = 0; i < 3; i++) {
            if (i) expect(p, T_COMMA);
            e->workgroup_size[i] = expect_u32(p);
        }
        expect(p, T_RPAREN);
    }
    Token open = expect(p, T_LPAREN);
    uint32_t count = 0;
    while (p->tok.kind != T_RPAREN) {
        if (count) expect(p, T_COMMA);
        if (count >= e->param_count) fail_at(p, Y_YIR_SYNTAX, p->tok, "入口的参数绑定多于函数参数");
        e->params[count++] = parse_io(p);
    }
    if (count != e->param_count) fail_at(p, Y_YIR_SYNTAX, open, "入口的参数绑定少于函数参数");
    next(p);
    if (p->tok.kind == T_ARROW) {
        next(p);
        e->result = parse_io(p);
    }
    end_of_line(p);
}

/* Creates every function named by a top-level `fn @name` first, so calls may refer
 * to functions defined later in the text. */
static void prescan_functions(Parser *p) {
    int depth = 0;
    bool line_start = true;
    for (next(p); p->tok.kind != T_EOF; next(p)) {
        TokKind k = p->tok.kind;
        if (k == T_LBRACE) depth++;
        if (k == T_RBRACE) depth--;
        if (depth == 0 && line_start && tok_is(p, "fn")) {
            next(p);
            if (p->tok.kind == T_GLOBAL) {
                ir_function_new(p->m, symbol_name(p, p->tok), IR_NO_TYPE, tok_span(p, p->tok));
            }
        }
        line_start = p->tok.kind == T_NEWLINE;
    }
}

static void parse_module(Parser *p) {
    skip_newlines(p);
    while (p->tok.kind != T_EOF) {
        Token kw = expect(p, T_IDENT);
        const char *w = p->text + kw.start;
        size_t len = kw.end - kw.start;
        if (len == 4 && memcmp(w, "type", 4) == 0) parse_struct_decl(p);
        else if (len == 3 && memcmp(w, "var", 3) == 0) parse_global(p);
        else if (len == 5 && memcmp(w, "const", 5) == 0) parse_constant(p);
        else if (len == 2 && memcmp(w, "fn", 2) == 0) parse_function(p);
        else if (len == 5 && memcmp(w, "entry", 5) == 0) parse_entry(p);
        else fail_at(p, Y_YIR_SYNTAX, kw, "此处应为 type、var、const、fn 或 entry，却是%s", quote_token(p, kw).text);
    }
}

IrModule *ir_read(DiagEngine *diag, const SourceFile *file) {
    Parser p;
    memset(&p, 0, sizeof p);
    p.file = file;
    p.diag = diag;
    p.text = file->text;
    p.len = file->len;
    size_t bad = utf8_find_invalid(file->text, file->len);
    if (bad < file->len) {
        diag_error(diag, Y_INVALID_UTF8, span_make(file->id, (uint32_t)bad, (uint32_t)bad + 1), "文件不是有效的 UTF-8");
        return NULL;
    }
    diag_warn_bidi_controls(diag, file);
    p.m = ir_module_new();
    arena_init(&p.scratch);
    p.quiet = true;
    if (setjmp(p.fail) == 0) prescan_functions(&p);
    p.quiet = false;
    p.pos = 0;
    if (setjmp(p.fail) != 0) {
        ir_module_free(p.m);
        arena_free(&p.scratch);
        return NULL;
    }
    next(&p);
    parse_module(&p);
    arena_free(&p.scratch);
    if (p.next_func != ir_function_count(p.m)) {
        /* The pre-scan saw a function the main pass did not reach: cannot happen on success. */
        diag_error(diag, Y_YIR_SYNTAX, tok_span(&p, p.tok), "函数定义不完整");
        ir_module_free(p.m);
        return NULL;
    }
    return p.m;
}
