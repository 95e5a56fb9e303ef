/* bitmap.c — a slot allocator: bit n of an unsigned long bitmap says slot
 * n is taken.
 *
 * alloc() looks for a clear bit with test_bit, but that is only a hint:
 * another core may take the slot right after.  The claim is
 * test_and_set_bit, one atomic operation that returns the old bit, so exactly
 * one core sees 0 and owns the slot; the others move on.  Freeing clears
 * the bit with clear_bit.  Every core allocates and frees ITER times, all
 * starting their search at slot 0, so they compete for the same slots.
 *
 * Each slot has an owner field.  A core that got a slot claims the owner
 * field with atomic_cmpxchg (nobody -> itself) and gives it back with
 * atomic_xchg (itself -> nobody): if two cores ever held a slot at once,
 * one of them would find the other's number there.  atomic_xchg is fully
 * ordered, so the owner field is free again before clear_bit (which orders
 * nothing) makes the slot free.
 *
 *   atomsim --cores 4 programs/arm/bitmap.elf
 *   atomsim --trace --schedule 0:2,1:6,0:* programs/x86/bitmap.elf | grep map
 *
 * The schedule stops core 0 right after its test_bit saw slot 0 free; core
 * 1 takes slot 0; core 0's test_and_set_bit then finds the bit set (map
 * 1 -> 1) and core 0 goes on to slot 1 (map 1 -> 3).  Compare
 * broken/test-then-set.c, where core 0 would take slot 0 as well.
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef ITER
#define ITER 10
#endif
#define NSLOTS 8
#define NOBODY 0                /* else the holder's cpu id + 1 */

static unsigned long map[BITS_TO_LONGS(NSLOTS)];
static atomic_t owner[NSLOTS];
static atomic_t allocations;

/* A free slot, now this core's; -1 if every slot is taken. */
static int alloc(void)
{
    for (unsigned n = 0; n < NSLOTS; n++)
        if (!test_bit(n, map) && !test_and_set_bit(n, map))
            return (int)n;
    return -1;
}

int main(void)
{
    int me = (int)sim_cpu_id() + 1;

    for (int i = 0; i < ITER; i++) {
        int n;
        while ((n = alloc()) < 0)
            ;                   /* more cores than slots: wait for a free one */
        sim_check(atomic_cmpxchg(&owner[n], NOBODY, me) == NOBODY,
                  "two cores hold the same slot");
        atomic_inc(&allocations);
        sim_check(atomic_xchg(&owner[n], NOBODY) == me, "the slot changed hands while held");
        clear_bit((unsigned)n, map);
    }

    sim_barrier();
    if (sim_cpu_id() == 0) {
        int expected = ITER * (int)sim_ncpus();
        sim_printf("allocations = %d, expected %d; map = %x\n", atomic_read(&allocations),
                   expected, (unsigned)map[0]);
        sim_check(atomic_read(&allocations) == expected, "lost an allocation");
        sim_check(map[0] == 0, "a slot was never freed");
    }
    return 0;
}
