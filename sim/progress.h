/* progress.h — runs that can no longer make progress end with a finding.
 *
 * Deadlock: a core spins while its steps only read one location (loads,
 * load-exclusives, atomics and store-exclusives that fail or leave the value
 * as it was).  When every running core has spun for spin_limit steps in a row,
 * no running core will change memory again: each waits for something no
 * running core will release.  The finding names each core, its pc, the
 * address it reads and, for a lock, the core that holds it.
 * Livelock (forward-progress failure): a core whose store-exclusive failed
 * sc_fail_limit times in a row.
 * Either ends the run (RUN_STOPPED) instead of burning the step budget.
 */
#ifndef ATOMSIM_PROGRESS_H
#define ATOMSIM_PROGRESS_H

#include "event.h"
#include "lockstat.h"
#include "run.h"

#define DEFAULT_SPIN_LIMIT 10000
#define DEFAULT_SC_FAIL_LIMIT 1000

struct progress;

/* locks (may be NULL) names the holders of the locks cores spin on. */
struct progress *progress_new(struct run *r, struct machine *m, struct lockstat *locks,
                              uint64_t spin_limit, uint64_t sc_fail_limit);
void progress_free(struct progress *p);

struct event_sink progress_sink(struct progress *p);

#endif
