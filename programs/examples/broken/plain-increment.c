/* plain-increment.c — BROKEN: `counter.counter++` where atomic_inc belongs.
 *
 * What is wrong: the ++ on the atomic_t's counter field is a plain load, an
 * add and a plain store (even compiled to one x86 `add` to memory: without
 * LOCK its load and store are separate).  Nothing stops another core from
 * storing between them.
 *
 * The interleaving that breaks it (--schedule 0:1,1:500,0:*): core 0 loads
 * the counter (0); core 1 runs all its ITER increments (0 -> ITER); core 0
 * stores its stale 0 + 1, wiping them out.  The counter ends at ITER, not
 * 2 * ITER.  The fix is atomic_inc(&counter): counter-atomic.c passes the
 * same schedule.
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef ITER
#define ITER 3
#endif

static atomic_t counter;

int main(void)
{
    for (int i = 0; i < ITER; i++)
        counter.counter++;              /* BUG: not atomic_inc(&counter) */

    sim_barrier();
    if (sim_cpu_id() == 0) {
        int expected = ITER * (int)sim_ncpus();
        sim_printf("counter = %d, expected %d\n", atomic_read(&counter), expected);
        sim_check(atomic_read(&counter) == expected, "lost update: counter != ITER * ncpus");
    }
    return 0;
}
