/* A readable dump of the checked program (definitions, typed bodies), for tests. */
#include "check_internal.h"

static const char *const DEF_KINDS[] = {"结构", "别名", "资源", "入口", "函数", "常量"};
static const char *const RESOURCE_KINDS[] = {"存储缓冲", "均匀缓冲", "工作组变量", "纹理二维",
                                             "采样器", "深度纹理二维", "比较采样器"};
static const char *const STAGES[] = {"计算", "顶点", "片元"};
static const char *const OPS[] = {"加", "减", "乘", "除", "余", "等于", "不等于", "小于",
                                  "大于", "不小于", "不大于", "且", "或"};

static void put_type(StrBuf *out, Arena *arena, Type *type) {
    strbuf_puts(out, fe_type_to_string(arena, type));
}

static void dump_expr(StrBuf *out, Arena *arena, const SemaExpr *e, int indent) {
    if (!e) return;
    strbuf_indent(out, indent);
    switch (e->kind) {
    case SEXPR_ERROR: strbuf_puts(out, "Error"); break;
    case SEXPR_LITERAL:
        strbuf_printf(out, "Literal %s%s", e->as.literal.value.ascii ? e->as.literal.value.ascii : "?",
                      e->as.literal.constructed ? " constructed" : "");
        break;
    case SEXPR_LOCAL: strbuf_printf(out, "Local 「%s」#%u", e->as.local->name, e->as.local->index); break;
    case SEXPR_GLOBAL: strbuf_printf(out, "Global 「%s」", e->as.global->name); break;
    case SEXPR_LOAD: strbuf_puts(out, "Load"); break;
    case SEXPR_BUILTIN_VALUE: strbuf_printf(out, "Builtin 「%s」", fe_intrinsic_name(e->as.builtin_value)); break;
    case SEXPR_TUPLE: strbuf_puts(out, "Tuple"); break;
    case SEXPR_RECORD: strbuf_puts(out, "Record"); break;
    case SEXPR_PROJ: strbuf_printf(out, "Proj %u", e->as.proj.index); break;
    case SEXPR_NOT: strbuf_puts(out, "Not"); break;
    case SEXPR_BINARY: strbuf_printf(out, "Binary %s", OPS[e->as.binary.op]); break;
    case SEXPR_CALL:
        if (e->as.call.kind == CALL_BUILTIN) {
            strbuf_printf(out, "CallBuiltin 「%s」", fe_intrinsic_name(e->as.call.intrinsic));
            for (uint32_t i = 0; i < e->as.call.type_arg_count; i++) {
                strbuf_puts(out, i ? "，" : " 以 ");
                put_type(out, arena, e->as.call.type_args[i]);
            }
        } else if (e->as.call.kind == CALL_FUNCTION) {
            strbuf_printf(out, "Call 「%s」", e->as.call.function->name);
        } else {
            strbuf_printf(out, "CallLocal 「%s」%s", e->as.call.local->name, e->as.call.is_tail ? " tail" : "");
        }
        break;
    case SEXPR_LET: strbuf_printf(out, "Let 「%s」#%u", e->as.let.local->name, e->as.let.local->index); break;
    case SEXPR_LETREC: strbuf_printf(out, "LetRec 「%s」", e->as.letrec.function->name); break;
    case SEXPR_IF: strbuf_puts(out, e->as.if_.else_branch ? "If" : "IfStmt"); break;
    case SEXPR_SEQ: strbuf_puts(out, "Seq"); break;
    }
    strbuf_puts(out, " : ");
    put_type(out, arena, e->type);
    strbuf_putc(out, '\n');
    switch (e->kind) {
    case SEXPR_LOAD: dump_expr(out, arena, e->as.load.resource, indent + 1); break;
    case SEXPR_TUPLE:
        for (uint32_t i = 0; i < e->as.tuple.count; i++) dump_expr(out, arena, e->as.tuple.items[i], indent + 1);
        break;
    case SEXPR_RECORD:
        for (uint32_t i = 0; i < e->as.record.count; i++) dump_expr(out, arena, e->as.record.values[i], indent + 1);
        break;
    case SEXPR_PROJ: dump_expr(out, arena, e->as.proj.base, indent + 1); break;
    case SEXPR_NOT: dump_expr(out, arena, e->as.not_.operand, indent + 1); break;
    case SEXPR_BINARY:
        dump_expr(out, arena, e->as.binary.left, indent + 1);
        dump_expr(out, arena, e->as.binary.right, indent + 1);
        break;
    case SEXPR_CALL:
        for (uint32_t i = 0; i < e->as.call.arg_count; i++) dump_expr(out, arena, e->as.call.args[i], indent + 1);
        break;
    case SEXPR_LET:
        dump_expr(out, arena, e->as.let.value, indent + 1);
        dump_expr(out, arena, e->as.let.body, indent + 1);
        break;
    case SEXPR_LETREC:
        for (uint32_t i = 0; i < e->as.letrec.param_count; i++) {
            strbuf_indent(out, indent + 1);
            strbuf_printf(out, "Param 「%s」#%u : ", e->as.letrec.params[i]->name, e->as.letrec.params[i]->index);
            put_type(out, arena, e->as.letrec.params[i]->type);
            strbuf_putc(out, '\n');
        }
        dump_expr(out, arena, e->as.letrec.function_body, indent + 1);
        dump_expr(out, arena, e->as.letrec.body, indent + 1);
        break;
    case SEXPR_IF:
        dump_expr(out, arena, e->as.if_.cond, indent + 1);
        dump_expr(out, arena, e->as.if_.then_branch, indent + 1);
        dump_expr(out, arena, e->as.if_.else_branch, indent + 1);
        break;
    case SEXPR_SEQ:
        dump_expr(out, arena, e->as.seq.first, indent + 1);
        dump_expr(out, arena, e->as.seq.second, indent + 1);
        break;
    default: break;
    }
}

/* One number for a 1-D workgroup (as written), x,y,z otherwise. */
static void dump_workgroup_size(StrBuf *out, const uint32_t size[3]) {
    strbuf_printf(out, " workgroup_size=%u", size[0]);
    if (size[1] != 1 || size[2] != 1) strbuf_printf(out, ",%u,%u", size[1], size[2]);
}

static void dump_def(StrBuf *out, Arena *arena, const SemaDef *d) {
    strbuf_printf(out, "%s 「%s」 : ", DEF_KINDS[d->kind], d->name);
    put_type(out, arena, d->type);
    switch (d->kind) {
    case DEF_RESOURCE:
        strbuf_printf(out, " %s", RESOURCE_KINDS[d->as.resource.kind]);
        if (d->as.resource.kind != RESOURCE_WORKGROUP)
            strbuf_printf(out, " group=%u binding=%u", d->as.resource.group, d->as.resource.binding);
        if (d->as.resource.kind == RESOURCE_STORAGE)
            strbuf_puts(out, d->as.resource.read_only ? " read" : " read_write");
        break;
    case DEF_ENTRY:
        strbuf_printf(out, " %s 「%s」", STAGES[d->as.entry.stage],
                      d->as.entry.function ? d->as.entry.function->name : "?");
        if (d->as.entry.stage == STAGE_COMPUTE) dump_workgroup_size(out, d->as.entry.workgroup_size);
        break;
    case DEF_FUNCTION:
        if (d->as.function.result_io) strbuf_printf(out, " -> @builtin(%s)", fe_io_builtin_wgsl(d->as.function.result_io));
        break;
    case DEF_STRUCT:
        for (uint32_t i = 0; i < fe_type_prune(d->type)->as.record.count; i++) {
            const RecordField *f = &fe_type_prune(d->type)->as.record.fields[i];
            if (f->io) strbuf_printf(out, " 「%s」@builtin(%s)", f->name, fe_io_builtin_wgsl(f->io));
        }
        break;
    default: break;
    }
    strbuf_putc(out, '\n');
    if (d->kind == DEF_FUNCTION) {
        for (uint32_t i = 0; i < d->as.function.param_count; i++) {
            const SemaLocal *p = d->as.function.params[i];
            if (!p) continue;
            strbuf_printf(out, "  Param 「%s」#%u : ", p->name, p->index);
            put_type(out, arena, p->type);
            if (p->io) strbuf_printf(out, " @builtin(%s)", fe_io_builtin_wgsl(p->io));
            strbuf_putc(out, '\n');
        }
        dump_expr(out, arena, d->as.function.body, 1);
    } else if (d->kind == DEF_CONSTANT) {
        dump_expr(out, arena, d->as.constant.value, 1);
    }
}

void fe_sema_dump(StrBuf *out, const CheckedProgram *program) {
    if (!program) return;
    Arena *arena = program->types->arena;
    for (uint32_t i = 0; i < program->def_count; i++) dump_def(out, arena, program->defs[i]);
    if (program->uses_f16) strbuf_puts(out, "uses f16\n");
    if (program->uses_subgroups) strbuf_puts(out, "uses subgroups\n");
}
