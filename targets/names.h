/* Target identifiers shared by the WGSL and MSL emitters (spec 着五, 着九): names are kept as
 * written; a name that is a keyword, reserved word or predeclared name of either target (one
 * table for both, so an entry function has the same name in WGSL and MSL), or that does not
 * start like an identifier, gets the prefix 豫_; characters that are not identifier
 * characters (UAX #31, ident_chars.h) are escaped; a name repeated in one scope gets _2, _3, …. */
#ifndef YUSEC_TARGETS_NAMES_H
#define YUSEC_TARGETS_NAMES_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/arena.h"

#define NAMES_PREFIX "豫_"

/* True for WGSL keywords and reserved words, WGSL predeclared types, enumerants and builtin
 * functions, C++ keywords, and Metal keywords, types and builtin functions. */
bool names_is_reserved(const char *name);

/* The legal target spelling of a source name (arena copy), one-to-one: a character that is
 * not XID_Continue is written _uXXXX (_UXXXXXX above U+FFFF; a byte that is not UTF-8 _xXX),
 * and so is a '_' that would read as such an escape; 豫_ goes before reserved words, names
 * that do not start with XID_Start or '_' (a digit, a combining mark, …), "_", names starting
 * with "__", with _ and an upper-case letter (reserved in C++) or with 豫_, and the empty name. */
const char *names_legalise(Arena *arena, const char *name);

/* A set of names already taken in one scope (open addressing over arena strings). A scope
 * nested in another (a function's locals in the module) sees the outer scope's names through
 * `outer` without copying them, so opening a scope costs the same whatever the module holds. */
typedef struct NameSet {
    Arena *arena;
    const struct NameSet *outer;
    const char **slots;
    uint32_t cap, count;
} NameSet;

void name_set_init(NameSet *set, Arena *arena);
/* An empty scope inside `outer`: a name `outer` has is taken here too. */
void name_set_init_nested(NameSet *set, Arena *arena, const NameSet *outer);
bool name_set_has(const NameSet *set, const char *name);
void name_set_add(NameSet *set, const char *name);
/* Legalises `name`, makes it unique in `set` with _2, _3, … and takes it. */
const char *name_set_claim(NameSet *set, const char *name);

#endif
