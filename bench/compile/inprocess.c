/* In-process compile time (issue 16.6): the front end, checking, lowering, passes and the
 * WGSL target of one source through libyusec's API, repeated in one process, so that start-up
 * (exec, dynamic loading) is not counted. Prints the median and the minimum of the
 * repetitions in milliseconds of process CPU time (every thread: yusec_compile runs on a deep
 * stack of its own), and writes the WGSL of the last one (the text Tint is timed on,
 * bench/compile/tint_time.mjs, with Node's process CPU time too). CPU time, because on the
 * shared machine a compile's wall time is mostly waiting for a core.
 *
 *     yusec_compile_bench FILE [REPETITIONS [WGSL_OUT [BUILTIN_DIR]]]
 *
 * Runs on a deep stack like the driver (base/deep_stack.h). Exit 1 when the source does not
 * compile to WGSL, 2 on a usage or file error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/deep_stack.h"
#include "yusec/yusec.h"

typedef struct Bench {
    const char *path;
    const char *wgsl_out;
    const char *builtin_dir;
    int repetitions;
    const char *text;
    size_t len;
    double *times_ms;
    int status;
} Bench;

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static char *read_text(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, used = 0;
    char *text = malloc(cap + 1);
    for (size_t got; text && (got = fread(text + used, 1, cap - used, f)) > 0;) {
        used += got;
        if (used == cap) {
            char *bigger = realloc(text, 2 * cap + 1);
            if (!bigger) free(text);
            text = bigger;
            cap *= 2;
        }
    }
    bool ok = text && !ferror(f);
    fclose(f);
    if (!ok) {
        free(text);
        return NULL;
    }
    text[used] = '\0';
    *len = used;
    return text;
}

static bool write_text(const char *path, const char *text, size_t len) {
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    bool ok = fwrite(text, 1, len, f) == len;
    return fclose(f) == 0 && ok;
}

/* One compile to WGSL, timed; the text is written out when asked. */
static bool compile_once(Bench *b, yusec_context *context, int round) {
    yusec_input input = {b->path, b->text, b->len};
    double start = now_ms();
    yusec_result *result = yusec_compile(context, &input, YUSEC_WANT_WGSL);
    b->times_ms[round] = now_ms() - start;
    bool ok = result && yusec_result_status(result) == YUSEC_OK;
    if (!ok && result) fputs(yusec_result_render_diagnostics(result, NULL), stderr);
    if (ok && b->wgsl_out && round == b->repetitions - 1) {
        size_t len = 0;
        const char *wgsl = yusec_result_text(result, YUSEC_TARGET_WGSL, &len);
        if (!write_text(b->wgsl_out, wgsl, len)) {
            fprintf(stderr, "yusec_compile_bench: cannot write %s\n", b->wgsl_out);
            ok = false;
        }
    }
    yusec_result_free(result);
    return ok;
}

static void run_bench(void *data) {
    Bench *b = data;
    yusec_options options;
    yusec_options_init(&options);
    options.builtin_dir = b->builtin_dir;
    yusec_context *context = yusec_context_new(&options);
    if (!context) {
        b->status = 2;
        return;
    }
    b->status = 0;
    for (int i = 0; i < b->repetitions && b->status == 0; i++)
        if (!compile_once(b, context, i)) b->status = 1;
    yusec_context_free(context);
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 5) {
        fputs("usage: yusec_compile_bench FILE [REPETITIONS [WGSL_OUT [BUILTIN_DIR]]]\n", stderr);
        return 2;
    }
    Bench b = {argv[1], argc > 3 ? argv[3] : NULL, argc > 4 ? argv[4] : NULL,
               argc > 2 ? atoi(argv[2]) : 20, NULL, 0, NULL, 2};
    if (b.repetitions < 1) b.repetitions = 1;
    char *text = read_text(b.path, &b.len);
    if (!text) {
        fprintf(stderr, "yusec_compile_bench: cannot read %s\n", b.path);
        return 2;
    }
    b.text = text;
    b.times_ms = calloc((size_t)b.repetitions, sizeof *b.times_ms);
    if (!b.times_ms || !deep_stack_run(DEEP_STACK_BYTES, run_bench, &b)) b.status = 2;
    if (b.status == 0) {
        qsort(b.times_ms, (size_t)b.repetitions, sizeof *b.times_ms, compare_doubles);
        printf("median_ms %.4f min_ms %.4f repetitions %d\n", b.times_ms[b.repetitions / 2], b.times_ms[0],
               b.repetitions);
    }
    free(b.times_ms);
    free(text);
    return b.status;
}
