/* strategy.h — the table of operations every scheduling strategy provides.
 *
 * As `struct cpu_ops` is one table per ISA, `struct strategy` is one table
 * per strategy, each in its own file (rr.c, random.c, pct.c, pinned.c for
 * pinned and replay, search.c for a dfs node, dfs.c); scheduler.c lists the
 * ones --sched names and calls through the table.  Each strategy's own
 * state is a struct whose first member is `struct sched`.  Outside sched/,
 * only the command line includes this header: it reads a strategy's
 * properties (sched_find: seeded, exhaustive, ...) instead of comparing
 * names; everything else goes through scheduler.h.
 */
#ifndef ATOMSIM_STRATEGY_H
#define ATOMSIM_STRATEGY_H

#include <stdbool.h>
#include <stdint.h>
#include <glib.h>

#include "base/rng.h"
#include "scheduler.h"

struct strategy {
    const char *name;           /* what --sched names: "rr" */
    const char *usage;          /* "rr[:Q]" */
    const char *description;    /* one line */
    bool seeded;                /* its choices are drawn from --seed */
    bool exhaustive;            /* a search over schedules (dfs), not one schedule */
    bool fixed;                 /* every switch given (pinned, replay, a search node) */
    bool needs_argument;        /* named only as "name:ARG" (replay:FILE) */

    /* The strategy spec names ("name" or "name:ARG"; arg: the text after
     * the first ':', or NULL), drawing from seed, for ncores cores; NULL
     * with ATOMSIM_ERROR_USAGE if arg does not parse.  NULL for the
     * strategies made otherwise (pinned, search). */
    struct sched *(*create)(const char *spec, const char *arg, uint64_t seed, unsigned ncores,
                            GError **error);
    /* Free s and what it holds.  NULL: s holds nothing more (g_free). */
    void (*free)(struct sched *s);
    /* Start again: the same choices as the first run.  NULL: nothing to do. */
    void (*reset)(struct sched *s);
    /* sched_next.  NULL for an exhaustive strategy, which runs no schedule
     * itself (the explore layer makes its nodes: sched_new_search). */
    unsigned (*next)(struct sched *s, const bool *runnable, unsigned nchoices, int current,
                     long *turn);
    /* sched_describe (to free). */
    char *(*describe)(const struct sched *s);
    /* sched_older.  NULL: every load reads the newest write. */
    unsigned (*older)(struct sched *s, unsigned core, long turn_left, unsigned n,
                      unsigned telling);
    /* sched_predicted.  NULL: no load reads a write still to come. */
    bool (*predicted)(struct sched *s, unsigned core, long turn_left,
                      const uint64_t *candidates, unsigned n, uint64_t *value);
    /* sched_spinning.  NULL: a spinning core goes on. */
    bool (*spinning)(struct sched *s, unsigned core);
    /* pct: is K to be estimated (sched_estimates_horizon); set it
     * (sched_set_horizon).  NULL: no horizon. */
    bool (*estimates_horizon)(const struct sched *s);
    void (*set_horizon)(struct sched *s, uint64_t steps);
    /* exhaustive: the preemption bound (sched_bound). */
    unsigned (*bound)(const struct sched *s);
};

/* Every strategy's state begins with this. */
struct sched {
    const struct strategy *ops;
    uint64_t seed;              /* a seeded strategy draws from it at each reset */
    struct rng reads;           /* sched_older_drawn's, seeded at each reset */
    struct rng predictions;     /* sched_predicted_drawn's, likewise */
    bool may_predict;           /* this run may still read a write to come */
};

/* The strategies --sched names, in the order of the help: rr, random, pct,
 * dfs, replay (NULL-terminated). */
extern const struct strategy *const sched_strategies[];
extern const struct strategy strategy_rr, strategy_random, strategy_pct, strategy_dfs,
    strategy_replay;
/* Made by sched_new_pinned / sched_new_turns and sched_new_search, not by name. */
extern const struct strategy strategy_pinned, strategy_search;

/* The strategy spec ("name" or "name:ARG") names, or NULL. */
const struct strategy *sched_find(const char *spec);
/* Every named strategy's usage, "rr[:Q], random[:M], ... or replay:FILE"
 * (to free). */
char *sched_usages(void);

/* Helpers the strategies share (strategy.c). */

/* The longest turn a strategy takes (rr's Q, random's M, pct's K). */
#define TURN_MAX 1000000
/* text as a whole number from 1 to TURN_MAX into *out. */
gboolean sched_parse_count(const char *text, long *out);
/* A seeded strategy's older op: the write a load of n reads, drawn from
 * s->reads (seeded from the seed, apart from the strategy's other draws):
 * where some show loads out of order (telling), one of those half the
 * time; else, one time in eight, any older one (uniformly); else the
 * newest. */
unsigned sched_older_drawn(struct sched *s, unsigned core, long turn_left, unsigned n,
                           unsigned telling);
#define SCHED_READS_SEED 0x5bd1e9955bd1e995ull
/* random's predicted op: in one run in SCHED_PREDICT_RUNS, one
 * load that has candidates, each such load with odds 1 in
 * SCHED_PREDICT_ODDS until one does, reads one of them; drawn from
 * s->predictions, apart from the other draws, so that the other runs are
 * the runs they were (a load that reads a value no write gives wastes its
 * run: they are rare). */
#define SCHED_PREDICT_RUNS 4
bool sched_predicted_drawn(struct sched *s, unsigned core, long turn_left,
                           const uint64_t *candidates, unsigned n, uint64_t *value);
#define SCHED_PREDICT_SEED 0x9e3779b97f4a7c15ull
/* The next runnable choice after current, in order (current itself only if
 * no other can run). */
unsigned sched_next_after(const bool *runnable, unsigned nchoices, int current);

#endif
