/* message-passing-no-rmb.c — a message published with smp_wmb() and read
 * with no barrier: core 0 writes the message, smp_wmb(), raises the flag;
 * core 1 reads the flag, and if it is up, the message.  The writer's
 * barrier orders its stores, but nothing orders core 1's two loads: the
 * `if` is a control dependency, which orders a load only against later
 * stores (ARM ARM K.a B2.3.6, "Dependency relations"; RVWMO, RISC-V
 * unprivileged ISA 17.1.3, rule 11 orders a store after a branch on a
 * load, never a load), so on arm, aarch64 and riscv64 core 1 may read the
 * message older than the flag it saw: the check fails.  Under TSO loads
 * are not reordered and it holds.  The fix, message-passing-rmb.c, puts
 * smp_rmb() between the loads (dmb ishld on aarch64, dmb ish on arm,
 * fence r,r on riscv64).
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef READER_BARRIER
#define READER_BARRIER() do { } while (0)
#endif

volatile unsigned message, ready;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        WRITE_ONCE(message, 42);
        smp_wmb();
        WRITE_ONCE(ready, 1);
    } else if (me == 1) {
        if (READ_ONCE(ready)) {
            READER_BARRIER();
            sim_check(READ_ONCE(message) == 42,
                      "the flag was up, but the message read was older");
        }
    }
    return 0;
}
