/* 着十 names each kernel parameter p_g<group>_b<binding>; LLVM's NVPTX printer always names
 * them <kernel>_param_<n> (NVPTXTargetLowering::getParamName ignores the IR argument names).
 * So the emitted text is renamed here, token by token, from the parameter lists the kernels
 * were built with. A mangled kernel name never contains "_param_" (every '_' of a name is
 * written _5f), so the split at the first "_param_" is unambiguous. */
#include <string.h>

#include "internal.h"

static bool is_token_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '$' || c == '%';
}

static const char PARAM_INFIX[] = "_param_";

/* The first "_param_" in [start, start+len), or NULL. */
static const char *find_infix(const char *start, size_t len) {
    size_t infix = sizeof PARAM_INFIX - 1;
    for (size_t i = 0; i + infix <= len; i++)
        if (start[i] == '_' && memcmp(start + i, PARAM_INFIX, infix) == 0) return start + i;
    return NULL;
}

/* True when token [start, start+len) is LLVM's name of a kernel parameter, with *kernel and
 * *index set: the part before "_param_" is looked up among the kernels by name (one hash
 * lookup per candidate token, whatever the number of kernels). */
static bool renamed(PtxCtx *px, const char *start, size_t len, uint32_t *kernel, uint32_t *index) {
    size_t infix = sizeof PARAM_INFIX - 1;
    const char *at = find_infix(start, len);
    if (!at || at == start) return false;
    size_t name_len = (size_t)(at - start);
    char stack_name[256];
    char *name = name_len < sizeof stack_name ? stack_name : arena_alloc(&px->arena, name_len + 1);
    memcpy(name, start, name_len);
    name[name_len] = '\0';
    const PtxKernel *pk = strmap_get(&px->kernel_names, name);
    if (!pk) return false;
    uint32_t n = 0, total = pk->params.count + pk->params.texture_count;
    const char *digits = at + infix, *end = start + len;
    if (digits == end) return false;
    for (const char *d = digits; d < end; d++) {
        if (*d < '0' || *d > '9' || n > total) return false;
        n = n * 10 + (uint32_t)(*d - '0');
    }
    if (n >= total) return false;
    *kernel = (uint32_t)(pk - px->kernels);
    *index = n;
    return true;
}

/* Every parameter must have been renamed where it is declared (and loaded). */
static bool all_renamed(PtxCtx *px, uint32_t **seen) {
    for (uint32_t k = 0; k < px->kernel_count; k++)
        for (uint32_t i = 0; i < px->kernels[k].params.count + px->kernels[k].params.texture_count; i++)
            if (seen[k][i] == 0) {
                ptx_fail_path(px->diag, Y_TARGET_INTERNAL, px->failure,
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
