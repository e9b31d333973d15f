/* Parser tests: every construct of the grammar, the precedence table, the D1 rule for
 * 也, binder extent and flattening, tuple flattening, error messages, recovery, the
 * nesting limit, spans, and the AST dump format. Most tests compare the dump with the
 * positions (" @line:col") removed, which shows the tree shape compactly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/deep_stack.h"
#include "frontend/ast.h"

typedef struct Fixture {
    Arena arena;
    SourceMap map;
    DiagEngine diag;
    AstFile *file;
    StrBuf dump;
    const SourceFile *source;
} Fixture;

static int setup(void **state) {
    Fixture *f = calloc(1, sizeof *f);
    arena_init(&f->arena);
    source_map_init(&f->map, &f->arena);
    diag_init(&f->diag, &f->map, NULL);
    f->diag.max_errors = 0;
    strbuf_init(&f->dump);
    *state = f;
    return 0;
}

static int teardown(void **state) {
    Fixture *f = *state;
    strbuf_free(&f->dump);
    diag_free(&f->diag);
    arena_free(&f->arena);
    free(f);
    return 0;
}

static void parse_source(void *data) {
    Fixture *f = data;
    f->file = fe_parse_file(&f->arena, f->source, &f->diag);
}

/* Each parse starts with fresh diagnostics (the cap setting is kept). */
static AstFile *parse_bytes(Fixture *f, const char *text, size_t len) {
    int max_errors = f->diag.max_errors;
    diag_free(&f->diag);
    diag_init(&f->diag, &f->map, NULL);
    f->diag.max_errors = max_errors;
    f->source = source_add(&f->map, "t。着色器。豫", text, len);
    /* On a deep stack as in the driver: nesting up to the limit recurses that deep. */
    assert_true(deep_stack_run(DEEP_STACK_BYTES, parse_source, f));
    assert_non_null(f->file);
    return f->file;
}

static AstFile *parse(Fixture *f, const char *text) { return parse_bytes(f, text, strlen(text)); }

static void assert_no_errors(Fixture *f) {
    if (f->diag.error_count) print_error("%s\n", strbuf_cstr(&f->diag.text));
    assert_int_equal(f->diag.error_count, 0);
}

static void assert_diag_has(Fixture *f, const char *needle) {
    const char *text = strbuf_cstr(&f->diag.text);
    if (!strstr(text, needle)) print_error("diagnostics lack \"%s\":\n%s\n", needle, text);
    assert_non_null(strstr(text, needle));
}

/* Removes " @line:col" from the ends of the dump's lines. */
static char *strip_positions(const char *text) {
    char *out = malloc(strlen(text) + 1);
    size_t o = 0;
    for (size_t i = 0; text[i];) {
        if (text[i] == ' ' && text[i + 1] == '@') {
            while (text[i] && text[i] != '\n') i++;
            continue;
        }
        out[o++] = text[i++];
    }
    out[o] = 0;
    return out;
}

static void assert_text(const char *actual, const char *expected) {
    if (strcmp(actual, expected) != 0)
        print_error("got:\n%s\nwant:\n%s\n", actual, expected);
    assert_string_equal(actual, expected);
}

/* Parses a whole file without errors and compares its dump without positions. */
static void assert_file_dump(Fixture *f, const char *source, const char *expected) {
    parse(f, source);
    assert_no_errors(f);
    strbuf_clear(&f->dump);
    fe_ast_dump_file(&f->dump, f->file);
    char *stripped = strip_positions(strbuf_cstr(&f->dump));
    assert_text(stripped, expected);
    free(stripped);
}

/* Parses 「值」者 EXPR 也。 and compares the dump of EXPR without positions. */
static void assert_expr(Fixture *f, const char *expr, const char *expected) {
    char source[4096];
    snprintf(source, sizeof source, "「值」者%s也。", expr);
    parse(f, source);
    assert_no_errors(f);
    assert_int_equal(f->file->count, 1);
    assert_int_equal(f->file->stmts[0]->kind, AST_STMT_DEF);
    strbuf_clear(&f->dump);
    fe_ast_dump_expr(&f->dump, f->file->source, f->file->stmts[0]->as.def.value, 0);
    char *stripped = strip_positions(strbuf_cstr(&f->dump));
    assert_text(stripped, expected);
    free(stripped);
}

/* Parses 「型」乃 TYPE 也。 and compares the dump of TYPE without positions. */
static void assert_type(Fixture *f, const char *type, const char *expected) {
    char source[4096];
    snprintf(source, sizeof source, "「型」乃%s也。", type);
    parse(f, source);
    assert_no_errors(f);
    assert_int_equal(f->file->count, 1);
    assert_int_equal(f->file->stmts[0]->kind, AST_STMT_SIG);
    strbuf_clear(&f->dump);
    fe_ast_dump_type(&f->dump, f->file->source, f->file->stmts[0]->as.sig.type, 0);
    char *stripped = strip_positions(strbuf_cstr(&f->dump));
    assert_text(stripped, expected);
    free(stripped);
}

/* Parses source expecting exactly `errors` errors, the first containing `message`. */
static void assert_error(Fixture *f, const char *source, const char *message) {
    parse(f, source);
    if (f->diag.error_count != 1) print_error("%s\n", strbuf_cstr(&f->diag.text));
    assert_int_equal(f->diag.error_count, 1);
    assert_diag_has(f, message);
}

/* ---- The seed example and positions ---- */

static const char SEED[] =
    "寻观「点染」之「点染本」之书。\n"
    "\n"
    "「数据」乃「存储缓冲」于（「数组」于「无三二」）也。\n"
    "「数据」者「绑定」于（「组值」【「组」者「零」也，「号」者「零」也，「访问」者「读写」也】）也。\n"
    "\n"
    "「加倍」乃化「全局调用号」为「有」者也。\n"
    "「加倍」者得「号」而\n"
    "　令「序」为「号」中「零」而\n"
    "　「写数组」于「数据」于「序」于（（「读数组」于「数据」于「序」）乘（「新无三二」于「二」））\n"
    "也。\n"
    "\n"
    "「加倍入口」乃「计算入口」也。\n"
    "「加倍入口」者「计算入口项」于「加倍」于（「组值」【「工作组大小」者「四」也】）也。\n";

static void test_seed_example(void **state) {
    Fixture *f = *state;
    parse(f, SEED);
    assert_no_errors(f);
    assert_int_equal(f->file->count, 7);
    fe_ast_dump_file(&f->dump, f->file);
    const char *dump = strbuf_cstr(&f->dump);
    assert_non_null(strstr(dump, "Import 寻观 「点染」之「点染本」 @1:1\n"));
    assert_non_null(strstr(dump, "\nDef 「加倍」 @7:1\n  Lambda 「号」 @7:6\n    Let 「序」 @8:2\n"));
    assert_non_null(strstr(dump, "\n            Paren @9:35\n"));
    assert_non_null(strstr(dump, "Numeral 「二」 = 2 @9:43\n"));
    assert_non_null(strstr(dump, "FuncType closed params=1 @6:6\n"));
}

static void test_spans(void **state) {
    Fixture *f = *state;
    parse(f, "「值」者「甲」加「乙」乘「丙」也。");
    assert_no_errors(f);
    const AstStmt *s = f->file->stmts[0];
    const char *text = f->file->source->text;
    /* The statement runs from its name to its 也; the 。 is not part of it. */
    assert_int_equal(s->span.start, 0);
    assert_int_equal(s->span.end, strlen("「值」者「甲」加「乙」乘「丙」也"));
    const AstExpr *e = s->as.def.value;
    assert_int_equal(e->kind, AST_EXPR_BINARY);
    assert_int_equal(e->span.start, strlen("「值」者"));
    assert_int_equal(e->span.end, strlen("「值」者「甲」加「乙」乘「丙」"));
    assert_memory_equal(text + e->as.binary.op_span.start, "加", strlen("加"));
    const AstExpr *right = e->as.binary.right;
    assert_int_equal(right->span.start, strlen("「值」者「甲」加"));
    assert_int_equal(right->span.end, e->span.end);
}

static void test_empty_and_unterminated_files(void **state) {
    Fixture *f = *state;
    parse(f, "");
    assert_no_errors(f);
    assert_int_equal(f->file->count, 0);
    /* The last statement needs no 。. */
    assert_file_dump(f, "「甲」乃「整数」也。「乙」乃「小数」也",
                     "Sig 「甲」\n  TypeName 「整数」\nSig 「乙」\n  TypeName 「小数」\n");
}

/* ---- Statements ---- */

static void test_imports(void **state) {
    Fixture *f = *state;
    assert_file_dump(f, "寻「甲」之书。观「甲」之「乙」之书。寻观「点染」之「点染本」之书。",
                     "Import 寻 「甲」\nImport 观 「甲」之「乙」\nImport 寻观 「点染」之「点染本」\n");
    assert_int_equal(f->file->stmts[0]->as.import.kind, AST_IMPORT_XUN);
    assert_int_equal(f->file->stmts[1]->as.import.kind, AST_IMPORT_GUAN);
    assert_int_equal(f->file->stmts[2]->as.import.path_len, 2);
    assert_string_equal(f->file->stmts[2]->as.import.path[1].text, "点染本");
}

static void test_statement_kinds(void **state) {
    Fixture *f = *state;
    assert_file_dump(f,
                     "「甲」乃「整数」也。「甲」者「一」也。「乙」即「浮三二」也。"
                     "「丙」立「整数」也。「甲」加「一」",
                     "Sig 「甲」\n  TypeName 「整数」\n"
                     "Def 「甲」\n  Numeral 「一」 = 1\n"
                     "TypeDef 「乙」\n  TypeName 「浮三二」\n"
                     "Li 「丙」\n  TypeName 「整数」\n"
                     "ExprStmt\n  Binary 加\n    Name 「甲」\n    Numeral 「一」 = 1\n");
    assert_int_equal(f->file->stmts[3]->kind, AST_STMT_LI);
    assert_int_equal(f->file->stmts[4]->kind, AST_STMT_EXPR);
}

/* ---- Types ---- */

static void test_type_atoms_and_app(void **state) {
    Fixture *f = *state;
    assert_type(f, "「浮三二」", "TypeName 「浮三二」\n");
    assert_type(f, "「定长小数」于「三二」",
                "TypeApp\n  TypeName 「定长小数」\n  TypeNumeral 「三二」 = 32\n");
    /* Left-associative and flat; parentheses group an argument. */
    assert_type(f, "「甲」于「乙」于「丙」",
                "TypeApp\n  TypeName 「甲」\n  TypeName 「乙」\n  TypeName 「丙」\n");
    assert_type(f, "「甲」于（「乙」于「丙」）",
                "TypeApp\n  TypeName 「甲」\n  TypeApp\n    TypeName 「乙」\n    TypeName 「丙」\n");
    assert_type(f, "（「甲」于「乙」）于「丙」",
                "TypeApp\n  TypeApp\n    TypeName 「甲」\n    TypeName 「乙」\n  TypeName 「丙」\n");
}

static void test_type_tuple(void **state) {
    Fixture *f = *state;
    assert_type(f, "「甲」合「乙」于「丙」合「丁」",
                "TupleType\n  TypeName 「甲」\n  TypeApp\n    TypeName 「乙」\n"
                "    TypeName 「丙」\n  TypeName 「丁」\n");
}

static void test_type_functions(void **state) {
    Fixture *f = *state;
    assert_type(f, "化「甲」而「乙」",
                "FuncType open params=1\n  TypeName 「甲」\n  TypeName 「乙」\n");
    assert_type(f, "化「甲」为「乙」者",
                "FuncType closed params=1\n  TypeName 「甲」\n  TypeName 「乙」\n");
    /* 化 A 而化 B 而 R and 化 A 又化 B 为 R 者: the same two-parameter type. */
    assert_type(f, "化「甲」而化「乙」而「丙」",
                "FuncType open params=2\n  TypeName 「甲」\n  TypeName 「乙」\n  TypeName 「丙」\n");
    assert_type(f, "化「甲」又化「乙」为「丙」者",
                "FuncType closed params=2\n  TypeName 「甲」\n  TypeName 「乙」\n  TypeName 「丙」\n");
    /* Parentheses keep a function-valued result apart. */
    assert_type(f, "化「甲」而（化「乙」而「丙」）",
                "FuncType open params=1\n  TypeName 「甲」\n"
                "  FuncType open params=1\n    TypeName 「乙」\n    TypeName 「丙」\n");
    /* The open result extends right: 合 belongs to it. */
    assert_type(f, "化「甲」而「乙」合「丙」",
                "FuncType open params=1\n  TypeName 「甲」\n"
                "  TupleType\n    TypeName 「乙」\n    TypeName 「丙」\n");
    /* A closed function type is an atom. */
    assert_type(f, "化「甲」为「乙」者合「丙」",
                "TupleType\n  FuncType closed params=1\n    TypeName 「甲」\n    TypeName 「乙」\n"
                "  TypeName 「丙」\n");
    assert_type(f, "「甲」于化「乙」为「丙」者",
                "TypeApp\n  TypeName 「甲」\n"
                "  FuncType closed params=1\n    TypeName 「乙」\n    TypeName 「丙」\n");
}

static void test_type_forall_seed(void **state) {
    Fixture *f = *state;
    /* 着三's signature of 「计算入口项」. */
    assert_type(f, "凡「甲」而化（化「甲」而「有」）又化「计算选项」为「计算入口」者",
                "Forall 「甲」\n"
                "  FuncType closed params=2\n"
                "    FuncType open params=1\n      TypeName 「甲」\n      TypeName 「有」\n"
                "    TypeName 「计算选项」\n    TypeName 「计算入口」\n");
}

static void test_type_record(void **state) {
    Fixture *f = *state;
    assert_type(f, "「组类」【「组」乃「整数」也，「号」乃「整数」于「甲」也】",
                "RecordType 「组类」\n  Field 「组」\n    TypeName 「整数」\n"
                "  Field 「号」\n    TypeApp\n      TypeName 「整数」\n      TypeName 「甲」\n");
    assert_type(f, "「组类」【「组」乃「整数」也，】",
                "RecordType 「组类」\n  Field 「组」\n    TypeName 「整数」\n");
    assert_type(f, "「组类」【】", "RecordType 「组类」\n");
    assert_type(f, "「组类」", "TypeName 「组类」\n");
}

static void test_type_errors(void **state) {
    Fixture *f = *state;
    assert_error(f, "「型」乃「结构」【「甲」乃「整数」也】也。", "只能跟在「组类」");
}

static void test_type_open_function_not_an_atom(void **state) {
    Fixture *f = *state;
    assert_error(f, "「型」乃「甲」于化「乙」而「丙」也。", "此处应为「为」，却遇到「而」");
}

static void test_type_closed_needs_zhe(void **state) {
    Fixture *f = *state;
    assert_error(f, "「型」乃化「甲」为「乙」也。", "此处应为「者」，却遇到「也」");
}

/* ---- Expressions: atoms ---- */

static void test_atoms(void **state) {
    Fixture *f = *state;
    assert_expr(f, "「序」", "Name 「序」\n");
    assert_expr(f, "「0.5」", "Numeral 「0.5」 = 0.5\n");
    assert_expr(f, "「负一二」", "Numeral 「负一二」 = -12\n");
    assert_expr(f, "「0x4B400000」", "Numeral 「0x4B400000」 = 0x4B400000\n");
    assert_expr(f, "「一点五乘十的负三次方」", "Numeral 「一点五乘十的负三次方」 = 1.5e-3\n");
    assert_expr(f, "「负一乘十的三零次方」加「十次方」",
                "Binary 加\n  Numeral 「负一乘十的三零次方」 = -1e30\n  Name 「十次方」\n");
    assert_expr(f, "『甲「：换行：」乙』", "String 『甲\\n乙』\n");
    assert_expr(f, "（「序」）", "Paren\n  Name 「序」\n");
    assert_expr(f, "（（「序」））", "Paren\n  Paren\n    Name 「序」\n");
}

/* ---- Expressions: precedence ---- */

static void test_precedence_arithmetic(void **state) {
    Fixture *f = *state;
    assert_expr(f, "「甲」加「乙」乘「丙」",
                "Binary 加\n  Name 「甲」\n  Binary 乘\n    Name 「乙」\n    Name 「丙」\n");
    assert_expr(f, "「甲」乘「乙」减「丙」",
                "Binary 减\n  Binary 乘\n    Name 「甲」\n    Name 「乙」\n  Name 「丙」\n");
    /* Left-associative. */
    assert_expr(f, "「甲」减「乙」减「丙」",
                "Binary 减\n  Binary 减\n    Name 「甲」\n    Name 「乙」\n  Name 「丙」\n");
    assert_expr(f, "「甲」除「乙」余「丙」",
                "Binary 余\n  Binary 除\n    Name 「甲」\n    Name 「乙」\n  Name 「丙」\n");
    assert_expr(f, "（「甲」加「乙」）乘「丙」",
                "Binary 乘\n  Paren\n    Binary 加\n      Name 「甲」\n      Name 「乙」\n"
                "  Name 「丙」\n");
}

static void test_precedence_logic(void **state) {
    Fixture *f = *state;
    assert_expr(f, "「甲」或「乙」且「丙」",
                "Binary 或\n  Name 「甲」\n  Binary 且\n    Name 「乙」\n    Name 「丙」\n");
    assert_expr(f, "「甲」且「乙」或「丙」",
                "Binary 或\n  Binary 且\n    Name 「甲」\n    Name 「乙」\n  Name 「丙」\n");
    assert_expr(f, "「甲」小于「乙」且「丙」不等于「丁」",
                "Binary 且\n  Binary 小于\n    Name 「甲」\n    Name 「乙」\n"
                "  Binary 不等于\n    Name 「丙」\n    Name 「丁」\n");
    assert_expr(f, "「甲」加「一」等于「乙」乘「二」",
                "Binary 等于\n  Binary 加\n    Name 「甲」\n    Numeral 「一」 = 1\n"
                "  Binary 乘\n    Name 「乙」\n    Numeral 「二」 = 2\n");
}

static void test_comparison_operators(void **state) {
    Fixture *f = *state;
    static const char *const ops[] = {"等于", "不等于", "小于", "大于", "不小于", "不大于"};
    static const AstBinaryOp codes[] = {AST_OP_EQ, AST_OP_NE, AST_OP_LT,
                                        AST_OP_GT, AST_OP_GE, AST_OP_LE};
    for (size_t i = 0; i < 6; i++) {
        char source[128];
        snprintf(source, sizeof source, "「值」者「甲」%s「乙」也。", ops[i]);
        parse(f, source);
        assert_no_errors(f);
        const AstExpr *e = f->file->stmts[0]->as.def.value;
        assert_int_equal(e->kind, AST_EXPR_BINARY);
        assert_int_equal(e->as.binary.op, codes[i]);
    }
}

static void test_comparisons_do_not_chain(void **state) {
    Fixture *f = *state;
    assert_error(f, "「值」者「甲」小于「乙」小于「丙」也。", "比较不能连写");
    assert_diag_has(f, "t。着色器。豫:1:13:");
}

static void test_precedence_not(void **state) {
    Fixture *f = *state;
    /* 非 binds looser than a call and tighter than 乘. */
    assert_expr(f, "非「甲」于「乙」",
                "Not\n  Call\n    Name 「甲」\n    Name 「乙」\n");
    assert_expr(f, "非「甲」乘「乙」",
                "Binary 乘\n  Not\n    Name 「甲」\n  Name 「乙」\n");
    assert_expr(f, "非非「甲」", "Not\n  Not\n    Name 「甲」\n");
    assert_expr(f, "非「甲」且「乙」",
                "Binary 且\n  Not\n    Name 「甲」\n  Name 「乙」\n");
}

static void test_precedence_proj_and_call(void **state) {
    Fixture *f = *state;
    /* 中 binds tighter than 于: each argument is a projection. */
    assert_expr(f, "「长度」于「向量」中「零」",
                "Call\n  Name 「长度」\n  Proj 「零」 = 0\n    Name 「向量」\n");
    assert_expr(f, "「甲」中「一」中「字段」",
                "Proj 「字段」\n  Proj 「一」 = 1\n    Name 「甲」\n");
    assert_expr(f, "（「甲」于「乙」）中「零」",
                "Proj 「零」 = 0\n  Paren\n    Call\n      Name 「甲」\n      Name 「乙」\n");
    /* One saturated call: f 于 a 于 b has two arguments. */
    assert_expr(f, "「甲」于「乙」于「丙」加「丁」",
                "Binary 加\n  Call\n    Name 「甲」\n    Name 「乙」\n    Name 「丙」\n"
                "  Name 「丁」\n");
}

static void test_call_with_type_argument(void **state) {
    Fixture *f = *state;
    assert_expr(f, "「转换」以「无三二」于「甲」",
                "Call\n  Name 「转换」\n  TypeArg\n    TypeName 「无三二」\n  Name 「甲」\n");
    /* Only a TypeAtom follows 以: a longer type needs parentheses. */
    assert_expr(f, "「转换」以（「定长无符号」于「三二」）于「甲」",
                "Call\n  Name 「转换」\n  TypeArg\n    TypeApp\n      TypeName 「定长无符号」\n"
                "      TypeNumeral 「三二」 = 32\n  Name 「甲」\n");
    assert_expr(f, "「转换」以「定长无符号」于「三二」",
                "Call\n  Name 「转换」\n  TypeArg\n    TypeName 「定长无符号」\n"
                "  Numeral 「三二」 = 32\n");
    /* 以 without arguments is still a call. */
    assert_expr(f, "「零矩阵片累」以「甲」",
                "Call\n  Name 「零矩阵片累」\n  TypeArg\n    TypeName 「甲」\n");
}

static void test_tuples(void **state) {
    Fixture *f = *state;
    assert_expr(f, "「甲」与「乙」与「丙」",
                "Tuple\n  Name 「甲」\n  Name 「乙」\n  Name 「丙」\n");
    /* 着八: a parenthesised tuple as the last item is flattened. */
    assert_expr(f, "「甲」与（「乙」与「丙」）",
                "Tuple\n  Name 「甲」\n  Name 「乙」\n  Name 「丙」\n");
    assert_expr(f, "「甲」与（「乙」与（「丙」与「丁」））",
                "Tuple\n  Name 「甲」\n  Name 「乙」\n  Name 「丙」\n  Name 「丁」\n");
    /* Elsewhere the parentheses stay. */
    assert_expr(f, "（「甲」与「乙」）与「丙」",
                "Tuple\n  Paren\n    Tuple\n      Name 「甲」\n      Name 「乙」\n  Name 「丙」\n");
    assert_expr(f, "「甲」与（「乙」）",
                "Tuple\n  Name 「甲」\n  Paren\n    Name 「乙」\n");
    /* 与 is looser than 或. */
    assert_expr(f, "「甲」或「乙」与「丙」",
                "Tuple\n  Binary 或\n    Name 「甲」\n    Name 「乙」\n  Name 「丙」\n");
}

static void test_sequence(void **state) {
    Fixture *f = *state;
    /* ； is looser than 与 and nests to the right. */
    assert_expr(f, "「甲」与「乙」；「丙」；「丁」",
                "Seq\n  Tuple\n    Name 「甲」\n    Name 「乙」\n"
                "  Seq\n    Name 「丙」\n    Name 「丁」\n");
}

static void test_record_value(void **state) {
    Fixture *f = *state;
    assert_expr(f, "「组值」【「组」者「零」也，「号」者「甲」加「一」也】",
                "Record 「组值」\n  Field 「组」\n    Numeral 「零」 = 0\n"
                "  Field 「号」\n    Binary 加\n      Name 「甲」\n      Numeral 「一」 = 1\n");
    assert_expr(f, "「组值」【「组」者「零」也，】",
                "Record 「组值」\n  Field 「组」\n    Numeral 「零」 = 0\n");
    assert_expr(f, "「组值」【】", "Record 「组值」\n");
    assert_expr(f, "「组值」【「甲」者「乙」也】中「甲」",
                "Proj 「甲」\n  Record 「组值」\n    Field 「甲」\n      Name 「乙」\n");
}

static void test_record_value_errors(void **state) {
    Fixture *f = *state;
    assert_error(f, "「值」者「结构」【「甲」者「乙」也】也。", "只能跟在「组值」");
}

static void test_record_field_needs_ye(void **state) {
    Fixture *f = *state;
    assert_error(f, "「值」者「组值」【「组」者「零」，「号」者「零」也】也。",
                 "此处应为「也」，却遇到「，」");
}

/* ---- Binders ---- */

static void test_lambda(void **state) {
    Fixture *f = *state;
    assert_expr(f, "得「甲」而「甲」", "Lambda 「甲」\n  Name 「甲」\n");
    assert_expr(f, "得「甲」又得「乙」而「甲」加「乙」",
                "Lambda 「甲」「乙」\n  Binary 加\n    Name 「甲」\n    Name 「乙」\n");
    /* Nested 得…而得…而 without parentheses is one lambda. */
    assert_expr(f, "得「甲」而得「乙」而「甲」",
                "Lambda 「甲」「乙」\n  Name 「甲」\n");
    assert_expr(f, "得「甲」而得「乙」又得「丙」而「甲」",
                "Lambda 「甲」「乙」「丙」\n  Name 「甲」\n");
    assert_expr(f, "得「甲」而（得「乙」而「甲」）",
                "Lambda 「甲」\n  Paren\n    Lambda 「乙」\n      Name 「甲」\n");
}

static void test_binder_extends_right(void **state) {
    Fixture *f = *state;
    assert_expr(f, "「甲」加令「乙」为「一」而「乙」加「二」",
                "Binary 加\n  Name 「甲」\n  Let 「乙」\n    Numeral 「一」 = 1\n"
                "    Binary 加\n      Name 「乙」\n      Numeral 「二」 = 2\n");
    assert_expr(f, "令「乙」为「一」而「乙」；「丙」",
                "Let 「乙」\n  Numeral 「一」 = 1\n  Seq\n    Name 「乙」\n    Name 「丙」\n");
    /* A binder in a middle slot is closed by the outer keyword. */
    assert_expr(f, "令「甲」为令「乙」为「一」而「乙」而「甲」",
                "Let 「甲」\n  Let 「乙」\n    Numeral 「一」 = 1\n    Name 「乙」\n  Name 「甲」\n");
}

static void test_letrec(void **state) {
    Fixture *f = *state;
    assert_expr(f, "递归令「环」其化「整数」为「整数」者为得「甲」而「环」于「甲」而「环」于「零」",
                "LetRec 「环」\n  FuncType closed params=1\n    TypeName 「整数」\n"
                "    TypeName 「整数」\n  Lambda 「甲」\n    Call\n      Name 「环」\n"
                "      Name 「甲」\n  Call\n    Name 「环」\n    Numeral 「零」 = 0\n");
}

static void test_if(void **state) {
    Fixture *f = *state;
    assert_expr(f, "若「甲」则「乙」否则「丙」加「一」",
                "If value\n  Name 「甲」\n  Name 「乙」\n"
                "  Binary 加\n    Name 「丙」\n    Numeral 「一」 = 1\n");
    assert_expr(f, "若「甲」则「乙」；「丙」",
                "If statement\n  Name 「甲」\n  Seq\n    Name 「乙」\n    Name 「丙」\n");
    /* An inner 若 takes the nearest 否则. */
    assert_expr(f, "若「甲」则若「乙」则「丙」否则「丁」",
                "If statement\n  Name 「甲」\n"
                "  If value\n    Name 「乙」\n    Name 「丙」\n    Name 「丁」\n");
    assert_expr(f, "（若「甲」则「乙」）；「丙」",
                "Seq\n  Paren\n    If statement\n      Name 「甲」\n      Name 「乙」\n"
                "  Name 「丙」\n");
}

static void test_match_is_parsed(void **state) {
    Fixture *f = *state;
    assert_expr(f, "鉴「甲」加「一」",
                "Match\n  Binary 加\n    Name 「甲」\n    Numeral 「一」 = 1\n");
}

static void test_numeral_binder_names(void **state) {
    Fixture *f = *state;
    assert_error(f, "「值」者得「一」而「一」也。", "绑定的名字不能是数字");
    assert_error(f, "「值」者令「二」为「一」而「二」也。", "绑定的名字不能是数字");
    assert_error(f, "「值」者递归令「三」其「整数」为「一」而「三」也。", "绑定的名字不能是数字");
    /* Issue 29 item 16: the note says why and what to write. */
    assert_diag_has(f, "note: 只由数字字符（0-9、零一二三四五六七八九、点、负）组成的「三」读作数字；"
                       "名字要有至少一个别的字，如「第三」");
}

/* An exponent numeral where a name is bound: the note names the exponent words too. */
static void test_exponent_numeral_binder_name(void **state) {
    Fixture *f = *state;
    assert_error(f, "「值」者得「二乘十的三次方」而「一」也。", "t。着色器。豫:1:6: error: 绑定的名字不能是数字");
    assert_diag_has(f, "note: 只由数字字符（0-9、零一二三四五六七八九、点、负）和指数的 乘十的、次方 "
                       "组成的「二乘十的三次方」读作数字；");
}

/* 若 … 则 A；B where B starts a line indented no deeper than the 若's line (issue 29 item
 * 15): tabs to stops of 8, U+3000 two columns, spaces one. */
static void test_misleading_sequence_after_if(void **state) {
    Fixture *f = *state;
    const struct {
        const char *source;
        int warnings;
    } cases[] = {
        {"「值」者得「甲」而\n\t若「甲」则「乙」；\n\t「丙」也。", 1},
        {"「值」者得「甲」而\n\t若「甲」则「乙」；\n「丙」也。", 1},
        {"「值」者得「甲」而\n\t若「甲」则「乙」；\n\t\t「丙」也。", 0},
        {"「值」者得「甲」而\n    若「甲」则「乙」；\n\t「丙」也。", 0},
        {"「值」者得「甲」而\n\t若「甲」则「乙」；\n        「丙」也。", 1},
        {"「值」者得「甲」而\n\u3000若「甲」则「乙」；\n  「丙」也。", 1},
        {"「值」者得「甲」而\n\u3000若「甲」则「乙」；\n   「丙」也。", 0},
        {"「值」者得「甲」而\n（若「甲」则「乙」）；\n「丙」也。", 0},
        {"「值」者得「甲」而\n若「甲」则「乙」；「丙」；\n「丁」也。", 1},
        {"「值」者得「甲」而\n若「甲」则「乙」否则「丁」；\n「丙」也。", 1},
        {"「值」者得「甲」而\n若「甲」则\n「乙」；\n「丙」也。", 1},
        {"「值」者得「甲」而\n若「甲」则「乙」；「：注：」「丙」也。", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        parse(f, cases[i].source);
        assert_no_errors(f);
        if (f->diag.warning_count != cases[i].warnings)
            print_error("case %zu: %s\n%s\n", i, cases[i].source, strbuf_cstr(&f->diag.text));
        assert_int_equal(f->diag.warning_count, cases[i].warnings);
    }
    parse(f, cases[1].source);
    assert_diag_has(f, "t。着色器。豫:3:1: warning: 「；」后的这一行仍在第 2 行「若」的「则」分支里"
                       "（只在条件成立时执行），缩进却不比「若」深");
    assert_diag_has(f, "t。着色器。豫:2:2: note: 要它在「若」之后照常执行，请写作（若 … 则 …）；…；"
                       "要它归「若」管，请把它缩进得比「若」深");
    parse(f, cases[9].source);
    assert_diag_has(f, "t。着色器。豫:3:1: warning: 「；」后的这一行仍在第 2 行「若」的「否则」分支里"
                       "（只在条件不成立时执行）");
    assert_diag_has(f, "请写作（若 … 则 … 否则 …）；…；");
}

/* A malformed numeral as a binder: the lexer's error is the only one for it (no second
 * "cannot be a numeral" from the parser), one per occurrence. */
static void test_malformed_numeral_binder_once(void **state) {
    Fixture *f = *state;
    parse(f, "「值」者得「五点」而「五点」也。「一点点二」者「一」也。");
    assert_int_equal(f->diag.error_count, 3);
    assert_diag_has(f, "t。着色器。豫:1:6: error: 数字格式错误：「五点」");
    assert_diag_has(f, "t。着色器。豫:1:11: error: 数字格式错误：「五点」");
    assert_diag_has(f, "如「第五点」");
    assert_diag_has(f, "如「第一点点二」");
    assert_null(strstr(strbuf_cstr(&f->diag.text), "不能是数字"));
}

/* ---- 也 (D1) ---- */

static void test_ye_ends_declarations(void **state) {
    Fixture *f = *state;
    /* 也 before 。, ， or 】 or the end closes; anywhere else it annotates. */
    assert_file_dump(f, "「值」者「整数」也", "Def 「值」\n  Name 「整数」\n");
    assert_expr(f, "「整数」也「一」", "Annot\n  TypeName 「整数」\n  Numeral 「一」 = 1\n");
    assert_expr(f, "「组值」【「甲」者「整数」也「一」也，「乙」者「小数」也】",
                "Record 「组值」\n  Field 「甲」\n    Annot\n      TypeName 「整数」\n"
                "      Numeral 「一」 = 1\n  Field 「乙」\n    Name 「小数」\n");
}

static void test_annotation(void **state) {
    Fixture *f = *state;
    /* 也 is looser than ；. */
    assert_expr(f, "「整数」也「甲」；「乙」",
                "Annot\n  TypeName 「整数」\n  Seq\n    Name 「甲」\n    Name 「乙」\n");
    assert_expr(f, "（「定长小数」于「三二」）也「甲」",
                "Annot\n  TypeApp\n    TypeName 「定长小数」\n    TypeNumeral 「三二」 = 32\n"
                "  Name 「甲」\n");
    assert_expr(f, "「数组」于「无三二」也「甲」",
                "Annot\n  TypeApp\n    TypeName 「数组」\n    TypeName 「无三二」\n  Name 「甲」\n");
    /* Types no expression could spell may stand on the left too. */
    assert_expr(f, "（「浮三二」合「浮三二」）也（「甲」与「乙」）",
                "Annot\n  TupleType\n    TypeName 「浮三二」\n    TypeName 「浮三二」\n"
                "  Paren\n    Tuple\n      Name 「甲」\n      Name 「乙」\n");
    /* In binder slots. */
    assert_expr(f, "令「甲」为「整数」也「一」而「甲」",
                "Let 「甲」\n  Annot\n    TypeName 「整数」\n    Numeral 「一」 = 1\n"
                "  Name 「甲」\n");
    assert_expr(f, "（「整数」也「一」）加「二」",
                "Binary 加\n  Paren\n    Annot\n      TypeName 「整数」\n"
                "      Numeral 「一」 = 1\n  Numeral 「二」 = 2\n");
}

static void test_annotation_left_must_be_type(void **state) {
    Fixture *f = *state;
    assert_error(f, "「值」者「甲」加「乙」也「一」也。", "「也」左边须是类型");
    assert_diag_has(f, "t。着色器。豫:1:5:");
}

static void test_annotation_needs_operand(void **state) {
    Fixture *f = *state;
    assert_error(f, "「值」者（「整数」也）也。", "此处应为表达式，却遇到「）」");
}

static void test_extra_ye_after_declaration(void **state) {
    Fixture *f = *state;
    assert_error(f, "「值」乃「整数」也「一」也。", "此处应为「。」，却遇到数字「一」");
}

/* ---- Errors and recovery ---- */

/* 「模块」之「名」 in expressions and types parses to a qualified name (the checker decides
 * what the qualifier may name); 「组值」/「组类」 cannot be qualified. */
static void test_qualified_names(void **state) {
    Fixture *f = *state;
    parse(f, "「加倍」者「新无三二」于（「重名」之「甲」之「倍」）也。");
    assert_int_equal(f->diag.error_count, 0);
    const AstExpr *arg = f->file->stmts[0]->as.def.value->as.call.args[0]->as.paren.inner;
    assert_int_equal(arg->kind, AST_EXPR_NAME);
    assert_string_equal(arg->as.name.text, "倍");
    assert_int_equal(arg->as.name.qualifier_count, 2);
    assert_string_equal(arg->as.name.qualifier[0].text, "重名");
    assert_string_equal(arg->as.name.qualifier[1].text, "甲");
    assert_int_equal(arg->as.name.zhi.start, arg->as.name.span.start - strlen("之"));
    assert_expr(f, "「重名」之「甲」之「倍」于「一」", "Call\n  Name 「重名」之「甲」之「倍」\n  Numeral 「一」 = 1\n");

    parse(f, "「型」乃化「乙」之「点」为「数组」于「甲」之「值」者也。");
    assert_int_equal(f->diag.error_count, 0);
    const AstType *sig = f->file->stmts[0]->as.sig.type;
    assert_int_equal(sig->kind, AST_TYPE_FUNC);
    const AstType *param = sig->as.func.params[0];
    assert_int_equal(param->kind, AST_TYPE_NAME);
    assert_string_equal(param->as.name.text, "点");
    assert_int_equal(param->as.name.qualifier_count, 1);
    assert_type(f, "「数组」于「乙」之「点」", "TypeApp\n  TypeName 「数组」\n  TypeName 「乙」之「点」\n");

    assert_error(f, "「值」者「甲」之「组值」【「左」者「一」也】也。", "「【…】」只能跟在");
    assert_error(f, "「型」即「甲」之「组类」【「左」乃「无三二」也】也。", "「【…】」只能跟在");
}

static void test_expected_messages(void **state) {
    Fixture *f = *state;
    assert_error(f, "「值」者令「甲」为「一」「甲」也。", "此处应为「而」，却遇到名字「甲」");
    assert_diag_has(f, "t。着色器。豫:1:13: error:");
    assert_error(f, "「值」者（「甲」加「乙」也。", "此处应为「）」，却遇到「也」");
    assert_error(f, "「值」者「甲」加也。", "此处应为表达式，却遇到「也」");
    assert_error(f, "「值」者「甲」中于也。", "此处应为名字或数字，却遇到「于」");
    assert_error(f, "「值」者「甲」", "此处应为「也」，却遇到文件结尾");
    assert_error(f, "「值」乃「甲」于也。", "此处应为类型，却遇到「也」");
    assert_error(f, "寻「甲」之「乙」。", "此处应为「之书」，却遇到「。」");
    assert_error(f, "「值」者「一」也。。", "此处应为语句，却遇到「。」");
}

static void test_numeral_definition_name(void **state) {
    Fixture *f = *state;
    assert_error(f, "「一」者「二」也。", "定义的名字不能是数字");
}

static void test_retired_words(void **state) {
    Fixture *f = *state;
    assert_error(f, "诵「甲」之书。",
                 "着色文件不能用「诵」导入，请用「寻」「观」或「寻观」");
    assert_error(f, "「值」者虑「甲」为「一」而「甲」也。", "「虑」是旧写法，请改用「令」");
    assert_error(f, "「值」者递归虑「甲」也。", "「递归虑」是旧写法，请改用「递归令」");
    assert_error(f, "「值」者「转换」授以「整数」于「一」也。", "「授以」是旧写法，请改用「以」");
    assert_error(f, "「值」者会「甲」也。", "「会」是旧写法，已不再使用（见 docs/language.md）");
    assert_error(f, "「值」者承「甲」也。", "「承」是旧写法，已不再使用（见 docs/language.md）");
    assert_error(f, "「值」者循「甲」也。", "「循」是旧写法，已不再使用（见 docs/language.md）");
}

static void test_recovery_reports_each_statement(void **state) {
    Fixture *f = *state;
    parse(f, "「甲」者「一」加也。\n「乙」乃「整数」也。\n「丙」者（「二」也。\n「丁」者「三」也。");
    assert_int_equal(f->diag.error_count, 2);
    assert_diag_has(f, "t。着色器。豫:1:9: error: 此处应为表达式，却遇到「也」");
    assert_diag_has(f, "t。着色器。豫:3:9: error: 此处应为「）」，却遇到「也」");
    assert_int_equal(f->file->count, 2);
    assert_string_equal(f->file->stmts[0]->as.sig.name.text, "乙");
    assert_string_equal(f->file->stmts[1]->as.def.name.text, "丁");
}

static void test_lexical_errors_skip_statement(void **state) {
    Fixture *f = *state;
    /* An unknown character is a lexical error; the parser adds nothing to it. */
    parse(f, "「甲」者「一」加x也。「乙」者「二」也。");
    assert_int_equal(f->diag.error_count, 1);
    assert_int_equal(f->file->count, 1);
    assert_string_equal(f->file->stmts[0]->as.def.name.text, "乙");
}

static void test_error_cap_stops_parsing(void **state) {
    Fixture *f = *state;
    f->diag.max_errors = 3;
    char source[2048] = "";
    for (int i = 0; i < 50; i++) strcat(source, "「甲」者也。");
    parse(f, source);
    assert_true(diag_capped(&f->diag));
    assert_true(f->diag.error_count <= 4);
}

/* ---- Nesting limit ---- */

static char *append(char *end, const char *text) {
    size_t len = strlen(text);
    memcpy(end, text, len + 1);
    return end + len;
}

/* 「值」者 open×n middle close×n 也。 */
static char *repeat_around(const char *open, int n, const char *middle, const char *close) {
    size_t len = strlen(open) * n + strlen(middle) + strlen(close) * n + 64;
    char *text = malloc(len);
    char *end = append(text, "「值」者");
    for (int i = 0; i < n; i++) end = append(end, open);
    end = append(end, middle);
    for (int i = 0; i < n; i++) end = append(end, close);
    append(end, "也。");
    return text;
}

static void test_depth_limit_parentheses(void **state) {
    Fixture *f = *state;
    char *ok = repeat_around("（", 10000, "「甲」", "）");
    parse(f, ok);
    assert_no_errors(f);
    free(ok);
    char *over = repeat_around("（", 10001, "「甲」", "）");
    parse(f, over);
    assert_int_equal(f->diag.error_count, 1);
    assert_diag_has(f, "嵌套过深（最多 10000 层）");
    free(over);
    char *deep = repeat_around("（", 100000, "「甲」", "）");
    parse(f, deep);
    assert_int_equal(f->diag.error_count, 1);
    assert_diag_has(f, "嵌套过深");
    free(deep);
}

/* Right-nested chains (令…而, 递归令…而, ；) are read in a loop and are no nesting: 100,000
 * links parse, into the same right-nested tree. True nesting (非, operator chains, nested 若)
 * is limited. */
static void test_depth_limit_binders_and_not(void **state) {
    Fixture *f = *state;
    char *lets = repeat_around("令「甲」为「一」而", 100000, "「甲」", "");
    parse(f, lets);
    assert_no_errors(f);
    const AstExpr *e = f->file->stmts[0]->as.def.value;
    uint32_t links = 0;
    for (; e->kind == AST_EXPR_LET; e = e->as.let.body) links++;
    assert_int_equal(links, 100000);
    assert_int_equal(e->kind, AST_EXPR_NAME);
    free(lets);
    char *seqs = repeat_around("「一」；", 100000, "「甲」", "");
    parse(f, seqs);
    assert_no_errors(f);
    links = 0;
    for (e = f->file->stmts[0]->as.def.value; e->kind == AST_EXPR_SEQ; e = e->as.seq.second) links++;
    assert_int_equal(links, 100000);
    free(seqs);
    char *mixed = repeat_around("令「甲」为「一」而「甲」；", 50000, "「甲」", "");
    parse(f, mixed);
    assert_no_errors(f);
    free(mixed);
    char *nots = repeat_around("非", 20000, "「甲」", "");
    parse(f, nots);
    assert_int_equal(f->diag.error_count, 1);
    free(nots);
    char *adds = repeat_around("「一」加", 20000, "「甲」", "");
    parse(f, adds);
    assert_int_equal(f->diag.error_count, 1);
    free(adds);
    char *ifs = repeat_around("若「甲」则", 20000, "「甲」", "");
    parse(f, ifs);
    assert_int_equal(f->diag.error_count, 1);
    assert_diag_has(f, "嵌套过深");
    free(ifs);
}

static void test_depth_limit_types(void **state) {
    Fixture *f = *state;
    size_t n = 20000;
    char *text = malloc(n * 16 + 64);
    char *end = append(text, "「型」乃");
    for (size_t i = 0; i < n; i++) end = append(end, "化「甲」而");
    append(end, "「乙」也。");
    parse(f, text);
    assert_int_equal(f->diag.error_count, 1);
    assert_diag_has(f, "嵌套过深");
    free(text);
    char *anno = repeat_around("（", 20000, "「甲」", "）也「一」");
    parse(f, anno);
    assert_int_equal(f->diag.error_count, 1);
    free(anno);
}

static void test_garbage_never_crashes(void **state) {
    Fixture *f = *state;
    static const char *const inputs[] = {
        "也", "。", "】", "【", "（", "）", "，", "；", "而而而", "「甲」者",
        "「甲」乃", "「甲」乃化", "「甲」乃凡", "得", "令「甲」为", "若", "「组值」【",
        "「组类」【「甲」乃", "「甲」者「组值」【「甲」者", "寻", "寻「甲」之", "「甲」中",
        "「甲」以", "「甲」于", "「甲」与", "非", "鉴", "「甲」者「一」也也也",
        "「」者「」也", "『甲』", "「甲」即凡「乙」而化「乙」又化",
    };
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        parse(f, inputs[i]);
        if (strcmp(inputs[i], "「」者「」也") != 0 && strcmp(inputs[i], "『甲』") != 0) {
            if (f->diag.error_count == 0) print_error("no error for %s\n", inputs[i]);
            assert_true(f->diag.error_count > 0);
        }
        fe_ast_dump_file(&f->dump, f->file);
    }
}

/* The token array and the type memo are the parser's own, freed after the parse: what it
 * leaves in the caller's arena (the AST, the texts it keeps, the source: here ~1.25 × the
 * token array) stays under 1.5 × the token array, where the array itself (64 bytes a token,
 * sized for the file) in that arena made it ~2.8 × — a quarter of a compile's peak memory,
 * kept to the end. */
static void test_tokens_do_not_outlive_the_parse(void **state) {
    Fixture *f = *state;
    StrBuf text;
    strbuf_init(&text);
    for (int i = 0; i < 2000; i++)
        strbuf_printf(&text, "「函%d」乃化「无三二」为「无三二」者也。\n「函%d」者得「x」而（「x」乘「三」）加「%d」也。\n",
                      i, i, i);
    Arena lexed;
    arena_init(&lexed);
    const SourceFile *probe = source_add(&f->map, "probe。着色器。豫", strbuf_cstr(&text), text.len);
    TokenList tokens = fe_lex_file(&lexed, probe, &f->diag);
    size_t token_bytes = (size_t)tokens.count * sizeof(Token);
    arena_free(&lexed);
    size_t before = f->arena.total;
    parse_bytes(f, strbuf_cstr(&text), text.len);
    assert_no_errors(f);
    assert_int_equal(f->file->count, 4000);
    size_t kept = f->arena.total - before;
    print_message("tokens %u (%zu bytes); the parse kept %zu bytes\n", tokens.count, token_bytes, kept);
    assert_true(kept < token_bytes + token_bytes / 2);
    strbuf_free(&text);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

int main(void) {
    const struct CMUnitTest tests[] = {
        T(test_seed_example),
        T(test_tokens_do_not_outlive_the_parse),
        T(test_spans),
        T(test_empty_and_unterminated_files),
        T(test_imports),
        T(test_statement_kinds),
        T(test_type_atoms_and_app),
        T(test_type_tuple),
        T(test_type_functions),
        T(test_type_forall_seed),
        T(test_type_record),
        T(test_type_errors),
        T(test_type_open_function_not_an_atom),
        T(test_type_closed_needs_zhe),
        T(test_atoms),
        T(test_precedence_arithmetic),
        T(test_precedence_logic),
        T(test_comparison_operators),
        T(test_comparisons_do_not_chain),
        T(test_precedence_not),
        T(test_precedence_proj_and_call),
        T(test_call_with_type_argument),
        T(test_tuples),
        T(test_sequence),
        T(test_record_value),
        T(test_record_value_errors),
        T(test_record_field_needs_ye),
        T(test_lambda),
        T(test_binder_extends_right),
        T(test_letrec),
        T(test_if),
        T(test_match_is_parsed),
        T(test_numeral_binder_names),
        T(test_exponent_numeral_binder_name),
        T(test_malformed_numeral_binder_once),
        T(test_misleading_sequence_after_if),
        T(test_ye_ends_declarations),
        T(test_annotation),
        T(test_annotation_left_must_be_type),
        T(test_annotation_needs_operand),
        T(test_extra_ye_after_declaration),
        T(test_qualified_names),
        T(test_expected_messages),
        T(test_numeral_definition_name),
        T(test_retired_words),
        T(test_recovery_reports_each_statement),
        T(test_lexical_errors_skip_statement),
        T(test_error_cap_stops_parsing),
        T(test_depth_limit_parentheses),
        T(test_depth_limit_binders_and_not),
        T(test_depth_limit_types),
        T(test_garbage_never_crashes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
