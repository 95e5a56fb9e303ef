/* limits.h — limits every layer shares. */
#ifndef ATOMSIM_LIMITS_H
#define ATOMSIM_LIMITS_H

/* The most cores a machine has: a set of cores is one 64-bit mask (bit i
 * for core i) throughout atomsim. */
#define ATOMSIM_MAX_CORES 64

/* Stores a core's store buffer holds (--memory tso, pso, arm, rvwmo): a full
 * buffer drains its oldest store before it takes another.  Real x86 cores
 * hold 40 to 70; a few are enough for every litmus shape, and fewer keep a
 * search small. */
#define ATOMSIM_STORE_BUFFER_DEPTH 8

#endif
