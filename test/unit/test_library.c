/* libyusec through its public API only (include/yusec/yusec.h, docs/library.md): the seed
 * example from memory to every target with its typed entry table and ABI, in-memory packages
 * through the source provider, structured diagnostics and their rendering, the generated
 * module, I/O errors, one context compiling twice, and memory running out (a byte budget, and
 * the system refusing memory in a child process). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

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

/* The file at `path` of the source tree, malloc'd and NUL-terminated. */
static char *read_tree_file(const char *path) {
    char full[4096];
    snprintf(full, sizeof full, "%s/%s", YUSEC_TEST_SOURCE_DIR, path);
    FILE *f = fopen(full, "rb");
    if (!f) fail_msg("cannot open %s", full);
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)len + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)len, f), (size_t)len);
    text[len] = '\0';
    fclose(f);
    return text;
}

static yusec_context *new_context(void) {
    yusec_options options;
    yusec_options_init(&options);
    options.builtin_dir = YUSEC_TEST_SOURCE_DIR "/库/点染";
    options.ptx_plugin = YUSEC_TEST_PTX_PLUGIN;
    yusec_context *ctx = yusec_context_new(&options);
    assert_non_null(ctx);
    return ctx;
}

/* The seed example from a string: WGSL and MSL equal the goldens the CLI is held to, PTX is
 * there, the entry table and the ABI are the seed's. */
static void test_seed_from_memory(void **state) {
    (void)state;
    yusec_context *ctx = new_context();
    yusec_input input = {"加倍。着色器。豫", SEED, sizeof SEED - 1};
    yusec_result *r = yusec_compile(ctx, &input, YUSEC_WANT_WGSL | YUSEC_WANT_MSL | YUSEC_WANT_PTX);
    assert_int_equal(yusec_result_status(r), YUSEC_OK);
    assert_int_equal(yusec_result_error_count(r), 0);
    char *wgsl = read_tree_file("examples/加倍.wgsl");
    char *msl = read_tree_file("examples/加倍。金属");
    char *ptx = read_tree_file("examples/加倍。千手");
    size_t len;
    assert_string_equal(yusec_result_text(r, YUSEC_TARGET_WGSL, &len), wgsl);
    assert_int_equal(len, strlen(wgsl));
    assert_string_equal(yusec_result_text(r, YUSEC_TARGET_MSL, NULL), msl);
    assert_string_equal(yusec_result_text(r, YUSEC_TARGET_PTX, NULL), ptx);
    free(wgsl);
    free(msl);
    free(ptx);
    size_t count;
    const yusec_entry *entries = yusec_result_entries(r, &count);
    assert_int_equal(count, 1);
    assert_string_equal(entries[0].item, "加倍入口");
    assert_string_equal(entries[0].function, "加倍");
    assert_int_equal(entries[0].stage, YUSEC_STAGE_COMPUTE);
    assert_int_equal(entries[0].workgroup_size[0], 4);
    assert_int_equal(entries[0].workgroup_size[1], 1);
    assert_string_equal(entries[0].ptx_name, "yy_e5_8a_a0_e5_80_8d");
    const yusec_resource *res = yusec_result_resources(r, &count);
    assert_int_equal(count, 1);
    assert_string_equal(res[0].name, "数据");
    assert_int_equal(res[0].kind, YUSEC_RESOURCE_STORAGE_READ_WRITE);
    assert_int_equal(res[0].group, 0);
    assert_int_equal(res[0].binding, 0);
    assert_int_equal(res[0].msl_index, 0);
    const yusec_layout *layouts = yusec_result_layouts(r, &count);
    assert_true(res[0].layout < count);
    assert_string_equal(layouts[res[0].layout].type, "array<u32>");
    assert_true(layouts[res[0].layout].is_array);
    assert_int_equal(layouts[res[0].layout].stride, 4);
    const yusec_ptx_entry *launch = yusec_result_ptx_entry(r, 0);
    assert_non_null(launch);
    assert_int_equal(launch->param_count, 1);
    assert_string_equal(launch->params[0].name, "p_g0_b0");
    assert_int_equal(launch->params[0].kind, YUSEC_PTX_BUFFER);
    assert_int_equal(launch->params[0].resource, 0);
    assert_null(yusec_result_ptx_entry(r, 1));
    const char *const *files = yusec_result_files_read(r, &count);
    assert_int_equal(count, 2);  /* the source, then 点染本 */
    assert_string_equal(files[0], "加倍。着色器。豫");
    assert_non_null(strstr(files[1], "点染本。着色器。接口。豫"));
    assert_null(yusec_result_generated(r, NULL));
    yusec_result_free(r);
    /* The same context again, one target only: the result does not depend on the first. */
    r = yusec_compile(ctx, &input, YUSEC_WANT_WGSL);
    assert_true(yusec_result_ok(r, YUSEC_TARGET_WGSL));
    assert_false(yusec_result_ok(r, YUSEC_TARGET_PTX));
    assert_null(yusec_result_text(r, YUSEC_TARGET_MSL, NULL));
    yusec_context_free(ctx);  /* a result outlives its context */
    assert_non_null(strstr(yusec_result_text(r, YUSEC_TARGET_WGSL, NULL), "fn 加倍("));
    yusec_result_free(r);
}

/* A package whose manifest and modules live only in memory (the source provider). */
typedef struct MemoryFile {
    const char *path, *text;
} MemoryFile;

static bool read_memory(void *user, const char *path, const char **text, size_t *len) {
    for (const MemoryFile *f = user; f->path; f++)
        if (strcmp(f->path, path) == 0) {
            *text = f->text;
            *len = strlen(f->text);
            return true;
        }
    return false;
}

static void test_package_in_memory(void **state) {
    (void)state;
    static const MemoryFile files[] = {
        {"内存包/包。清单", "名：「内存包」\n依赖：「点染」\n"},
        {"内存包/乘二。着色器。豫",
         "寻观「点染」之「点染本」之书。\n"
         "「乘二」乃化「无三二」为「无三二」者也。\n"
         "「乘二」者得「甲」而「甲」乘（「新无三二」于「二」）也。\n"},
        {"内存包/主。着色器。豫",
         "寻观「点染」之「点染本」之书。\n"
         "寻观「内存包」之「乘二」之书。\n"
         "「数据」乃「存储缓冲」于（「数组」于「无三二」）也。\n"
         "「数据」者「绑定」于（「组值」【「组」者「零」也，「号」者「零」也，「访问」者「读写」也】）也。\n"
         "「加倍」乃化「全局调用号」为「有」者也。\n"
         "「加倍」者得「号」而\n"
         "　令「序」为「号」中「零」而\n"
         "　「写数组」于「数据」于「序」于（「乘二」于（「读数组」于「数据」于「序」））\n"
         "也。\n"
         "「加倍入口」乃「计算入口」也。\n"
         "「加倍入口」者「计算入口项」于「加倍」于（「组值」【「工作组大小」者「四」也】）也。\n"},
        {NULL, NULL}};
    yusec_options options;
    yusec_options_init(&options);
    options.builtin_dir = YUSEC_TEST_SOURCE_DIR "/库/点染";
    options.provider.read = read_memory;
    options.provider.user = (void *)files;
    yusec_context *ctx = yusec_context_new(&options);
    yusec_input input = {"内存包/主。着色器。豫", NULL, 0};
    yusec_result *r = yusec_compile(ctx, &input, YUSEC_WANT_WGSL);
    size_t len;
    const char *rendered = yusec_result_render_diagnostics(r, &len);
    if (yusec_result_status(r) != YUSEC_OK) fail_msg("%s", rendered);
    assert_non_null(strstr(yusec_result_text(r, YUSEC_TARGET_WGSL, NULL), "fn 乘二("));
    size_t count;
    const char *const *read = yusec_result_files_read(r, &count);
    bool saw_manifest = false;
    for (size_t i = 0; i < count; i++) saw_manifest = saw_manifest || strstr(read[i], "包。清单");
    assert_true(saw_manifest);
    yusec_result_free(r);
    yusec_context_free(ctx);
}

/* An error: located, with its message alone, its note, and the CLI's rendering. */
static void test_structured_diagnostics(void **state) {
    (void)state;
    yusec_context *ctx = new_context();
    static const char BAD[] =
        "寻观「点染」之「点染本」之书。\n"
        "「甲」乃「无三二」也。\n"
        "「甲」者「乙」也。\n";
    yusec_input input = {"坏。着色器。豫", BAD, sizeof BAD - 1};
    yusec_result *r = yusec_compile(ctx, &input, YUSEC_WANT_WGSL | YUSEC_WANT_MSL);
    assert_int_equal(yusec_result_status(r), YUSEC_ERRORS);
    assert_false(yusec_result_ok(r, YUSEC_TARGET_WGSL));
    size_t count;
    const yusec_diagnostic *d = yusec_result_diagnostics(r, &count);
    assert_true(count >= 1);
    assert_int_equal(yusec_result_error_count(r), 1);
    assert_int_equal(d[0].severity, YUSEC_ERROR);
    assert_string_equal(d[0].location.file, "坏。着色器。豫");
    assert_int_equal(d[0].location.line, 3);
    assert_true(d[0].location.column >= 1);
    assert_true(d[0].location.end_column > d[0].location.column);
    assert_null(strstr(d[0].message, "error:"));
    assert_non_null(strstr(d[0].message, "乙"));
    assert_string_equal(d[0].code, "Y0303");  /* the catalogue entry, base/diagnostics.def */
    assert_string_equal(d[0].name, "undefined-name");
    size_t len;
    const char *text = yusec_result_render_diagnostics(r, &len);
    assert_int_equal(strlen(text), len);
    assert_true(strncmp(text, "坏。着色器。豫:3:", strlen("坏。着色器。豫:3:")) == 0);
    assert_non_null(strstr(text, "error: "));
    assert_non_null(strstr(text, d[0].message));
    assert_non_null(strchr(text, '^'));
    /* the error is reported once, though two targets were asked for */
    assert_null(strstr(strstr(text, d[0].message) + 1, d[0].message));
    yusec_result_free(r);
    yusec_context_free(ctx);
}

/* A file that is not there: an I/O error, not a crash, with a diagnostic naming it. */
/* yusec_options.warnings: the command line's -W flags by name; a bad name is the context's
 * bad-options error (Y1003) with the closest warning's name. */
static yusec_result *compile_with_warnings(const char *const *warnings, size_t count, const char *text) {
    yusec_options options;
    yusec_options_init(&options);
    options.builtin_dir = YUSEC_TEST_SOURCE_DIR "/库/点染";
    options.warnings = warnings;
    options.warning_count = count;
    yusec_context *ctx = yusec_context_new(&options);
    assert_non_null(ctx);
    yusec_input input = {"双向。着色器。豫", text, strlen(text)};
    yusec_result *r = yusec_compile(ctx, &input, YUSEC_WANT_WGSL);
    yusec_context_free(ctx);
    return r;
}

static void test_warning_flags(void **state) {
    (void)state;
    /* a right-to-left override (U+202E) in a comment: the bidi-chars warning */
    static const char BIDI[] = "寻观「点染」之「点染本」之书。\n「：注\xE2\x80\xAE释：」\n"
                               "「甲」乃「无三二」也。\n「甲」者「三」也。\n";
    size_t count;
    yusec_result *r = compile_with_warnings(NULL, 0, BIDI);
    const yusec_diagnostic *d = yusec_result_diagnostics(r, &count);
    assert_int_equal(count, 1);
    assert_int_equal(d[0].severity, YUSEC_WARNING);
    assert_string_equal(d[0].name, "bidi-chars");
    yusec_result_free(r);
    static const char *const OFF[] = {"no-bidi-chars"};
    r = compile_with_warnings(OFF, 1, BIDI);
    yusec_result_diagnostics(r, &count);
    assert_int_equal(count, 0);
    yusec_result_free(r);
    static const char *const AS_ERROR[] = {"-Werror=bidi-chars"};
    r = compile_with_warnings(AS_ERROR, 1, BIDI);
    d = yusec_result_diagnostics(r, &count);
    assert_int_equal(count, 1);
    assert_int_equal(d[0].severity, YUSEC_ERROR);
    assert_int_equal(yusec_result_status(r), YUSEC_ERRORS);
    yusec_result_free(r);
    static const char *const BAD[] = {"all", "no-bidi-char"};
    r = compile_with_warnings(BAD, 2, BIDI);
    d = yusec_result_diagnostics(r, &count);
    assert_int_equal(count, 1);
    assert_string_equal(d[0].code, "Y1003");
    assert_string_equal(d[0].message, "yusec_options.warnings[1]：没有名为「bidi-char」的警告（是不是想写「bidi-chars」？）");
    yusec_result_free(r);
}

static void test_missing_file(void **state) {
    (void)state;
    yusec_context *ctx = new_context();
    yusec_input input = {"/没有/这个。着色器。豫", NULL, 0};
    yusec_result *r = yusec_compile(ctx, &input, YUSEC_WANT_WGSL);
    assert_int_equal(yusec_result_status(r), YUSEC_IO_ERROR);
    size_t count;
    const yusec_diagnostic *d = yusec_result_diagnostics(r, &count);
    assert_int_equal(count, 1);
    assert_string_equal(d[0].location.file, "/没有/这个。着色器。豫");
    assert_int_equal(d[0].location.line, 0);
    yusec_result_free(r);
    yusec_input nothing = {NULL, NULL, 0};
    r = yusec_compile(ctx, &nothing, YUSEC_WANT_WGSL);
    assert_int_equal(yusec_result_status(r), YUSEC_IO_ERROR);
    yusec_result_free(r);
    yusec_context_free(ctx);
}

/* YUSEC_WANT_GEN: the generated module equals the CLI's golden, and a failing target's
 * errors are warnings there (动态共享: WGSL and MSL reject the workgroup memory). */
static void test_generated_module(void **state) {
    (void)state;
    yusec_context *ctx = new_context();
    char *seed_gen = read_tree_file("examples/加倍。生成");
    yusec_input input = {"加倍。着色器。豫", SEED, sizeof SEED - 1};
    yusec_result *r = yusec_compile(ctx, &input, YUSEC_WANT_GEN);
    assert_int_equal(yusec_result_status(r), YUSEC_OK);
    assert_string_equal(yusec_result_generated(r, NULL), seed_gen);
    assert_true(yusec_result_ok(r, YUSEC_TARGET_PTX));
    free(seed_gen);
    yusec_result_free(r);
    char *shared = read_tree_file("库/点染/测试/样例/动态共享。着色器。豫");
    char *shared_gen = read_tree_file("库/点染/测试/样例/动态共享。生成");
    yusec_input big = {"动态共享。着色器。豫", shared, strlen(shared)};
    r = yusec_compile(ctx, &big, YUSEC_WANT_GEN);
    assert_int_equal(yusec_result_status(r), YUSEC_OK);
    assert_string_equal(yusec_result_generated(r, NULL), shared_gen);
    assert_false(yusec_result_ok(r, YUSEC_TARGET_WGSL));
    assert_true(yusec_result_ok(r, YUSEC_TARGET_PTX));
    size_t count;
    const yusec_diagnostic *d = yusec_result_diagnostics(r, &count);
    assert_true(count >= 2);
    for (size_t i = 0; i < count; i++) assert_int_equal(d[i].severity, YUSEC_WARNING);
    /* the failing targets' own: their origin, typed (not where their text began) */
    for (size_t i = 0; i < count; i++) assert_true(d[i].from_target && d[i].target != YUSEC_TARGET_PTX);
    assert_int_equal(d[0].target, YUSEC_TARGET_WGSL);
    assert_int_equal(d[0].note_count, 1);
    assert_int_equal(d[0].notes[0].severity, YUSEC_NOTE);
    assert_int_equal(d[0].notes[0].location.line, 9);
    assert_int_equal(yusec_result_error_count(r), 0);
    assert_null(strstr(yusec_result_render_diagnostics(r, NULL), "error:"));
    assert_non_null(strstr(yusec_result_render_diagnostics(r, NULL), ": warning: "));
    free(shared);
    free(shared_gen);
    yusec_result_free(r);
    yusec_context_free(ctx);
}

/* yusec_tokenize: each kind, byte offsets, comments (nested, over lines) in source order. */
static void test_tokens(void **state) {
    (void)state;
    static const char TEXT[] = "「：注「：套：」\n行：」「𠀀甲」者「三二」加『字』会，?";
    static const struct {
        yusec_token_kind kind;
        const char *text;
    } EXPECTED[] = {
        {YUSEC_TOKEN_COMMENT, "「：注「：套：」\n行：」"}, {YUSEC_TOKEN_NAME, "「𠀀甲」"},
        {YUSEC_TOKEN_KEYWORD, "者"}, {YUSEC_TOKEN_NUMERAL, "「三二」"}, {YUSEC_TOKEN_OPERATOR, "加"},
        {YUSEC_TOKEN_STRING, "『字』"}, {YUSEC_TOKEN_RETIRED, "会"}, {YUSEC_TOKEN_PUNCTUATION, "，"},
        {YUSEC_TOKEN_INVALID, "?"},
    };
    yusec_tokens *tokens = yusec_tokenize(TEXT, sizeof TEXT - 1);
    size_t count;
    const yusec_token *items = yusec_tokens_items(tokens, &count);
    assert_int_equal(count, sizeof EXPECTED / sizeof EXPECTED[0]);
    for (size_t i = 0; i < count; i++) {
        assert_int_equal(items[i].kind, EXPECTED[i].kind);
        assert_int_equal(items[i].length, strlen(EXPECTED[i].text));
        assert_memory_equal(TEXT + items[i].offset, EXPECTED[i].text, items[i].length);
    }
    yusec_tokens_free(tokens);
    /* an unclosed comment runs to the end; an empty text has no tokens */
    tokens = yusec_tokenize("「甲」「：开", strlen("「甲」「：开"));
    items = yusec_tokens_items(tokens, &count);
    assert_int_equal(count, 2);
    assert_int_equal(items[1].kind, YUSEC_TOKEN_COMMENT);
    assert_int_equal(items[1].offset + items[1].length, strlen("「甲」「：开"));
    yusec_tokens_free(tokens);
    tokens = yusec_tokenize("", 0);
    yusec_tokens_items(tokens, &count);
    assert_int_equal(count, 0);
    yusec_tokens_free(tokens);
}

/* yusec_format: the layout of a small messy source; a lone CR, a CRLF and a tab become \n and
 * U+3000; a 若's swallowed line goes under it; a source with errors gives no text, its located
 * error; formatting the result again changes nothing. */
static void test_format(void **state) {
    (void)state;
    static const char MESSY[] = "\r\n「甲」者得「x」而   \r\n\t令「y」为「x」而\r"
                                "  若「y」则「f」于「y」；\n「g」于「y」\n\n\n\n也。";
    static const char CANONICAL[] = "「甲」者得「x」而\n\u3000令「y」为「x」而\n\u3000若「y」则「f」于「y」；\n"
                                    "\u3000\u3000「g」于「y」\n\n也。\n";
    yusec_formatted *formatted = yusec_format("乱。着色器。豫", MESSY, sizeof MESSY - 1);
    size_t len;
    const char *text = yusec_formatted_text(formatted, &len);
    assert_non_null(text);
    assert_string_equal(text, CANONICAL);
    assert_int_equal(len, strlen(CANONICAL));
    assert_non_null(strstr(yusec_formatted_diagnostics(formatted), "缩进却不比「若」深"));
    yusec_formatted *again = yusec_format("正。着色器。豫", text, len);
    assert_string_equal(yusec_formatted_text(again, NULL), CANONICAL);
    assert_string_equal(yusec_formatted_diagnostics(again), "");
    yusec_formatted_free(again);
    yusec_formatted_free(formatted);
    formatted = yusec_format("坏。着色器。豫", "「甲」者「乙」\n", strlen("「甲」者「乙」\n"));
    assert_null(yusec_formatted_text(formatted, &len));
    assert_int_equal(len, 0);
    assert_non_null(strstr(yusec_formatted_diagnostics(formatted), "坏。着色器。豫:2:1: error:"));
    yusec_formatted_free(formatted);
    formatted = yusec_format("空。着色器。豫", "", 0);
    assert_string_equal(yusec_formatted_text(formatted, NULL), "");
    yusec_formatted_free(formatted);
}

/* YUSEC_WANT_YIR: each asked target's module as YIR, only when asked. */
static void test_yir(void **state) {
    (void)state;
    yusec_context *ctx = new_context();
    yusec_input input = {"加倍。着色器。豫", SEED, sizeof SEED - 1};
    yusec_result *r = yusec_compile(ctx, &input, YUSEC_WANT_WGSL | YUSEC_WANT_MSL | YUSEC_WANT_YIR);
    size_t len;
    const char *yir = yusec_result_yir(r, YUSEC_TARGET_WGSL, &len);
    assert_non_null(yir);
    assert_int_equal(strlen(yir), len);
    assert_non_null(strstr(yir, "var<storage_read_write> @数据: array<u32> @group(0) @binding(0)"));
    assert_non_null(strstr(yir, "fn @加倍("));
    assert_non_null(yusec_result_yir(r, YUSEC_TARGET_MSL, NULL));
    assert_null(yusec_result_yir(r, YUSEC_TARGET_PTX, NULL));
    yusec_result_free(r);
    r = yusec_compile(ctx, &input, YUSEC_WANT_WGSL);
    assert_null(yusec_result_yir(r, YUSEC_TARGET_WGSL, NULL));
    yusec_result_free(r);
    yusec_context_free(ctx);
}

/* yusec_options.line_info (yusec -lineinfo, -g): the PTX maps its code to the source
 * (.file, the load at 「读数组」's line and column: line 9, character 19), WGSL is what it is
 * without it, and YUSEC_WANT_YIR's text gives each instruction's place. */
static void test_line_info(void **state) {
    (void)state;
    yusec_context *plain = new_context();
    yusec_options options;
    yusec_options_init(&options);
    assert_false(options.line_info);
    options.builtin_dir = YUSEC_TEST_SOURCE_DIR "/库/点染";
    options.ptx_plugin = YUSEC_TEST_PTX_PLUGIN;
    options.line_info = true;
    yusec_context *lines = yusec_context_new(&options);
    yusec_input input = {"加倍。着色器。豫", SEED, sizeof SEED - 1};
    unsigned want = YUSEC_WANT_WGSL | YUSEC_WANT_PTX | YUSEC_WANT_YIR;
    yusec_result *with = yusec_compile(lines, &input, want), *without = yusec_compile(plain, &input, want);
    assert_string_equal(yusec_result_text(with, YUSEC_TARGET_WGSL, NULL),
                        yusec_result_text(without, YUSEC_TARGET_WGSL, NULL));
    const char *yir = yusec_result_yir(with, YUSEC_TARGET_WGSL, NULL);
    assert_non_null(strstr(yir, " = load %3 ; 加倍。着色器。豫:9:19\n"));
    assert_null(strstr(yusec_result_yir(without, YUSEC_TARGET_WGSL, NULL), " ; "));
    if (YUSEC_TEST_PTX_PLUGIN[0]) {
        const char *ptx = yusec_result_text(with, YUSEC_TARGET_PTX, NULL);
        const char *load = strstr(ptx, "\t.loc\t1 9 19\n");
        assert_non_null(load);
        assert_non_null(strstr(load, "ld.global.u32"));
        /* the relative input joined to the working directory, percent-encoded */
        assert_non_null(strstr(ptx, "/%E5%8A%A0%E5%80%8D%E3%80%82%E7%9D%80%E8%89%B2%E5%99%A8%E3%80%82%E8%B1%AB\"\n"));
        assert_null(strstr(yusec_result_text(without, YUSEC_TARGET_PTX, NULL), ".loc"));
    }
    yusec_result_free(with);
    yusec_result_free(without);
    yusec_context_free(lines);
    yusec_context_free(plain);
}

/* from_target: a target's translation error is that target's; the front end's is no
 * target's; the uniformity analysis is found by the passes the asked targets share (no
 * target's) or, where their pipelines differ before it, by each target's own. */
static void test_diagnostic_origin(void **state) {
    (void)state;
    yusec_context *ctx = new_context();
    char *sampling = read_tree_file("库/点染/测试/样例/计算采样。着色器。豫");
    yusec_input input = {"计算采样。着色器。豫", sampling, strlen(sampling)};
    yusec_result *r = yusec_compile(ctx, &input, YUSEC_WANT_MSL | YUSEC_WANT_WGSL);
    size_t count;
    const yusec_diagnostic *d = yusec_result_diagnostics(r, &count);
    assert_int_equal(count, 1);
    assert_non_null(strstr(d[0].message, "textureSample"));
    assert_true(d[0].from_target);
    assert_int_equal(d[0].target, YUSEC_TARGET_WGSL);
    assert_string_equal(d[0].code, "Y0904");  /* target-entry */
    assert_true(yusec_result_ok(r, YUSEC_TARGET_MSL));
    yusec_result_free(r);
    free(sampling);
    static const char BAD[] = "「甲」乃「无三二」也。\n「甲」者「乙」也。\n";
    yusec_input bad = {"坏。着色器。豫", BAD, sizeof BAD - 1};
    r = yusec_compile(ctx, &bad, YUSEC_WANT_WGSL);
    d = yusec_result_diagnostics(r, &count);
    assert_true(count >= 1);
    for (size_t i = 0; i < count; i++) assert_false(d[i].from_target);
    yusec_result_free(r);
    char *barrier = read_tree_file("库/点染/测试/样例/非一致屏障。着色器。豫");
    yusec_input nonuniform = {"非一致屏障。着色器。豫", barrier, strlen(barrier)};
    r = yusec_compile(ctx, &nonuniform, YUSEC_WANT_WGSL | YUSEC_WANT_MSL);
    d = yusec_result_diagnostics(r, &count);
    unsigned reported = 0;
    bool shared = false;
    for (size_t i = 0; i < count; i++) {
        if (!strstr(d[i].message, "一致控制流")) continue;
        if (d[i].from_target) reported |= YUSEC_WANT(d[i].target);
        else shared = true;
    }
    assert_true(shared ? reported == 0 : reported == (YUSEC_WANT_WGSL | YUSEC_WANT_MSL));
    yusec_result_free(r);
    if (YUSEC_TEST_PTX_PLUGIN[0]) { /* PTX's pipeline differs earlier: each target finds it */
        r = yusec_compile(ctx, &nonuniform, YUSEC_WANT_WGSL | YUSEC_WANT_MSL | YUSEC_WANT_PTX);
        d = yusec_result_diagnostics(r, &count);
        reported = 0;
        for (size_t i = 0; i < count; i++)
            if (strstr(d[i].message, "一致控制流")) reported |= d[i].from_target ? YUSEC_WANT(d[i].target) : 1u << 7;
        assert_int_equal(reported, YUSEC_WANT_WGSL | YUSEC_WANT_MSL | YUSEC_WANT_PTX);
        yusec_result_free(r);
    }
    free(barrier);
    yusec_context_free(ctx);
}

/* yusec_ptx_available: a plugin path that does not exist does not load. */
static void test_ptx_available(void **state) {
    (void)state;
    yusec_options options;
    yusec_options_init(&options);
    options.ptx_plugin = "/没有/libyusec-ptx.so";
    yusec_context *ctx = yusec_context_new(&options);
    assert_false(yusec_ptx_available(ctx));
    yusec_context_free(ctx);
    if (YUSEC_TEST_PTX_PLUGIN[0]) {
        ctx = new_context();
        assert_true(yusec_ptx_available(ctx));
        yusec_context_free(ctx);
    }
}

static yusec_context *limited_context(size_t limit) {
    yusec_options options;
    yusec_options_init(&options);
    options.builtin_dir = YUSEC_TEST_SOURCE_DIR "/库/点染";
    options.ptx_plugin = YUSEC_TEST_PTX_PLUGIN;
    options.memory_limit = limit;
    return yusec_context_new(&options);
}

/* An out-of-memory result: the status, one error without a file, nothing else. */
static void assert_out_of_memory(const yusec_result *r) {
    assert_int_equal(yusec_result_status(r), YUSEC_OUT_OF_MEMORY);
    size_t count;
    const yusec_diagnostic *d = yusec_result_diagnostics(r, &count);
    assert_int_equal(count, 1);
    assert_int_equal(d[0].severity, YUSEC_ERROR);
    assert_null(d[0].location.file);
    assert_int_equal(strncmp(d[0].message, "内存不足（无法再申请 ", strlen("内存不足（无法再申请 ")), 0);
    assert_int_equal(yusec_result_error_count(r), 1);
    size_t len;
    const char *rendered = yusec_result_render_diagnostics(r, &len);
    assert_int_equal(strncmp(rendered, "yusec: error: 内存不足", strlen("yusec: error: 内存不足")), 0);
    assert_int_equal(len, strlen(rendered));
    for (int t = 0; t < YUSEC_TARGET_COUNT; t++) assert_null(yusec_result_text(r, (yusec_target)t, NULL));
    assert_null(yusec_result_entries(r, &count));
    assert_null(yusec_result_generated(r, NULL));
}

/* Issue 20 item 1: running out of memory inside yusec_compile is a result, never the end of
 * the host. A byte budget (yusec_options.memory_limit) from 4 KiB up to what the compile
 * needs makes the failure land in the front end, the passes and each emitter in turn; every
 * failed compile frees what it had allocated (the ASan suite runs this with leak checking on)
 * and the same context's next compile fails the same way, while an unlimited context's gives
 * the full texts. A context whose own making does not fit is NULL. */
static void test_out_of_memory_is_a_result(void **state) {
    (void)state;
    yusec_context *ctx = new_context();
    yusec_input input = {"加倍。着色器。豫", SEED, sizeof SEED - 1};
    const unsigned want = YUSEC_WANT_WGSL | YUSEC_WANT_MSL;
    yusec_result *full = yusec_compile(ctx, &input, want);
    assert_int_equal(yusec_result_status(full), YUSEC_OK);
    const char *wgsl = yusec_result_text(full, YUSEC_TARGET_WGSL, NULL);
    const char *msl = yusec_result_text(full, YUSEC_TARGET_MSL, NULL);
    int refused_contexts = 0, failed_compiles = 0;
    size_t limit = 4096;
    for (;; limit += limit / 128 + 2048) {
        assert_true(limit < ((size_t)256 << 20));
        yusec_context *small = limited_context(limit);
        if (!small) {
            refused_contexts++;
            continue;
        }
        yusec_result *r = yusec_compile(small, &input, want);
        assert_non_null(r);
        if (yusec_result_status(r) == YUSEC_OK) {
            assert_string_equal(yusec_result_text(r, YUSEC_TARGET_WGSL, NULL), wgsl);
            assert_string_equal(yusec_result_text(r, YUSEC_TARGET_MSL, NULL), msl);
            yusec_result_free(r);
            yusec_context_free(small);
            break;
        }
        assert_out_of_memory(r);
        failed_compiles++;
        yusec_result_free(r);
        yusec_result *again = yusec_compile(small, &input, want);
        assert_out_of_memory(again);
        yusec_result_free(again);
        yusec_result *unlimited = yusec_compile(ctx, &input, want);
        assert_int_equal(yusec_result_status(unlimited), YUSEC_OK);
        assert_string_equal(yusec_result_text(unlimited, YUSEC_TARGET_WGSL, NULL), wgsl);
        assert_string_equal(yusec_result_text(unlimited, YUSEC_TARGET_MSL, NULL), msl);
        yusec_result_free(unlimited);
        yusec_context_free(small);
    }
    print_message("memory_limit: contexts refused below, compiles failed below %zu bytes (%d, %d)\n", limit,
                  refused_contexts, failed_compiles);
    assert_true(refused_contexts > 0);
    assert_true(failed_compiles > 20);
    yusec_result_free(full);
    yusec_context_free(ctx);
}

/* The navigation index under the same budget: NULL while the build does not fit (all of its
 * memory freed, the context usable), then the same symbols as an unlimited build. */
static void test_index_out_of_memory_is_null(void **state) {
    (void)state;
    yusec_context *ctx = new_context();
    yusec_input input = {"加倍。着色器。豫", SEED, sizeof SEED - 1};
    yusec_index *full = yusec_index_build(ctx, &input);
    assert_non_null(full);
    size_t want;
    assert_non_null(yusec_index_symbols(full, &want));
    int refused = 0;
    for (size_t limit = 4096;; limit += limit / 64 + 4096) {
        assert_true(limit < ((size_t)256 << 20));
        yusec_context *small = limited_context(limit);
        if (!small) continue;
        yusec_index *index = yusec_index_build(small, &input);
        if (index) {
            size_t got;
            yusec_index_symbols(index, &got);
            assert_int_equal(got, want);
            yusec_index_free(index);
            yusec_context_free(small);
            break;
        }
        refused++;
        /* the context is still usable: a compile fits or is refused the same way */
        yusec_result *r = yusec_compile(small, &input, YUSEC_WANT_WGSL);
        assert_true(yusec_result_status(r) == YUSEC_OK || yusec_result_status(r) == YUSEC_OUT_OF_MEMORY);
        yusec_result_free(r);
        yusec_context_free(small);
    }
    assert_true(refused > 10);
    yusec_index_free(full);
    yusec_context_free(ctx);
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZED_BUILD 1
#endif
#endif

#ifndef SANITIZED_BUILD
/* The virtual memory this process maps now, in bytes. */
static size_t mapped_bytes(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    if (!f || fscanf(f, "%lu", &pages) != 1) pages = 0;
    if (f) fclose(f);
    return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}

/* 80,000 small functions: the compile needs well over 64 MiB for them (about 3.3 KB a
 * function since the parser frees its tokens; 20,000 no longer sufficed). */
enum { MANY_FUNCTIONS = 80000 };
static char *many_functions(size_t *len) {
    size_t cap = (size_t)MANY_FUNCTIONS * 200 + 4096, used = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    used += (size_t)snprintf(text + used, cap - used, "%s", SEED);
    for (int i = 0; i < MANY_FUNCTIONS; i++)
        used += (size_t)snprintf(text + used, cap - used,
                                 "「函%d」乃化「无三二」为「无三二」者也。\n「函%d」者得「甲」而「甲」乘「甲」也。\n", i, i);
    *len = used;
    return text;
}

/* The child's checks, as its exit status (0: all held). */
static int refused_memory_child(void) {
    yusec_context *ctx = new_context();
    size_t len;
    char *big = many_functions(&len);
    yusec_input input = {"大。着色器。豫", big, len};
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) != 0) return 10;
    /* Room for the compile's 1 GiB deep stack (reserved address space) and 64 MiB of heap. */
    struct rlimit lowered = {mapped_bytes() + ((size_t)1 << 30) + ((size_t)64 << 20), limit.rlim_max};
    if (setrlimit(RLIMIT_AS, &lowered) != 0) return 11;
    yusec_result *r = yusec_compile(ctx, &input, YUSEC_WANT_WGSL);
    if (!r) return 12;
    if (yusec_result_status(r) != YUSEC_OUT_OF_MEMORY) return 13;
    yusec_result_free(r);
    /* Still usable, under the same lowered limit: the small compile fits. */
    yusec_input seed = {"加倍。着色器。豫", SEED, sizeof SEED - 1};
    r = yusec_compile(ctx, &seed, YUSEC_WANT_WGSL | YUSEC_WANT_MSL);
    if (!r || yusec_result_status(r) != YUSEC_OK) return 14;
    yusec_result_free(r);
    yusec_context_free(ctx);
    free(big);
    return 0;
}

/* Takes every block malloc can still give (with RLIMIT_AS at the process's size: what its free
 * lists hold), as a list of blocks each holding the next one's address. */
static void *take_free_memory(void) {
    void *list = NULL;
    for (size_t size = (size_t)1 << 20; size >= sizeof(void *); size /= 2)
        for (void *block; (block = malloc(size)) != NULL;) {
            *(void **)block = list;
            list = block;
        }
    return list;
}

static void give_back_memory(void *list) {
    while (list) {
        void *next = *(void **)list;
        free(list);
        list = next;
    }
}

/* The checks of the calls outside yusec_compile: yusec_tokenize and yusec_index_in_scope (the
 * index query that allocates) with the system refusing every new mapping and malloc's free
 * lists taken give NULL (count 0)
 * instead of ending the process, and answer in full once memory is there again. */
static int refused_query_child(void) {
    yusec_context *ctx = new_context();
    size_t len;
    char *big = many_functions(&len);
    yusec_input input = {"大。着色器。豫", big, len};
    yusec_index *index = yusec_index_build(ctx, &input);
    if (!index) return 20;
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) != 0) return 21;
    struct rlimit lowered = {mapped_bytes(), limit.rlim_max};
    if (setrlimit(RLIMIT_AS, &lowered) != 0) return 22;
    void *taken = take_free_memory();
    size_t count = 1;
    const size_t *names = yusec_index_in_scope(index, (yusec_position){0, 0}, &count);
    yusec_tokens *tokens = yusec_tokenize(big, len);
    give_back_memory(taken);
    if (setrlimit(RLIMIT_AS, &limit) != 0) return 23;
    if (names || count != 0) return 24;
    if (tokens) return 25;
    if (!yusec_index_in_scope(index, (yusec_position){0, 0}, &count) || count < 20000) return 26;
    tokens = yusec_tokenize(big, len);
    yusec_tokens_items(tokens, &count);
    if (!tokens || count < 20000 * 10) return 27;
    yusec_tokens_free(tokens);
    yusec_index_free(index);
    yusec_context_free(ctx);
    free(big);
    return 0;
}

/* Runs `child` in a forked process: its exit status must be 0. */
static void run_child(int (*child)(void)) {
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) _exit(child());
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (!WIFEXITED(status)) fail_msg("the child died of signal %d", WIFSIGNALED(status) ? WTERMSIG(status) : -1);
    assert_int_equal(WEXITSTATUS(status), 0);
}
#endif

/* The system refusing memory (RLIMIT_AS in a child): a result, not SIGABRT or exit 2; the
 * memory guard works on the deep stack's thread the compile runs on. Not in
 * sanitized builds, whose shadow memory needs the address space the limit takes away. */
static void test_system_refusing_memory(void **state) {
    (void)state;
#ifdef SANITIZED_BUILD
    skip();
#else
    run_child(refused_memory_child);
#endif
}

/* Issue 20's note left yusec_tokenize and the index queries unguarded: out of memory there
 * ended the host (mem_exhausted outside a guard exits with status 2). Not in sanitized builds. */
static void test_queries_refusing_memory(void **state) {
    (void)state;
#ifdef SANITIZED_BUILD
    skip();
#else
    run_child(refused_query_child);
#endif
}

/* issue 30 item 15: a provider answering true with NULL text and a non-zero length was read
 * past ""; now an error at that file. NULL with length 0 stays an empty file. */
static bool read_null_text(void *user, const char *path, const char **text, size_t *len) {
    (void)user;
    if (strcmp(path, "空指针。着色器。豫") == 0) {
        *text = NULL;
        *len = 4096;
        return true;
    }
    if (strcmp(path, "空文件。着色器。豫") == 0) {
        *text = NULL;
        *len = 0;
        return true;
    }
    return false;
}

static void test_provider_null_text(void **state) {
    (void)state;
    yusec_options options;
    yusec_options_init(&options);
    options.builtin_dir = YUSEC_TEST_SOURCE_DIR "/库/点染";
    options.provider.read = read_null_text;
    yusec_context *ctx = yusec_context_new(&options);
    yusec_input input = {"空指针。着色器。豫", NULL, 0};
    yusec_result *r = yusec_compile(ctx, &input, YUSEC_WANT_WGSL);
    assert_int_equal(yusec_result_status(r), YUSEC_IO_ERROR);
    size_t len;
    const char *text = yusec_result_render_diagnostics(r, &len);
    if (!strstr(text, "空指针。着色器。豫") || !strstr(text, "源提供者给出的文本是空指针，长度却是 4096 字节"))
        fail_msg("%s", text);
    yusec_result_free(r);
    yusec_input empty = {"空文件。着色器。豫", NULL, 0};
    r = yusec_compile(ctx, &empty, YUSEC_WANT_WGSL);
    assert_int_not_equal(yusec_result_status(r), YUSEC_IO_ERROR);
    yusec_result_free(r);
    yusec_context_free(ctx);
}

/* issue 30 item 15: a NULL inside include_dirs was dereferenced by yusec_context_new. */
static void test_null_include_dir(void **state) {
    (void)state;
    const char *dirs[] = {"/tmp", NULL, "/"};
    yusec_options options;
    yusec_options_init(&options);
    options.builtin_dir = YUSEC_TEST_SOURCE_DIR "/库/点染";
    options.include_dirs = dirs;
    options.include_dir_count = 3;
    yusec_context *ctx = yusec_context_new(&options);
    assert_non_null(ctx);
    yusec_input input = {"种子。着色器。豫", SEED, sizeof SEED - 1};
    yusec_result *r = yusec_compile(ctx, &input, YUSEC_WANT_WGSL);
    assert_int_equal(yusec_result_status(r), YUSEC_ERRORS);
    size_t count;
    const yusec_diagnostic *d = yusec_result_diagnostics(r, &count);
    assert_int_equal(count, 1);
    assert_string_equal(d[0].message, "yusec_options.include_dirs[1] 是空指针");
    yusec_result_free(r);
    yusec_context_free(ctx);
    options.include_dirs = NULL;  /* a count without an array */
    ctx = yusec_context_new(&options);
    r = yusec_compile(ctx, &input, YUSEC_WANT_WGSL);
    d = yusec_result_diagnostics(r, &count);
    assert_int_equal(count, 1);
    assert_non_null(strstr(d[0].message, "include_dirs 是空指针，include_dir_count 却是 3"));
    yusec_result_free(r);
    yusec_context_free(ctx);
}

/* issue 30 item 15: one context used by two calls at once deadlocked (eight threads, or a
 * provider compiling in its own context); the second call now fails at once. */
typedef struct Gate {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    bool entered, released;
    yusec_context *ctx;
    yusec_status inner;      /* the provider's own compile, for the re-entrant case */
} Gate;

static bool read_gated(void *user, const char *path, const char **text, size_t *len) {
    Gate *g = user;
    if (strcmp(path, "门。着色器。豫") != 0) return false;
    pthread_mutex_lock(&g->lock);
    g->entered = true;
    pthread_cond_broadcast(&g->changed);
    while (!g->released) pthread_cond_wait(&g->changed, &g->lock);
    pthread_mutex_unlock(&g->lock);
    *text = SEED;
    *len = sizeof SEED - 1;
    return true;
}

static bool read_reentrant(void *user, const char *path, const char **text, size_t *len) {
    Gate *g = user;
    if (strcmp(path, "重入。着色器。豫") != 0) return false;
    yusec_input inner = {"内。着色器。豫", SEED, sizeof SEED - 1};
    yusec_result *r = yusec_compile(g->ctx, &inner, YUSEC_WANT_WGSL);
    g->inner = yusec_result_status(r);
    yusec_result_free(r);
    *text = SEED;
    *len = sizeof SEED - 1;
    return true;
}

static void *compile_gated(void *arg) {
    Gate *g = arg;
    yusec_input input = {"门。着色器。豫", NULL, 0};
    return yusec_compile(g->ctx, &input, YUSEC_WANT_WGSL);
}

static yusec_context *gated_context(Gate *g, yusec_read_fn read) {
    memset(g, 0, sizeof *g);
    pthread_mutex_init(&g->lock, NULL);
    pthread_cond_init(&g->changed, NULL);
    yusec_options options;
    yusec_options_init(&options);
    options.builtin_dir = YUSEC_TEST_SOURCE_DIR "/库/点染";
    options.provider.read = read;
    options.provider.user = g;
    g->ctx = yusec_context_new(&options);
    return g->ctx;
}

static void test_context_in_use_fails_fast(void **state) {
    (void)state;
    alarm(60);  /* a deadlock ends the test instead of hanging it */
    Gate g;
    yusec_context *ctx = gated_context(&g, read_gated);
    pthread_t thread;
    assert_int_equal(pthread_create(&thread, NULL, compile_gated, &g), 0);
    pthread_mutex_lock(&g.lock);
    while (!g.entered) pthread_cond_wait(&g.changed, &g.lock);
    pthread_mutex_unlock(&g.lock);
    /* the first compile is inside the provider: the context is in use */
    yusec_input input = {"种子。着色器。豫", SEED, sizeof SEED - 1};
    yusec_result *busy = yusec_compile(ctx, &input, YUSEC_WANT_WGSL);
    assert_int_equal(yusec_result_status(busy), YUSEC_CONTEXT_BUSY);
    size_t count;
    const yusec_diagnostic *d = yusec_result_diagnostics(busy, &count);
    assert_int_equal(count, 1);
    assert_int_equal(yusec_result_error_count(busy), 1);
    assert_non_null(strstr(d[0].message, "此上下文正被另一个调用使用"));
    size_t len;
    assert_non_null(strstr(yusec_result_render_diagnostics(busy, &len), "yusec: error: 此上下文"));
    yusec_result_free(busy);
    assert_null(yusec_index_build(ctx, &input));
    pthread_mutex_lock(&g.lock);
    g.released = true;
    pthread_cond_broadcast(&g.changed);
    pthread_mutex_unlock(&g.lock);
    void *first = NULL;
    pthread_join(thread, &first);
    assert_int_equal(yusec_result_status(first), YUSEC_OK);
    yusec_result_free(first);
    /* free again: the next compile goes through */
    yusec_result *again = yusec_compile(ctx, &input, YUSEC_WANT_WGSL);
    assert_int_equal(yusec_result_status(again), YUSEC_OK);
    yusec_result_free(again);
    yusec_context_free(ctx);
    /* a provider compiling in its own context */
    ctx = gated_context(&g, read_reentrant);
    yusec_input outer = {"重入。着色器。豫", NULL, 0};
    yusec_result *r = yusec_compile(ctx, &outer, YUSEC_WANT_WGSL);
    assert_int_equal(g.inner, YUSEC_CONTEXT_BUSY);
    assert_int_equal(yusec_result_status(r), YUSEC_OK);
    yusec_result_free(r);
    yusec_context_free(ctx);
    alarm(0);
}

typedef struct Hammer {
    yusec_context *ctx;
    int ok, busy, other;
} Hammer;

static void *hammer(void *arg) {
    Hammer *h = arg;
    yusec_input input = {"种子。着色器。豫", SEED, sizeof SEED - 1};
    for (int i = 0; i < 20; i++) {
        yusec_result *r = yusec_compile(h->ctx, &input, YUSEC_WANT_WGSL);
        yusec_status status = yusec_result_status(r);
        if (status == YUSEC_OK) h->ok++;
        else if (status == YUSEC_CONTEXT_BUSY) h->busy++;
        else h->other++;
        yusec_result_free(r);
    }
    return NULL;
}

/* Eight threads on one context: each call compiles or fails as busy; none hangs. */
static void test_eight_threads_one_context(void **state) {
    (void)state;
    alarm(120);
    yusec_context *ctx = new_context();
    Hammer hammers[8];
    pthread_t threads[8];
    for (int i = 0; i < 8; i++) {
        hammers[i] = (Hammer){ctx, 0, 0, 0};
        assert_int_equal(pthread_create(&threads[i], NULL, hammer, &hammers[i]), 0);
    }
    int ok = 0;
    for (int i = 0; i < 8; i++) {
        pthread_join(threads[i], NULL);
        assert_int_equal(hammers[i].other, 0);
        assert_int_equal(hammers[i].ok + hammers[i].busy, 20);
        ok += hammers[i].ok;
    }
    assert_true(ok >= 1);
    yusec_context_free(ctx);
    alarm(0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seed_from_memory),
        cmocka_unit_test(test_package_in_memory),
        cmocka_unit_test(test_structured_diagnostics),
        cmocka_unit_test(test_missing_file),
        cmocka_unit_test(test_generated_module),
        cmocka_unit_test(test_tokens),
        cmocka_unit_test(test_yir),
        cmocka_unit_test(test_diagnostic_origin),
        cmocka_unit_test(test_warning_flags),
        cmocka_unit_test(test_ptx_available),
        cmocka_unit_test(test_line_info),
        cmocka_unit_test(test_out_of_memory_is_a_result),
        cmocka_unit_test(test_index_out_of_memory_is_null),
        cmocka_unit_test(test_system_refusing_memory),
        cmocka_unit_test(test_format),
        cmocka_unit_test(test_queries_refusing_memory),
        cmocka_unit_test(test_provider_null_text),
        cmocka_unit_test(test_null_include_dir),
        cmocka_unit_test(test_context_in_use_fails_fast),
        cmocka_unit_test(test_eight_threads_one_context),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
