/* Litmus rv-sb-fence-tso: store buffering (shape-sb.c) on riscv64 with
 * fence.tso between each core's store and its load of the other flag.  Both
 * cores reading 0 fails the check.
 *
 * Allowed under rvwmo: fence.tso orders loads before later loads and
 * stores, and stores before later stores, but not a store before a later
 * load (RISC-V unprivileged ISA, chapter 17, rule 4 with fence.tso's
 * predecessor and successor sets, as fence rw,w plus fence r,rw), so each
 * flag's store may wait in its core's store buffer while the core reads the
 * other flag, as under TSO (shape-sb.c).  Under sc there is no buffer:
 * forbidden.  shape-sb-mb.c's fence rw,rw forbids it.
 *
 * Cpus: riscv64
 *
 * Memory: sc
 * Search: dfs:4
 * Result: Never
 *
 * Memory: rvwmo
 * Search: dfs:4
 * Result: Sometimes
 */
#include <atomic.h>
#define FENCE() __asm__ volatile("fence.tso" ::: "memory")
#include "shape-sb.c"
