#include "shader_table.h"

#include <stdbool.h>
#include <string.h>

#include "host_header.h"

/* The types every <stem>.table.h shares (the first one included defines them); <name>_shaders.h
 * gives them its own names with typedefs. */
static const char TYPES[] =
    "#ifndef YUSEC_SHADER_TABLE_TYPES\n"
    "#define YUSEC_SHADER_TABLE_TYPES\n"
    "typedef struct yusec_shader_binary {\n"
    "  const unsigned char *bytes;  /* NULL when not built */\n"
    "  unsigned size;\n"
    "} yusec_shader_binary;\n\n"
    "typedef struct yusec_shader_entry {\n"
    "  const char *item;      /* 入口项 */\n"
    "  const char *function;  /* WGSL/MSL function name */\n"
    "  const char *stage;\n"
    "  const char *ptx_name;  /* NULL for vertex/fragment */\n"
    "  unsigned workgroup_size[3];\n"
    "  /* 数组长度: the lengths buffer (PTX: last parameter p_lengths; MSL: [[buffer(30)]])\n"
    "   * holds one u32 per row, the size in bytes of buffer (group, binding) */\n"
    "  const unsigned (*lengths)[2];\n"
    "  unsigned length_count;\n"
    "  /* PTX texture parameters (docs/targets.md): {param, kind, group, binding, sampler group,\n"
    "   * sampler binding}; kind 0 texel object, 1 (texture, sampler) object, 2 compare function */\n"
    "  const unsigned (*textures)[6];\n"
    "  unsigned texture_count;\n"
    "} yusec_shader_entry;\n\n"
    "typedef struct yusec_shader {\n"
    "  const char *name;  /* the source's stem */\n"
    "  const char *wgsl, *msl, *ptx;  /* NULL when not built; ptx: the first arch's */\n"
    "  const yusec_shader_entry *entries;\n"
    "  unsigned entry_count;\n"
    "  const char *const *ptx_by_arch;        /* one text per ARCH, or NULL */\n"
    "  const yusec_shader_binary *cubin_by_arch;  /* one per ARCH, or NULL */\n"
    "  const yusec_shader_binary *fatbin_by_arch;\n"
    "} yusec_shader;\n"
    "#endif\n\n";

typedef struct TableWriter {
    StrBuf *out;
    Arena *arena;
    const char *prefix;  /* legalised stem, then _yusec */
} TableWriter;

/* `len` bytes as C string literals, one per line of text (or 32 bytes of a binary): printable
 * ASCII as is, the rest as three-digit octal escapes (which never absorb the next byte). */
static void put_literal(StrBuf *out, const char *bytes, size_t len, bool binary) {
    if (len == 0) {
        strbuf_puts(out, "\"\"");
        return;
    }
    strbuf_putc(out, '"');
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)bytes[i];
        bool plain = c >= 0x20 && c < 0x7F && c != '"' && c != '\\' && c != '?';
        if (plain) strbuf_putc(out, (char)c);
        else if (c == '\n' && !binary) strbuf_puts(out, "\\n");
        else strbuf_printf(out, "\\%03o", c);
        bool line_end = binary ? (i + 1) % 32 == 0 : c == '\n';
        if (line_end && i + 1 < len) strbuf_puts(out, "\"\n  \"");
    }
    strbuf_putc(out, '"');
}

static void put_text(TableWriter *w, const char *name, const StrBuf *text) {
    strbuf_printf(w->out, "static const char %s_%s[] =\n  ", w->prefix, name);
    put_literal(w->out, text->data, text->len, false);
    strbuf_puts(w->out, ";\n");
}

static void put_c_string(StrBuf *out, const char *text) {
    if (!text) {
        strbuf_putc(out, '0');
        return;
    }
    put_literal(out, text, strlen(text), false);
}

/* The lengths buffer's rows and the texture parameters of entry `i` (arrays named by i). */
static void put_entry_arrays(TableWriter *w, uint32_t i, const LibAbi *abi, const yusec_ptx_entry *e) {
    if (e->measured_count) {
        strbuf_printf(w->out, "static const unsigned %s_lengths_%u[][2] = {", w->prefix, i);
        for (size_t k = 0; k < e->measured_count; k++) {
            const yusec_resource *r = &abi->resources[e->measured[k]];
            strbuf_printf(w->out, "{%uu, %uu}, ", r->group, r->binding);
        }
        strbuf_puts(w->out, "};\n");
    }
    bool any = false;
    for (size_t s = 0; s < e->param_count; s++) {
        const yusec_ptx_param *p = &e->params[s];
        int kind = p->kind == YUSEC_PTX_TEXELS ? 0 : p->kind == YUSEC_PTX_SAMPLED ? 1 : p->kind == YUSEC_PTX_COMPARE ? 2 : -1;
        if (kind < 0) continue;
        if (!any) strbuf_printf(w->out, "static const unsigned %s_textures_%u[][6] = {", w->prefix, i);
        any = true;
        uint32_t sampler_group = p->group, sampler_binding = p->binding;
        if (p->kind == YUSEC_PTX_SAMPLED && p->sampler != YUSEC_NONE) {
            sampler_group = abi->resources[p->sampler].group;
            sampler_binding = abi->resources[p->sampler].binding;
        }
        strbuf_printf(w->out, "{%zuu, %du, %uu, %uu, %uu, %uu}, ", s, kind, p->group, p->binding, sampler_group,
                      sampler_binding);
    }
    if (any) strbuf_puts(w->out, "};\n");
}

static size_t texture_count(const yusec_ptx_entry *e) {
    size_t count = 0;
    for (size_t s = 0; s < e->param_count; s++)
        count += e->params[s].kind == YUSEC_PTX_TEXELS || e->params[s].kind == YUSEC_PTX_SAMPLED ||
                 e->params[s].kind == YUSEC_PTX_COMPARE;
    return count;
}

static const yusec_ptx_entry *ptx_entry(const LibAbi *abi, const LibEntry *row, uint32_t i) {
    return row->stage == IR_STAGE_COMPUTE && i < abi->entry_count ? abi->ptx_entries[i] : NULL;
}

static void put_entries(TableWriter *w, const LibEntryTable *entries, const LibAbi *abi) {
    for (uint32_t i = 0; i < entries->count; i++) {
        const yusec_ptx_entry *e = ptx_entry(abi, &entries->rows[i], i);
        if (e) put_entry_arrays(w, i, abi, e);
    }
    strbuf_printf(w->out, "static const yusec_shader_entry %s_entries[] = {\n", w->prefix);
    if (entries->count == 0) strbuf_puts(w->out, "  {0, 0, 0, 0, {0, 0, 0}, 0, 0, 0, 0},\n");
    for (uint32_t i = 0; i < entries->count; i++) {
        const LibEntry *row = &entries->rows[i];
        const yusec_ptx_entry *e = ptx_entry(abi, row, i);
        strbuf_puts(w->out, "  {");
        put_c_string(w->out, row->item);
        strbuf_puts(w->out, ", ");
        put_c_string(w->out, row->function);
        strbuf_printf(w->out, ", \"%s\", ", ir_stage_name(row->stage));
        put_c_string(w->out, e ? row->ptx_name : NULL);
        if (e) strbuf_printf(w->out, ", {%uu, %uu, %uu}", row->workgroup_size[0], row->workgroup_size[1], row->workgroup_size[2]);
        else strbuf_puts(w->out, ", {0, 0, 0}");
        if (e && e->measured_count) strbuf_printf(w->out, ", %s_lengths_%u, %zuu", w->prefix, i, e->measured_count);
        else strbuf_puts(w->out, ", 0, 0");
        size_t textures = e ? texture_count(e) : 0;
        if (textures) strbuf_printf(w->out, ", %s_textures_%u, %zuu", w->prefix, i, textures);
        else strbuf_puts(w->out, ", 0, 0");
        strbuf_puts(w->out, "},\n");
    }
    strbuf_puts(w->out, "};\n\n");
}

/* The PTX texts (one per arch) and a binary kind's blobs; "0" or the array's name in *field. */
static const char *put_per_arch(TableWriter *w, const char *kind, const StrBuf *const *items, size_t count) {
    if (!items) return "0";
    for (size_t k = 0; k < count; k++) {
        strbuf_printf(w->out, "static const char %s_%s_%zu[] =\n  ", w->prefix, kind, k);
        put_literal(w->out, items[k]->data, items[k]->len, strcmp(kind, "ptx") != 0);
        strbuf_puts(w->out, ";\n");
    }
    bool text = strcmp(kind, "ptx") == 0;
    strbuf_printf(w->out, text ? "static const char *const %s_%s_by_arch[] = {" : "static const yusec_shader_binary %s_%s_by_arch[] = {",
                  w->prefix, kind);
    for (size_t k = 0; k < count; k++) {
        if (text) strbuf_printf(w->out, "%s_%s_%zu, ", w->prefix, kind, k);
        else strbuf_printf(w->out, "{(const unsigned char *)%s_%s_%zu, %zuu}, ", w->prefix, kind, k, items[k]->len);
    }
    strbuf_puts(w->out, "};\n");
    return arena_printf(w->arena, "%s_%s_by_arch", w->prefix, kind);
}

void lib_shader_row_name(StrBuf *out, const char *stem) {
    strbuf_puts(out, "YUSEC_SHADER_ROW_");
    for (const unsigned char *c = (const unsigned char *)stem; *c; c++) strbuf_printf(out, "%02x", *c);
}

void lib_shader_table(StrBuf *out, const char *stem, const char *source, const LibShaderOutputs *outputs,
                      const LibEntryTable *entries, const LibAbi *abi) {
    Arena arena;
    arena_init(&arena);
    TableWriter w = {out, &arena, arena_printf(&arena, "%s_yusec", lib_c_name(&arena, stem))};
    StrBuf row;
    strbuf_init(&row);
    lib_shader_row_name(&row, stem);
    strbuf_puts(out, "/* Generated by yusec from ");
    lib_put_comment_text(out, source);
    strbuf_printf(out, "; do not edit.\n * This shader's texts, binaries and entries for yusec_add_shaders' <name>_shaders.h,\n"
                       " * which includes this file and lists %s in its table (docs/generated.md). */\n",
                  strbuf_cstr(&row));
    strbuf_printf(out, "#ifndef %s_TABLE_H\n#define %s_TABLE_H\n\n", w.prefix, w.prefix);
    strbuf_puts(out, TYPES);
    put_entries(&w, entries, abi);
    if (outputs->wgsl) put_text(&w, "wgsl", outputs->wgsl);
    if (outputs->msl) put_text(&w, "msl", outputs->msl);
    const char *ptx = put_per_arch(&w, "ptx", outputs->ptx, outputs->arch_count);
    const char *cubin = put_per_arch(&w, "cubin", outputs->cubin, outputs->arch_count);
    const char *fatbin = put_per_arch(&w, "fatbin", outputs->fatbin, outputs->arch_count);
    strbuf_printf(out, "\n/* This shader's row of the table */\n#define %s {", strbuf_cstr(&row));
    put_c_string(out, stem);
    strbuf_printf(out, ", %s%s, %s%s, %s%s, \\\n    %s_entries, %uu, %s, %s, %s}\n\n",
                  outputs->wgsl ? w.prefix : "0", outputs->wgsl ? "_wgsl" : "",
                  outputs->msl ? w.prefix : "0", outputs->msl ? "_msl" : "",
                  outputs->ptx ? w.prefix : "0", outputs->ptx ? "_ptx_0" : "",
                  w.prefix, entries->count, ptx, cubin, fatbin);
    strbuf_puts(out, "#endif\n");
    strbuf_free(&row);
    arena_free(&arena);
}
