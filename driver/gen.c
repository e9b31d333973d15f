#include "gen.h"

#include <string.h>

#include "driver/layout_json.h"
#include "runtime/plan.h"
#include "targets/names.h"

void gen_target_init(GenTarget *target) {
    memset(target, 0, sizeof *target);
    strbuf_init(&target->text);
    strbuf_init(&target->entry_table);
    strbuf_init(&target->diagnostics);
    arena_init(&target->arena);
}

void gen_target_free(GenTarget *target) {
    strbuf_free(&target->text);
    strbuf_free(&target->entry_table);
    strbuf_free(&target->diagnostics);
    arena_free(&target->arena);
}

void gen_target_add_ptx_names(GenTarget *target, const IrModule *m) {
    uint32_t n = ir_entry_count(m);
    target->ptx_names = arena_alloc_array(&target->arena, n + 1, sizeof *target->ptx_names);
    target->ptx_name_count = 0;
    StrBuf name;
    strbuf_init(&name);
    for (uint32_t i = 0; i < n; i++) {
        const IrEntry *e = ir_entry(m, i);
        if (e->stage != IR_STAGE_COMPUTE) continue;
        strbuf_clear(&name);
        ptx_entry_name(&name, &target->arena, m, e);
        target->ptx_names[target->ptx_name_count++] =
            (GenPtxName){arena_strdup(&target->arena, e->name ? e->name : ""),
                         arena_strdup(&target->arena, strbuf_cstr(&name))};
    }
    strbuf_free(&name);
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

static void put_target(StrBuf *out, const char *name, const char *what, GenTarget *target) {
    if (target->ok) {
        put_constant(out, name, strbuf_cstr(&target->text), target->text.len);
        return;
    }
    StrBuf line;
    strbuf_init(&line);
    if (strcmp(what, "PTX") == 0) {
        ptx_failure_line(&line, &target->ptx_failure);
    } else {
        const char *diag = strbuf_cstr(&target->diagnostics);
        strbuf_printf(&line, "// %s 译不出：", what);
        size_t len = first_line(diag);
        if (len) strbuf_append(&line, diag, len);
        else strbuf_puts(&line, "未知原因");
    }
    put_constant(out, name, strbuf_cstr(&line), line.len);
    strbuf_free(&line);
}

/* Field `index` (0-based, TAB-separated) of one entry-table line, copied into buf. */
static bool table_field(const char *line, size_t line_len, int index, StrBuf *buf) {
    const char *start = line, *end = line + line_len;
    for (int i = 0; i < index; i++) {
        const char *tab = memchr(start, '\t', (size_t)(end - start));
        if (!tab) return false;
        start = tab + 1;
    }
    const char *tab = memchr(start, '\t', (size_t)(end - start));
    strbuf_clear(buf);
    strbuf_append(buf, start, (size_t)((tab ? tab : end) - start));
    return true;
}

/* One constant per entry item: its function's name. */
static void put_entries(StrBuf *out, const char *table) {
    StrBuf item, field;
    strbuf_init(&item);
    strbuf_init(&field);
    while (*table) {
        size_t len = first_line(table);
        if (table_field(table, len, 0, &item) && table_field(table, len, 1, &field))
            put_constant(out, strbuf_cstr(&item), strbuf_cstr(&field), field.len);
        table += len + (table[len] == '\n');
    }
    strbuf_free(&item);
    strbuf_free(&field);
}

/* 「<入口项>并线汇编名」 per compute entry (着二). */
static void put_ptx_names(StrBuf *out, const GenTarget *target) {
    StrBuf item;
    strbuf_init(&item);
    for (uint32_t i = 0; i < target->ptx_name_count; i++) {
        const GenPtxName *n = &target->ptx_names[i];
        strbuf_clear(&item);
        strbuf_printf(&item, "%s并线汇编名", n->item);
        put_constant(out, strbuf_cstr(&item), n->ptx_name, strlen(n->ptx_name));
    }
    strbuf_free(&item);
}

bool gen_module_source(StrBuf *out, GenTarget targets[GEN_TARGET_COUNT]) {
    GenTarget *table = NULL;
    for (int i = 0; i < GEN_TARGET_COUNT && !table; i++)
        if (targets[i].ok) table = &targets[i];
    if (!table) return false;
    GenTarget *t = targets;
    strbuf_puts(out, "「：生成的模块（名。着色生成。豫），由 yusec 从着色源译出，勿手改。：」\n");
    put_target(out, "着色源", "WGSL", &t[GEN_WGSL]);
    put_target(out, "金属源", "MSL", &t[GEN_MSL]);
    put_target(out, "并线汇编源", "PTX", &t[GEN_PTX]);
    put_entries(out, strbuf_cstr(&table->entry_table));
    put_ptx_names(out, table);
    return true;
}

void gen_as_warnings(StrBuf *out, const char *diagnostics) {
    static const char ERROR[] = ": error: ";
    while (*diagnostics) {
        size_t len = first_line(diagnostics);
        const char *hit = strstr(diagnostics, ERROR);
        if (hit && hit < diagnostics + len) {
            strbuf_append(out, diagnostics, (size_t)(hit - diagnostics));
            strbuf_puts(out, ": warning: ");
            hit += strlen(ERROR);
            strbuf_append(out, hit, (size_t)(diagnostics + len - hit));
        } else {
            strbuf_append(out, diagnostics, len);
        }
        if (diagnostics[len] == '\n') strbuf_putc(out, '\n');
        diagnostics += len + (diagnostics[len] == '\n');
    }
}

/* ---- depfiles ---- */

static void put_make_path(StrBuf *out, const char *path, size_t len) {
    for (size_t i = 0; i < len; i++) {
        char c = path[i];
        if (c == ' ' || c == '#' || c == '\\') strbuf_putc(out, '\\');
        if (c == '$') strbuf_putc(out, '$');
        strbuf_putc(out, c);
    }
}

void gen_depfile(StrBuf *out, const char *target, const char *files) {
    put_make_path(out, target, strlen(target));
    strbuf_putc(out, ':');
    while (*files) {
        size_t len = first_line(files);
        if (len) {
            strbuf_puts(out, " \\\n  ");
            put_make_path(out, files, len);
        }
        files += len + (files[len] == '\n');
    }
    strbuf_putc(out, '\n');
}

/* ---- the JSON manifest ---- */

static void put_json_string(StrBuf *out, const char *text) { json_put_string(out, text); }

static const char *stage_name(IrStage stage) {
    switch (stage) {
    case IR_STAGE_COMPUTE: return "compute";
    case IR_STAGE_VERTEX: return "vertex";
    case IR_STAGE_FRAGMENT: return "fragment";
    }
    return "compute";
}

/* The resource kind and its MSL attribute (着九: n = group×16 + binding in each space). */
static const char *resource_kind(const IrModule *m, const IrGlobal *g, const char **msl) {
    *msl = "buffer";
    switch (g->space) {
    case IR_SPACE_STORAGE_READ: return "storage_read";
    case IR_SPACE_STORAGE_READ_WRITE: return "storage_read_write";
    case IR_SPACE_UNIFORM: return "uniform";
    default: break;
    }
    const IrType *t = ir_type(&m->types, g->type);
    if (t && (t->kind == IR_TYPE_SAMPLER || t->kind == IR_TYPE_SAMPLER_COMPARISON)) {
        *msl = "sampler";
        return t->kind == IR_TYPE_SAMPLER ? "sampler" : "sampler_comparison";
    }
    *msl = "texture";
    return t && t->kind == IR_TYPE_TEXTURE_DEPTH_2D ? "texture_depth_2d" : "texture_2d";
}

/* The PTX plan of each compute entry (runtime/plan.c: the one place the order lives). */
static RtPlan *plan_entries(Arena *arena, const IrModule *m) {
    uint32_t n = ir_entry_count(m);
    RtPlan *plans = arena_alloc_array(arena, n + 1, sizeof *plans);
    for (uint32_t i = 0; i < n; i++) {
        StrBuf error;
        strbuf_init(&error);
        if (!rt_plan_entry(arena, m, ir_entry(m, i), &plans[i], &error))
            memset(&plans[i], 0, sizeof plans[i]);
        strbuf_free(&error);
    }
    return plans;
}

/* The lengths buffer of an entry that takes 数组长度 (ir/abi.h): which buffer each u32 (a size
 * in bytes) measures, and where the buffer goes on PTX and MSL. */
static void put_lengths_json(StrBuf *out, const RtPlan *plan) {
    if (plan->measured_count == 0) return;
    strbuf_printf(out, ", \"lengths\": {\"ptx_param\": \"%s\", \"msl_index\": %u, \"unit\": \"bytes\", "
                       "\"buffers\": [", IR_ABI_LENGTHS_PARAM, IR_ABI_MSL_LENGTHS_INDEX);
    for (uint32_t k = 0; k < plan->measured_count; k++) {
        const RtSlot *m = &plan->slots[plan->measured[k]];
        strbuf_puts(out, k ? ", {\"name\": " : "{\"name\": ");
        put_json_string(out, m->name);
        strbuf_printf(out, ", \"group\": %u, \"binding\": %u}", m->group, m->binding);
    }
    strbuf_puts(out, "]}");
}

/* A texture parameter in "ptx_params" (ir/abi.h): {"texture": 名, "sampler": 名} for a
 * (texture, sampler) pair, {"texture": 名} for the texel object, {"compare": 名} for a
 * comparison sampler's compare function. */
static void put_texture_param_json(StrBuf *out, const RtTextureSlot *t) {
    strbuf_puts(out, t->param.kind == IR_TEXTURE_PARAM_COMPARE ? "{\"compare\": " : "{\"texture\": ");
    put_json_string(out, t->name);
    if (t->param.kind == IR_TEXTURE_PARAM_SAMPLED) {
        strbuf_puts(out, ", \"sampler\": ");
        put_json_string(out, t->sampler_name);
    }
    strbuf_putc(out, '}');
}

static void put_entry_json(StrBuf *out, Arena *arena, const IrModule *m, uint32_t index,
                           const RtPlan *plan) {
    const IrEntry *e = ir_entry(m, index);
    const char *func = e->func < ir_function_count(m) ? ir_function(m, e->func)->name : "";
    strbuf_puts(out, "    {\"item\": ");
    put_json_string(out, e->name);
    strbuf_puts(out, ", \"function\": ");
    put_json_string(out, names_legalise(arena, func));
    strbuf_printf(out, ", \"stage\": \"%s\"", stage_name(e->stage));
    if (e->stage == IR_STAGE_COMPUTE && plan->kernel) {
        strbuf_printf(out, ", \"workgroup_size\": [%u, %u, %u], \"ptx_name\": ",
                      e->workgroup_size[0], e->workgroup_size[1], e->workgroup_size[2]);
        put_json_string(out, plan->kernel);
        strbuf_printf(out, ", \"dynamic_shared_bytes\": %u, \"ptx_params\": [", plan->dynamic_shared_bytes);
        for (uint32_t s = 0; s < plan->slot_count; s++) {
            strbuf_puts(out, s ? ", " : "");
            if (plan->slots[s].lengths) strbuf_puts(out, "{\"lengths\": true}");
            else if (plan->slots[s].global == IR_NONE) strbuf_puts(out, "null");
            else put_json_string(out, plan->slots[s].name);
        }
        for (uint32_t t = 0; t < plan->texture_count; t++) {
            strbuf_puts(out, plan->slot_count + t ? ", " : "");
            put_texture_param_json(out, &plan->textures[t]);
        }
        strbuf_puts(out, "], \"ptx_param_names\": [");
        for (uint32_t s = 0; s < plan->slot_count + plan->texture_count; s++) {
            strbuf_puts(out, s ? ", " : "");
            put_json_string(out, s < plan->slot_count ? plan->slots[s].param_name
                                                      : plan->textures[s - plan->slot_count].param_name);
        }
        strbuf_putc(out, ']');
        put_lengths_json(out, plan);
    }
    strbuf_puts(out, "}");
}

/* "ptx_param": {entry item: parameter position} for each compute entry passing it. */
static void put_ptx_positions(StrBuf *out, const IrModule *m, const RtPlan *plans,
                              IrGlobalId global) {
    strbuf_puts(out, ", \"ptx_param\": {");
    bool any = false;
    for (uint32_t i = 0; i < ir_entry_count(m); i++)
        for (uint32_t s = 0; s < plans[i].slot_count; s++) {
            if (plans[i].slots[s].global != global) continue;
            strbuf_puts(out, any ? ", " : "");
            put_json_string(out, ir_entry(m, i)->name);
            strbuf_printf(out, ": %u", s);
            any = true;
        }
    strbuf_putc(out, '}');
}

void gen_entries_json(StrBuf *out, Arena *arena, const IrModule *m, const char *source) {
    RtPlan *plans = plan_entries(arena, m);
    strbuf_puts(out, "{\n  \"source\": ");
    put_json_string(out, source);
    strbuf_puts(out, ",\n  \"entries\": [\n");
    for (uint32_t i = 0; i < ir_entry_count(m); i++) {
        put_entry_json(out, arena, m, i, &plans[i]);
        strbuf_puts(out, i + 1 < ir_entry_count(m) ? ",\n" : "\n");
    }
    strbuf_puts(out, "  ],\n  \"resources\": [");
    bool any = false;
    for (uint32_t g = 0; g < ir_global_count(m); g++) {
        const IrGlobal *gl = ir_global(m, g);
        if (!gl->has_binding) continue;
        const char *msl;
        const char *kind = resource_kind(m, gl, &msl);
        strbuf_puts(out, any ? ",\n    {\"name\": " : "\n    {\"name\": ");
        put_json_string(out, gl->name);
        strbuf_printf(out, ", \"kind\": \"%s\", \"group\": %u, \"binding\": %u, "
                           "\"msl\": \"%s\", \"msl_index\": %u",
                      kind, gl->group, gl->binding, msl, gl->group * 16 + gl->binding);
        if (strcmp(msl, "buffer") == 0) {
            strbuf_puts(out, ", \"type\": ");
            layout_type_name(out, m, gl->type);  /* its layout is in "layouts" */
            put_ptx_positions(out, m, plans, g);
        }
        strbuf_putc(out, '}');
        any = true;
    }
    strbuf_puts(out, any ? "\n  ],\n" : "],\n");
    layout_put_json(out, arena, m);
    strbuf_puts(out, "\n}\n");
}
