/* spinlock.c — a spinlock makes a plain `counter++` safe.
 *
 * counter is an ordinary unsigned, incremented with a plain load and store,
 * as in counter.c; but every core takes the lock first, so no other core
 * can come between the load and the store, and nothing is lost.  On every
 * other round a core first tries spin_trylock, which never waits: if the
 * lock is free it takes it, else the core does something else (here it
 * counts the miss) and then waits with spin_lock, as on even rounds.
 *
 *   atomsim --cores 4 programs/sparc32/spinlock.elf
 *   atomsim --cores 2 --trace programs/arm/spinlock.elf
 *
 * Each core prints how often spin_trylock found the lock taken.  In the
 * trace, a core that wants the lock while the other holds it spins on plain
 * loads of the lock word until the holder's unlock stores 0.
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef ITER
#define ITER 50
#endif

static spinlock_t lock = SPINLOCK_INIT;
static unsigned counter;        /* protected by lock */

int main(void)
{
    unsigned misses = 0;

    for (int i = 0; i < ITER; i++) {
        bool locked = false;
        if (i % 2 == 1) {
            locked = spin_trylock(&lock);       /* odd rounds: try first */
            misses += !locked;
        }
        if (!locked)
            spin_lock(&lock);
        counter++;
        spin_unlock(&lock);
    }
    sim_printf("spin_trylock found the lock taken %u of %d times\n", misses, ITER / 2);

    sim_barrier();
    if (sim_cpu_id() == 0) {
        unsigned expected = ITER * sim_ncpus();
        sim_printf("counter = %u, expected %u\n", counter, expected);
        sim_check(counter == expected, "lost update under the lock");
    }
    return 0;
}
