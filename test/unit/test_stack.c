/* The stack a compile needs (issue 16.3, docs/library.md "Stack"):
 *   - right-nested chains are checked, lowered and emitted in loops: a function of 100,000
 *     lets and one of 100,000 statements go through the whole pipeline (lib_compile_targets,
 *     every target) on a thread of 2 MiB, without the deep stack;
 *   - yusec_compile runs its pipeline on a deep stack of its own: called from a thread of
 *     2 MiB, the deepest inputs the limits allow (10,000 nested 若, parentheses, 非, operator
 *     chains) compile, and one level more is the located error 嵌套过深, never a crash;
 *     yusec_index_build likewise indexes the deepest inputs.
 * The sources are generated here. Built in the ASan preset too, where frames are larger. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/strbuf.h"
#include "lib/compile.h"
#include "yusec/yusec.h"

#define SMALL_STACK_BYTES ((size_t)2 << 20)
#define CHAIN_LENGTH 100000
#define NESTING_LIMIT 10000

static const char HEAD[] =
    "寻观「点染」之「点染本」之书。\n"
    "「数据」乃「存储缓冲」于（「数组」于「无三二」）也。\n"
    "「数据」者「绑定」于（「组值」【「组」者「零」也，「号」者「零」也，「访问」者「读写」也】）也。\n"
    "「核」乃化「全局调用号」为「有」者也。\n"
    "「核」者得「号」而\n"
    "令「序」为「号」中「零」而\n";

static const char TAIL[] =
    "也。\n"
    "「入口」乃「计算入口」也。\n"
    "「入口」者「计算入口项」于「核」于（「组值」【「工作组大小」者「六四」也】）也。\n";

/* ---- sources ---- */

static char *finish_source(StrBuf *body) {
    StrBuf out;
    strbuf_init(&out);
    strbuf_puts(&out, HEAD);
    strbuf_append(&out, strbuf_cstr(body), body->len);
    strbuf_puts(&out, TAIL);
    strbuf_free(body);
    char *text = strdup(strbuf_cstr(&out));
    strbuf_free(&out);
    assert_non_null(text);
    return text;
}

/* Each let reads the one before it (the chain cannot be folded away). */
static char *lets_source(int n) {
    StrBuf b;
    strbuf_init(&b);
    strbuf_puts(&b, "令「值0」为「序」加「一」而\n");
    for (int i = 1; i < n; i++) strbuf_printf(&b, "令「值%d」为（「值%d」乘「三」）加「%d」而\n", i, i - 1, i);
    strbuf_printf(&b, "「写数组」于「数据」于「序」于「值%d」\n", n - 1);
    return finish_source(&b);
}

static char *statements_source(int n) {
    StrBuf b;
    strbuf_init(&b);
    for (int i = 0; i + 1 < n; i++) strbuf_printf(&b, "「写数组」于「数据」于「序」于（「序」加「%d」）；\n", i);
    strbuf_puts(&b, "「写数组」于「数据」于「序」于「序」\n");
    return finish_source(&b);
}

/* `n` nested 若 around one write. */
static char *ifs_source(int n) {
    StrBuf b;
    strbuf_init(&b);
    for (int i = 0; i < n; i++) strbuf_printf(&b, "若「序」大于「%d」则\n", i);
    strbuf_puts(&b, "「写数组」于「数据」于「序」于「序」\n");
    return finish_source(&b);
}

/* 令「甲」为 OPEN×n CENTRE CLOSE×n 而 a write of 「序」. */
static char *nested_source(int n, const char *open, const char *centre, const char *close) {
    StrBuf b;
    strbuf_init(&b);
    strbuf_puts(&b, "令「甲」为");
    for (int i = 0; i < n; i++) strbuf_puts(&b, open);
    strbuf_puts(&b, centre);
    for (int i = 0; i < n; i++) strbuf_puts(&b, close);
    strbuf_puts(&b, "而\n「写数组」于「数据」于「序」于「序」\n");
    return finish_source(&b);
}

/* 令「甲」为「序」加「序」加 … : `n` operands, a tree of depth n - 1. */
static char *sum_source(int n) {
    StrBuf b;
    strbuf_init(&b);
    strbuf_puts(&b, "令「甲」为「序」");
    for (int i = 1; i < n; i++) strbuf_puts(&b, "加「序」");
    strbuf_puts(&b, "而\n「写数组」于「数据」于「序」于「甲」\n");
    return finish_source(&b);
}

/* ---- running on a thread of a given stack ---- */

typedef struct Job {
    void (*run)(struct Job *job);
    const char *text;
    unsigned targets;
    /* results */
    int status;
    bool ok[YUSEC_TARGET_COUNT];
    size_t error_count;
    char first_error[256];
} Job;

static void *job_main(void *data) {
    Job *job = data;
    job->run(job);
    return NULL;
}

static void run_on_small_stack(Job *job) {
    pthread_attr_t attr;
    assert_int_equal(pthread_attr_init(&attr), 0);
    assert_int_equal(pthread_attr_setstacksize(&attr, SMALL_STACK_BYTES), 0);
    pthread_t thread;
    assert_int_equal(pthread_create(&thread, &attr, job_main, job), 0);
    pthread_attr_destroy(&attr);
    assert_int_equal(pthread_join(thread, NULL), 0);
}

static bool memory_read(void *user, const char *path, const char **text, size_t *len) {
    const Job *job = user;
    if (strcmp(path, "深。着色器。豫") != 0) return false;
    *text = job->text;
    *len = strlen(job->text);
    return true;
}

/* The internal pipeline, with no deep stack anywhere. */
static void run_pipeline(Job *job) {
    LibConfig config;
    lib_config_init(&config);
    config.builtin_dir = YUSEC_TEST_SOURCE_DIR "/库/点染";
    config.reader = (SourceReader){memory_read, job};
    config.ptx.plugin_path = YUSEC_TEST_PTX_PLUGIN;
    LibSession session;
    lib_session_init(&session, &config, "深。着色器。豫", NULL);
    Arena arena;
    arena_init(&arena);
    LibOutputs outputs;
    lib_outputs_init(&outputs, &arena);
    job->status = lib_compile_targets(&session, job->targets, LIB_ABI_AS_BUILT, &outputs);
    for (int t = 0; t < YUSEC_TARGET_COUNT; t++) job->ok[t] = outputs.ok[t] && outputs.text[t].len > 0;
    job->error_count = (size_t)session.diag.error_count;
    lib_outputs_free(&outputs);
    arena_free(&arena);
    lib_session_free(&session);
}

/* The public entry point. */
static void run_library(Job *job) {
    yusec_options options;
    yusec_options_init(&options);
    options.builtin_dir = YUSEC_TEST_SOURCE_DIR "/库/点染";
    options.ptx_plugin = YUSEC_TEST_PTX_PLUGIN;
    yusec_context *ctx = yusec_context_new(&options);
    assert_non_null(ctx);
    yusec_input input = {"深。着色器。豫", job->text, strlen(job->text)};
    yusec_result *result = yusec_compile(ctx, &input, job->targets);
    assert_non_null(result);
    job->status = (int)yusec_result_status(result);
    for (int t = 0; t < YUSEC_TARGET_COUNT; t++) job->ok[t] = yusec_result_ok(result, (yusec_target)t);
    job->error_count = yusec_result_error_count(result);
    size_t count = 0;
    const yusec_diagnostic *diags = yusec_result_diagnostics(result, &count);
    for (size_t i = 0; i < count; i++) {
        if (diags[i].severity != YUSEC_ERROR) continue;
        snprintf(job->first_error, sizeof job->first_error, "%u:%u: %s", diags[i].location.line,
                 diags[i].location.column, diags[i].message);
        break;
    }
    yusec_result_free(result);
    yusec_context_free(ctx);
}

/* The navigation index (yusec_index_build) runs the front end too. */
static void run_index(Job *job) {
    yusec_options options;
    yusec_options_init(&options);
    options.builtin_dir = YUSEC_TEST_SOURCE_DIR "/库/点染";
    yusec_context *ctx = yusec_context_new(&options);
    assert_non_null(ctx);
    yusec_input input = {"深。着色器。豫", job->text, strlen(job->text)};
    yusec_index *index = yusec_index_build(ctx, &input);
    assert_non_null(index);
    size_t count = 0;
    yusec_index_symbols(index, &count);
    job->status = count > 0 ? YUSEC_OK : YUSEC_ERRORS;
    yusec_index_free(index);
    yusec_context_free(ctx);
}

static Job compile_small(void (*run)(Job *), char *text, unsigned targets) {
    Job job = {.run = run, .text = text, .targets = targets};
    run_on_small_stack(&job);
    free(text);
    return job;
}

/* ---- chains: no deep stack at all ---- */

static void test_100000_lets_on_a_small_stack(void **state) {
    (void)state;
    Job job = compile_small(run_pipeline, lets_source(CHAIN_LENGTH), TARGET_ALL_BITS);
    assert_int_equal(job.status, LIB_OK);
    for (int t = 0; t < YUSEC_TARGET_COUNT; t++) assert_true(job.ok[t]);
}

static void test_100000_statements_on_a_small_stack(void **state) {
    (void)state;
    Job job = compile_small(run_pipeline, statements_source(CHAIN_LENGTH), TARGET_ALL_BITS);
    assert_int_equal(job.status, LIB_OK);
    for (int t = 0; t < YUSEC_TARGET_COUNT; t++) assert_true(job.ok[t]);
}

/* ---- true nesting through yusec_compile, called on a small stack ---- */

static void expect_compiles(char *text, unsigned targets) {
    Job job = compile_small(run_library, text, targets);
    if (job.status != YUSEC_OK) fail_msg("status %d, first error %s", job.status, job.first_error);
    for (int t = 0; t < YUSEC_TARGET_COUNT; t++)
        if (targets & YUSEC_WANT(t)) assert_true(job.ok[t]);
}

static void expect_too_deep(char *text) {
    Job job = compile_small(run_library, text, YUSEC_WANT_PTX);
    assert_int_equal(job.status, YUSEC_ERRORS);
    assert_non_null(strstr(job.first_error, "嵌套过深（最多 10000 层）"));
}

static void test_nested_ifs_at_the_limit(void **state) {
    (void)state;
    expect_compiles(ifs_source(NESTING_LIMIT), YUSEC_WANT_PTX);
    /* WGSL and MSL refuse more than 512 levels of control flow: an error, not a crash. */
    Job job = compile_small(run_library, ifs_source(NESTING_LIMIT), YUSEC_WANT_WGSL | YUSEC_WANT_MSL);
    assert_int_equal(job.status, YUSEC_ERRORS);
    assert_non_null(strstr(job.first_error, "控制流嵌套过深（超过 512 层）"));
    expect_too_deep(ifs_source(NESTING_LIMIT + 1));
}

static const unsigned EVERY_TARGET = YUSEC_WANT_WGSL | YUSEC_WANT_MSL | YUSEC_WANT_PTX;

static void test_parentheses_at_the_limit(void **state) {
    (void)state;
    expect_compiles(nested_source(NESTING_LIMIT, "（", "「序」", "）"), EVERY_TARGET);
    expect_too_deep(nested_source(NESTING_LIMIT + 1, "（", "「序」", "）"));
}

static void test_not_at_the_limit(void **state) {
    (void)state;
    expect_compiles(nested_source(NESTING_LIMIT - 1, "非", "（「序」等于「零」）", ""), EVERY_TARGET);
    expect_too_deep(nested_source(NESTING_LIMIT + 1, "非", "（「序」等于「零」）", ""));
}

static void test_operator_chain_at_the_limit(void **state) {
    (void)state;
    expect_compiles(sum_source(NESTING_LIMIT), EVERY_TARGET);
    expect_too_deep(sum_source(NESTING_LIMIT + 2));
}

static void test_index_at_the_limit(void **state) {
    (void)state;
    Job job = compile_small(run_index, nested_source(NESTING_LIMIT, "（", "「序」", "）"), 0);
    assert_int_equal(job.status, YUSEC_OK);
    job = compile_small(run_index, ifs_source(NESTING_LIMIT), 0);
    assert_int_equal(job.status, YUSEC_OK);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_100000_lets_on_a_small_stack),
        cmocka_unit_test(test_100000_statements_on_a_small_stack),
        cmocka_unit_test(test_nested_ifs_at_the_limit),
        cmocka_unit_test(test_parentheses_at_the_limit),
        cmocka_unit_test(test_not_at_the_limit),
        cmocka_unit_test(test_operator_chain_at_the_limit),
        cmocka_unit_test(test_index_at_the_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
