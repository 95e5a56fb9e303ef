/* lock-progress.c — slow progress through a lock: not a livelock.
 *
 * Each core takes and drops a spinlock ITER times to read x, and adds what
 * it read to a sum of its own; only at the end does it write shared memory.
 * For far more than --spin-limit steps no core changes anything but the
 * lock word, yet each try is new (the loop counter, the sum): the run ends
 * clean, with no livelock finding.
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef ITER
#define ITER 4000
#endif

spinlock_t lock = SPINLOCK_INIT;
volatile int x = 1;
atomic_t total;

int main(void)
{
    int sum = 0;
    for (int i = 0; i < ITER; i++) {
        spin_lock(&lock);
        sum += x;
        spin_unlock(&lock);
    }
    atomic_add(sum, &total);
    sim_barrier();
    if (sim_cpu_id() == 0) {
        int expected = ITER * (int)sim_ncpus();
        sim_printf("total = %d, expected %d\n", atomic_read(&total), expected);
        sim_check(atomic_read(&total) == expected, "a sum went missing");
    }
    return 0;
}
