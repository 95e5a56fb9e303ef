/* message-passing-no-barrier.c — a message published with plain stores:
 * core 0 writes the message, then raises a flag; core 1 reads the flag,
 * and if it is up, the message.  On arm a core's stores to different
 * addresses may become visible in either order (ARM ARM A3.8.2; atomsim's
 * arm model), and so on riscv64 (RVWMO, RISC-V unprivileged ISA chapter 17:
 * no rule orders them without a fence; atomsim's rvwmo), so core 1 can see the flag with the old message: the check
 * fails.  Under TSO (x86, sparc32) stores become visible in order and it
 * holds.  The fix, message-passing.c, publishes with smp_store_release()
 * and reads with smp_load_acquire() (on arm, a dmb ish on each side; on
 * riscv64 fence rw,w before the store and fence r,rw after the load).
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef PUBLISH
#define PUBLISH(flag) WRITE_ONCE(flag, 1)
#define IS_UP(flag) READ_ONCE(flag)
#endif

volatile unsigned message, ready;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        message = 42;
        PUBLISH(ready);
    } else if (me == 1) {
        if (IS_UP(ready))
            sim_check(message == 42, "the flag was up, but the message was not there yet");
    }
    return 0;
}
