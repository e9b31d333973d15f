#include "deep_stack.h"

#include <pthread.h>

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
