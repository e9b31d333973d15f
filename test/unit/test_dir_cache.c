/* The package lookup's kept directory listings (frontend/dir_cache.h): a settled directory's
 * listing is kept and served again; an added entry, another directory under the same
 * spelling, or a directory that changed within the last second are read anew. */
#define _DEFAULT_SOURCE 1
#include <fcntl.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "frontend/dir_cache.h"

static void make_dir(const char *path) { assert_int_equal(mkdir(path, 0700), 0); }

/* Sets the directory's times an hour back, so that its listing may be kept. */
static void settle(const char *path) {
    struct timespec times[2];
    clock_gettime(CLOCK_REALTIME, &times[0]);
    times[0].tv_sec -= 3600;
    times[1] = times[0];
    assert_int_equal(utimensat(AT_FDCWD, path, times, 0), 0);
}

static bool lists(DirListing listing, const char *name) {
    for (uint32_t i = 0; i < listing.count; i++)
        if (strcmp(listing.names[i], name) == 0) return true;
    return false;
}

static void remove_tree(const char *root) {
    char command[4200];
    snprintf(command, sizeof command, "rm -rf '%s'", root);
    assert_int_equal(system(command), 0);
}

static void test_settled_listing_is_kept_until_it_changes(void **state) {
    (void)state;
    char root[] = "/tmp/yusec_dir_cache_XXXXXX", path[4096];
    assert_non_null(mkdtemp(root));
    snprintf(path, sizeof path, "%s/甲包", root);
    make_dir(path);
    snprintf(path, sizeof path, "%s/一。着色器。豫", root);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fclose(f);
    settle(root);
    DirCache *cache = fe_dir_cache_new();
    Arena arena;
    arena_init(&arena);
    DirListing first = fe_dir_list(cache, &arena, root);
    assert_true(lists(first, "甲包"));
    /* a plain file is never a package root */
    assert_false(lists(first, "一。着色器。豫"));
    DirListing again = fe_dir_list(cache, &arena, root);
    assert_ptr_equal(again.names, first.names);  /* served from the cache */
    /* an added subdirectory changes the directory's times: read anew */
    snprintf(path, sizeof path, "%s/乙包", root);
    make_dir(path);
    DirListing changed = fe_dir_list(cache, &arena, root);
    assert_ptr_not_equal(changed.names, first.names);
    assert_true(lists(changed, "甲包") && lists(changed, "乙包"));
    /* changed within the last second: not kept, read every time */
    DirListing fresh = fe_dir_list(cache, &arena, root);
    assert_ptr_not_equal(fresh.names, changed.names);
    assert_true(lists(fresh, "乙包"));
    fe_dir_cache_free(cache);
    arena_free(&arena);
    remove_tree(root);
}

/* One spelling, two directories (a chdir between compiles): each is its own. */
static void test_same_spelling_other_directory(void **state) {
    (void)state;
    char first_root[] = "/tmp/yusec_dir_cache_XXXXXX", second_root[] = "/tmp/yusec_dir_cache_XXXXXX";
    char path[4096], cwd[4096];
    assert_non_null(mkdtemp(first_root));
    assert_non_null(mkdtemp(second_root));
    snprintf(path, sizeof path, "%s/甲包", first_root);
    make_dir(path);
    snprintf(path, sizeof path, "%s/乙包", second_root);
    make_dir(path);
    settle(first_root);
    settle(second_root);
    assert_non_null(getcwd(cwd, sizeof cwd));
    DirCache *cache = fe_dir_cache_new();
    Arena arena;
    arena_init(&arena);
    /* each listing is looked at before the next call: the second replaces the kept "." */
    assert_int_equal(chdir(first_root), 0);
    DirListing in_first = fe_dir_list(cache, &arena, ".");
    assert_true(lists(in_first, "甲包") && !lists(in_first, "乙包"));
    assert_int_equal(chdir(second_root), 0);
    DirListing in_second = fe_dir_list(cache, &arena, ".");
    assert_true(lists(in_second, "乙包") && !lists(in_second, "甲包"));
    in_first = fe_dir_list(cache, &arena, ".");  /* still the second directory */
    assert_true(lists(in_first, "乙包") && !lists(in_first, "甲包"));
    assert_int_equal(chdir(cwd), 0);
    fe_dir_cache_free(cache);
    arena_free(&arena);
    remove_tree(first_root);
    remove_tree(second_root);
}

/* No cache, or a directory that cannot be read: a plain read, empty when it fails. */
static void test_without_cache_and_missing_directory(void **state) {
    (void)state;
    Arena arena;
    arena_init(&arena);
    DirCache *cache = fe_dir_cache_new();
    assert_int_equal(fe_dir_list(cache, &arena, "/nonexistent/yusec").count, 0);
    assert_int_equal(fe_dir_list(NULL, &arena, "/nonexistent/yusec").count, 0);
    assert_true(fe_dir_list(NULL, &arena, "/").count > 0);
    fe_dir_cache_free(cache);
    arena_free(&arena);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_settled_listing_is_kept_until_it_changes),
        cmocka_unit_test(test_same_spelling_other_directory),
        cmocka_unit_test(test_without_cache_and_missing_directory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
