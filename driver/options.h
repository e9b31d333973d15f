/* Command-line options of the yusec driver. */
#ifndef YUSEC_DRIVER_OPTIONS_H
#define YUSEC_DRIVER_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

#include "base/arena.h"
#include "base/diag.h"
#include "yusec/target.h"

typedef enum Action {
    ACTION_NONE,
    ACTION_DUMP_AST,  /* -dump-ast */
    ACTION_CHECK,     /* -check, 检查 */
    ACTION_EMIT_IR,   /* -emit-ir */
    ACTION_EMIT_WGSL, /* -emit-wgsl, 译 */
    ACTION_EMIT_MSL,  /* -emit-msl, 金属 */
    ACTION_EMIT_PTX,  /* -emit-ptx, 千手 */
    ACTION_EMIT_LLVM, /* -emit-llvm: the LLVM IR the PTX path hands to the NVPTX back end */
    ACTION_EMIT_CUBIN,  /* -emit-cubin: PTX through ptxas */
    ACTION_EMIT_FATBIN, /* -emit-fatbin: cubin and PTX through fatbinary */
    ACTION_EMIT_DOT,  /* -emit-dot: control flow as Graphviz */
    ACTION_EMIT_GEN,  /* -emit-gen, 生成 */
    ACTION_ENTRIES_JSON, /* --entries=json */
    ACTION_EMIT_MANY, /* -emit=wgsl,msl,ptx,gen,json -o-dir DIR: one front end, several files */
    ACTION_RUN,       /* run */
    ACTION_HELP,
    ACTION_VERSION,
    ACTION_EXPLAIN,   /* --explain CODE|NAME */
} Action;

enum { OPTIONS_MAX_INCLUDES = 64, OPTIONS_MAX_PREFIX_MAPS = 16 };

/* -ffile-prefix-map=OLD=NEW */
typedef struct PrefixMap {
    const char *old_prefix;
    size_t old_len;
    const char *new_prefix;
} PrefixMap;

/* The outputs of -emit=LIST, a bit each. */
enum {
    /* a target's file: its bit is its yusec_target's (EMIT_TARGET; the low 16 bits are the
     * targets', so a registered target never takes another output's bit) */
    EMIT_WGSL = 1u << YUSEC_TARGET_WGSL, EMIT_MSL = 1u << YUSEC_TARGET_MSL, EMIT_PTX = 1u << YUSEC_TARGET_PTX,
    EMIT_GEN = 1u << 16, EMIT_JSON = 1u << 17,
    EMIT_HEADER = 1u << 18,  /* h: the C host header (lib/host_header.c) */
    EMIT_CUBIN = 1u << 19, EMIT_FATBIN = 1u << 20,  /* through the CUDA toolkit, per -arch */
    EMIT_TABLE = 1u << 21,   /* table: this shader's part of <name>_shaders.h (lib/shader_table.c) */
};
_Static_assert(YUSEC_TARGET_COUNT <= 16, "-emit= keeps the low 16 bits for the targets");
/* The -emit= bit of a target's own file. */
#define EMIT_TARGET(id) (1u << (unsigned)(id))

enum { OPTIONS_MAX_ARCHS = 16 };

/* -MT TARGET (each one a target of the depfile's rule, instead of the outputs), -MP, -MMD:
 * parsed and checked by driver/depfile_options.c (issue 29 item 11). */
enum { OPTIONS_MAX_DEPFILE_TARGETS = 16 };
typedef struct DepfileFlags {
    const char *targets[OPTIONS_MAX_DEPFILE_TARGETS];
    int target_count;
    bool phony;                  /* -MP: an empty rule for every dependency but the input */
    bool user_only;              /* -MMD: -MD without the files of the builtin package 点染 */
} DepfileFlags;

typedef struct Options {
    Action action;
    unsigned emit_many;          /* -emit=LIST: EMIT_… bits */
    const char *output_dir;      /* -o-dir DIR (with -emit=LIST) */
    bool action_is_tool_word;    /* 译 金属 千手 …: the seed's subcommands (着七) */
    const char *input;           /* the path, or for "-" the --stdin-name (default <stdin>) */
    bool input_from_stdin;       /* the input file was given as "-" */
    const char *stdin_name;      /* --stdin-name NAME */
    const char *input_text;      /* "-": what the driver read from stdin (NULL before) */
    size_t input_len;
    bool quiet;                  /* -q (every action): no informational lines on stderr — the
                                  * entry table, run's CPU fall-back line; diagnostics stay */
    bool verbose;                /* -v: print the stages on stderr */
    bool dry_run;                /* -###: print the stages, run nothing */
    PrefixMap prefix_maps[OPTIONS_MAX_PREFIX_MAPS];
    int prefix_map_count;
    const char *output;          /* -o; NULL for stdout */
    bool depfile_wanted;         /* -MD: write a Make/Ninja depfile (needs -o) */
    const char *depfile;         /* -MF FILE; default: the -o file + ".d" */
    DepfileFlags depfile_flags;  /* -MT, -MP, -MMD */
    const char *includes[OPTIONS_MAX_INCLUDES];
    int include_count;
    /* -fmax-errors=N, -fdiagnostics-format=, -fdiagnostics-color=, -Werror, -w */
    DiagOptions diagnostics;
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
    const char *arch;            /* -arch=sm_XX (the first of a list) */
    const char *archs[OPTIONS_MAX_ARCHS];  /* -arch=sm_80,sm_90: a list only with -emit=LIST */
    int arch_count;
    char arch_text[256];         /* the list's copy the names in archs point into */
    const char *ptx_version;     /* -ptx-version=8.X */
    const char *explain;         /* --explain CODE|NAME, --explain=CODE|NAME */
    bool no_fma;                 /* -fno-fma: no a*b+c contraction */
    bool line_info;              /* -lineinfo, -g: PTX .file/.loc; -emit-ir with source places */
} Options;

/* Parses argv (response files already expanded). On a usage error prints a message to err
 * and returns false. */
bool options_parse(Options *options, int argc, char **argv, FILE *err);

/* A path as written into outputs: the last matching -ffile-prefix-map applied (gcc's rule:
 * maps are tried from the last given). Returns `path` itself when none matches; else a
 * string in the arena. */
const char *options_map_path(const Options *options, Arena *arena, const char *path);

const char *action_flag(Action action);

/* -emit-llvm -o NAME.bc: bitcode, as clang -emit-llvm -c writes; any other -o (or stdout): text. */
bool options_llvm_bitcode(const Options *options);

/* `yusec: note: 是不是想写 'BEST'？` (did-you-mean for a command-line spelling). */
void options_print_suggestion(FILE *err, const char *best);

#endif
