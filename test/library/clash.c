/* A program with functions and data named as yusec's internals (base/arena.c, base/memory.c,
 * base/diag.c), linked against libyusec.a: only the yusec_* API is global in the archive, so
 * this links (no "multiple definition") and both sides keep their own definitions. */
#include <stdio.h>
#include <string.h>

#include <yusec/yusec.h>

int arena_alloc = 7;
const char *mem_alloc(void) { return "the program's own mem_alloc"; }
int diag_error(int x) { return x + 1; }

int main(void) {
    yusec_context *ctx = yusec_context_new(NULL);
    if (!ctx) return 1;
    static const char text[] = "「坏」乃";
    yusec_input input = {"坏。着色器。豫", text, sizeof text - 1};
    yusec_result *r = yusec_compile(ctx, &input, YUSEC_WANT_WGSL);
    int status = r ? (int)yusec_result_status(r) : -1;
    yusec_result_free(r);
    yusec_context_free(ctx);
    if (status != YUSEC_ERRORS) return 2;  /* yusec's own allocator and diagnostics ran */
    if (arena_alloc != 7 || strcmp(mem_alloc(), "the program's own mem_alloc") != 0 || diag_error(1) != 2) return 3;
    puts("ok: the program's arena_alloc, mem_alloc and diag_error do not clash with libyusec.a");
    return 0;
}
