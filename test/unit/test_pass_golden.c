/* IR-in/IR-out golden tests of the passes: every test/passes/PIPELINE/NAME.yir is read,
 * verified, run through the passes named by its directory (a comma-separated list) and
 * printed; the text must equal NAME.expected. When the pipeline fails, the expected text
 * is "; 错误\n" followed by the diagnostics. Every successful output must verify and read
 * back. YUSEC_UPDATE_GOLDEN=1 rewrites the expected files. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ir/ir.h"
#include "passes/pass.h"
#include "targets/registry.h"

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (text && fread(text, 1, (size_t)size, f) != (size_t)size) {
        free(text);
        text = NULL;
    }
    if (text) text[size] = '\0';
    fclose(f);
    *len = (size_t)size;
    return text;
}

static void passes_dir(char *out, size_t size) {
    const char *file = __FILE__;
    const char *slash = strrchr(file, '/');
    size_t dir = slash ? (size_t)(slash - file) : 0;
    snprintf(out, size, "%.*s/../passes", (int)dir, file);
}

/* Runs one golden case; returns the produced text (malloc'd). */
static char *run_case(const char *pipeline, const char *path, const char *name) {
    Arena arena;
    arena_init(&arena);
    SourceMap sources;
    source_map_init(&sources, &arena);
    DiagEngine diag;
    diag_init(&diag, &sources, NULL);
    size_t len = 0;
    char *text = read_file(path, &len);
    if (!text) fail_msg("cannot read %s", path);
    SourceFile *file = source_add(&sources, name, text, len);
    free(text);
    IrModule *m = ir_read(&diag, file);
    if (!m) fail_msg("%s: read failed:\n%s", path, strbuf_cstr(&diag.text));
    if (!ir_verify(m, &diag)) fail_msg("%s: input does not verify:\n%s", path, strbuf_cstr(&diag.text));
    PassContext ctx;
    pass_context_init(&ctx, m, &diag, target_descriptor(YUSEC_TARGET_PTX)->inline_policy);
    ctx.verify_each = true;
    StrBuf out;
    strbuf_init(&out);
    if (pass_run_pipeline(&ctx, pipeline)) {
        ir_print_module(&out, m);
        if (diag.error_count) fail_msg("%s: errors on success:\n%s", path, strbuf_cstr(&diag.text));
        /* The output reads back and verifies. */
        SourceFile *again = source_add(&sources, "输出.yir", strbuf_cstr(&out), out.len);
        IrModule *back = ir_read(&diag, again);
        if (!back || !ir_verify(back, &diag)) fail_msg("%s: output does not read back:\n%s", path, strbuf_cstr(&diag.text));
        ir_module_free(back);
    } else {
        strbuf_puts(&out, "; 错误\n");
        strbuf_puts(&out, strbuf_cstr(&diag.text));
    }
    char *result = strdup(strbuf_cstr(&out));
    strbuf_free(&out);
    ir_module_free(m);
    diag_free(&diag);
    arena_free(&arena);
    return result;
}

/* Every golden input also goes through both default pipelines without crashing; what
 * succeeds must verify. */
static void run_default_pipelines(const char *path) {
    for (int t = 0; t < 2; t++) {
        yusec_target target = t ? YUSEC_TARGET_PTX : YUSEC_TARGET_WGSL;
        Arena arena;
        arena_init(&arena);
        SourceMap sources;
        source_map_init(&sources, &arena);
        DiagEngine diag;
        diag_init(&diag, &sources, NULL);
        size_t len = 0;
        char *text = read_file(path, &len);
        SourceFile *file = source_add(&sources, "输入.yir", text ? text : "", text ? len : 0);
        free(text);
        IrModule *m = ir_read(&diag, file);
        if (m) {
            PassContext ctx;
            pass_context_init(&ctx, m, &diag, target_descriptor(target)->inline_policy);
            ctx.verify_each = true;
            if (pass_run_pipeline(&ctx, target_descriptor(target)->pipeline) && !ir_verify(m, &diag))
                fail_msg("%s: default pipeline output does not verify:\n%s", path, strbuf_cstr(&diag.text));
        }
        ir_module_free(m);
        diag_free(&diag);
        arena_free(&arena);
    }
}

static int check_dir(const char *root, const char *pipeline) {
    char dir_path[4096];
    snprintf(dir_path, sizeof dir_path, "%s/%s", root, pipeline);
    DIR *dir = opendir(dir_path);
    if (!dir) return 0;
    int cases = 0;
    bool update = getenv("YUSEC_UPDATE_GOLDEN") != NULL;
    for (struct dirent *e = readdir(dir); e; e = readdir(dir)) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".yir") != 0) continue;
        char path[4600], expected_path[4600];
        snprintf(path, sizeof path, "%s/%s", dir_path, e->d_name);
        snprintf(expected_path, sizeof expected_path, "%s/%.*s.expected", dir_path, (int)(n - 4), e->d_name);
        char *got = run_case(pipeline, path, e->d_name);
        run_default_pipelines(path);
        size_t len = 0;
        char *want = read_file(expected_path, &len);
        if (update) {
            FILE *f = fopen(expected_path, "wb");
            if (f) {
                fputs(got, f);
                fclose(f);
            }
        } else if (!want) {
            fail_msg("%s: missing %s; got:\n%s", path, expected_path, got);
        } else if (strcmp(got, want) != 0) {
            fail_msg("%s: output differs from %s\n--- got ---\n%s--- want ---\n%s", path, expected_path, got, want);
        }
        free(want);
        free(got);
        cases++;
    }
    closedir(dir);
    return cases;
}

static void test_golden_pass_outputs(void **state) {
    (void)state;
    char root[4096];
    passes_dir(root, sizeof root);
    DIR *dir = opendir(root);
    if (!dir) fail_msg("no golden directory %s", root);
    int cases = 0;
    for (struct dirent *e = readdir(dir); e; e = readdir(dir)) {
        if (e->d_name[0] == '.') continue;
        cases += check_dir(root, e->d_name);
    }
    closedir(dir);
    assert_true(cases > 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden_pass_outputs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
