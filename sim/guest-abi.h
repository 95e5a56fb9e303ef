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

/* Print what is left of every core's output line. */
void guest_flush_output(struct run *r);

#endif
