/* Shared helpers of the type checker's unit tests: a program made of the real builtin
 * interface (库/点染/点染本。着色器。接口。豫) and one in-memory shader source. */
#ifndef YUSEC_TEST_CHECK_FIXTURE_H
#define YUSEC_TEST_CHECK_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "frontend/sema.h"

typedef struct Fixture {
    Arena arena;
    SourceMap sources;
    DiagEngine diag;
    Module modules[2];
    Module *module_list[2];
    Program program;
} Fixture;

static inline int check_setup(void **state) {
    Fixture *f = calloc(1, sizeof *f);
    if (!f) return -1;
    arena_init(&f->arena);
    source_map_init(&f->sources, &f->arena);
    diag_init(&f->diag, &f->sources, NULL);
    f->diag.max_errors = 0;
    *state = f;
    return 0;
}

static inline int check_teardown(void **state) {
    Fixture *f = *state;
    diag_free(&f->diag);
    arena_free(&f->arena);
    free(f);
    return 0;
}

/* The interface file, next to this test in the source tree (__FILE__ is absolute). */
static inline char *read_interface(size_t *len) {
    char path[4096];
    snprintf(path, sizeof path, "%s", __FILE__);
    for (int i = 0; i < 3; i++) {
        char *slash = strrchr(path, '/');
        if (slash) *slash = '\0';
    }
    strncat(path, "/库/点染/点染本。着色器。接口。豫", sizeof path - strlen(path) - 1);
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    static char buffer[1 << 17];
    *len = fread(buffer, 1, sizeof buffer - 1, file);
    fclose(file);
    buffer[*len] = '\0';
    return buffer;
}

/* Parses the interface and `text`, then checks them; NULL when the checker reported errors. */
static inline CheckedProgram *check_text(Fixture *f, const char *text) {
    size_t len = 0;
    char *interface = read_interface(&len);
    assert_non_null(interface);
    SourceFile *lib = source_add(&f->sources, "点染本。着色器。接口。豫", interface, len);
    SourceFile *main = source_add(&f->sources, "测试。着色器。豫", text, strlen(text));
    f->modules[0].kind = MODULE_SHADER_INTERFACE;
    f->modules[0].path = lib->path;
    f->modules[0].module_name = "点染本";
    f->modules[0].ast = fe_parse_file(&f->arena, lib, &f->diag);
    assert_int_equal(f->diag.error_count, 0);
    f->modules[1].kind = MODULE_SHADER_SOURCE;
    f->modules[1].path = main->path;
    f->modules[1].module_name = "测试";
    f->modules[1].ast = fe_parse_file(&f->arena, main, &f->diag);
    f->module_list[0] = &f->modules[0];
    f->module_list[1] = &f->modules[1];
    /* As if the source imported the interface (each file sees only what it imports). */
    f->modules[0].import_path = "「点染」之「点染本」";
    f->modules[1].imports = &f->module_list[0];
    f->modules[1].import_count = 1;
    f->program.modules = f->module_list;
    f->program.module_count = 2;
    f->program.main = &f->modules[1];
    return fe_check_program(&f->arena, &f->program, &f->diag);
}

static inline const char *diag_text(Fixture *f) { return strbuf_cstr(&f->diag.text); }

/* Asserts the program checks; prints the diagnostics otherwise. */
static inline CheckedProgram *expect_ok(Fixture *f, const char *text) {
    CheckedProgram *p = check_text(f, text);
    if (!p || f->diag.error_count) fprintf(stderr, "unexpected diagnostics:\n%s", diag_text(f));
    assert_non_null(p);
    assert_int_equal(f->diag.error_count, 0);
    return p;
}

/* Asserts the program is rejected with a message containing `phrase`. */
static inline void expect_error(Fixture *f, const char *text, const char *phrase) {
    CheckedProgram *p = check_text(f, text);
    if (p || !strstr(diag_text(f), phrase))
        fprintf(stderr, "expected an error containing %s, got:\n%s", phrase, diag_text(f));
    assert_null(p);
    assert_non_null(strstr(diag_text(f), phrase));
}

static inline SemaDef *find_def(CheckedProgram *p, const char *name) {
    for (uint32_t i = 0; i < p->def_count; i++)
        if (strcmp(p->defs[i]->name, name) == 0) return p->defs[i];
    return NULL;
}

static inline const char *dump(Fixture *f, CheckedProgram *p) {
    StrBuf out;
    strbuf_init(&out);
    fe_sema_dump(&out, p);
    const char *text = arena_strdup(&f->arena, strbuf_cstr(&out));
    strbuf_free(&out);
    return text;
}

#define PRELUDE "寻观「点染」之「点染本」之书。\n"

#endif
