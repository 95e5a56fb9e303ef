/* dfs.h — --sched dfs[:B]: a systematic search of the schedules.
 *
 * Every schedule with at most B preemptions (Musuvathi and Qadeer,
 * "Iterative context bounding", PLDI 2007, as in CHESS), each run once by
 * re-execution from the start, until one finds something or the space is
 * exhausted.  Schedules equivalent to ones explored (the same steps in an
 * order that differs only in steps that commute: equivalence.h) are cut
 * short or not started.  Its memory is bounded by the depth of the search
 * (dfs.c), and by the number of distinct interleavings it counts.
 *
 * To check the reduction, a search can prune nothing (no_reduction: runs
 * are still named by their traces) and write each distinct interleaving it
 * completes (classes): the sorted lines are the same with the reduction
 * and without.
 */
#ifndef ATOMSIM_DFS_H
#define ATOMSIM_DFS_H

#include <glib.h>
#include "core/run.h"
#include "ticker.h"

struct dfs_options {
    unsigned bound;             /* preemptions (UINT_MAX: none) */
    uint64_t max_runs;          /* stop after this many schedules (0: no limit) */
    double time_limit;          /* seconds (0: none) */
    unsigned shard, shards;     /* --shard: the root's children are dealt out */
    struct ticker *ticker;      /* told how far the search is, or NULL */
    bool no_reduction;          /* run every schedule within the bound */
    /* Remember the states explored, and cut a run that reaches one again,
     * where the run's state decides its future (dfs.c) */
    bool states;
    FILE *classes;              /* each distinct interleaving completed, one a line
                                   (equivalence_trace_text), or NULL */
    /* Shown each run that ended normally with an interleaving no run
     * before completed, before the run is cleared (its machine holds the
     * final state), or NULL. */
    void (*completed)(void *ctx, struct run *r);
    void *completed_ctx;
};

struct dfs_result {
    GArray *found;              /* the turns of the schedule that found something
                                   (struct sched_turn), or NULL */
    bool exhausted;             /* every schedule within the bound ran */
    bool stopped_at_runs;       /* max_runs stopped it (else the time limit did) */
    unsigned runs;              /* schedules run */
    unsigned cuts;              /* of them cut short: equivalent to ones explored */
    unsigned skipped;           /* children not started: likewise */
    bool states;                /* it remembered states (dfs_options.states) */
    unsigned state_cuts;        /* of the cuts, those at a state explored */
    unsigned out_of_budget;     /* of them ran out of budget (no finding: --only-checks) */
    bool nondet;                /* a run drew __VERIFIER_nondet values (not all tried) */
    unsigned forgotten;         /* times the explored prefixes were dropped */
    unsigned distinct;          /* distinct interleavings (Mazurkiewicz traces)
                                   the runs not cut short completed */
    bool distinct_capped;       /* there were more: the count stopped */
    double seconds;
};

/* Should a search remember states (dfs_options.states)?  Yes, unless the
 * environment's check of that reduction says ATOMSIM_DFS_STATES=0. */
bool dfs_remembers_states(void);
/* Should a search's runs wait at spins (run_options.await_spins)?  Yes,
 * unless the environment's check of that reduction says
 * ATOMSIM_DFS_AWAIT=0 (doc/manual.md, "Hunting"). */
bool dfs_awaits_spins(void);

/* Search with runs r and ro, quietly (the first skip sinks of ro, a trace,
 * left out). */
void dfs_search(struct run *r, const struct run_options *ro, unsigned skip,
                const struct dfs_options *o, struct dfs_result *out);
void dfs_result_clear(struct dfs_result *res);

#endif
