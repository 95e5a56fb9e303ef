/* Litmus shape MP+inc_return: shape-mp-inc-relaxed.c with the fully ordered
 * atomic_inc_return(), which the kernel orders like smp_mb() on each side
 * (Documentation/atomic_t.txt).  Seeing the flag but not the data fails the
 * check.
 *
 * x86's is a locked add (Intel SDM vol. 3A 9.2.3.9; x86-TSO, Sewell et al.,
 * CACM 2010) and arm's has dmb ish before and after (ARM ARM A3.8.3):
 * forbidden.  aarch64's is ldaddal (ldxr/stlxr then dmb ish with -mno-lse),
 * whose release write is ordered after data's store (Arm ARM B2.3,
 * Barrier-ordered-before): forbidden.  sparc32's fences around it are compiler barriers only (the
 * kernel runs sparc32 in TSO): forbidden under tso as the relaxed one is,
 * but under pso data's store and the flag's still drain in any order (SPARC
 * V8 manual Appendix K, PSO: only stbar orders them), so the kernel's "fully
 * ordered" does not hold there: allowed.
 * riscv64's is amoadd.w.aqrl, whose .rl orders data's store before it
 * (RISC-V unprivileged ISA, chapter 17, rule 6), and smp_rmb() is fence r,r
 * (rule 4): forbidden under rvwmo.
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
#define INC(v) atomic_inc_return(v)
#include "shape-mp-inc-relaxed.c"
