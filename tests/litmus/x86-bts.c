/* Litmus: bts without LOCK loses the other core's bit.
 *
 * As x86-lock-bts without the prefix: core 0's load half reads map[1] (0);
 * core 1 sets its bit; core 0's store half writes back its own bit over the
 * stale word.  Observed: a bit was lost.
 *
 * Cpus: x86 x86_64
 *
 * Schedule: 0:2,1:*,0:*
 * Result: Always
 *
 * Schedule: 0:*,1:*
 * Result: Never
 */

/* x86-lock-bts.c without the prefix. */
#define LOCK_PREFIX ""
#include "x86-lock-bts.c"
