/* Litmus shape WRC+smp_mb+smp_rmb, on 3 cores: shape-wrc.c with smp_mb()
 * between core 1's load and store and smp_rmb() between core 2's loads.
 * Core 1 seeing x and core 2 seeing y but not x fails the check.
 *
 * Forbidden everywhere: under sc, tso and pso as bare WRC is (x86-TSO,
 * Sewell et al., CACM 2010; Intel SDM vol. 3A 9.2.3.6; SPARC V8 manual
 * Appendix K); on arm dmb ish is cumulative, so x, which core 1 saw before
 * its dmb, is seen by core 2 before y, and core 2's dmb orders its loads
 * (ARM ARM A3.8.3); on aarch64 core 2's smp_rmb() is dmb ishld, which orders
 * its loads as well (Arm ARM B2.3, Barrier-ordered-before).  On sparc32 both barriers are compiler barriers only and
 * nothing more is needed.
 * On riscv64 smp_mb() is fence rw,rw and smp_rmb() fence r,r (RISC-V
 * unprivileged ISA, chapter 17, rule 4; RVWMO is multi-copy atomic):
 * forbidden under rvwmo.
 *
 * Cores: 3
 * Cpus: x86 x86_64 sparc32 arm aarch64 riscv64
 *
 * Memory: sc tso pso arm rvwmo
 * Search: dfs:4
 * Result: Never
 */
#include <atomic.h>
#define MB1() smp_mb()
#define RMB2() smp_rmb()
#include "shape-wrc.c"
