/* The executor's scheduler: workgroups one after another; inside one, every invocation runs
 * until it returns or stops at a barrier or a subgroup operation (docs/exec.md):
 *   - a subgroup whose live lanes all wait at the same subgroup operation executes it
 *     together (returned lanes and the missing lanes of a short last subgroup are inactive);
 *   - when every live invocation waits at the same barrier, all continue;
 *   - a tensor tile op (着十三) waits like a barrier for its warpgroup (the 128 invocations
 *     128·w … 128·w + 127) and runs once for it when all of them wait at it (tensor.c);
 *   - anything else (lanes of one subgroup at different places, invocations at different
 *     barriers) is control flow that is not uniform: a fault at the instruction. */
#include <stdlib.h>
#include <string.h>

#include "../base/memory.h"

#include "internal.h"

typedef struct Group {
    ExWorkgroup wg;
    const ExLaunch *launch;
    ExInvocation *invs;
    uint32_t count;          /* invocations per workgroup */
    uint32_t size[3];
    uint32_t subgroup_size;
    uint32_t *regs, *ctl_top;
    uint8_t *local;
    ExCtl *ctl;
    ExCall *calls;
} Group;

/* Bytes of one invocation's registers and private and function memory. */
static uint64_t invocation_bytes(const ExProgram *p) { return ((uint64_t)p->words + 1) * 4 + p->local_bytes + 16; }

/* The memory of every invocation of one workgroup together, against EX_MAX_GROUP_BYTES
 * (each part was checked on its own while decoding, so nothing here wraps). */
static bool check_group_memory(const Group *g, const ExProgram *p, ExFault *fault) {
    uint64_t bytes = (uint64_t)g->count * invocation_bytes(p);
    if (bytes <= EX_MAX_GROUP_BYTES) return true;
    ex_fault(fault, Y_EXEC_LIMIT, g->launch->entry->span,
             "入口「%s」的一个工作组的 %u 个调用共需 %llu 字节的寄存器与私有、函数变量，超过 CPU 执行器的上限 %u 字节",
             g->launch->entry->name, g->count, (unsigned long long)bytes, EX_MAX_GROUP_BYTES);
    return false;
}

static void alloc_group(Group *g, const ExProgram *p) {
    size_t n = g->count;
    g->regs = mem_calloc(n * (p->words + 1), sizeof *g->regs);
    g->local = mem_calloc(n * (p->local_bytes + 16), 1);
    g->ctl = mem_calloc(n * (p->ctl_words + 1), sizeof *g->ctl);
    g->ctl_top = mem_calloc(n * (p->func_count + 1), sizeof *g->ctl_top);
    g->calls = mem_calloc(n * (p->func_count + 1), sizeof *g->calls);
    g->invs = mem_calloc(n, sizeof *g->invs);
    g->wg.memory = mem_calloc(p->workgroup_bytes + 16, 1);
    g->wg.async_barrier_count = (p->workgroup_bytes + 7) / 8;
    g->wg.async_barriers = mem_calloc(g->wg.async_barrier_count + 1, sizeof *g->wg.async_barriers);
    g->wg.scratch = mem_calloc((size_t)p->move_words + 1, sizeof *g->wg.scratch);
}

static void free_group(Group *g) {
    mem_free(g->regs), mem_free(g->local), mem_free(g->ctl), mem_free(g->ctl_top), mem_free(g->calls), mem_free(g->invs);
    mem_free(g->wg.memory), mem_free(g->wg.scratch), mem_free(g->wg.async_barriers);
}

static void put_builtin(const Group *g, IrBuiltin b, const uint32_t wgid[3], uint32_t index, uint32_t *out) {
    uint32_t local[3] = {index % g->size[0], index / g->size[0] % g->size[1], index / (g->size[0] * g->size[1])};
    switch (b) {
    case IR_BUILTIN_LOCAL_INVOCATION_ID: memcpy(out, local, sizeof local); break;
    case IR_BUILTIN_LOCAL_INVOCATION_INDEX: out[0] = index; break;
    case IR_BUILTIN_GLOBAL_INVOCATION_ID:
        for (int k = 0; k < 3; k++) out[k] = wgid[k] * g->size[k] + local[k];
        break;
    case IR_BUILTIN_WORKGROUP_ID: memcpy(out, wgid, 3 * sizeof *wgid); break;
    case IR_BUILTIN_NUM_WORKGROUPS: memcpy(out, g->launch->grid, 3 * sizeof *out); break;
    case IR_BUILTIN_SUBGROUP_INVOCATION_ID: out[0] = index % g->subgroup_size; break;
    case IR_BUILTIN_SUBGROUP_SIZE: out[0] = g->subgroup_size; break;
    default: out[0] = 0; break;
    }
}

static void put_io(const Group *g, const IrIo *io, IrTypeId type, const uint32_t wgid[3], uint32_t index,
                   uint32_t *out) {
    const IrTypeTable *T = g->wg.prog->types;
    if (io->kind == IR_IO_BUILTIN) {
        put_builtin(g, io->builtin, wgid, index, out);
        return;
    }
    if (io->kind != IR_IO_STRUCT) return;
    const IrType *t = ir_type(T, type);
    for (uint32_t i = 0, at = 0; i < io->field_count && i < t->field_count; i++) {
        put_io(g, &io->fields[i], t->fields[i].type, wgid, index, out + at);
        at += ex_type_words(T, t->fields[i].type);
    }
}

/* Zeroing memory costs steps like copying it (one per 256 bytes), so that a huge grid of
 * small workgroups with much memory stays within the budget's time. */
static void charge(ExWorkgroup *wg, uint64_t bytes) {
    uint64_t steps = bytes / 256;
    wg->steps = steps > wg->max_steps - wg->steps ? wg->max_steps : wg->steps + steps;
}

static void start_group(Group *g, const uint32_t wgid[3]) {
    const ExProgram *p = g->wg.prog;
    const ExFunc *entry = &p->funcs[p->entry_func];
    memset(g->wg.memory, 0, p->workgroup_bytes + 16);  /* WGSL zeroes workgroup memory */
    memset(g->wg.warpgroups, 0, sizeof g->wg.warpgroups);
    memset(g->wg.async_barriers, 0, (g->wg.async_barrier_count + 1) * sizeof *g->wg.async_barriers);
    charge(&g->wg, p->workgroup_bytes + (uint64_t)g->count * p->private_bytes);
    for (uint32_t i = 0; i < g->count; i++) {
        ExInvocation *inv = &g->invs[i];
        inv->regs = g->regs + (size_t)i * (p->words + 1);
        inv->local = g->local + (size_t)i * (p->local_bytes + 16);
        inv->ctl = g->ctl + (size_t)i * (p->ctl_words + 1);
        inv->ctl_top = g->ctl_top + (size_t)i * (p->func_count + 1);
        inv->calls = g->calls + (size_t)i * (p->func_count + 1);
        inv->local_index = i;
        inv->subgroup_lane = i % g->subgroup_size;
        memset(inv->local, 0, p->private_bytes);  /* a `var` zeroes or sets its own memory */
        inv->state = EX_RUNNING;
        inv->barriers = 0;
        inv->tensor_ops = 0;
        inv->call_depth = 1;
        inv->calls[0] = (ExCall){p->entry_func, NULL};
        inv->ctl_top[p->entry_func] = 1;
        inv->ctl[entry->ctl_base] = (ExCtl){entry->body, 0};
        const IrEntry *e = g->launch->entry;
        for (uint32_t k = 0; k < e->param_count && k < entry->param_count; k++)
            put_io(g, &e->params[k], ir_value_type(entry->ir, entry->ir->params[k]), wgid, i,
                   inv->regs + entry->params[k]);
    }
}

static bool blame(Group *g, const ExInst *in, const char *what) {
    ex_fault(g->wg.fault, Y_EXEC_NON_UNIFORM, in->span, "%s须在一致控制流里执行：同一%s的调用停在了不同的地方", what,
             strncmp(what, "子组", strlen("子组")) == 0 ? "子组" : "工作组");
    return false;
}

/* Executes every subgroup operation whose subgroup is ready; *progress when one ran. */
static bool run_subgroups(Group *g, bool *progress) {
    ExInvocation *lanes[EX_MAX_SUBGROUP_SIZE];
    for (uint32_t base = 0; base < g->count; base += g->subgroup_size) {
        uint32_t size = g->subgroup_size;
        const ExInst *op = NULL;
        bool waiting = false, elsewhere = false;
        for (uint32_t l = 0; l < size; l++) {
            ExInvocation *inv = base + l < g->count ? &g->invs[base + l] : NULL;
            lanes[l] = NULL;
            if (!inv || inv->state == EX_DONE) continue;
            if (inv->state != EX_AT_SUBGROUP) {
                elsewhere = true;
                continue;
            }
            if (op && inv->pending != op) return blame(g, inv->pending, "子组运算");
            op = inv->pending;
            lanes[l] = inv;
            waiting = true;
        }
        if (!waiting) continue;
        if (elsewhere) return blame(g, op, ir_op_is_fragment(op->op) ? "子组矩阵片运算" : "子组运算");
        if (ir_op_is_fragment(op->op)) {
            if (!ex_fragment_execute(&g->wg, op, lanes, size, g->count - base < size ? g->count - base : size))
                return false;
        } else {
            ex_subgroup_execute(g->wg.prog, op, lanes, size);
        }
        for (uint32_t l = 0; l < size; l++)
            if (lanes[l]) lanes[l]->state = EX_RUNNING;
        *progress = true;
    }
    return true;
}

/* True when two invocations stopped at the same dynamic barrier or tensor op: the same
 * instruction, reached through the same calls, after as many barriers (and, for a tensor op,
 * which only its warpgroup runs, as many tensor ops). */
static bool same_barrier(const ExInvocation *a, const ExInvocation *b) {
    if (a->barrier != b->barrier || a->barriers != b->barriers || a->call_depth != b->call_depth) return false;
    if (a->state == EX_AT_TENSOR && a->tensor_ops != b->tensor_ops) return false;  /* warpgroups differ */
    for (uint32_t k = 0; k < a->call_depth; k++)
        if (a->calls[k].call != b->calls[k].call) return false;
    return true;
}

/* A tensor op that part of a warpgroup waits at while the rest is elsewhere (at another op,
 * at a barrier, or returned) and nothing else can move. */
static bool blame_warpgroup(Group *g, const ExInvocation *inv) {
    ex_fault(g->wg.fault, Y_EXEC_NON_UNIFORM, inv->barrier->span,
             "张量片运算须由一个线程束组的 128 个调用一致执行：线程束组 %u 的调用停在了不同的地方", inv->local_index / EX_WARPGROUP);
    return false;
}

/* Runs each tensor op that all 128 invocations of a warpgroup wait at (the same dynamic
 * instance); *progress when one ran. */
static bool run_warpgroups(Group *g, bool *progress) {
    for (uint32_t base = 0; base < g->count; base += EX_WARPGROUP) {
        uint32_t end = base + EX_WARPGROUP < g->count ? base + EX_WARPGROUP : g->count;
        const ExInvocation *first = NULL;
        bool all = true;
        for (uint32_t i = base; i < end; i++) {
            const ExInvocation *inv = &g->invs[i];
            if (inv->state != EX_AT_TENSOR) {
                all = false;
                continue;
            }
            if (first && !same_barrier(first, inv)) return blame_warpgroup(g, inv);
            if (!first) first = inv;
        }
        if (!first || !all) continue;
        if (!ex_tensor_execute(&g->wg, first->barrier, g->invs + base, end - base, g->count)) return false;
        for (uint32_t i = base; i < end; i++) g->invs[i].state = EX_RUNNING;
        *progress = true;
    }
    return true;
}

/* Releases a barrier every live invocation waits at; false (fault) when they wait at
 * different barriers, or at different instances of one (a barrier in a loop whose trip
 * count differs, a function with a barrier called from two places), or when some have
 * returned while others wait. *progress when released. */
static bool release_barrier(Group *g, bool *progress) {
    const ExInvocation *first = NULL;
    bool returned = false;
    for (uint32_t i = 0; i < g->count; i++) {
        const ExInvocation *inv = &g->invs[i];
        if (inv->state == EX_AT_TENSOR) return blame_warpgroup(g, inv);
        returned = returned || inv->state == EX_DONE;
        if (inv->state != EX_AT_BARRIER) continue;
        if (first && !same_barrier(first, inv))
            return blame(g, inv->barrier, ir_op_is_tensor(inv->barrier->op) ? "张量片运算" : "工作组屏障");
        if (!first) first = inv;
    }
    if (!first) return true;
    if (returned) {
        ex_fault(g->wg.fault, Y_EXEC_NON_UNIFORM, first->barrier->span, "%s须在一致控制流里执行：同一工作组的调用有的已经返回，有的还停在%s处",
                 ir_op_is_tensor(first->barrier->op) ? "张量片运算" : "工作组屏障",
                 ir_op_is_tensor(first->barrier->op) ? "张量片运算" : "屏障");
        return false;
    }
    for (uint32_t i = 0; i < g->count; i++)
        if (g->invs[i].state == EX_AT_BARRIER) g->invs[i].state = EX_RUNNING;
    *progress = true;
    return true;
}

/* Wakes the invocations at 等待异步屏障 whose phase has completed; *progress when one woke. */
static void wake_async_waits(Group *g, bool *progress) {
    for (uint32_t i = 0; i < g->count; i++) {
        ExInvocation *inv = &g->invs[i];
        if (inv->state != EX_AT_ASYNC_BARRIER || !ex_async_barrier_ready(&g->wg, inv)) continue;
        inv->state = EX_RUNNING;
        *progress = true;
    }
}

/* With nothing else able to run, an invocation still at 等待异步屏障 never gets past it: the
 * first such one's index (after the fault), or g->count when none waits. */
static uint32_t async_wait_deadlocked(Group *g) {
    for (uint32_t i = 0; i < g->count; i++)
        if (g->invs[i].state == EX_AT_ASYNC_BARRIER) {
            ex_async_barrier_deadlock(&g->wg, &g->invs[i]);
            return i;
        }
    return g->count;
}

static void note_invocation(Group *g, const uint32_t wgid[3], uint32_t index) {
    strbuf_printf(&g->wg.fault->message, "（工作组 (%u, %u, %u)，局部调用序 %u）", wgid[0], wgid[1], wgid[2],
                  index);
}

static bool run_group(Group *g, const uint32_t wgid[3]) {
    start_group(g, wgid);
    for (;;) {
        bool live = false, progress = false;
        for (uint32_t i = 0; i < g->count; i++) {
            ExInvocation *inv = &g->invs[i];
            if (inv->state == EX_RUNNING) ex_invocation_run(&g->wg, inv);
            if (inv->state == EX_FAULTED) {
                note_invocation(g, wgid, i);
                return false;
            }
            live = live || inv->state != EX_DONE;
        }
        if (!live) return true;
        if (!run_subgroups(g, &progress) || !run_warpgroups(g, &progress)) return false;
        wake_async_waits(g, &progress);
        if (progress) continue;
        bool any_subgroup = false;
        for (uint32_t i = 0; i < g->count; i++) any_subgroup = any_subgroup || g->invs[i].state == EX_AT_SUBGROUP;
        if (any_subgroup) {  /* a subgroup split between a barrier and a subgroup op */
            for (uint32_t i = 0; i < g->count; i++)
                if (g->invs[i].state == EX_AT_SUBGROUP) return blame(g, g->invs[i].pending, "子组运算");
        }
        uint32_t stuck = async_wait_deadlocked(g);
        if (stuck < g->count) {
            note_invocation(g, wgid, stuck);
            return false;
        }
        if (!release_barrier(g, &progress)) return false;
    }
}

/* A workgroup size some GPU target runs (the front end's rule, which a YIR module may break):
 * at least one and at most IR_MAX_WORKGROUP_INVOCATIONS invocations, counted in 64 bits (the
 * product stops growing once past the limit, so it cannot wrap). */
static bool workgroup_size_ok(const IrEntry *entry, ExFault *fault) {
    const uint32_t *size = entry->workgroup_size;
    uint64_t total = 1;
    for (int k = 0; k < 3 && total <= IR_MAX_WORKGROUP_INVOCATIONS; k++) total *= size[k];
    if (total >= 1 && total <= IR_MAX_WORKGROUP_INVOCATIONS) return true;
    ex_fault(fault, Y_EXEC_WORKGROUP, entry->span, "入口「%s」的工作组大小为 %u×%u×%u，每个工作组至多 %u 个调用（GPU 目标都不运行它）",
             entry->name, size[0], size[1], size[2], IR_MAX_WORKGROUP_INVOCATIONS);
    return false;
}

static bool valid_subgroup_size(uint32_t n) { return n >= 4 && n <= EX_MAX_SUBGROUP_SIZE && (n & (n - 1)) == 0; }

bool ex_run(const ExLaunch *launch, ExFault *fault) {
    uint32_t sg = launch->subgroup_size ? launch->subgroup_size : EX_DEFAULT_SUBGROUP_SIZE;
    if (!valid_subgroup_size(sg)) {
        ex_fault(fault, Y_EXEC_WORKGROUP, (Span){0, 0, 0}, "子组大小须是 4 至 %u 之间的二的幂，却是 %u", EX_MAX_SUBGROUP_SIZE, sg);
        fault->located = false;
        return false;
    }
    if (!workgroup_size_ok(launch->entry, fault)) return false;
    ExProgram prog;
    bool ok = ex_decode(&prog, launch, fault);
    if (ok) {
        Group g;
        memset(&g, 0, sizeof g);
        g.wg.prog = &prog;
        g.wg.fault = fault;
        g.launch = launch;
        memcpy(g.size, launch->entry->workgroup_size, sizeof g.size);
        g.count = g.size[0] * g.size[1] * g.size[2];
        g.subgroup_size = sg;
        g.wg.max_steps = launch->max_steps ? launch->max_steps : EX_DEFAULT_MAX_STEPS;
        ok = check_group_memory(&g, &prog, fault);
        if (ok) {
            alloc_group(&g, &prog);
            uint32_t id[3];
            for (id[2] = 0; ok && id[2] < launch->grid[2]; id[2]++)
                for (id[1] = 0; ok && id[1] < launch->grid[1]; id[1]++)
                    for (id[0] = 0; ok && id[0] < launch->grid[0]; id[0]++) ok = run_group(&g, id);
            free_group(&g);
        }
    }
    ex_program_free(&prog);
    return ok;
}
