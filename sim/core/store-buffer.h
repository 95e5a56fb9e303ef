/* store-buffer.h — each core's FIFO store buffer, for total store order.
 *
 * Under TSO (x86-TSO: Sewell et al., "x86-TSO: a rigorous and usable
 * programmer's model for x86 multiprocessors", CACM 2010; SPARC V8, "The
 * SPARC Architecture Manual" Appendix K, the order Linux runs sparc32 in) a
 * core's store enters its own FIFO buffer and becomes visible to every
 * other core at once, when it drains, oldest first.  The core reads its own
 * newest buffered value of a byte (store forwarding); the other cores read
 * what is visible.
 *
 * The engines read and write the one shared memory directly, and only one
 * runs at a time.  So while a core runs, memory holds that core's view —
 * what is visible, overlaid with its own buffered stores — and between runs
 * what is visible: store_buffers_enter and store_buffers_leave switch.  The
 * visible value of each byte the running core overlays is kept aside.
 */
#ifndef ATOMSIM_STORE_BUFFER_H
#define ATOMSIM_STORE_BUFFER_H

#include <stdbool.h>
#include <stdint.h>

#include "event.h"
#include "machine.h"

/* Entries per core: a full buffer drains its oldest store before it takes
 * another (real x86 cores hold 40 to 70; a few are enough for every litmus
 * shape, and fewer keep a search small). */
#define STORE_BUFFER_DEPTH 8
#define STORE_BUFFER_BYTES 16   /* the widest store (an SSE register) */

struct buffered_store {
    struct event issue;         /* the store's event when it entered the buffer */
    uint8_t bytes[STORE_BUFFER_BYTES];
};

struct store_buffer {
    struct buffered_store entry[STORE_BUFFER_DEPTH];
    unsigned head, count;
};

struct store_buffers {
    struct machine *m;
    struct store_buffer core[ATOMSIM_MAX_CORES];
    uint64_t nonempty;          /* the cores with buffered stores, a mask */
    int running;                /* the core whose view memory holds, or -1 */
    /* The bytes the running core's buffer overlays, and their visible
     * values. */
    struct {
        uint64_t addr;
        uint8_t visible;
    } saved[STORE_BUFFER_DEPTH * STORE_BUFFER_BYTES];
    unsigned nsaved;
};

/* Empty buffers, no core running. */
void store_buffers_reset(struct store_buffers *sb, struct machine *m);

/* Core runs now: memory holds its view. */
void store_buffers_enter(struct store_buffers *sb, unsigned core);
/* The running core stopped: memory holds what is visible. */
void store_buffers_leave(struct store_buffers *sb);

static inline unsigned store_buffer_count(const struct store_buffers *sb, unsigned core)
{
    return sb->core[core].count;
}

/* Can a store of size bytes wait in a buffer?  A wider one (an AVX register,
 * say) is made visible at once, after the core's buffer drains: fewer
 * orders than the hardware allows, never more. */
static inline bool store_buffer_takes(unsigned size)
{
    return size <= STORE_BUFFER_BYTES;
}

/* The running core is about to store size bytes at addr (its buffer not
 * full): keep the visible bytes under them. */
void store_buffers_before_store(struct store_buffers *sb, uint64_t addr, unsigned size);
/* The running core's store of issue->size bytes at issue->addr has
 * executed: it enters the buffer, its bytes as memory holds them now. */
void store_buffers_push(struct store_buffers *sb, const struct event *issue);

/* Core's oldest buffered store becomes visible to every core: *drained is
 * its entry; *visible_before is the visible value of its bytes before (in
 * the cpu's byte order, the first 8 bytes). */
void store_buffers_drain(struct store_buffers *sb, unsigned core,
                         struct buffered_store *drained, uint64_t *visible_before);

/* Does a store in the buffer of a core of cores (a mask) write a byte of
 * [addr, addr+size)? */
bool store_buffers_hold(const struct store_buffers *sb, uint64_t cores, uint64_t addr,
                        unsigned size);

/* The first min(size, 8) bytes at addr as the other cores see them. */
uint64_t store_buffers_read_visible(const struct store_buffers *sb, uint64_t addr,
                                    unsigned size);

#endif
