/* realpath is an X/Open extension in glibc. */
#define _XOPEN_SOURCE 700

#include "module.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../base/file.h"
#include "compact.h"
#include "dir_cache.h"
#include "manifest.h"

/* Package discovery and import resolution (spec 着二, docs/packages.md). Modules are
 * visited depth first; a module joins Program.modules once all its imports have, so the
 * order is topological with the main file last. */

#define SOURCE_SUFFIX "。着色器。豫"
#define INTERFACE_SUFFIX "。着色器。接口。豫"
#define PLAIN_SUFFIX "。豫"
#define BUILTIN_PACKAGE "点染"
#define BUILTIN_FILE "点染本。着色器。接口。豫"
/* Guards against pathological inputs: import chains and directory ascents are bounded. */
#define MAX_IMPORT_DEPTH 200
#define MAX_ASCENT 256

typedef enum VisitState { VISIT_ACTIVE, VISIT_DONE } VisitState;

typedef struct ModuleEntry {
    const char *key;  /* real path of the file, so one file is one module */
    Module *module;
    VisitState state;
} ModuleEntry;

typedef struct PackageEntry {
    const char *key;  /* real path of the root; package NULL when its manifest is unreadable */
    Package *package;
} PackageEntry;

/* One step of the import chain being followed: `module` is importing through `stmt`. */
typedef struct Frame {
    Module *module;
    const AstStmt *stmt;
} Frame;

typedef struct Loader {
    Arena *arena;
    SourceMap *sources;
    DiagEngine *diag;
    const LoadOptions *options;
    const char *builtin_key;
    Package *builtin;
    PtrVec packages;    /* PackageEntry * */
    PtrVec candidates;  /* roots of discoverable packages, in lookup order */
    bool scanned;
    PtrVec modules;     /* ModuleEntry * */
    PtrVec order;       /* Module *, dependencies first */
    PtrVec files_read;  /* const char * */
    PtrVec stack;       /* Frame * */
    const SourceFile *main_file;  /* whose tokens go to options->main_lex */
} Loader;

/* ---- Paths ---- */

static bool is_file(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static const char *path_join(Arena *arena, const char *dir, const char *name) {
    size_t len = strlen(dir), name_len = strlen(name);
    if (len == 0 || strcmp(dir, ".") == 0) return arena_strndup(arena, name, name_len);
    size_t slash = dir[len - 1] == '/' ? 0 : 1;
    char *path = arena_alloc(arena, len + slash + name_len + 1);
    memcpy(path, dir, len);
    path[len] = '/';
    memcpy(path + len + slash, name, name_len + 1);
    return path;
}

static const char *path_dir(Arena *arena, const char *path) {
    const char *slash = strrchr(path, '/');
    if (!slash) return ".";
    if (slash == path) return "/";
    return arena_strndup(arena, path, (size_t)(slash - path));
}

/* The parent directory, spelled relative when `dir` is; NULL at the root. */
static const char *path_parent(Arena *arena, const char *dir) {
    size_t len = strlen(dir);
    while (len > 1 && dir[len - 1] == '/') len--;
    if (len == 1 && dir[0] == '/') return NULL;
    if (len == 0 || (len == 1 && dir[0] == '.')) return "..";
    if ((len == 2 && memcmp(dir, "..", 2) == 0) || (len >= 3 && memcmp(dir + len - 3, "/..", 3) == 0))
        return arena_printf(arena, "%.*s/..", (int)len, dir);
    const char *slash = NULL;
    for (size_t i = 0; i < len; i++)
        if (dir[i] == '/') slash = dir + i;
    if (!slash) return ".";
    if (slash == dir) return "/";
    return arena_strndup(arena, dir, (size_t)(slash - dir));
}

static bool has_suffix(const char *text, const char *suffix) {
    size_t len = strlen(text), slen = strlen(suffix);
    return len >= slen && memcmp(text + len - slen, suffix, slen) == 0;
}

static const char *module_name_of(Arena *arena, const char *path) {
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    const char *suffixes[] = {INTERFACE_SUFFIX, SOURCE_SUFFIX, PLAIN_SUFFIX};
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++)
        if (has_suffix(base, suffixes[i]) && strlen(base) > strlen(suffixes[i]))
            return arena_strndup(arena, base, strlen(base) - strlen(suffixes[i]));
    return arena_strdup(arena, base);
}

static void record_read(Loader *l, const char *path) {
    ptrvec_push(l->arena, &l->files_read, (void *)path);
}

static Span no_position(void) { return span_make(UINT32_MAX, 0, 0); }

/* ---- Packages ---- */

static Package *package_from_manifest(Loader *l, const char *root, const char *manifest_path,
                                      const SourceFile *file) {
    Manifest manifest;
    fe_manifest_parse(l->arena, file, l->diag, &manifest);
    Package *package = arena_alloc(l->arena, sizeof *package);
    package->name = manifest.name;
    package->root = root;
    package->dependencies = manifest.dependencies;
    package->dependency_spans = manifest.dependency_spans;
    package->dependency_count = manifest.dependency_count;
    package->manifest_path = manifest_path;
    return package;
}

/* Reads the manifest of the package rooted at `root` once; NULL when it cannot be read. */
static Package *load_package_at(Loader *l, const char *root) {
    const char *key = file_real_path(l->arena, root);
    if (!key) key = root;
    for (size_t i = 0; i < l->packages.len; i++) {
        PackageEntry *entry = l->packages.items[i];
        if (strcmp(entry->key, key) == 0) return entry->package;
    }
    PackageEntry *entry = arena_alloc(l->arena, sizeof *entry);
    entry->key = key;
    ptrvec_push(l->arena, &l->packages, entry);
    const char *manifest_path = path_join(l->arena, root, MANIFEST_FILE_NAME);
    const char *error = NULL;
    SourceFile *file = source_load(l->sources, manifest_path, &error);
    if (!file) {
        diag_error_path(l->diag, Y_UNREADABLE_FILE, manifest_path, "无法读取包清单：%s", error);
        return NULL;
    }
    record_read(l, manifest_path);
    entry->package = package_from_manifest(l, root, manifest_path, file);
    entry->package->is_builtin = l->builtin_key && strcmp(key, l->builtin_key) == 0;
    return entry->package;
}

static Package *anonymous_package(Loader *l, const char *root) {
    Package *package = arena_alloc(l->arena, sizeof *package);
    package->root = root;
    package->dependencies = arena_alloc(l->arena, sizeof(char *));
    package->dependencies[0] = BUILTIN_PACKAGE;
    package->dependency_count = 1;
    return package;
}

static bool holds_manifest(Loader *l, const char *dir) {
    return source_exists(l->sources, path_join(l->arena, dir, MANIFEST_FILE_NAME));
}

/* How many steps up from the real directory `resolved` reach "/" (0 for "/" itself). */
static int steps_to_root(const char *resolved) {
    int steps = 0;
    for (const char *at = resolved; *at; at++)
        if (*at == '/' && at[1] && at[1] != '/') steps++;
    return steps;
}

/* The package of a file: the nearest directory, from the file's own upward, that holds
 * a manifest; else the file's own anonymous package. The directory is resolved once: each
 * step up (spelled `dir/..`, as the kernel resolves it) is its real parent, so the ascent
 * ends after the step that asked "/" — no realpath per step. */
static Package *package_of_file(Loader *l, const char *path) {
    const char *dir = path_dir(l->arena, path);
    const char *resolved = file_real_path(l->arena, dir);
    int last = resolved ? steps_to_root(resolved) : 0;
    for (int steps = 0; dir && steps <= last && steps < MAX_ASCENT; steps++) {
        if (holds_manifest(l, dir)) {
            Package *package = load_package_at(l, dir);
            if (package) return package;
            break;
        }
        dir = path_parent(l->arena, dir);
    }
    return anonymous_package(l, path_dir(l->arena, path));
}

static int compare_strings(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Adds the subdirectories of `dir` that hold a manifest, sorted so lookup is stable. The
 * entries come from one readdir (a plain file is never asked for a manifest), or from the
 * context's cache of that readdir (dir_cache.h); the manifests are asked every time. */
static void add_subpackages(Loader *l, const char *dir) {
    DirListing listing = fe_dir_list(l->options->dir_cache, l->arena, dir);
    PtrVec found = {0};
    for (uint32_t i = 0; i < listing.count; i++) {
        const char *sub = path_join(l->arena, dir, listing.names[i]);
        if (holds_manifest(l, sub)) ptrvec_push(l->arena, &found, (void *)sub);
    }
    if (found.len > 1) qsort(found.items, found.len, sizeof(void *), compare_strings);
    for (size_t i = 0; i < found.len; i++) ptrvec_push(l->arena, &l->candidates, found.items[i]);
}

static void scan_candidates(Loader *l) {
    if (l->scanned) return;
    l->scanned = true;
    if (holds_manifest(l, ".")) ptrvec_push(l->arena, &l->candidates, (void *)".");
    add_subpackages(l, ".");
    for (uint32_t i = 0; i < l->options->search_path_count; i++) {
        const char *dir = l->options->search_paths[i];
        if (holds_manifest(l, dir)) ptrvec_push(l->arena, &l->candidates, (void *)dir);
        else add_subpackages(l, dir);
    }
}

static Package *builtin_package(Loader *l) {
    if (!l->builtin) {
        Package *package = arena_alloc(l->arena, sizeof *package);
        package->name = BUILTIN_PACKAGE;
        package->root = l->options->builtin_dir;
        package->is_builtin = true;
        l->builtin = package;
    }
    return l->builtin;
}

static Package *find_package(Loader *l, Package *from, const char *name) {
    if (from->name && strcmp(from->name, name) == 0) return from;
    scan_candidates(l);
    for (size_t i = 0; i < l->candidates.len; i++) {
        Package *package = load_package_at(l, l->candidates.items[i]);
        if (package && package->name && strcmp(package->name, name) == 0) return package;
    }
    if (l->options->builtin_dir && strcmp(name, BUILTIN_PACKAGE) == 0) return builtin_package(l);
    return NULL;
}

/* A named package may import itself and what its manifest lists; the anonymous package
 * of a lone file (and a package whose manifest is broken) is not held to a list. */
static bool may_import(const Package *from, const char *name) {
    if (!from->manifest_path || !from->name || strcmp(from->name, name) == 0) return true;
    for (uint32_t i = 0; i < from->dependency_count; i++)
        if (strcmp(from->dependencies[i], name) == 0) return true;
    return false;
}

static void note_where_searched(Loader *l);

static void report_unknown_package(Loader *l, const AstStmt *stmt, const char *name) {
    diag_error(l->diag, Y_PACKAGE_NOT_FOUND, stmt->span, "找不到包「%s」", name);
    note_where_searched(l);
}

/* Every dependency a package's manifest lists should exist, imported or not: a misspelt
 * dependency would otherwise surface only when some file first imports it. A warning, at
 * the manifest's line: importing the missing package is the error (找不到包). */
static void check_dependencies_exist(Loader *l) {
    size_t loaded = l->packages.len;
    for (size_t i = 0; i < loaded; i++) {
        Package *package = ((PackageEntry *)l->packages.items[i])->package;
        if (!package || !package->dependency_spans) continue;
        for (uint32_t d = 0; d < package->dependency_count; d++) {
            if (find_package(l, package, package->dependencies[d])) continue;
            diag_warning(l->diag, Y_MISSING_DEPENDENCY, package->dependency_spans[d], "找不到依赖的包「%s」",
                         package->dependencies[d]);
        }
    }
}

static void note_where_searched(Loader *l) {
    StrBuf where;
    strbuf_init(&where);
    strbuf_puts(&where, "已查找：当前目录「.」及其下一层子目录");
    for (uint32_t i = 0; i < l->options->search_path_count; i++)
        strbuf_printf(&where, "、搜索路径「%s」", l->options->search_paths[i]);
    if (l->options->builtin_dir)
        strbuf_printf(&where, "、内建包「点染」（%s）", l->options->builtin_dir);
    else
        strbuf_puts(&where, "；没有找到编译器自带的「点染」（用 libyusec 的程序：把 yusec_options.builtin_dir "
                            "设为装好的 share/yusec/库/点染——pkg-config --variable=builtindir yusec，"
                            "或 CMake 的 ${YUSEC_BUILTIN_DIR}）");
    diag_note(l->diag, no_position(), "%s", strbuf_cstr(&where));
    strbuf_free(&where);
}

/* ---- Modules ---- */

static const char *render_import(Arena *arena, const AstStmt *stmt) {
    StrBuf buf;
    strbuf_init(&buf);
    for (uint32_t i = 0; i < stmt->as.import.path_len; i++)
        strbuf_printf(&buf, "%s「%s」", i ? "之" : "", stmt->as.import.path[i].text);
    const char *text = arena_strdup(arena, strbuf_cstr(&buf));
    strbuf_free(&buf);
    return text;
}

static ModuleEntry *find_entry(Loader *l, const char *key) {
    for (size_t i = 0; i < l->modules.len; i++) {
        ModuleEntry *entry = l->modules.items[i];
        if (strcmp(entry->key, key) == 0) return entry;
    }
    return NULL;
}

static void check_interface(Loader *l, const Module *module) {
    for (uint32_t i = 0; i < module->ast->count; i++) {
        const AstStmt *stmt = module->ast->stmts[i];
        if (stmt->kind == AST_STMT_IMPORT || stmt->kind == AST_STMT_SIG ||
            stmt->kind == AST_STMT_TYPEDEF)
            continue;
        diag_error(l->diag, Y_BAD_INTERFACE_FILE, stmt->span,
                   "着色内建声明（名。着色器。接口。豫）只能有「乃」签名、「即」类型定义与导入");
    }
}

static void report_cycle(Loader *l, const Module *importer, const AstStmt *stmt,
                         const Module *target) {
    if (importer == target) {
        diag_error(l->diag, Y_IMPORT_CYCLE, stmt->span, "循环导入：%s 导入了自己", target->import_path);
        return;
    }
    diag_error(l->diag, Y_IMPORT_CYCLE, stmt->span, "循环导入：%s 在此导入 %s，而 %s 正在导入链上",
               importer->import_path, target->import_path, target->import_path);
    size_t first = 0;
    for (size_t i = 0; i < l->stack.len; i++)
        if (((Frame *)l->stack.items[i])->module == target) first = i;
    for (size_t i = first; i < l->stack.len; i++) {
        const Frame *frame = l->stack.items[i];
        const Module *next = i + 1 < l->stack.len ? ((Frame *)l->stack.items[i + 1])->module
                                                  : importer;
        diag_note(l->diag, frame->stmt->span, "导入链：%s 在此导入 %s",
                  frame->module->import_path, next->import_path);
    }
}

static Module *visit(Loader *l, SourceFile *file, const char *key, Package *package,
                     const char *import_path);

/* Resolves the path names from `first` on (「包」之…之「模块」: from 1; a one-name import
 * 「模块」: from 0) to a file under the package root: the shader source first, then the
 * interface. */
static const char *module_file(Loader *l, const Package *package, const AstStmt *stmt,
                               uint32_t first) {
    const char *base = package->root ? package->root : ".";
    for (uint32_t i = first; i < stmt->as.import.path_len; i++) {
        const AstName *part = &stmt->as.import.path[i];
        if (!part->text[0] || strchr(part->text, '/') || strchr(part->text, '\\') ||
            strcmp(part->text, ".") == 0 || strcmp(part->text, "..") == 0) {
            diag_error(l->diag, Y_BAD_MODULE_NAME, part->span, "「%s」不能用作模块名或目录名", part->text);
            return NULL;
        }
        base = path_join(l->arena, base, part->text);
    }
    const char *source = arena_concat(l->arena, base, SOURCE_SUFFIX, (const char *)NULL);
    if (source_exists(l->sources, source)) return source;
    const char *interface = arena_concat(l->arena, base, INTERFACE_SUFFIX, (const char *)NULL);
    if (source_exists(l->sources, interface)) return interface;
    diag_error(l->diag, Y_MODULE_NOT_FOUND, stmt->span,
               "包内模块不存在：%s（着色文件只能导入着色源「名。着色器。豫」与着色内建声明"
               "「名。着色器。接口。豫」）",
               render_import(l->arena, stmt));
    return NULL;
}

/* The package an import reaches and the index of its first module-path name: a one-name
 * import 「模块」 is a module at the root of the importer's own package; otherwise the first
 * name is the package. NULL after reporting why not. */
static Package *import_package(Loader *l, const Module *importer, const AstStmt *stmt,
                               uint32_t *first) {
    Package *from = (Package *)importer->package;
    if (stmt->as.import.path_len < 2) {
        *first = 0;
        return from;
    }
    *first = 1;
    const char *name = stmt->as.import.path[0].text;
    if (!may_import(from, name)) {
        diag_error(l->diag, Y_UNDECLARED_DEPENDENCY, stmt->span, "包「%s」没有声明依赖「%s」：请在 %s 的「依赖」里加上「%s」",
                   from->name, name, from->manifest_path, name);
        return NULL;
    }
    Package *package = find_package(l, from, name);
    if (!package) report_unknown_package(l, stmt, name);
    return package;
}

/* The file of a module: the context's builtin interface when that is the path, else read. */
static SourceFile *load_module_file(Loader *l, const AstStmt *stmt, const char *path) {
    SourceFile *held = l->options->builtin_file;
    if (held && l->options->builtin_ast && strcmp(path, held->path) == 0) return held;
    const char *error = NULL;
    SourceFile *file = source_load(l->sources, path, &error);
    if (!file) diag_error(l->diag, Y_UNREADABLE_FILE, stmt->span, "无法读取模块 %s：%s", path, error);
    return file;
}

/* The tree of a module's file: the context's decoded builtin interface, the tree embedded at
 * build time when the file is the builtin text, else the file parsed. */
static AstFile *module_tree(Loader *l, const Package *package, SourceFile *file) {
    if (file == l->options->builtin_file && l->options->builtin_ast) return l->options->builtin_ast;
    AstFile *ast = package && package->is_builtin ? fe_builtin_interface_ast(l->arena, file) : NULL;
    if (ast) return ast;
    LexRecord *record = file == l->main_file ? l->options->main_lex : NULL;
    return fe_parse_file_recording(l->arena, file, l->diag, record);
}

/* The context's real path of its builtin interface when `path` is that file, else NULL. */
static const char *held_builtin_key(const Loader *l, const char *path) {
    const SourceFile *held = l->options->builtin_file;
    return held && l->options->builtin_file_real && strcmp(path, held->path) == 0 ? l->options->builtin_file_real
                                                                                   : NULL;
}

static Module *resolve_import(Loader *l, Module *importer, const AstStmt *stmt) {
    uint32_t first = 0;
    Package *package = import_package(l, importer, stmt, &first);
    if (!package) return NULL;
    const char *path = module_file(l, package, stmt, first);
    if (!path) return NULL;
    const char *key = held_builtin_key(l, path);
    if (!key) key = file_real_path(l->arena, path);
    if (!key) key = path;
    ModuleEntry *entry = find_entry(l, key);
    if (entry && entry->state == VISIT_DONE) return entry->module;
    if (entry) {
        report_cycle(l, importer, stmt, entry->module);
        return NULL;
    }
    if (l->stack.len >= MAX_IMPORT_DEPTH) {
        diag_error(l->diag, Y_IMPORT_TOO_DEEP, stmt->span, "导入嵌套过深（超过 %d 层）", MAX_IMPORT_DEPTH);
        return NULL;
    }
    SourceFile *file = load_module_file(l, stmt, path);
    if (!file) return NULL;
    record_read(l, path);
    Frame *frame = arena_alloc(l->arena, sizeof *frame);
    frame->module = importer;
    frame->stmt = stmt;
    ptrvec_push(l->arena, &l->stack, frame);
    Module *module = visit(l, file, key, package, render_import(l->arena, stmt));
    l->stack.len--;
    return module;
}

static void resolve_imports(Loader *l, Module *module) {
    PtrVec imports = {0}, stmts = {0};
    for (uint32_t i = 0; i < module->ast->count && !diag_capped(l->diag); i++) {
        const AstStmt *stmt = module->ast->stmts[i];
        if (stmt->kind != AST_STMT_IMPORT) continue;
        Module *target = resolve_import(l, module, stmt);
        if (!target) continue;
        ptrvec_push(l->arena, &imports, target);
        ptrvec_push(l->arena, &stmts, (void *)stmt);
    }
    module->imports = (Module **)imports.items;
    module->import_stmts = (const AstStmt **)stmts.items;
    module->import_count = (uint32_t)imports.len;
}

static Module *visit(Loader *l, SourceFile *file, const char *key, Package *package,
                     const char *import_path) {
    Module *module = arena_alloc(l->arena, sizeof *module);
    module->kind = has_suffix(file->path, INTERFACE_SUFFIX) ? MODULE_SHADER_INTERFACE
                                                            : MODULE_SHADER_SOURCE;
    module->path = file->path;
    module->module_name = module_name_of(l->arena, file->path);
    module->package = package;
    module->import_path = import_path;
    ModuleEntry *entry = arena_alloc(l->arena, sizeof *entry);
    entry->key = key;
    entry->module = module;
    entry->state = VISIT_ACTIVE;
    ptrvec_push(l->arena, &l->modules, entry);
    module->ast = module_tree(l, package, file);
    if (module->kind == MODULE_SHADER_INTERFACE) check_interface(l, module);
    resolve_imports(l, module);
    entry->state = VISIT_DONE;
    ptrvec_push(l->arena, &l->order, module);
    return module;
}

/* 「包」之「目录」之「模块」 for a main file inside a named package, else its path. */
static const char *main_import_path(Loader *l, const Package *package, const char *path) {
    if (!package->name) return path;
    const char *root = file_real_path(l->arena, package->root);
    const char *dir = file_real_path(l->arena, path_dir(l->arena, path));
    if (!root || !dir) return path;
    size_t root_len = strcmp(root, "/") == 0 ? 0 : strlen(root);
    if (strncmp(dir, root, root_len) != 0) return path;
    StrBuf buf;
    strbuf_init(&buf);
    strbuf_printf(&buf, "「%s」", package->name);
    const char *rest = dir + root_len;
    while (*rest) {
        while (*rest == '/') rest++;
        size_t len = strcspn(rest, "/");
        if (len) strbuf_printf(&buf, "之「%.*s」", (int)len, rest);
        rest += len;
    }
    strbuf_printf(&buf, "之「%s」", module_name_of(l->arena, path));
    const char *text = arena_strdup(l->arena, strbuf_cstr(&buf));
    strbuf_free(&buf);
    return text;
}

Program *fe_load_program(Arena *arena, SourceMap *sources, DiagEngine *diag,
                      const char *main_path, const LoadOptions *options) {
    LoadOptions none = {0};
    Loader l = {.arena = arena, .sources = sources, .diag = diag,
                .options = options ? options : &none};
    if (l.options->builtin_dir_real) l.builtin_key = l.options->builtin_dir_real;
    else if (l.options->builtin_dir) l.builtin_key = file_real_path(arena, l.options->builtin_dir);
    const char *error = NULL;
    SourceFile *file = source_load(sources, main_path, &error);
    if (!file) {
        diag_error_path(diag, Y_UNREADABLE_FILE, main_path, "%s", error);
        return NULL;
    }
    record_read(&l, file->path);
    l.main_file = file;
    Package *package = package_of_file(&l, main_path);
    const char *key = file_real_path(arena, main_path);
    Module *main = visit(&l, file, key ? key : main_path, package,
                         main_import_path(&l, package, main_path));
    check_dependencies_exist(&l);
    Program *program = arena_alloc(arena, sizeof *program);
    program->modules = (Module **)l.order.items;
    program->module_count = (uint32_t)l.order.len;
    program->main = main;
    program->files_read = (const char **)l.files_read.items;
    program->files_read_count = (uint32_t)l.files_read.len;
    if (l.options->builtin_names && l.options->builtin_ast) {
        for (size_t i = 0; i < l.order.len; i++)
            if (((Module *)l.order.items[i])->ast == l.options->builtin_ast)
                program->builtin_names = l.options->builtin_names;
    }
    return program;
}

const char *fe_find_builtin_dir(Arena *arena, const char *executable_path) {
    if (!executable_path || !executable_path[0]) return NULL;
    const char *dir = path_dir(arena, executable_path);
    const char *candidates[] = {path_join(arena, dir, "库/点染"),
                                path_join(arena, dir, "../share/yusec/库/点染")};
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++)
        if (is_file(path_join(arena, candidates[i], BUILTIN_FILE))) return candidates[i];
    return NULL;
}

const char *fe_builtin_interface_path(Arena *arena, const char *builtin_dir) {
    return path_join(arena, builtin_dir, BUILTIN_FILE);
}
