#include "deep_stack.h"

typedef struct DeepCall {
    void (*fn)(void *arg);
    void *arg;
} DeepCall;

static void *deep_call(void *data) {
    DeepCall *call = data;
    call->fn(call->arg);
    return NULL;
}

bool deep_stack_run(size_t bytes, void (*fn)(void *arg), void *arg) {
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) return false;
    pthread_t thread;
    DeepCall call = {fn, arg};
    bool ok = pthread_attr_setstacksize(&attr, bytes) == 0 &&
              pthread_create(&thread, &attr, deep_call, &call) == 0;
    pthread_attr_destroy(&attr);
    if (ok) pthread_join(thread, NULL);
    return ok;
}

/* ---- the worker that stays ---- */

bool deep_worker_init(DeepWorker *worker, size_t bytes) {
    *worker = (DeepWorker){.bytes = bytes};
    if (pthread_mutex_init(&worker->lock, NULL) != 0) return false;
    if (pthread_cond_init(&worker->work_ready, NULL) != 0) {
        pthread_mutex_destroy(&worker->lock);
        return false;
    }
    if (pthread_cond_init(&worker->work_done, NULL) != 0) {
        pthread_cond_destroy(&worker->work_ready);
        pthread_mutex_destroy(&worker->lock);
        return false;
    }
    return true;
}

/* The worker's thread: waits for a call, runs it without the lock, reports it done. */
static void *worker_loop(void *data) {
    DeepWorker *worker = data;
    pthread_mutex_lock(&worker->lock);
    for (;;) {
        while (!worker->fn && !worker->quit) pthread_cond_wait(&worker->work_ready, &worker->lock);
        if (!worker->fn) break;  /* quit, nothing waiting */
        void (*fn)(void *arg) = worker->fn;
        void *arg = worker->arg;
        pthread_mutex_unlock(&worker->lock);
        fn(arg);
        pthread_mutex_lock(&worker->lock);
        worker->fn = NULL;
        worker->busy = false;
        pthread_cond_signal(&worker->work_done);
    }
    pthread_mutex_unlock(&worker->lock);
    return NULL;
}

static bool start_thread(DeepWorker *worker) {
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) return false;
    worker->started = pthread_attr_setstacksize(&attr, worker->bytes) == 0 &&
                      pthread_create(&worker->thread, &attr, worker_loop, worker) == 0;
    pthread_attr_destroy(&attr);
    return worker->started;
}

bool deep_worker_run(DeepWorker *worker, void (*fn)(void *arg), void *arg) {
    if (!worker->started && !start_thread(worker)) return false;
    pthread_mutex_lock(&worker->lock);
    worker->fn = fn;
    worker->arg = arg;
    worker->busy = true;
    pthread_cond_signal(&worker->work_ready);
    while (worker->busy) pthread_cond_wait(&worker->work_done, &worker->lock);
    pthread_mutex_unlock(&worker->lock);
    return true;
}

void deep_worker_stop(DeepWorker *worker) {
    if (worker->started) {
        pthread_mutex_lock(&worker->lock);
        worker->quit = true;
        pthread_cond_signal(&worker->work_ready);
        pthread_mutex_unlock(&worker->lock);
        pthread_join(worker->thread, NULL);
        worker->started = false;
    }
    pthread_cond_destroy(&worker->work_done);
    pthread_cond_destroy(&worker->work_ready);
    pthread_mutex_destroy(&worker->lock);
}
