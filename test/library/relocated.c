/* A program linked with libyusec.a, run from a directory that holds no yusec, against an
 * install moved away from its configure prefix (test/library/test_relocated.sh, issue 29
 * item 4): compiles SOURCE for one target with the options a relocated program sets —
 * builtin_dir and ptx_plugin, or "-" to leave one to the library's own search.
 *   relocated wgsl|ptx SOURCE BUILTIN_DIR|- PTX_PLUGIN|-
 * Prints the text (exit 0) or the rendered diagnostics on stderr (exit 1); 2: usage. */
#include <stdio.h>
#include <string.h>

#include <yusec/yusec.h>

static const char *option_or_null(const char *arg) {
    return strcmp(arg, "-") == 0 ? NULL : arg;
}

int main(int argc, char **argv) {
    if (argc != 5 || (strcmp(argv[1], "wgsl") != 0 && strcmp(argv[1], "ptx") != 0)) {
        fprintf(stderr, "usage: %s wgsl|ptx SOURCE BUILTIN_DIR|- PTX_PLUGIN|-\n", argv[0]);
        return 2;
    }
    yusec_target target = strcmp(argv[1], "wgsl") == 0 ? YUSEC_TARGET_WGSL : YUSEC_TARGET_PTX;
    yusec_options options;
    yusec_options_init(&options);
    options.builtin_dir = option_or_null(argv[3]);
    options.ptx_plugin = option_or_null(argv[4]);
    yusec_context *context = yusec_context_new(&options);
    if (!context) return 2;
    yusec_input input = {argv[2], NULL, 0};
    yusec_result *result =
        yusec_compile(context, &input, target == YUSEC_TARGET_WGSL ? YUSEC_WANT_WGSL : YUSEC_WANT_PTX);
    int status = 0;
    if (yusec_result_status(result) != YUSEC_OK) {
        fputs(yusec_result_render_diagnostics(result, NULL), stderr);
        status = 1;
    } else {
        size_t len;
        const char *text = yusec_result_text(result, target, &len);
        fwrite(text, 1, len, stdout);
    }
    yusec_result_free(result);
    yusec_context_free(context);
    return status;
}
