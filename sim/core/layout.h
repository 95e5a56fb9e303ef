/* layout.h — where a program's image and the cores' stacks go in guest
 * memory: computed from the image alone, before any engine exists, so that
 * a program atomsim cannot lay out is refused with a message. */
#ifndef ATOMSIM_LAYOUT_H
#define ATOMSIM_LAYOUT_H

#include <stdint.h>
#include <glib.h>

#include "loader.h"

#define LAYOUT_STACK_SIZE (64 * 1024)          /* each core's stack (its thread-local storage lies above) */
#define LAYOUT_STACK_GUARD IMAGE_PAGE           /* unmapped below each stack */
#define LAYOUT_STACK_GAP (1ull << 20)           /* unmapped between image and stacks */

/* Address ranges of the guest's image, mapped page by page. */
struct region {
    uint64_t lo, hi;
    unsigned flags;             /* SEG_R | SEG_W | SEG_X */
};

struct layout {
    GArray *regions;            /* struct region, by address, disjoint */
    uint64_t image_lo, image_hi;        /* the pages of every region */
    uint64_t code_lo, code_hi;          /* the executable regions' pages */
    uint64_t stacks;            /* core i's stack is at stacks + i * (stack_size + GUARD) + GUARD */
    uint64_t stack_size;        /* LAYOUT_STACK_SIZE, and the top's for thread-local storage (tls.h) */
};

/* Lay out img with ncores stacks above it, all below addr_end; FALSE with
 * ATOMSIM_ERROR_INPUT if they do not fit. */
gboolean layout_plan(struct layout *l, const struct image *img, unsigned ncores,
                     uint64_t addr_end, GError **error);
void layout_clear(struct layout *l);

/* Core i's lowest stack address. */
static inline uint64_t layout_stack_lo(const struct layout *l, unsigned i)
{
    return l->stacks + (uint64_t)i * (l->stack_size + LAYOUT_STACK_GUARD) + LAYOUT_STACK_GUARD;
}

#endif
