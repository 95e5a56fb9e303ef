/* Litmus: a C11 atomic_store racing an atomic_fetch_add on one _Atomic
 * int.  Core 0 adds 1 to v (0), core 1 stores 10; C11 makes both atomic
 * (7.17.7), so v ends at 10 or 11.  Ending at 1, the store lost, fails the
 * check.
 *
 * Every cpu but sparc32 builds fetch_add as one atomic instruction or an
 * exclusive/lr-sc loop that a store in between breaks: Never.  sparc32
 * calls the library, which does a plain read and write under a lock; but
 * gcc inlines the store as a plain st that takes no lock, so it can land
 * between the locked read and write and be overwritten, under every model.
 * It is the hazard for which the kernel's sparc32 atomic_set takes the lock
 * (Documentation/atomic_t.txt; programs/examples/broken/
 * set-races-add-unless.c), and no library can close it: only code that
 * takes the lock for every access to v (the kernel API's atomic_set), or a
 * cpu with casa (-mcpu=leon3), is atomic there.
 *
 * Cpus: x86 x86_64 sparc32 arm aarch64 riscv64
 *
 * Memory: sc tso arm rvwmo
 * On: x86 x86_64 arm aarch64 riscv64
 * Search: dfs:4
 * Result: Never
 *
 * Memory: sc tso pso
 * On: sparc32
 * Search: dfs:4
 * Result: Sometimes
 */
#include <atomsim.h>
#include <stdatomic.h>

_Atomic unsigned v;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0)
        atomic_fetch_add(&v, 1);
    else if (me == 1)
        atomic_store(&v, 10);
    sim_barrier();
    if (me == 0) {
        unsigned found = atomic_load(&v);
        sim_check(found == 10 || found == 11, "the store was lost");
    }
    return 0;
}
