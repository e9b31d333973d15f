/* The pass registry and the pipeline runner. */
#include <string.h>

#include "pass.h"

#include "base/suggest.h"

static const PassInfo registry[] = {
    {"tailrec", pass_tailrec, "局部尾递归化为循环（着十）"},
    {"inline", pass_inline, "内联用户函数（千手目标全部内联）"},
    {"latch", pass_latch, "循环体末尾各分支的 continue 合成一个（分支带出新实参），每个循环只留一条回边"},
    {"fold", pass_fold, "常量折叠"},
    {"dce", pass_dce, "删去无用的纯值"},
    {"uniformity", pass_uniformity, "一致性分析：记下每个值是否一致，检查屏障、子组运算与导数"},
    {"bounds", pass_bounds, "把数组、向量、矩阵的动态下标夹到最后一个元素（-fbounds-check）"},
    {"uniform-layout", pass_uniform_layout, "按经典的 16 字节均匀缓冲规则检查均匀缓冲的布局（-fclassic-uniform-layout）"},
};

void pass_context_init(PassContext *ctx, IrModule *module, DiagEngine *diag, InlinePolicy policy) {
    memset(ctx, 0, sizeof *ctx);
    ctx->module = module;
    ctx->diag = diag;
    ctx->inline_policy = policy;
    ctx->inline_budget = INLINE_DEFAULT_BUDGET;
#ifndef NDEBUG
    /* Debug builds (debug and asan presets) verify after every pass; -verify-each asks for
     * it in release builds. */
    ctx->verify_each = true;
#endif
}

const PassInfo *pass_registry(size_t *count) {
    *count = sizeof registry / sizeof registry[0];
    return registry;
}

const PassInfo *pass_find(const char *name, size_t len) {
    for (size_t i = 0; i < sizeof registry / sizeof registry[0]; i++)
        if (strlen(registry[i].name) == len && memcmp(registry[i].name, name, len) == 0)
            return &registry[i];
    return NULL;
}

const char *pass_suggest(const char *name, size_t len) {
    char written[SUGGEST_MAX_CHARS * 4 + 1];
    if (len >= sizeof written) return NULL;
    memcpy(written, name, len);
    written[len] = '\0';
    Suggestion s;
    suggest_begin(&s, written);
    for (size_t i = 0; i < sizeof registry / sizeof registry[0]; i++) suggest_offer(&s, registry[i].name);
    return suggest_best(&s);
}

static bool is_space(char c) { return c == ' ' || c == '\t'; }

/* Splits at commas, trimming blanks; calls `each` per non-empty name until it fails. */
static bool for_each_name(const char *pipeline, bool (*each)(void *, const char *, size_t), void *data) {
    const char *p = pipeline ? pipeline : "";
    while (*p) {
        const char *end = strchr(p, ',');
        if (!end) end = p + strlen(p);
        const char *s = p, *e = end;
        while (s < e && is_space(*s)) s++;
        while (e > s && is_space(e[-1])) e--;
        if (e > s && !each(data, s, (size_t)(e - s))) return false;
        p = *end ? end + 1 : end;
    }
    return true;
}

static bool check_name(void *data, const char *name, size_t len) {
    PassContext *ctx = data;
    if (pass_find(name, len)) return true;
    diag_error_path(ctx->diag, Y_UNKNOWN_PASS, "-passes", "没有名为「%.*s」的变换", (int)len, name);
    const char *best = pass_suggest(name, len);
    if (best) {
        StrBuf hint;
        strbuf_init(&hint);
        suggest_append_hint(&hint, best, true);
        diag_note_path(ctx->diag, "-passes", "%s", strbuf_cstr(&hint));
        strbuf_free(&hint);
    }
    return false;
}

static void dump(PassContext *ctx, const char *name) {
    if (!ctx->print_out) return;
    bool wanted = ctx->print_after_all || (ctx->print_after && strcmp(ctx->print_after, name) == 0);
    if (!wanted) return;
    if (ctx->print_dot) {
        strbuf_printf(ctx->print_out, "// *** 在 %s 之后 ***\n", name);
        ir_print_dot(ctx->print_out, ctx->module);
        return;
    }
    strbuf_printf(ctx->print_out, "; *** 在 %s 之后 ***\n", name);
    ir_print_module(ctx->print_out, ctx->module);
}

static bool run_one(void *data, const char *name, size_t len) {
    PassContext *ctx = data;
    const PassInfo *pass = pass_find(name, len);
    if (!pass->run(ctx)) {
        /* A failing analysis still leaves its facts: the graph shows where they went wrong
         * (-emit-dot -print-after=uniformity). A YIR dump stays for passes that succeed. */
        if (ctx->print_dot) dump(ctx, pass->name);
        return false;
    }
    dump(ctx, pass->name);
    if (ctx->verify_each && !ir_verify(ctx->module, ctx->diag)) {
        diag_error_path(ctx->diag, Y_VERIFY_EACH_FAILED, "-verify-each", "变换「%s」之后 YIR 校验不通过", pass->name);
        return false;
    }
    return true;
}

bool pass_run_pipeline(PassContext *ctx, const char *pipeline) {
    if (!for_each_name(pipeline, check_name, ctx)) return false;
    return for_each_name(pipeline, run_one, ctx);
}
