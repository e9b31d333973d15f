/* libyusec's navigation index (yusec_index_*, docs/library.md) through the public API only:
 * what each name resolves to (locals, top-level names, builtins in the 点染本 interface file,
 * names of another module of the package, struct fields, 递归令 functions), types as written,
 * references, the document's symbols, the names in scope, calls for signature help, UTF-16
 * columns, and a source with errors indexed as far as the checker got. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "yusec/yusec.h"

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

/* The position of the `nth` (0-based) `needle` in `text`, one UTF-16 unit into it (inside
 * the name's 「), counted here independently of the library. */
static yusec_position find(const char *text, const char *needle, int nth) {
    const char *at = text;
    for (int i = 0; i <= nth; i++) {
        at = strstr(i ? at + 1 : at, needle);
        if (!at) fail_msg("no %s #%d", needle, nth);
    }
    yusec_position p = {0, 0};
    for (const char *c = text; c < at; c++) {
        unsigned char b = (unsigned char)*c;
        if (b == '\n') {
            p.line++;
            p.character = 0;
        } else if ((b & 0xC0) != 0x80) {
            p.character += b >= 0xF0 ? 2 : 1;
        }
    }
    p.character += 1;
    return p;
}

typedef struct MemoryFile {
    const char *path, *text;
} MemoryFile;

static bool read_memory(void *user, const char *path, const char **text, size_t *len) {
    for (const MemoryFile *f = user; f && f->path; f++)
        if (strcmp(f->path, path) == 0) {
            *text = f->text;
            *len = strlen(f->text);
            return true;
        }
    return false;
}

static yusec_context *new_context(const MemoryFile *files) {
    yusec_options options;
    yusec_options_init(&options);
    options.builtin_dir = YUSEC_TEST_SOURCE_DIR "/库/点染";
    options.provider.read = read_memory;
    options.provider.user = (void *)files;
    yusec_context *ctx = yusec_context_new(&options);
    assert_non_null(ctx);
    return ctx;
}

static yusec_index *index_of(yusec_context *ctx, const char *path, const char *text) {
    yusec_input input = {path, text, text ? strlen(text) : 0};
    yusec_index *index = yusec_index_build(ctx, &input);
    assert_non_null(index);
    return index;
}

/* The symbol the name at `needle` #nth resolves to. */
static const yusec_symbol *symbol_at(const yusec_index *index, const char *text, const char *needle, int nth) {
    const yusec_occurrence *o = yusec_index_at(index, NULL, find(text, needle, nth));
    if (!o) fail_msg("nothing at %s #%d", needle, nth);
    size_t count;
    const yusec_symbol *symbols = yusec_index_symbols(index, &count);
    assert_true(o->symbol < count);
    return &symbols[o->symbol];
}

static size_t symbol_index(const yusec_index *index, const yusec_symbol *symbol) {
    return (size_t)(symbol - yusec_index_symbols(index, NULL));
}

/* The text of line `line` (0-based) of a file on disk from UTF-16 column `from`, as far as
 * `bytes` bytes. */
static void text_on_disk(const char *path, yusec_range range, char *out, size_t size) {
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot open %s", path);
    char line[8192];
    for (uint32_t i = 0; i <= range.start.line; i++) assert_non_null(fgets(line, sizeof line, f));
    fclose(f);
    const char *c = line;
    for (uint32_t units = 0; units < range.start.character; c++)
        if (((unsigned char)*c & 0xC0) != 0x80) units += (unsigned char)*c >= 0xF0 ? 2 : 1;
    while (((unsigned char)*c & 0xC0) == 0x80) c++;
    const char *end = c;
    for (uint32_t units = range.start.character; units < range.end.character; end++)
        if (((unsigned char)*end & 0xC0) != 0x80) units += (unsigned char)*end >= 0xF0 ? 2 : 1;
    while (((unsigned char)*end & 0xC0) == 0x80) end++;
    snprintf(out, size, "%.*s", (int)(end - c), c);
}

static void test_locals_and_top_level_names(void **state) {
    (void)state;
    yusec_context *ctx = new_context(NULL);
    yusec_index *index = index_of(ctx, "加倍。着色器。豫", SEED);
    const yusec_symbol *xu = symbol_at(index, SEED, "「序」", 1);
    assert_string_equal(xu->name, "序");
    assert_int_equal(xu->kind, YUSEC_SYMBOL_LOCAL);
    assert_string_equal(xu->type, "「无三二」");
    assert_string_equal(xu->file, "加倍。着色器。豫");
    yusec_position binder = find(SEED, "「序」", 0);
    assert_int_equal(xu->range.start.line, binder.line);
    assert_int_equal(xu->range.start.character, binder.character - 1);
    assert_int_equal(xu->range.end.character, binder.character + 2);  /* 「序」 is 3 units */
    assert_int_equal(symbol_at(index, SEED, "「序」", 2), xu);

    const yusec_symbol *hao = symbol_at(index, SEED, "「号」", 2);  /* 「号」中「零」 */
    assert_int_equal(hao->kind, YUSEC_SYMBOL_PARAMETER);
    assert_string_equal(hao->type, "「三维无」");
    assert_int_not_equal(hao->parent, YUSEC_NONE);
    assert_string_equal(yusec_index_symbols(index, NULL)[hao->parent].name, "加倍");

    const yusec_symbol *data = symbol_at(index, SEED, "「数据」", 2);
    assert_int_equal(data->kind, YUSEC_SYMBOL_RESOURCE);
    assert_string_equal(data->type, "「存储缓冲」于（「数组」于「无三二」）");
    assert_int_equal(data->range.start.line, 3);  /* its 者 statement */

    const yusec_symbol *twice = symbol_at(index, SEED, "「加倍」", 2);  /* in the entry */
    assert_int_equal(twice->kind, YUSEC_SYMBOL_FUNCTION);
    assert_string_equal(twice->type, "化「全局调用号」为「有」者");
    assert_true(twice->is_callable);
    assert_int_equal(twice->param_count, 1);
    assert_string_equal(twice->params[0].name, "号");
    assert_string_equal(twice->params[0].type, "「全局调用号」");
    assert_string_equal(twice->result, "「有」");
    /* the 「号」 of 「组值」【「号」者…】 is a field of the interface's binding record, not the parameter */
    const yusec_symbol *field = symbol_at(index, SEED, "「号」", 0);
    assert_int_equal(field->kind, YUSEC_SYMBOL_FIELD);
    assert_string_equal(field->module, "点染本");
    assert_string_equal(field->type, "「整数」");
    assert_int_equal(yusec_index_symbols(index, NULL)[field->parent].kind, YUSEC_SYMBOL_BUILTIN_TYPE);
    yusec_index_free(index);
    yusec_context_free(ctx);
}

/* A builtin is defined in the interface file on disk, at its 乃 statement. */
static void test_builtin_definition_in_interface(void **state) {
    (void)state;
    yusec_context *ctx = new_context(NULL);
    yusec_index *index = index_of(ctx, "加倍。着色器。豫", SEED);
    const yusec_symbol *read = symbol_at(index, SEED, "「读数组」", 0);
    assert_int_equal(read->kind, YUSEC_SYMBOL_BUILTIN_FUNCTION);
    assert_string_equal(read->module, "点染本");
    assert_string_equal(read->file, YUSEC_TEST_SOURCE_DIR "/库/点染/点染本。着色器。接口。豫");
    char text[256];
    text_on_disk(read->file, read->range, text, sizeof text);
    assert_string_equal(text, "「读数组」");
    assert_string_equal(read->type, "凡「甲」而化「存储缓冲」于（「数组」于「甲」）又化「无三二」为「甲」者");
    assert_int_equal(read->param_count, 2);
    assert_null(read->params[0].name);
    assert_string_equal(read->params[1].type, "「无三二」");
    assert_string_equal(read->result, "「甲」");
    const yusec_symbol *u32 = symbol_at(index, SEED, "「无三二」", 0);
    assert_int_equal(u32->kind, YUSEC_SYMBOL_BUILTIN_TYPE);
    assert_string_equal(u32->type, "「定长无符号」于「三二」");
    text_on_disk(u32->file, u32->range, text, sizeof text);
    assert_string_equal(text, "「无三二」");
    yusec_index_free(index);
    yusec_context_free(ctx);
}

static size_t references_of(const yusec_index *index, const yusec_symbol *symbol, size_t *definitions) {
    size_t count;
    const size_t *refs = yusec_index_references(index, symbol_index(index, symbol), &count);
    const yusec_occurrence *all = yusec_index_occurrences(index, NULL);
    *definitions = 0;
    for (size_t i = 0; i < count; i++) {
        assert_int_equal(all[refs[i]].symbol, symbol_index(index, symbol));
        if (all[refs[i]].is_definition) (*definitions)++;
        if (i) assert_true(refs[i - 1] < refs[i]);
    }
    return count;
}

static void test_references_and_document_symbols(void **state) {
    (void)state;
    yusec_context *ctx = new_context(NULL);
    yusec_index *index = index_of(ctx, "加倍。着色器。豫", SEED);
    size_t definitions;
    assert_int_equal(references_of(index, symbol_at(index, SEED, "「序」", 0), &definitions), 3);
    assert_int_equal(definitions, 1);
    /* 乃, 者 and the entry's use */
    assert_int_equal(references_of(index, symbol_at(index, SEED, "「加倍」", 0), &definitions), 3);
    assert_int_equal(definitions, 2);
    assert_int_equal(references_of(index, symbol_at(index, SEED, "「数据」", 0), &definitions), 4);
    size_t count;
    const size_t *doc = yusec_index_document_symbols(index, &count);
    const yusec_symbol *symbols = yusec_index_symbols(index, NULL);
    assert_int_equal(count, 3);
    assert_string_equal(symbols[doc[0]].name, "数据");
    assert_int_equal(symbols[doc[0]].kind, YUSEC_SYMBOL_RESOURCE);
    assert_string_equal(symbols[doc[1]].name, "加倍");
    assert_int_equal(symbols[doc[1]].kind, YUSEC_SYMBOL_FUNCTION);
    assert_string_equal(symbols[doc[2]].name, "加倍入口");
    assert_int_equal(symbols[doc[2]].kind, YUSEC_SYMBOL_ENTRY);
    assert_string_equal(symbols[doc[2]].type, "「计算入口」");
    yusec_index_free(index);
    yusec_context_free(ctx);
}

static ptrdiff_t position_in(const yusec_index *index, const size_t *names, size_t count, const char *name) {
    const yusec_symbol *symbols = yusec_index_symbols(index, NULL);
    for (size_t i = 0; i < count; i++)
        if (strcmp(symbols[names[i]].name, name) == 0) return (ptrdiff_t)i;
    return -1;
}

static void test_names_in_scope(void **state) {
    (void)state;
    yusec_context *ctx = new_context(NULL);
    yusec_index *index = index_of(ctx, "加倍。着色器。豫", SEED);
    size_t count;
    const size_t *names = yusec_index_in_scope(index, find(SEED, "「写数组」", 0), &count);
    assert_int_equal(position_in(index, names, count, "序"), 0);  /* innermost first */
    assert_int_equal(position_in(index, names, count, "号"), 1);
    ptrdiff_t data = position_in(index, names, count, "数据");
    ptrdiff_t read = position_in(index, names, count, "读数组");
    assert_true(data > 1 && read > data);
    assert_true(position_in(index, names, count, "加倍入口") > 1);
    assert_true(position_in(index, names, count, "四维浮") > data);
    /* outside the function: no locals */
    names = yusec_index_in_scope(index, find(SEED, "「加倍入口」", 0), &count);
    assert_int_equal(position_in(index, names, count, "序"), -1);
    assert_int_equal(position_in(index, names, count, "号") >= 0 ? 1 : 0, 0);
    assert_true(position_in(index, names, count, "数据") >= 0);
    yusec_index_free(index);
    yusec_context_free(ctx);
}

static void test_call_at(void **state) {
    (void)state;
    yusec_context *ctx = new_context(NULL);
    yusec_index *index = index_of(ctx, "加倍。着色器。豫", SEED);
    const yusec_symbol *symbols = yusec_index_symbols(index, NULL);
    size_t symbol, argument;
    assert_true(yusec_index_call_at(index, find(SEED, "「序」", 2), &symbol, &argument));
    assert_string_equal(symbols[symbol].name, "读数组");
    assert_int_equal(argument, 1);
    assert_true(yusec_index_call_at(index, find(SEED, "（（", 0), &symbol, &argument));
    assert_string_equal(symbols[symbol].name, "写数组");
    assert_int_equal(argument, 2);
    assert_false(yusec_index_call_at(index, find(SEED, "「加倍」", 0), &symbol, &argument));
    yusec_index_free(index);
    yusec_context_free(ctx);
}

/* Calls of polymorphic builtins without 以: the types inferred for their 凡 variables, in
 * source order; a call that gives its type with 以 has none. */
static void test_type_arguments(void **state) {
    (void)state;
    static const char SOURCE[] =
        "寻观「点染」之「点染本」之书。\n"
        "「数据」乃「存储缓冲」于（「数组」于「浮三二」）也。\n"
        "「数据」者「绑定」于（「组值」【「组」者「零」也，「号」者「零」也，「访问」者「读写」也】）也。\n"
        "「整」乃化「浮三二」为「整三二」者也。\n"
        "「整」者得「x」而「位转换」以「整三二」于「x」也。\n"
        "「读」乃化「无三二」为「浮三二」者也。\n"
        "「读」者得「i」而「读数组」于「数据」于「i」也。\n";
    yusec_context *ctx = new_context(NULL);
    yusec_index *index = index_of(ctx, "类型参数。着色器。豫", SOURCE);
    size_t count;
    const yusec_type_arguments *calls = yusec_index_type_arguments(index, &count);
    assert_int_equal(count, 2);
    assert_int_equal(calls[0].callee.start.line, 2);       /* 「绑定」 */
    assert_int_equal(calls[0].count, 1);
    assert_string_equal(calls[0].types[0], "「数组」于「浮三二」");
    assert_int_equal(calls[1].callee.start.line, 6);       /* 「读数组」; not 「位转换」以… */
    assert_int_equal(calls[1].callee.start.character, 9);
    assert_int_equal(calls[1].callee.end.character, 14);
    assert_string_equal(calls[1].types[0], "「浮三二」");
    yusec_index_free(index);
    yusec_context_free(ctx);
}

/* Columns count UTF-16 code units: 𝑥 (U+1D465) is two. */
static void test_utf16_columns(void **state) {
    (void)state;
    static const char SOURCE[] =
        "寻观「点染」之「点染本」之书。\n"
        "「平方」乃化「浮三二」为「浮三二」者也。\n"
        "「平方」者得「𝑥」而「𝑥」乘「𝑥」也。\n";
    yusec_context *ctx = new_context(NULL);
    yusec_index *index = index_of(ctx, "平方。着色器。豫", SOURCE);
    /* 「平方」者得「𝑥」而「  : 「平方」4, 者1, 得1, 「𝑥」4, 而1 → the use starts at 11 */
    const yusec_occurrence *use = yusec_index_at(index, NULL, (yusec_position){2, 12});
    assert_non_null(use);
    assert_false(use->is_definition);
    assert_int_equal(use->range.start.character, 11);
    assert_int_equal(use->range.end.character, 15);
    const yusec_symbol *x = &yusec_index_symbols(index, NULL)[use->symbol];
    assert_string_equal(x->name, "𝑥");
    assert_int_equal(x->range.start.character, 6);
    assert_string_equal(x->type, "「浮三二」");
    /* just after the name still finds it; the second use is at 16 */
    assert_ptr_equal(yusec_index_at(index, NULL, (yusec_position){2, 15}), use);
    const yusec_occurrence *second = yusec_index_at(index, NULL, (yusec_position){2, 17});
    assert_non_null(second);
    assert_int_equal(second->range.start.character, 16);
    yusec_index_free(index);
    yusec_context_free(ctx);
}

/* A type written across \r\n lines is shown without the line break's \r at either end. */
static void test_written_type_drops_cr(void **state) {
    (void)state;
    static const char SOURCE[] =
        "寻观「点染」之「点染本」之书。\r\n"
        "「平方」乃化\r\n「浮三二」为「浮三二」者\r\n也。\r\n"
        "「平方」者得「甲」而「甲」乘「甲」也。\r\n";
    yusec_context *ctx = new_context(NULL);
    yusec_index *index = index_of(ctx, "平方。着色器。豫", SOURCE);
    const yusec_symbol *square = symbol_at(index, SOURCE, "「平方」", 1);
    assert_non_null(square);
    assert_null(strchr(square->type, '\r'));
    assert_null(strchr(square->params[0].type, '\r'));
    assert_null(strchr(square->result, '\r'));
    yusec_index_free(index);
    yusec_context_free(ctx);
}

/* Definition across the package's modules, struct fields, a 递归令 function. */
static void test_modules_fields_letrec(void **state) {
    (void)state;
    static const char MAIN[] =
        "寻观「点染」之「点染本」之书。\n"
        "寻观「内存包」之「工具」之书。\n"
        "「粒子」即「组类」【「位置」乃「浮三二」也，「速度」乃「浮三二」也】也。\n"
        "「走」乃化「粒子」为「浮三二」者也。\n"
        "「走」者得「粒」而\n"
        "　递归令「累」其化「无三二」又化「浮三二」为「浮三二」者为得「次」又得「和」而\n"
        "　　若「次」等于「零」则「和」否则「累」于（「次」减「一」）于（「和」加「粒」中「速度」）\n"
        "　而「累」于「三」于（「乘二」于「粒」中「位置」）\n"
        "也。\n";
    static const MemoryFile files[] = {
        {"内存包/包。清单", "名：「内存包」\n依赖：「点染」\n"},
        {"内存包/工具。着色器。豫",
         "寻观「点染」之「点染本」之书。\n"
         "「乘二」乃化「浮三二」为「浮三二」者也。\n"
         "「乘二」者得「甲」而「甲」乘「二」也。\n"},
        {"内存包/主。着色器。豫", MAIN},
        {NULL, NULL}};
    yusec_context *ctx = new_context(files);
    yusec_index *index = index_of(ctx, "内存包/主。着色器。豫", NULL);
    const yusec_symbol *twice = symbol_at(index, MAIN, "「乘二」", 0);
    assert_int_equal(twice->kind, YUSEC_SYMBOL_FUNCTION);
    assert_string_equal(twice->file, "内存包/工具。着色器。豫");
    assert_string_equal(twice->module, "工具");
    assert_int_equal(twice->range.start.line, 2);
    assert_string_equal(twice->params[0].name, "甲");
    /* the other module's names are in scope, its locals are not */
    size_t count;
    const size_t *names = yusec_index_in_scope(index, find(MAIN, "「乘二」", 0), &count);
    assert_true(position_in(index, names, count, "乘二") >= 0);
    assert_int_equal(position_in(index, names, count, "甲"), -1);
    assert_true(position_in(index, names, count, "累") >= 0);

    const yusec_symbol *speed = symbol_at(index, MAIN, "「速度」", 1);
    assert_int_equal(speed->kind, YUSEC_SYMBOL_FIELD);
    assert_string_equal(speed->type, "「浮三二」");
    assert_string_equal(yusec_index_symbols(index, NULL)[speed->parent].name, "粒子");
    assert_int_equal(speed->range.start.line, 2);
    const yusec_symbol *particle = symbol_at(index, MAIN, "「粒子」", 1);
    assert_int_equal(particle->kind, YUSEC_SYMBOL_STRUCT);

    const yusec_symbol *acc = symbol_at(index, MAIN, "「累」", 2);
    assert_int_equal(acc->kind, YUSEC_SYMBOL_LOCAL_FUNCTION);
    assert_true(acc->is_callable);
    assert_int_equal(acc->param_count, 2);
    assert_string_equal(acc->params[0].name, "次");
    assert_string_equal(acc->params[1].type, "「浮三二」");
    const yusec_symbol *sum = symbol_at(index, MAIN, "「和」", 2);
    assert_int_equal(sum->kind, YUSEC_SYMBOL_PARAMETER);
    assert_ptr_equal(&yusec_index_symbols(index, NULL)[sum->parent], acc);
    size_t symbol, argument;
    assert_true(yusec_index_call_at(index, find(MAIN, "（「和」加", 0), &symbol, &argument));
    assert_string_equal(yusec_index_symbols(index, NULL)[symbol].name, "累");
    assert_int_equal(argument, 1);
    yusec_index_free(index);
    yusec_context_free(ctx);
}

/* Errors: an undefined name, a type error and a statement that does not parse; the rest is
 * indexed. */
static void test_partial_index_of_bad_source(void **state) {
    (void)state;
    static const char BAD[] =
        "寻观「点染」之「点染本」之书。\n"
        "「甲」乃化「无三二」为「无三二」者也。\n"
        "「甲」者得「乙」而令「丙」为「乙」加「未知」而「丙」加「真」也。\n"
        "「坏」者 令 为 也也。\n"
        "「丁」乃化「浮三二」为「浮三二」者也。\n"
        "「丁」者得「戊」而「戊」乘「戊」也。\n";
    yusec_context *ctx = new_context(NULL);
    yusec_index *index = index_of(ctx, "坏。着色器。豫", BAD);
    assert_null(yusec_index_at(index, NULL, find(BAD, "「未知」", 0)));
    const yusec_symbol *c = symbol_at(index, BAD, "「丙」", 1);
    assert_int_equal(c->kind, YUSEC_SYMBOL_LOCAL);
    assert_string_equal(symbol_at(index, BAD, "「乙」", 1)->type, "「无三二」");
    const yusec_symbol *e = symbol_at(index, BAD, "「戊」", 2);
    assert_string_equal(e->type, "「浮三二」");
    size_t count;
    yusec_index_document_symbols(index, &count);
    assert_true(count >= 2);
    yusec_index_free(index);
    /* an input that cannot be read: an empty index, every query answers */
    index = index_of(ctx, "/nonexistent/无。着色器。豫", NULL);
    assert_null(yusec_index_at(index, NULL, (yusec_position){0, 0}));
    assert_null(yusec_index_in_scope(index, (yusec_position){0, 0}, &count));
    assert_int_equal(count, 0);
    assert_false(yusec_index_call_at(index, (yusec_position){0, 0}, NULL, NULL));
    yusec_index_free(index);
    yusec_context_free(ctx);
}

/* The index keeps its input's tokens and comments from the parse: exactly what yusec_tokenize
 * gives for the same text (comments, a nested one, one over lines, a lexical error, CRLF, a
 * name with an invisible character); none for an input that could not be read. */
static void test_tokens_kept_from_the_parse(void **state) {
    (void)state;
    static const char SOURCE[] =
        "「：文件头：」寻观「点染」之「点染本」之书。\r\n"
        "「：外「：内：」\n跨行：」「甲」乃化「无三二」为「无三二」者也。\n"
        "「甲」者得「乙」而「乙」加「负一二点五」@也。『串』\n"
        "「丙\xE2\x80\x8B」乃「无三二」也。";
    yusec_context *ctx = new_context(NULL);
    yusec_index *index = index_of(ctx, "词。着色器。豫", SOURCE);
    yusec_tokens *lexed = yusec_tokenize(SOURCE, strlen(SOURCE));
    size_t want_count = 0, count = 0;
    const yusec_token *want = yusec_tokens_items(lexed, &want_count);
    const yusec_token *kept = yusec_index_tokens(index, &count);
    assert_true(want_count > 20);
    assert_non_null(kept);
    assert_int_equal(count, want_count);
    size_t comments = 0;
    for (size_t i = 0; i < count; i++) {
        assert_int_equal(kept[i].kind, want[i].kind);
        assert_int_equal(kept[i].offset, want[i].offset);
        assert_int_equal(kept[i].length, want[i].length);
        comments += kept[i].kind == YUSEC_TOKEN_COMMENT;
    }
    assert_int_equal(comments, 2);
    yusec_tokens_free(lexed);
    yusec_index_free(index);
    index = index_of(ctx, "/nonexistent/无。着色器。豫", NULL);
    assert_null(yusec_index_tokens(index, &count));
    assert_int_equal(count, 0);
    yusec_index_free(index);
    yusec_context_free(ctx);
}

/* Every query at positions over the whole text and past it answers. */
static void query_everywhere(yusec_context *ctx, const char *text, size_t len) {
    yusec_input input = {"切。着色器。豫", text, len};
    yusec_index *index = yusec_index_build(ctx, &input);
    assert_non_null(index);
    size_t count, symbol, argument;
    for (uint32_t line = 0; line < 16; line++)
        for (uint32_t character = 0; character < 80; character += 13) {
            yusec_position at = {line, character};
            const yusec_occurrence *o = yusec_index_at(index, NULL, at);
            if (o) yusec_index_references(index, o->symbol, &count);
            yusec_index_in_scope(index, at, &count);
            yusec_index_call_at(index, at, &symbol, &argument);
        }
    yusec_index_document_symbols(index, &count);
    yusec_index_free(index);
}

/* Every fifth prefix of the seed (cut inside characters too) and the seed less one character
 * at every seventh byte: an index, and every query answers without a crash (ASan runs this
 * too). */
static void test_every_prefix(void **state) {
    (void)state;
    yusec_context *ctx = new_context(NULL);
    size_t len = strlen(SEED);
    for (size_t cut = 0; cut <= len; cut += 5) query_everywhere(ctx, SEED, cut);
    char *less = malloc(len + 1);
    assert_non_null(less);
    for (size_t at = 0; at < len; at += 7) {
        size_t start = at, end = at + 1;
        while (start > 0 && ((unsigned char)SEED[start] & 0xC0) == 0x80) start--;
        while (end < len && ((unsigned char)SEED[end] & 0xC0) == 0x80) end++;
        memcpy(less, SEED, start);
        memcpy(less + start, SEED + end, len - end);
        query_everywhere(ctx, less, len - (end - start));
    }
    free(less);
    yusec_context_free(ctx);
}

/* A builtin's meaning and spellings (docs/builtins.md embedded, the targets' op tables) and
 * the keyword list. */
static void test_builtin_describe_and_keywords(void **state) {
    (void)state;
    yusec_builtin_info info;
    assert_true(yusec_builtin_describe("点积", &info));
    assert_non_null(strstr(info.meaning, "点积"));
    assert_string_equal(info.spelling[YUSEC_TARGET_WGSL], "dot");
    assert_true(info.from_spelling_table[YUSEC_TARGET_WGSL]);
    assert_false(info.from_spelling_table[YUSEC_TARGET_PTX]);
    assert_non_null(strstr(info.spelling[YUSEC_TARGET_PTX], "fma"));
    assert_true(yusec_builtin_describe("读数组", &info));  /* an access chain, not one op */
    assert_false(info.from_spelling_table[YUSEC_TARGET_WGSL]);
    assert_string_equal(info.spelling[YUSEC_TARGET_WGSL], "a[i]");
    assert_false(yusec_builtin_describe("没有这个", &info));
    bool let = false, letrec = false, retired = false;
    for (size_t i = 0; yusec_keyword(i); i++) {
        let = let || strcmp(yusec_keyword(i), "令") == 0;
        letrec = letrec || strcmp(yusec_keyword(i), "递归令") == 0;
        retired = retired || strcmp(yusec_keyword(i), "会") == 0;
    }
    assert_true(let && letrec && !retired);
    /* 即 or 乃: a struct and a builtin alias are definitions, a function's type a signature */
    yusec_context *ctx = new_context(NULL);
    yusec_index *index = index_of(ctx, "加倍。着色器。豫", SEED);
    assert_true(symbol_at(index, SEED, "「无三二」", 0)->type_is_definition);
    assert_false(symbol_at(index, SEED, "「读数组」", 0)->type_is_definition);
    assert_false(symbol_at(index, SEED, "「加倍」", 0)->type_is_definition);
    yusec_index_free(index);
    yusec_context_free(ctx);
}

/* 10,000 nested parentheses (the parser's limit) need more stack than the main thread's 8 MiB
 * in the checker's walk: the index is built on the deep stack and finds the name inside. */
static void test_deep_nesting(void **state) {
    (void)state;
    enum { DEPTH = 10000 };
    size_t size = DEPTH * 6 + 512;
    char *text = malloc(size);
    assert_non_null(text);
    size_t n = (size_t)snprintf(text, size, "寻观「点染」之「点染本」之书。\n「深」乃「无三二」也。\n「深」者");
    for (int i = 0; i < DEPTH; i++) n += (size_t)snprintf(text + n, size - n, "（");
    n += (size_t)snprintf(text + n, size - n, "「新无三二」于「一」");
    for (int i = 0; i < DEPTH; i++) n += (size_t)snprintf(text + n, size - n, "）");
    n += (size_t)snprintf(text + n, size - n, "也。\n");
    yusec_context *ctx = new_context(NULL);
    yusec_index *index = index_of(ctx, "深。着色器。豫", text);
    const yusec_symbol *symbol = symbol_at(index, text, "「新无三二」", 0);
    assert_int_equal(symbol->kind, YUSEC_SYMBOL_BUILTIN_FUNCTION);
    yusec_index_free(index);
    yusec_context_free(ctx);
    free(text);
}

/* 20,000 令 on one line of 540 KB (issue 30.8): every name's UTF-16 column used to be counted
 * from the line's start (10,000: 24 s for the build and as long for each request). The columns are
 * checked against a count made here; the bound on processor time is generous (the linear
 * build takes well under a second, under ASan too). */
static void test_long_line_is_linear(void **state) {
    (void)state;
    enum { LETS = 20000 };
    static const char HEAD[] = "寻观「点染」之「点染本」之书。\n「长」乃化「无三二」为「无三二」者也。\n「长」者得「甲」而";
    static const char LET[] = "令「甲」为「甲」而", TAIL[] = "「甲」也。\n";
    size_t size = sizeof HEAD + LETS * strlen(LET) + sizeof TAIL;
    char *text = malloc(size);
    assert_non_null(text);
    size_t n = (size_t)snprintf(text, size, "%s", HEAD);
    for (int i = 0; i < LETS; i++) n += (size_t)snprintf(text + n, size - n, "%s", LET);
    snprintf(text + n, size - n, "%s", TAIL);
    clock_t start = clock();
    yusec_context *ctx = new_context(NULL);
    yusec_index *index = index_of(ctx, "长。着色器。豫", text);
    /* 「长」者得「甲」而 and each 令「甲」为「甲」而 are 9 units: the last use of 「甲」 */
    uint32_t last = 9 + 9 * LETS;
    const yusec_occurrence *use = yusec_index_at(index, NULL, (yusec_position){2, last + 1});
    assert_non_null(use);
    assert_int_equal(use->range.start.line, 2);
    assert_int_equal(use->range.start.character, last);
    assert_int_equal(use->range.end.character, last + 3);
    const yusec_symbol *binder = &yusec_index_symbols(index, NULL)[use->symbol];
    assert_int_equal(binder->kind, YUSEC_SYMBOL_LOCAL);
    assert_int_equal(binder->range.start.character, last - 9 + 1);
    size_t count;
    yusec_index_in_scope(index, (yusec_position){2, last + 1}, &count);
    assert_true(count > 0);
    size_t occurrences;
    yusec_index_occurrences(index, &occurrences);
    assert_true(occurrences >= 2 * LETS);
    yusec_index_free(index);
    yusec_context_free(ctx);
    free(text);
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    if (seconds > 10.0) fail_msg("the index of one long line took %.1f s of processor time", seconds);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_locals_and_top_level_names),
        cmocka_unit_test(test_builtin_definition_in_interface),
        cmocka_unit_test(test_references_and_document_symbols),
        cmocka_unit_test(test_names_in_scope),
        cmocka_unit_test(test_call_at),
        cmocka_unit_test(test_type_arguments),
        cmocka_unit_test(test_utf16_columns),
        cmocka_unit_test(test_written_type_drops_cr),
        cmocka_unit_test(test_modules_fields_letrec),
        cmocka_unit_test(test_partial_index_of_bad_source),
        cmocka_unit_test(test_every_prefix),
        cmocka_unit_test(test_builtin_describe_and_keywords),
        cmocka_unit_test(test_deep_nesting),
        cmocka_unit_test(test_long_line_is_linear),
        cmocka_unit_test(test_tokens_kept_from_the_parse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
