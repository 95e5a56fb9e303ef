/* Litmus shape MP+smp_wmb+xchg_relaxed: message passing (shape-mp.c) where
 * the writer publishes the flag with a relaxed atomic exchange after
 * smp_wmb(), and the reader reads it, smp_rmb(), then the data.  The flag
 * without the data fails the check.  A store barrier orders the stores
 * before it against every store after it, an atomic's write too, though
 * that write waits in no store buffer.
 *
 * Forbidden under sc and tso as bare MP is (Intel SDM vol. 3A 9.2.3.2;
 * x86-TSO, Sewell et al., CACM 2010; SPARC V8 manual Appendix K, TSO).  On
 * arm smp_wmb() is dmb ishst before the ldrex/strex (ARM ARM A3.8.3: the
 * strex's store is after the barrier), on aarch64 dmb ishst before swp
 * (Arm ARM B2.3, Barrier-ordered-before), on riscv64 fence w,w before
 * amoswap.w (RISC-V unprivileged ISA chapter 17, rule 4: the AMO's store
 * is in the successor set): forbidden.  On sparc32 smp_wmb() is a compiler
 * barrier only and the exchange is a plain load and store under the
 * hashed spinlock: pso lets the flag drain before the data (Appendix K,
 * PSO).
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
#define WMB() smp_wmb()
#define RMB() smp_rmb()
#define PUBLISH(p) atomic_xchg_relaxed((atomic_t *)(void *)(p), 1)
#include "shape-mp.c"
