/* dekker.c — Dekker's entry protocol, fenced: each core raises its flag with
 * an atomic exchange, which on every cpu orders the store before the load
 * after it (x86's xchg is locked; sparc32's swap and arm's ldrex/strex
 * with dmb are fully ordered), then enters if the other's flag is down.
 * At most one core enters, under every model and schedule
 * (`--sched dfs:3` exhausts it clean).  Without the fence:
 * broken/dekker-no-fence.c.  (The kernel's smp_mb() would do on x86 and
 * arm, not on sparc32, where it only stops the compiler: see <atomic.h>.)
 */
#define RAISE(flag) ((void)xchg(&(flag), 1))
#include "broken/dekker-no-fence.c"
