/* arrival-relaxed.c — load buffering through relaxed atomics: each of two
 * cores reads with atomic_read() whether the other has arrived, then marks
 * its own arrival with atomic_set().  In every interleaving one core reads
 * before the other's store, so at most one of them can see the other
 * arrived first: the check after sim_barrier() says so.  But atomic_read()
 * and atomic_set() are relaxed (Documentation/atomic_t.txt): nothing keeps
 * a core's store after its earlier load of another location, and on arm,
 * aarch64 and riscv64 both stores may become visible before either load
 * reads (LB: ARM ARM K.a B2.3, no dependency or barrier orders them; RVWMO,
 * RISC-V unprivileged ISA 17.1.3, no preserved program order rule does):
 * each core sees the other arrive before it did.  Under TSO a store never
 * passes an earlier load, and the check holds.  The fix, arrival.c, reads
 * with atomic_read_acquire(): the store after it waits for it.
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef READ_ARRIVED
#define READ_ARRIVED(v) atomic_read(v)
#endif

atomic_t arrived[2];
volatile int saw[2];

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me < 2) {
        saw[me] = READ_ARRIVED(&arrived[1 - me]);
        atomic_set(&arrived[me], 1);
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(saw[0] && saw[1]), "each core saw the other arrive before it arrived itself");
    return 0;
}
