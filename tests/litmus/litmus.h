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

/* The load-exclusive of *p (a step), add 1, the store-exclusive (the next
 * step): the store's status, 0 if it stored.  arm's ldrex/strex, aarch64's
 * ldxr/stxr, riscv64's lr.w/sc.w. */
#if defined(__arm__) || defined(__aarch64__) || defined(__riscv)
static inline unsigned ll_add_sc(volatile unsigned *p)
{
    unsigned v, status;
#if defined(__arm__)
    __asm__ volatile("ldrex %0, [%2]\n\t"
                     "add %0, %0, #1\n\t"
                     "strex %1, %0, [%2]"
                     : "=&r"(v), "=&r"(status) : "r"(p) : "memory");
#elif defined(__aarch64__)
    __asm__ volatile("ldxr %w0, [%2]\n\t"
                     "add %w0, %w0, #1\n\t"
                     "stxr %w1, %w0, [%2]"
                     : "=&r"(v), "=&r"(status) : "r"(p) : "memory");
#else
    __asm__ volatile("lr.w %0, (%2)\n\t"
                     "addiw %0, %0, 1\n\t"
                     "sc.w %1, %0, (%2)"
                     : "=&r"(v), "=&r"(status) : "r"(p) : "memory");
#endif
    return status;
}
#endif

#endif
