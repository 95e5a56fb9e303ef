/* test-then-set.c — BROKEN: a slot claimed with test_bit, then set_bit.
 *
 * What is wrong: `if (!test_bit(n, map)) set_bit(n, map);` is two atomic
 * operations, not one.  Between the test and the set another core can test
 * the same clear bit, and then both set it and both believe the slot is
 * theirs.  bitmap.c claims with test_and_set_bit, which tests and sets in
 * one step and tells exactly one core that the bit was clear.
 *
 * Every core claims one slot and keeps it; like bitmap.c, it then claims
 * the slot's owner field with atomic_cmpxchg (nobody -> itself), which
 * finds the other core there if two cores took the same slot.
 *
 * The interleaving that breaks it (--schedule 0:2,1:500,0:*): core 0 asks
 * its cpu id and its test_bit reads slot 0 clear; core 1 tests slot 0, sets
 * it and writes itself into the owner field; core 0 sets the bit again and
 * finds core 1 in the owner field.  bitmap.c passes the same schedule.
 */
#include <atomsim.h>
#include <atomic.h>

#define NSLOTS 8
#define NOBODY 0                /* else the holder's cpu id + 1 */

static unsigned long map[BITS_TO_LONGS(NSLOTS)];
static atomic_t owner[NSLOTS];

/* The first slot that looked free, now "this core's"; -1 if none. */
static int claim(void)
{
    for (unsigned n = 0; n < NSLOTS; n++)
        if (!test_bit(n, map)) {
            set_bit(n, map);            /* BUG: not test_and_set_bit */
            return (int)n;
        }
    return -1;
}

int main(void)
{
    int me = (int)sim_cpu_id() + 1;
    int n = claim();
    if (n >= 0) {
        int found = atomic_cmpxchg(&owner[n], NOBODY, me);
        if (found != NOBODY)
            sim_printf("slot %d is cpu%d's, but cpu%d holds it\n", n, me - 1, found - 1);
        sim_check(found == NOBODY, "two cores hold the same slot");
    }
    return 0;
}
