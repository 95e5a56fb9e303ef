/* atomsim.h — the guest side of atomsim's ABI.
 *
 * A guest program is a static ELF linked with atomsim's runtime.  Every
 * simulated core runs main() (SPMD); a core's return value is its exit code.
 * A program that calls pthread_create is threaded instead: main runs on
 * core 0, each thread on a core of its own (<pthread.h>, built on
 * sim_wait and sim_wake below).  Globals are shared by all cores, each core
 * has a private stack.
 *
 * The runtime talks to the simulator through the cpu's Linux system-call
 * instruction.  Under qemu-user (one core, no simulator) atomsim's own calls
 * fail with ENOSYS and the runtime behaves as cpu 0 of 1, so the same ELF
 * runs there as an independent reference.
 */
#ifndef ATOMSIM_H
#define ATOMSIM_H

#include <stddef.h>
#include "atomsim-abi.h"

/* The core this code runs on, 0 .. sim_ncpus()-1. */
unsigned sim_cpu_id(void);
/* How many cores run the program. */
unsigned sim_ncpus(void);
/* A value from 0 to n - 1 (n from 1 to 16): a random run draws it from
 * its seed, and --sched dfs tries every one (each a choice of the
 * search, as __VERIFIER_nondet_* values are).  Not under atomsim: 0. */
unsigned sim_choose(unsigned n);
/* Wait until every running core has called sim_barrier(). */
void sim_barrier(void);
/* Write a string and a newline, or formatted output (printf's formats), to
 * standard output. */
void sim_puts(const char *s);
void sim_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* End this core with an exit code. */
void sim_exit(int code) __attribute__((noreturn));

/* A failed check is a finding: atomsim reports it with core, pc and message.
 * A passing check costs one comparison. */
void sim_check_failed(const char *msg, const char *file, int line);
#define sim_check(cond, msg)                                                \
    do {                                                                    \
        if (!(cond))                                                        \
            sim_check_failed((msg), __FILE__, __LINE__);                    \
    } while (0)

/* Block until another core wakes this one with sim_wake on word, unless
 * *word != expected already (-EAGAIN): Linux's futex, on which the
 * pthread library waits.  what: SIM_WAIT_* (atomsim-abi.h), for reports. */
long sim_wait(volatile int *word, int expected, unsigned what);
/* Wake up to count cores waiting on word; how many woke. */
long sim_wake(volatile int *word, int count);

/* The system-call instruction of the cpu: returns the kernel's result,
 * or -errno (on every cpu, sparc32's carry convention included). */
long sim_syscall(long nr, long a0, long a1, long a2);

/* What the compiler may call in freestanding code (the small libc's). */
void *memcpy(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
size_t strlen(const char *s);

#endif
