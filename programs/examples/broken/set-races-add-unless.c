/* set-races-add-unless.c — BROKEN (sparc32): atomic_set as a plain store,
 * racing a locked atomic_add_unless.
 *
 * This is the hazard of the kernel's Documentation/atomic_t.txt and its
 * litmus test Atomic-RMW-ops-are-atomic-WRT-atomic_set: v = 1; core 0 does
 * atomic_add_unless(&v, 1, 0), core 1 does atomic_set(&v, 0).  Whichever
 * goes first, v ends at 0: either the add happens and the set overwrites
 * it, or the set happens and the add sees 0 and does nothing.  "v == 2" is
 * forbidden.
 *
 * What is wrong: on sparc32 atomic_add_unless is a plain load and store
 * under the bucket's lock.  Core 1 here writes v.counter = 0 directly, as
 * atomic_set would on a cpu whose set does not take the lock; a plain store
 * ignores the lock, so it can land inside core 0's critical section.
 * That is why sparc32's atomic_set takes the lock too.
 *
 * The interleaving that breaks it (--schedule 0:3,1:500,0:*): core 0
 * asks its cpu id, takes v's lock and loads v (1); core 1 stores 0 and
 * waits at the barrier; core 0 stores 1 + 1 and unlocks.  v ends at 2.
 * Run core 0's add_unless whole before or after core 1's store
 * (--schedule 0:*,1:* or 1:*,0:*) and v ends at 0.
 */
#include <atomsim.h>
#include <atomic.h>

static atomic_t v = ATOMIC_INIT(1);

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0)
        atomic_add_unless(&v, 1, 0);
    else if (me == 1)
        v.counter = 0;                  /* BUG: not atomic_set(&v, 0) */

    sim_barrier();
    if (me == 0) {
        int expected = sim_ncpus() > 1 ? 0 : 2;       /* alone, core 0 just adds */
        sim_printf("v = %d, expected %d\n", atomic_read(&v), expected);
        sim_check(atomic_read(&v) == expected, "the plain store hit the locked add");
    }
    return 0;
}
