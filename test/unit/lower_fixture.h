/* Shared helpers of the lowering tests: the front end as the driver runs it (fe_load_program
 * with the repository's 点染 package, fe_check_program), then fe_lower_program. */
#ifndef YUSEC_TEST_LOWER_FIXTURE_H
#define YUSEC_TEST_LOWER_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "frontend/lower.h"
#include "frontend/module.h"
#include "frontend/sema.h"
#include "ir/ir.h"
#include "passes/pass.h"

/* The repository root (this file is <root>/test/unit/lower_fixture.h). */
static inline void repo_root(char *out, size_t size) {
    snprintf(out, size, "%s", __FILE__);
    for (int i = 0; i < 3; i++) {
        char *slash = strrchr(out, '/');
        if (slash) *slash = '\0';
    }
}

typedef struct LowerRun {
    Arena arena;
    SourceMap sources;
    DiagEngine diag;
    CheckedProgram *checked;
    IrModule *m;
} LowerRun;

static inline void run_init(LowerRun *r) {
    memset(r, 0, sizeof *r);
    arena_init(&r->arena);
    source_map_init(&r->sources, &r->arena);
    diag_init(&r->diag, &r->sources, NULL);
    r->diag.max_errors = 0;
}

static inline void run_free(LowerRun *r) {
    if (r->m) ir_module_free(r->m);
    diag_free(&r->diag);
    arena_free(&r->arena);
}

static inline const char *run_diags(LowerRun *r) { return strbuf_cstr(&r->diag.text); }

/* The driver's front end, then lowering. Returns the module (NULL after errors). */
static inline IrModule *lower_path(LowerRun *r, const char *path) {
    char root[4096], builtin[4200];
    repo_root(root, sizeof root);
    snprintf(builtin, sizeof builtin, "%s/库/点染", root);
    LoadOptions load;
    memset(&load, 0, sizeof load);
    load.builtin_dir = arena_strdup(&r->arena, builtin);
    Program *program = fe_load_program(&r->arena, &r->sources, &r->diag, path, &load);
    if (!program || diag_has_errors(&r->diag)) return NULL;
    r->checked = fe_check_program(&r->arena, program, &r->diag);
    if (!r->checked) return NULL;
    r->m = fe_lower_program(r->checked, &r->diag);
    return r->m;
}

/* Writes `text` as a shader source in a fresh temporary directory and lowers it. */
static inline IrModule *lower_text(LowerRun *r, const char *text) {
    char dir[] = "/tmp/yusec-lower-XXXXXX";
    if (!mkdtemp(dir)) return NULL;
    char path[256];
    snprintf(path, sizeof path, "%s/测试。着色器。豫", dir);
    FILE *f = fopen(path, "wb");
    if (!f) return NULL;
    fputs(text, f);
    fclose(f);
    IrModule *m = lower_path(r, path);
    remove(path);
    rmdir(dir);
    return m;
}

static inline char *module_text(const IrModule *m) {
    StrBuf out;
    strbuf_init(&out);
    ir_print_module(&out, m);
    char *text = strdup(strbuf_cstr(&out));
    strbuf_free(&out);
    return text;
}

#define PRELUDE "寻观「点染」之「点染本」之书。\n"

#endif
