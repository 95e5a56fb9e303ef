/* Litmus shape MP+release+acquire: message passing (shape-mp.c) with the
 * flag written by smp_store_release() and read by smp_load_acquire()
 * (<atomic.h>).  The flag without the data fails the check.
 *
 * Forbidden under sc and tso as bare MP is (Intel SDM vol. 3A 9.2.3.2;
 * x86-TSO, Sewell et al., CACM 2010; SPARC V8 manual Appendix K, TSO); on
 * arm release is dmb ish before the store and acquire dmb ish after the load
 * (ARM ARM A3.8.3): forbidden; on aarch64 they are stlr, ordered after the
 * data's store, and ldar, ordered before the data's load (Arm ARM B2.3,
 * Barrier-ordered-before): forbidden.  On sparc32 both are plain accesses behind a
 * compiler barrier (the kernel runs sparc32 in TSO), so pso lets the flag
 * drain before the data (Appendix K, PSO).
 * riscv64's smp_store_release() is fence rw,w then the store,
 * smp_load_acquire() the load then fence r,rw
 * (arch/riscv/include/asm/barrier.h; RISC-V unprivileged ISA, chapter 17,
 * rule 4): forbidden under rvwmo.
 *
 * Cpus: x86 x86_64 sparc32 arm aarch64 riscv64
 *
 * Memory: sc tso arm rvwmo
 * Search: dfs:4
 * Result: Never
 *
 * Memory: pso
 * Search: dfs:4
 * Result: Sometimes
 */
#include <atomic.h>
#define PUBLISH(p) smp_store_release((p), 1)
#define OBSERVE(p) smp_load_acquire(p)
#include "shape-mp.c"
