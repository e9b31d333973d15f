/* Build-time generator: the rows of docs/builtins.md's tables (| 「名」 | 声明 | 意义 | WGSL |
 * MSL | PTX |) as a C table for hover (lib/builtin_docs.c), so that the page stays the one
 * place a builtin's meaning is written.
 *   embed_builtin_docs BUILTINS.md OUTPUT.c
 * Exit status 1 when the page cannot be read or holds no such row. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CELLS = 6, LINE_MAX_BYTES = 16384 };

/* A C string literal of `text` (len bytes): every byte outside printable ASCII, and " and \,
 * as a three-digit octal escape. */
static void write_literal(FILE *out, const char *text, size_t len) {
    fputc('"', out);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\' && c != '?') fputc(c, out);
        else fprintf(out, "\\%03o", c);
    }
    fputc('"', out);
}

/* The cell text between `start` and `end`: blanks trimmed, "\|" read as "|". */
static size_t clean_cell(const char *start, const char *end, char *out) {
    while (start < end && *start == ' ') start++;
    while (end > start && end[-1] == ' ') end--;
    size_t n = 0;
    for (const char *c = start; c < end; c++) {
        if (c[0] == '\\' && c + 1 < end && c[1] == '|') continue;
        out[n++] = *c;
    }
    out[n] = '\0';
    return n;
}

/* Splits a table row into its cells (the name's 「」 dropped); false unless it has six. */
static bool split_row(char *line, char cells[CELLS][LINE_MAX_BYTES]) {
    const char *c = line;
    if (*c++ != '|') return false;
    int count = 0;
    const char *start = c;
    for (; *c && *c != '\n'; c++) {
        if (*c != '|' || c[-1] == '\\') continue;
        if (count == CELLS) return false;
        clean_cell(start, c, cells[count++]);
        start = c + 1;
    }
    if (count != CELLS) return false;
    static const char OPEN[] = "「", CLOSE[] = "」";
    size_t len = strlen(cells[0]), open = sizeof OPEN - 1, close = sizeof CLOSE - 1;
    if (len <= open + close || strncmp(cells[0], OPEN, open) != 0 || strcmp(cells[0] + len - close, CLOSE) != 0)
        return false;
    memmove(cells[0], cells[0] + open, len - open - close);
    cells[0][len - open - close] = '\0';
    return true;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: embed_builtin_docs BUILTINS.md OUTPUT.c\n");
        return 2;
    }
    FILE *in = fopen(argv[1], "rb");
    if (!in) {
        fprintf(stderr, "embed_builtin_docs: cannot read %s\n", argv[1]);
        return 1;
    }
    FILE *out = fopen(argv[2], "wb");
    if (!out) {
        fprintf(stderr, "embed_builtin_docs: cannot write %s\n", argv[2]);
        fclose(in);
        return 1;
    }
    static char line[LINE_MAX_BYTES];
    static char cells[CELLS][LINE_MAX_BYTES];
    fprintf(out, "/* Generated from %s by lib/embed/embed_builtin_docs.c: do not edit. */\n", "docs/builtins.md");
    fputs("#include \"lib/builtin_docs.h\"\n\nconst LibBuiltinDoc lib_builtin_docs[] = {\n", out);
    size_t rows = 0;
    while (fgets(line, sizeof line, in)) {
        if (!split_row(line, cells)) continue;
        fputs("    {", out);
        for (int i = 0; i < CELLS; i++) {
            if (i) fputs(", ", out);
            write_literal(out, cells[i], strlen(cells[i]));
        }
        fputs("},\n", out);
        rows++;
    }
    fputs("};\n", out);
    fprintf(out, "const size_t lib_builtin_doc_count = %zu;\n", rows);
    fclose(in);
    if (fclose(out) != 0 || rows == 0) {
        fprintf(stderr, "embed_builtin_docs: %s has no builtin table rows\n", argv[1]);
        return 1;
    }
    return 0;
}
