/* message-passing.c — a message published with release and acquire: core 0
 * writes the message, then raises a flag with smp_store_release(); core 1
 * reads the flag with smp_load_acquire(), and if it is up, the message.  The
 * release orders the message's store before the flag's; the acquire orders
 * the flag's load before the message's, on every cpu and model (on arm,
 * the kernel's dmb ish on each side).  Core 1 always finds the message
 * (`--sched dfs:3` exhausts it clean).  Without them:
 * broken/message-passing-no-barrier.c.
 */
#define PUBLISH(flag) smp_store_release(&(flag), 1)
#define IS_UP(flag) smp_load_acquire(&(flag))
#include "broken/message-passing-no-barrier.c"
