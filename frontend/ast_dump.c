/* The syntax tree as text (`yusec -dump-ast`), stable for golden tests.
 *
 * One node per line, two spaces of indent per level, children below their parent in
 * source order; a line deeper than DUMP_MAX_INDENT levels is indented as that many and starts
 * with its depth, "[33] Let 「甲」 @…" (so the output is linear in the tree's size). A line is `Kind [detail] @line:col`, the position being the node's
 * first character (line and column counted in characters, 1-based). Details:
 *   statements  Import 寻观 「点染」之「点染本」 | Sig/Def/TypeDef/Li 「名」 | ExprStmt
 *   types       TypeName 「名」 | TypeNumeral 「三二」 = 32 | TypeApp (head, then args)
 *               Forall 「甲」 | FuncType open|closed params=N (N params, then the result)
 *               TupleType | RecordType 「组类」 with `Field 「名」` children
 *   expressions Name 「名」 | Numeral 「二」 = 2 (normalised value) | String 『…』
 *               Tuple | Binary 加 | Not | Call (callee, optional `TypeArg` line with the
 *               type below it, then the arguments) | Proj 「零」 = 0 or Proj 「字段」
 *               Record 「组值」 with `Field 「名」` children | Lambda 「甲」「乙」
 *               Let 「名」 (value, body) | LetRec 「名」 (type, value, body)
 *               If value (cond, then, else) | If statement (cond, then) | Seq | Annot
 *               (type, expression) | Match | Paren
 * Control characters in strings are written as \n, \t, \xHH. */
#include <stdio.h>

#include "ast.h"

#include "../base/utf8.h"

/* Lines deeper than this many levels are indented as this many and start with their depth:
 * the output stays linear in the tree however deeply it nests (issue 30 item 13). */
enum { DUMP_MAX_INDENT = 32 };

/* The output, and the last position put (nodes come mostly in source order, so the next
 * position on the same line is counted on from there: linear on a long line too). */
typedef struct Dumper {
    StrBuf *out;
    const SourceFile *source;
    uint32_t at, line, column; /* line 0: nothing put yet */
    uint32_t line_end;         /* the offset where `line`'s successor starts */
} Dumper;

static Dumper dumper_make(StrBuf *out, const SourceFile *source) {
    Dumper d = {.out = out, .source = source};
    return d;
}

static void put_pos(Dumper *d, Span span) {
    uint32_t line = 0, column = 0;
    const SourceFile *source = d->source;
    uint32_t at = span.start <= (source ? source->len : 0) ? span.start : (source ? source->len : 0);
    if (source && d->line && at >= d->at && at < d->line_end) {
        line = d->line;
        column = d->column + (uint32_t)utf8_count(source->text + d->at, at - d->at);
    } else if (source) {
        source_position(source, at, &line, &column);
        d->line_end = line < source->line_count ? source->line_starts[line] : UINT32_MAX;
    }
    d->at = at;
    d->line = line;
    d->column = column;
    strbuf_printf(d->out, " @%u:%u\n", line, column);
}

/* `indent` levels of two spaces; from DUMP_MAX_INDENT on, that many and then "[depth] ". */
static void put_head(Dumper *d, int indent, const char *kind) {
    if (indent <= DUMP_MAX_INDENT) {
        strbuf_indent(d->out, indent);
    } else {
        strbuf_indent(d->out, DUMP_MAX_INDENT);
        strbuf_printf(d->out, "[%d] ", indent);
    }
    strbuf_puts(d->out, kind);
}

static void dump_type(Dumper *d, const AstType *type, int indent);
static void dump_expr(Dumper *d, const AstExpr *expr, int indent);

static void put_numeral(StrBuf *out, const char *text, const NumeralInfo *value) {
    strbuf_printf(out, " 「%s」 = %s", text, value->ascii ? value->ascii : text);
    if (value->overflow) strbuf_puts(out, " (溢出)");
}

static void put_string(StrBuf *out, const char *text, uint32_t len) {
    strbuf_puts(out, " 『");
    for (uint32_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\n')
            strbuf_puts(out, "\\n");
        else if (c == '\t')
            strbuf_puts(out, "\\t");
        else if (c < 0x20 || c == 0x7f)
            strbuf_printf(out, "\\x%02X", c);
        else
            strbuf_putc(out, (char)c);
    }
    strbuf_puts(out, "』");
}

/* ---- Types ---- */

static void dump_type_record(Dumper *d, const AstType *type,
                             int indent) {
    for (uint32_t i = 0; i < type->as.record.count; i++) {
        const AstTypeField *field = &type->as.record.fields[i];
        put_head(d, indent, "Field");
        strbuf_printf(d->out, " 「%s」", field->name.text);
        put_pos(d, field->name.span);
        dump_type(d, field->type, indent + 1);
    }
}

/* 「名」, or 「模块」之「名」 for a qualified name. */
static void put_name(StrBuf *out, const AstName *name) {
    for (uint32_t i = 0; i < name->qualifier_count; i++)
        strbuf_printf(out, i ? "之「%s」" : " 「%s」", name->qualifier[i].text);
    strbuf_printf(out, name->qualifier_count ? "之「%s」" : " 「%s」", name->text);
}

static void dump_type(Dumper *d, const AstType *type, int indent) {
    switch (type->kind) {
    case AST_TYPE_NAME:
        put_head(d, indent, "TypeName");
        put_name(d->out, &type->as.name);
        put_pos(d, type->span);
        return;
    case AST_TYPE_NUMERAL:
        put_head(d, indent, "TypeNumeral");
        put_numeral(d->out, type->as.numeral.text, &type->as.numeral.value);
        put_pos(d, type->span);
        return;
    case AST_TYPE_APP:
        put_head(d, indent, "TypeApp");
        put_pos(d, type->span);
        dump_type(d, type->as.app.head, indent + 1);
        for (uint32_t i = 0; i < type->as.app.arg_count; i++)
            dump_type(d, type->as.app.args[i], indent + 1);
        return;
    case AST_TYPE_FORALL:
        put_head(d, indent, "Forall");
        strbuf_printf(d->out, " 「%s」", type->as.forall.var.text);
        put_pos(d, type->span);
        dump_type(d, type->as.forall.body, indent + 1);
        return;
    case AST_TYPE_FUNC:
        put_head(d, indent, "FuncType");
        strbuf_printf(d->out, " %s params=%u", type->as.func.closed ? "closed" : "open",
                      type->as.func.param_count);
        put_pos(d, type->span);
        for (uint32_t i = 0; i < type->as.func.param_count; i++)
            dump_type(d, type->as.func.params[i], indent + 1);
        dump_type(d, type->as.func.result, indent + 1);
        return;
    case AST_TYPE_TUPLE:
        put_head(d, indent, "TupleType");
        put_pos(d, type->span);
        for (uint32_t i = 0; i < type->as.tuple.count; i++)
            dump_type(d, type->as.tuple.items[i], indent + 1);
        return;
    case AST_TYPE_RECORD:
        put_head(d, indent, "RecordType");
        strbuf_printf(d->out, " 「%s」", type->as.record.head.text);
        put_pos(d, type->span);
        dump_type_record(d, type, indent + 1);
        return;
    }
}

/* ---- Expressions ---- */

static const char *binary_op_spelling(AstBinaryOp op) {
    static const char *const spellings[] = {
        [AST_OP_ADD] = "加", [AST_OP_SUB] = "减", [AST_OP_MUL] = "乘", [AST_OP_DIV] = "除",
        [AST_OP_MOD] = "余", [AST_OP_EQ] = "等于", [AST_OP_NE] = "不等于",
        [AST_OP_LT] = "小于", [AST_OP_GT] = "大于", [AST_OP_GE] = "不小于",
        [AST_OP_LE] = "不大于", [AST_OP_AND] = "且", [AST_OP_OR] = "或",
    };
    if ((unsigned)op >= sizeof spellings / sizeof spellings[0] || !spellings[op]) return "?";
    return spellings[op];
}

static void dump_children(Dumper *d, AstExpr *const *items,
                          uint32_t count, int indent) {
    for (uint32_t i = 0; i < count; i++) dump_expr(d, items[i], indent);
}

static void dump_call(Dumper *d, const AstExpr *expr, int indent) {
    put_head(d, indent, "Call");
    put_pos(d, expr->span);
    dump_expr(d, expr->as.call.callee, indent + 1);
    if (expr->as.call.type_arg) {
        put_head(d, indent + 1, "TypeArg");
        put_pos(d, expr->as.call.type_arg->span);
        dump_type(d, expr->as.call.type_arg, indent + 2);
    }
    dump_children(d, expr->as.call.args, expr->as.call.arg_count, indent + 1);
}

static void dump_record(Dumper *d, const AstExpr *expr, int indent) {
    put_head(d, indent, "Record");
    strbuf_printf(d->out, " 「%s」", expr->as.record.head.text);
    put_pos(d, expr->span);
    for (uint32_t i = 0; i < expr->as.record.count; i++) {
        const AstField *field = &expr->as.record.fields[i];
        put_head(d, indent + 1, "Field");
        strbuf_printf(d->out, " 「%s」", field->name.text);
        put_pos(d, field->name.span);
        dump_expr(d, field->value, indent + 2);
    }
}

static void dump_lambda(Dumper *d, const AstExpr *expr, int indent) {
    put_head(d, indent, "Lambda ");
    for (uint32_t i = 0; i < expr->as.lambda.param_count; i++)
        strbuf_printf(d->out, "「%s」", expr->as.lambda.params[i].text);
    put_pos(d, expr->span);
    dump_expr(d, expr->as.lambda.body, indent + 1);
}

static void dump_proj(Dumper *d, const AstExpr *expr, int indent) {
    put_head(d, indent, "Proj");
    if (expr->as.proj.is_numeral)
        put_numeral(d->out, expr->as.proj.member.text, &expr->as.proj.index);
    else
        strbuf_printf(d->out, " 「%s」", expr->as.proj.member.text);
    put_pos(d, expr->span);
    dump_expr(d, expr->as.proj.base, indent + 1);
}

/* Nodes whose line is only their kind and whose children are plain expressions. */
static void dump_simple(Dumper *d, const AstExpr *expr,
                        int indent, const char *kind, const AstExpr *a, const AstExpr *b,
                        const AstExpr *c) {
    put_head(d, indent, kind);
    put_pos(d, expr->span);
    if (a) dump_expr(d, a, indent + 1);
    if (b) dump_expr(d, b, indent + 1);
    if (c) dump_expr(d, c, indent + 1);
}

static void dump_expr(Dumper *d, const AstExpr *expr, int indent) {
    switch (expr->kind) {
    case AST_EXPR_NAME:
        put_head(d, indent, "Name");
        put_name(d->out, &expr->as.name);
        put_pos(d, expr->span);
        return;
    case AST_EXPR_NUMERAL:
        put_head(d, indent, "Numeral");
        put_numeral(d->out, expr->as.numeral.text, &expr->as.numeral.value);
        put_pos(d, expr->span);
        return;
    case AST_EXPR_STRING:
        put_head(d, indent, "String");
        put_string(d->out, expr->as.string.text, expr->as.string.len);
        put_pos(d, expr->span);
        return;
    case AST_EXPR_TUPLE:
        put_head(d, indent, "Tuple");
        put_pos(d, expr->span);
        dump_children(d, expr->as.tuple.items, expr->as.tuple.count, indent + 1);
        return;
    case AST_EXPR_BINARY:
        put_head(d, indent, "Binary ");
        strbuf_puts(d->out, binary_op_spelling(expr->as.binary.op));
        put_pos(d, expr->span);
        dump_expr(d, expr->as.binary.left, indent + 1);
        dump_expr(d, expr->as.binary.right, indent + 1);
        return;
    case AST_EXPR_NOT:
        dump_simple(d, expr, indent, "Not", expr->as.not_.operand, NULL, NULL);
        return;
    case AST_EXPR_CALL: dump_call(d, expr, indent); return;
    case AST_EXPR_PROJ: dump_proj(d, expr, indent); return;
    case AST_EXPR_RECORD: dump_record(d, expr, indent); return;
    case AST_EXPR_LAMBDA: dump_lambda(d, expr, indent); return;
    case AST_EXPR_LET:
        put_head(d, indent, "Let");
        strbuf_printf(d->out, " 「%s」", expr->as.let.name.text);
        put_pos(d, expr->span);
        dump_expr(d, expr->as.let.value, indent + 1);
        dump_expr(d, expr->as.let.body, indent + 1);
        return;
    case AST_EXPR_LETREC:
        put_head(d, indent, "LetRec");
        strbuf_printf(d->out, " 「%s」", expr->as.letrec.name.text);
        put_pos(d, expr->span);
        dump_type(d, expr->as.letrec.type, indent + 1);
        dump_expr(d, expr->as.letrec.value, indent + 1);
        dump_expr(d, expr->as.letrec.body, indent + 1);
        return;
    case AST_EXPR_IF:
        dump_simple(d, expr, indent,
                    expr->as.if_.else_branch ? "If value" : "If statement", expr->as.if_.cond,
                    expr->as.if_.then_branch, expr->as.if_.else_branch);
        return;
    case AST_EXPR_SEQ:
        dump_simple(d, expr, indent, "Seq", expr->as.seq.first, expr->as.seq.second,
                    NULL);
        return;
    case AST_EXPR_ANNOT:
        put_head(d, indent, "Annot");
        put_pos(d, expr->span);
        dump_type(d, expr->as.annot.type, indent + 1);
        dump_expr(d, expr->as.annot.expr, indent + 1);
        return;
    case AST_EXPR_MATCH:
        dump_simple(d, expr, indent, "Match", expr->as.match.operand, NULL, NULL);
        return;
    case AST_EXPR_PAREN:
        dump_simple(d, expr, indent, "Paren", expr->as.paren.inner, NULL, NULL);
        return;
    }
}

/* ---- Statements ---- */

static const char *import_keyword(AstImportKind kind) {
    switch (kind) {
    case AST_IMPORT_XUN: return "寻";
    case AST_IMPORT_GUAN: return "观";
    case AST_IMPORT_XUNGUAN: return "寻观";
    }
    return "?";
}

static void dump_stmt(Dumper *d, const AstStmt *stmt) {
    static const char *const kinds[] = {
        [AST_STMT_SIG] = "Sig", [AST_STMT_DEF] = "Def", [AST_STMT_TYPEDEF] = "TypeDef",
        [AST_STMT_LI] = "Li",
    };
    switch (stmt->kind) {
    case AST_STMT_IMPORT:
        strbuf_printf(d->out, "Import %s ", import_keyword(stmt->as.import.kind));
        for (uint32_t i = 0; i < stmt->as.import.path_len; i++)
            strbuf_printf(d->out, "%s「%s」", i ? "之" : "", stmt->as.import.path[i].text);
        put_pos(d, stmt->span);
        return;
    case AST_STMT_DEF:
        strbuf_printf(d->out, "Def 「%s」", stmt->as.def.name.text);
        put_pos(d, stmt->span);
        dump_expr(d, stmt->as.def.value, 1);
        return;
    case AST_STMT_SIG: case AST_STMT_TYPEDEF: case AST_STMT_LI:
        strbuf_printf(d->out, "%s 「%s」", kinds[stmt->kind], stmt->as.sig.name.text);
        put_pos(d, stmt->span);
        dump_type(d, stmt->as.sig.type, 1);
        return;
    case AST_STMT_EXPR:
        strbuf_puts(d->out, "ExprStmt");
        put_pos(d, stmt->span);
        dump_expr(d, stmt->as.expr.expr, 1);
        return;
    }
}

void fe_ast_dump_file(StrBuf *out, const AstFile *file) {
    Dumper d = dumper_make(out, file->source);
    for (uint32_t i = 0; i < file->count; i++) dump_stmt(&d, file->stmts[i]);
}

void fe_ast_dump_expr(StrBuf *out, const SourceFile *source, const AstExpr *expr, int indent) {
    Dumper d = dumper_make(out, source);
    dump_expr(&d, expr, indent);
}

void fe_ast_dump_type(StrBuf *out, const SourceFile *source, const AstType *type, int indent) {
    Dumper d = dumper_make(out, source);
    dump_type(&d, type, indent);
}
