#include "version.h"

#include "base/strbuf.h"
#include "lib/pipeline.h"
#include "yusec_revision.h"   /* generated at build time (cmake/YusecRevision.cmake) */

#ifndef YUSEC_VERSION
#define YUSEC_VERSION "0.0.0"
#endif

void version_print(FILE *out) {
    fprintf(out, "yusec %s\n", YUSEC_VERSION);
    fprintf(out, "源码修订：%s\n", YUSEC_REVISION);
    unsigned llvm[3];
    StrBuf plugin;
    strbuf_init(&plugin);
    if (lib_ptx_llvm_version(llvm, &plugin))
        fprintf(out, "PTX 插件：LLVM %u.%u.%u（%s）\n", llvm[0], llvm[1], llvm[2], strbuf_cstr(&plugin));
    else
        fprintf(out, "PTX 插件：没有（找不到 libyusec-ptx.so；-emit-ptx 需要它）\n");
    strbuf_free(&plugin);
}
