/* uniform-layout: reports, naming the field, what the classic 16-byte WGSL uniform rules
 * reject in a uniform buffer's type (ir/uniform_layout.h). yusec itself lays uniform buffers
 * out by the storage rules on every target (docs/targets.md); -fclassic-uniform-layout adds
 * this pass for programs that must also run where the classic rules hold. Changes nothing. */
#include "pass.h"
#include "../ir/uniform_layout.h"

static const char *where(Arena *arena, const IrGlobal *g, const char *path) {
    return path[0] ? arena_printf(arena, "均匀缓冲「%s」的字段%s", g->name, path)
                   : arena_printf(arena, "均匀缓冲「%s」", g->name);
}

static void report(PassContext *ctx, Arena *arena, const IrGlobal *g, const IrUniformProblem *p) {
    const char *at = where(arena, g, p->path);
    switch (p->rule) {
    case IR_UNIFORM_ARRAY_STRIDE:
        diag_error(ctx->diag, Y_UNIFORM_BUFFER_LAYOUT, g->span, "%s的数组步长是 %u 字节：经典均匀缓冲布局要求步长是 16 的倍数", at, p->value);
        break;
    case IR_UNIFORM_MEMBER_OFFSET:
        diag_error(ctx->diag, Y_UNIFORM_BUFFER_LAYOUT, g->span, "%s（数组或结构）从第 %u 字节开始：经典均匀缓冲布局要求从 16 的倍数开始", at,
                   p->value);
        break;
    case IR_UNIFORM_STRUCT_GAP:
        diag_error(ctx->diag, Y_UNIFORM_BUFFER_LAYOUT, g->span, "%s是结构，下一个字段在它之后 %u 字节开始：经典均匀缓冲布局要求至少 %u 字节", at,
                   p->value, p->needed);
        break;
    }
}

bool pass_uniform_layout(PassContext *ctx) {
    Arena arena;
    arena_init(&arena);
    bool ok = true;
    for (uint32_t i = 0; i < ir_global_count(ctx->module); i++) {
        const IrGlobal *g = ir_global(ctx->module, i);
        if (g->space != IR_SPACE_UNIFORM) continue;
        IrUniformProblem *problems;
        uint32_t n = ir_classic_uniform_problems(&arena, &ctx->module->types, g->type, &problems);
        for (uint32_t k = 0; k < n; k++) report(ctx, &arena, g, &problems[k]);
        if (n) ok = false;
    }
    arena_free(&arena);
    return ok;
}
