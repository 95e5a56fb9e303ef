/* Litmus shape 2+2W+smp_wmb: shape-2p2w.c with the kernel's smp_wmb()
 * between each core's two stores.  x == 1 and y == 1 at the end fails the
 * check.
 *
 * Forbidden under sc and tso as bare 2+2W is (x86-TSO, Sewell et al., CACM
 * 2010; Intel SDM vol. 3A 9.2.3.2; SPARC V8 manual Appendix K, TSO); on arm
 * smp_wmb() is dmb ishst, which keeps each second store behind the first
 * (ARM ARM A3.8.3): forbidden.  On sparc32 smp_wmb() is a compiler barrier
 * only, so pso still drains them in any order (Appendix K, PSO): allowed.
 * On riscv64 smp_wmb() is fence w,w, which keeps each second store behind
 * the first (RISC-V unprivileged ISA, chapter 17, rule 4): forbidden under
 * rvwmo.
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
#include "shape-2p2w.c"
