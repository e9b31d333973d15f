#include "suggest.h"

#include <stdlib.h>
#include <string.h>

#include "utf8.h"

/* Decodes text into code points; false when it is too long or not valid UTF-8. */
static bool decode_chars(const char *text, uint32_t out[SUGGEST_MAX_CHARS], uint32_t *count) {
    size_t len = strlen(text), pos = 0, width;
    uint32_t n = 0;
    while (pos < len) {
        uint32_t cp = utf8_decode(text + pos, len - pos, &width);
        if (cp == UTF8_INVALID || n == SUGGEST_MAX_CHARS) return false;
        out[n++] = cp;
        pos += width;
    }
    *count = n;
    return true;
}

static unsigned min3(unsigned a, unsigned b, unsigned c) {
    unsigned m = a < b ? a : b;
    return m < c ? m : c;
}

/* Three rows of the dynamic programme suffice for the swap rule. */
static unsigned chars_distance(const uint32_t *a, uint32_t n, const uint32_t *b, uint32_t m) {
    unsigned rows[3][SUGGEST_MAX_CHARS + 1];
    unsigned *before = rows[0], *previous = rows[1], *current = rows[2];
    for (uint32_t j = 0; j <= m; j++) previous[j] = j;
    for (uint32_t i = 1; i <= n; i++) {
        current[0] = i;
        for (uint32_t j = 1; j <= m; j++) {
            unsigned cost = a[i - 1] == b[j - 1] ? 0 : 1;
            unsigned d = min3(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && before[j - 2] + 1 < d)
                d = before[j - 2] + 1;
            current[j] = d;
        }
        unsigned *spare = before;
        before = previous;
        previous = current;
        current = spare;
    }
    return previous[m];
}

unsigned suggest_distance(const char *a, const char *b) {
    uint32_t ca[SUGGEST_MAX_CHARS], cb[SUGGEST_MAX_CHARS], n, m;
    if (!decode_chars(a, ca, &n) || !decode_chars(b, cb, &m)) return UINT32_MAX;
    return chars_distance(ca, n, cb, m);
}

void suggest_begin(Suggestion *s, const char *written) {
    memset(s, 0, sizeof *s);
    s->usable = decode_chars(written, s->written, &s->written_len) && s->written_len > 0;
    /* About one character in three may be wrong, at least one (a two-character Chinese name
     * with one wrong character); never the whole name. */
    s->limit = s->written_len / 3 > 1 ? s->written_len / 3 : 1;
}

static unsigned candidate_distance(const Suggestion *s, const char *candidate) {
    uint32_t chars[SUGGEST_MAX_CHARS], count;
    if (!s->usable || !decode_chars(candidate, chars, &count)) return UINT32_MAX;
    return chars_distance(s->written, s->written_len, chars, count);
}

static bool already_kept(const Suggestion *s, const char *candidate) {
    for (uint32_t i = 0; i < s->best_count; i++)
        if (strcmp(s->best[i], candidate) == 0) return true;
    return false;
}

static bool acceptable(const Suggestion *s, unsigned distance, const char *candidate) {
    if (distance == 0 || distance > s->limit || distance >= s->written_len) return false;
    if (s->best_count == 0 || distance < s->best_distance) return true;
    return distance == s->best_distance && s->best_count < SUGGEST_MAX_TIES && !already_kept(s, candidate);
}

bool suggest_improves(const Suggestion *s, const char *candidate) {
    return acceptable(s, candidate_distance(s, candidate), candidate);
}

void suggest_offer(Suggestion *s, const char *candidate) {
    unsigned distance = candidate_distance(s, candidate);
    if (!acceptable(s, distance, candidate)) return;
    if (s->best_count == 0 || distance < s->best_distance) s->best_count = 0;
    s->best[s->best_count++] = candidate;
    s->best_distance = distance;
}

const char *suggest_best(const Suggestion *s) { return s->best_count ? s->best[0] : NULL; }

const char *suggest_from_list(const char *written, const char *const *names) {
    Suggestion s;
    suggest_begin(&s, written);
    for (const char *const *name = names; *name; name++) suggest_offer(&s, *name);
    return suggest_best(&s);
}

void suggest_append_hint(StrBuf *out, const char *best, bool as_name) {
    strbuf_printf(out, as_name ? "是不是想写「%s」？" : "是不是想写 '%s'？", best);
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

bool suggest_append_hints(StrBuf *out, const Suggestion *s, bool as_name) {
    if (s->best_count == 0) return false;
    /* Sorted, so the hint does not depend on the order names were offered in. */
    const char *names[SUGGEST_MAX_TIES];
    memcpy(names, s->best, s->best_count * sizeof *names);
    qsort(names, s->best_count, sizeof *names, compare_names);
    strbuf_puts(out, "是不是想写");
    for (uint32_t i = 0; i < s->best_count; i++)
        strbuf_printf(out, as_name ? "%s「%s」" : "%s '%s'", i ? "或" : "", names[i]);
    strbuf_puts(out, "？");
    return true;
}
