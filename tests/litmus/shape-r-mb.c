/* Litmus shape R+smp_mb: shape-r.c with the kernel's smp_mb() between each
 * core's two accesses (<atomic.h>).  y ending 2 with core 1 having read x as
 * 0 fails the check.
 *
 * Forbidden where smp_mb() is a full barrier: x86's locked add (Intel SDM
 * vol. 3A 9.2.3.9; x86-TSO, Sewell et al., CACM 2010) and arm's dmb ish (ARM
 * ARM A3.8.3).  On sparc32 smp_mb() is a compiler barrier only, and core 1's
 * store still waits while it reads x: allowed under tso and pso as bare R
 * is (SPARC V8 manual Appendix K).
 * On riscv64 smp_mb() is fence rw,rw on both cores (RISC-V unprivileged ISA,
 * chapter 17, rule 4): forbidden under rvwmo.
 *
 * Cpus: x86 x86_64 sparc32 arm aarch64 riscv64
 *
 * Memory: sc tso arm rvwmo
 * On: x86 x86_64 arm aarch64 riscv64
 * Search: dfs:4
 * Result: Never
 *
 * Memory: sc
 * On: sparc32
 * Search: dfs:4
 * Result: Never
 *
 * Memory: tso pso
 * On: sparc32
 * Search: dfs:4
 * Result: Sometimes
 */
#include <atomic.h>
#define MB() smp_mb()
#include "shape-r.c"
