/* detectors.h — everything that watches a run for findings, as one set of
 * event sinks: lost updates, lock contention, deadlock and livelock, SV-COMP's
 * reach_error. */
#ifndef ATOMSIM_DETECTORS_H
#define ATOMSIM_DETECTORS_H

#include "lockstat.h"
#include "lost-update.h"
#include "progress.h"
#include "svcomp.h"

struct detectors {
    struct lost_update *lost;
    struct lockstat *locks;
    struct progress *stalls;
    struct svcomp harness;
    struct event_sink sinks[4];
};

/* Detectors for runs on m; lost_shown lost updates printed per variable;
 * the deadlock and livelock limits. */
void detectors_init(struct detectors *d, struct machine *m, unsigned lost_shown,
                    uint64_t spin_limit, uint64_t sc_fail_limit);
void detectors_clear(struct detectors *d);

#endif
