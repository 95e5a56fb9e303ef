/* guest-abi.h — the system calls a guest makes: Linux's write, exit and
 * exit_group, and atomsim's own (programs/include/atomsim-abi.h). */
#ifndef ATOMSIM_GUEST_ABI_H
#define ATOMSIM_GUEST_ABI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "machine.h"

/* What a call did besides its result and the cores' states, for the run to
 * act on: it prints the output and turns exits and failed checks into
 * findings. */
struct guest_outcome {
    const char *output;         /* write: the bytes (guest memory, as they are now) */
    size_t output_len;
    uint64_t exited;            /* the cores the call ended, a mask (their exit codes
                                   are in struct core) */
    char *check_failed;         /* sim_check_failed, abort: the guest's message (to free) */
    uint64_t check_pc;          /* and where the check was made */
    bool aborted;               /* abort: every core ended */
    unsigned cores_needed;      /* pthread_create (called at check_pc) found no core left:
                                   the run needs this many */
    bool draws;                 /* the result is the value the call's event drew
                                   (run_draw: __VERIFIER_nondet_*, sim_choose) */
    bool assume_failed;         /* __VERIFIER_assume's condition was false: the run ends */
};

/* Carry out call nr for core c of m: the cores' states change (an exit, a
 * barrier), the rest of what happened is in *out.  The result, or -errno. */
int64_t guest_call(struct machine *m, struct core *c, uint64_t nr, const uint64_t args[3],
                   struct guest_outcome *out);

/* The exit status of a program abort() or reach_error() ended: 128 +
 * SIGABRT, as a shell shows it. */
#define GUEST_ABORT_STATUS 134

/* Every core that has not ended ends now, with code, and no exit-code
 * finding: an abort, a false assumption, a reached reach_error. */
void guest_end_program(struct machine *m, int code);

/* Is c a core of a threaded program that waits for a thread to run? */
bool guest_core_idle(const struct core *c);

/* A function only a program that creates threads links
 * (programs/libc/pthread.c): its cores but 0 wait for a thread. */
#define GUEST_THREADS_SYMBOL "__sim_thread_idle"
/* A run begins on m, reset: a threaded program's cores but 0 wait, idle,
 * until a thread starts on them (SIM_SYS_THREAD_START). */
void guest_reset(struct machine *m);

/* What core c, blocked in a wait, waits for: "waits for mutex m (held by
 * cpu2)", "waits for a thread" (to free). */
char *guest_describe_wait(struct machine *m, const struct core *c);

/* The lowest core blocked in a wait (not idle), or NULL. */
const struct core *guest_first_waiting(const struct machine *m);
/* "cpu0 waits in pthread_join for the thread on cpu1; cpu1 waits for mutex
 * m (held by cpu2)": every core that has not ended and is not idle, when
 * one of them is blocked in a wait; else NULL (to free). */
char *guest_describe_waits(struct machine *m);

/* "write", "sim_barrier" ...: the call nr, or NULL if it is none of them. */
const char *guest_call_name(const struct cpu_ops *cpu, uint64_t nr);

/* What a call reaches beyond its own core, for deciding which steps of
 * different cores commute. */
enum guest_call_reach {
    REACH_OWN_CORE,      /* sim_cpu_id, sim_ncpus */
    REACH_SCHEDULE,      /* which cores run: exit, exit_group, sim_barrier */
    REACH_READS_MEMORY,  /* write, sim_check_failed: read a guest buffer */
    /* sim_wait: reads the 4-byte word at its first argument and, if it
     * holds the second, waits on it (and a barrier may then complete) */
    REACH_WAIT,
    REACH_WAKE,          /* sim_wake: the cores that wait on its first argument run */
    REACH_THREADS,       /* pthread_create's core: counts the threads */
    REACH_JOIN,          /* join: waits until the core of its first argument ends */
    /* an atomic section's bounds: no other core runs between them, what
     * runs there touches what it touches */
    REACH_ATOMIC,
    REACH_ANYTHING,      /* a call atomsim does not know */
};
enum guest_call_reach guest_call_reach(const struct cpu_ops *cpu, uint64_t nr);
/* Does call nr draw a value: __VERIFIER_nondet_* (DRAW_BITS: of the bits
 * its argument says), sim_choose (DRAW_CHOICE: one of n)? */
enum guest_draw { DRAW_NONE, DRAW_BITS, DRAW_CHOICE };
enum guest_draw guest_call_draws(const struct cpu_ops *cpu, uint64_t nr);
/* A call that draws a value (__VERIFIER_nondet_*, sim_choose), with
 * argument arg as guest_call_draw_arg makes it (bits; n): the values a
 * search tries, into values (at most GUEST_DOMAIN_MAX), their number; 0
 * for any other call.  The bits' 0, 1, all ones, and the signed bounds,
 * then the constants the program compares with (compared.h); every one
 * of sim_choose's. */
#define GUEST_DOMAIN_MAX 16
unsigned guest_call_domain(const struct machine *m, uint64_t nr, uint64_t arg,
                           uint64_t *values);
/* Its argument as the call takes it: bits from 1 to 64 (0: 64), n from 1
 * to SIM_CHOOSE_MAX. */
uint64_t guest_call_draw_arg(const struct cpu_ops *cpu, uint64_t nr, uint64_t arg);
/* Does call nr change nothing another core could see (sim_cpu_id, an atomic
 * section's bounds, a nondet value)?  A core that spins through such calls
 * still only spins. */
bool guest_call_quiet(const struct cpu_ops *cpu, uint64_t nr);

#endif
