/* The MSL target (spec 着九): module objects in source order, resources as function
 * parameters, entry signatures with Metal attributes, stage-in structs, and the entry table.
 * Function bodies come from the shared re-emitter (text_emit) with the MSL spelling of
 * msl_lang.c. */
#include <string.h>

#include "limits.h"
#include "registry.h"
#include "msl_internal.h"

/* Metal's argument tables (spec 着九): 31 buffers, 16 samplers, 128 textures per function;
 * the host puts group g, binding b at index g×16 + b. */
#define MSL_MAX_BUFFER 30u
#define MSL_MAX_SAMPLER 15u
#define MSL_MAX_TEXTURE 127u
#define MSL_GROUP_STRIDE 16u

/* ---- resources ---- */

bool msl_global_is_passed(const IrGlobal *g) {
    return g->space != IR_SPACE_FUNCTION;
}

static const IrType *type_of(const TextEmitter *em, IrTypeId id) { return ir_type(&em->m->types, id); }

static bool is_runtime_array(const TextEmitter *em, IrTypeId id) {
    const IrType *t = type_of(em, id);
    return t && t->kind == IR_TYPE_ARRAY && t->count == 0;
}

void msl_global_param(TextEmitter *em, StrBuf *out, IrGlobalId id) {
    const IrGlobal *g = ir_global(em->m, id);
    const char *name = em->names.globals[id];
    bool runtime = is_runtime_array(em, g->type);
    const char *space = "thread ";
    switch (g->space) {
    case IR_SPACE_STORAGE_READ: space = "const device "; break;
    case IR_SPACE_STORAGE_READ_WRITE: space = "device "; break;
    case IR_SPACE_UNIFORM: space = "constant "; break;
    case IR_SPACE_WORKGROUP: space = "threadgroup "; break;
    case IR_SPACE_HANDLE:
        te_type(em, out, g->type);
        strbuf_printf(out, " %s", name);
        return;
    default: break;
    }
    strbuf_puts(out, space);
    te_type(em, out, g->type);
    strbuf_printf(out, "%s %s", runtime ? "*" : "&", name);
}

/* The [[buffer(n)]] / [[texture(n)]] / [[sampler(n)]] of an entry's resource parameter, with
 * the slot limits the seed left unchecked (着九: samplers ≤ 15, buffers ≤ 30). */
static void binding_attr(TextEmitter *em, MslState *st, StrBuf *out, IrGlobalId id) {
    const IrGlobal *g = ir_global(em->m, id);
    const IrType *t = type_of(em, g->type);
    const char *kind = "buffer";
    uint32_t max = MSL_MAX_BUFFER;
    if (g->space == IR_SPACE_HANDLE && t) {
        bool sampler = t->kind == IR_TYPE_SAMPLER || t->kind == IR_TYPE_SAMPLER_COMPARISON;
        kind = sampler ? "sampler" : "texture";
        max = sampler ? MSL_MAX_SAMPLER : MSL_MAX_TEXTURE;
    }
    uint32_t index = g->group * MSL_GROUP_STRIDE + g->binding;
    strbuf_printf(out, " [[%s(%u)]]", kind, index);
    if (st->binding_reported[id]) return;
    if (g->binding >= MSL_GROUP_STRIDE) {
        st->binding_reported[id] = true;
        te_error(em, Y_BINDING_LIMIT, g->span, "资源「%s」的绑定号 %u 超过 15：金属按 组号×16＋绑定号 编序号，绑定号须小于 16",
                 g->name, g->binding);
    } else if (index > max) {
        st->binding_reported[id] = true;
        if (max == MSL_MAX_SAMPLER)
            te_error(em, Y_BINDING_LIMIT, g->span, "采样器「%s」在组 %u：金属的采样器序号只到 15，采样器与比较采样器只能放在组 0",
                     g->name, g->group);
        else if (max == MSL_MAX_BUFFER)
            te_error(em, Y_BINDING_LIMIT, g->span, "缓冲「%s」在组 %u 号 %u，金属序号 %u 超过 30：一个金属函数最多 31 个缓冲，组号只能用 0 与 1",
                     g->name, g->group, g->binding, index);
        else
            te_error(em, Y_BINDING_LIMIT, g->span, "纹理「%s」在组 %u：金属的纹理序号只到 127", g->name, g->group);
    }
}

/* 数组长度 of anything but a storage buffer itself has no size the host could pass. */
static void check_length_operands(TextEmitter *em) {
    const IrModule *m = em->m;
    for (uint32_t f = 0; f < ir_function_count(m); f++) {
        const IrFunction *fn = ir_function(m, f);
        for (uint32_t k = 0; k < fn->inst_count; k++) {
            const IrInst *inst = &fn->insts[k];
            if (inst->op == IR_OP_ARRAY_LENGTH && ir_length_target(fn, inst) == IR_NONE)
                te_error(em, Y_UNSUPPORTED_BY_TARGET, inst->span, "函数「%s」：「数组长度」的实参须直接是存储缓冲", fn->name);
        }
    }
}

/* Which globals each function uses, and whose 数组长度 it takes, directly or through the
 * functions it calls: ir/abi's reach, the one the PTX kernels and the host use, for all
 * functions at once (linear in the module, not in functions × functions). */
static void collect_uses(TextEmitter *em, MslState *st) {
    const IrModule *m = em->m;
    uint32_t nf = ir_function_count(m);
    st->uses = arena_alloc_array(&em->arena, nf + 1, sizeof *st->uses);
    st->measures = arena_alloc_array(&em->arena, nf + 1, sizeof *st->measures);
    ir_reach_each(&em->arena, m, st->uses, st->measures);
    check_length_operands(em);
}

/* 数组长度 (ir/abi.h): names of the lengths buffer and of the helpers' size parameters. */
static void name_lengths(TextEmitter *em, MslState *st) {
    const IrModule *m = em->m;
    uint32_t ng = ir_global_count(m);
    st->length_names = arena_alloc_array(&em->arena, ng + 1, sizeof *st->length_names);
    for (uint32_t f = 0; f < ir_function_count(m); f++)
        for (uint32_t k = 0; k < st->measures[f].count; k++) {
            IrGlobalId g = st->measures[f].ids[k];
            if (!st->length_names[g])
                st->length_names[g] = name_set_claim(&em->names.module,
                                                     arena_printf(&em->arena, "yy_%s_字节数", em->names.globals[g]));
        }
    st->lengths_buffer = name_set_claim(&em->names.module, "yy_长度");
}

/* The length list of an entry function: ir/abi.c's order, the one the host fills. */
static IrBufferParams *entry_length_list(TextEmitter *em, MslState *st, IrFuncId func) {
    IrBufferParams *params = arena_alloc(&em->arena, sizeof *params);
    if (!ir_buffer_params_of(&em->arena, em->m, st->uses[func], st->measures[func], params))
        memset(params, 0, sizeof *params);
    return params;
}

const char *msl_length_bytes(TextEmitter *em, IrGlobalId global) {
    const MslState *st = em->user;
    const IrBufferParams *list = st->entry_lengths[em->f->id];
    if (!list) return st->length_names[global];
    uint32_t k = ir_length_slot(list, global);
    return arena_printf(&em->arena, "%s[%u]", st->lengths_buffer, k == IR_NONE ? 0 : k);
}

/* ---- entries ---- */

static const char *builtin_attr(IrBuiltin b) {
    switch (b) {
    case IR_BUILTIN_POSITION: return "position";
    case IR_BUILTIN_VERTEX_INDEX: return "vertex_id";
    case IR_BUILTIN_INSTANCE_INDEX: return "instance_id";
    case IR_BUILTIN_FRONT_FACING: return "front_facing";
    case IR_BUILTIN_FRAG_DEPTH: return "depth(any)";
    case IR_BUILTIN_SAMPLE_INDEX: return "sample_id";
    case IR_BUILTIN_SAMPLE_MASK: return "sample_mask";
    case IR_BUILTIN_LOCAL_INVOCATION_ID: return "thread_position_in_threadgroup";
    case IR_BUILTIN_LOCAL_INVOCATION_INDEX: return "thread_index_in_threadgroup";
    case IR_BUILTIN_GLOBAL_INVOCATION_ID: return "thread_position_in_grid";
    case IR_BUILTIN_WORKGROUP_ID: return "threadgroup_position_in_grid";
    case IR_BUILTIN_NUM_WORKGROUPS: return "threadgroups_per_grid";
    case IR_BUILTIN_SUBGROUP_INVOCATION_ID: return "thread_index_in_simdgroup";
    case IR_BUILTIN_SUBGROUP_SIZE: return "threads_per_simdgroup";
    default: return "_";
    }
}

static const char *stage_word(IrStage stage) {
    return stage == IR_STAGE_VERTEX ? "顶点" : stage == IR_STAGE_FRAGMENT ? "片元" : "计算";
}

/* A struct returned by vertex/fragment entries carries its attributes on the fields; one
 * struct returned by several entries must mean the same thing in each. */
static void note_output_struct(TextEmitter *em, MslState *st, const IrEntry *e, IrTypeId type) {
    const IrType *t = type_of(em, type);
    const IrIo *io = &e->result;
    if (!t || t->kind != IR_TYPE_STRUCT || io->field_count != t->field_count) {
        te_error(em, Y_TARGET_ENTRY, e->span, "入口「%s」的结构返回值与结构的字段不符", e->name);
        return;
    }
    for (uint32_t i = 0; i < io->field_count; i++) {
        const IrIo *f = &io->fields[i];
        bool ok = f->kind == IR_IO_LOCATION;
        if (f->kind == IR_IO_BUILTIN)
            ok = e->stage == IR_STAGE_VERTEX ? f->builtin == IR_BUILTIN_POSITION
                                             : f->builtin == IR_BUILTIN_FRAG_DEPTH || f->builtin == IR_BUILTIN_SAMPLE_MASK;
        if (!ok) {
            te_error(em, Y_TARGET_ENTRY, e->span, "入口「%s」：%s输出结构「%s」的字段「%s」在金属里没有对应的属性", e->name,
                     stage_word(e->stage), t->name, t->fields[i].name);
            return;
        }
    }
    const IrIo *seen = st->out_io[type];
    if (!seen) {
        st->out_io[type] = io;
        st->out_stage[type] = e->stage;
        return;
    }
    bool same = st->out_stage[type] == e->stage;
    for (uint32_t i = 0; same && i < io->field_count; i++) same = te_io_binds_alike(&seen->fields[i], &io->fields[i]);
    if (!same) te_error(em, Y_TARGET_ENTRY, e->span, "结构「%s」在几个入口里作输出，属性不一致", t->name);
}

static void check_result(TextEmitter *em, MslState *st, const IrEntry *e, const IrFunction *f) {
    const IrIo *r = &e->result;
    if (r->kind == IR_IO_STRUCT) {
        if (e->stage == IR_STAGE_COMPUTE) te_error(em, Y_TARGET_ENTRY, e->span, "计算入口「%s」不能有返回值", e->name);
        else note_output_struct(em, st, e, f->return_type);
    } else if (e->stage == IR_STAGE_VERTEX && r->kind != IR_IO_NONE &&
               !(r->kind == IR_IO_BUILTIN && r->builtin == IR_BUILTIN_POSITION)) {
        te_error(em, Y_TARGET_ENTRY, e->span, "顶点入口「%s」只能返回裁剪位置或结构（金属把单独的 float4 返回值当作位置）", e->name);
    } else if (e->stage == IR_STAGE_FRAGMENT && r->kind == IR_IO_BUILTIN) {
        te_error(em, Y_TARGET_ENTRY, e->span, "片元入口「%s」单独返回内建量「%s」：金属里请返回结构", e->name,
                 ir_builtin_name(r->builtin));
    } else if (e->stage == IR_STAGE_FRAGMENT && r->kind == IR_IO_LOCATION && r->location != 0) {
        te_error(em, Y_TARGET_ENTRY, e->span, "片元入口「%s」单独返回的颜色只能是位置 0（颜色目标 0），其余请返回结构", e->name);
    }
}

/* An entry's length list, result and workgroup memory (te_collect_entries' check). */
static void check_entry(TextEmitter *em, const IrEntry *e, const IrFunction *f) {
    MslState *st = em->user;
    const IrModule *m = em->m;
    st->entry_lengths[e->func] = entry_length_list(em, st, e->func);
    check_result(em, st, e, f);
    for (uint32_t k = 0; k < st->uses[e->func].count; k++) {
        const IrGlobal *gl = ir_global(m, st->uses[e->func].ids[k]);
        if (gl->space == IR_SPACE_WORKGROUP && e->stage != IR_STAGE_COMPUTE)
            te_error(em, Y_TARGET_ENTRY, e->span, "%s入口「%s」用到工作组变量「%s」：金属只有计算函数有线程组内存",
                     stage_word(e->stage), e->name, gl->name);
    }
}

/* ---- module objects ---- */

bool msl_field_is_packed(const TextEmitter *em, IrTypeId strct, uint32_t field) {
    const MslState *st = em->user;
    const IrType *t = type_of(em, strct);
    if (!t || t->kind != IR_TYPE_STRUCT || field >= t->field_count || !st->in_buffer[strct] || st->out_io[strct])
        return false;
    const IrType *ft = type_of(em, t->fields[field].type);
    if (!ft || ft->kind != IR_TYPE_VECTOR || ft->count != 3) return false;
    const IrTypeTable *types = &em->m->types;
    uint32_t natural = 4 * ir_type_size(types, ft->elem);  /* Metal's size of a 3-vector */
    return ir_struct_field_room(types, strct, field) < natural;
}

/* Marks `type` and the structs and arrays inside it. */
static void mark_in_buffer(const TextEmitter *em, bool *marked, IrTypeId type) {
    const IrType *t = type_of(em, type);
    if (!t || marked[type]) return;
    marked[type] = true;
    if (t->kind == IR_TYPE_ARRAY) mark_in_buffer(em, marked, t->elem);
    if (t->kind == IR_TYPE_STRUCT)
        for (uint32_t i = 0; i < t->field_count; i++) mark_in_buffer(em, marked, t->fields[i].type);
}

static void collect_buffer_types(TextEmitter *em, MslState *st) {
    st->in_buffer = arena_alloc_array(&em->arena, em->m->types.count + 1, sizeof *st->in_buffer);
    for (uint32_t g = 0; g < ir_global_count(em->m); g++)
        if (ir_global_is_buffer(ir_global(em->m, g))) mark_in_buffer(em, st->in_buffer, ir_global(em->m, g)->type);
}

static void emit_struct(TextEmitter *em, const MslState *st, StrBuf *out, IrTypeId id) {
    const IrType *t = type_of(em, id);
    const IrIo *io = st->out_io[id];
    strbuf_printf(out, "struct %s {\n", em->names.structs[id]);
    for (uint32_t i = 0; i < t->field_count; i++) {
        if (is_runtime_array(em, t->fields[i].type))
            te_error(em, Y_UNSUPPORTED_BY_TARGET, (Span){0}, "结构「%s」的字段「%s」是运行期数组：MSL 目标不支持（请把数组单独绑定）", t->name,
                     t->fields[i].name);
        strbuf_indent(out, 1);
        if (msl_field_is_packed(em, id, i)) {  /* WGSL's offsets: the next field may start at +12 */
            strbuf_printf(out, "alignas(%u) packed_", ir_type_align(&em->m->types, t->fields[i].type));
        }
        te_type(em, out, t->fields[i].type);
        strbuf_printf(out, " %s", em->names.fields[id][i]);
        const IrIo *f = io && i < io->field_count ? &io->fields[i] : NULL;
        if (f && f->kind == IR_IO_BUILTIN) strbuf_printf(out, " [[%s]]", builtin_attr(f->builtin));
        else if (f && st->out_stage[id] == IR_STAGE_VERTEX) strbuf_printf(out, " [[user(loc%u)]]", f->location);
        else if (f) strbuf_printf(out, " [[color(%u)]]", f->location);
        strbuf_puts(out, ";\n");
    }
    strbuf_puts(out, "};\n");
}

/* The helper for atomic compare-exchange, giving back WGSL's result struct. A template over
 * the pointer, so one helper serves device and threadgroup atomics. */
static void emit_cmpxchg_helper(TextEmitter *em, const MslState *st, StrBuf *out, IrTypeId id) {
    const IrType *t = type_of(em, id);
    const char *s = em->names.structs[id];
    const char *v = te_type_text(em, t->fields[0].type);
    strbuf_printf(out,
                  "template <typename P>\n"
                  "%s %s(P p, %s cmp, %s v) {\n"
                  "  %s old = cmp;\n"
                  "  const bool ok = atomic_compare_exchange_weak_explicit(p, &old, v, memory_order_relaxed, "
                  "memory_order_relaxed);\n"
                  "  return %s{old, ok};\n"
                  "}\n",
                  s, st->cmpxchg[id], v, v, v, s);
}

static void emit_constant(TextEmitter *em, StrBuf *out, IrConstId id) {
    const IrConstant *c = ir_constant(em->m, id);
    strbuf_puts(out, "constant ");
    te_type(em, out, c->type);
    strbuf_printf(out, " %s = %s;\n", em->names.constants[id], te_literal_text(em, &c->value, c->span));
}

/* ---- functions ---- */

static void prologue_add(TextEmitter *em, MslState *st, const char *line) {
    if (st->prologue_count == st->prologue_cap) {
        uint32_t cap = st->prologue_cap ? st->prologue_cap * 2 : 8;
        const char **lines = arena_alloc_array(&em->arena, cap, sizeof *lines);
        if (st->prologue_count) memcpy(lines, st->prologue, st->prologue_count * sizeof *lines);
        st->prologue = lines;
        st->prologue_cap = cap;
    }
    st->prologue[st->prologue_count++] = line;
}

/* A function's parameter list is built piecewise: its own parameters, then resources. */
typedef struct Params {
    StrBuf text;
    bool any;
} Params;

static StrBuf *param_next(Params *p) {
    if (p->any) strbuf_puts(&p->text, ", ");
    p->any = true;
    return &p->text;
}

static void plain_param(TextEmitter *em, Params *p, const IrFunction *f, uint32_t i) {
    IrTypeId t = ir_value_type(f, f->params[i]);
    const IrType *pt = type_of(em, t);
    if (pt && pt->kind == IR_TYPE_POINTER && is_runtime_array(em, pt->elem))
        te_error(em, Y_UNSUPPORTED_BY_TARGET, f->span, "函数「%s」：MSL 目标不支持指向运行期数组的指针参数", f->name);
    StrBuf *out = param_next(p);
    te_type(em, out, t);
    strbuf_printf(out, " %s", te_param_name(em, i));
}

/* The stage-in struct yy_函数名_入 of a vertex/fragment entry (着九), built field by field. */
typedef struct StageIn {
    StrBuf fields;
    NameSet names;
    uint32_t count;
} StageIn;

static const char *stage_in_field(TextEmitter *em, StageIn *in, const IrEntry *e, IrTypeId type, const char *name,
                                  const IrIo *io) {
    const char *field = name_set_claim(&in->names, name);
    strbuf_indent(&in->fields, 1);
    te_type(em, &in->fields, type);
    strbuf_printf(&in->fields, " %s", field);
    if (e->stage == IR_STAGE_VERTEX) {
        strbuf_printf(&in->fields, " [[attribute(%u)]]", io->location);
    } else {
        strbuf_printf(&in->fields, " [[user(loc%u)]]", io->location);
        if (te_io_is_flat(em, type, io, true)) strbuf_puts(&in->fields, " [[flat]]");
    }
    strbuf_puts(&in->fields, ";\n");
    in->count++;
    return field;
}

static void builtin_param(TextEmitter *em, Params *p, IrTypeId type, const char *name, const IrIo *io) {
    StrBuf *out = param_next(p);
    te_type(em, out, type);
    strbuf_printf(out, " %s [[%s]]", name, builtin_attr(io->builtin));
}

/* Entry parameters: builtins as attributed parameters, locations into the stage-in struct,
 * struct parameters expanded (参数名_字段名) and rebuilt in the prologue. */
static void entry_params(TextEmitter *em, MslState *st, Params *p, StageIn *in, const IrEntry *e,
                         const IrFunction *f, const char *in_param) {
    for (uint32_t i = 0; i < f->param_count; i++) {
        IrTypeId t = ir_value_type(f, f->params[i]);
        if (te_is_void(em, t)) continue;
        const IrIo *io = i < e->param_count ? &e->params[i] : NULL;
        const char *name = te_param_name(em, i);
        if (!io || io->kind == IR_IO_NONE) {
            plain_param(em, p, f, i);
        } else if (io->kind == IR_IO_BUILTIN) {
            builtin_param(em, p, t, name, io);
        } else if (io->kind == IR_IO_LOCATION) {
            const IrValue *v = ir_value(f, f->params[i]);
            const char *field = stage_in_field(em, in, e, t, v && v->name ? v->name : name, io);
            prologue_add(em, st, arena_printf(&em->arena, "const %s %s = %s.%s;", te_type_text(em, t), name,
                                              in_param, field));
        } else {
            const IrType *s = type_of(em, t);
            if (!s || s->kind != IR_TYPE_STRUCT || s->field_count != io->field_count) {
                te_error(em, Y_TARGET_ENTRY, e->span, "入口「%s」的结构参数与结构的字段不符", e->name);
                continue;
            }
            StrBuf rebuilt;
            strbuf_init(&rebuilt);
            strbuf_printf(&rebuilt, "const %s %s = %s{", em->names.structs[t], name, em->names.structs[t]);
            for (uint32_t k = 0; k < s->field_count; k++) {
                const char *fname = em->names.fields[t][k];
                if (k) strbuf_puts(&rebuilt, ", ");
                if (io->fields[k].kind == IR_IO_BUILTIN) {
                    const char *pname = name_set_claim(&em->locals, arena_printf(&em->arena, "%s_%s", name, fname));
                    builtin_param(em, p, s->fields[k].type, pname, &io->fields[k]);
                    strbuf_puts(&rebuilt, pname);
                } else {
                    const char *field = stage_in_field(em, in, e, s->fields[k].type, fname, &io->fields[k]);
                    strbuf_printf(&rebuilt, "%s.%s", in_param, field);
                }
            }
            strbuf_puts(&rebuilt, "};");
            prologue_add(em, st, arena_strdup(&em->arena, strbuf_cstr(&rebuilt)));
            strbuf_free(&rebuilt);
        }
    }
}

/* After the resources, what 数组长度 needs (ir/abi.h): an entry takes the lengths buffer at
 * [[buffer(30)]], a helper one `uint` size in bytes per buffer it measures. */
static void length_params(TextEmitter *em, MslState *st, Params *p, const IrFunction *f, const IrEntry *e) {
    const IrModule *m = em->m;
    if (e) {
        const IrBufferParams *list = st->entry_lengths[f->id];
        if (!list || list->length_count == 0) return;
        strbuf_printf(param_next(p), "constant uint* %s [[buffer(%u)]]", st->lengths_buffer, IR_ABI_MSL_LENGTHS_INDEX);
        for (uint32_t k = 0; k < st->uses[f->id].count; k++) {
            const IrGlobal *gl = ir_global(m, st->uses[f->id].ids[k]);
            if (ir_global_is_buffer(gl) &&
                gl->group * MSL_GROUP_STRIDE + gl->binding == IR_ABI_MSL_LENGTHS_INDEX)
                te_error(em, Y_TARGET_ENTRY, gl->span, "缓冲「%s」占了金属序号 %u，而入口「%s」用到「数组长度」：宿主在序号 %u 传数组长度",
                         gl->name, IR_ABI_MSL_LENGTHS_INDEX, e->name, IR_ABI_MSL_LENGTHS_INDEX);
        }
        return;
    }
    for (uint32_t k = 0; k < st->measures[f->id].count; k++)
        strbuf_printf(param_next(p), "uint %s", st->length_names[st->measures[f->id].ids[k]]);
}

/* Resources after the function's own parameters; an entry declares its workgroup and
 * private variables in its body instead (threadgroup T 名; / T 名 = {};). */
static void resource_params(TextEmitter *em, MslState *st, Params *p, const IrFunction *f, const IrEntry *e) {
    const IrModule *m = em->m;
    for (uint32_t k = 0; k < st->uses[f->id].count; k++) {
        IrGlobalId g = st->uses[f->id].ids[k];
        const IrGlobal *gl = ir_global(m, g);
        if (!msl_global_is_passed(gl)) continue;
        if (gl->type < m->types.count) {
            const IrType *t = type_of(em, gl->type);
            if (t && t->kind == IR_TYPE_STRUCT && t->field_count &&
                is_runtime_array(em, t->fields[t->field_count - 1].type) && !st->binding_reported[g]) {
                st->binding_reported[g] = true;
                te_error(em, Y_UNSUPPORTED_BY_TARGET, gl->span, "缓冲「%s」的结构末尾是运行期数组：MSL 目标不支持，请把数组单独绑定", gl->name);
            }
        }
        if (e && (gl->space == IR_SPACE_WORKGROUP || gl->space == IR_SPACE_PRIVATE)) {
            const char *type = te_type_text(em, gl->type);
            const char *name = em->names.globals[g];
            prologue_add(em, st, gl->space == IR_SPACE_WORKGROUP
                                     ? arena_printf(&em->arena, "threadgroup %s %s;", type, name)
                                     : arena_printf(&em->arena, "%s %s = {};", type, name));
            continue;
        }
        msl_global_param(em, param_next(p), g);
        if (e) binding_attr(em, st, &p->text, g);
    }
    length_params(em, st, p, f, e);
}

static void emit_function(TextEmitter *em, MslState *st, StrBuf *out, const IrFunction *f) {
    const IrEntry *e = em->entry_of[f->id];
    te_begin_function(em, f);
    st->prologue_count = 0;
    Params p = {.any = false};
    strbuf_init(&p.text);
    StageIn in = {.count = 0};
    strbuf_init(&in.fields);
    name_set_init(&in.names, &em->arena);
    const char *in_param = e && e->stage != IR_STAGE_COMPUTE ? name_set_claim(&em->locals, "yy_入") : NULL;
    /* Workgroup and private variables are declared first, then the inputs are taken apart. */
    resource_params(em, st, &p, f, e);
    Params own = {.any = false};
    strbuf_init(&own.text);
    if (e) entry_params(em, st, &own, &in, e, f, in_param);
    else
        for (uint32_t i = 0; i < f->param_count; i++)
            if (!te_is_void(em, ir_value_type(f, f->params[i]))) plain_param(em, &own, f, i);

    if (in.count) {
        const char *sname = name_set_claim(&em->names.module, arena_printf(&em->arena, "yy_%s_入", em->names.functions[f->id]));
        strbuf_printf(out, "struct %s {\n%s};\n\n", sname, strbuf_cstr(&in.fields));
        StrBuf *slot = param_next(&own);
        strbuf_printf(slot, "%s %s [[stage_in]]", sname, in_param);
    }
    if (!e) {
        te_type(em, out, f->return_type);
    } else if (e->stage == IR_STAGE_COMPUTE) {
        const uint32_t *w = e->workgroup_size;
        strbuf_printf(out, "[[max_total_threads_per_threadgroup(%u)]] kernel void", w[0] * w[1] * w[2]);
    } else {
        strbuf_puts(out, e->stage == IR_STAGE_VERTEX ? "vertex " : "fragment ");
        te_type(em, out, f->return_type);
    }
    strbuf_printf(out, " %s(%s", em->names.functions[f->id], strbuf_cstr(&own.text));
    if (own.any && p.any) strbuf_puts(out, ", ");
    strbuf_printf(out, "%s) {\n", strbuf_cstr(&p.text));
    strbuf_free(&p.text);
    strbuf_free(&own.text);
    strbuf_free(&in.fields);

    te_emit_body(em, out);
}

/* ---- the module ---- */

static void plan_cmpxchg(TextEmitter *em, MslState *st) {
    const IrModule *m = em->m;
    for (uint32_t i = 0; i < ir_function_count(m); i++) {
        const IrFunction *f = ir_function(m, i);
        for (uint32_t k = 0; k < f->inst_count; k++) {
            const IrInst *inst = &f->insts[k];
            if (inst->op != IR_OP_ATOMIC_COMPARE_EXCHANGE || inst->result_count != 1) continue;
            IrTypeId rt = ir_value_type(f, inst->results[0]);
            const IrType *t = type_of(em, rt);
            if (!t || t->kind != IR_TYPE_STRUCT || t->field_count != 2 || st->cmpxchg[rt]) continue;
            st->cmpxchg[rt] = name_set_claim(&em->names.module, "yy_atomic_compare_exchange");
        }
    }
}

static bool one_liner(TeItemKind kind) { return kind == TE_ITEM_CONSTANT; }

/* Writing in source order, but C++ wants a name declared before its use: a function's
 * callees and constants are written just before it when the source has them later. */
typedef struct Writer {
    TextEmitter *em;
    MslState *st;
    StrBuf *text;
    uint8_t *done_fn, *done_const;  /* 1 written (or being written), per function / constant */
    TeItemKind prev;
} Writer;

static void write_item(Writer *w, TeItem item);

static void write_dependencies(Writer *w, const IrFunction *f) {
    const IrModule *m = w->em->m;
    for (uint32_t k = 0; k < f->inst_count; k++) {
        const IrInst *inst = &f->insts[k];
        if (inst->op == IR_OP_CALL && inst->symbol < ir_function_count(m) && !w->done_fn[inst->symbol])
            write_item(w, (TeItem){TE_ITEM_FUNCTION, inst->symbol});
        else if (inst->op == IR_OP_CONSTANT && inst->symbol < ir_constant_count(m) && !w->done_const[inst->symbol])
            write_item(w, (TeItem){TE_ITEM_CONSTANT, inst->symbol});
    }
}

static void write_item(Writer *w, TeItem item) {
    if (item.kind == TE_ITEM_GLOBAL) return;  /* resources are parameters (着九) */
    if (item.kind == TE_ITEM_FUNCTION) {
        if (w->done_fn[item.id]) return;
        w->done_fn[item.id] = 1;
        write_dependencies(w, ir_function(w->em->m, item.id));
    } else if (item.kind == TE_ITEM_CONSTANT) {
        if (w->done_const[item.id]) return;
        w->done_const[item.id] = 1;
    }
    if (!(one_liner(item.kind) && w->prev == item.kind)) strbuf_putc(w->text, '\n');
    switch (item.kind) {
    case TE_ITEM_STRUCT: emit_struct(w->em, w->st, w->text, item.id); break;
    case TE_ITEM_CONSTANT: emit_constant(w->em, w->text, item.id); break;
    case TE_ITEM_FUNCTION: emit_function(w->em, w->st, w->text, ir_function(w->em->m, item.id)); break;
    default: break;
    }
    w->prev = item.kind;
}

bool msl_emit(const IrModule *module, const TargetEmitOptions *options, TargetOutput *output,
             DiagEngine *diag) {
    (void)options;
    if (!target_check_limits(module, &TARGET_LIMITS_MSL, diag)) return false;
    StrBuf text;
    strbuf_init(&text);
    TextEmitter em;
    te_init(&em, &msl_lang, module, diag, &text);
    MslState st = {0};
    em.user = &st;
    uint32_t types = module->types.count + 1;
    st.out_io = arena_alloc_array(&em.arena, types, sizeof *st.out_io);
    st.out_stage = arena_alloc_array(&em.arena, types, sizeof *st.out_stage);
    st.cmpxchg = arena_alloc_array(&em.arena, types, sizeof *st.cmpxchg);
    st.binding_reported = arena_alloc_array(&em.arena, ir_global_count(module) + 1, sizeof *st.binding_reported);
    TeItem *items = NULL;
    uint32_t count = te_module_order(&em, &items);
    te_assign_module_names(&em, items, count);
    st.entry_lengths = arena_alloc_array(&em.arena, ir_function_count(module) + 1, sizeof *st.entry_lengths);
    collect_uses(&em, &st);
    collect_buffer_types(&em, &st);
    name_lengths(&em, &st);
    te_collect_entries(&em, check_entry);
    plan_cmpxchg(&em, &st);
    msl_plan_tensor(&em, &st);
    msl_check_tensor_entries(&em, &st);
    msl_check_ptx_only_tensor_ops(&em);
    te_reject_hopper(&em, "金属");

    msl_tensor_includes(&st, &text);
    strbuf_puts(&text, "#include <metal_stdlib>\nusing namespace metal;\n");
    msl_tensor_prelude(&st, &text);
    if (msl_check_fragments(&em)) {
        msl_fragment_prelude(&text);
        if (msl_uses_fragment_elements(module)) msl_fragment_element_prelude(&text);
    }
    if (em.failed) {  /* 整八 fragments: nothing more to say about this module */
        te_free(&em);
        strbuf_free(&text);
        return false;
    }
    Writer w = {&em, &st, &text, arena_alloc_array(&em.arena, ir_function_count(module) + 1, 1),
                arena_alloc_array(&em.arena, ir_constant_count(module) + 1, 1), TE_ITEM_STRUCT};
    bool helpers = false;
    for (uint32_t i = 0; i <= count; i++) {
        /* The compare-exchange helpers follow the structs they return. */
        if (!helpers && (i == count || items[i].kind != TE_ITEM_STRUCT)) {
            helpers = true;
            for (IrTypeId t = 0; t < module->types.count; t++) {
                if (!st.cmpxchg[t]) continue;
                strbuf_putc(&text, '\n');
                emit_cmpxchg_helper(&em, &st, &text, t);
            }
        }
        if (i == count) break;
        write_item(&w, items[i]);
    }
    bool ok = !em.failed;
    if (ok) {
        strbuf_append(output->text, text.data ? text.data : "", text.len);
        target_name_entries(output, module, em.names.functions, false);
    }
    te_free(&em);
    strbuf_free(&text);
    return ok;
}
