/* lockstat.h — lock contention, in the style of the kernel's lockstat.
 *
 * A lock is recognised from events alone: an atomic instruction or
 * store-exclusive that turns a word from 0 to non-zero takes it (ldstub,
 * xchg, cmpxchg, ldrex/strex), a plain store of 0 by the core that took it
 * releases it.  Only words seen both taken and released count as locks.
 * While a lock is held, another core's failed atomic attempt, or its read of
 * the word (a spin), makes it wait.  Words inside a known hashed lock table
 * (__atomic_hash, __atomic64_hash) are named by bucket.
 *
 * Per lock: acquisitions, contended acquisitions (the core waited), spin
 * iterations, wait and hold time in steps (total and max), and false
 * contention: a core that waited behind a holder working on a different
 * variable than the one it wanted (the first shared variable each touches
 * after taking the lock), with the pairs of variables that collided.
 */
#ifndef ATOMSIM_LOCKSTAT_H
#define ATOMSIM_LOCKSTAT_H

#include "core/event.h"
#include "core/control.h"
#include "core/machine.h"

struct lock_pair {
    uint64_t holder_var, waiter_var;
    unsigned count;
};

struct lock_stats {
    uint64_t addr;
    const char *table;          /* the hashed table it is in, or NULL */
    unsigned bucket;
    uint64_t acquisitions, contended, spins;
    uint64_t wait_total, wait_max, hold_total, hold_max;
    uint64_t false_contention;
    GArray *pairs;              /* struct lock_pair */
};

struct lockstat;

/* Locks of runs on m. */
struct lockstat *lockstat_new(struct machine *m);
void lockstat_free(struct lockstat *ls);

struct event_sink lockstat_sink(struct lockstat *ls);

/* The core that holds the lock at addr now, or -1 (free, or not a lock). */
int lockstat_holder(struct lockstat *ls, uint64_t addr);

/* Has addr been taken as a lock in this run (an atomic write from 0 to
 * non-zero)? */
bool lockstat_known(struct lockstat *ls, uint64_t addr);

/* Is the word at addr surely a lock: taken and released in this run, or
 * in a hashed lock table?  (A counter's first atomic increment from 0
 * looks like a take.) */
bool lockstat_sure(struct lockstat *ls, uint64_t addr);
/* "__atomic_hash bucket 1", or the word's symbol+offset (to free). */
char *lockstat_name_at(struct lockstat *ls, uint64_t addr);

/* After a run: the locks, by address (struct lock_stats). */
GArray *lockstat_locks(struct lockstat *ls);

/* "__atomic_hash bucket 1", or the lock's symbol+offset (to free). */
char *lockstat_lock_name(struct lockstat *ls, const struct lock_stats *s);

/* Print the table, if there are locks, on out. */
void lockstat_print(struct lockstat *ls, FILE *out);

#endif
