/* equivalence.h — when two interleavings are one execution.
 *
 * Steps are taken by agents: the cores, and the drains of their store
 * buffers (tso, pso, arm, rvwmo).  Two steps of different agents commute when
 * neither writes what the other touches (memory, "which cores run", a
 * core's store buffer: equivalence.c): swapping them changes no value
 * either sees and no final state.  Interleavings that differ only by such
 * swaps (one Mazurkiewicz trace) run the same program the same way, so a
 * search needs only one of them.
 *
 * A trace is named by its Foata normal form: each step's level is one more
 * than the highest level of an earlier step it does not commute with, and the
 * name is every agent's list of levels.  Levels never change as a run goes
 * on, so the name of any prefix of a run comes from the run's levels.
 *
 * The record also cuts a run short where its prefix, followed by its next
 * step, is named as one the search explored already (equivalence_watch).
 */
#ifndef ATOMSIM_EQUIVALENCE_H
#define ATOMSIM_EQUIVALENCE_H

#include <stdbool.h>
#include <stdint.h>
#include <glib.h>
#include "core/event.h"
#include "core/machine.h"
#include "core/memory-model.h"

struct equivalence;

/* For runs on machine m under memory model `model`.  Unless steps commute
 * (a monitor that drops reservations at every switch, store-exclusives that
 * fail at random: the order of every step matters), equivalent means
 * identical. */
struct equivalence *equivalence_new(struct machine *m, const struct memory_model_ops *model,
                                    bool commute);
/* The steps of the last run, and the agents that take them: core i's steps
 * are agent i's, the drains of core i's k-th oldest buffered store that the
 * scheduler chose agent n * (1 + k) + i's (SCHED_CHOICES(n, slots) agents
 * in all; n under a model without store buffers). */
uint64_t equivalence_steps(const struct equivalence *eq);
unsigned equivalence_agents(const struct equivalence *eq);
void equivalence_free(struct equivalence *eq);
typedef struct equivalence equivalence;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(equivalence, equivalence_free)

/* The sink that sees a run's steps. */
struct event_sink equivalence_sink(struct equivalence *eq);

/* In the next runs, from step `from` (from 0) on, the name of each prefix
 * followed by the agent of its next step (as name_cursor_name makes it) is
 * given to `explored` (which takes it): if it says the search explored
 * that prefix already, the run is cut short there. */
typedef bool (*equivalence_explored_fn)(void *ctx, uint32_t *name);
void equivalence_watch(struct equivalence *eq, uint64_t from, equivalence_explored_fn explored,
                       void *ctx);
/* Was the last run cut short at a prefix explored already? */
bool equivalence_cut(const struct equivalence *eq);

/* Step `step` (from 0) of the last run: its core, what it touched, and
 * whether core could have taken it (it was running, not ended or waiting
 * at a barrier, and the step's core could be switched out: EVENT_HELD). */
unsigned equivalence_core(const struct equivalence *eq, uint64_t step);
bool equivalence_could_run(const struct equivalence *eq, uint64_t step, unsigned core);
/* Does step `step` commute with every step any agent could take (it
 * touches nothing others see: sim_cpu_id, a fence under sc), and could
 * another agent's step come right after it (the next is not held)? */
bool equivalence_commutes(const struct equivalence *eq, uint64_t step);
/* The write step `step` read, if a load under a model with views: `older`
 * places before the newest it could read (returned), how many older ones
 * it could have read instead (*could; 0 for any other step), and how many
 * of those, the oldest, only a read out of order reaches (*telling). */
unsigned equivalence_older(const struct equivalence *eq, uint64_t step, unsigned *could,
                           unsigned *telling);
/* A load's choice of what it reads, `older` in the calls above and below:
 * 0 .. SCHED_MAX_OLDER a write before it, or, from EQUIVALENCE_PREDICTED
 * on, a value a write still to come gives (views.h: load buffering), one
 * code per value for the first few values, then one code for all the
 * others (a name with that code is equal to no other name).  True and
 * *value if step `step` chose a value (a predicted read, a draw). */
#define EQUIVALENCE_PREDICTED 16
bool equivalence_chosen_value(const struct equivalence *eq, uint64_t step, uint64_t *value);
/* The values a load at step `step` could read from writes still to come:
 * those that other cores' writes to its location after it in the last run
 * wrote, but not the one it read; into values[] and their codes into
 * older[] (at most max), their number returned.  For a call that drew a
 * value (__VERIFIER_nondet_*, sim_choose: a choice as a load's read is,
 * with the same codes), the other values of its domain
 * (guest_call_domain). */
unsigned equivalence_predictions(struct equivalence *eq, uint64_t step, unsigned *older,
                                 uint64_t *values, unsigned max);
/* Prefixes are named by interning every core's list of levels: a name is
 * each core's list id, then the core that takes the next step.  Equal
 * names are equivalent prefixes, exactly (no hash collision can merge
 * two).  The interned lists grow with the runs: equivalence_forget drops
 * them (between runs), and with them the meaning of every name made. */
unsigned equivalence_interned(const struct equivalence *eq);
void equivalence_forget(struct equivalence *eq);

/* A walk over the last run's prefixes, shortest first. */
struct name_cursor {
    const struct equivalence *eq;
    uint64_t steps;             /* the prefix: the first `steps` steps */
    uint32_t *seq;              /* each core's list id after them */
};
void name_cursor_init(struct name_cursor *nc, const struct equivalence *eq);
void name_cursor_clear(struct name_cursor *nc);
/* Move to the prefix of the first `steps` steps (no fewer than now). */
void name_cursor_to(struct name_cursor *nc, uint64_t steps);
/* The name of the prefix followed by one step of next_core, that reads
 * the write `older` places before the newest if a load: ncores + 1 words
 * (to free). */
uint32_t *name_cursor_name(const struct name_cursor *nc, unsigned next_core, unsigned older);

/* The last run's trace (its Mazurkiewicz trace: what it is equivalent to),
 * spelled out so that it compares across runs and searches: each agent
 * that took a step, then its list of levels ("0:1,2~1,4 3:3" — agent 0 took
 * steps at levels 1, 2 and 4, the second a load of the write one before
 * the newest, agent 3 one at level 3; to free). */
char *equivalence_trace_text(const struct equivalence *eq);
/* A digest of what each agent did in the last run and the values it read
 * and wrote: runs of one trace have the same, if the steps the footprints
 * say commute do (a check of equivalence.c's rules). */
uint64_t equivalence_values_digest(const struct equivalence *eq);

#endif
