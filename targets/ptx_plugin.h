/* The contract between yusec and its PTX plugin (libyusec-ptx.so). The plugin exports one
 * versioned symbol; the layout fingerprint catches a plugin built from other sources, since
 * the two sides pass IR, diagnostic and (for -lineinfo) source-map structs by pointer.
 * ABI 3: PtxOptions.line_info. ABI 4: PtxOptions.llvm_bitcode. ABI 5: no entry table (the
 * host names the entries, targets/registry.h). */
#ifndef YUSEC_TARGETS_PTX_PLUGIN_H
#define YUSEC_TARGETS_PTX_PLUGIN_H

#include "ptx.h"

#define PTX_PLUGIN_FILE "libyusec-ptx.so"
#define PTX_PLUGIN_SYMBOL "yusec_ptx_plugin_v1"
#define PTX_PLUGIN_ABI 5u
#define PTX_PLUGIN_LAYOUT                                                              \
    ((uint32_t)(sizeof(IrModule) * 1u + sizeof(IrFunction) * 3u + sizeof(IrInst) * 5u + \
                sizeof(IrType) * 7u + sizeof(DiagEngine) * 11u + sizeof(PtxOptions) * 13u + \
                sizeof(IrEntry) * 17u + sizeof(IrGlobal) * 19u + sizeof(PtxFailure) * 23u + \
                sizeof(SourceMap) * 29u + sizeof(SourceFile) * 31u))

typedef struct PtxPluginApi {
    uint32_t abi;     /* PTX_PLUGIN_ABI */
    uint32_t layout;  /* PTX_PLUGIN_LAYOUT as the plugin was compiled */
    bool (*emit)(const IrModule *module, const PtxOptions *options, StrBuf *out,
                 PtxFailure *failure, DiagEngine *diag);
} PtxPluginApi;

typedef const PtxPluginApi *(*PtxPluginEntry)(void);

/* A second exported symbol, outside the versioned table so that --version works with any
 * plugin: the running libLLVM's version (major, minor, patch). */
#define PTX_PLUGIN_LLVM_VERSION_SYMBOL "yusec_ptx_llvm_version"
typedef void (*PtxPluginLlvmVersion)(unsigned *major, unsigned *minor, unsigned *patch);

/* Where the loader looks when options->plugin_path is NULL, first hit wins:
 * $YUSEC_PTX_PLUGIN, the directory of the running executable, <exe>/../lib/yusec,
 * and YUSEC_PTX_PLUGIN_DIR (the install directory, a compile definition). Writes the tried
 * paths, one per line, to `tried` for the diagnostic's note. NULL when none loads. */
void *ptx_plugin_open(const PtxOptions *options, StrBuf *tried);

#endif
