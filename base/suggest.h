/* "Did you mean": the closest of a set of known names to one written wrongly, by edit
 * distance over characters (code points, so 「输人」 is one step from 「输入」, not three
 * bytes). Used for undefined names and types, unknown options and pass names. */
#ifndef YUSEC_BASE_SUGGEST_H
#define YUSEC_BASE_SUGGEST_H

#include <stdbool.h>
#include <stdint.h>

#include "strbuf.h"

/* Names longer than this (in characters) get no suggestion. */
#define SUGGEST_MAX_CHARS 64
/* Equally close names kept (「正玄」 is one character from both 「正弦」 and 「正切」). */
#define SUGGEST_MAX_TIES 3

typedef struct Suggestion {
    uint32_t written[SUGGEST_MAX_CHARS];
    uint32_t written_len;
    bool usable;          /* the written name is short enough and valid UTF-8 */
    unsigned limit;       /* the largest distance still suggested */
    const char *best[SUGGEST_MAX_TIES]; /* the closest names, equally close, in offer order */
    uint32_t best_count;  /* 0 until a candidate is close enough */
    unsigned best_distance;
} Suggestion;

/* Optimal string alignment distance (insertions, deletions, substitutions and swaps of two
 * neighbouring characters) between two UTF-8 strings, counted in code points; UINT32_MAX
 * when either is longer than SUGGEST_MAX_CHARS characters or not valid UTF-8. */
unsigned suggest_distance(const char *a, const char *b);

void suggest_begin(Suggestion *s, const char *written);
/* Whether the candidate is close enough to be suggested and no farther than the best so far
 * (and not already kept): offering it would change the suggestion. */
bool suggest_improves(const Suggestion *s, const char *candidate);
void suggest_offer(Suggestion *s, const char *candidate);
/* The first of the closest names, or NULL. */
const char *suggest_best(const Suggestion *s);

/* The one closest name of a NULL-terminated list, or NULL. */
const char *suggest_from_list(const char *written, const char *const *names);

/* Appends the hint's text: 是不是想写「输入」？ (quoted the way the language quotes names) or,
 * for the command line, 是不是想写 '-passes=inline'？ */
void suggest_append_hint(StrBuf *out, const char *best, bool as_name);
/* The same for every closest name: 是不是想写「正切」或「正弦」？ (false when there is none). */
bool suggest_append_hints(StrBuf *out, const Suggestion *s, bool as_name);

#endif
