/* strex-ignored.c — BROKEN (arm): an ldrex/add/strex increment that
 * ignores strex's status.
 *
 * What is wrong: strex stores only if this core's reservation from ldrex
 * is still intact, and writes 0 (stored) or 1 (did not store) to its status
 * register.  The correct loop retries while the status is 1; this one
 * never looks, so when another core wrote the counter in between, strex
 * stores nothing and the increment silently vanishes.
 *
 * The interleaving that breaks it (--schedule 0:1,1:500,0:*): core 0's ldrex
 * reads the counter (0) and reserves it; core 1 runs all its ITER
 * increments, whose stores clear core 0's reservation; core 0's strex
 * fails, and nothing retries.  The counter ends at 2 * ITER - 1.
 * counter-atomic.c, the same loop with `teq; bne 1b` after the strex,
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
    __asm__ volatile("ldrex   %0, [%2]\n"
                     "        add     %0, %0, #1\n"
                     "        strex   %1, %0, [%2]\n"   /* BUG: failed is never tested */
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
        sim_check(atomic_read(&counter) == expected, "lost update: a failed strex was ignored");
    }
    return 0;
}
