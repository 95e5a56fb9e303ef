/* store-buffer.h — each core's store buffer, for the models that have one.
 *
 * Under TSO (x86-TSO: Sewell et al., "x86-TSO: a rigorous and usable
 * programmer's model for x86 multiprocessors", CACM 2010; SPARC V8, "The
 * SPARC Architecture Manual" Appendix K, the order Linux runs sparc32 in) a
 * core's store enters its own FIFO buffer and becomes visible to every
 * other core at once, when it drains, oldest first.  The core reads its own
 * newest buffered value of a byte (store forwarding); the other cores read
 * what is visible.
 *
 * Under PSO (V8 Appendix K) and ARM's model (ARM ARM A3.8.2) the buffer is
 * no FIFO: any buffered store may drain before older ones, except that a
 * core's stores to one address become visible in the order it made them
 * (coherence), and none drains before the stores made before a store
 * barrier (stbar, dmb ishst) it follows.
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

#include "base/limits.h"
#include "event.h"
#include "machine.h"

#define STORE_BUFFER_DEPTH ATOMSIM_STORE_BUFFER_DEPTH
#define STORE_BUFFER_BYTES 16   /* the widest store (an SSE register) */

struct buffered_store {
    struct event issue;         /* the store's event when it entered the buffer */
    uint8_t bytes[STORE_BUFFER_BYTES];
    bool barrier;               /* a store barrier lies between it and the
                                   stores before it */
    bool release;               /* a store-release (stlr) */
    uint64_t view;              /* the views of its address and value (views.h) */
    uint64_t floor;             /* what else it must be newer than (views_write_floor) */
};

struct store_buffer {
    struct buffered_store entry[STORE_BUFFER_DEPTH];   /* [0] the oldest */
    unsigned count;
    bool barrier;               /* a store barrier since the newest entry */
    bool release;               /* the next entry is a store-release */
    /* The core's load read a value a write still to come must give
     * (views.h): its stores whose views are await_view, or that write
     * [await_addr, await_addr + await_size), wait. */
    bool awaiting;
    uint64_t await_view, await_addr;
    unsigned await_size;
};

struct store_buffers {
    struct machine *m;
    bool reorder;               /* pso, arm: not FIFO */
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

/* Empty buffers, no core running; FIFO unless reorder. */
void store_buffers_reset(struct store_buffers *sb, struct machine *m, bool reorder);

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
 * executed: it enters the buffer, its bytes as memory holds them now; view:
 * its address's and value's views, floor: what else it must be newer than
 * (views.h). */
void store_buffers_push(struct store_buffers *sb, const struct event *issue, uint64_t view,
                        uint64_t floor);

/* Core's load read a value a write still to come must give: its stores
 * whose view or floor is `view` (they depend on the load), or that write
 * a byte of [addr, addr + size) (coherence), may not drain until
 * store_buffers_fulfilled says that write became visible, of timestamp ts
 * (their views and floors become it). */
void store_buffers_await(struct store_buffers *sb, unsigned core, uint64_t view, uint64_t addr,
                         unsigned size);
void store_buffers_fulfilled(struct store_buffers *sb, unsigned core, uint64_t ts);
/* Does one of core's n oldest stores wait so (store_buffers_await)? */
bool store_buffers_held(const struct store_buffers *sb, unsigned core, unsigned n);

/* The running core executed a store barrier: its stores after it drain
 * only after those before it. */
void store_buffers_barrier(struct store_buffers *sb, unsigned core);

/* The running core's next store is a store-release: it drains only after
 * every store before it, and a later acquire waits for it. */
void store_buffers_release(struct store_buffers *sb, unsigned core);

/* How many of core's oldest entries must drain before an acquire runs: up
 * to and including the newest store-release (0 if none). */
unsigned store_buffers_before_acquire(const struct store_buffers *sb, unsigned core);

/* How many of core's oldest entries must drain before it writes memory
 * directly (an atomic write, which waits in no buffer): every one before the
 * newest store barrier it executed (0 if none). */
unsigned store_buffers_before_write(const struct store_buffers *sb, unsigned core);

/* The entries of core's buffer that may drain now, a mask (bit k: the k-th
 * oldest): the oldest under FIFO; else each that no older store to a byte
 * it writes, and no barrier, holds back; none that awaits a write still to
 * come. */
uint32_t store_buffers_drainable(const struct store_buffers *sb, unsigned core);

/* Core's k-th oldest buffered store (drainable) becomes visible to every
 * core: *drained is its entry; *visible_before is the visible value of its
 * bytes before (in the cpu's byte order, the first 8 bytes). */
void store_buffers_drain(struct store_buffers *sb, unsigned core, unsigned k,
                         struct buffered_store *drained, uint64_t *visible_before);

/* How many of core's oldest entries must drain before it may access
 * [addr, addr+size) atomically: up to and including the newest that writes
 * a byte of it (0 if none). */
unsigned store_buffers_before_access(const struct store_buffers *sb, unsigned core,
                                     uint64_t addr, unsigned size);

/* The view of core's newest buffered store to [addr, addr + size), if it
 * writes every byte of it and no newer one writes any; else `otherwise`. */
uint64_t store_buffers_forward_view(const struct store_buffers *sb, unsigned core, uint64_t addr,
                                    unsigned size, uint64_t otherwise);
/* Does a store in the buffer of a core of cores (a mask) write a byte of
 * [addr, addr+size)? */
bool store_buffers_hold(const struct store_buffers *sb, uint64_t cores, uint64_t addr,
                        unsigned size);

/* The first min(size, 8) bytes at addr as the other cores see them. */
uint64_t store_buffers_read_visible(const struct store_buffers *sb, uint64_t addr,
                                    unsigned size);

#endif
