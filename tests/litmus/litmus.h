/* litmus.h — what a litmus program tells the judge (tests/test-litmus.c).
 *
 * A litmus program runs a few accesses on two cores and reports, from core
 * 0, whether the outcome it is about was observed.  Its header comment says
 * under which schedules it must be observed always, sometimes or never:
 *
 *   Cpus: arm                 the cpus it is built for
 *   Monitor: value            (optional) the --monitor of the block
 *   Schedule: 0:2,1:2,0:*     one or more --schedule of the block
 *   Result: Always            Always, Sometimes or Never over those runs
 *
 * A block ends at its Result line; the next block starts afresh.
 */
#ifndef LITMUS_H
#define LITMUS_H

#include <atomsim.h>

static inline void litmus_report(int observed)
{
    sim_printf("litmus: %s\n", observed ? "observed" : "not observed");
}

#endif
