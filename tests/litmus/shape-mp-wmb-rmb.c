/* Litmus shape MP+smp_wmb+smp_rmb: message passing (shape-mp.c) with the
 * kernel's smp_wmb() between the writer's stores and smp_rmb() between the
 * reader's loads (<atomic.h>).  The flag without the data fails the check.
 *
 * Forbidden under sc and tso as bare MP is (Intel SDM vol. 3A 9.2.3.2;
 * x86-TSO, Sewell et al., CACM 2010; SPARC V8 manual Appendix K, TSO); on
 * arm smp_wmb() is dmb ishst and smp_rmb() dmb ish, which order the stores
 * and the loads (ARM ARM A3.8.3): forbidden; on aarch64 smp_rmb() is dmb
 * ishld, which orders earlier loads before later accesses (Arm ARM B2.3,
 * Barrier-ordered-before): forbidden too.  On sparc32 both are compiler
 * barriers only (the kernel runs sparc32 in TSO), so no stbar keeps the
 * flag's store behind the data's and pso allows it (Appendix K, PSO).
 * On riscv64 smp_wmb() is fence w,w and smp_rmb() fence r,r (RISC-V
 * unprivileged ISA, chapter 17, rule 4): forbidden under rvwmo.
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
#include "shape-mp.c"
