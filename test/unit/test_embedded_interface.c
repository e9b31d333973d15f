/* The builtin interface parsed at build time (issue 16 item 4, frontend/builtin_embedded.c):
 * the embedded tree is taken for the installed file and equals what the parser makes of it;
 * a changed file is not served from it, and the loader then parses the file as it is. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "../../frontend/compact.h"
#include "../../frontend/module.h"

/* 库/点染 from __FILE__ (absolute: test/unit/…). */
static void builtin_dir(char *out, size_t size) {
    snprintf(out, size, "%s", __FILE__);
    for (int i = 0; i < 3; i++) {
        char *slash = strrchr(out, '/');
        if (slash) *slash = '\0';
    }
    strncat(out, "/库/点染", size - strlen(out) - 1);
}

typedef struct Fixture {
    Arena arena;
    SourceMap sources;
    DiagEngine diag;
} Fixture;

static void fixture_init(Fixture *f) {
    arena_init(&f->arena);
    source_map_init(&f->sources, &f->arena);
    diag_init(&f->diag, &f->sources, NULL);
}

static void fixture_free(Fixture *f) {
    diag_free(&f->diag);
    arena_free(&f->arena);
}

static char *dump(const AstFile *file) {
    StrBuf out;
    strbuf_init(&out);
    fe_ast_dump_file(&out, file);
    char *text = strdup(strbuf_cstr(&out));
    strbuf_free(&out);
    return text;
}

/* The installed interface is the embedded one: its tree comes without parsing and dumps
 * exactly like the parsed tree (every statement, name, span and numeral). */
static void test_embedded_tree_is_taken_and_equals_the_parse(void **state) {
    (void)state;
    Fixture f;
    fixture_init(&f);
    char dir[4096];
    builtin_dir(dir, sizeof dir);
    const char *error = NULL;
    SourceFile *file = source_load(&f.sources, fe_builtin_interface_path(&f.arena, dir), &error);
    assert_non_null(file);
    AstFile *embedded = fe_builtin_interface_ast(&f.arena, file);
    assert_non_null(embedded);
    AstFile *parsed = fe_parse_file(&f.arena, file, &f.diag);
    assert_int_equal(f.diag.error_count, 0);
    assert_true(parsed->count > 100);
    assert_int_equal(embedded->count, parsed->count);
    char *a = dump(embedded), *b = dump(parsed);
    assert_string_equal(a, b);
    free(a);
    free(b);
    fixture_free(&f);
}

/* One byte changed, or one line fewer: not the embedded text, so no embedded tree. */
static void test_changed_text_is_not_served_from_the_embedded_tree(void **state) {
    (void)state;
    Fixture f;
    fixture_init(&f);
    char dir[4096];
    builtin_dir(dir, sizeof dir);
    const char *error = NULL;
    SourceFile *file = source_load(&f.sources, fe_builtin_interface_path(&f.arena, dir), &error);
    assert_non_null(file);
    char *copy = strdup(file->text);
    char *last = strrchr(copy, '\xe4');  /* a byte of some Chinese character near the end */
    assert_non_null(last);
    *last = '\xe5';
    SourceFile *changed = source_add(&f.sources, "changed", copy, file->len);
    assert_null(fe_builtin_interface_ast(&f.arena, changed));
    SourceFile *shorter = source_add(&f.sources, "shorter", file->text, file->len - 1);
    assert_null(fe_builtin_interface_ast(&f.arena, shorter));
    free(copy);
    fixture_free(&f);
}

/* A 点染 directory whose interface lacks 「新浮十六」: the loader parses that file, so the
 * program's builtin module has one signature fewer than the embedded one. */
static void test_loader_honours_a_changed_interface(void **state) {
    (void)state;
    Fixture f;
    fixture_init(&f);
    char dir[4096];
    builtin_dir(dir, sizeof dir);
    const char *error = NULL;
    SourceFile *file = source_load(&f.sources, fe_builtin_interface_path(&f.arena, dir), &error);
    assert_non_null(file);
    AstFile *embedded = fe_builtin_interface_ast(&f.arena, file);
    assert_non_null(embedded);

    char root[] = "/tmp/yusec_embedded_XXXXXX";
    assert_non_null(mkdtemp(root));
    char path[4200];
    const char *line = strstr(file->text, "「新浮十六」乃");
    assert_non_null(line);
    const char *end = strchr(line, '\n');
    snprintf(path, sizeof path, "%s/点染本。着色器。接口。豫", root);
    FILE *out = fopen(path, "wb");
    assert_non_null(out);
    fwrite(file->text, 1, (size_t)(line - file->text), out);
    fputs(end + 1, out);
    fclose(out);
    snprintf(path, sizeof path, "%s/主。着色器。豫", root);
    out = fopen(path, "wb");
    assert_non_null(out);
    fputs("寻观「点染」之「点染本」之书。\n", out);
    fclose(out);

    LoadOptions options = {0};
    options.builtin_dir = root;
    Program *program = fe_load_program(&f.arena, &f.sources, &f.diag, path, &options);
    assert_non_null(program);
    const Module *builtin = NULL;
    for (uint32_t i = 0; i < program->module_count; i++)
        if (program->modules[i]->package && program->modules[i]->package->is_builtin) builtin = program->modules[i];
    assert_non_null(builtin);
    assert_int_equal(builtin->ast->count, embedded->count - 1);
    char *text = dump(builtin->ast);
    assert_null(strstr(text, "新浮十六"));
    free(text);
    unlink(path);
    snprintf(path, sizeof path, "%s/点染本。着色器。接口。豫", root);
    unlink(path);
    rmdir(root);
    fixture_free(&f);
}

/* A library context reads and decodes the interface once (LoadOptions.builtin_file/_ast): a
 * compile's map adopts that file as its source 0 and the loader takes that very tree, neither
 * reading nor decoding again; the import is still recorded as read. source_adopt refuses a
 * file whose id is not the map's next one. */
static void test_loader_takes_the_held_tree(void **state) {
    (void)state;
    Fixture held;
    fixture_init(&held);
    char dir[4096];
    builtin_dir(dir, sizeof dir);
    const char *error = NULL;
    SourceFile *file = source_load(&held.sources, fe_builtin_interface_path(&held.arena, dir), &error);
    assert_non_null(file);
    assert_int_equal(file->id, 0);
    AstFile *tree = fe_builtin_interface_ast(&held.arena, file);
    assert_non_null(tree);

    char root[] = "/tmp/yusec_held_XXXXXX";
    assert_non_null(mkdtemp(root));
    char path[4200];
    snprintf(path, sizeof path, "%s/主。着色器。豫", root);
    FILE *out = fopen(path, "wb");
    assert_non_null(out);
    fputs("寻观「点染」之「点染本」之书。\n", out);
    fclose(out);

    Fixture f;
    fixture_init(&f);
    assert_true(source_adopt(&f.sources, file));
    assert_false(source_adopt(&f.sources, file));  /* id 0 is taken now */
    LoadOptions options = {0};
    options.builtin_dir = dir;
    options.builtin_file = file;
    options.builtin_ast = tree;
    Program *program = fe_load_program(&f.arena, &f.sources, &f.diag, path, &options);
    assert_non_null(program);
    assert_false(diag_has_errors(&f.diag));
    const Module *builtin = NULL;
    for (uint32_t i = 0; i < program->module_count; i++)
        if (program->modules[i]->package && program->modules[i]->package->is_builtin) builtin = program->modules[i];
    assert_non_null(builtin);
    assert_ptr_equal(builtin->ast, tree);
    assert_ptr_equal(builtin->path, file->path);
    assert_int_equal(f.sources.count, 2);  /* the adopted interface and the main file */
    bool recorded = false;
    for (uint32_t i = 0; i < program->files_read_count; i++)
        recorded = recorded || strcmp(program->files_read[i], file->path) == 0;
    assert_true(recorded);
    unlink(path);
    rmdir(root);
    fixture_free(&f);
    fixture_free(&held);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_embedded_tree_is_taken_and_equals_the_parse),
        cmocka_unit_test(test_changed_text_is_not_served_from_the_embedded_tree),
        cmocka_unit_test(test_loader_honours_a_changed_interface),
        cmocka_unit_test(test_loader_takes_the_held_tree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
