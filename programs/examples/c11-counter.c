/* c11-counter.c — C11 atomics (<stdatomic.h>, _Atomic) on every cpu: each
 * core adds ITER to counters of 2, 4 and 8 bytes with
 * atomic_fetch_add_explicit(..., memory_order_relaxed), and to a plain one
 * with ++.  gcc builds each fetch_add its cpu's way (doc/manual.md,
 * "C11 atomics"): one locked instruction on x86, an ldrex/strex loop on arm
 * (ldrexd/strexd for 8 bytes), an LSE ldadd on aarch64, an AMO on riscv64
 * (and, for 2 bytes, an lr/sc loop on the word that holds it, in atomsim's
 * library), and on sparc32 a call into the library, which takes the lock
 * the kernel's atomic_t would.  Relaxed is enough for a count: the one
 * modification order of each counter holds every increment.
 *
 * The atomic counters always end exact; the plain one loses updates
 * (atomsim --ignore plain counts them without reporting them).
 */
#include <atomsim.h>
#include <stdatomic.h>

#ifndef ITER
#define ITER 100
#endif

_Atomic unsigned short count16;
_Atomic unsigned int count32;
_Atomic unsigned long long count64;
volatile unsigned int plain;

int main(void)
{
    for (int i = 0; i < ITER; i++) {
        atomic_fetch_add_explicit(&count16, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&count32, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&count64, 1, memory_order_relaxed);
        plain++;
    }

    sim_barrier();
    if (sim_cpu_id() == 0) {
        unsigned expected = ITER * sim_ncpus();
        unsigned c16 = atomic_load(&count16), c32 = atomic_load(&count32);
        unsigned c64 = (unsigned)atomic_load(&count64);
        sim_printf("atomic: %u %u %u, plain: %u, expected %u\n", c16, c32, c64, plain,
                   expected);
        sim_check(c16 == expected && c32 == expected && c64 == expected,
                  "an atomic counter lost an update");
    }
    return 0;
}
