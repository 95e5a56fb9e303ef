/* run.h — one run of a program on a machine: hooks, turns, the main loop. */
#ifndef ATOMSIM_RUN_H
#define ATOMSIM_RUN_H

#include <stdio.h>
#include "event.h"
#include "finding.h"
#include "machine.h"
#include "monitor.h"
#include "sched/scheduler.h"

/* The guest runtime's lock-table size (programs/include/atomic.h), which
 * --lock-table-size overrides. */
#define LOCK_TABLE_SIZE_SYMBOL "__atomic_hash_size"
#define LOCK_TABLE_MAX 64

enum run_end {
    RUN_DONE,           /* every core ended */
    RUN_FAULT,          /* a core faulted */
    RUN_STEP_BUDGET,    /* --max-steps ran out */
    RUN_INSN_BUDGET,    /* --max-insns ran out */
    RUN_DEADLOCK,       /* no core can run */
    RUN_STOPPED,        /* a detector ended it with a finding: no progress */
};

struct run_options {
    uint64_t max_steps;
    uint64_t max_insns;
    FILE *out;          /* guest output and findings */
    enum monitor_policy monitor;
    unsigned lock_table_size;   /* overrides the guest's __atomic_hash_size; 0: keep */
    /* Faults (--fault): LOCK prefixes ignored, as a uniprocessor kernel
     * patches them out; store-exclusives that fail spuriously with this
     * probability (the architecture allows it), drawn from fault_seed. */
    bool strip_lock;
    double sc_fail;
    uint64_t fault_seed;
    /* --inject: before a step that closes an RMW window (the store half of
     * a split RMW, a store-exclusive, a store to the location the core
     * loaded last), switch to another core with this probability. */
    double inject;
    /* --fault delay-holder:N: a core that has just taken a lock (an atomic
     * write from 0 to non-zero, lockstat's rule) is not scheduled for N
     * steps while another core can run. */
    uint64_t delay_holder;
    const struct event_sink *sinks;     /* every event goes to each */
    unsigned nsinks;
};

struct run {
    struct machine *m;
    struct sched *sched;
    const struct run_options *opt;
    uint64_t steps;             /* visible operations, all cores */
    uint64_t insns;             /* instructions, all cores */
    unsigned preemptions;       /* switches away from a core that could go on */
    bool preempted;             /* the next step is the first after one */
    long turn_left;             /* visible operations left in this turn */
    int next_core;              /* chosen at a preemption, or -1 */
    bool stopping;              /* the run ends when the engine stops */
    enum run_end end;
    unsigned findings;
    GArray *shown;              /* struct finding: every one, printed or not */
    char *fault;                /* what the faulting core did (to free) */
    int fault_core;
    struct monitor monitor;     /* the exclusive monitor */
    GRand *fault_rand;          /* draws the spurious store-exclusive failures */
    double inject;              /* opt's, or 0 under a fixed schedule */
    uint64_t delay_holder;      /* likewise */
    GArray *turns;              /* struct sched_turn: the interleaving, as it runs */
    char *schedule;             /* the turns as --schedule gives them, on demand */
};

/* Called by machine_new for every core's engine. */
void run_install_hooks(struct core *c);

/* Run the program from a reset machine until it ends. */
void run_program(struct run *r, struct machine *m, struct sched *s,
                 const struct run_options *opt);
void run_clear(struct run *r);

/* The interleaving the run took, "0:3,1:5,0:2", which --schedule (or
 * --sched replay:FILE) plays again step for step. */
const char *run_schedule(struct run *r);

/* End the run at the next instruction (a detector saw it cannot progress). */
void run_stop(struct run *r);

/* Report a finding: keep it (the run copies it) and print its text unless
 * it is unprinted. */
void run_report(struct run *r, const struct finding *f);
/* A finding of the guest ABI about core c at pc: the guest's message, or
 * what happened ("exited with code 2"). */
void run_finding(struct run *r, struct core *c, enum finding_kind kind, uint64_t pc,
                 const char *what);

#endif
