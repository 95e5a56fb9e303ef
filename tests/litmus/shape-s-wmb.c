/* Litmus shape S+smp_wmb+data: shape-s.c with the kernel's smp_wmb() between
 * core 0's stores; core 1's store depends on its load by data.  Core 1
 * having seen y with x ending 2 fails the check.
 *
 * Forbidden under sc and tso as bare S is (Intel SDM vol. 3A 9.2.3.2;
 * x86-TSO, Sewell et al., CACM 2010; SPARC V8 manual Appendix K, TSO).  On
 * arm smp_wmb() is dmb ishst and the data dependency orders core 1's load
 * before its store (ARM ARM A3.8.2, A3.8.3): forbidden (without the
 * dependency ARM would allow it, as it allows LB; atomsim would not: its
 * loads are never satisfied late).  On sparc32 smp_wmb() is a compiler
 * barrier only, so pso lets y drain before x (Appendix K, PSO): allowed.
 * On riscv64 smp_wmb() is fence w,w (RISC-V unprivileged ISA, chapter 17,
 * rule 4) and the data dependency orders core 1's load before its store
 * (rule 10): forbidden under rvwmo.
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
#include "shape-s.c"
