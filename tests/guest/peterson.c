/* peterson.c — Peterson's lock for two cores around a plain counter++.
 *
 * Correct under interleaving (sequential consistency): the two cores never
 * both enter, so no update is lost and the check holds.  Core i waits while
 * the other core wants in and it is the other's turn: a spin on two
 * locations.  `turn = other` stores a constant, never a value loaded from
 * turn, so a stale read of turn loses nothing.  Cores past the second only
 * return.
 */
#include <atomsim.h>

#ifndef ITER
#define ITER 20
#endif

volatile unsigned flag[2];
volatile unsigned turn;
volatile unsigned counter;

int main(void)
{
    unsigned me = sim_cpu_id(), other = 1 - me;
    if (me > 1)
        return 0;
    for (int i = 0; i < ITER; i++) {
        flag[me] = 1;
        turn = other;
        while (flag[other] && turn == other)
            ;
        counter++;
        flag[me] = 0;
    }
    sim_barrier();
    if (me == 0) {
        unsigned expected = sim_ncpus() < 2 ? ITER : 2 * ITER;
        sim_printf("counter = %u, expected %u\n", counter, expected);
        sim_check(counter == expected, "Peterson's lock let both cores in");
    }
    return 0;
}
