/* guest-abi.h — the system calls a guest makes: Linux's write, exit and
 * exit_group, and atomsim's own (programs/include/atomsim-abi.h). */
#ifndef ATOMSIM_GUEST_ABI_H
#define ATOMSIM_GUEST_ABI_H

#include <stdint.h>
#include "run.h"

/* Carry out call nr for core c; the result, or -errno. */
int64_t guest_call(struct run *r, struct core *c, uint64_t nr, const uint64_t args[3]);

/* "write", "sim_barrier" ...: the call nr, or NULL if it is none of them. */
const char *guest_call_name(const struct cpu_ops *cpu, uint64_t nr);

/* What a call reaches beyond its own core, for deciding which steps of
 * different cores commute. */
enum guest_call_reach {
    REACH_OWN_CORE,      /* sim_cpu_id, sim_ncpus */
    REACH_SCHEDULE,      /* which cores run: exit, exit_group, sim_barrier */
    REACH_READS_MEMORY,  /* write, sim_check_failed: read a guest buffer */
    REACH_ANYTHING,      /* a call atomsim does not know */
};
enum guest_call_reach guest_call_reach(const struct cpu_ops *cpu, uint64_t nr);

/* Print what is left of every core's output line. */
void guest_flush_output(struct run *r);

#endif
