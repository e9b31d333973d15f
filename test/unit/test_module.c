/* Packages and module lookup (frontend/module.c, frontend/manifest.c) against the small
 * package trees in test/modules/. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "frontend/manifest.h"
#include "frontend/module.h"
#include "frontend/sema.h"

#define SEED_TAIL "（着色文件只能导入着色源「名。着色器。豫」与着色内建声明「名。着色器。接口。豫」）"

typedef struct Fixture {
    Arena arena;
    SourceMap sources;
    DiagEngine diag;
    char saved_cwd[4096];
} Fixture;

/* test/modules, from $YUSEC_TEST_MODULES or next to this file (__FILE__ is absolute). */
static void modules_dir(char *out, size_t size) {
    const char *env = getenv("YUSEC_TEST_MODULES");
    if (env && env[0]) {
        snprintf(out, size, "%s", env);
        return;
    }
    snprintf(out, size, "%s", __FILE__);
    char *slash = strrchr(out, '/');
    if (slash) *slash = '\0';           /* test/unit */
    slash = strrchr(out, '/');
    if (slash) *slash = '\0';           /* test */
    strncat(out, "/modules", size - strlen(out) - 1);
}

static int setup(void **state) {
    Fixture *f = calloc(1, sizeof *f);
    if (!f || !getcwd(f->saved_cwd, sizeof f->saved_cwd)) return -1;
    char dir[4096];
    modules_dir(dir, sizeof dir);
    if (chdir(dir) != 0) return -1;
    arena_init(&f->arena);
    source_map_init(&f->sources, &f->arena);
    diag_init(&f->diag, &f->sources, NULL);
    *state = f;
    return 0;
}

static int teardown(void **state) {
    Fixture *f = *state;
    int rc = chdir(f->saved_cwd);
    diag_free(&f->diag);
    arena_free(&f->arena);
    free(f);
    return rc;
}

static const char *diag_text(Fixture *f) { return strbuf_cstr(&f->diag.text); }

static Program *load_with(Fixture *f, const char *path, const char **search, uint32_t count,
                          const char *builtin) {
    LoadOptions options = {.search_paths = search, .search_path_count = count,
                           .builtin_dir = builtin};
    return fe_load_program(&f->arena, &f->sources, &f->diag, path, &options);
}

static Program *load(Fixture *f, const char *path, const char **search, uint32_t count) {
    return load_with(f, path, search, count, "内建/点染");
}

static void assert_no_errors(Fixture *f) {
    if (f->diag.error_count) fprintf(stderr, "unexpected diagnostics:\n%s", diag_text(f));
    assert_int_equal(f->diag.error_count, 0);
}

static void assert_diag_contains(Fixture *f, const char *expected) {
    if (!strstr(diag_text(f), expected))
        fprintf(stderr, "expected:\n%s\ngot:\n%s", expected, diag_text(f));
    assert_non_null(strstr(diag_text(f), expected));
}

static int files_read_count_of(const Program *program, const char *path) {
    int count = 0;
    for (uint32_t i = 0; i < program->files_read_count; i++)
        if (strcmp(program->files_read[i], path) == 0) count++;
    return count;
}

/* ---- Manifest ---- */

static bool parse_manifest_text(Fixture *f, const char *text, Manifest *out) {
    SourceFile *file = source_add(&f->sources, "包。清单", text, strlen(text));
    return fe_manifest_parse(&f->arena, file, &f->diag, out);
}

static void test_manifest_good(void **state) {
    Fixture *f = *state;
    Manifest m;
    const char *text = "\xEF\xBB\xBF「：包的说明「：可以嵌套：」：」\n"
                       "\n"
                       "名：「点染试」\r\n"
                       "\xE3\x80\x80依赖：「点染」 「算阵」  「：行尾注释：」\n"
                       "依赖：「杂项」\n"
                       "依赖：\n";
    assert_true(parse_manifest_text(f, text, &m));
    assert_no_errors(f);
    assert_string_equal(m.name, "点染试");
    assert_int_equal(m.dependency_count, 3);
    assert_string_equal(m.dependencies[0], "点染");
    assert_string_equal(m.dependencies[1], "算阵");
    assert_string_equal(m.dependencies[2], "杂项");
}

/* A lone \r ends a line as \n and \r\n do (base/source.c counts lines so): two items on
 * lines ended by lone \r are two items, not one run together. */
static void test_manifest_lone_cr_ends_a_line(void **state) {
    Fixture *f = *state;
    Manifest m;
    assert_true(parse_manifest_text(f, "名：「点染试」\r依赖：「点染」\r\n依赖：「杂项」\r", &m));
    assert_no_errors(f);
    assert_string_equal(m.name, "点染试");
    assert_int_equal(m.dependency_count, 2);
    assert_string_equal(m.dependencies[0], "点染");
    assert_string_equal(m.dependencies[1], "杂项");
}

static void test_manifest_minimal(void **state) {
    Fixture *f = *state;
    Manifest m;
    assert_true(parse_manifest_text(f, "名：「点染」", &m));
    assert_string_equal(m.name, "点染");
    assert_int_equal(m.dependency_count, 0);
}

typedef struct BadManifest {
    const char *text;
    const char *expected;  /* the whole first line of the diagnostic */
} BadManifest;

static void test_manifest_errors(void **state) {
    Fixture *f = *state;
    static const BadManifest cases[] = {
        {"名：「甲」\n名：「乙」\n", "包。清单:2:1: error: 「名」重复：一个包只有一个名字\n"},
        {"依赖：「点染」\n", "包。清单:1:1: error: 包清单缺少「名」行，如 名：「点染试」\n"},
        {"名:「甲」\n", "包。清单:1:2: error: 应为全角冒号「：」\n"},
        {"名「甲」\n", "包。清单:1:1: error: 「名」后应有全角冒号「：」\n"},
        {"名：「甲」\n版本：「一」\n",
         "包。清单:2:1: error: 包清单里不认识的项「版本」（只有「名」与「依赖」）\n"},
        {"名：「甲\n", "包。清单:1:3: error: 名字未闭合：同一行里缺少「」」\n"},
        {"名：「」\n", "包。清单:1:3: error: 包名不能为空\n"},
        {"名：「甲/乙」\n", "包。清单:1:3: error: 包名里不能有「/」或「\\」\n"},
        {"名：「甲」「乙」\n", "包。清单:1:6: error: 「名」只能写一个包名\n"},
        {"名：\n", "包。清单:1:1: error: 「名」后应写一个用「」括起的包名，如 名：「点染试」\n"},
        {"名：「甲」\n依赖：「乙」「乙」\n", "包。清单:2:7: error: 依赖「乙」重复\n"},
        {"名：「甲」\n依赖：「甲」\n", "包。清单:2:4: error: 包「甲」不能依赖自己\n"},
        {"「：没有完\n名：「甲」\n", "包。清单:1:1: error: 注释未闭合：缺少「：」」\n"},
        {"名：「甲」\n「乙」\n", "包。清单:2:1: error: 每行应以「名：」或「依赖：」开头\n"},
        {"名：「甲」 依赖\n", "包。清单:1:7: error: 此处应为「」括起的包名或换行\n"},
        {"名：「甲」」\n", "包。清单:1:6: error: 多余的「」」\n"},
        {"名：「甲」\x01\n", "包。清单:1:6: error: 包清单里不能有控制字符\n"},
        {"名：「\xFF」\n", "包。清单:1:4: error: 包清单不是有效的 UTF-8\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        strbuf_clear(&f->diag.text);
        f->diag.error_count = 0;
        Manifest m;
        bool ok = parse_manifest_text(f, cases[i].text, &m);
        if (ok || !strstr(diag_text(f), cases[i].expected))
            fprintf(stderr, "case %zu: expected:\n%sgot:\n%s", i, cases[i].expected, diag_text(f));
        assert_false(ok);
        assert_non_null(strstr(diag_text(f), cases[i].expected));
        /* The first reported error is the expected one. */
        assert_ptr_equal(strstr(diag_text(f), cases[i].expected), diag_text(f));
    }
}

static void test_manifest_duplicate_notes_first(void **state) {
    Fixture *f = *state;
    Manifest m;
    assert_false(parse_manifest_text(f, "名：「甲」\n依赖：「乙」\n依赖：「乙」\n", &m));
    assert_diag_contains(f, "包。清单:3:4: error: 依赖「乙」重复\n");
    assert_diag_contains(f, "包。清单:2:4: note: 此前已在此写过\n");
    assert_int_equal(m.dependency_count, 1);
}

/* ---- Lookup ---- */

static void test_dependency_order(void **state) {
    Fixture *f = *state;
    const char *search[] = {"库组"};
    Program *p = load(f, "工程/主。着色器。豫", search, 1);
    assert_non_null(p);
    assert_no_errors(f);
    static const char *expected[] = {
        "内建/点染/点染本。着色器。接口。豫", "工程/工具/乙。着色器。豫", "工程/甲。着色器。豫",
        "库组/算阵/矩。着色器。豫", "工程/主。着色器。豫",
    };
    assert_int_equal(p->module_count, 5);
    for (uint32_t i = 0; i < 5; i++) assert_string_equal(p->modules[i]->path, expected[i]);
    assert_ptr_equal(p->main, p->modules[4]);
    assert_int_equal(p->main->import_count, 3);
    assert_ptr_equal(p->main->imports[0], p->modules[0]);
    assert_ptr_equal(p->main->imports[1], p->modules[2]);
    assert_ptr_equal(p->main->imports[2], p->modules[3]);
    assert_int_equal(p->main->import_stmts[2]->kind, AST_STMT_IMPORT);

    const Module *builtin = p->modules[0];
    assert_int_equal(builtin->kind, MODULE_SHADER_INTERFACE);
    assert_true(builtin->package->is_builtin);
    assert_string_equal(builtin->package->name, "点染");
    assert_string_equal(builtin->module_name, "点染本");
    assert_string_equal(p->modules[1]->import_path, "「工程」之「工具」之「乙」");
    assert_string_equal(p->modules[3]->package->name, "算阵");
    assert_string_equal(p->modules[3]->package->root, "库组/算阵");
    assert_string_equal(p->main->package->name, "工程");
    assert_string_equal(p->main->package->manifest_path, "工程/包。清单");
    assert_string_equal(p->main->import_path, "「工程」之「主」");
    assert_string_equal(p->main->module_name, "主");
    assert_int_equal(p->main->kind, MODULE_SHADER_SOURCE);

    /* Every file read is recorded once, with paths relative as given. */
    assert_string_equal(p->files_read[0], "工程/主。着色器。豫");
    assert_int_equal(files_read_count_of(p, "工程/包。清单"), 1);
    assert_int_equal(files_read_count_of(p, "库组/算阵/包。清单"), 1);
    assert_int_equal(files_read_count_of(p, "内建/点染/点染本。着色器。接口。豫"), 1);
    assert_int_equal(files_read_count_of(p, "工程/甲。着色器。豫"), 1);
    assert_int_equal(files_read_count_of(p, "库组/算阵/矩。着色器。豫"), 1);
}

static void test_same_module_twice(void **state) {
    Fixture *f = *state;
    Program *p = load(f, "工程/二次。着色器。豫", NULL, 0);
    assert_non_null(p);
    assert_no_errors(f);
    assert_int_equal(p->module_count, 4);
    assert_int_equal(p->main->import_count, 3);
    assert_ptr_equal(p->main->imports[0], p->main->imports[2]);
    assert_int_equal(files_read_count_of(p, "工程/甲。着色器。豫"), 1);
    assert_int_equal(files_read_count_of(p, "工程/工具/乙。着色器。豫"), 1);
}

static void test_source_before_interface(void **state) {
    Fixture *f = *state;
    Program *p = load(f, "工程/用接口。着色器。豫", NULL, 0);
    assert_non_null(p);
    assert_no_errors(f);
    assert_int_equal(p->main->import_count, 2);
    assert_int_equal(p->main->imports[0]->kind, MODULE_SHADER_INTERFACE);
    assert_string_equal(p->main->imports[0]->path, "工程/声明。着色器。接口。豫");
    assert_string_equal(p->main->imports[0]->module_name, "声明");
    assert_int_equal(p->main->imports[1]->kind, MODULE_SHADER_SOURCE);
    assert_string_equal(p->main->imports[1]->path, "工程/两者。着色器。豫");
}

/* 工程/包。清单 lists 算阵 (found only with -I 库组) and 幻影 (nowhere): each a warning. */
#define MISSING_DEPENDENCY_WARNINGS                                    \
    "工程/包。清单:3:8: warning: 找不到依赖的包「算阵」\n"              \
    "依赖：「点染」「算阵」\n"                                          \
    "              ^~~~~~~~\n"                                        \
    "工程/包。清单:4:4: warning: 找不到依赖的包「幻影」\n"              \
    "依赖：「幻影」  「：声明了却哪里都没有：」\n"                      \
    "      ^~~~~~~~\n"

static void test_missing_module_seed_message(void **state) {
    Fixture *f = *state;
    assert_non_null(load(f, "工程/缺模块。着色器。豫", NULL, 0));
    assert_int_equal(f->diag.error_count, 1);
    assert_string_equal(diag_text(f),
                        "工程/缺模块。着色器。豫:1:1: error: 包内模块不存在：「点染」之「不存在」" SEED_TAIL "\n"
                        "寻观「点染」之「不存在」之书。\n"
                        "^~~~~~~~~~~~~~~~~~~~~~~~~~~~\n" MISSING_DEPENDENCY_WARNINGS);
}

static void test_plain_module_not_importable(void **state) {
    Fixture *f = *state;
    assert_non_null(load(f, "工程/普通模块。着色器。豫", NULL, 0));
    assert_int_equal(f->diag.error_count, 1);
    assert_diag_contains(f, "工程/普通模块。着色器。豫:1:1: error: 包内模块不存在：「工程」之「普通」"
                            SEED_TAIL "\n");
}

static void test_unknown_package(void **state) {
    Fixture *f = *state;
    const char *search[] = {"库组"};
    assert_non_null(load(f, "工程/无此包。着色器。豫", search, 1));
    assert_int_equal(f->diag.error_count, 1);
    assert_diag_contains(f, "工程/无此包。着色器。豫:1:1: error: 找不到包「幻影」\n");
    assert_diag_contains(f, "yusec: note: 已查找：当前目录「.」及其下一层子目录、搜索路径「库组」、"
                            "内建包「点染」（内建/点染）\n");
}

static void test_no_builtin_dir(void **state) {
    Fixture *f = *state;
    assert_non_null(load_with(f, "孤文件/单。着色器。豫", NULL, 0, NULL));
    assert_diag_contains(f, "error: 找不到包「点染」\n");
    /* …and which option a program linked with libyusec sets (issue 29 item 4). */
    assert_diag_contains(f, "；没有找到编译器自带的「点染」（用 libyusec 的程序：把 yusec_options.builtin_dir "
                            "设为装好的 share/yusec/库/点染——pkg-config --variable=builtindir yusec，"
                            "或 CMake 的 ${YUSEC_BUILTIN_DIR}）\n");
}

static void test_undeclared_dependency(void **state) {
    Fixture *f = *state;
    const char *search[] = {"库组"};
    assert_non_null(load(f, "工程/非法依赖。着色器。豫", search, 1));
    assert_int_equal(f->diag.error_count, 1);
    assert_diag_contains(f, "工程/非法依赖。着色器。豫:1:1: error: 包「工程」没有声明依赖「杂项」："
                            "请在 工程/包。清单 的「依赖」里加上「杂项」\n");
}

static void test_builtin_must_be_declared(void **state) {
    Fixture *f = *state;
    assert_non_null(load(f, "缺依赖/用点染。着色器。豫", NULL, 0));
    assert_int_equal(f->diag.error_count, 1);
    assert_diag_contains(f, "error: 包「缺依赖」没有声明依赖「点染」：请在 缺依赖/包。清单 的「依赖」里加上「点染」\n");
}

static void test_anonymous_package(void **state) {
    Fixture *f = *state;
    Program *p = load(f, "孤文件/单。着色器。豫", NULL, 0);
    assert_non_null(p);
    assert_no_errors(f);
    assert_null(p->main->package->name);
    assert_null(p->main->package->manifest_path);
    assert_string_equal(p->main->package->root, "孤文件");
    assert_int_equal(p->main->package->dependency_count, 1);
    assert_string_equal(p->main->package->dependencies[0], "点染");
    assert_string_equal(p->main->import_path, "孤文件/单。着色器。豫");
    assert_int_equal(p->module_count, 2);
}

static void test_search_path_parent_dir(void **state) {
    Fixture *f = *state;
    const char *search[] = {"库组"};
    Program *p = load(f, "孤文件/用库。着色器。豫", search, 1);
    assert_non_null(p);
    assert_no_errors(f);
    assert_string_equal(p->main->imports[1]->path, "库组/算阵/矩。着色器。豫");
}

static void test_search_path_package_dir(void **state) {
    Fixture *f = *state;
    const char *search[] = {"库组/算阵"};
    Program *p = load(f, "孤文件/用库。着色器。豫", search, 1);
    assert_non_null(p);
    assert_no_errors(f);
    assert_string_equal(p->main->imports[1]->path, "库组/算阵/矩。着色器。豫");
    /* Only the one package is looked at, not its siblings. */
    assert_int_equal(files_read_count_of(p, "库组/杂项/包。清单"), 0);
}

static void test_without_search_path(void **state) {
    Fixture *f = *state;
    assert_non_null(load(f, "孤文件/用库。着色器。豫", NULL, 0));
    assert_diag_contains(f, "孤文件/用库。着色器。豫:2:1: error: 找不到包「算阵」\n");
}

static void test_current_directory_packages(void **state) {
    Fixture *f = *state;
    assert_int_equal(chdir("库组"), 0);
    Program *p = load_with(f, "../孤文件/用库。着色器。豫", NULL, 0, "../内建/点染");
    assert_non_null(p);
    assert_no_errors(f);
    assert_string_equal(p->main->imports[1]->path, "算阵/矩。着色器。豫");
    assert_string_equal(p->main->imports[0]->path, "../内建/点染/点染本。着色器。接口。豫");
}

static void test_import_cycle(void **state) {
    Fixture *f = *state;
    Program *p = load(f, "工程/环/甲。着色器。豫", NULL, 0);
    assert_non_null(p);
    assert_int_equal(f->diag.error_count, 1);
    assert_diag_contains(f, "工程/环/丙。着色器。豫:1:1: error: 循环导入：「工程」之「环」之「丙」 在此导入 "
                            "「工程」之「环」之「甲」，而 「工程」之「环」之「甲」 正在导入链上\n");
    assert_diag_contains(f, "工程/环/甲。着色器。豫:1:1: note: 导入链：「工程」之「环」之「甲」 在此导入 "
                            "「工程」之「环」之「乙」\n");
    assert_diag_contains(f, "工程/环/乙。着色器。豫:2:1: note: 导入链：「工程」之「环」之「乙」 在此导入 "
                            "「工程」之「环」之「丙」\n");
    /* Every module is still loaded once, dependencies first, main last. */
    assert_int_equal(p->module_count, 4);
    assert_string_equal(p->modules[1]->path, "工程/环/丙。着色器。豫");
    assert_string_equal(p->modules[2]->path, "工程/环/乙。着色器。豫");
    assert_ptr_equal(p->modules[3], p->main);
    assert_int_equal(p->modules[1]->import_count, 0);
}

static void test_self_import(void **state) {
    Fixture *f = *state;
    assert_non_null(load(f, "工程/自引。着色器。豫", NULL, 0));
    assert_int_equal(f->diag.error_count, 1);
    assert_diag_contains(f, "工程/自引。着色器。豫:1:1: error: 循环导入：「工程」之「自引」 导入了自己\n");
}

static void test_interface_only_declarations(void **state) {
    Fixture *f = *state;
    Program *p = load(f, "工程/用坏接口。着色器。豫", NULL, 0);
    assert_non_null(p);
    assert_int_equal(f->diag.error_count, 1);
    assert_diag_contains(f, "工程/坏接口。着色器。接口。豫:2:1: error: 着色内建声明（名。着色器。接口。豫）"
                            "只能有「乃」签名、「即」类型定义与导入\n");
}

/* A one-name import is a module at the root of the importer's own package (着二): the
 * seed's message when there is none, the module when there is. */
static void test_one_name_import_seed_message(void **state) {
    Fixture *f = *state;
    assert_non_null(load(f, "工程/只写包。着色器。豫", NULL, 0));
    assert_int_equal(f->diag.error_count, 1);
    assert_string_equal(diag_text(f),
                        "工程/只写包。着色器。豫:1:1: error: 包内模块不存在：「点染」" SEED_TAIL "\n"
                        "寻观「点染」之书。\n"
                        "^~~~~~~~~~~~~~~~\n" MISSING_DEPENDENCY_WARNINGS);
}

static void test_one_name_import_finds_own_module(void **state) {
    Fixture *f = *state;
    Program *p = load(f, "工程/单名。着色器。豫", NULL, 0);
    assert_non_null(p);
    assert_no_errors(f);
    assert_int_equal(p->main->import_count, 1);
    assert_string_equal(p->main->imports[0]->path, "工程/甲。着色器。豫");
    assert_string_equal(p->main->imports[0]->import_path, "「甲」");
}

/* ---- What each file sees (着四): its own names and those of the files it imports itself ---- */

static CheckedProgram *load_and_check(Fixture *f, const char *path) {
    Program *p = load(f, path, NULL, 0);
    assert_non_null(p);
    assert_no_errors(f);
    CheckedProgram *checked = fe_check_program(&f->arena, p, &f->diag);
    if (checked) assert_no_errors(f);
    return checked;
}

/* 乙 imports 「点染」; 漏名 imports 乙 but not 「点染」: 乙's names are visible, 「点染」's not,
 * and the note gives the import line (once per file). */
static void test_builtins_do_not_leak_through_imports(void **state) {
    Fixture *f = *state;
    assert_null(load_and_check(f, "工程/漏名。着色器。豫"));
    assert_int_equal(f->diag.error_count, 1);
    assert_string_equal(diag_text(f),
                        MISSING_DEPENDENCY_WARNINGS
                        "工程/漏名。着色器。豫:2:5: error: 未定义的类型「浮三二」（在顶层定义「丁」中）\n"
                        "「丁」乃「浮三二」也。\n"
                        "        ^~~~~~~~~~\n"
                        "工程/漏名。着色器。豫:1:1: note: 「浮三二」在 「点染」之「点染本」 里，本文件没有导入它："
                        "请加上 寻观「点染」之「点染本」之书。\n"
                        "寻观「工程」之「工具」之「乙」之书。\n"
                        "^~\n");
}

/* 传递 imports 甲, which imports 乙: 甲 is visible, 乙 is not. */
static void test_imports_are_not_transitive(void **state) {
    Fixture *f = *state;
    assert_null(load_and_check(f, "工程/传递。着色器。豫"));
    assert_int_equal(f->diag.error_count, 1);
    assert_diag_contains(f, "工程/传递。着色器。豫:2:9: error: 未定义的名字「乙」（在顶层定义「戊」中）\n");
    assert_diag_contains(f, "note: 「乙」在 「工程」之「工具」之「乙」 里，本文件没有导入它："
                            "请加上 寻观「工程」之「工具」之「乙」之书。\n");
}

/* An imported file does not see its importer; no note (that import would be a cycle). */
static void test_imported_file_does_not_see_importer(void **state) {
    Fixture *f = *state;
    assert_null(load_and_check(f, "工程/反向。着色器。豫"));
    assert_int_equal(f->diag.error_count, 1);
    assert_diag_contains(f, "工程/工具/用上层。着色器。豫:1:7: error: 未定义的名字「上层名」");
    assert_null(strstr(diag_text(f), "note:"));
}

static void test_imported_names_are_visible(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = load_and_check(f, "工程/可见。着色器。豫");
    if (!p) fprintf(stderr, "unexpected diagnostics:\n%s", diag_text(f));
    assert_non_null(p);
}

/* ---- Same names in several shader modules (着八; test/modules/重名) ---- */

/* Loads and checks with the real 「点染」 (库/点染: the fixtures use its types and builtins). */
static CheckedProgram *load_and_check_real(Fixture *f, const char *path) {
    Program *p = load_with(f, path, NULL, 0, "../../库/点染");
    assert_non_null(p);
    assert_no_errors(f);
    CheckedProgram *checked = fe_check_program(&f->arena, p, &f->diag);
    assert_no_errors(f);
    return checked;
}

/* The definition of `name` in the module whose path is `path`. */
static const SemaDef *def_in(const CheckedProgram *p, const char *path, const char *name) {
    for (uint32_t i = 0; i < p->def_count; i++)
        if (strcmp(p->defs[i]->module->path, path) == 0 && strcmp(p->defs[i]->name, name) == 0)
            return p->defs[i];
    fprintf(stderr, "no definition 「%s」 in %s\n", name, path);
    return NULL;
}

/* 甲 and 乙 both define 「倍」, but no file imports both: no error (it was 「倍」重复定义), each
 * file's unqualified 「倍」 is the one it imports, and the output names tell them apart. */
static void test_same_name_in_modules_no_file_imports_both(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = load_and_check_real(f, "重名/单元/各用。着色器。豫");
    assert_non_null(p);
    const SemaDef *a = def_in(p, "重名/几何/甲。着色器。豫", "倍");
    const SemaDef *b = def_in(p, "重名/几何/乙。着色器。豫", "倍");
    assert_non_null(a);
    assert_non_null(b);
    assert_string_equal(a->output_name, "甲之倍");
    assert_string_equal(b->output_name, "乙之倍");
    /* A name only one module defines keeps its spelling. */
    assert_string_equal(def_in(p, "重名/几何/乙。着色器。豫", "单位")->output_name, "单位");
    const SemaExpr *four = def_in(p, "重名/单元/只用甲。着色器。豫", "四倍")->as.function.body;
    assert_int_equal(four->kind, SEXPR_CALL);
    assert_ptr_equal(four->as.call.function, a);
    const SemaExpr *nine = def_in(p, "重名/单元/只用乙。着色器。豫", "九倍")->as.function.body;
    assert_int_equal(nine->kind, SEXPR_CALL);
    assert_ptr_equal(nine->as.call.function, b);
}

/* The qualified forms pick one definition, in an expression and in a type; the file's own
 * 「系数」 needs no module. */
static void test_qualified_names_pick_a_definition(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = load_and_check_real(f, "重名/限定名。着色器。豫");
    assert_non_null(p);
    const SemaDef *sum = def_in(p, "重名/限定名。着色器。豫", "合");
    Type *param = fe_type_prune(fe_type_prune(sum->type)->as.func.params[0]);
    assert_int_equal(param->kind, TYPE_RECORD);
    assert_string_equal(param->as.record.name, "乙之点");
    assert_string_equal(def_in(p, "重名/限定名。着色器。豫", "系数")->output_name, "限定名之系数");
    assert_string_equal(def_in(p, "重名/几何/甲。着色器。豫", "入口")->output_name, "甲之入口");
}

/* Two imported modules named 「甲」: the longer paths pick one, and the output names carry
 * the whole path; 「甲」之「倍」 is ambiguous. */
static void test_qualifier_with_shared_module_name(void **state) {
    Fixture *f = *state;
    CheckedProgram *p = load_and_check_real(f, "重名/单元/同模块名。着色器。豫");
    assert_non_null(p);
    const SemaDef *geometry = def_in(p, "重名/几何/甲。着色器。豫", "倍");
    const SemaDef *misc = def_in(p, "重名/杂项/甲。着色器。豫", "倍");
    assert_string_equal(geometry->output_name, "重名之几何之甲之倍");
    assert_string_equal(misc->output_name, "重名之杂项之甲之倍");
    const SemaExpr *sum = def_in(p, "重名/单元/同模块名。着色器。豫", "和")->as.function.body;
    assert_int_equal(sum->kind, SEXPR_BINARY);
    assert_ptr_equal(sum->as.binary.left->as.call.function, geometry);
    assert_ptr_equal(sum->as.binary.right->as.call.function, misc);
}

static void test_ambiguous_qualifier(void **state) {
    Fixture *f = *state;
    Program *program = load_with(f, "重名/单元/同模块名含糊。着色器。豫", NULL, 0, "../../库/点染");
    assert_non_null(program);
    assert_no_errors(f);
    assert_null(fe_check_program(&f->arena, program, &f->diag));
    assert_int_equal(f->diag.error_count, 1);
    assert_diag_contains(f, "重名/单元/同模块名含糊。着色器。豫:7:14: error: 「甲」之「倍」有歧义："
                            "「重名」之「几何」之「甲」 与 「重名」之「杂项」之「甲」 都是本文件导入的「甲」；"
                            "请写出更长的路径（在顶层定义「含糊」中）\n");
}

static void test_missing_main_file(void **state) {
    Fixture *f = *state;
    assert_null(load(f, "工程/没有。着色器。豫", NULL, 0));
    assert_diag_contains(f, "工程/没有。着色器。豫: error: 无法打开文件");
}

/* ---- fe_find_builtin_dir ---- */

static void write_file(const char *path) {
    FILE *out = fopen(path, "w");
    assert_non_null(out);
    fclose(out);
}

static void test_find_builtin_dir(void **state) {
    Fixture *f = *state;
    char root[] = "/tmp/yusec_module_test_XXXXXX";
    assert_non_null(mkdtemp(root));
    char path[512], exe[512];
    /* Build tree: <exe dir>/库/点染. */
    snprintf(path, sizeof path, "%s/bin", root); mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/bin/库", root); mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/bin/库/点染", root); mkdir(path, 0700);
    snprintf(exe, sizeof exe, "%s/bin/yusec", root);
    assert_null(fe_find_builtin_dir(&f->arena, exe));
    snprintf(path, sizeof path, "%s/bin/库/点染/点染本。着色器。接口。豫", root);
    write_file(path);
    snprintf(path, sizeof path, "%s/bin/库/点染", root);
    assert_string_equal(fe_find_builtin_dir(&f->arena, exe), path);
    /* Install tree: <exe dir>/../share/yusec/库/点染. */
    const char *dirs[] = {"share", "share/yusec", "share/yusec/库", "share/yusec/库/点染", "bin2"};
    for (size_t i = 0; i < 5; i++) {
        snprintf(path, sizeof path, "%s/%s", root, dirs[i]);
        mkdir(path, 0700);
    }
    snprintf(path, sizeof path, "%s/share/yusec/库/点染/点染本。着色器。接口。豫", root);
    write_file(path);
    snprintf(exe, sizeof exe, "%s/bin2/yusec", root);
    snprintf(path, sizeof path, "%s/bin2/../share/yusec/库/点染", root);
    assert_string_equal(fe_find_builtin_dir(&f->arena, exe), path);
    assert_null(fe_find_builtin_dir(&f->arena, NULL));
    /* Clean up what this test made. */
    const char *files[] = {"bin/库/点染/点染本。着色器。接口。豫", "share/yusec/库/点染/点染本。着色器。接口。豫"};
    for (size_t i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", root, files[i]);
        unlink(path);
    }
    const char *made[] = {"bin/库/点染", "bin/库", "bin", "share/yusec/库/点染", "share/yusec/库",
                          "share/yusec", "share", "bin2"};
    for (size_t i = 0; i < 8; i++) {
        snprintf(path, sizeof path, "%s/%s", root, made[i]);
        rmdir(path);
    }
    rmdir(root);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_manifest_good, setup, teardown),
        cmocka_unit_test_setup_teardown(test_manifest_lone_cr_ends_a_line, setup, teardown),
        cmocka_unit_test_setup_teardown(test_manifest_minimal, setup, teardown),
        cmocka_unit_test_setup_teardown(test_manifest_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_manifest_duplicate_notes_first, setup, teardown),
        cmocka_unit_test_setup_teardown(test_dependency_order, setup, teardown),
        cmocka_unit_test_setup_teardown(test_same_name_in_modules_no_file_imports_both, setup, teardown),
        cmocka_unit_test_setup_teardown(test_qualified_names_pick_a_definition, setup, teardown),
        cmocka_unit_test_setup_teardown(test_qualifier_with_shared_module_name, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ambiguous_qualifier, setup, teardown),
        cmocka_unit_test_setup_teardown(test_same_module_twice, setup, teardown),
        cmocka_unit_test_setup_teardown(test_source_before_interface, setup, teardown),
        cmocka_unit_test_setup_teardown(test_missing_module_seed_message, setup, teardown),
        cmocka_unit_test_setup_teardown(test_plain_module_not_importable, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unknown_package, setup, teardown),
        cmocka_unit_test_setup_teardown(test_no_builtin_dir, setup, teardown),
        cmocka_unit_test_setup_teardown(test_undeclared_dependency, setup, teardown),
        cmocka_unit_test_setup_teardown(test_builtin_must_be_declared, setup, teardown),
        cmocka_unit_test_setup_teardown(test_anonymous_package, setup, teardown),
        cmocka_unit_test_setup_teardown(test_search_path_parent_dir, setup, teardown),
        cmocka_unit_test_setup_teardown(test_search_path_package_dir, setup, teardown),
        cmocka_unit_test_setup_teardown(test_without_search_path, setup, teardown),
        cmocka_unit_test_setup_teardown(test_current_directory_packages, setup, teardown),
        cmocka_unit_test_setup_teardown(test_import_cycle, setup, teardown),
        cmocka_unit_test_setup_teardown(test_self_import, setup, teardown),
        cmocka_unit_test_setup_teardown(test_interface_only_declarations, setup, teardown),
        cmocka_unit_test_setup_teardown(test_one_name_import_seed_message, setup, teardown),
        cmocka_unit_test_setup_teardown(test_one_name_import_finds_own_module, setup, teardown),
        cmocka_unit_test_setup_teardown(test_builtins_do_not_leak_through_imports, setup, teardown),
        cmocka_unit_test_setup_teardown(test_imports_are_not_transitive, setup, teardown),
        cmocka_unit_test_setup_teardown(test_imported_file_does_not_see_importer, setup, teardown),
        cmocka_unit_test_setup_teardown(test_imported_names_are_visible, setup, teardown),
        cmocka_unit_test_setup_teardown(test_missing_main_file, setup, teardown),
        cmocka_unit_test_setup_teardown(test_find_builtin_dir, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
