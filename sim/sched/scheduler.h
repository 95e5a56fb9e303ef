/* scheduler.h — deterministic scheduling strategies.
 *
 * Cores switch only before visible operations (shared-memory accesses and
 * traps).  A turn is a number of visible operations one core runs; when it
 * is used up, or the core blocks or ends, the strategy picks the next core
 * among the runnable ones and the length of its turn.
 */
#ifndef ATOMSIM_SCHEDULER_H
#define ATOMSIM_SCHEDULER_H

#include <stdbool.h>
#include <stdint.h>
#include <limits.h>
#include <glib.h>

#include "base/limits.h"

struct sched;

/* One turn of an interleaving: core runs steps steps (-1: "*", until it
 * ends or blocks); or, with drain, core's buffered stores become visible,
 * steps of them, each the slot-th oldest (a memory model with store
 * buffers: --memory tso, pso, arm, rvwmo).  A schedule's text is turns
 * "CORE:STEPS", "dCORE:STEPS" (slot 0) or "dCORE.SLOT:STEPS" joined by
 * commas.  Under a model whose loads may read older writes (arm, rvwmo), a
 * turn whose last step is a load that read the write OLDER places before
 * the newest it could is "CORE:STEPS~OLDER", and one whose last step is a
 * load that read VALUE, which a write still to come gives (load buffering,
 * views.h), "CORE:STEPS=VALUE". */
struct sched_turn {
    unsigned core;
    long steps;
    bool drain;
    uint8_t slot;
    uint8_t older;
    bool predicted;
    uint64_t value;     /* predicted: the value */
};

/* A strategy chooses among n * (1 + slots) choices for n cores, where slots
 * is how many of a core's buffered stores may drain next
 * (memory_model_drain_slots): choice i < n runs core i; choice
 * n * (1 + k) + i drains core i's k-th oldest buffered store (runnable only
 * while the model lets it drain). */
#define SCHED_CHOICES(ncores, slots) ((ncores) * (1 + (slots)))
#define SCHED_MAX_CHOICES SCHED_CHOICES(ATOMSIM_MAX_CORES, ATOMSIM_STORE_BUFFER_DEPTH)

/* The choice that runs core, or (drain) that drains its slot-th oldest
 * buffered store, of n cores. */
static inline unsigned sched_choice(unsigned ncores, unsigned core, bool drain, unsigned slot)
{
    return drain ? ncores * (1 + slot) + core : core;
}

/* The turns of text (struct sched_turn; to free), or NULL with
 * ATOMSIM_ERROR_USAGE if a turn does not parse or names a core >= ncores. */
GArray *sched_turns_parse(const char *text, unsigned ncores, GError **error);
/* One more step of core at the end of turns: the last turn, or a new one. */
void sched_turns_add(GArray *turns, unsigned core);
/* One more drain of core's slot-th oldest buffered store at the end of
 * turns. */
void sched_turns_add_drain(GArray *turns, unsigned core, unsigned slot);
/* The last step of turns (a core's) was a load that read the write older
 * places before the newest it could. */
void sched_turns_set_older(GArray *turns, unsigned older);
/* The last step of turns (a core's) was a load that read value, which a
 * write still to come must give. */
void sched_turns_set_predicted(GArray *turns, uint64_t value);
/* One more step of choice (of n cores' choices) at the end of turns. */
void sched_turns_add_choice(GArray *turns, unsigned choice, unsigned ncores);
/* The text of turns (to free). */
char *sched_turns_text(const GArray *turns);
/* Are a and b the same turn (core or drain, steps, and what its last load
 * or draw read)? */
bool sched_turn_equal(const struct sched_turn *a, const struct sched_turn *b);

/* The schedule in a replay file's text (--record's format: "#" lines
 * are comments, the others are joined with their blanks stripped), for
 * sched_new_pinned (to free). */
char *sched_replay_text(const char *text);

/* spec names a strategy (strategy.h; sched_usages lists them): "rr" or
 * "rr:Q", "random" or "random:M" (mean turn length M); "pct", "pct:D" or
 * "pct:D:K", probabilistic concurrency testing of depth D (default 3) with
 * its change points among the first K steps (without K, the caller
 * estimates it from runs: sched_set_horizon; until then 1000); "dfs" or
 * "dfs:B", the search over every schedule with at most B preemptions
 * (sched_exhaustive: not a schedule to run; sched_bound gives B, the
 * search's nodes are sched_new_search); or "replay:FILE", a schedule a run
 * recorded (--record).  NULL with ATOMSIM_ERROR_USAGE if it does not parse
 * or names a core >= ncores. */
struct sched *sched_new(const char *spec, uint64_t seed, unsigned ncores, GError **error);
/* An explicit interleaving: "CORE:COUNT,CORE:COUNT,...", where COUNT is a
 * number of steps or "*" (until the core ends or blocks).  Segments whose
 * core cannot run are skipped; after the last one the cores still running
 * take turns of one step.  NULL with ATOMSIM_ERROR_USAGE if it does not parse
 * or names a core >= ncores. */
struct sched *sched_new_pinned(const char *schedule, unsigned ncores, GError **error);
/* The same from turns already made (a run's record, a search node's prefix,
 * a shrinking candidate): nothing to parse, nothing to reject. */
struct sched *sched_new_turns(const GArray *turns, unsigned ncores);
void sched_free(struct sched *s);
typedef struct sched sched;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sched, sched_free)

/* The strategy's name: "rr", "random", "pct", "dfs", "replay", "pinned"
 * (sched_new_pinned, sched_new_turns) or "search" (sched_new_search). */
const char *sched_name(const struct sched *s);

/* Does it draw its choices from the seed (random, pct)? */
bool sched_seeded(const struct sched *s);

/* Is it a search over schedules (dfs), not one schedule?  Such a strategy
 * has no sched_next, sched_reset or sched_spinning of its own: the search
 * runs each of its nodes as a sched_new_search. */
bool sched_exhaustive(const struct sched *s);
/* dfs:B's preemption bound B: DFS_DEFAULT_BOUND without ":B", at most
 * DFS_MAX_BOUND. */
#define DFS_DEFAULT_BOUND 2
#define DFS_MAX_BOUND 8
unsigned sched_bound(const struct sched *s);

/* Start again from the seed: the same choices as the first run. */
void sched_reset(struct sched *s);
/* A seeded strategy draws from seed from the next reset on, as if made
 * with it (a hunt's runs reuse one strategy); the others ignore it. */
void sched_reseed(struct sched *s, uint64_t seed);

/* The choice that comes next among nchoices = SCHED_CHOICES(n, slots) (runnable[i]
 * for the candidates; at least one is) and the length of its turn.
 * current: the choice made last, or -1.  SCHED_STOP: the run ends here,
 * before another step (a stepper's turns are over). */
#define SCHED_STOP UINT_MAX
unsigned sched_next(struct sched *s, const bool *runnable, unsigned nchoices,
                    int current, long *turn);

/* A load of core may read any of n > 1 writes, newest first (a model with
 * views: --memory arm, rvwmo): the one it reads, 0 the newest.  The oldest
 * `telling` of them show its loads out of order (views_telling), the
 * others only what an earlier load would read.  turn_left: the steps left
 * in core's turn after this one (a fixed schedule gives the choice of a
 * turn's last step: "CORE:STEPS~OLDER"). */
#define SCHED_MAX_OLDER 15
unsigned sched_older(struct sched *s, unsigned core, long turn_left, unsigned n,
                     unsigned telling);

/* A plain load of core may read a value that a write still to come gives
 * (views.h): true, and the value in *value, if it does.  A fixed schedule
 * gives it ("CORE:STEPS=VALUE"); random draws one of the n
 * candidates (the values other cores wrote to the location in the run's
 * probe, views_learned): a few runs, one load each (strategy.h). */
#define SCHED_PREDICT_ODDS 4
bool sched_predicted(struct sched *s, unsigned core, long turn_left, const uint64_t *candidates,
                     unsigned n, uint64_t *value);

/* Is every switch given (a pinned or replayed schedule, a search node), so
 * that nothing may add one? */
bool sched_fixed(const struct sched *s);

/* The largest K of pct. */
#define PCT_MAX_HORIZON 1000000

/* pct without K: the caller estimates K (the number of steps a run of the
 * program takes) and gives it with sched_set_horizon. */
bool sched_estimates_horizon(const struct sched *s);
/* pct: change points among the first steps steps (clamped to 1 ..
 * PCT_MAX_HORIZON) from now on; sched_describe gives it as K. */
void sched_set_horizon(struct sched *s, uint64_t steps);

/* core has been spinning (reading one location, or going round a loop of
 * reads over several, writing nothing; or repeating its states while it
 * only takes and drops locks): a strategy that would otherwise keep
 * running it lets another core run.
 * True if the core's turn should end now. */
bool sched_spinning(struct sched *s, unsigned core);

/* The turns a pinned or replayed schedule gives (--schedule, --sched
 * replay:FILE), or NULL for another strategy. */
const GArray *sched_given_turns(const struct sched *s);

/* The turns of a stepper (atomsim step): after the last, SCHED_STOP. */
struct sched *sched_new_stepper(const GArray *turns, unsigned ncores);

/* A node of a search (--sched dfs): the pinned prefix, then no preemption:
 * the running core goes on until it blocks, ends or spins (then it yields
 * to the next core that can run). */
struct sched *sched_new_search(const GArray *prefix, unsigned ncores);

/* The options that give this schedule again, e.g. "--sched random:4
 * --seed 1" or "--schedule 0:3,1:*" (to free). */
char *sched_describe(const struct sched *s);

#endif
