/* The context behind the public API's yusec_context (include/yusec/yusec.h), shared by the
 * compile (api.c) and the navigation index (index.c). */
#ifndef YUSEC_LIB_CONTEXT_H
#define YUSEC_LIB_CONTEXT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "../base/deep_stack.h"
#include "../include/yusec/yusec.h"

#include "pipeline.h"

struct yusec_context {
    Arena arena;                   /* the copied options, the builtin interface */
    LibConfig config;
    yusec_source_provider provider;
    SourceMap builtin_sources;     /* holds the builtin interface alone, as file 0 */
    const char *builtin_path;      /* the builtin interface, read once (NULL: none found) */
    const char *builtin_text;
    size_t builtin_len;
    size_t memory_limit;           /* yusec_options.memory_limit (lib/api.c's memory guard) */
    /* The deep-stack thread every compile and index build of this context runs on, made by
     * the first of them (docs/library.md "Stack"); worker_ready false: it could not be set
     * up, and each call makes a thread of its own. */
    DeepWorker worker;
    bool worker_ready;
    /* yusec_options.include_dirs held a NULL: every compile reports this (NULL: none) */
    const char *options_error;
    /* A compile or index build holds the context (one at a time: lib_context_acquire) */
    atomic_bool in_use;
};

/* The message of YUSEC_CONTEXT_BUSY. */
#define LIB_CONTEXT_BUSY_MESSAGE "此上下文正被另一个调用使用：一个上下文同一时刻只能由一个线程用，请每个线程各用一个上下文"

/* Takes the context for one compile or index build: false when another call holds it (the
 * caller then fails at once instead of waiting on the context's deep-stack thread). */
bool lib_context_acquire(yusec_context *ctx);
void lib_context_release(yusec_context *ctx);

/* What one compile reads: the input's text when given, the builtin interface read once, then
 * the provider (a SourceReader's `read` with a LibInputReader as its user). */
typedef struct LibInputReader {
    const yusec_context *ctx;
    const yusec_input *input;
} LibInputReader;

/* Runs fn(arg) on the context's deep-stack thread and waits; false (fn not run) when no such
 * thread can be made. */
bool lib_run_deep(yusec_context *ctx, void (*fn)(void *arg), void *arg);

bool lib_input_read(void *user, const char *path, const char **text, size_t *len);

#endif
