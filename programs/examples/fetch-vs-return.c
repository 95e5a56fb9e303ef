/* fetch-vs-return.c — atomic_fetch_add returns the value before the add,
 * atomic_add_return the value after it.
 *
 * The kernel's names say which: fetch_OP fetches (the old value), then
 * operates; OP_return operates, then returns (the new value).  Both do the
 * same add, atomically; only what they hand back differs, by exactly i.
 * (C11's atomic_fetch_add is the kernel's fetch form, with the arguments
 * the other way round.)
 *
 * Every core takes a ticket with atomic_fetch_add(1, &next): the old value,
 * so the tickets are 0 .. ncpus-1, each handed out exactly once, whatever
 * the schedule.  atomic_add_return(1, &served) on a second counter gives
 * each core 1 .. ncpus instead: the count including itself.  Then core 0
 * shows a few calls of each on a value nobody else touches.
 *
 *   atomsim --cores 4 --seed 5 programs/x86/fetch-vs-return.elf
 *
 * Compare the "ticket" lines for a few seeds: which core gets which ticket
 * changes, that every ticket is taken once does not.
 */
#include <atomsim.h>
#include <atomic.h>

#define MAX_CORES 64

static atomic_t demo = ATOMIC_INIT(10);
static atomic_t next, served;
static atomic_t taken[MAX_CORES];       /* how often each ticket was handed out */
static atomic_t counted[MAX_CORES + 1]; /* the same for add_return's values */

/* One call of each kind on demo, printed and checked. */
static void show(int i)
{
    int before = atomic_read(&demo);
    int fetched = atomic_fetch_add(i, &demo);
    sim_printf("atomic_fetch_add(%d, &v)  with v = %d returns %d, v is now %d\n", i, before,
               fetched, atomic_read(&demo));
    sim_check(fetched == before, "atomic_fetch_add must return the old value");

    before = atomic_read(&demo);
    int returned = atomic_add_return(i, &demo);
    sim_printf("atomic_add_return(%d, &v) with v = %d returns %d, v is now %d\n", i, before,
               returned, atomic_read(&demo));
    sim_check(returned == before + i, "atomic_add_return must return the new value");
}

int main(void)
{
    int ticket = atomic_fetch_add(1, &next);
    int count = atomic_add_return(1, &served);
    sim_printf("ticket %d from atomic_fetch_add, %d from atomic_add_return\n", ticket, count);
    atomic_inc(&taken[ticket]);
    atomic_inc(&counted[count]);

    sim_barrier();
    if (sim_cpu_id() == 0) {
        show(1);
        show(5);
        show(-3);
        int n = (int)sim_ncpus();
        for (int t = 0; t < n; t++)
            sim_check(atomic_read(&taken[t]) == 1, "a ticket 0..ncpus-1 was not taken once");
        for (int c = 1; c <= n; c++)
            sim_check(atomic_read(&counted[c]) == 1, "a count 1..ncpus was not seen once");
        sim_printf("tickets 0..%d and counts 1..%d each handed out once\n", n - 1, n);
    }
    return 0;
}
