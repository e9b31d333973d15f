/* PTX golden files: every test/ptx/NAME.yir is read, verified and emitted through the plugin;
 * the PTX must equal NAME.ptx, or, when NAME.err exists, the emission must fail with exactly
 * that diagnostic text. YUSEC_UPDATE_GOLDEN=1 rewrites the expectations; YUSEC_PTX_OUT=DIR
 * also writes NAME.sm_80.ptx, NAME.sm_90.ptx and NAME.O0.ptx (-O0) there (test/ptx/ptxas_all.sh feeds them to
 * ptxas). */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "test/unit/emit_lines.h"
#include "base/memory.h"
#include "ir/ir.h"
#include "targets/ptx.h"

/* test/unit/test_ptx_golden.c → test/ptx */
static void golden_dir(char *out, size_t size) {
    snprintf(out, size, "%s", __FILE__);
    char *slash = strrchr(out, '/');
    if (slash) *slash = '\0';
    slash = strrchr(out, '/');
    if (slash) *slash = '\0';
    strncat(out, "/ptx", size - strlen(out) - 1);
}

/* build/test/test_ptx_golden → build/libyusec-ptx.so */
static void plugin_path(char *out, size_t size) {
    ssize_t n = readlink("/proc/self/exe", out, size - 1);
    out[n > 0 ? n : 0] = '\0';
    char *slash = strrchr(out, '/');
    if (slash) *slash = '\0';
    strncat(out, "/../libyusec-ptx.so", size - strlen(out) - 1);
}

static char *read_all(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    StrBuf buf;
    strbuf_init(&buf);
    strbuf_append(&buf, "", 0);
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) strbuf_append(&buf, chunk, n);
    fclose(f);
    *len = buf.len;
    return buf.data ? buf.data : mem_calloc(1, 1);
}

static void write_all(const char *path, const char *text, size_t len) {
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fwrite(text, 1, len, f);
    fclose(f);
}

/* Emits `yir` with `arch`; returns whether it succeeded, PTX in out, diagnostics in diags. */
static bool emit_file(const char *yir, const char *arch, int level, StrBuf *out, StrBuf *diags) {
    Arena arena;
    arena_init(&arena);
    SourceMap sources;
    source_map_init(&sources, &arena);
    DiagEngine diag;
    diag_init(&diag, &sources, NULL);
    size_t len = 0;
    char *text = read_all(yir, &len);
    if (!text) fail_msg("cannot read %s", yir);
    const char *base = strrchr(yir, '/');  /* diagnostics name the file without its directory */
    SourceFile *file = source_add(&sources, base ? base + 1 : yir, text, len);
    mem_free(text);
    IrModule *m = ir_read(&diag, file);
    bool ok = m && ir_verify(m, &diag);
    if (ok) {
        char plugin[4096];
        plugin_path(plugin, sizeof plugin);
        PtxOptions options;
        ptx_options_init(&options);
        options.arch = arch;
        options.opt_level = level;
        options.plugin_path = plugin;
        StrBuf table;
        strbuf_init(&table);
        ok = emit_with_lines(YUSEC_TARGET_PTX, m, &options, out, &table, NULL, &diag);
        strbuf_free(&table);
    }
    strbuf_append(diags, diag.text.data ? diag.text.data : "", diag.text.len);
    ir_module_free(m);
    diag_free(&diag);
    arena_free(&arena);
    return ok;
}

static void check_text(const char *path, const char *got, size_t got_len, bool update) {
    if (update) {
        write_all(path, got, got_len);
        return;
    }
    size_t len = 0;
    char *want = read_all(path, &len);
    if (!want) fail_msg("missing expectation %s", path);
    if (len != got_len || memcmp(want, got, len) != 0)
        fail_msg("%s differs; got:\n%.*s", path, (int)got_len, got);
    mem_free(want);
}

static void check_one(const char *dir, const char *stem) {
    char yir[4096], expect[4096];
    snprintf(yir, sizeof yir, "%s/%s.yir", dir, stem);
    snprintf(expect, sizeof expect, "%s/%s.err", dir, stem);
    bool want_error = access(expect, F_OK) == 0;
    bool update = getenv("YUSEC_UPDATE_GOLDEN") != NULL;
    StrBuf out, diags;
    strbuf_init(&out);
    strbuf_init(&diags);
    bool ok = emit_file(yir, "sm_80", 3, &out, &diags);
    if (want_error) {
        if (ok) fail_msg("%s: expected errors, got PTX", stem);
        check_text(expect, strbuf_cstr(&diags), diags.len, update);
    } else {
        if (!ok) fail_msg("%s: %s", stem, strbuf_cstr(&diags));
        snprintf(expect, sizeof expect, "%s/%s.ptx", dir, stem);
        check_text(expect, strbuf_cstr(&out), out.len, update);
    }
    const char *dump = getenv("YUSEC_PTX_OUT");
    if (dump && !want_error) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.sm_80.ptx", dump, stem);
        write_all(path, strbuf_cstr(&out), out.len);
        strbuf_clear(&out);
        assert_true(emit_file(yir, "sm_90", 3, &out, &diags));
        snprintf(path, sizeof path, "%s/%s.sm_90.ptx", dump, stem);
        write_all(path, strbuf_cstr(&out), out.len);
        strbuf_clear(&out);
        assert_true(emit_file(yir, "sm_80", 0, &out, &diags));  /* -O0 must assemble too */
        snprintf(path, sizeof path, "%s/%s.O0.ptx", dump, stem);
        write_all(path, strbuf_cstr(&out), out.len);
    }
    strbuf_free(&out);
    strbuf_free(&diags);
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void test_every_golden(void **state) {
    (void)state;
    char dir[4096], plugin[4096];
    plugin_path(plugin, sizeof plugin);
    if (access(plugin, R_OK) != 0) {  /* built without LLVM */
        printf("跳过：没有 %s\n", plugin);
        skip();
    }
    golden_dir(dir, sizeof dir);
    DIR *d = opendir(dir);
    assert_non_null(d);
    char *names[512];
    size_t count = 0;
    struct dirent *ent;
    while ((ent = readdir(d)) && count < 512) {
        size_t len = strlen(ent->d_name);
        if (len > 4 && strcmp(ent->d_name + len - 4, ".yir") == 0)
            names[count++] = strndup(ent->d_name, len - 4);
    }
    closedir(d);
    qsort(names, count, sizeof names[0], by_name);
    assert_true(count > 0);
    for (size_t i = 0; i < count; i++) {
        check_one(dir, names[i]);
        free(names[i]);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_golden),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
