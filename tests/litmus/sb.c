/* Litmus: store buffering (SB).  Each core stores 1 to its own flag, then
 * reads the other's.  Observed: both read 0 (r0 == 0 && r1 == 0).
 *
 * Sequential consistency forbids it: whichever store comes first in the
 * one order of all accesses is seen by the other core's load.  TSO allows
 * it: each store waits in its core's store buffer while the core reads the
 * other flag from memory (x86-TSO, Sewell et al., CACM 2010, the "SB" test;
 * Intel SDM vol. 3A 9.2.3.4, "loads may be reordered with older stores to
 * different locations"; SPARC V8 Appendix K, TSO's store buffer).  It is
 * Dekker's and Peterson's locks failing without a fence.
 *
 * Steps of each core: its cpu id (a trap), the store to its flag, the load
 * of the other's, the store of what it read, the barrier (a trap: the store
 * buffer drains first).  "dN" drains core N's oldest buffered store.
 *
 * Cpus: x86 x86_64 sparc32
 *
 * Core 0's store still buffered when core 1 reads x; core 1's store still
 * buffered when core 0 reads y.
 * Memory: tso
 * Schedule: 0:3,1:*,0:*
 * Schedule: 1:3,0:*,1:*
 * Schedule: 0:2,1:3,0:*,1:*
 * Result: Always
 *
 * A store drained before the other core reads: that core sees it.
 * Memory: tso
 * Schedule: 0:2,d0:1,1:*,0:*
 * Schedule: 0:3,d0:1,1:*,0:*
 * Schedule: 0:*,1:*
 * Result: Never
 *
 * The same interleavings under sequential consistency.
 * Memory: sc
 * Schedule: 0:3,1:*,0:*
 * Schedule: 1:3,0:*,1:*
 * Schedule: 0:2,1:3,0:*,1:*
 * Result: Never
 */
#include "litmus.h"

#ifndef FENCE
#define FENCE()
#endif

volatile unsigned x, y, r0, r1;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        x = 1;
        FENCE();
        r0 = y;
    } else {
        y = 1;
        FENCE();
        r1 = x;
    }
    sim_barrier();
    if (me == 0)
        litmus_report(r0 == 0 && r1 == 0);
    return 0;
}
