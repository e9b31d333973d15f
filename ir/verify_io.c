/* The verifier's entry IO rules (verify_io.h). Each direction (inputs, outputs) of one entry
 * is walked once: every binding is checked for the entry's stage and noted, so that a builtin
 * or location used twice in one direction is reported at its second use. */
#include <stdarg.h>
#include <string.h>

#include "io_builtins.h"
#include "verify_io.h"

/* location_seen covers every bound */
_Static_assert(IR_VERTEX_INPUT_LOCATIONS <= IR_INTER_STAGE_LOCATIONS && IR_COLOR_LOCATIONS <= IR_INTER_STAGE_LOCATIONS,
               "IoDirection.location_seen must hold the largest location bound");

typedef struct IoDirection {
    bool input;
    const char *word;                        /* 输入 / 输出 */
    bool builtin_seen[IR_BUILTIN_COUNT];
    bool location_seen[IR_INTER_STAGE_LOCATIONS];
    bool has_position;
} IoDirection;

typedef struct IoCheck {
    const IrModule *m;
    const IrEntry *e;
    DiagEngine *diag;
    StrBuf place;                            /* 第 1 个参数 / 返回值 / …的第 2 个字段 */
    StrBuf scratch;
    bool ok;
} IoCheck;

static const char *stage_word(IrStage stage) {
    return stage == IR_STAGE_VERTEX ? "顶点" : stage == IR_STAGE_FRAGMENT ? "片元" : "计算";
}

static void io_error(IoCheck *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* 入口「e」的<place>绑定不对：<why>, at the entry. */
static void io_error(IoCheck *c, const char *fmt, ...) {
    StrBuf why;
    strbuf_init(&why);
    va_list args;
    va_start(args, fmt);
    strbuf_vprintf(&why, fmt, args);
    va_end(args);
    c->ok = false;
    diag_error(c->diag, Y_ENTRY_IO_BINDING, c->e->span, "入口「%s」的%s绑定不对：%s", c->e->name, strbuf_cstr(&c->place),
               strbuf_cstr(&why));
    strbuf_free(&why);
}

static const char *type_text(IoCheck *c, IrTypeId type) {
    strbuf_clear(&c->scratch);
    if (ir_type(&c->m->types, type)) ir_print_type(&c->scratch, &c->m->types, type);
    else strbuf_puts(&c->scratch, "（无）");
    return strbuf_cstr(&c->scratch);
}

static void check_builtin(IoCheck *c, IoDirection *dir, const IrIo *io, IrTypeId type) {
    const IrBuiltinInfo *info = ir_builtin_info(io->builtin);
    const char *name = ir_builtin_name(io->builtin);
    if (!info) {
        io_error(c, "未知的内建输入输出");
        return;
    }
    unsigned stages = dir->input ? info->inputs : info->outputs;
    if (!(stages & IR_STAGE_BIT(c->e->stage))) {
        io_error(c, "@builtin(%s) 不能作%s入口的%s", name, stage_word(c->e->stage), dir->word);
    }
    if (!ir_builtin_type_ok(&c->m->types, io->builtin, type)) {
        io_error(c, "@builtin(%s) 的类型须是 %s，这里是 %s", name, info->type_text, type_text(c, type));
    }
    if (dir->builtin_seen[io->builtin]) {
        io_error(c, "@builtin(%s) 在%s里重复", name, dir->word);
    }
    dir->builtin_seen[io->builtin] = true;
    if (io->builtin == IR_BUILTIN_POSITION) dir->has_position = true;
}

/* The locations of this direction of this stage are below the returned bound; *what names it. */
static uint32_t location_bound(IrStage stage, bool input, const char **what) {
    if (stage == IR_STAGE_VERTEX && input) {
        *what = "顶点输入";
        return IR_VERTEX_INPUT_LOCATIONS;
    }
    if (stage == IR_STAGE_FRAGMENT && !input) {
        *what = "片元输出（颜色目标）";
        return IR_COLOR_LOCATIONS;
    }
    *what = "顶点输出与片元输入";
    return IR_INTER_STAGE_LOCATIONS;
}

static void check_location(IoCheck *c, IoDirection *dir, const IrIo *io, IrTypeId type) {
    IrStage stage = c->e->stage;
    if (stage == IR_STAGE_COMPUTE) {
        io_error(c, "计算入口不能用 @location（只能是内建输入）");
        return;
    }
    uint32_t lanes = ir_type_lanes(&c->m->types, type);
    if (!ir_type_is_numeric(&c->m->types, type) || lanes < 1 || lanes > 4) {
        io_error(c, "@location(%u) 的类型须是数值标量或向量，这里是 %s", io->location,
                 type_text(c, type));
    }
    bool interpolated = (stage == IR_STAGE_VERTEX && !dir->input) || (stage == IR_STAGE_FRAGMENT && dir->input);
    if (io->flat && !interpolated) {
        io_error(c, "@location(%u) 的 flat 插值只用于顶点输出与片元输入", io->location);
    }
    const char *what = NULL;
    uint32_t bound = location_bound(stage, dir->input, &what);
    if (io->location >= bound) {
        io_error(c, "@location(%u) 超出上限：%s的位置须小于 %u", io->location, what, bound);
        return;
    }
    if (dir->location_seen[io->location]) {
        io_error(c, "@location(%u) 在%s里重复", io->location, dir->word);
    }
    dir->location_seen[io->location] = true;
}

static void check_leaf(IoCheck *c, IoDirection *dir, const IrIo *io, IrTypeId type) {
    if (io->kind == IR_IO_BUILTIN) check_builtin(c, dir, io, type);
    else if (io->kind == IR_IO_LOCATION) check_location(c, dir, io, type);
    else io_error(c, "%s", io->kind == IR_IO_NONE ? "缺少绑定" : "结构绑定不能嵌套");
}

/* Back to the first `len` bytes of the place (a field's suffix off). */
static void place_cut(IoCheck *c, size_t len) {
    c->place.len = len;
    if (c->place.data) c->place.data[len] = '\0';
}

static void check_struct(IoCheck *c, IoDirection *dir, const IrIo *io, IrTypeId type) {
    const IrType *t = ir_type(&c->m->types, type);
    if (!t || t->kind != IR_TYPE_STRUCT || t->field_count != io->field_count) {
        io_error(c, "结构绑定有 %u 个字段，类型 %s 却%s", io->field_count, type_text(c, type),
                 t && t->kind == IR_TYPE_STRUCT ? "字段个数不同" : "不是结构");
        return;
    }
    size_t at = c->place.len;
    for (uint32_t i = 0; i < io->field_count; i++) {
        strbuf_printf(&c->place, "的第 %u 个字段", i + 1);
        check_leaf(c, dir, &io->fields[i], t->fields[i].type);
        place_cut(c, at);
    }
}

static void check_io(IoCheck *c, IoDirection *dir, const IrIo *io, IrTypeId type) {
    if (io->kind == IR_IO_STRUCT) check_struct(c, dir, io, type);
    else check_leaf(c, dir, io, type);
}

static void check_result(IoCheck *c, IoDirection *out, const IrFunction *f) {
    strbuf_clear(&c->place);
    strbuf_puts(&c->place, "返回值");
    const IrType *rt = ir_type(&c->m->types, f->return_type);
    bool is_void = rt && rt->kind == IR_TYPE_VOID;
    if (c->e->result.kind == IR_IO_NONE) {
        if (!is_void) io_error(c, "有返回值却没有绑定");
    } else if (c->e->stage == IR_STAGE_COMPUTE) {
        io_error(c, "计算入口不能有返回值");
    } else if (is_void) {
        io_error(c, "函数没有返回值，却有绑定");
    } else {
        check_io(c, out, &c->e->result, f->return_type);
    }
    if (c->e->stage == IR_STAGE_VERTEX && !out->has_position) {
        c->ok = false;
        diag_error(c->diag, Y_ENTRY_IO_BINDING, c->e->span, "顶点入口「%s」须输出 @builtin(position)（返回它或含它的结构）",
                   c->e->name);
    }
}

bool ir_verify_entry_io(const IrModule *module, const IrEntry *e, const IrFunction *f, DiagEngine *diag) {
    IoCheck c = {.m = module, .e = e, .diag = diag, .ok = true};
    strbuf_init(&c.place);
    strbuf_init(&c.scratch);
    IoDirection in, out;
    memset(&in, 0, sizeof in);
    memset(&out, 0, sizeof out);
    in.input = true;
    in.word = "输入";
    out.word = "输出";
    for (uint32_t p = 0; p < e->param_count && p < f->param_count; p++) {
        strbuf_clear(&c.place);
        strbuf_printf(&c.place, "第 %u 个参数", p + 1);
        check_io(&c, &in, &e->params[p], ir_value_type(f, f->params[p]));
    }
    check_result(&c, &out, f);
    strbuf_free(&c.place);
    strbuf_free(&c.scratch);
    return c.ok;
}
