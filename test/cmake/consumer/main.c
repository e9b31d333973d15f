/* Prints what the generated header holds, for test_consumer.sh to check. */
#include <stdio.h>
#include <string.h>

#include "demo_shaders.h"

int main(void) {
    for (unsigned i = 0; i < DEMO_SHADER_COUNT; i++) {
        const demo_shader *s = &demo_shaders[i];
        printf("%s wgsl=%d msl=%d ptx=%d\n", s->name, s->wgsl && strstr(s->wgsl, "@compute"),
               s->msl && strstr(s->msl, "kernel void"), s->ptx && strstr(s->ptx, ".target sm_90"));
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
    return 0;
}
