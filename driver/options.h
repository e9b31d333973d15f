/* Command-line options of the yusec driver. */
#ifndef YUSEC_DRIVER_OPTIONS_H
#define YUSEC_DRIVER_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

typedef enum Action {
    ACTION_NONE,
    ACTION_DUMP_AST,  /* -dump-ast */
    ACTION_CHECK,     /* -check, 检查 */
    ACTION_EMIT_IR,   /* -emit-ir */
    ACTION_EMIT_WGSL, /* -emit-wgsl, 译 */
    ACTION_EMIT_MSL,  /* -emit-msl, 金属 */
    ACTION_EMIT_PTX,  /* -emit-ptx, 千手 */
    ACTION_EMIT_GEN,  /* -emit-gen, 生成 */
    ACTION_ENTRIES_JSON, /* --entries=json */
    ACTION_RUN,       /* run */
    ACTION_HELP,
    ACTION_VERSION,
} Action;

enum { OPTIONS_MAX_INCLUDES = 64 };

typedef struct Options {
    Action action;
    const char *input;
    const char *output;          /* -o; NULL for stdout */
    bool depfile_wanted;         /* -MD: write a Make/Ninja depfile (needs -o) */
    const char *depfile;         /* -MF FILE; default: the -o file + ".d" */
    const char *includes[OPTIONS_MAX_INCLUDES];
    int include_count;
    int max_errors;              /* -fmax-errors=N; 0 = no cap */
    /* YIR pipeline */
    const char *passes;          /* -passes=a,b,c; NULL: the target's default pipeline */
    bool print_after_all;        /* -print-after-all */
    const char *print_after;     /* -print-after=PASS */
    bool verify_each;            /* -verify-each */
    int opt_level;               /* -O0 … -O3; -1 when not given */
    const char *ir_target;       /* -target=wgsl|msl|ptx for -emit-ir (default wgsl) */
    bool no_uniformity_check;    /* -fno-uniformity-check: emit despite uniformity errors */
    bool bounds_check;           /* -fbounds-check: clamp every dynamic index (pass bounds) */
    bool classic_uniform_layout; /* -fclassic-uniform-layout: report what 16-byte uniform rules reject */
    long inline_budget;          /* -finline-budget=N (pass inline); -1 when not given */
    /* PTX */
    const char *arch;            /* -arch=sm_XX */
    const char *ptx_version;     /* -ptx-version=8.X */
    bool no_fma;                 /* -fno-fma: no a*b+c contraction */
} Options;

/* Parses argv. On a usage error prints a message to err and returns false. */
bool options_parse(Options *options, int argc, char **argv, FILE *err);

void options_print_help(FILE *out);

const char *action_flag(Action action);

#endif
