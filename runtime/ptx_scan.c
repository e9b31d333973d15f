/* Reading back what a PTX text says about one entry, to check it against the plan before the
 * driver sees it: a stale --ptx file or a disagreement with the plugin becomes a message
 * instead of a kernel reading the wrong buffers. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"

static const char *skip_space(const char *p) {
    while (*p && isspace((unsigned char)*p)) p++;
    return p;
}

/* The character after `.entry NAME`, or NULL when the entry is not declared. */
static const char *find_entry(const char *ptx, const char *kernel) {
    size_t len = strlen(kernel);
    for (const char *p = strstr(ptx, ".entry"); p; p = strstr(p + 1, ".entry")) {
        const char *name = skip_space(p + 6);
        if (name == p + 6) continue;  /* ".entry" must be followed by space */
        if (strncmp(name, kernel, len) != 0) continue;
        const char *after = skip_space(name + len);
        if (*after == '(') return after;
    }
    return NULL;
}

/* ".reqntid X[, Y[, Z]]": missing axes are 1. */
static bool parse_reqntid(const char *p, uint32_t out[3]) {
    out[0] = out[1] = out[2] = 1;
    for (int a = 0; a < 3; a++) {
        p = skip_space(p);
        if (!isdigit((unsigned char)*p)) return a > 0;
        char *end;
        unsigned long v = strtoul(p, &end, 10);
        out[a] = v > 0xffffffffUL ? 0xffffffffu : (uint32_t)v;
        p = skip_space(end);
        if (*p != ',') return true;
        p++;
    }
    return true;
}

bool rt_ptx_scan_entry(const char *ptx, const char *kernel, RtPtxEntry *out) {
    memset(out, 0, sizeof *out);
    const char *open = ptx && kernel ? find_entry(ptx, kernel) : NULL;
    if (!open) return false;
    const char *close = strchr(open, ')');
    if (!close) return false;
    out->params = open + 1;
    out->params_len = (size_t)(close - out->params);
    for (const char *p = strstr(open, ".param"); p && p < close; p = strstr(p + 1, ".param"))
        out->param_count++;
    /* Directives between ")" and "{": .reqntid, .maxntid, .minnctapersm … */
    const char *body = strchr(close, '{');
    const char *r = strstr(close, ".reqntid");
    if (r && (!body || r < body)) out->has_reqntid = parse_reqntid(r + 8, out->reqntid);
    return true;
}

static bool is_name_char(char c) {
    return isalnum((unsigned char)c) || c == '_' || c == '$';
}

bool rt_ptx_param_name(const RtPtxEntry *entry, uint32_t index, StrBuf *name) {
    const char *p = entry->params, *end = entry->params + entry->params_len;
    for (uint32_t i = 0; p && p < end; i++) {
        const char *start = strstr(p, ".param");
        if (!start || start >= end) return false;
        const char *stop = start;  /* the declaration ends at "," or ")" */
        while (stop < end && *stop != ',') stop++;
        if (i == index) {
            const char *last = stop;
            while (last > start && !is_name_char(last[-1])) last--;
            const char *first = last;
            while (first > start && is_name_char(first[-1])) first--;
            strbuf_clear(name);
            strbuf_append(name, first, (size_t)(last - first));
            return true;
        }
        p = stop;
    }
    return false;
}

/* Each parameter's name says which binding it expects (着十: p_g<group>_b<binding>). */
static bool check_param_names(const RtPlan *plan, const RtPtxEntry *found, StrBuf *error) {
    StrBuf name;
    strbuf_init(&name);
    bool ok = true;
    for (uint32_t i = 0; i < plan->slot_count + plan->texture_count && ok; i++) {
        const char *want = i < plan->slot_count ? plan->slots[i].param_name
                                                : plan->textures[i - plan->slot_count].param_name;
        strbuf_clear(&name);
        ok = rt_ptx_param_name(found, i, &name) && strcmp(strbuf_cstr(&name), want) == 0;
        if (!ok)
            strbuf_printf(error, "PTX 入口 %s 的第 %u 个参数是 %s，按参数约定应是 %s（PTX 与源码不是同一版？）",
                          plan->kernel, i + 1, strbuf_cstr(&name), want);
    }
    strbuf_free(&name);
    return ok;
}

bool rt_plan_check_ptx(const RtPlan *plan, const char *ptx, StrBuf *error) {
    RtPtxEntry found;
    if (!rt_ptx_scan_entry(ptx, plan->kernel, &found)) {
        strbuf_printf(error, "PTX 里没有入口 %s（「%s」）", plan->kernel, plan->entry->name);
        return false;
    }
    if (found.param_count != plan->slot_count + plan->texture_count) {
        strbuf_printf(error, "PTX 入口 %s 有 %u 个参数，按参数约定应有 %u 个（PTX 与源码不是同一版？）",
                      plan->kernel, found.param_count, plan->slot_count + plan->texture_count);
        return false;
    }
    if (!check_param_names(plan, &found, error)) return false;
    const uint32_t *b = plan->block, *r = found.reqntid;
    if (found.has_reqntid && (r[0] != b[0] || r[1] != b[1] || r[2] != b[2])) {
        strbuf_printf(error, "PTX 入口 %s 的 .reqntid 是 %u, %u, %u，工作组大小却是 %u, %u, %u",
                      plan->kernel, r[0], r[1], r[2], b[0], b[1], b[2]);
        return false;
    }
    return true;
}
