/* codemap.c — see codemap.h. */
#include <string.h>
#include "base/log.h"
#include "codemap.h"
#include "loader.h"

#define ATOMIC_FUNCTION_PREFIX "__VERIFIER_atomic_"

bool codemap_init(struct codemap *map, const struct cpu_ops *cpu, uint64_t lo,
                  uint64_t hi, const uint8_t *bytes)
{
    memset(map, 0, sizeof *map);
    map->cpu = cpu;
    map->decoder = cpu->decoder_new();
    map->lo = lo;
    map->hi = hi;
    map->bytes = bytes;
    map->shift = (unsigned)g_bit_nth_lsf(cpu->insn_align, -1);
    map->slot = g_try_new0(guint32, ((hi - lo) >> map->shift) + 1);
    map->infos = g_array_new(FALSE, TRUE, sizeof(struct insn_info));
    g_array_set_size(map->infos, 1);
    return map->slot != NULL;
}

void codemap_clear(struct codemap *map)
{
    if (map->decoder)
        map->cpu->decoder_free(map->decoder);
    g_free(map->slot);
    if (map->infos)
        g_array_unref(map->infos);
    if (map->atomic)
        g_array_unref(map->atomic);
    memset(map, 0, sizeof *map);
}

void codemap_mark_atomic_functions(struct codemap *map, const struct image *img)
{
    for (guint i = 0; i < img->symbols->len; i++) {
        const struct symbol *s = &g_array_index(img->symbols, struct symbol, i);
        /* the runtime's __VERIFIER_atomic_begin and _end make a section
         * themselves; a program's own are functions like the others */
        bool own = s->addr >= img->program_lo && s->addr < img->program_hi;
        if (!g_str_has_prefix(s->name, ATOMIC_FUNCTION_PREFIX) ||
            (!own && (strcmp(s->name, ATOMIC_FUNCTION_PREFIX "begin") == 0 ||
                      strcmp(s->name, ATOMIC_FUNCTION_PREFIX "end") == 0)))
            continue;
        if (map->atomic == NULL)
            map->atomic = g_array_new(FALSE, FALSE, sizeof(const struct symbol *));
        g_array_append_val(map->atomic, s);
    }
}

static bool in_atomic_function(const struct codemap *map, uint64_t pc)
{
    for (guint i = 0; map->atomic && i < map->atomic->len; i++) {
        const struct symbol *s = g_array_index(map->atomic, const struct symbol *, i);
        if (pc - s->addr < s->size)
            return true;
    }
    return false;
}

const struct insn_info *codemap_classify(struct codemap *map, uint64_t pc)
{
    struct insn_info info;
    size_t off = pc - map->lo;
    if (!map->cpu->classify(map->decoder, map->bytes + off, map->hi - pc, off, pc, &info)) {
        /* Undecodable: let the cpu raise its illegal-instruction trap. */
        memset(&info, 0, sizeof info);
        info.kind = INSN_PRIVATE;
        info.mem.base = info.mem.index = -1;
    }
    info.no_preempt |= in_atomic_function(map, pc);
    if (LOG_ON(LOG_CPU)) {
        char text[96];
        codemap_disassemble(map, pc, text, sizeof text);
        LOG(LOG_CPU, "0x%" G_GINT64_MODIFIER "x %s: %s, %u bytes accessed%s%s", pc, text,
            kind_name(info.kind), info.size, info.cas ? ", compare-and-swap" : "",
            info.no_preempt ? ", no switch before it" : "");
    }
    g_array_append_val(map->infos, info);
    guint32 s = map->infos->len - 1;
    map->slot[off >> map->shift] = s;
    return &g_array_index(map->infos, struct insn_info, s);
}

void codemap_disassemble(struct codemap *map, uint64_t pc, char *buf, size_t len)
{
    if (pc < map->lo || pc >= map->hi) {
        g_strlcpy(buf, "(outside the code)", len);
        return;
    }
    map->cpu->disassemble(map->decoder, map->bytes + (pc - map->lo), map->hi - pc, pc, buf,
                          len);
}

bool codemap_branch_target(struct codemap *map, uint64_t pc, uint64_t *target)
{
    return pc >= map->lo && pc < map->hi &&
           map->cpu->branch_target(map->decoder, map->bytes + (pc - map->lo), map->hi - pc, pc,
                                   target);
}
