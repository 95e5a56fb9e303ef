/* hunt.h — hunting for a finding: many seeds (--runs, --jobs, --shard) and
 * shrinking the schedule that found it (--shrink). */
#ifndef ATOMSIM_HUNT_H
#define ATOMSIM_HUNT_H

#include "detect/lockstat.h"
#include "options.h"
#include "core/run.h"
#include "report/report-json.h"

/* Run r found something: shrink its schedule, run the shrunk one in full and
 * report it.  The first traced_sinks sinks of ro (a trace) are left out of
 * the candidate runs.  The exit status. */
int hunt_shrink(const struct options *o, struct run *r, struct lockstat *locks,
                const struct run_options *ro, unsigned traced_sinks,
                const struct report_search *search);

/* --runs: the seeds from --seed on, then the first that found something in
 * full (shrunk without the first traced_sinks sinks).  The exit status. */
int hunt_explore(const struct options *o, struct run *r, struct lockstat *locks,
                 struct run_options *ro, unsigned traced_sinks);

/* --sched dfs[:B]: the search of explore/dfs.h with at most `bound`
 * preemptions, --runs and --time-limit its budget; what it found is
 * reported in full.  The exit status. */
struct dfs_outcome {
    bool found;         /* a schedule found something (reported) */
    bool exhausted;     /* every schedule within the bound ran */
    bool verified;      /* every schedule within the bound ran, nothing found, no
                           run stopped at a budget, no nondet value drawn */
};
int hunt_dfs(const struct options *o, struct run *r, struct lockstat *locks,
             const struct run_options *ro, unsigned traced_sinks, unsigned bound,
             struct dfs_outcome *outcome);

#endif
