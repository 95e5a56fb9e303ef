/* c11-flag.c — a spinlock from C11's atomic_flag: atomic_flag_test_and_set
 * with memory_order_acquire to take it, atomic_flag_clear with
 * memory_order_release to give it back, around a plain increment.
 *
 * gcc builds test_and_set as ldstub on sparc32, xchg on x86, an
 * ldrexb/strexb loop on arm, swpab (LSE) on aarch64 and amoor.w.aq on the
 * word that holds the flag on riscv64; clear as a plain store after each
 * cpu's release fence or as stlrb.  No update is lost, except under
 * sparc32's pso: gcc's SPARC V8 code assumes TSO (its default
 * -mmemory-model for Linux) and puts no stbar before the clearing store,
 * so the flag may drain before the count (V8 manual, Appendix K.2).
 */
#include <atomsim.h>
#include <stdatomic.h>

#ifndef ITER
#define ITER 2
#endif

static atomic_flag lock = ATOMIC_FLAG_INIT;
/* A plain variable, the lock's to guard (test-c11.c's runs --ignore it:
 * the check judges). */
volatile unsigned plain;

int main(void)
{
    for (int i = 0; i < ITER; i++) {
        while (atomic_flag_test_and_set_explicit(&lock, memory_order_acquire))
            ;
        plain++;
        atomic_flag_clear_explicit(&lock, memory_order_release);
    }
    sim_barrier();
    if (sim_cpu_id() == 0) {
        sim_printf("count = %u, expected %u\n", plain, ITER * sim_ncpus());
        sim_check(plain == ITER * sim_ncpus(), "the flag let two cores in");
    }
    return 0;
}
