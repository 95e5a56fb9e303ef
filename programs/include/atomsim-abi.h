/* atomsim-abi.h — the numbers of atomsim's own system calls, shared by the
 * guest runtime and the simulator.  They lie above every Linux number. */
#ifndef ATOMSIM_ABI_H
#define ATOMSIM_ABI_H

#define SIM_SYS_CPU_ID     0xA7000  /* () -> this core's number */
#define SIM_SYS_NCPUS      0xA7001  /* () -> how many cores run */
#define SIM_SYS_BARRIER    0xA7002  /* () -> 0 once every running core arrived */
#define SIM_SYS_CHECK_FAIL 0xA7003  /* (message, pc, line) -> 0 */
#define SIM_SYS_ABORT      0xA7004  /* (message, pc, 0) -> does not return: a finding at pc,
                                       every core ends, exit code 134 */
/* Threads (programs/libc/pthread.c) and blocking waits. */
#define SIM_SYS_THREAD_NEW 0xA7005  /* (caller's pc) -> the core a new thread runs on;
                                       the run ends with an error if no core is left */
#define SIM_SYS_WAIT       0xA7006  /* (addr, expected, what) -> 0 once woken, or
                                       -EAGAIN at once if the word at addr != expected */
#define SIM_SYS_WAKE       0xA7007  /* (addr, count) -> how many waiters woke */
/* The verification harness (SV-COMP's __VERIFIER_* functions). */
#define SIM_SYS_ATOMIC     0xA7008  /* (1: begin, 0: end) -> 0; no other core runs between */
#define SIM_SYS_NONDET     0xA7009  /* (bits) -> a value of that many bits from the run's seed */
#define SIM_SYS_ASSUME     0xA700A  /* () -> does not return: the run ends quietly */
#define SIM_SYS_CHOOSE     0xA700B  /* (n) -> a value from 0 to n - 1 (n from 1 to
                                       SIM_CHOOSE_MAX): the seed's, or a search's */
#define SIM_CHOOSE_MAX     16
/* Threads (2): a core a threaded program has not started waits from the
 * run's start, without running an instruction (SIM_WAIT_IDLE). */
#define SIM_SYS_THREAD_START 0xA700C  /* (core, function, argument) -> 0: the core, made
                                         by THREAD_NEW, starts at the program's entry to
                                         run function(argument) */
#define SIM_SYS_JOIN       0xA700D  /* (core) -> 0 once that core has ended */
/* Threads (3): what a thread is given and returns passes through atomsim,
 * not shared words, so that no step of another core can touch it. */
#define SIM_SYS_THREAD_ROUTINE 0xA700E  /* (0: function, 1: argument) -> the calling
                                           thread's, as THREAD_START gave them */
#define SIM_SYS_THREAD_EXIT 0xA700F  /* (result) -> does not return: the thread's core
                                        ends, keeping result */
#define SIM_SYS_THREAD_RESULT 0xA7010  /* (core) -> the result of the ended thread on
                                          core */

/* What a core waits for (SIM_SYS_WAIT's third argument: the kind, and above
 * bit 8 a detail: the thread joined). */
#define SIM_WAIT_IDLE    0  /* a core with no thread yet */
#define SIM_WAIT_JOIN    1  /* pthread_join: the detail is the joined thread's core */
#define SIM_WAIT_MUTEX   2  /* a mutex: the word is its holder's core + 1 */
#define SIM_WAIT_COND    3
#define SIM_WAIT_BARRIER 4
#define SIM_WAIT_ONCE    5
#define SIM_WAIT_SEM     6
#define SIM_WAIT_DETAIL_SHIFT 8

#endif
