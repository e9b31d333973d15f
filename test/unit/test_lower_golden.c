/* Golden tests of the lowering: every test/lower/NAME。着色器。豫 must lower to exactly
 * test/lower/NAME.yir (what `yusec -emit-ir -O0` prints), verify, read back, and pass the
 * default WGSL and PTX pipelines. YUSEC_UPDATE_GOLDEN=1 rewrites the .yir files. */
#include <dirent.h>

#include "test/unit/emit_lines.h"
#include "lower_fixture.h"

static char *read_all(const char *path) {
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
    return text;
}

static void run_pipeline(const char *name, const char *text, yusec_target target) {
    LowerRun r;
    run_init(&r);
    SourceFile *file = source_add(&r.sources, "降级.yir", text, strlen(text));
    r.m = ir_read(&r.diag, file);
    if (!r.m) fail_msg("%s: does not read back:\n%s", name, run_diags(&r));
    char *again = module_text(r.m);
    if (strcmp(again, text) != 0) fail_msg("%s: print/read/print differs", name);
    free(again);
    PassContext ctx;
    pass_context_init(&ctx, r.m, &r.diag, target_descriptor(target)->inline_policy);
    ctx.verify_each = true;
    if (!ir_verify(r.m, &r.diag) || !pass_run_pipeline(&ctx, target_descriptor(target)->pipeline))
        fail_msg("%s: default pipeline failed:\n%s", name, run_diags(&r));
    run_free(&r);
}

static void check_case(const char *dir, const char *stem) {
    char source[4600], golden[4600];
    snprintf(source, sizeof source, "%s/%s。着色器。豫", dir, stem);
    snprintf(golden, sizeof golden, "%s/%s.yir", dir, stem);
    LowerRun r;
    run_init(&r);
    IrModule *m = lower_path(&r, source);
    if (!m) fail_msg("%s:\n%s", stem, run_diags(&r));
    if (!ir_verify(m, &r.diag)) fail_msg("%s: does not verify:\n%s", stem, run_diags(&r));
    char *text = module_text(m);
    run_free(&r);
    const char *update = getenv("YUSEC_UPDATE_GOLDEN");
    if (update && *update == '1') {
        FILE *f = fopen(golden, "wb");
        assert_non_null(f);
        fputs(text, f);
        fclose(f);
    }
    char *expected = read_all(golden);
    if (!expected) fail_msg("%s: missing %s (YUSEC_UPDATE_GOLDEN=1 writes it)", stem, golden);
    if (strcmp(expected, text) != 0) fail_msg("%s: differs from %s; got:\n%s", stem, golden, text);
    run_pipeline(stem, text, YUSEC_TARGET_WGSL);
    run_pipeline(stem, text, YUSEC_TARGET_PTX);
    free(expected);
    free(text);
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void lower_goldens(void **state) {
    (void)state;
    char root[4096], dir[4200];
    repo_root(root, sizeof root);
    snprintf(dir, sizeof dir, "%s/test/lower", root);
    DIR *d = opendir(dir);
    assert_non_null(d);
    char *stems[256];
    size_t count = 0;
    const char *suffix = "。着色器。豫";
    size_t slen = strlen(suffix);
    for (struct dirent *ent; (ent = readdir(d)) && count < 256;) {
        size_t len = strlen(ent->d_name);
        if (len > slen && strcmp(ent->d_name + len - slen, suffix) == 0)
            stems[count++] = strndup(ent->d_name, len - slen);
    }
    closedir(d);
    assert_true(count >= 5);
    qsort(stems, count, sizeof *stems, compare_names);
    for (size_t i = 0; i < count; i++) {
        check_case(dir, stems[i]);
        free(stems[i]);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lower_goldens),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
