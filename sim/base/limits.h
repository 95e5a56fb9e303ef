/* limits.h — limits every layer shares. */
#ifndef ATOMSIM_LIMITS_H
#define ATOMSIM_LIMITS_H

/* The most cores a machine has: a set of cores is one 64-bit mask (bit i
 * for core i) throughout atomsim. */
#define ATOMSIM_MAX_CORES 64

#endif
