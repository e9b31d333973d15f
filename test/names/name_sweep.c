/* Writes the inputs of the identifier sweep (test/names/sweep.sh): for every assigned code
 * point of the BMP listed in UnicodeData.txt, three source names that hold it (alone, at the
 * start, in the middle) go through the real legaliser (names_legalise), and every result is
 * declared once in a WGSL module (a `let` in one of its functions: Tint's module-scope
 * resolution grows faster than linearly, 186 000 constants take a minute) and once in an
 * MSL file (a `constant` at namespace scope), for Tint and clang to judge.
 * Two source names that give one target name are reported here (exit 1).
 * Usage: name_sweep UnicodeData.txt OUT_DIR  → OUT_DIR/names.wgsl, OUT_DIR/names.metal
 * Left out: U+0000 (a name is a C string) and the surrogates (no UTF-8 encoding). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "base/utf8.h"
#include "targets/names.h"

typedef struct Sweep {
    Arena arena;
    NameSet taken;
    FILE *wgsl, *msl;
    unsigned names, collisions;
} Sweep;

/* WGSL functions of this many `let`s each keep Tint at about a second for the whole sweep. */
enum { LETS_PER_FUNCTION = 4096 };

static void declare(Sweep *s, uint32_t cp, const char *source) {
    const char *legal = names_legalise(&s->arena, source);
    if (name_set_has(&s->taken, legal)) {
        fprintf(stderr, "name_sweep: U+%04X: 「%s」 gives %s, which another name already has\n",
                (unsigned)cp, source, legal);
        s->collisions++;
        return;
    }
    name_set_add(&s->taken, legal);
    if (s->names % LETS_PER_FUNCTION == 0)
        fprintf(s->wgsl, "%sfn sweep_%u() {\n", s->names ? "}\n" : "", s->names / LETS_PER_FUNCTION);
    fprintf(s->wgsl, "  let %s = 0; // U+%04X\n", legal, (unsigned)cp);
    fprintf(s->msl, "constant int %s = 0; // U+%04X\n", legal, (unsigned)cp);
    s->names++;
}

static void sweep_code_point(Sweep *s, uint32_t cp) {
    if (cp == 0 || (cp >= 0xD800 && cp <= 0xDFFF)) return;
    char c[5] = {0};
    c[utf8_encode(cp, c)] = '\0';
    declare(s, cp, c);
    declare(s, cp, arena_printf(&s->arena, "%s甲", c));
    declare(s, cp, arena_printf(&s->arena, "甲%s乙", c));
}

static bool field_ends_with(const char *field, size_t len, const char *suffix) {
    size_t n = strlen(suffix);
    return len >= n && memcmp(field + len - n, suffix, n) == 0;
}

/* One UnicodeData.txt line: "XXXX;NAME;…". A range is two lines, "<…, First>" and
 * "<…, Last>"; *range_first carries the first across them. */
static void sweep_line(Sweep *s, const char *line, long *range_first) {
    char *end = NULL;
    long cp = strtol(line, &end, 16);
    if (end == line || *end != ';' || cp > 0xFFFF) return;
    const char *name = end + 1;
    const char *name_end = strchr(name, ';');
    size_t name_len = name_end ? (size_t)(name_end - name) : strlen(name);
    if (field_ends_with(name, name_len, ", First>")) {
        *range_first = cp;
        return;
    }
    long first = field_ends_with(name, name_len, ", Last>") && *range_first >= 0 ? *range_first : cp;
    for (long c = first; c <= cp; c++) sweep_code_point(s, (uint32_t)c);
    *range_first = -1;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: name_sweep UnicodeData.txt OUT_DIR\n");
        return 2;
    }
    FILE *data = fopen(argv[1], "r");
    if (!data) {
        perror(argv[1]);
        return 2;
    }
    Sweep s = {0};
    arena_init(&s.arena);
    name_set_init(&s.taken, &s.arena);
    s.wgsl = fopen(arena_printf(&s.arena, "%s/names.wgsl", argv[2]), "w");
    s.msl = fopen(arena_printf(&s.arena, "%s/names.metal", argv[2]), "w");
    if (!s.wgsl || !s.msl) {
        perror(argv[2]);
        return 2;
    }
    fprintf(s.msl, "#include <metal_stdlib>\nusing namespace metal;\n\n");
    char line[512];
    long range_first = -1;
    while (fgets(line, sizeof line, data)) sweep_line(&s, line, &range_first);
    fclose(data);
    if (s.names) fprintf(s.wgsl, "}\n");
    bool written = fclose(s.wgsl) == 0 && fclose(s.msl) == 0;
    printf("name_sweep: %u names, %u collisions\n", s.names, s.collisions);
    arena_free(&s.arena);
    if (!written) return 2;
    return s.collisions == 0 && s.names > 0 ? 0 : 1;
}
