/* Litmus a64-sb-rel-acqpc: a64-sb-rel-acq.c with each flag read by ldapr
 * (ARMv8.3 RCpc Load-AcquirePC) instead of ldar.  Both cores reading 0
 * fails the check.
 *
 * Allowed under arm: a Store-Release is ordered before a later Load-Acquire
 * but not before a later Load-AcquirePC (Arm ARM B2.3, Barrier-ordered-
 * before, whose Release-before-Acquire clause names Acquire, not AcquirePC
 * semantics), and nothing else orders the stlr before the ldapr of the other
 * flag, so each store may wait in its core's buffer while the core reads the
 * other flag.  Forbidden under sc.
 *
 * Cpus: aarch64
 *
 * Memory: sc
 * Search: dfs:4
 * Result: Never
 *
 * Memory: arm
 * Search: dfs:4
 * Result: Sometimes
 */
#define LOAD_ACQUIRE_PC 1
#include "a64-sb-rel-acq.c"
