/* Litmus: addl without LOCK is a load and a store; an update is lost.
 *
 * Both cores add 1 to x with `addl $1, x`.  When core 1 runs its whole add
 * between core 0's load half and store half, core 0 stores 1 over core 1's
 * 1: x ends at 1.  Observed: an update was lost (x != 2).
 *
 * Cpus: x86 x86_64
 *
 * Schedule: 0:2,1:*,0:*
 * Schedule: 1:2,0:*,1:*
 * Result: Always
 *
 * One add after the other.
 * Schedule: 0:*,1:*
 * Schedule: 0:3,1:*,0:*
 * Result: Never
 */

/* x86-lock-add.c without the prefix. */
#define LOCK_PREFIX ""
#include "x86-lock-add.c"
