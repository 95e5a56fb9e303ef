/* counter.c — every core adds ITER to a shared counter with a plain `++`.
 *
 * `counter++` is a load, an add and a store: another core can store between
 * this core's load and its store, and that core's update is lost.  Core 0
 * checks the total after every core has finished; under atomsim some
 * schedules fail the check (try --sched random with a few seeds).
 */
#include <atomsim.h>

#ifndef ITER
#define ITER 200
#endif

volatile unsigned counter;

int main(void)
{
    for (int i = 0; i < ITER; i++)
        counter++;

    sim_barrier();
    if (sim_cpu_id() == 0) {
        unsigned expected = ITER * sim_ncpus();
        sim_printf("counter = %u, expected %u\n", counter, expected);
        sim_check(counter == expected, "lost update: counter != ITER * ncpus");
    }
    return 0;
}
