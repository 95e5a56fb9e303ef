/* xadd-no-lock.c — BROKEN (x86, x86_64): a fetch_add written with `xaddl`
 * but without the LOCK prefix.
 *
 * What is wrong: xadd exchanges and adds in one instruction, but without
 * LOCK the instruction is not atomic: it reads memory, and writes the sum
 * back later, and another core may write in between (Intel SDM vol. 3,
 * "Locked atomic operations").  Here it hands out tickets, and two cores
 * can read the same old value: both get the same ticket.  atomic_fetch_add
 * is `lock xadd`.
 *
 * The interleaving that breaks it (--schedule 0:1,1:500,0:*): core 0's xadd
 * does its load half (next = 0); core 1 takes all its ITER tickets
 * (0 .. ITER-1); core 0's store half writes 1 and core 0 takes ticket 0 as
 * well.  fetch-vs-return.c, with atomic_fetch_add, passes the same schedule.
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef ITER
#define ITER 3
#endif
#define MAX_CORES 64

static atomic_t next;
static atomic_t taken[ITER * MAX_CORES];        /* how often each ticket was handed out */

static int fetch_add_unlocked(int i, atomic_t *v)
{
    __asm__ volatile("xaddl %0, %1"             /* BUG: no "lock; " */
                     : "+r"(i), "+m"(v->counter) : : "memory", "cc");
    return i;
}

int main(void)
{
    for (int k = 0; k < ITER; k++)
        atomic_inc(&taken[fetch_add_unlocked(1, &next)]);

    sim_barrier();
    if (sim_cpu_id() == 0) {
        int tickets = ITER * (int)sim_ncpus(), wrong = 0;
        sim_printf("next = %d after %d tickets\n", atomic_read(&next), tickets);
        for (int t = 0; t < tickets; t++)
            if (atomic_read(&taken[t]) != 1) {
                sim_printf("ticket %d handed out %d times\n", t, atomic_read(&taken[t]));
                wrong++;
            }
        sim_check(wrong == 0, "a ticket was not handed out exactly once");
    }
    return 0;
}
