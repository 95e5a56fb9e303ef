/* detectors.c — see detectors.h. */
#include "detectors.h"

void detectors_init(struct detectors *d, struct machine *m, unsigned lost_shown,
                    uint64_t spin_limit, uint64_t sc_fail_limit)
{
    d->lost = lost_update_new(m, lost_shown);
    d->locks = lockstat_new(m);
    d->stalls = progress_new(m, d->locks, spin_limit, sc_fail_limit);
    d->sinks[0] = lost_update_sink(d->lost);
    d->sinks[1] = lockstat_sink(d->locks);
    d->sinks[2] = progress_sink(d->stalls);
    svcomp_init(&d->harness, m);
    d->sinks[3] = svcomp_sink(&d->harness);
}

void detectors_clear(struct detectors *d)
{
    progress_free(d->stalls);
    lockstat_free(d->locks);
    lost_update_free(d->lost);
}
