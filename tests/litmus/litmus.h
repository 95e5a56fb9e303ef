/* litmus.h — what a litmus program tells the judge (tests/test-litmus.c).
 *
 * A litmus program runs a few accesses on two cores and reports, from core
 * 0, whether the outcome it is about was observed.  Its header comment says
 * under which schedules it must be observed always, sometimes or never:
 *
 *   Cpus: arm                 the cpus it is built for
 *   Monitor: value            (optional) the --monitor of the block
 *   Memory: tso               (optional) the --memory of the block
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

#ifdef __arm__
/* ldrex *p (a step), add 1, strex (the next step): strex's status, 0 if it
 * stored. */
static inline unsigned ldrex_add_strex(volatile unsigned *p)
{
    unsigned v, status;
    __asm__ volatile("ldrex %0, [%2]\n\t"
                     "add %0, %0, #1\n\t"
                     "strex %1, %0, [%2]"
                     : "=&r"(v), "=&r"(status) : "r"(p) : "memory");
    return status;
}
#endif

#endif
