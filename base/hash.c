#include "hash.h"

#include <string.h>

#include "memory.h"

enum { HASH_INITIAL_CAP = 16 };

uint32_t hash_string(const char *text) {
    uint32_t h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) h = (h ^ *p) * 16777619u;
    return h;
}

/* A 64-bit finaliser (splitmix64), so that keys differing only in high bits spread too. */
static uint32_t hash_u64(uint64_t key) {
    key ^= key >> 30;
    key *= 0xbf58476d1ce4e5b9ull;
    key ^= key >> 27;
    key *= 0x94d049bb133111ebull;
    key ^= key >> 31;
    return (uint32_t)key;
}

static uint32_t grown_cap(uint32_t cap, uint32_t count) {
    if ((uint64_t)(count + 1) * 2 <= cap) return cap;
    if (cap >= UINT32_MAX / 2) mem_exhausted((size_t)cap * 2);
    return cap * 2;
}

/* ---- string keys ---- */

void strmap_init(StrMap *map, Arena *arena) {
    map->arena = arena;
    map->cap = HASH_INITIAL_CAP;
    map->count = 0;
    map->slots = arena_alloc_array(arena, map->cap, sizeof *map->slots);
}

static StrMapSlot *str_slot(StrMapSlot *slots, uint32_t cap, const char *key, uint32_t hash) {
    uint32_t i = hash & (cap - 1);
    while (slots[i].key && (slots[i].hash != hash || strcmp(slots[i].key, key) != 0)) i = (i + 1) & (cap - 1);
    return &slots[i];
}

void *strmap_get(const StrMap *map, const char *key) {
    return str_slot(map->slots, map->cap, key, hash_string(key))->value;
}

static void str_grow(StrMap *map) {
    uint32_t cap = grown_cap(map->cap, map->count);
    if (cap == map->cap) return;
    StrMapSlot *slots = arena_alloc_array(map->arena, cap, sizeof *slots);
    for (uint32_t i = 0; i < map->cap; i++)
        if (map->slots[i].key) *str_slot(slots, cap, map->slots[i].key, map->slots[i].hash) = map->slots[i];
    map->slots = slots;
    map->cap = cap;
}

void *strmap_put_first(StrMap *map, const char *key, void *value) {
    str_grow(map);
    uint32_t hash = hash_string(key);
    StrMapSlot *slot = str_slot(map->slots, map->cap, key, hash);
    if (slot->key) return slot->value;
    *slot = (StrMapSlot){key, value, hash};
    map->count++;
    return value;
}

void **strmap_slot(StrMap *map, const char *key) {
    str_grow(map);
    uint32_t hash = hash_string(key);
    StrMapSlot *slot = str_slot(map->slots, map->cap, key, hash);
    if (!slot->key) {
        *slot = (StrMapSlot){key, NULL, hash};
        map->count++;
    }
    return &slot->value;
}

/* ---- integer keys ---- */

void u64map_init(U64Map *map, Arena *arena) { u64map_init_sized(map, arena, 0); }

void u64map_init_sized(U64Map *map, Arena *arena, size_t expected) {
    uint32_t cap = HASH_INITIAL_CAP;
    while ((uint64_t)expected * 2 > cap) cap = grown_cap(cap, cap / 2);
    map->arena = arena;
    map->cap = cap;
    map->count = 0;
    map->slots = arena_alloc_array(arena, map->cap, sizeof *map->slots);
}

static U64MapSlot *u64_slot(U64MapSlot *slots, uint32_t cap, uint64_t key) {
    uint32_t i = hash_u64(key) & (cap - 1);
    while (slots[i].value && slots[i].key != key) i = (i + 1) & (cap - 1);
    return &slots[i];
}

void *u64map_get(const U64Map *map, uint64_t key) {
    return u64_slot(map->slots, map->cap, key)->value;
}

static void u64_grow(U64Map *map) {
    uint32_t cap = grown_cap(map->cap, map->count);
    if (cap == map->cap) return;
    U64MapSlot *slots = arena_alloc_array(map->arena, cap, sizeof *slots);
    for (uint32_t i = 0; i < map->cap; i++)
        if (map->slots[i].value) *u64_slot(slots, cap, map->slots[i].key) = map->slots[i];
    map->slots = slots;
    map->cap = cap;
}

void *u64map_put_first(U64Map *map, uint64_t key, void *value) {
    u64_grow(map);
    U64MapSlot *slot = u64_slot(map->slots, map->cap, key);
    if (slot->value) return slot->value;
    *slot = (U64MapSlot){key, value};
    map->count++;
    return value;
}
