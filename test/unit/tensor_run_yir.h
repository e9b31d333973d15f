/* YIR for the tests of runs of asynchronous warpgroup MMAs (ir/tensor_run.h): a function
 * @乘加(乙) of 张量片异步乘加 calls described one by one, called by a 128-invocation entry.
 * Include after <cmocka.h>. */
#ifndef YUSEC_TEST_TENSOR_RUN_YIR_H
#define YUSEC_TEST_TENSOR_RUN_YIR_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* One 张量片异步乘加 of the test function: its A start, its B start as the parameter 乙 plus
 * `b_offset` (through `b_adds` adds of equal parts), what comes before it. */
typedef struct Member {
    uint32_t a_start, b_offset, b_adds;
    const char *before;       /* a line put before the call, or NULL */
    bool acc_from_previous;   /* the accumulator is the previous call's result */
    /* After tensor_commit every call's result is waited for, in order: this one waiting until
     * wait_pending groups are left, after the line before_wait (or none). */
    uint32_t wait_pending;
    const char *before_wait;
} Member;

typedef struct Yir {
    char text[8192];
    size_t length;
    unsigned next;            /* the next value number */
} Yir;

static inline void line(Yir *y, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    y->length += (size_t)vsnprintf(y->text + y->length, sizeof y->text - y->length, format, ap);
    va_end(ap);
}

/* The B start of `m`: 乙 plus b_offset in b_adds steps; its value number. */
static inline unsigned b_start(Yir *y, const Member *m) {
    unsigned at = 0;  /* %乙.0 */
    uint32_t adds = m->b_adds ? m->b_adds : 1;
    for (uint32_t i = 0; i < adds; i++) {
        unsigned part = y->next++;
        line(y, "  %%%u:u32 !uniform = const %uu\n", part, m->b_offset / adds);
        unsigned sum = y->next++;
        line(y, at ? "  %%%u:u32 !uniform = add %%%u, %%%u\n" : "  %%%u:u32 !uniform = add %%乙.0, %%%u\n", sum,
             at ? at : part, part);
        at = sum;
    }
    return at;
}

static inline const char *build(Yir *y, const Member *members, unsigned count) {
    memset(y, 0, sizeof *y);
    line(y, "var<workgroup> @块: array<f16, 32768>\n\n"
            "fn @乘加(%%乙.0:u32 !uniform) {\n"
            "  %%1:tensor_acc_f32 !uniform = tensor_zero\n"
            "  %%2:ptr<workgroup, array<f16, 32768>> !uniform = global @块\n"
            "  %%3:u32 !uniform = const 128u\n");
    y->next = 4;
    unsigned previous = 1, results[16];
    for (unsigned j = 0; j < count && j < 16; j++) {
        const Member *m = &members[j];
        if (m->before) line(y, "  %s\n", m->before);
        unsigned a = y->next++;
        line(y, "  %%%u:u32 !uniform = const %uu\n", a, m->a_start);
        unsigned b = b_start(y, m);
        unsigned result = y->next++;
        line(y, "  %%%u:tensor_acc_f32 !uniform = tensor_mma_async %%%u, %%2, %%%u, %%%u, %%3\n", result,
             m->acc_from_previous ? previous : 1, a, b);
        previous = results[j] = result;
    }
    line(y, "  tensor_commit\n");
    for (unsigned j = 0; j < count && j < 16; j++) {
        if (members[j].before_wait) line(y, "  %s\n", members[j].before_wait);
        unsigned pending = y->next++;
        line(y, "  %%%u:u32 !uniform = const %uu\n", pending, members[j].wait_pending);
        line(y, "  %%%u:tensor_acc_f32 !uniform = tensor_wait %%%u, %%%u\n", y->next++, results[j], pending);
    }
    line(y, "  return\n}\n\n"
            "fn @核(%%序.0:u32 !non_uniform) {\n"
            "  %%1:u32 !uniform = const 0u\n"
            "  call @乘加(%%1)\n  return\n}\n\n"
            "entry @入口 = compute @核 workgroup_size(128, 1, 1) (builtin(local_invocation_index))\n");
    return y->text;
}

#endif
