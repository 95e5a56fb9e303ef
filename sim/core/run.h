/* run.h — one run of a program on a machine: hooks, turns, the main loop. */
#ifndef ATOMSIM_RUN_H
#define ATOMSIM_RUN_H

#include <stdio.h>
#include "base/rng.h"
#include "control.h"
#include "event.h"
#include "finding.h"
#include "machine.h"
#include "memory-model.h"
#include "monitor.h"
#include "store-buffer.h"
#include "taint.h"
#include "views.h"
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
    RUN_CUT,            /* a search ended it: explored already (no finding) */
    RUN_ASSUMED,        /* __VERIFIER_assume's condition was false: ended quietly */
    RUN_NO_CORE,        /* pthread_create found no core left (run->cores_needed) */
    RUN_UNFULFILLED,    /* a load read a value no write gave (views.h): no
                           execution, ended quietly */
    RUN_TIME_LIMIT,     /* its search's --time-limit ran out during it: it is
                           no run, and the search ends */
};

/* A variable whose findings are ignored: [addr, addr + size). */
struct run_ignore {
    uint64_t addr, size;
};

struct run_options {
    /* random may make loads read writes still to come (a hunt's runs:
     * views.h; a run that does is reported by its schedule) */
    bool predict_reads;
    uint64_t max_steps;
    uint64_t max_insns;
    gint64 deadline;    /* g_get_monotonic_time() at which the run ends
                           (RUN_TIME_LIMIT), or 0: none */
    FILE *out;          /* guest output and findings; NULL: none printed */
    enum monitor_policy monitor;
    enum memory_model memory;   /* sc, or tso: each core's stores wait in its buffer */
    unsigned lock_table_size;   /* overrides the guest's __atomic_hash_size; 0: keep */
    /* Faults (--fault): LOCK prefixes ignored, as a uniprocessor kernel
     * patches them out; store-exclusives that fail spuriously with this
     * probability (the architecture allows it), drawn from fault_seed. */
    bool strip_lock;
    bool strip_fence;   /* fences, acquires and releases order nothing
                           (they still are events) */
    double sc_fail;
    uint64_t fault_seed;
    /* --inject: before a step that closes an RMW window (the store half of
     * a split RMW, a store-exclusive, a store to the location the core
     * loaded last), or a load that passes the core's buffered stores,
     * switch to another core with this probability; and under pso and arm
     * drain a newer store than the scheduler chose. */
    double inject;
    /* --fault delay-holder:N: a core that has just taken a lock (an atomic
     * write from 0 to non-zero, lockstat's rule) is not scheduled for N
     * steps while another core can run. */
    uint64_t delay_holder;
    const struct event_sink *sinks;     /* every event goes to each */
    unsigned nsinks;
    /* --ignore: lost updates and monitor divergences on these variables
     * are counted (run's ignored), neither kept nor printed */
    const struct run_ignore *ignore;
    unsigned nignore;
    /* --only-checks: every finding but a failed check is ignored, and a run
     * out of budget is no finding; --only-reach-error: likewise but for
     * SV-COMP's reach_error, and abort() ends a run quietly (SV-COMP's
     * assume_abort_if_not). */
    enum report_only { REPORT_ALL, REPORT_CHECKS, REPORT_REACH_ERROR } report_only;
    /* A search's runs: a core whose loop only reads, and finds what it
     * read unchanged, waits for a write to it instead of going round
     * (run-spin.c); under models without views. */
    bool await_spins;
    /* A search that remembers the states it explored (run-state.c), or
     * NULL. */
    const struct run_states *states;
};

/* Everything the rest of a run depends on, at a step (run-state.c): the
 * memory, each core's registers, stack and status, the monitor's
 * reservations; a 128-bit digest. */
struct run_state {
    uint64_t lo, hi;
};
/* From step `from` (from 0) on, before each step, the run gives the state
 * it is in to `explored`, with the core that took the step before (0 at
 * the first): true if the search explored that state already, and the
 * run is cut short there (RUN_CUT, its step not taken). */
struct run_states {
    uint64_t from;
    bool (*explored)(void *ctx, const struct run_state *state, unsigned last_core,
                     uint64_t step);
    void *ctx;
};

/* What a core has read since it was last at `anchor` in state `state`
 * (run-spin.c): if it comes back in that state and all of it is unchanged,
 * it loops forever unless another core writes it. */
#define SPIN_READS 32
#define SPIN_STATES 8
struct spin_read {
    uint64_t pc, addr, value;
    uint8_t size;
};
struct spin_watch {
    /* its loads since its last step of another kind, compared at the
     * anchor, the pc of a load or a quiet call (await_spins), in the states
     * it was in there since */
    bool anchored;
    uint64_t anchor;
    uint64_t states[SPIN_STATES];
    unsigned nstates, loads, nreads;
    struct spin_read reads[SPIN_READS];
    /* a core with no step for a while is watched at every instruction:
     * from instruction quiet_until on, at quiet_anchor in quiet_state */
    uint64_t quiet_until, quiet_anchor, quiet_state, quiet_since;
    unsigned quiet_trips, quiet_backoff;
    bool quiet_anchored;
    bool resume_private;        /* it waits before an instruction that is no step */
};

/* What the run keeps of each core beyond the machine's struct core: the
 * state of the instruction under way and of the core's RMW windows. */
struct run_core {
    struct run *run;
    struct core *core;
    bool resuming;              /* stopped just before the visible op at core->pc */
    /* An event whose instruction is executing: its new value is read at
     * the core's next instruction. */
    bool has_pending;
    struct event pending;
    uint64_t pending_view;      /* a buffered store's: its address's and value's
                                   views, for a load it forwards to */
    uint64_t pending_floor;     /* and what else it must be newer than (views.h) */
    uint64_t last_load;         /* the address of the core's last LOAD event */
    /* Its last step was an atomic write that became visible while older
     * stores still wait in its buffer (pso, arm). */
    bool passed_stores;
    uint64_t delayed_until;     /* --fault delay-holder: the step it may run again */
    /* A non-atomic RMW whose load half ran and whose store half has not. */
    bool split_loaded;
    uint8_t split_bytes[16];    /* what the load half read */
    struct taint taint;         /* which loads its registers' values depend on */
    /* The pending event is a load that read an older write (views.h), put
     * in memory while it executes: the newest goes back after it. */
    bool restore;
    uint64_t restore_value;
    GString *line;              /* guest output not yet ended by a newline */
    /* A fault seen by a memory hook, reported when the engine stops. */
    uint64_t fault_addr;
    int fault_type;             /* uc_mem_type, or -1 */
    uint64_t nondet_calls;      /* __VERIFIER_nondet_* values drawn so far */
    uint64_t drawn;             /* the last (run_draw) */
    struct spin_watch spin;
    /* machine_core_digest's, taken when the core had run `fp_insns`
     * instructions and taken `fp_steps` steps (UINT64_MAX: none) */
    uint64_t fp[2], fp_insns, fp_steps;
    uc_hook hooks[4];           /* the run's hooks on the core's engine */
    unsigned nhooks;
};

/* ro for the candidate runs of a search: printing nothing, without its
 * first skip sinks (a trace, a timeline). */
static inline struct run_options run_options_quiet(const struct run_options *ro,
                                                   unsigned skip)
{
    struct run_options quiet = *ro;
    quiet.sinks += skip;
    quiet.nsinks -= skip;
    quiet.out = NULL;
    return quiet;
}

/* A machine's runs: made once per machine (it attaches its hooks to the
 * engines, and run_free takes them off), then run_program for each run. */
struct run {
    struct machine *m;
    struct sched *sched;
    const struct run_options *opt;     /* during run_program only */
    uint64_t steps;             /* visible operations, all cores */
    uint64_t insns;             /* instructions, all cores */
    unsigned preemptions;       /* switches away from a core that could go on */
    bool preempted;             /* the next step is the first after one */
    bool held;                  /* the step taken could not be another core's */
    long turn_left;             /* visible operations left in this turn */
    uint64_t insn_check;        /* insns at which the budgets are checked next */
    int next_core;              /* chosen at a preemption, or -1 */
    bool stopping;              /* the run ends when the engine stops */
    bool turn_unbounded;        /* the turn is a pinned "*": until the core ends */
    /* A core spins, and the strategy keeps it running (a pinned "*" turn):
     * before its next step, the other cores' oldest buffered stores drain. */
    bool fairness_due;
    enum run_end end;
    struct findings found;      /* every finding, printed or not */
    unsigned ignored;           /* findings left out by opt's ignore */
    char *fault;                /* what the faulting core did (to free) */
    int fault_core;
    struct monitor monitor;     /* the exclusive monitor */
    enum memory_model memory;   /* opt's (opt is the caller's: only during the run) */
    const struct memory_model_ops *model;   /* memory's table */
    uint64_t watch;             /* the pc a sink watches (event_sink.reached), or
                                   UINT64_MAX */
    struct store_buffers sb;
    struct views views;         /* which writes each load may read */
    bool probed;                /* its values learned (run.c's probe) */
    bool predicted;             /* a load read a write still to come */
    uint64_t spinning;          /* the cores in CORE_SPINS, a mask */
    /* opt's states: the digest of memory written so far (run-state.c),
     * unless a write too wide to follow lost it */
    struct run_state memory_digest;
    bool digest_lost;
    struct rng fault_rand;      /* draws the spurious store-exclusive failures */
    uint64_t nondet_seed;       /* opt's fault_seed: each core's nondet values */
    bool nondet_used;           /* the guest drew one from the seed */
    bool nondet_bits;           /* it called __VERIFIER_nondet_* of a type whose
                                   values a search does not try all of (wider
                                   than _Bool) */
    enum report_only report_only;       /* opt's */
    bool quiet_budget;          /* opt's report_only: a budget's end is no finding */
    unsigned cores_needed;      /* RUN_NO_CORE: the cores the program asked for, */
    uint64_t no_core_pc;        /* where it called pthread_create */
    double inject;              /* opt's, or 0 under a fixed schedule */
    uint64_t delay_holder;      /* likewise */
    GArray *turns;              /* struct sched_turn: the interleaving, as it runs */
    char *schedule;             /* the turns as --schedule gives them, on demand */
    struct run_control control; /* what the sinks may ask of the run */
    struct run_core cores[ATOMSIM_MAX_CORES];
};

/* A run of m's engines: its hooks attached.  NULL with error
 * (ATOMSIM_ERROR_RESOURCE) if the engines refuse them.  m outlives it. */
struct run *run_new(struct machine *m, GError **error);
void run_free(struct run *r);
typedef struct run run;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(run, run_free)

/* Run the program from a reset machine until it ends, with strategy s. */
void run_program(struct run *r, struct sched *s, const struct run_options *opt);
/* Drop what the last run kept (its findings, turns and fault); the turns
 * array stays, empty, for the next run. */
void run_clear(struct run *r);

/* Did the run stop at a limit of the simulation, not at an end of the
 * program: --max-steps, --max-insns, no core left for a thread (--cores),
 * or its search's --time-limit? */
static inline bool run_out_of_budget(const struct run *r)
{
    return r->end == RUN_STEP_BUDGET || r->end == RUN_INSN_BUDGET || r->end == RUN_NO_CORE ||
           r->end == RUN_TIME_LIMIT;
}

/* Did the run find something: a finding, or an end that is not normal
 * (a fault, a budget, a deadlock) and not a search's cut? */
static inline bool run_found(const struct run *r)
{
    if (findings_count(&r->found) > 0)
        return true;
    /* a run a detector stopped has found what it reported, unless that was
     * ignored */
    if (r->quiet_budget && run_out_of_budget(r))
        return false;
    return r->end != RUN_DONE && r->end != RUN_CUT && r->end != RUN_ASSUMED &&
           r->end != RUN_STOPPED && r->end != RUN_UNFULFILLED && r->end != RUN_TIME_LIMIT;
}

/* After a run that a sink cut (or between runs): the instruction at which
 * core resumes, and the address it would access (0 if none). */
void run_next_access(struct run *r, unsigned core, const struct insn_info **ii, uint64_t *addr);

/* The interleaving the run took, "0:3,1:5,0:2", which --schedule (or
 * --sched replay:FILE) plays again step for step. */
const char *run_schedule(struct run *r);

#endif
