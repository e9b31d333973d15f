/* The yusec command-line driver: wires the pipeline stages together per action. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "base/diag.h"
#include "base/source.h"
#include "base/strbuf.h"
#include "driver/options.h"
#include "driver/output.h"
#include "frontend/ast.h"

enum { EXIT_OK = 0, EXIT_DIAGNOSTICS = 1, EXIT_USAGE = 2 };

#ifndef YUSEC_VERSION
#define YUSEC_VERSION "0.0.0"
#endif

typedef struct Session {
    const Options *options;
    Arena arena;
    SourceMap sources;
    DiagEngine diag;
} Session;

static void session_init(Session *session, const Options *options) {
    session->options = options;
    arena_init(&session->arena);
    source_map_init(&session->sources, &session->arena);
    diag_init(&session->diag, &session->sources, stderr);
    session->diag.max_errors = options->max_errors;
}

static void session_free(Session *session) {
    diag_free(&session->diag);
    arena_free(&session->arena);
}

/* Loads the main file; NULL after reporting an I/O error. */
static const SourceFile *load_main(Session *session) {
    const char *error = NULL;
    const SourceFile *file = source_load(&session->sources, session->options->input, &error);
    if (!file) fprintf(stderr, "%s: error: %s\n", session->options->input, error);
    return file;
}

static int finish(Session *session, StrBuf *out) {
    if (diag_has_errors(&session->diag)) return EXIT_DIAGNOSTICS;
    if (out && !output_write(session->options->output, strbuf_cstr(out), out->len))
        return EXIT_USAGE;
    return EXIT_OK;
}

static int run_dump_ast(Session *session) {
    const SourceFile *file = load_main(session);
    if (!file) return EXIT_USAGE;
    AstFile *ast = parse_file(&session->arena, file, &session->diag);
    StrBuf out;
    strbuf_init(&out);
    ast_dump_file(&out, ast);
    int status = finish(session, &out);
    strbuf_free(&out);
    return status;
}

static int run_check(Session *session) {
    const SourceFile *file = load_main(session);
    if (!file) return EXIT_USAGE;
    parse_file(&session->arena, file, &session->diag);
    return finish(session, NULL);
}

static int run_not_yet(const Options *options) {
    fprintf(stderr, "yusec: error: %s 尚未实现（见 docs/ 与项目的 issue）\n",
            action_flag(options->action));
    return EXIT_USAGE;
}

int main(int argc, char **argv) {
    Options options;
    if (!options_parse(&options, argc, argv, stderr)) return EXIT_USAGE;
    switch (options.action) {
    case ACTION_HELP:
        options_print_help(stdout);
        return EXIT_OK;
    case ACTION_VERSION:
        printf("yusec %s\n", YUSEC_VERSION);
        return EXIT_OK;
    default:
        break;
    }
    Session session;
    session_init(&session, &options);
    int status;
    switch (options.action) {
    case ACTION_DUMP_AST: status = run_dump_ast(&session); break;
    case ACTION_CHECK: status = run_check(&session); break;
    default: status = run_not_yet(&options); break;
    }
    session_free(&session);
    return status;
}
