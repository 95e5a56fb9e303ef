/* litmus.h — what a litmus program tells the judge (tests/test-litmus.c).
 *
 * A litmus program runs a few accesses on two cores (or Cores:) and either
 * reports from core 0, with litmus_report(), whether the outcome it is about
 * was observed, for pinned schedules; or fails a sim_check() when it is, for
 * a search.  Its header comment says under which schedules it must be
 * observed always, sometimes or never, or what a search finds:
 *
 *   Cpus: arm                 the cpus it is built for
 *   Cores: 3                  (optional) the --cores of every run (default 2)
 *
 *   Monitor: value            (optional) the --monitor of the block
 *   Memory: tso pso           (optional) the --memory of the block (default
 *                             sc); several models are judged one by one,
 *                             each on the cpus that have it
 *   On: sparc32               (optional) the cpus the block is for (default
 *                             every cpu of Cpus:)
 *   Schedule: 0:2,1:2,0:*     one or more --schedule of the block, or
 *   Search: dfs:4             one --sched that searches
 *   Result: Always            Always, Sometimes or Never over those runs; a
 *                             search: Sometimes if it fails a check (exit 1,
 *                             "check failed"), Never if it exhausts the
 *                             space (exit 0)
 *
 * A block ends at its Result line; the next block starts afresh.  The
 * models each cpu has: x86 and x86_64 sc tso; sparc32 sc tso pso; arm and
 * aarch64 sc arm; riscv64 sc rvwmo.  A file with a Search: block must search every model of every cpu
 * it is built for.
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

#ifdef __aarch64__
/* ldxr *p (a step), add 1, stxr (the next step): stxr's status, 0 if it
 * stored. */
static inline unsigned ldxr_add_stxr(volatile unsigned *p)
{
    unsigned v, status;
    __asm__ volatile("ldxr %w0, [%2]\n\t"
                     "add %w0, %w0, #1\n\t"
                     "stxr %w1, %w0, [%2]"
                     : "=&r"(v), "=&r"(status) : "r"(p) : "memory");
    return status;
}
#endif

#ifdef __riscv
/* lr.w *p (a step), add 1, sc.w (the next step): sc.w's status, 0 if it
 * stored. */
static inline unsigned lr_add_sc(volatile unsigned *p)
{
    unsigned v, status;
    __asm__ volatile("lr.w %0, (%2)\n\t"
                     "addiw %0, %0, 1\n\t"
                     "sc.w %1, %0, (%2)"
                     : "=&r"(v), "=&r"(status) : "r"(p) : "memory");
    return status;
}
#endif

#endif
