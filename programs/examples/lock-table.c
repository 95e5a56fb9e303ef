/* lock-table.c — where sparc32's atomics take their locks.
 *
 * SPARC V8 has no atomic add, so Linux makes every atomic_t operation on
 * sparc32 take a spinlock, picked from a small table by the address:
 * __atomic_hash[(addr >> 8) & (__atomic_hash_size - 1)], with 4 locks.
 * So everything in one 256-byte block shares a lock, the next block
 * takes the next lock, and blocks 1 KiB apart share one again.
 *
 * blocks[] is 1 KiB-aligned and made of 256-byte blocks, so block k is
 * bucket k % 4 and the variables land in the same buckets in every build:
 *   a, b  both in block 0: the same bucket
 *   c     block 1, d block 2: bits 8-9 of the address differ, other buckets
 *   e     block 4, 1 KiB after a: bits 8-9 are a's again, a's bucket
 * Every core hammers all five with atomic_inc.  Sharing a lock costs only
 * waiting (a, b and e contend for one lock), never correctness: every total
 * is exact.  On the other cpus the atomics need no table and the program
 * just shows the same totals.
 *
 *   atomsim --cores 4 programs/sparc32/lock-table.elf
 *   atomsim --cores 2 --trace programs/sparc32/lock-table.elf | grep __atomic_hash
 *
 * Look at the bucket printed for each variable, and in the trace at which
 * __atomic_hash entry each ldstub takes.
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef ITER
#define ITER 20
#endif

#define BLOCK 256                       /* one bucket's share of the addresses */
struct block {
    atomic_t v[BLOCK / sizeof(atomic_t)];
};
static struct block blocks[5] __attribute__((aligned(4 * BLOCK)));

static const struct {
    const char *name;
    atomic_t *v;
} vars[] = {
    { "a", &blocks[0].v[0] },
    { "b", &blocks[0].v[1] },
    { "c", &blocks[1].v[0] },
    { "d", &blocks[2].v[0] },
    { "e", &blocks[4].v[0] },
};
#define NVARS (int)(sizeof(vars) / sizeof(vars[0]))

int main(void)
{
    if (sim_cpu_id() == 0)
        for (int k = 0; k < NVARS; k++) {
#ifdef __sparc__
            unsigned bucket = ((unsigned long)vars[k].v >> 8) & (ATOMIC_HASH_SIZE - 1);
            sim_printf("%s at 0x%x: bucket %u of %u\n", vars[k].name,
                       (unsigned)(unsigned long)vars[k].v, bucket, ATOMIC_HASH_SIZE);
#else
            sim_printf("%s at 0x%x\n", vars[k].name, (unsigned)(unsigned long)vars[k].v);
#endif
        }
    sim_barrier();

    for (int i = 0; i < ITER; i++)
        for (int k = 0; k < NVARS; k++)
            atomic_inc(vars[k].v);

    sim_barrier();
    if (sim_cpu_id() == 0) {
        int expected = ITER * (int)sim_ncpus();
        for (int k = 0; k < NVARS; k++) {
            sim_printf("%s = %d, expected %d\n", vars[k].name, atomic_read(vars[k].v), expected);
            sim_check(atomic_read(vars[k].v) == expected, "lost update");
        }
    }
    return 0;
}
