/* memory-model.h — the memory models atomsim runs (--memory), one ops table
 * each, as cpu_ops is one table per ISA and a strategy one per schedule.
 *
 * A model says which cpus have it, whether a core's stores wait in a store
 * buffer (store-buffer.h) and which of them may drain next, and what each
 * kind of instruction — a fence, an acquire, a release, an atomic access,
 * a trap — must wait for: how many of the core's oldest buffered stores
 * become visible before it runs.  memory-model.c cites the manuals.
 */
#ifndef ATOMSIM_MEMORY_MODEL_H
#define ATOMSIM_MEMORY_MODEL_H

#include <glib.h>

#include "base/memory.h"
#include "cpus/cpu.h"
#include "store-buffer.h"

/* What is about to run on a core, as the model sees it. */
struct model_access {
    const struct insn_info *ii;
    enum insn_kind kind;        /* ii's, or a split RMW's half: INSN_LOAD, INSN_STORE */
    uint64_t addr;
    bool ordered;               /* fences, acquires and releases order (not
                                   --fault strip-fence) */
};

struct memory_model_ops {
    const char *name;
    /* The cpus that have it (cpu_ops.name), NULL-ended; NULL: every cpu. */
    const char *const *cpus;
    /* Do stores wait in store buffers?  May a buffered store drain before
     * older ones to other addresses (the buffer is no FIFO)? */
    bool buffers;
    bool reorders;
    /* May a load read a write older than the newest, as the core's views
     * allow (views.h)? */
    bool views;
    /* Is every atomic read-modify-write one access, its write ordered
     * against the core's later accesses as its read is (RVWMO's AMOs)?
     * Else only one with acquire and release semantics is (ARMv8's
     * ld<op>al, swpal, casal): views.h. */
    bool amo_one_access;
    /* How many of the core's oldest buffered stores drain before an atomic
     * access a runs (it writes memory directly, or reads it). */
    unsigned (*before_atomic)(const struct store_buffers *sb, unsigned core,
                              const struct model_access *a, unsigned acquire);
};

/* The table of model. */
const struct memory_model_ops *memory_model_get(enum memory_model model);
/* "sc", "tso", "pso", "arm", "rvwmo" */
const char *memory_model_name(enum memory_model model);
/* The model name names, into *model; false if none. */
bool memory_model_parse(const char *name, enum memory_model *model);
/* The names of the models in set (MEMORY_BIT), "sc or tso" (to free). */
char *memory_model_names(unsigned set);
/* The models cpu has, a set of MEMORY_BIT. */
unsigned memory_model_set_of(const struct cpu_ops *cpu);

/* Does cpu have model?  If not, an error (ATOMSIM_ERROR_USAGE) says so,
 * without a prefix: "--memory pso: not a model of x86 (it has sc or tso)". */
bool memory_model_check(const struct cpu_ops *cpu, enum memory_model model, GError **error);

/* The buffered stores of a core the scheduler may choose to drain: the
 * oldest only (a FIFO; sc has none, but keeps the same choices), or any, as
 * far as the model allows at the time. */
static inline unsigned memory_model_drain_slots(const struct memory_model_ops *mm)
{
    return mm->reorders ? ATOMSIM_STORE_BUFFER_DEPTH : 1;
}

/* How many of core's oldest buffered stores must drain before a runs. */
unsigned memory_model_drains_before(const struct memory_model_ops *mm,
                                    const struct store_buffers *sb, unsigned core,
                                    const struct model_access *a);

/* The most cores an exhaustive search can take under mm: it names its
 * choices in one 64-bit mask, each core and each store a core's buffer may
 * drain next. */
static inline unsigned memory_model_search_cores(const struct memory_model_ops *mm)
{
    return mm->buffers ? 64 / (1 + memory_model_drain_slots(mm)) : ATOMSIM_MAX_CORES;
}

#endif
