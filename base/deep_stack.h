/* Running deep work on a large stack. The tree walks of the compiler recurse once per level
 * of true nesting (parentheses, nested 若, operator chains; docs/language.md §2.9 caps them
 * at 10,000), which needs more than the 8 MiB main-thread stack, above all under
 * AddressSanitizer. The stack is reserved address space: only the pages a walk touches
 * become memory. */
#ifndef YUSEC_BASE_DEEP_STACK_H
#define YUSEC_BASE_DEEP_STACK_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

/* Enough for the nesting limit in every stage, sanitizers included. */
#define DEEP_STACK_BYTES ((size_t)1 << 30)

/* Runs fn(arg) on a thread with a stack of `bytes` and waits for it; false (fn not run) when
 * no such thread can be made. */
bool deep_stack_run(size_t bytes, void (*fn)(void *arg), void *arg);

/* A deep-stack thread that stays for many calls (a library context's compiles), so that a
 * call costs a hand-over, not a thread made and joined (a 1 GiB stack mapped, a clone, an
 * unmap: ~30 µs). The thread is made by the first deep_worker_run and ended by
 * deep_worker_stop. One caller at a time: deep_worker_run is not reentrant and must not be
 * called from two threads at once on one worker. */
typedef struct DeepWorker {
    size_t bytes;
    bool started;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t work_ready, work_done;
    void (*fn)(void *arg);   /* the call waiting for the thread, or NULL */
    void *arg;
    bool busy;               /* fn handed over and not finished yet */
    bool quit;
} DeepWorker;

/* False when the mutex or the condition variables cannot be made (then nothing to stop). */
bool deep_worker_init(DeepWorker *worker, size_t bytes);
/* Runs fn(arg) on the worker's thread (made on the first call) and waits for it; false (fn not
 * run) when the thread cannot be made. */
bool deep_worker_run(DeepWorker *worker, void (*fn)(void *arg), void *arg);
/* Ends the thread (when one was made) and frees the worker's synchronisation objects. */
void deep_worker_stop(DeepWorker *worker);

#endif
