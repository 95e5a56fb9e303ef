/* arrival.c — broken/arrival-relaxed.c with each core's read of the other's
 * arrival an acquire (atomic_read_acquire(): ldar on aarch64, the load and
 * dmb ish on arm, the load and fence r,rw on riscv64): the store after it
 * becomes visible only after it has read, so at most one core sees the
 * other arrive first, on every cpu and model.
 */
#define READ_ARRIVED(v) smp_load_acquire(&(v)->counter)
#include "broken/arrival-relaxed.c"
