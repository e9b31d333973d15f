/* Loads the PTX plugin on demand (dlopen), so only -emit-ptx pays for libLLVM. */
#define _GNU_SOURCE 1  /* dladdr: the directory of libyusec.so, when this code lives in it */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "limits.h"
#include "ptx_plugin.h"
#include "registry.h"

#ifndef YUSEC_PTX_PLUGIN_DIR
#define YUSEC_PTX_PLUGIN_DIR ""
#endif

static void *try_open(const char *path, StrBuf *tried) {
    strbuf_printf(tried, "%s\n", path);
    /* NODELETE: libLLVM keeps static state that must outlive our handle. LAZY: of the plugin's
     * 183 imported functions a compile calls about 55; binding each on its first call saves the
     * loader the other lookups (issue 16: 1.4 % of a small shader's -emit-ptx instructions). The
     * plugin is linked with --no-undefined, so no call can find a symbol missing. */
    return dlopen(path, RTLD_LAZY | RTLD_LOCAL | RTLD_NODELETE);
}

/* The directory of the running executable (no trailing slash) into `dir`; false if unknown. */
static bool exe_dir(StrBuf *dir) {
    char path[4096];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n <= 0) return false;
    path[n] = '\0';
    char *slash = strrchr(path, '/');
    if (!slash) return false;
    *slash = '\0';
    strbuf_puts(dir, path);
    return true;
}

/* The directory of the shared object holding this code (libyusec.so.0: its plugin is in
 * <libdir>/yusec); false when it is the executable itself or unknown. */
static bool object_dir(StrBuf *dir) {
    Dl_info info;
    if (!dladdr((void *)ptx_plugin_open, &info) || !info.dli_fname || !strchr(info.dli_fname, '/'))
        return false;
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0 && (size_t)n == strlen(info.dli_fname) && memcmp(exe, info.dli_fname, (size_t)n) == 0)
        return false;
    const char *slash = strrchr(info.dli_fname, '/');
    strbuf_append(dir, info.dli_fname, (size_t)(slash - info.dli_fname));
    return true;
}

static void *open_in(const char *dir, const char *sub, StrBuf *tried) {
    StrBuf path;
    strbuf_init(&path);
    strbuf_printf(&path, "%s%s/%s", dir, sub, PTX_PLUGIN_FILE);
    void *handle = try_open(strbuf_cstr(&path), tried);
    strbuf_free(&path);
    return handle;
}

void *ptx_plugin_open(const PtxOptions *options, StrBuf *tried) {
    if (options->plugin_path) return try_open(options->plugin_path, tried);
    const char *env = getenv("YUSEC_PTX_PLUGIN");
    if (env && *env) return try_open(env, tried);
    void *handle = NULL;
    StrBuf dir;
    strbuf_init(&dir);
    if (exe_dir(&dir)) {
        handle = open_in(strbuf_cstr(&dir), "", tried);
        if (!handle) handle = open_in(strbuf_cstr(&dir), "/../lib/yusec", tried);
    }
    strbuf_clear(&dir);
    if (!handle && object_dir(&dir)) handle = open_in(strbuf_cstr(&dir), "/yusec", tried);
    strbuf_free(&dir);
    static const char install_dir[] = YUSEC_PTX_PLUGIN_DIR;
    if (!handle && install_dir[0]) handle = open_in(install_dir, "", tried);
    return handle;
}

static void report_missing(DiagEngine *diag, const StrBuf *tried) {
    diag_error_path(diag, Y_PTX_UNAVAILABLE, "yusec", "此 yusec 构建没有 PTX 目标（缺少 %s；需要 LLVM 19）",
                    PTX_PLUGIN_FILE);
    /* one note per path tried: a note's message is one line (line breaks would be spelled
     * <U+000A>) */
    for (const char *path = tried->data; path && *path;) {
        size_t len = strcspn(path, "\n");
        diag_note(diag, (Span){UINT32_MAX, 0, 0}, "找过 %.*s", (int)len, path);
        path += len + (path[len] == '\n');
    }
    diag_note(diag, (Span){UINT32_MAX, 0, 0},
              "用 libyusec 的程序：把 yusec_options.ptx_plugin 设为装好的 %s 的路径——pkg-config "
              "--variable=ptxplugin yusec，或 CMake 的 ${YUSEC_PTX_PLUGIN}；或设环境变量 YUSEC_PTX_PLUGIN",
              PTX_PLUGIN_FILE);
}

/* The plugin's table, or NULL after a diagnostic (absent, wrong symbol, stale build). */
static const PtxPluginApi *plugin_api(void *handle, DiagEngine *diag) {
    void *sym = dlsym(handle, PTX_PLUGIN_SYMBOL);
    if (!sym) {
        diag_error_path(diag, Y_PTX_UNAVAILABLE, PTX_PLUGIN_FILE, "插件里没有入口 %s（版本不符？）", PTX_PLUGIN_SYMBOL);
        return NULL;
    }
    PtxPluginEntry entry;
    memcpy(&entry, &sym, sizeof entry);  /* object pointer → function pointer, as POSIX allows */
    const PtxPluginApi *api = entry();
    if (!api || api->abi != PTX_PLUGIN_ABI || api->layout != PTX_PLUGIN_LAYOUT || !api->emit) {
        diag_error_path(diag, Y_PTX_UNAVAILABLE, PTX_PLUGIN_FILE, "PTX 插件与此 yusec 不是同一次构建（请重新构建）");
        return NULL;
    }
    return api;
}

/* The translation through the plugin; the text appended to `out` on success. */
static bool translate(const IrModule *module, const PtxOptions *options, StrBuf *out,
                      PtxFailure *failure, DiagEngine *diag) {
    if (!ptx_check_options(options, diag)) {
        ptx_failure_set(failure, "PTX options rejected (-arch=%s -ptx-version=%s -O%d)",
                        options->arch ? options->arch : "?",
                        options->ptx_version ? options->ptx_version : "?", options->opt_level);
        return false;
    }
    TargetLimits limits = TARGET_LIMITS_PTX;
    ptx_shared_limit(options, module, &limits.workgroup_storage_bytes, &limits.source);
    if (!target_check_limits(module, &limits, diag)) {
        ptx_failure_set(failure, "a limit of the PTX target is exceeded (workgroup size, workgroup "
                                 "memory, bindings or buffers per entry; see targets/limits.c)");
        return false;
    }
    StrBuf tried;
    strbuf_init(&tried);
    void *handle = ptx_plugin_open(options, &tried);
    bool ok = false;
    if (!handle) {
        report_missing(diag, &tried);
        ptx_failure_set(failure, "this yusec has no PTX target (%s not found; it needs LLVM 19)",
                        PTX_PLUGIN_FILE);
    } else {
        const PtxPluginApi *api = plugin_api(handle, diag);
        if (api) ok = api->emit(module, options, out, failure, diag);
        else ptx_failure_set(failure, "%s is not the PTX plugin of this yusec build", PTX_PLUGIN_FILE);
        dlclose(handle);
    }
    strbuf_free(&tried);
    return ok;
}

bool ptx_emit(const IrModule *module, const TargetEmitOptions *options, TargetOutput *output,
              DiagEngine *diag) {
    PtxOptions defaults;
    ptx_options_init(&defaults);
    const PtxOptions *ptx = options && options->ptx ? options->ptx : &defaults;
    if (!translate(module, ptx, output->text, &output->failure, diag)) return false;
    target_name_entries(output, module, NULL, true);
    return true;
}

/* The path that loaded: the last line of the tried list. */
static void last_tried(const StrBuf *tried, StrBuf *path) {
    const char *text = tried->data ? tried->data : "";
    size_t len = tried->len;
    if (len && text[len - 1] == '\n') len--;
    size_t start = len;
    while (start > 0 && text[start - 1] != '\n') start--;
    strbuf_append(path, text + start, len - start);
}

bool ptx_plugin_llvm_version(unsigned version[3], StrBuf *plugin_path) {
    PtxOptions options;
    ptx_options_init(&options);
    StrBuf tried;
    strbuf_init(&tried);
    void *handle = ptx_plugin_open(&options, &tried);
    void *sym = handle ? dlsym(handle, PTX_PLUGIN_LLVM_VERSION_SYMBOL) : NULL;
    if (sym) {
        PtxPluginLlvmVersion get;
        memcpy(&get, &sym, sizeof get);  /* object pointer → function pointer, as POSIX allows */
        get(&version[0], &version[1], &version[2]);
        last_tried(&tried, plugin_path);
    }
    if (handle) dlclose(handle);
    strbuf_free(&tried);
    return sym != NULL;
}
