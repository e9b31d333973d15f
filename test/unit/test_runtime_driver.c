/* `yusec run` end to end up to the GPU: driver_run (driver/run.c) with a compile hook that
 * reads test/ptx/NAME.yir and its PTX golden, so neither the front end nor LLVM is needed.
 * Checks the dry-run plan, buffer errors, a stale --ptx, -o, and the no-GPU exit 2 (the
 * driver library path is pointed at a file that does not exist). */
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "base/diag.h"
#include "base/source.h"
#include "driver/run.h"
#include "runtime/runtime.h"

/* Reads options->input (a .yir) and, when asked, the .ptx golden beside it. */
static int yir_compile(const Options *options, const char *argv0, RunCompiled *out) {
    (void)argv0;
    Arena arena;
    arena_init(&arena);
    SourceMap sources;
    source_map_init(&sources, &arena);
    DiagEngine diag;
    diag_init(&diag, &sources, stderr);
    const char *why = NULL;
    int status = 0;
    const SourceFile *file = source_load(&sources, options->input, &why);
    out->module = file ? ir_read(&diag, file) : NULL;
    if (!out->module || !ir_verify(out->module, &diag)) status = 1;
    if (status == 0 && out->want_ptx) {
        char path[1024];
        snprintf(path, sizeof path, "%.*s.ptx", (int)(strlen(options->input) - 4), options->input);
        const SourceFile *ptx = source_load(&sources, path, &why);
        if (ptx) strbuf_append(&out->ptx, ptx->text, ptx->len);
        else status = 2;
    }
    diag_free(&diag);
    if (!out->module) {
        arena_free(&arena);
        return status;
    }
    /* as driver/main.c hands it over: the sources and the typed entry table in run's arena */
    out->arena = arena;
    out->sources = sources;
    out->sources.arena = &out->arena;
    lib_entries_init(&out->entries, &out->arena);
    lib_entries_build(&out->entries, out->module);
    out->has_sources = true;
    return status;
}

typedef struct Captured {
    int status;
    char out[8192], err[8192];
} Captured;

static void slurp(int fd, char *into, size_t size) {
    lseek(fd, 0, SEEK_SET);
    ssize_t n = read(fd, into, size - 1);
    into[n > 0 ? n : 0] = '\0';
}

/* Runs `yusec run ARGS…` in-process with stdout and stderr captured. */
static void run(Captured *c, const char *const *args) {
    char *argv[32] = {"yusec", "run"};
    int argc = 2;
    while (*args && argc < 31) argv[argc++] = (char *)*args++;
    argv[argc] = NULL;
    char out_path[] = "/tmp/yusec_rt_out_XXXXXX", err_path[] = "/tmp/yusec_rt_err_XXXXXX";
    int out_fd = mkstemp(out_path), err_fd = mkstemp(err_path);
    fflush(stdout);
    fflush(stderr);
    int saved_out = dup(1), saved_err = dup(2);
    dup2(out_fd, 1);
    dup2(err_fd, 2);
    c->status = driver_run(argc, argv, yir_compile);
    fflush(stdout);
    fflush(stderr);
    dup2(saved_out, 1);
    dup2(saved_err, 2);
    close(saved_out);
    close(saved_err);
    slurp(out_fd, c->out, sizeof c->out);
    slurp(err_fd, c->err, sizeof c->err);
    close(out_fd);
    close(err_fd);
    unlink(out_path);
    unlink(err_path);
}

static void expect_in(const char *text, const char *phrase) {
    if (!strstr(text, phrase)) fail_msg("'%s' not in:\n%s", phrase, text);
}

#define YIR(name) YUSEC_TEST_PTX_DIR "/" name ".yir"

static int no_gpu_setup(void **state) {
    (void)state;
    setenv(RT_CUDA_LIBRARY_ENV, "/不存在/libcuda.so.1", 1);
    return 0;
}

static void test_dry_run_plan(void **state) {
    (void)state;
    Captured c;
    run(&c, (const char *const[]){YIR("向量与结构"), "--entry", "变入口", "--grid", "2",
                                  "--buffer", "0:0=f32:128*1.5", "--buffer", "0:1=f32:512*0",
                                  "--buffer", "0:3=f32:16*0", "--buffer", "0:4=u32:64*0",
                                  "--dry-run", NULL});
    assert_int_equal(c.status, 0);
    expect_in(c.out, "入口 变入口（函数 变，PTX 名 yy_e5_8f_98）\n块 64,1,1  网格 2,1,1\n");
    expect_in(c.out, "参数 0：0:0 源 storage_read f32[128]（512 字节）\n");
    expect_in(c.out, "参数 2：0:2 占位（入口没有用到，传 0）\n");
    expect_in(c.out, "参数 3：0:3 变换 uniform f32[16]（64 字节）\n");
    expect_in(c.out, "参数 4：0:4 粒子们 storage_read_write u32[64]");
}

/* 数组长度 (ir/abi.h): the last parameter carries each measured buffer's size in bytes, in
 * (group, binding) order; a kernel that measures nothing has no lengths buffer. */
static void test_lengths_buffer(void **state) {
    (void)state;
    Captured c;
    run(&c, (const char *const[]){YIR("数组长度"), "--entry", "长入口", "--buffer", "0:0=u32:3*0",
                                  "--buffer", "0:1=u32:1", "--buffer", "0:2=u32:10*0", "--dry-run", NULL});
    assert_int_equal(c.status, 0);
    expect_in(c.out, "参数 3：p_lengths 数组长度（字节） 0:0=12，0:2=40\n");
    run(&c, (const char *const[]){YIR("数组长度"), "--entry", "只表入口", "--buffer", "0:0=u32:3*0",
                                  "--buffer", "0:1=u32:1", "--buffer", "0:2=u32:6*0", "--dry-run", NULL});
    assert_int_equal(c.status, 0);
    expect_in(c.out, "参数 3：p_lengths 数组长度（字节） 0:2=24\n");
    run(&c, (const char *const[]){YIR("数组长度"), "--entry", "不量入口", "--buffer", "0:0=u32:3*0",
                                  "--buffer", "0:1=u32:1", "--dry-run", NULL});
    assert_int_equal(c.status, 0);
    assert_null(strstr(c.out, "p_lengths"));
}

static void test_buffer_errors(void **state) {
    (void)state;
    Captured c;
    run(&c, (const char *const[]){YIR("工作组归约"), "--buffer", "0:0=f32:128*1", "--buffer",
                                  "0:9=u32:1", NULL});
    assert_int_equal(c.status, 2);
    expect_in(c.err, "入口用到缓冲 0:1（部分和），却没有给出它的内容（--buffer 0:1=类型:值）");
    expect_in(c.err, "warning: 入口「归约入口」没有用到缓冲 0:9，忽略它");
    /* a vec4 array needs whole 16-byte elements; a mat4x4 uniform 64 bytes */
    run(&c, (const char *const[]){YIR("向量与结构"), "--buffer", "0:0=f32:6*1", "--buffer",
                                  "0:1=f32:4*0", "--buffer", "0:3=f32:4*0", "--buffer",
                                  "0:4=u32:8*0", "--out", "0:7=/tmp/x", NULL});
    assert_int_equal(c.status, 2);
    expect_in(c.err, "缓冲 0:0（源）有 24 字节，不是整数个元素（每个 16 字节）");
    expect_in(c.err, "缓冲 0:3（变换）只有 16 字节，它的类型至少要 64 字节");
    expect_in(c.err, "--out 0:7：入口没有用到这个缓冲，或没有给出它");
}

static void test_usage_errors(void **state) {
    (void)state;
    Captured c;
    run(&c, (const char *const[]){YIR("多阶段"), "--entry", "顶点入口", NULL});
    assert_int_equal(c.status, 2);
    expect_in(c.err, "入口「顶点入口」是顶点入口，只能运行计算入口");
    run(&c, (const char *const[]){YIR("加倍"), "--entry", "无此", NULL});
    assert_int_equal(c.status, 2);
    expect_in(c.err, "没有名为「无此」的入口；计算入口有：「加倍入口」");
    run(&c, (const char *const[]){YIR("加倍"), "-o", "x", NULL});
    assert_int_equal(c.status, 2);
    expect_in(c.err, "run 不用 -o");
    run(&c, (const char *const[]){YIR("加倍"), "--grid", NULL});
    assert_int_equal(c.status, 2);
    expect_in(c.err, "--grid 后面缺少参数");
    run(&c, (const char *const[]){"--help", NULL});
    assert_int_equal(c.status, 0);
    expect_in(c.out, "用法：yusec run 文件");
    run(&c, (const char *const[]){YIR("加倍"), "--frob", NULL});
    assert_int_equal(c.status, 2);
    expect_in(c.err, "未知选项 '--frob'");
}

static void test_stale_ptx(void **state) {
    (void)state;
    Captured c;
    run(&c, (const char *const[]){YIR("加倍"), "--ptx", YUSEC_TEST_PTX_DIR "/工作组归约.ptx",
                                  "--buffer", "0:0=u32:1,2", NULL});
    assert_int_equal(c.status, 1);
    expect_in(c.err, "PTX 里没有入口 yy_e5_8a_a0_e5_80_8d（「加倍入口」）");
    run(&c, (const char *const[]){YIR("加倍"), "--ptx", "/不存在.ptx", NULL});
    assert_int_equal(c.status, 2);
    expect_in(c.err, "无法打开文件 '/不存在.ptx'");
}

static void test_no_gpu_exits_2(void **state) {
    (void)state;
    Captured c;
    run(&c, (const char *const[]){YIR("加倍"), "--grid", "2", "--buffer", "0:0=u32:1,4,7,10,13,16,19,22", NULL});
    assert_int_equal(c.status, 2);
    expect_in(c.err, "yusec: error: 没有可用的 GPU，无法运行：无法加载 CUDA 驱动 /不存在/libcuda.so.1");
    assert_string_equal(c.out, "");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dry_run_plan),
        cmocka_unit_test(test_lengths_buffer),
        cmocka_unit_test(test_buffer_errors),
        cmocka_unit_test(test_usage_errors),
        cmocka_unit_test(test_stale_ptx),
        cmocka_unit_test(test_no_gpu_exits_2),
    };
    return cmocka_run_group_tests(tests, no_gpu_setup, NULL);
}
