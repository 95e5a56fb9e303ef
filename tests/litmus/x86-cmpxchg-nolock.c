/* Litmus: cmpxchg without LOCK is not atomic: both cores can win.
 *
 * As x86-cmpxchg without the prefix.  Core 0's load half reads 0; core 1
 * swaps in 2; core 0 compares the 0 it loaded and stores 1.  Observed: both
 * succeeded.
 *
 * Cpus: x86 x86_64
 *
 * Schedule: 0:2,1:*,0:*
 * Result: Always
 *
 * Schedule: 0:*,1:*
 * Schedule: 0:3,1:*,0:*
 * Result: Never
 */

/* x86-cmpxchg.c without the prefix. */
#define LOCK_PREFIX ""
#include "x86-cmpxchg.c"
