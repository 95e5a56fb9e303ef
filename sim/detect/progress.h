/* progress.h — runs that can no longer make progress end with a finding.
 *
 * Deadlock: a core spins while its steps only read one location (loads,
 * load-exclusives, atomics and store-exclusives that fail or leave the value
 * as it was).  When every running core has spun for spin_limit steps in a row,
 * no running core will change memory again: each waits for something no
 * running core will release.  The finding names each core, its pc, the
 * address it reads and, for a lock, the core that holds it.
 * Livelock (forward-progress failure): a core whose store-exclusive failed
 * sc_fail_limit times in a row.  Or a run that goes round in circles
 * through locks: for spin_limit steps no core changed shared memory except
 * to take a lock (an atomic write from 0 to non-zero) or release one (a
 * store of 0 to a word taken as a lock), and in the last quarter of them
 * every running core ran and was only ever in states it had been in
 * before in that stretch (a state: its registers, its stack and the event,
 * with the values it read or wrote).  A core that makes progress, however
 * slowly, reaches new states (a loop counter, a new value read) and is
 * not reported.  Seeing states needs a hash of the core's registers and
 * stack: it is taken at every 8th event of a core, and only once no core
 * has changed memory for spin_limit / 2 steps.  The finding names each core's loop (the pc of
 * its last access to a word that is no lock) and the lock it takes.  When
 * no core even touched a lock, every running core only reads, from one
 * location or several: after 2 * spin_limit steps per running core that
 * is the deadlock, as above.
 * Any of these ends the run (RUN_STOPPED) instead of burning the step
 * budget.
 *
 * Spinning, for the schedulers (sched_spinning): a core that only reads one
 * location, a core whose reads go round a loop over several (a read, pc
 * and address, comes again), and a core that repeats its states as above.
 */
#ifndef ATOMSIM_PROGRESS_H
#define ATOMSIM_PROGRESS_H

#include "core/event.h"
#include "lockstat.h"
#include "core/control.h"
#include "core/machine.h"

#define DEFAULT_SPIN_LIMIT 10000
#define DEFAULT_SC_FAIL_LIMIT 1000

struct progress;

/* locks (may be NULL) names the holders of the locks cores spin on. */
struct progress *progress_new(struct machine *m, struct lockstat *locks,
                              uint64_t spin_limit, uint64_t sc_fail_limit);
void progress_free(struct progress *p);

struct event_sink progress_sink(struct progress *p);

#endif
