/* Packages and module lookup (spec 着二): from one shader file to the ordered list of
 * shader sources and interfaces it needs, dependencies first. */
#ifndef YUSEC_FRONTEND_MODULE_H
#define YUSEC_FRONTEND_MODULE_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/diag.h"
#include "../base/source.h"
#include "ast.h"

typedef enum ModuleKind {
    MODULE_SHADER_SOURCE,     /* 名。着色器。豫 */
    MODULE_SHADER_INTERFACE,  /* 名。着色器。接口。豫 (signatures and 即 only) */
} ModuleKind;

typedef struct Package {
    const char *name;          /* 「点染」; NULL for the anonymous package of a lone file */
    const char *root;          /* directory holding the manifest (or the lone file's dir) */
    const char **dependencies; /* package names */
    const Span *dependency_spans; /* where the manifest names each (none for built-in lists) */
    uint32_t dependency_count;
    bool is_builtin;           /* the 点染 package shipped with the compiler */
    const char *manifest_path; /* its 包。清单; NULL for the anonymous and builtin packages */
} Package;

typedef struct Module {
    ModuleKind kind;
    const char *path;          /* file path as opened */
    const char *module_name;   /* e.g. 点染本, 加倍 (file name without suffix) */
    const Package *package;
    const char *import_path;   /* 「包」之「模块」 as first imported; the main file: 「包」之…
                                  within a named package, else its path */
    AstFile *ast;
    struct Module **imports;   /* resolved imports, in source order (a module imported
                                  twice appears twice; failed imports are left out) */
    uint32_t import_count;
    const AstStmt **import_stmts; /* the statement that produced imports[i] */
} Module;

typedef struct LoadOptions {
    const char *const *search_paths;  /* -I directories, in order */
    uint32_t search_path_count;
    const char *builtin_dir;    /* directory of the 点染 package (holds 点染本。着色器。接口。豫);
                                   NULL: 「点染」 is found only like other packages */
    /* The builtin interface as a library context read and decoded it once, so a compile
     * neither copies nor decodes it again: builtin_file is already in the session's source
     * map under its own id (source_adopt), builtin_ast its tree (spans in that file). Taken
     * when the import reaches exactly builtin_file->path; NULL: read and decode as usual. */
    SourceFile *builtin_file;
    AstFile *builtin_ast;
    /* The real paths of builtin_dir and of builtin_file as the context resolved them once
     * (NULL: resolved by each load, as for every other path). */
    const char *builtin_dir_real;
    const char *builtin_file_real;
    /* builtin_ast's top-level names, collected once (builtin_names.h); NULL: none. */
    const struct FeBuiltinNames *builtin_names;
    /* The directory listings kept between compiles (dir_cache.h; a library context's); NULL:
     * every directory is read. */
    struct DirCache *dir_cache;
    /* Not NULL: the main file's tokens and comments as its parse lexed them are kept here
     * (token.h; an editor's index reuses them for semantic tokens). */
    struct LexRecord *main_lex;
    /* Kept for callers; Program.files_read is always filled. */
    bool record_dependencies;
} LoadOptions;

typedef struct Program {
    Module **modules;           /* every module, dependencies before dependents; the main
                                   file is last */
    uint32_t module_count;
    Module *main;
    const char **files_read;    /* every file opened, in order (manifests included) */
    uint32_t files_read_count;
    /* LoadOptions.builtin_names when LoadOptions.builtin_ast is one of the modules' trees
     * (the checker then collects that module's names lazily); else NULL. */
    const struct FeBuiltinNames *builtin_names;
} Program;

/* Package lookup (docs/packages.md): the package of a file is the nearest directory, from
 * the file's own upward, holding 包。清单 (none: an anonymous package depending on 「点染」).
 * An import 「包」之…之「模块」 names a package, looked for in order: the importing package
 * itself, the current directory and its subdirectories one level down, each search path
 * (the directory itself when it holds a manifest, else its subdirectories that do), then
 * the builtin 「点染」 at builtin_dir. A named package may import only itself and the
 * packages its manifest lists under 依赖.
 *
 * Loads and parses the main file and everything it imports. Reports lookup errors
 * (with the seed's exact text), import cycles and parse errors. Returns NULL only when
 * the main file cannot be read (an I/O error, already reported). options may be NULL. */
Program *fe_load_program(Arena *arena, SourceMap *sources, DiagEngine *diag,
                      const char *main_path, const LoadOptions *options);

/* Finds the 点染 package directory shipped with the compiler, given argv[0]'s resolved
 * executable path: <exe dir>/库/点染 (build tree) or <exe dir>/../share/yusec/库/点染
 * (install). Returns NULL when neither exists. */
const char *fe_find_builtin_dir(Arena *arena, const char *executable_path);

/* The path of the builtin interface 点染本 inside a 点染 package directory, as the loader
 * opens it (a caller that holds the file in memory serves it under this path). */
const char *fe_builtin_interface_path(Arena *arena, const char *builtin_dir);

#endif
