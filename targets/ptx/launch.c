/* The launch bounds of each kernel: 着十's `.reqntid X, Y, Z` (the runtime checks it against
 * the workgroup size, runtime/ptx_scan.c). LLVM 19 prints it from nvvm.annotations, but
 * NVPTX looks a function's annotations up by scanning the whole list once per function (it
 * caches per function), so N kernels cost N² — a third of the CPU at 10,000 entries. The
 * module therefore has no annotations: a kernel is one by its ptx_kernel calling convention,
 * the ranges NVVMIntrRange would derive from .reqntid are on the kernel's tid/ntid reads
 * (module.c), and the directive is written here, where LLVM would have put it: after the
 * parameter list, before the body's "{". */
#include <string.h>

#include "internal.h"

static const char ENTRY_PREFIX[] = ".entry ";

/* The kernel declared by the line [line, end), or NULL. */
static const PtxKernel *kernel_of_line(PtxCtx *px, const char *line, const char *end) {
    size_t n = (size_t)(end - line), prefix = sizeof ENTRY_PREFIX - 1;
    const char *at = NULL;
    for (size_t i = 0; i + prefix <= n && !at; i++)
        if (line[i] == '.' && memcmp(line + i, ENTRY_PREFIX, prefix) == 0) at = line + i + prefix;
    if (!at) return NULL;
    const char *open = memchr(at, '(', (size_t)(end - at));
    if (!open) return NULL;
    size_t name_len = (size_t)(open - at);
    char *name = arena_alloc(&px->arena, name_len + 1);
    memcpy(name, at, name_len);
    name[name_len] = '\0';
    return strmap_get(&px->kernel_names, name);
}

static bool is_body_open(const char *line, const char *end) {
    return end - line == 1 && line[0] == '{';
}

bool ptx_write_launch_bounds(PtxCtx *px, const char *text, size_t len, StrBuf *out) {
    uint32_t written = 0;
    const PtxKernel *pending = NULL;  /* header seen, body not yet */
    for (const char *line = text, *stop = text + len; line < stop;) {
        const char *newline = memchr(line, '\n', (size_t)(stop - line));
        const char *end = newline ? newline : stop, *next = newline ? newline + 1 : stop;
        if (pending && is_body_open(line, end)) {
            strbuf_printf(out, ".reqntid %u, %u, %u\n", pending->workgroup_size[0], pending->workgroup_size[1],
                          pending->workgroup_size[2]);
            pending = NULL;
            written++;
        } else if (!pending) {
            pending = kernel_of_line(px, line, end);
        }
        strbuf_append(out, line, (size_t)(next - line));
        line = next;
    }
    if (written == px->kernel_count && !pending) return true;
    ptx_fail_path(px->diag, Y_TARGET_INTERNAL, px->failure, "internal error: a kernel's header was not found in LLVM's PTX",
                  "内部错误：LLVM 的 PTX 里少了入口的开头（%u 个入口，找到 %u 个）", px->kernel_count, written);
    return false;
}
