/* Two contexts in two threads at once (include/yusec/yusec.h: no global mutable state), built
 * with -fsanitize=thread together with every library source (test/CMakeLists.txt), so
 * ThreadSanitizer sees each access: both threads compile the seed and a faulty source to WGSL
 * and MSL several times and check their results against one compiled before the threads. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "yusec/yusec.h"

static const char SEED[] =
    "寻观「点染」之「点染本」之书。\n"
    "「数据」乃「存储缓冲」于（「数组」于「无三二」）也。\n"
    "「数据」者「绑定」于（「组值」【「组」者「零」也，「号」者「零」也，「访问」者「读写」也】）也。\n"
    "「加倍」乃化「全局调用号」为「有」者也。\n"
    "「加倍」者得「号」而\n"
    "　令「序」为「号」中「零」而\n"
    "　「写数组」于「数据」于「序」于（（「读数组」于「数据」于「序」）乘（「新无三二」于「二」））\n"
    "也。\n"
    "「加倍入口」乃「计算入口」也。\n"
    "「加倍入口」者「计算入口项」于「加倍」于（「组值」【「工作组大小」者「四」也】）也。\n";

static const char BAD[] = "寻观「点染」之「点染本」之书。\n「甲」乃「无三二」也。\n「甲」者「乙」也。\n";

enum { ROUNDS = 4 };

typedef struct Job {
    const char *expected_wgsl;
    const char *expected_error;
    int failures;
} Job;

static yusec_context *new_context(void) {
    yusec_options options;
    yusec_options_init(&options);
    options.builtin_dir = YUSEC_TEST_SOURCE_DIR "/库/点染";
    return yusec_context_new(&options);
}

static void *compile_rounds(void *arg) {
    Job *job = arg;
    yusec_context *ctx = new_context();
    for (int i = 0; i < ROUNDS && ctx; i++) {
        yusec_input seed = {"加倍。着色器。豫", SEED, sizeof SEED - 1};
        yusec_result *r = yusec_compile(ctx, &seed, YUSEC_WANT_WGSL | YUSEC_WANT_MSL);
        const char *wgsl = yusec_result_text(r, YUSEC_TARGET_WGSL, NULL);
        if (!wgsl || strcmp(wgsl, job->expected_wgsl) != 0 || !yusec_result_ok(r, YUSEC_TARGET_MSL))
            job->failures++;
        yusec_result_free(r);
        yusec_input bad = {"坏。着色器。豫", BAD, sizeof BAD - 1};
        r = yusec_compile(ctx, &bad, YUSEC_WANT_WGSL);
        if (strcmp(yusec_result_render_diagnostics(r, NULL), job->expected_error) != 0) job->failures++;
        yusec_result_free(r);
    }
    if (!ctx) job->failures++;
    yusec_context_free(ctx);
    return NULL;
}

int main(void) {
    yusec_context *ctx = new_context();
    yusec_input seed = {"加倍。着色器。豫", SEED, sizeof SEED - 1};
    yusec_input bad = {"坏。着色器。豫", BAD, sizeof BAD - 1};
    yusec_result *good = yusec_compile(ctx, &seed, YUSEC_WANT_WGSL);
    yusec_result *error = yusec_compile(ctx, &bad, YUSEC_WANT_WGSL);
    if (yusec_result_status(good) != YUSEC_OK || yusec_result_status(error) != YUSEC_ERRORS) {
        fprintf(stderr, "FAIL: the reference compiles\n%s", yusec_result_render_diagnostics(good, NULL));
        return 1;
    }
    Job jobs[2];
    pthread_t threads[2];
    for (int i = 0; i < 2; i++) {
        jobs[i] = (Job){yusec_result_text(good, YUSEC_TARGET_WGSL, NULL),
                        yusec_result_render_diagnostics(error, NULL), 0};
        if (pthread_create(&threads[i], NULL, compile_rounds, &jobs[i]) != 0) return 1;
    }
    int failures = 0;
    for (int i = 0; i < 2; i++) {
        pthread_join(threads[i], NULL);
        failures += jobs[i].failures;
    }
    yusec_result_free(good);
    yusec_result_free(error);
    yusec_context_free(ctx);
    if (failures) fprintf(stderr, "FAIL: %d results differ from the reference\n", failures);
    else printf("通过：两个线程各用一个上下文，共 %d 次编译，结果一致\n", 2 * ROUNDS * 2);
    return failures ? 1 : 0;
}
