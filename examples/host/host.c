/* A host program using libyusec (docs/library.md): compiles the seed example, held in a
 * string, to WGSL, MSL and PTX in one call and prints each text with its entry table.
 *   host            all three targets, each after a header line
 *   host wgsl|msl|ptx   that target's text alone, byte for byte
 * Exit status: 0 compiled, 1 the source has errors (printed on stderr), 2 usage. */
#include <stdio.h>
#include <string.h>

#include <yusec/yusec.h>

static const char SEED[] =
    "寻观「点染」之「点染本」之书。\n"
    "\n"
    "「数据」乃「存储缓冲」于（「数组」于「无三二」）也。\n"
    "「数据」者「绑定」于（「组值」【「组」者「零」也，「号」者「零」也，「访问」者「读写」也】）也。\n"
    "\n"
    "「加倍」乃化「全局调用号」为「有」者也。\n"
    "「加倍」者得「号」而\n"
    "　令「序」为「号」中「零」而\n"
    "　「写数组」于「数据」于「序」于（（「读数组」于「数据」于「序」）乘（「新无三二」于「二」））\n"
    "也。\n"
    "\n"
    "「加倍入口」乃「计算入口」也。\n"
    "「加倍入口」者「计算入口项」于「加倍」于（「组值」【「工作组大小」者「四」也】）也。\n";

static const char *const TARGET_NAMES[YUSEC_TARGET_COUNT] = {"wgsl", "msl", "ptx"};

static void print_entries(const yusec_result *result) {
    size_t count;
    const yusec_entry *entries = yusec_result_entries(result, &count);
    for (size_t i = 0; i < count; i++) {
        const yusec_entry *e = &entries[i];
        printf("entry %s: function %s", e->item, e->function);
        if (e->stage == YUSEC_STAGE_COMPUTE)
            printf(", workgroup %u×%u×%u, PTX kernel %s", e->workgroup_size[0], e->workgroup_size[1],
                   e->workgroup_size[2], e->ptx_name);
        putchar('\n');
        const yusec_ptx_entry *launch = yusec_result_ptx_entry(result, i);
        for (size_t p = 0; launch && p < launch->param_count; p++)
            printf("  PTX parameter %zu: %s\n", p, launch->params[p].name);
    }
}

int main(int argc, char **argv) {
    int only = -1;
    for (int t = 0; argc == 2 && t < YUSEC_TARGET_COUNT; t++)
        if (strcmp(argv[1], TARGET_NAMES[t]) == 0) only = t;
    if (argc > 2 || (argc == 2 && only < 0)) {
        fprintf(stderr, "usage: %s [wgsl|msl|ptx]\n", argv[0]);
        return 2;
    }
    yusec_options options;
    yusec_options_init(&options);
    yusec_context *context = yusec_context_new(&options);
    if (!context) return 2;
    yusec_input input = {"加倍。着色器。豫", SEED, sizeof SEED - 1};
    yusec_result *result =
        yusec_compile(context, &input, YUSEC_WANT_WGSL | YUSEC_WANT_MSL | YUSEC_WANT_PTX);
    int status = 0;
    if (yusec_result_status(result) != YUSEC_OK) {
        fputs(yusec_result_render_diagnostics(result, NULL), stderr);
        status = 1;
    } else if (only >= 0) {
        size_t len;
        const char *text = yusec_result_text(result, (yusec_target)only, &len);
        fwrite(text, 1, len, stdout);
    } else {
        printf("libyusec %s\n", yusec_version());
        print_entries(result);
        for (int t = 0; t < YUSEC_TARGET_COUNT; t++)
            printf("==== %s ====\n%s", TARGET_NAMES[t], yusec_result_text(result, (yusec_target)t, NULL));
    }
    yusec_result_free(result);
    yusec_context_free(context);
    return status;
}
