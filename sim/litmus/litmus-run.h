/* litmus-run.h — every execution of a litmus test's program, and the final
 * states they reach.
 *
 * The program (litmus-build.h) runs on as many cores as the test has
 * threads, under a memory model, with the dfs search and no preemption
 * bound: every interleaving of the cores' steps and of their store
 * buffers' drains, each distinct interleaving (Mazurkiewicz trace) once
 * (dfs.h).  Each one that completes gives a final state: the values of the
 * test's observables (litmus_observables), the registers read from their
 * slots, the locations from memory.
 */
#ifndef ATOMSIM_LITMUS_RUN_H
#define ATOMSIM_LITMUS_RUN_H

#include <glib.h>
#include "cpus/cpu.h"
#include "litmus-file.h"

/* A final state, and how many executions reached it. */
struct litmus_state {
    int64_t *values;            /* one per observable */
    unsigned count;
    bool satisfies;             /* the condition's proposition holds */
};

struct litmus_outcome {
    GPtrArray *observables;     /* struct litmus_observable * (litmus_observables) */
    GPtrArray *states;          /* struct litmus_state *, sorted by values */
    unsigned positive, negative;        /* executions where the proposition holds, not */
    unsigned filtered;          /* executions the filter left out */
    unsigned runs;              /* schedules run (some cut short: equivalent to others) */
    unsigned out_of_budget;     /* ran past the step budget (a loop): not counted */
    bool exhausted;             /* every execution ran (else a budget stopped the search) */
    GHashTable *addresses;      /* a location's address (gint64 *) -> its name */
    char *witness;              /* the schedule (--schedule) of the first execution where
                                   the proposition holds, or NULL */
    char *counterexample;       /* and of the first where it does not */
    double seconds;
};

struct litmus_run_options {
    enum memory_model memory;
    uint64_t max_steps;         /* per execution */
    uint64_t max_runs;          /* 0: no limit */
    double time_limit;          /* seconds, 0: none */
};

/* Run every execution of elf (t built for cpu).  False with error if the
 * program cannot be loaded or an execution faulted (its core, pc and
 * symbol named). */
bool litmus_run(const struct litmus_test *t, const char *elf, const struct cpu_ops *cpu,
                const struct litmus_run_options *o, struct litmus_outcome *out, GError **error);
void litmus_outcome_clear(struct litmus_outcome *out);

/* The verdict of an outcome: "Never" (no execution satisfies the
 * proposition), "Always" (all do), else "Sometimes". */
const char *litmus_observation(const struct litmus_outcome *out);

#endif
