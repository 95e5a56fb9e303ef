/* sched.h — sched_yield (programs/libc/unistd.c): atomsim's scheduler
 * chooses every step, so a yield is nothing more. */
#ifndef ATOMSIM_SCHED_H
#define ATOMSIM_SCHED_H

int sched_yield(void);

#endif
