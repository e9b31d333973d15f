/* Arena-backed hash maps (open addressing, linear probing, grown at half full): one from
 * NUL-terminated strings and one from 64-bit integers to non-NULL pointers. The keys' storage
 * is the caller's and must outlive the map (arena strings do); old slot arrays are abandoned
 * to the arena on growth. */
#ifndef YUSEC_BASE_HASH_H
#define YUSEC_BASE_HASH_H

#include <stdint.h>

#include "arena.h"

/* FNV-1a of a NUL-terminated string. */
uint32_t hash_string(const char *text);

typedef struct StrMapSlot {
    const char *key;
    void *value;
    uint32_t hash;
} StrMapSlot;

typedef struct StrMap {
    Arena *arena;
    StrMapSlot *slots;
    uint32_t cap, count;
} StrMap;

void strmap_init(StrMap *map, Arena *arena);
/* The value stored under `key`, or NULL. */
void *strmap_get(const StrMap *map, const char *key);
/* Stores `value` (not NULL) under `key` unless the key is present; returns the value the map
 * then holds for the key (the older one when it was present). */
void *strmap_put_first(StrMap *map, const char *key, void *value);
/* The value slot of `key`, the key added (with a NULL value) when absent: a caller that
 * stores NULL there makes the key absent to strmap_get again. */
void **strmap_slot(StrMap *map, const char *key);

typedef struct U64MapSlot {
    uint64_t key;
    void *value;
} U64MapSlot;

typedef struct U64Map {
    Arena *arena;
    U64MapSlot *slots;
    uint32_t cap, count;
} U64Map;

void u64map_init(U64Map *map, Arena *arena);
/* An empty map with room for `expected` keys without growing (each growth copies the slots
 * into a new array of the arena and leaves the old one there). */
void u64map_init_sized(U64Map *map, Arena *arena, size_t expected);
void *u64map_get(const U64Map *map, uint64_t key);
/* As strmap_put_first. */
void *u64map_put_first(U64Map *map, uint64_t key, void *value);

#endif
