/* Our own table of the PTX targets we accept. LLVM aborts on some unknown cpu/feature
 * strings and silently writes a wrong .version for others, so nothing outside this table
 * reaches it. */
#include <stdint.h>
#include <string.h>

#include "ptx.h"

typedef struct PtxArch {
    const char *name;
    unsigned min_ptx;       /* the first PTX ISA version that knows it, times ten */
    uint64_t max_shared;    /* shared memory one block may have (static + dynamic) */
    const char *shared_why; /* where that figure comes from, for the limit's message */
} PtxArch;

/* Shared memory per block: the CUDA C Programming Guide's table of compute capabilities
 * (8.0: 163 KiB, 8.6 and 8.9: 99 KiB, 9.0: 227 KiB; beyond 48 KiB only as dynamic memory). */
static const PtxArch ptx_arches[] = {
    {"sm_80", 70, 166912, "sm_80 每块至多 163 KiB 共享内存"},
    {"sm_86", 71, 101376, "sm_86 每块至多 99 KiB 共享内存"},
    {"sm_89", 78, 101376, "sm_89 每块至多 99 KiB 共享内存"},
    {"sm_90", 78, 232448, "sm_90 每块至多 227 KiB 共享内存"},
    {"sm_90a", 80, 232448, "sm_90a 每块至多 227 KiB 共享内存"},
};

/* Newer targets that the PTX ISA knows but the LLVM 19 the plugin runs on cannot emit
 * (LLVM 19's NVPTX stops at sm_90a and PTX 8.5): named, so the message says why. */
typedef struct NewerArch {
    const char *name;
    const char *ptx_isa;   /* the first PTX ISA version that knows it */
} NewerArch;

static const NewerArch newer_arches[] = {
    {"sm_100", "8.6"}, {"sm_100a", "8.6"}, {"sm_101", "8.6"}, {"sm_101a", "8.6"},
    {"sm_120", "8.7"}, {"sm_120a", "8.7"}, {"sm_103", "8.8"}, {"sm_103a", "8.8"},
    {"sm_121", "8.8"}, {"sm_121a", "8.8"}, {"sm_110", "9.0"}, {"sm_110a", "9.0"},
};

typedef struct PtxVersion {
    const char *name;
    const char *feature;
    unsigned tenths;
} PtxVersion;

static const PtxVersion ptx_versions[] = {
    {"8.0", "+ptx80", 80}, {"8.1", "+ptx81", 81}, {"8.2", "+ptx82", 82},
    {"8.3", "+ptx83", 83}, {"8.4", "+ptx84", 84}, {"8.5", "+ptx85", 85},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

void ptx_options_init(PtxOptions *options) {
    memset(options, 0, sizeof *options);
    options->arch = PTX_DEFAULT_ARCH;
    options->ptx_version = "8.0";
    options->opt_level = 3;
    options->fma_contract = true;
}

static const PtxArch *find_arch(const char *name) {
    for (size_t i = 0; name && i < COUNT(ptx_arches); i++)
        if (strcmp(ptx_arches[i].name, name) == 0) return &ptx_arches[i];
    return NULL;
}

static const PtxVersion *find_version(const char *name) {
    for (size_t i = 0; name && i < COUNT(ptx_versions); i++)
        if (strcmp(ptx_versions[i].name, name) == 0) return &ptx_versions[i];
    return NULL;
}

static const char *arch_or_default(const PtxOptions *o) { return o->arch ? o->arch : PTX_DEFAULT_ARCH; }
static const char *version_or_default(const PtxOptions *o) {
    return o->ptx_version ? o->ptx_version : "8.0";
}

bool ptx_check_options(const PtxOptions *options, DiagEngine *diag) {
    const char *arch = arch_or_default(options), *version = version_or_default(options);
    const PtxArch *a = find_arch(arch);
    const PtxVersion *v = find_version(version);
    bool ok = true;
    const NewerArch *newer = NULL;
    for (size_t i = 0; !a && i < COUNT(newer_arches); i++)
        if (strcmp(newer_arches[i].name, arch) == 0) newer = &newer_arches[i];
    if (newer) {
        diag_error_path(diag, Y_PTX_ARCH, "-arch",
                        "千手架构「%s」要 PTX ISA %s 以上，而 PTX 插件所用的 LLVM 19 最多到 sm_90a 与 PTX 8.5"
                        "（可用 sm_80、sm_86、sm_89、sm_90、sm_90a；sm_90 的 PTX 也能由驱动在更新的 GPU 上即时编译）",
                        arch, newer->ptx_isa);
        ok = false;
    } else if (!a) {
        diag_error_path(diag, Y_PTX_ARCH, "-arch", "不支持的千手架构「%s」（可用 sm_80、sm_86、sm_89、sm_90、sm_90a）",
                        arch);
        ok = false;
    }
    if (!v) {
        diag_error_path(diag, Y_PTX_ARCH, "-ptx-version", "不支持的 PTX 版本「%s」（可用 8.0 至 8.5）", version);
        ok = false;
    }
    if (a && v && v->tenths < a->min_ptx) {
        diag_error_path(diag, Y_PTX_ARCH, "-ptx-version", "PTX %s 不认识架构 %s（至少要 PTX %u.%u）", version,
                        arch, a->min_ptx / 10, a->min_ptx % 10);
        ok = false;
    }
    if (options->opt_level < 0 || options->opt_level > 3) {
        diag_error_path(diag, Y_OPT_LEVEL, "-O", "优化级别须是 0 至 3，而不是 %d", options->opt_level);
        ok = false;
    }
    return ok;
}

const char *ptx_cpu_name(const PtxOptions *options) {
    const PtxArch *a = find_arch(arch_or_default(options));
    return a ? a->name : NULL;
}

const char *ptx_feature_string(const PtxOptions *options) {
    const PtxVersion *v = find_version(version_or_default(options));
    return v ? v->feature : NULL;
}

/* For the arch `module` is written for (ptx_arch_for_module: a Hopper module is sm_90a whatever
 * -arch says, and has sm_90a's 227 KiB); `module` NULL: the -arch's own limit. */
void ptx_shared_limit(const PtxOptions *options, const IrModule *module, uint64_t *bytes, const char **why) {
    const PtxArch *arch = find_arch(ptx_arch_for_module(module, arch_or_default(options)));
    if (!arch) arch = &ptx_arches[0];  /* unreachable after ptx_check_options */
    *bytes = arch->max_shared;
    *why = arch->shared_why;
}
