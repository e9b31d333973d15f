#include "limits.h"

#include <stdlib.h>

#include "../ir/abi.h"

/* One row per target. WGSL: the default limits of the WebGPU spec (a device must support
 * at least these; an adapter may grant more only when asked). Metal: Apple's feature-set
 * tables (32 KiB threadgroup memory, 1024 threads per threadgroup). PTX: shared memory per
 * block depends on -arch (ptx_shared_limit; the row holds sm_80's 163 KiB, the default arch;
 * above 48 KiB the PTX target uses dynamic shared memory, ir/abi.h), 1024 threads per block,
 * block z at most 64. Memory of one invocation: WGSL's own limits (8192 bytes of private
 * variables per shader, 8192 bytes of function variables per function); CUDA's local memory
 * of 512 KiB per thread; Metal publishes no per-thread figure, so yusec holds it to CUDA's. */
#define KIB 1024u
const TargetLimits TARGET_LIMITS_WGSL = {"WGSL", "WebGPU 默认限制", "WebGPU 默认限制", 16384, 256, {256, 256, 64}, 4, 8, 12, 1000,
                     8 * KIB, 8 * KIB, 0, "WGSL 规范的限制"};
const TargetLimits TARGET_LIMITS_MSL = {"金属", "Metal 特性表", "Metal 特性表", 32768, 1024, {1024, 1024, 1024}, 0, 0, 0, 0,
                    0, 0, 512 * KIB, "Metal 未公布每线程内存的上限，yusec 取 CUDA 的 512 KiB"};
const TargetLimits TARGET_LIMITS_PTX = {"千手", "sm_80 每块至多 163 KiB 共享内存", "CUDA 每块至多 1024 个线程，z 维至多 64",
                    166912, 1024, {1024, 1024, 64}, 0, 0, 0, 0,
                    0, 0, 512 * KIB, "CUDA 每线程至多 512 KiB 局部内存"};

/* Bytes of a stored value, in 64 bits (ir_type_size's 32-bit result would wrap for an
 * array of a hundred million vectors), rounded up to 16; saturating. */
static uint64_t stored_bytes_16(const IrTypeTable *types, IrTypeId id) {
    uint64_t bytes = ir_type_size_wide(types, id);
    return bytes > UINT64_MAX - 15 ? UINT64_MAX : (bytes + 15) / 16 * 16;
}

static uint64_t add_saturating(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

static bool check_workgroup_size(const IrEntry *entry, const TargetLimits *limits,
                                 DiagEngine *diag) {
    static const char AXES[3] = {'x', 'y', 'z'};
    const uint32_t *size = entry->workgroup_size;
    bool ok = true;
    for (int axis = 0; axis < 3; axis++)
        if (size[axis] > limits->workgroup_size[axis]) {
            diag_error(diag, Y_TARGET_LIMIT, entry->span, "入口「%s」的工作组大小 %c 维为 %u，超过%s目标的上限 %u（%s）",
                       entry->name, AXES[axis], size[axis], limits->name,
                       limits->workgroup_size[axis], limits->workgroup_size_source);
            ok = false;
        }
    uint64_t total = (uint64_t)size[0] * size[1] * size[2];
    if (total > limits->invocations_per_workgroup) {
        diag_error(diag, Y_TARGET_LIMIT, entry->span, "入口「%s」每个工作组有 %llu 个调用，超过%s目标的上限 %u（%s）",
                   entry->name, (unsigned long long)total, limits->name,
                   limits->invocations_per_workgroup, limits->workgroup_size_source);
        ok = false;
    }
    return ok;
}

/* The workgroup variables the entry reaches, summed; the note names the largest. */
static bool check_workgroup_storage(const IrReach *reach, const IrEntry *entry,
                                    const TargetLimits *limits, DiagEngine *diag) {
    const IrModule *module = reach->module;
    uint64_t total = 0, largest = 0;
    const IrGlobal *biggest = NULL;
    for (uint32_t k = 0; k < reach->global_count; k++) {
        const IrGlobal *global = ir_global(module, reach->global_list[k]);
        if (global->space != IR_SPACE_WORKGROUP) continue;
        uint64_t bytes = stored_bytes_16(&module->types, global->type);
        total = add_saturating(total, bytes);
        if (bytes > largest) largest = bytes, biggest = global;
    }
    if (total <= limits->workgroup_storage_bytes) return true;
    diag_error(diag, Y_TARGET_LIMIT, entry->span, "入口「%s」用到 %llu 字节的工作组内存，超过%s目标的上限 %llu 字节（%s）",
               entry->name, (unsigned long long)total, limits->name,
               (unsigned long long)limits->workgroup_storage_bytes, limits->source);
    diag_note(diag, biggest->span, "工作组变量「%s」占 %llu 字节", biggest->name,
              (unsigned long long)largest);
    return false;
}

/* A sum of variables with the largest of them, for a limit's message and note. */
typedef struct VarSum {
    uint64_t total, largest;
    const char *name;
    Span span;
} VarSum;

static void var_sum_add(VarSum *sum, uint64_t bytes, const char *name, Span span) {
    sum->total = add_saturating(sum->total, bytes);
    if (bytes > sum->largest || !sum->name) sum->largest = bytes, sum->name = name, sum->span = span;
}

/* The function variables of one function (a `var` instruction's pointee). */
static VarSum function_vars(const IrModule *module, const IrFunction *func) {
    VarSum sum = {0, 0, NULL, {0, 0, 0}};
    for (uint32_t i = 0; i < func->inst_count; i++) {
        const IrInst *inst = &func->insts[i];
        if (inst->op != IR_OP_VAR || !inst->result_count) continue;
        const IrValue *result = ir_value(func, inst->results[0]);
        const IrType *pointer = ir_type(&module->types, result->type);
        if (!pointer) continue;
        var_sum_add(&sum, stored_bytes_16(&module->types, pointer->elem), result->name ? result->name : "格",
                    inst->span);
    }
    return sum;
}

static bool report_memory(DiagEngine *diag, Span at, const char *what, const VarSum *sum, uint64_t limit,
                          const TargetLimits *limits) {
    diag_error(diag, Y_TARGET_LIMIT, at, "%s %llu 字节，超过%s目标的上限 %llu 字节（%s）", what, (unsigned long long)sum->total,
               limits->name, (unsigned long long)limit, limits->invocation_source);
    diag_note(diag, sum->span, "变量「%s」占 %llu 字节", sum->name, (unsigned long long)sum->largest);
    return false;
}

/* Private and function variables of one invocation of the entry (any stage). */
static bool check_invocation_storage(const IrReach *reach, const IrEntry *entry, const TargetLimits *limits,
                                     DiagEngine *diag) {
    const IrModule *module = reach->module;
    VarSum private_vars = {0, 0, NULL, {0, 0, 0}};
    for (uint32_t k = 0; k < reach->global_count; k++) {
        const IrGlobal *global = ir_global(module, reach->global_list[k]);
        if (global->space == IR_SPACE_PRIVATE)
            var_sum_add(&private_vars, stored_bytes_16(&module->types, global->type), global->name, global->span);
    }
    StrBuf what;
    strbuf_init(&what);
    bool ok = true;
    if (limits->private_storage_bytes && private_vars.total > limits->private_storage_bytes) {
        strbuf_printf(&what, "入口「%s」用到的私有变量共", entry->name);
        ok = report_memory(diag, entry->span, strbuf_cstr(&what), &private_vars, limits->private_storage_bytes,
                           limits);
    }
    VarSum all = private_vars;
    for (uint32_t k = 0; k < reach->func_count; k++) {
        const IrFunction *func = ir_function(module, reach->func_list[k]);
        VarSum vars = function_vars(module, func);
        if (vars.name && limits->function_storage_bytes && vars.total > limits->function_storage_bytes) {
            strbuf_clear(&what);
            strbuf_printf(&what, "函数「%s」的函数变量共", func->name);
            ok = report_memory(diag, vars.span, strbuf_cstr(&what), &vars, limits->function_storage_bytes, limits);
        }
        if (!vars.name) continue;
        uint64_t before = all.total;
        var_sum_add(&all, vars.largest, vars.name, vars.span);
        all.total = add_saturating(before, vars.total);
    }
    if (limits->invocation_storage_bytes && all.total > limits->invocation_storage_bytes) {
        strbuf_clear(&what);
        strbuf_printf(&what, "入口「%s」的每个调用用到的私有与函数变量共", entry->name);
        ok = report_memory(diag, entry->span, strbuf_cstr(&what), &all, limits->invocation_storage_bytes, limits);
    }
    strbuf_free(&what);
    return ok;
}

/* Bind groups and binding numbers (WebGPU's maxBindGroups, maxBindingsPerBindGroup): facts
 * of each resource, checked once per module. (Metal's argument-table
 * slots are msl.c's own check, with the slot arithmetic it emits.) */
static bool check_bindings(const IrModule *module, const TargetLimits *limits, DiagEngine *diag) {
    bool ok = true;
    for (uint32_t g = 0; g < ir_global_count(module); g++) {
        const IrGlobal *global = ir_global(module, g);
        if (!global->has_binding) continue;
        if (limits->bind_groups && global->group >= limits->bind_groups) {
            diag_error(diag, Y_BINDING_LIMIT, global->span, "资源「%s」在第 %u 组，%s目标只有 %u 个绑定组（组号 0 到 %u，%s）",
                       global->name, global->group, limits->name, limits->bind_groups,
                       limits->bind_groups - 1, limits->source);
            ok = false;
        }
        if (limits->bindings_per_group && global->binding >= limits->bindings_per_group) {
            diag_error(diag, Y_BINDING_LIMIT, global->span, "资源「%s」的绑定号 %u 超过%s目标的上限（绑定号 0 到 %u，%s）",
                       global->name, global->binding, limits->name, limits->bindings_per_group - 1,
                       limits->source);
            ok = false;
        }
    }
    return ok;
}

/* Storage and uniform buffers one entry reaches. */
static bool check_buffers_per_stage(const IrReach *reach, const IrEntry *entry,
                                    const TargetLimits *limits, DiagEngine *diag) {
    uint32_t storage = 0, uniform = 0;
    for (uint32_t k = 0; k < reach->global_count; k++) {
        const IrGlobal *global = ir_global(reach->module, reach->global_list[k]);
        if (!ir_global_is_buffer(global)) continue;
        if (global->space == IR_SPACE_UNIFORM) uniform++;
        else storage++;
    }
    bool ok = true;
    if (limits->storage_buffers_per_stage && storage > limits->storage_buffers_per_stage) {
        diag_error(diag, Y_TARGET_LIMIT, entry->span, "入口「%s」用到 %u 个存储缓冲，超过%s目标的上限 %u（%s）",
                   entry->name, storage, limits->name, limits->storage_buffers_per_stage,
                   limits->source);
        ok = false;
    }
    if (limits->uniform_buffers_per_stage && uniform > limits->uniform_buffers_per_stage) {
        diag_error(diag, Y_TARGET_LIMIT, entry->span, "入口「%s」用到 %u 个均匀缓冲，超过%s目标的上限 %u（%s）",
                   entry->name, uniform, limits->name, limits->uniform_buffers_per_stage,
                   limits->source);
        ok = false;
    }
    return ok;
}

bool target_check_limits(const IrModule *module, const TargetLimits *limits, DiagEngine *diag) {
    bool ok = check_bindings(module, limits, diag);
    Arena arena;
    arena_init(&arena);
    IrReach reach;
    ir_reach_init(&reach, &arena, module);
    for (uint32_t e = 0; e < ir_entry_count(module); e++) {
        const IrEntry *entry = ir_entry(module, e);
        ir_reach_from(&reach, entry->func);
        if (entry->stage == IR_STAGE_COMPUTE && !check_workgroup_size(entry, limits, diag))
            ok = false;
        if (entry->stage == IR_STAGE_COMPUTE && !check_workgroup_storage(&reach, entry, limits, diag))
            ok = false;
        if (!check_buffers_per_stage(&reach, entry, limits, diag)) ok = false;
        if (!check_invocation_storage(&reach, entry, limits, diag)) ok = false;
    }
    arena_free(&arena);
    return ok;
}
