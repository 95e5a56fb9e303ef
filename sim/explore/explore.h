/* explore.h — many runs, one seed each, over host threads.
 *
 * Each thread has its own machine (engines created once, restored between
 * runs) and its own detectors; the seeds are handed out in order.  Without
 * keep_going, the search stops once every seed below the first failing one
 * has run, so the answer does not depend on the threads.  pct without K
 * estimates it from the runs, deterministically (explore.c).  A shard I/N runs
 * only the seeds whose index is I modulo N, so that separate processes (GNU
 * parallel, a Slurm array) share one search.
 */
#ifndef ATOMSIM_EXPLORE_H
#define ATOMSIM_EXPLORE_H

#include <glib.h>
#include "core/run.h"
#include "ticker.h"

struct explore_options {
    const char *sched;          /* a seeded strategy: "random:M" */
    int64_t first_seed;
    int64_t runs;               /* seeds first_seed .. first_seed+runs-1 */
    unsigned shard, shards;     /* this process runs index % shards == shard */
    unsigned jobs;              /* host threads */
    bool keep_going;
    double time_limit;          /* seconds; no seed starts after them (0: none) */
    struct run_options run;     /* limits, monitor, lock-table size */
    uint64_t spin_limit, sc_fail_limit;
    struct ticker *ticker;      /* told how far the search is, or NULL */
};

/* A seed that found something, and pct's K it ran with (0: the spec's). */
struct explore_failure {
    int64_t seed;
    uint64_t horizon;
};

struct explore_result {
    unsigned runs;              /* runs made */
    unsigned assumed;           /* of them, ended quietly by a false __VERIFIER_assume */
    unsigned unfulfilled;       /* no execution: a load read a value no write gave */
    unsigned out_of_budget;     /* ran out of budget, and that was no finding */
    GArray *failing;            /* struct explore_failure, by seed, ascending */
    uint64_t first_horizon;     /* pct's K for the first seed (0: the spec's) */
    bool timed_out;             /* the time limit stopped it */
    double seconds;
};

/* Run the seeds of eo on machines like m, one per thread.  false with
 * error if a machine cannot be made. */
bool explore_seeds(const struct machine *m, const struct explore_options *eo,
                   struct explore_result *out, GError **error);
void explore_result_clear(struct explore_result *res);

/* pct without K (sched_estimates_horizon): a calibration run, with r's
 * detectors among ro's sinks (the first skip left out: a trace) and the
 * output thrown away, of seed's priorities with no change point; its step
 * count becomes s's K. */
void explore_pct_horizon(struct sched *s, struct run *r, const struct run_options *ro,
                         unsigned skip, uint64_t seed);

#endif
