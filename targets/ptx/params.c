/* 着十 names each kernel parameter p_g<group>_b<binding>; LLVM's NVPTX printer always names
 * them <kernel>_param_<n> (NVPTXTargetLowering::getParamName ignores the IR argument names).
 * So the emitted text is renamed here, token by token, from the parameter lists the kernels
 * were built with. A mangled kernel name never contains "_param_" (every '_' of a name is
 * written _5f), so the split below is unambiguous. */
#include <string.h>

#include "internal.h"

static bool is_token_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '$' || c == '%';
}

static const char PARAM_INFIX[] = "_param_";

/* The new name of token [start, start+len) when it is LLVM's name of a kernel parameter,
 * with *kernel and *index set; NULL otherwise. */
static bool renamed(PtxCtx *px, const char *start, size_t len, uint32_t *kernel, uint32_t *index) {
    for (uint32_t k = 0; k < px->kernel_count; k++) {
        const PtxKernel *pk = &px->kernels[k];
        size_t name_len = strlen(pk->name), infix = sizeof PARAM_INFIX - 1;
        if (len <= name_len + infix || memcmp(start, pk->name, name_len) != 0 ||
            memcmp(start + name_len, PARAM_INFIX, infix) != 0)
            continue;
        uint32_t n = 0;
        uint32_t total = pk->params.count + pk->params.texture_count;
        for (const char *d = start + name_len + infix; d < start + len; d++) {
            if (*d < '0' || *d > '9' || n > total) return false;
            n = n * 10 + (uint32_t)(*d - '0');
        }
        if (n >= total) return false;
        *kernel = k;
        *index = n;
        return true;
    }
    return false;
}

/* Every parameter must have been renamed where it is declared (and loaded). */
static bool all_renamed(PtxCtx *px, uint32_t **seen) {
    for (uint32_t k = 0; k < px->kernel_count; k++)
        for (uint32_t i = 0; i < px->kernels[k].params.count + px->kernels[k].params.texture_count; i++)
            if (seen[k][i] == 0) {
                ptx_fail_path(px->diag, px->failure,
                              ptx_ascii(px, "internal error: LLVM did not name parameter %u of %s %s_param_%u",
                                        i + 1, px->kernels[k].name, px->kernels[k].name, i),
                              "内部错误：LLVM 没有把入口 %s 的第 %u 个参数命名为 %s_param_%u",
                              px->kernels[k].name, i + 1, px->kernels[k].name, i);
                return false;
            }
    return true;
}

bool ptx_name_params(PtxCtx *px, const char *text, size_t len, StrBuf *out) {
    uint32_t **seen = arena_alloc_array(&px->arena, px->kernel_count + 1, sizeof *seen);
    for (uint32_t k = 0; k < px->kernel_count; k++)
        seen[k] = arena_alloc_array(&px->arena, px->kernels[k].params.count + px->kernels[k].params.texture_count + 1,
                                    sizeof **seen);
    for (size_t i = 0; i < len;) {
        if (!is_token_char(text[i])) {
            strbuf_putc(out, text[i++]);
            continue;
        }
        size_t end = i;
        while (end < len && is_token_char(text[end])) end++;
        uint32_t kernel, index;
        if (renamed(px, text + i, end - i, &kernel, &index)) {
            char name[IR_ABI_PARAM_NAME_MAX];
            ir_kernel_param_name(px->m, &px->kernels[kernel].params, index, name);
            strbuf_puts(out, name);
            seen[kernel][index]++;
        } else {
            strbuf_append(out, text + i, end - i);
        }
        i = end;
    }
    return all_renamed(px, seen);
}
