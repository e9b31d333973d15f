/* The compile pipeline of libyusec, below the public API (include/yusec/yusec.h) and used by
 * it and by the yusec command: one session per compile holds the sources, the diagnostics and
 * the files read. The front end, checking, lowering, verification and the passes every
 * requested target shares run once (lib_build_shared); each target then runs the rest of its
 * pipeline on its own copy of that module (lib_build_target) and its emitter (lib_emit).
 * Layering: lib/ sits above frontend/, ir/, passes/ and targets/. */
#ifndef YUSEC_LIB_PIPELINE_H
#define YUSEC_LIB_PIPELINE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../base/arena.h"
#include "../base/diag.h"
#include "../base/source.h"
#include "../base/strbuf.h"
#include "../frontend/ast.h"
#include "../frontend/module.h"
#include "../ir/ir.h"
#include "../targets/ptx.h"
#include "../targets/registry.h"
#include "entries.h"

/* Targets are named by yusec_target (include/yusec/target.h) and described by the registry
 * (targets/registry.h); a set of them is TARGET_BIT(id)s. */

/* What stays fixed across the compiles of a context (the command line's options). */
typedef struct LibConfig {
    const char *const *include_dirs;  /* -I */
    uint32_t include_count;
    const char *builtin_dir;          /* the 点染 package; NULL: none */
    SourceFile *builtin_file;         /* a context's builtin interface, read once, id 0 … */
    AstFile *builtin_ast;             /* … and its tree decoded once (frontend/module.h); NULL:
                                         each compile reads and decodes it */
    const char *builtin_dir_real;     /* … with the real paths of builtin_dir and of that file, */
    const char *builtin_file_real;    /* resolved once too (NULL: by each compile) */
    const struct FeBuiltinNames *builtin_names;  /* builtin_ast's names, collected once */
    struct DirCache *dir_cache;       /* a context's package-lookup listings (frontend/dir_cache.h);
                                         NULL: none kept */
    int max_errors;
    DiagWarningFlags warnings;        /* -W<name>, -Wno-<name>, -Werror=<name>, -Wall, -Werror */
    SourceReader reader;              /* files served before the file system */
    /* the YIR pipeline */
    const char *passes;               /* -passes=; NULL: each target's default pipeline */
    bool print_after_all;
    const char *print_after;
    bool print_dot;                   /* the dumps as Graphviz (-emit-dot) */
    bool verify_each;
    long long inline_budget;          /* -finline-budget=N; negative: the default */
    bool no_uniformity_check;
    bool bounds_check;
    bool classic_uniform_layout;
    /* PTX: -arch, -ptx-version, -O, -fno-fma, the plugin (plugin_path NULL: search for it),
     * -emit-llvm (llvm_ir; llvm_bitcode: -emit-llvm -o x.bc) in the target's own options struct,
     * ptx_options_init's defaults from lib_config_init; each emit adds line_info and, for one of
     * several arches, another arch. */
    PtxOptions ptx;
    /* -lineinfo, -g: PTX with .file/.loc to the source (targets/ptx.h PtxLineInfo), and YIR
     * printed with each instruction's place (lib_print_yir) */
    bool line_info;
    /* The path debug information names for an absolute source path (yusec's -ffile-prefix-map);
     * NULL: the path itself. Returns `path` or a string in `arena`. */
    const char *(*map_path)(const void *user, Arena *arena, const char *path);
    const void *map_path_user;
} LibConfig;

/* How far a compile got: the command's exit status 0, 1 and 2. */
typedef enum LibStatus { LIB_OK = 0, LIB_ERRORS = 1, LIB_IO = 2 } LibStatus;

typedef struct LibSession {
    const LibConfig *config;
    const char *input;
    Arena arena;            /* everything of the session but the modules */
    SourceMap sources;
    DiagEngine diag;
    const char **files_read;  /* set by the front end (a .yir input: the input itself) */
    uint32_t files_read_count;
    StrBuf dumps;           /* -print-after(-all) dumps, in order */
    const char *rest[YUSEC_TARGET_COUNT];  /* what each target runs after lib_build_shared */
    const char *package_root; /* the main file's package root, once the front end has run */
    bool builtin_adopted;   /* config->builtin_file is in `sources` under its id */
} LibSession;

/* Diagnostics are written to `stream` as they come (NULL: only kept in diag.text). */
void lib_session_init(LibSession *session, const LibConfig *config, const char *input, FILE *stream);
void lib_session_free(LibSession *session);

/* The main file parsed alone (yusec -dump-ast); NULL when it cannot be read. */
AstFile *lib_parse_main(LibSession *session, LibStatus *status);
/* lib_parse_main's tree as text (yusec -dump-ast) into `out`; false when the file could not
 * be read (status LIB_IO). */
bool lib_dump_ast(LibSession *session, StrBuf *out, LibStatus *status);

/* ---- for the library's clients (driver/, lsp/), which include no stage's header ---- */

/* The 点染 package next to the running program (frontend/module.h fe_find_builtin_dir). */
const char *lib_find_builtin_dir(Arena *arena, const char *executable_path);
/* A module as Graphviz (-emit-dot), and a module freed. */
void lib_print_dot(LibSession *session, StrBuf *out, const IrModule *module);
void lib_module_free(IrModule *module);
/* The pass registry (passes/pass.h): whether `name` (len bytes) is a pass, the closest pass
 * name to an unknown one (NULL: none), and the names in order joined by `separator`. */
bool lib_pass_exists(const char *name, size_t len);
const char *lib_pass_suggest(const char *name, size_t len);
void lib_pass_names(StrBuf *out, const char *separator);
/* The LLVM version the PTX plugin runs on and the file loaded; false when none loads. */
bool lib_ptx_llvm_version(unsigned version[3], StrBuf *plugin_path);

/* The front end and checking (yusec -check): a .yir input read, a source checked and lowered,
 * then WGSL's pass pipeline (its uniformity analysis; -fno-uniformity-check, -passes= apply)
 * without emitting. */
LibStatus lib_check(LibSession *session);

struct FeIndex;

/* The front end and checking for an editor (yusec_index_build): the checker runs even after
 * parse and lookup errors, as far as it gets, recording into `index`; NULL when the main file
 * could not be read. `main_lex` not NULL: the main file's tokens and comments are kept there
 * as its parse lexed them (frontend/token.h). */
const Program *lib_check_indexed(LibSession *session, struct FeIndex *index, LexRecord *main_lex);

/* The module for the targets in `targets` (TARGET_BIT…): read from a .yir input or lowered
 * from the checked program, verified, and run through the passes that all those targets'
 * pipelines begin with. NULL (status set) after errors. */
IrModule *lib_build_shared(LibSession *session, unsigned targets, LibStatus *status);

/* The rest of `target`'s pipeline on a copy of `shared` (on `shared` itself when `take` is
 * true: the caller no longer needs it, and it is freed on failure). */
IrModule *lib_build_target(LibSession *session, IrModule *shared, bool take, yusec_target target,
                           LibStatus *status);

/* The target's text from its module through its descriptor's emitter, and its entry table as
 * the emitter named the entries (may be NULL); `failure` (may be NULL) gets the ASCII reason
 * of a target that gives one (TARGET_CAP_ASCII_FAILURE). False after diagnostics. */
bool lib_emit(LibSession *session, const IrModule *module, yusec_target target, StrBuf *out,
              LibEntryTable *entries, TargetFailure *failure);

/* lib_emit for `arch` (sm_90 …; NULL: the configuration's) of a target with TARGET_CAP_ARCH:
 * one module, several arches (yusec -emit=ptx -arch=sm_80,sm_90). */
bool lib_emit_arch(LibSession *session, const IrModule *module, yusec_target target, const char *arch,
                   StrBuf *out, TargetFailure *failure);

/* The errors reported after the first `error_count` count as warnings from now on (a target
 * that failed while the generated module was still made). */
void lib_demote_errors(LibSession *session, int error_count);

/* The whole pass list `target` runs under the configuration (-v and -### print it). */
const char *lib_pipeline(LibSession *session, yusec_target target);

/* A configuration with the defaults (PTX's included: ptx_options_init), no inline budget of
 * its own (-1) and nothing else set; the clients (yusec_context_new, the yusec command) set
 * their options on it once. */
void lib_config_init(LibConfig *config);

/* The module as YIR text (-emit-ir, YUSEC_WANT_YIR): with config->line_info, each function
 * and instruction with its source place (ir_print_module_located). */
void lib_print_yir(LibSession *session, StrBuf *out, const IrModule *module);

#endif
