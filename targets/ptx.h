/* The PTX target's public API (着十). The translation itself lives in a plugin
 * (libyusec-ptx.so, linked against LLVM 19) that ptx_emit loads on demand, so the WGSL/MSL
 * paths never load libLLVM. Mangling and the capability table need no LLVM and live here. */
#ifndef YUSEC_TARGETS_PTX_H
#define YUSEC_TARGETS_PTX_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/diag.h"
#include "../base/source.h"
#include "../base/strbuf.h"
#include "../ir/ir.h"

/* -lineinfo / -g (docs/targets.md § Line information): what the plugin needs to turn the
 * module's spans into `.file`/`.loc` directives. `sources` NULL: no line information, and
 * the PTX is byte for byte what it is without the option. */
typedef struct PtxLineInfo {
    const SourceMap *sources;  /* the files Span.file indexes: text and line starts */
    const char *const *paths;  /* per file of `sources`: the path `.file` names (lib/: absolute,
                                  after -ffile-prefix-map); NULL: each SourceFile's path */
} PtxLineInfo;

/* The one place of the default -arch (ptx_options_init, the limits' row, the command line's
 * -v and CUDA tools through lib_default_arch). */
#define PTX_DEFAULT_ARCH "sm_80"

typedef struct PtxOptions {
    const char *arch;         /* -arch=: PTX_DEFAULT_ARCH, sm_86 sm_89 sm_90 sm_90a */
    const char *ptx_version;  /* -ptx-version=: 8.0 (default) … 8.5 */
    int opt_level;            /* -O0 … -O3 (default 3) */
    bool fma_contract;        /* allow a*b+c → fma (nvcc --fmad=true); default on */
    const char *plugin_path;  /* the plugin file to load; NULL = search (see ptx_plugin.c) */
    bool llvm_ir;             /* -emit-llvm: write the LLVM IR handed to the NVPTX back end
                                 (after the default<On> pipeline) instead of PTX */
    bool llvm_bitcode;        /* with llvm_ir: that module as LLVM bitcode (-emit-llvm -o x.bc) */
    PtxLineInfo line_info;    /* -lineinfo, -g: .file/.loc to the 豫言 source */
} PtxOptions;

void ptx_options_init(PtxOptions *options);

/* Why a translation failed, in printable ASCII: the generated module's 「并线汇编源」 is then
 * a comment line, and PTX text holds no non-ASCII byte (着二, 着十). The diagnostic itself is
 * Chinese; this is its ASCII counterpart, for the first error only. */
#define PTX_FAILURE_REASON_MAX 256u
typedef struct PtxFailure {
    bool set;
    bool located;                         /* span is the error's place in the source */
    Span span;
    char reason[PTX_FAILURE_REASON_MAX];  /* e.g. "array_length is not supported (...)" */
} PtxFailure;

/* Records the reason unless one is recorded already (the first error wins); bytes outside
 * printable ASCII become '?'. `failure` may be NULL. */
void ptx_failure_set(PtxFailure *failure, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same with the error's place. */
void ptx_failure_set_at(PtxFailure *failure, Span span, const char *reason);

/* ptx_emit (targets/registry.h) translates every entry of a module (verified YIR) to PTX text
 * (vertex/fragment entries become a comment line), with the entries' names and kernel names.
 * It reports problems through its DiagEngine (including a missing plugin) and returns false
 * then, with the first problem's ASCII reason in the output's failure. */

/* The version of the LLVM the PTX plugin runs on (LLVMGetVersion inside the plugin) and the
 * plugin file loaded; false (nothing written) when no plugin loads. */
bool ptx_plugin_llvm_version(unsigned version[3], StrBuf *plugin_path);

/* True when arch and PTX version are in our table and fit together; otherwise reports an
 * ordinary diagnostic. Checked before LLVM sees them (LLVM aborts or mis-writes .version). */
bool ptx_check_options(const PtxOptions *options, DiagEngine *diag);
/* The LLVM cpu and feature strings for checked options ("sm_80", "+ptx80"). */
const char *ptx_cpu_name(const PtxOptions *options);
const char *ptx_feature_string(const PtxOptions *options);
/* The shared memory one block may have on the checked arch, and the source of the figure
 * (workgroup memory above 48 KiB goes to dynamic shared memory, ir/abi.h). */
void ptx_shared_limit(const PtxOptions *options, const IrModule *module, uint64_t *bytes, const char **why);

/* 着十's deterministic ASCII mangling: ASCII letters and digits kept, every other UTF-8 byte
 * (`_` included) as `_hh`, after `prefix` ("yy" entries, "ys" workgroup variables). */
void ptx_mangle(StrBuf *out, const char *prefix, const char *name);

/* An entry's PTX name: its function's WGSL name (names_legalise) mangled with prefix "yy".
 * It does not depend on the translation, so the generated module has it even when PTX fails
 * (着二), and the runtime finds the kernel by it. */
void ptx_entry_name(StrBuf *out, Arena *arena, const IrModule *module, const IrEntry *entry);

/* A source path as the PTX `.file` directive holds it: ptxas rejects any byte outside ASCII,
 * and takes neither the octal escapes LLVM would write for them nor any escape at all (it
 * keeps `\345` as four characters and splits the path at the backslash). So every byte outside
 * printable ASCII, and `%`, `"` and `\`, becomes `%HH` (upper-case hex of the UTF-8 byte, as
 * in a URI): 加倍。着色器。豫 → %E5%8A%A0%E5%80%8D… (docs/targets.md § Line information). */
void ptx_encode_path(StrBuf *out, const char *path);

/* The arch a module's PTX is written for (targets/ptx_arch.c, docs/targets.md § Warpgroup MMA):
 * PTX_WARPGROUP_ARCH when it uses warpgroup MMA (着十三's tensor tiles), else `requested` (the
 * -arch asked for). The PTX's .target, ptxas's -arch and the manifest's "ptx_target" follow it. */
#define PTX_WARPGROUP_ARCH "sm_90a"
bool ptx_module_needs_sm90a(const IrModule *module);
const char *ptx_arch_for_module(const IrModule *module, const char *requested);

#define PTX_ENTRY_PREFIX "yy"
#define PTX_SHARED_PREFIX "ys"

#endif
