/* Shared between the runtime's own files (not part of the API). */
#ifndef YUSEC_RUNTIME_INTERNAL_H
#define YUSEC_RUNTIME_INTERNAL_H

#include "cuda_api.h"
#include "runtime.h"

struct RtCuda {
    RtLoader loader;
    void *handle;         /* the dlopen'ed driver */
    RtCudaApi api;
    CUdevice device;
    CUcontext context;
    char description[256];
};

#endif
