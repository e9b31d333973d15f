/* Prints what the generated headers hold, for test_consumer.sh to check: the table of texts
 * and entries (demo_shaders.h), and the structs and constants of one source's own header
 * (点变换.h, included by demo_shaders.h). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "demo_shaders.h"

int main(void) {
    for (unsigned i = 0; i < DEMO_SHADER_COUNT; i++) {
        const demo_shader *s = &demo_shaders[i];
        printf("%s wgsl=%d msl=%d ptx=%d\n", s->name, s->wgsl && strstr(s->wgsl, "@compute") != NULL,
               s->msl && strstr(s->msl, "kernel void") != NULL, s->ptx && strstr(s->ptx, ".version 8.3") != NULL);
        for (unsigned a = 0; a < DEMO_ARCH_COUNT; a++) {  /* ARCH sm_80 sm_90: one PTX each */
            char target[32];
            snprintf(target, sizeof target, ".target %s", demo_archs[a]);
            printf("%s %s ptx=%d\n", s->name, demo_archs[a], strstr(s->ptx_by_arch[a], target) != NULL);
        }
        for (unsigned e = 0; e < s->entry_count; e++)
            printf("%s %s %s %s %u\n", s->entries[e].item, s->entries[e].function,
                   s->entries[e].stage, s->entries[e].ptx_name ? s->entries[e].ptx_name : "-",
                   s->entries[e].workgroup_size[0]);
        for (unsigned e = 0; e < s->entry_count; e++)
            for (unsigned k = 0; k < s->entries[e].length_count; k++)  /* 数组长度's lengths buffer */
                printf("%s lengths[%u] = bytes of %u:%u\n", s->entries[e].item, k, s->entries[e].lengths[k][0],
                       s->entries[e].lengths[k][1]);
        for (unsigned e = 0; e < s->entry_count; e++)
            for (unsigned k = 0; k < s->entries[e].texture_count; k++) {  /* PTX texture parameters */
                const unsigned *t = s->entries[e].textures[k];
                printf("%s textures[%u] = param %u kind %u %u:%u %u:%u\n", s->entries[e].item, k, t[0], t[1], t[2],
                       t[3], t[4], t[5]);
            }
    }
    点变换_变换 t = {{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}, {2, 2, 2, 0}};
    printf("点变换 变换 size=%u align=%u 缩放@%u 常量=%u:%u msl=%u ptx=%u/%u %s\n", (unsigned)sizeof t,
           (unsigned)_Alignof(点变换_变换), (unsigned)offsetof(点变换_变换, 缩放), 点变换_常量_GROUP,
           点变换_常量_BINDING, 点变换_常量_MSL_INDEX, 点变换_变换入口_PTX_PARAM_常量,
           点变换_变换入口_PTX_PARAM_COUNT, 点变换_变换入口_PTX_NAME);
    return 0;
}
