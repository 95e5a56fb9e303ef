/* cmpxchg-stale.c — BROKEN: a cmpxchg loop that computes the new value
 * from a stale read.
 *
 * What is wrong: add_one() reads the counter once, into stale, and always
 * tries to store stale + 1.  When cmpxchg fails it retries with old = the
 * value cmpxchg found, which is right, but the new value is still
 * stale + 1, computed from a value that is no longer there.  The retry
 * succeeds and writes the stale sum over the other cores' increments.  The
 * correct loop recomputes the new value from what cmpxchg found: new =
 * found + 1 (atomic_fetch_add does it for you).
 *
 * The interleaving that breaks it (--schedule 0:1,1:500,0:*): core 0 reads
 * the counter (0) into stale; core 1 runs all its ITER increments
 * (0 -> ITER); core 0's cmpxchg(0 -> 1) fails and finds ITER, and its retry
 * cmpxchg(ITER -> 1) succeeds: ITER increments are lost.  counter-atomic.c
 * passes the same schedule.
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef ITER
#define ITER 3
#endif

static atomic_t counter;

static void add_one(atomic_t *v)
{
    int stale = atomic_read(v);
    int old = stale, found;
    while ((found = atomic_cmpxchg(v, old, stale + 1)) != old)
        old = found;                    /* BUG: new stays stale + 1 */
}

int main(void)
{
    for (int i = 0; i < ITER; i++)
        add_one(&counter);

    sim_barrier();
    if (sim_cpu_id() == 0) {
        int expected = ITER * (int)sim_ncpus();
        sim_printf("counter = %d, expected %d\n", atomic_read(&counter), expected);
        sim_check(atomic_read(&counter) == expected, "lost update: counter != ITER * ncpus");
    }
    return 0;
}
