/* wrong-bucket.c — BROKEN (sparc32): an "atomic" increment of b under the
 * hash lock of another variable, a.
 *
 * What is wrong: on sparc32 an atomic_t is protected by the lock its own
 * address hashes to, ATOMIC_HASH(&b).  wrong_inc() takes ATOMIC_HASH(&a),
 * and a and b are 256 bytes apart: another bucket, another lock.  Core 0
 * increments b that way while the other cores use atomic_inc(&b), which
 * takes b's lock: the two never exclude each other, and core 0's plain
 * read-modify-write of b races theirs.
 *
 * The interleaving that breaks it (--schedule 0:3,1:500,0:*): core 0 asks
 * its cpu id, takes a's lock and loads b (0); core 1 runs all its ITER
 * atomic_inc(&b) under b's lock, free all along (b = ITER); core 0 stores
 * its stale 0 + 1.  b ends short by ITER.  With one lock that every core
 * takes for the counter, as in counter-atomic.c, the same schedule makes
 * core 1 wait until core 0 has stored, and nothing is lost.
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef ITER
#define ITER 3
#endif

#define BLOCK 256                       /* addresses that share a bucket */
static struct {
    atomic_t a;                         /* bucket 0 */
    char pad[BLOCK - sizeof(atomic_t)];
    atomic_t b;                         /* bucket 1 */
} vars __attribute__((aligned(4 * BLOCK)));

static void wrong_inc(atomic_t *v)
{
    spinlock_t *lock = ATOMIC_HASH(&vars.a);    /* BUG: v's lock is ATOMIC_HASH(v) */
    spin_lock(lock);
    v->counter++;
    spin_unlock(lock);
}

int main(void)
{
    unsigned me = sim_cpu_id();
    for (int i = 0; i < ITER; i++) {
        if (me == 0)
            wrong_inc(&vars.b);
        else
            atomic_inc(&vars.b);
    }

    sim_barrier();
    if (me == 0) {
        int expected = ITER * (int)sim_ncpus();
        sim_printf("b = %d, expected %d; a's lock is __atomic_hash[%d], b's is __atomic_hash[%d]\n",
                   atomic_read(&vars.b), expected, (int)(ATOMIC_HASH(&vars.a) - __atomic_hash),
                   (int)(ATOMIC_HASH(&vars.b) - __atomic_hash));
        sim_check(atomic_read(&vars.b) == expected, "lost update: b changed under the wrong lock");
    }
    return 0;
}
