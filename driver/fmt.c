/* `yusec fmt` (driver/fmt.h): reads each source, formats it with yusec_format, and writes the
 * result to stdout, back in place (-i, only files that change) or only says which files
 * would change (--check). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/memory.h"
#include "base/source.h"
#include "driver/fmt.h"
#include "driver/output.h"
#include "yusec/yusec.h"

enum { FMT_OK = 0, FMT_FAILED = 1, FMT_USAGE = 2 };

typedef enum FmtMode { FMT_STDOUT, FMT_IN_PLACE, FMT_CHECK } FmtMode;

typedef struct Text {
    char *bytes;
    size_t len;
} Text;

bool fmt_args_is_fmt(int argc, char **argv) {
    return argc >= 2 && strcmp(argv[1], "fmt") == 0;
}

/* Reads all of `in` (at most SOURCE_MAX_BYTES + 1 bytes: the compiler refuses more). */
static bool read_all(FILE *in, Text *out) {
    size_t cap = 4096;
    out->bytes = mem_alloc(cap);
    out->len = 0;
    for (;;) {
        if (out->len == cap) out->bytes = mem_realloc(out->bytes, cap *= 2);
        size_t got = fread(out->bytes + out->len, 1, cap - out->len, in);
        out->len += got;
        if (got == 0) break;
        if (out->len > SOURCE_MAX_BYTES) break;
    }
    return !ferror(in);
}

/* -i: through a temporary beside the file, renamed over it (driver/output.c keeps the file's
 * mode), so a failed write leaves the source as it was, never truncated. */
static bool write_file(const char *path, const char *text, size_t len) {
    Outputs outputs;
    outputs_init(&outputs);
    if (!outputs_stage(&outputs, path, text, len)) {
        outputs_discard(&outputs);
        return false;
    }
    return outputs_commit(&outputs);
}

/* Formats one source; returns its exit status. */
static int format_one(const char *path, FmtMode mode) {
    bool from_stdin = strcmp(path, "-") == 0;
    const char *shown = from_stdin ? "<标准输入>" : path;
    FILE *in = from_stdin ? stdin : fopen(path, "rb");
    if (!in) {
        fprintf(stderr, "yusec fmt: error: 无法读取「%s」\n", path);
        return FMT_FAILED;
    }
    Text source;
    bool read_ok = read_all(in, &source);
    if (!from_stdin) fclose(in);
    if (!read_ok) {
        fprintf(stderr, "yusec fmt: error: 无法读取「%s」\n", path);
        mem_free(source.bytes);
        return FMT_FAILED;
    }
    yusec_formatted *formatted = yusec_format(shown, source.bytes, source.len);
    size_t len;
    const char *text = yusec_formatted_text(formatted, &len);
    int status = FMT_OK;
    /* errors, and warnings such as a 若's branch swallowing lines indented as if they were not */
    fputs(formatted ? yusec_formatted_diagnostics(formatted) : "yusec fmt: error: 内存不足\n", stderr);
    if (!text) status = FMT_FAILED;
    else {
        bool changed = len != source.len || memcmp(text, source.bytes, len) != 0;
        if (mode == FMT_STDOUT) fwrite(text, 1, len, stdout);
        else if (mode == FMT_CHECK && changed) {
            printf("%s\n", shown);
            status = FMT_FAILED;
        } else if (mode == FMT_IN_PLACE && changed && from_stdin) fwrite(text, 1, len, stdout);
        else if (mode == FMT_IN_PLACE && changed && !write_file(path, text, len)) {
            fprintf(stderr, "yusec fmt: error: 无法写入「%s」\n", path);
            status = FMT_FAILED;
        }
    }
    yusec_formatted_free(formatted);
    mem_free(source.bytes);
    return status;
}

static const char USAGE[] = "用法：yusec fmt [-i | --check] 文件… | -\n"
                            "  （无选项）一个文件的标准排版写到标准输出\n"
                            "  -i         就地改写排版有变的文件（- 时写到标准输出）\n"
                            "  --check    列出排版会变的文件，有则退出码 1（供 CI）\n"
                            "见 docs/format.md。退出码：0 成功，1 源有错误、读写失败或（--check）有会变的文件，2 用法错误。\n";

static int usage(const char *message) {
    fprintf(stderr, "yusec fmt: error: %s\n%s", message, USAGE);
    return FMT_USAGE;
}

int driver_fmt(int argc, char **argv) {
    FmtMode mode = FMT_STDOUT;
    int first_file = 0, files = 0;
    if (argc == 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0)) {
        fputs(USAGE, stdout);
        return FMT_OK;
    }
    for (int i = 2; i < argc; i++) {
        const char *arg = argv[i];
        FmtMode wanted = strcmp(arg, "-i") == 0 ? FMT_IN_PLACE
                       : strcmp(arg, "--check") == 0 ? FMT_CHECK : FMT_STDOUT;
        if (wanted != FMT_STDOUT && mode != FMT_STDOUT && wanted != mode)
            return usage("-i 与 --check 不能同用");
        if (wanted != FMT_STDOUT) mode = wanted;
        else if (arg[0] == '-' && arg[1] != '\0') return usage("未知的选项");
        else if (!files++) first_file = i;
    }
    if (!files) return usage("没有给出源文件");
    if (mode == FMT_STDOUT && files > 1) return usage("写到标准输出时只能给一个源文件（多个请用 -i 或 --check）");
    int status = FMT_OK;
    for (int i = first_file; i < argc; i++) {
        if (strcmp(argv[i], "-i") == 0 || strcmp(argv[i], "--check") == 0) continue;
        int one = format_one(argv[i], mode);
        if (one > status) status = one;
    }
    return status;
}
