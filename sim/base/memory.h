/* memory.h — the memory models atomsim runs (--memory).
 *
 * sc: sequential consistency (Lamport, 1979): every store is seen by every
 * core the moment it executes; runs differ only in how the cores' steps
 * interleave.
 * tso: total store order, x86's (x86-TSO, Sewell et al., CACM 2010) and
 * SPARC V8's (its manual's Appendix K): each core's stores wait in a FIFO
 * store buffer (core/store-buffer.h), so a core may read an address before
 * its own earlier store to another address is visible.
 * pso: SPARC V8's partial store order (Appendix K): as tso, but a core's
 * stores to different addresses may become visible in any order, unless a
 * stbar lies between them.
 * arm: the ARMv7 order (ARM ARM A3.8), and AArch64's (Arm ARM K.a B2.3),
 * as far as atomsim models them: stores to different addresses become
 * visible in any order unless a dmb lies between them; dmb ish orders
 * everything, dmb ishst orders stores; a store-release (stlr) becomes
 * visible after every store before it, and a load-acquire (ldar) waits for
 * an earlier store-release.  Loads are satisfied in program order and a
 * store becomes visible to every other core at once (AArch64 is
 * other-multi-copy-atomic: B2.3.1), so the shapes that need more (LB, WRC,
 * IRIW, MP with a dmb only on the writer) are not produced: fewer outcomes
 * than the architecture allows, never more.
 * rvwmo: RISC-V's weak memory ordering (unprivileged ISA, chapter 17), as
 * far as atomsim models it: as arm, with fence pred,succ ordering stores
 * against later loads only when pred has w and succ r (else stores against
 * stores when both have w), .rl ordering an AMO or sc after every access
 * before it, .aq ordering one before every access after it (17.1.3).
 * RVWMO is multi-copy atomic (17.1), so the same shapes are missing.
 */
#ifndef ATOMSIM_MEMORY_H
#define ATOMSIM_MEMORY_H

#include <stdbool.h>

#include "limits.h"

enum memory_model {
    MEMORY_SC,
    MEMORY_TSO,
    MEMORY_PSO,
    MEMORY_ARM,
    MEMORY_RVWMO,
    MEMORY_MODELS
};

/* A set of models, one bit each (a cpu's: cpu_ops.models). */
#define MEMORY_BIT(model) (1u << (model))

/* "sc", "tso", "pso", "arm", "rvwmo" */
const char *memory_model_name(enum memory_model model);
/* The model name names, into *model; false if none. */
bool memory_model_parse(const char *name, enum memory_model *model);
/* The names of the models in set (MEMORY_BIT), "sc or tso" (to free). */
char *memory_model_names(unsigned set);

/* Do stores wait in store buffers? */
static inline bool memory_model_buffers(enum memory_model model)
{
    return model != MEMORY_SC;
}

/* May a core's buffered stores to different addresses become visible out of
 * the order they were made in (pso, arm, rvwmo)? */
static inline bool memory_model_reorders_stores(enum memory_model model)
{
    return model == MEMORY_PSO || model == MEMORY_ARM || model == MEMORY_RVWMO;
}

/* The buffered stores of a core the scheduler may choose to drain: the
 * oldest only (tso; sc has none, but keeps the same choices), or any
 * (pso, arm, rvwmo), as far as the model allows at the time. */
static inline unsigned memory_model_drain_slots(enum memory_model model)
{
    return memory_model_reorders_stores(model) ? ATOMSIM_STORE_BUFFER_DEPTH : 1;
}

#endif
