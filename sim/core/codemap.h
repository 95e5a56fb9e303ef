/* codemap.h — every instruction of the guest's code, classified once.
 *
 * The code hook looks up each executed pc here (an array index); an
 * instruction is decoded by its cpu's classifier the first time it runs.
 */
#ifndef ATOMSIM_CODEMAP_H
#define ATOMSIM_CODEMAP_H

#include <glib.h>
#include "cpus/cpu.h"

struct codemap {
    const struct cpu_ops *cpu;
    cpu_decoder *decoder;
    uint64_t lo, hi;            /* the code range [lo, hi) */
    const uint8_t *bytes;       /* host copy of the guest's code at lo */
    unsigned shift;             /* log2 of the instruction alignment */
    guint32 *slot;              /* per aligned pc: index into infos, 0 = not yet */
    GArray *infos;              /* struct insn_info; [0] unused */
    GArray *atomic;             /* struct symbol *: functions run without a switch */
};

/* Map the code [lo, hi) at bytes; false if the host has no memory for the
 * map (one slot per instruction address). */
bool codemap_init(struct codemap *map, const struct cpu_ops *cpu, uint64_t lo,
                  uint64_t hi, const uint8_t *bytes);
void codemap_clear(struct codemap *map);

/* The functions of img called __VERIFIER_atomic_* (SV-COMP's convention:
 * such a function runs atomically) become code before whose steps the
 * scheduler may not switch cores. */
struct image;
void codemap_mark_atomic_functions(struct codemap *map, const struct image *img);

const struct insn_info *codemap_classify(struct codemap *map, uint64_t pc);

/* The text of the instruction at pc, "ldrex r3, [r2]". */
void codemap_disassemble(struct codemap *map, uint64_t pc, char *buf, size_t len);

/* The destination of a direct branch at pc, if it is one. */
bool codemap_branch_target(struct codemap *map, uint64_t pc, uint64_t *target);

/* The classification of the instruction at pc (lo <= pc < hi). */
static inline const struct insn_info *codemap_get(struct codemap *map, uint64_t pc)
{
    guint32 s = map->slot[(pc - map->lo) >> map->shift];
    if (G_LIKELY(s != 0))
        return &g_array_index(map->infos, struct insn_info, s);
    return codemap_classify(map, pc);
}

#endif
