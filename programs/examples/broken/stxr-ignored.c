/* stxr-ignored.c — BROKEN (aarch64): an ldxr/add/stxr increment that
 * ignores stxr's status, the AArch64 form of strex-ignored.c.
 *
 * What is wrong: stxr stores only if this core's exclusive monitor still
 * holds the address ldxr marked, and writes 0 (stored) or 1 (did not store)
 * to its status register (Arm ARM C6.2.STXR).  The loop the arm64 kernel
 * builds without LSE (atomic_ll_sc.h) retries while the status is 1
 * (cbnz); this one never looks, so when another core wrote the counter in
 * between, stxr stores nothing and the increment silently vanishes.
 *
 * The interleaving that breaks it (--schedule 0:1,1:500,0:*): core 0's ldxr
 * reads the counter (0) and marks it; core 1 runs all its ITER increments,
 * whose stores clear core 0's monitor; core 0's stxr fails, and nothing
 * retries.  The counter ends at 2 * ITER - 1.  counter-atomic.c built with
 * `atomsim-cc --cpu aarch64 -mno-lse` has the same loop with the cbnz, and
 * passes the same schedule.
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef ITER
#define ITER 3
#endif

static atomic_t counter;

static void inc_once(atomic_t *v)
{
    int tmp;
    unsigned failed;
    __asm__ volatile("ldxr    %w0, [%2]\n"
                     "        add     %w0, %w0, #1\n"
                     "        stxr    %w1, %w0, [%2]\n"   /* BUG: failed is never tested */
                     : "=&r"(tmp), "=&r"(failed)
                     : "r"(&v->counter)
                     : "memory");
}

int main(void)
{
    for (int i = 0; i < ITER; i++)
        inc_once(&counter);

    sim_barrier();
    if (sim_cpu_id() == 0) {
        int expected = ITER * (int)sim_ncpus();
        sim_printf("counter = %d, expected %d\n", atomic_read(&counter), expected);
        sim_check(atomic_read(&counter) == expected, "lost update: a failed stxr was ignored");
    }
    return 0;
}
