/* One libyusec context compiling many sources (include/yusec/yusec.h yusec_context_new,
 * docs/packages.md "Directory listings kept by a library context"): what a context keeps between compiles (its deep-stack thread, the package
 * lookup's directory listings, the builtin interface) never makes a result depend on what
 * was compiled before, and a package directory changed between compiles is seen. Public API
 * only. */
#define _DEFAULT_SOURCE 1
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <dirent.h>

#include "yusec/yusec.h"

#define SAMPLES YUSEC_TEST_SOURCE_DIR "/库/点染/测试/样例/"

static yusec_context *new_context(void) {
    yusec_options options;
    yusec_options_init(&options);
    options.builtin_dir = YUSEC_TEST_SOURCE_DIR "/库/点染";
    yusec_context *ctx = yusec_context_new(&options);
    assert_non_null(ctx);
    return ctx;
}

/* Everything a result says, as one text: status, each target's text or failure, the
 * rendered diagnostics, the files read, the entries. */
static char *describe(yusec_context *ctx, const char *path, const char *text) {
    yusec_input input = {path, text, text ? strlen(text) : 0};
    yusec_result *r = yusec_compile(ctx, &input, YUSEC_WANT_WGSL | YUSEC_WANT_MSL);
    assert_non_null(r);
    char *out = NULL;
    size_t out_len = 0;
    FILE *f = open_memstream(&out, &out_len);
    assert_non_null(f);
    fprintf(f, "status %d\n", (int)yusec_result_status(r));
    const yusec_target targets[] = {YUSEC_TARGET_WGSL, YUSEC_TARGET_MSL};
    for (size_t t = 0; t < 2; t++) {
        size_t len = 0;
        const char *emitted = yusec_result_ok(r, targets[t]) ? yusec_result_text(r, targets[t], &len) : NULL;
        fprintf(f, "target %d: %.*s\n", (int)targets[t], (int)len, emitted ? emitted : "");
    }
    fprintf(f, "diagnostics: %s\n", yusec_result_render_diagnostics(r, NULL));
    size_t count = 0;
    const char *const *read = yusec_result_files_read(r, &count);
    for (size_t i = 0; i < count; i++) fprintf(f, "read %s\n", read[i]);
    const yusec_entry *entries = yusec_result_entries(r, &count);
    for (size_t i = 0; i < count; i++) fprintf(f, "entry %s %s %d\n", entries[i].item, entries[i].function, (int)entries[i].stage);
    fclose(f);
    yusec_result_free(r);
    return out;
}

static const char BROKEN[] =
    "寻观「点染」之「点染本」之书。\n"
    "「坏」乃化「无三二」为「无三二」者也。\n"
    "「坏」者得「甲」而「甲」加「乙」也。\n";

/* A, B, a source with errors, A again: A's results are byte for byte the same, and equal to
 * a fresh context's. */
static void test_a_b_a_is_identical(void **state) {
    (void)state;
    yusec_context *ctx = new_context();
    char *first = describe(ctx, SAMPLES "折叠移位。着色器。豫", NULL);
    assert_non_null(strstr(first, "status 0"));
    char *other = describe(ctx, SAMPLES "纹理四边形。着色器。豫", NULL);
    assert_non_null(strstr(other, "status 0"));
    char *broken = describe(ctx, "坏。着色器。豫", BROKEN);
    assert_non_null(strstr(broken, "status 1"));
    char *again = describe(ctx, SAMPLES "折叠移位。着色器。豫", NULL);
    assert_string_equal(again, first);
    yusec_context *fresh_ctx = new_context();
    char *fresh = describe(fresh_ctx, SAMPLES "折叠移位。着色器。豫", NULL);
    assert_string_equal(fresh, first);
    char *broken_fresh = describe(fresh_ctx, "坏。着色器。豫", BROKEN);
    assert_string_equal(broken_fresh, broken);
    free(first);
    free(other);
    free(broken);
    free(again);
    free(fresh);
    free(broken_fresh);
    yusec_context_free(ctx);
    yusec_context_free(fresh_ctx);
}

static void write_file(const char *dir, const char *name, const char *text) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* The directory's times an hour back: its listing is then one the context keeps. */
static void settle(const char *path) {
    struct timespec times[2];
    clock_gettime(CLOCK_REALTIME, &times[0]);
    times[0].tv_sec -= 3600;
    times[1] = times[0];
    assert_int_equal(utimensat(AT_FDCWD, path, times, 0), 0);
}

static const char MAIN[] =
    "寻观「点染」之「点染本」之书。\n"
    "寻观「新包」之「乘二」之书。\n"
    "「数据」乃「存储缓冲」于（「数组」于「无三二」）也。\n"
    "「数据」者「绑定」于（「组值」【「组」者「零」也，「号」者「零」也，「访问」者「读写」也】）也。\n"
    "「加倍」乃化「全局调用号」为「有」者也。\n"
    "「加倍」者得「号」而\n"
    "　令「序」为「号」中「零」而\n"
    "　「写数组」于「数据」于「序」于（「乘二」于（「读数组」于「数据」于「序」））\n"
    "也。\n"
    "「加倍入口」乃「计算入口」也。\n"
    "「加倍入口」者「计算入口项」于「加倍」于（「组值」【「工作组大小」者「四」也】）也。\n";

static const char TIMES_TWO[] =
    "寻观「点染」之「点染本」之书。\n"
    "「乘二」乃化「无三二」为「无三二」者也。\n"
    "「乘二」者得「甲」而「甲」乘（「新无三二」于「二」）也。\n";

static yusec_status compile_main(yusec_context *ctx) {
    yusec_input input = {"主。着色器。豫", MAIN, sizeof MAIN - 1};
    yusec_result *r = yusec_compile(ctx, &input, YUSEC_WANT_WGSL);
    assert_non_null(r);
    yusec_status status = yusec_result_status(r);
    if (status != YUSEC_OK)
        assert_non_null(strstr(yusec_result_render_diagnostics(r, NULL), "找不到包「新包」"));
    yusec_result_free(r);
    return status;
}

/* The package 「新包」 in a subdirectory of the current directory: missing, then added, its
 * manifest removed and put back (the current directory's own times do not move then), the
 * current directory changed to one without it. */
static void test_changed_package_directory_is_seen(void **state) {
    (void)state;
    char root[] = "/tmp/yusec_reuse_XXXXXX", other[] = "/tmp/yusec_reuse_XXXXXX";
    char cwd[4096], package[4200], manifest[4300];
    assert_non_null(mkdtemp(root));
    assert_non_null(mkdtemp(other));
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(root), 0);
    settle(".");
    yusec_context *ctx = new_context();
    assert_int_equal(compile_main(ctx), YUSEC_ERRORS);
    assert_int_equal(compile_main(ctx), YUSEC_ERRORS);  /* the kept listing */
    snprintf(package, sizeof package, "%s/新包", root);
    assert_int_equal(mkdir(package, 0700), 0);
    write_file(package, "乘二。着色器。豫", TIMES_TWO);
    write_file(package, "包。清单", "名：「新包」\n依赖：「点染」\n");
    assert_int_equal(compile_main(ctx), YUSEC_OK);
    settle(".");
    assert_int_equal(compile_main(ctx), YUSEC_OK);  /* kept again, with 新包 */
    snprintf(manifest, sizeof manifest, "%s/包。清单", package);
    assert_int_equal(unlink(manifest), 0);
    assert_int_equal(compile_main(ctx), YUSEC_ERRORS);
    write_file(package, "包。清单", "名：「新包」\n依赖：「点染」\n");
    assert_int_equal(compile_main(ctx), YUSEC_OK);
    settle(other);
    assert_int_equal(chdir(other), 0);
    assert_int_equal(compile_main(ctx), YUSEC_ERRORS);
    assert_int_equal(chdir(root), 0);
    assert_int_equal(compile_main(ctx), YUSEC_OK);
    assert_int_equal(chdir(cwd), 0);
    yusec_context_free(ctx);
    char command[4200];
    snprintf(command, sizeof command, "rm -rf '%s' '%s'", root, other);
    assert_int_equal(system(command), 0);
}

/* The file `dir`/`name` (malloc'd), or NULL when there is none. */
static char *read_optional(const char *dir, const char *name) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_non_null(out);
    char chunk[4096];
    for (size_t got; (got = fread(chunk, 1, sizeof chunk, f)) > 0;) fwrite(chunk, 1, got, out);
    fclose(f);
    fclose(out);
    return text;
}

static bool has_suffix(const char *text, const char *suffix) {
    size_t len = strlen(text), slen = strlen(suffix);
    return len > slen && strcmp(text + len - slen, suffix) == 0;
}

/* Every sample of 库/点染/测试/样例 through one context, in directory order (so each compile
 * follows others): the WGSL and MSL equal their goldens byte for byte, and a sample with an
 * 。错误 golden renders exactly those diagnostics (front-end errors, as `yusec -emit-ir`). */
static void test_every_sample_matches_its_goldens(void **state) {
    (void)state;
    char cwd[4096];
    assert_non_null(getcwd(cwd, sizeof cwd));
    const char *dir = YUSEC_TEST_SOURCE_DIR "/库/点染/测试/样例";
    assert_int_equal(chdir(dir), 0);
    yusec_context *ctx = new_context();
    DIR *stream = opendir(".");
    assert_non_null(stream);
    unsigned compared = 0;
    for (struct dirent *entry; (entry = readdir(stream)) != NULL;) {
        const char *file = entry->d_name;
        if (!has_suffix(file, "。着色器。豫")) continue;
        char stem[1024], name[1100];
        snprintf(stem, sizeof stem, "%.*s", (int)(strlen(file) - strlen("。着色器。豫")), file);
        yusec_input input = {file, NULL, 0};
        yusec_result *r = yusec_compile(ctx, &input, YUSEC_WANT_WGSL | YUSEC_WANT_MSL);
        assert_non_null(r);
        snprintf(name, sizeof name, "%s。错误", stem);
        char *errors = read_optional(".", name);
        if (errors) {
            if (strcmp(yusec_result_render_diagnostics(r, NULL), errors) != 0)
                fail_msg("%s: diagnostics differ from its golden:\n%s", file, yusec_result_render_diagnostics(r, NULL));
            compared++;
        }
        const char *const goldens[2] = {".wgsl", "。金属"};
        const yusec_target targets[2] = {YUSEC_TARGET_WGSL, YUSEC_TARGET_MSL};
        for (int t = 0; t < 2; t++) {
            snprintf(name, sizeof name, "%s%s", stem, goldens[t]);
            char *golden = read_optional(".", name);
            if (!golden) continue;
            const char *text = yusec_result_text(r, targets[t], NULL);
            if (!text || strcmp(text, golden) != 0) fail_msg("%s: %s differs from its golden", file, name);
            compared++;
            free(golden);
        }
        free(errors);
        yusec_result_free(r);
    }
    closedir(stream);
    yusec_context_free(ctx);
    assert_int_equal(chdir(cwd), 0);
    assert_true(compared > 60);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_b_a_is_identical),
        cmocka_unit_test(test_changed_package_directory_is_seen),
        cmocka_unit_test(test_every_sample_matches_its_goldens),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
