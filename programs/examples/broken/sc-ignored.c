/* sc-ignored.c — BROKEN (riscv64): an lr.w/addw/sc.w increment that
 * ignores sc.w's result, the RISC-V form of strex-ignored.c.
 *
 * What is wrong: sc.w stores only if this hart still holds the reservation
 * lr.w made on the address, and writes 0 (stored) or nonzero (did not
 * store) to its rd (RISC-V unprivileged ISA, "Load-Reserved/Store-
 * Conditional Instructions").  The loops the kernel builds (arch/riscv's
 * cmpxchg.h) retry while rd is nonzero (bnez); this one never looks, so
 * when another hart wrote the counter in between, sc.w stores nothing and
 * the increment silently vanishes.
 *
 * The interleaving that breaks it (--schedule 0:1,1:500,0:*): core 0's lr.w
 * reads the counter (0) and reserves it; core 1 runs all its ITER
 * increments, whose stores break core 0's reservation; core 0's sc.w
 * fails, and nothing retries.  The counter ends at 2 * ITER - 1.
 * counter-atomic.c (amoadd.w, one instruction) passes the same schedule.
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
    long failed;
    __asm__ volatile("lr.w    %0, %2\n"
                     "        addw    %0, %0, 1\n"
                     "        sc.w    %1, %0, %2\n"   /* BUG: failed is never tested */
                     : "=&r"(tmp), "=&r"(failed), "+A"(v->counter)
                     :
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
        sim_check(atomic_read(&counter) == expected, "lost update: a failed sc.w was ignored");
    }
    return 0;
}
