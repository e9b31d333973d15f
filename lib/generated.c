#include "generated.h"

#include <string.h>

void gen_target_init(GenTarget *target) {
    memset(target, 0, sizeof *target);
    strbuf_init(&target->text);
    strbuf_init(&target->diagnostics);
}

void gen_target_free(GenTarget *target) {
    strbuf_free(&target->text);
    strbuf_free(&target->diagnostics);
}

/* ---- 豫言 strings ---- */

void gen_escape_string(StrBuf *out, const char *text, size_t len) {
    static const char CLOSE[] = "』", OPEN[] = "「";
    for (size_t i = 0; i < len;) {
        if (text[i] == '\n') {
            strbuf_puts(out, "「：换行：」");
            i++;
        } else if (text[i] == '\t') {
            strbuf_puts(out, "「：制表：」");
            i++;
        } else if (len - i >= 3 && memcmp(text + i, CLOSE, 3) == 0) {
            strbuf_puts(out, "「：』：」");
            i += 3;
        } else if (len - i >= 3 && memcmp(text + i, OPEN, 3) == 0) {
            strbuf_puts(out, "「：「：：」");
            i += 3;
        } else if (text[i] == '\r') {
            i++;  /* no escape exists and a string cannot hold a line break */
        } else {
            strbuf_putc(out, text[i++]);
        }
    }
}

static void put_constant(StrBuf *out, const char *name, const char *text, size_t len) {
    strbuf_printf(out, "「%s」者『", name);
    gen_escape_string(out, text, len);
    strbuf_puts(out, "』也。\n");
}

/* The first line of a diagnostics text. */
static size_t first_line(const char *text) {
    const char *end = strchr(text, '\n');
    return end ? (size_t)(end - text) : strlen(text);
}

/* 着十: PTX text holds no non-ASCII byte, comments included, so the failure comment of
 * 「并线汇编源」 is built from the ASCII facts, not from the (Chinese) diagnostic. */
static void ptx_failure_line(StrBuf *line, const GenPtxFailure *f) {
    strbuf_puts(line, "// PTX translation failed");
    if (f->located)
        strbuf_printf(line, " at line %u, column %u%s", f->line, f->column,
                      f->imported ? " of an imported shader file" : "");
    strbuf_puts(line, ": ");
    strbuf_puts(line, f->reason[0] ? f->reason
                                   : "an error before code generation (yusec -emit-ptx shows it)");
}

static void put_target(StrBuf *out, const TargetDescriptor *what, GenTarget *target) {
    const char *name = what->generated_constant;
    if (target->ok) {
        put_constant(out, name, strbuf_cstr(&target->text), target->text.len);
        return;
    }
    StrBuf line;
    strbuf_init(&line);
    if (what->caps & TARGET_CAP_ASCII_FAILURE) {
        ptx_failure_line(&line, &target->ptx_failure);
    } else {
        const char *diag = strbuf_cstr(&target->diagnostics);
        strbuf_printf(&line, "// %s 译不出：", what->name);
        size_t len = first_line(diag);
        if (len) strbuf_append(&line, diag, len);
        else strbuf_puts(&line, "未知原因");
    }
    put_constant(out, name, strbuf_cstr(&line), line.len);
    strbuf_free(&line);
}

/* One constant per entry item (its function's name), then 「<入口项>并线汇编名」 per compute
 * entry (着二). */
static void put_entries(StrBuf *out, const LibEntryTable *entries) {
    for (uint32_t i = 0; i < entries->count; i++) {
        const LibEntry *row = &entries->rows[i];
        put_constant(out, row->item, row->function, strlen(row->function));
    }
    StrBuf item;
    strbuf_init(&item);
    for (uint32_t i = 0; i < entries->count; i++) {
        const LibEntry *row = &entries->rows[i];
        if (!row->ptx_name) continue;
        strbuf_clear(&item);
        strbuf_printf(&item, "%s并线汇编名", row->item);
        put_constant(out, strbuf_cstr(&item), row->ptx_name, strlen(row->ptx_name));
    }
    strbuf_free(&item);
}

bool gen_module_source(StrBuf *out, GenTarget targets[YUSEC_TARGET_COUNT], const LibEntryTable *entries) {
    bool any = false;
    for (int i = 0; i < YUSEC_TARGET_COUNT; i++) any = any || targets[i].ok;
    if (!any) return false;
    strbuf_puts(out, "「：生成的模块（名。着色生成。豫），由 yusec 从着色源译出，勿手改。：」\n");
    size_t count;
    const TargetDescriptor *registry = target_registry(&count);
    for (size_t i = 0; i < count; i++) put_target(out, &registry[i], &targets[registry[i].id]);
    const GenTarget *ptx = &targets[YUSEC_TARGET_PTX];
    if (ptx->ok && ptx->ptx_arch) put_constant(out, "并线汇编架构", ptx->ptx_arch, strlen(ptx->ptx_arch));
    put_entries(out, entries);
    return true;
}

