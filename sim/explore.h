/* explore.h — many runs, one seed each, over host threads.
 *
 * Each thread has its own machine (engines created once, restored between
 * runs) and its own detectors; the seeds are handed out in order.  Without
 * keep_going, the search stops once every seed below the first failing one
 * has run, so the answer does not depend on the threads.  A shard I/N runs
 * only the seeds whose index is I modulo N, so that separate processes (GNU
 * parallel, a Slurm array) share one search.
 */
#ifndef ATOMSIM_EXPLORE_H
#define ATOMSIM_EXPLORE_H

#include <glib.h>
#include "run.h"

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
};

struct explore_result {
    unsigned runs;              /* runs made */
    GArray *failing;            /* int64_t: seeds that found something, ascending */
    bool timed_out;             /* the time limit stopped it */
    double seconds;
};

/* Run the seeds of eo on machines like m, one per thread.  false with
 * error if a machine cannot be made. */
bool explore_seeds(const struct machine *m, const struct explore_options *eo,
                   struct explore_result *out, GError **error);
void explore_result_clear(struct explore_result *res);

#endif
