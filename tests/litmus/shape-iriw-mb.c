/* Litmus shape IRIW+smp_mb, on 4 cores: shape-iriw.c with smp_mb() between
 * each reader's loads.  The readers seeing the two writes in opposite orders
 * fails the check.
 *
 * Forbidden everywhere: under sc, tso and pso as bare IRIW is (x86-TSO,
 * Sewell et al., CACM 2010; Intel SDM vol. 3A 9.2.3.7; SPARC V8 manual
 * Appendix K); on arm dmb ish between the loads orders them and, being
 * cumulative, makes the two writes seen in one order (ARM ARM A3.8.3).  On
 * sparc32 smp_mb() is a compiler barrier only and nothing more is needed.
 *
 * Searched with at most 3 preemptions, as shape-iriw.c is and for its
 * reason (dfs:4 takes some 30 s a model on 4 cores).
 * On riscv64 smp_mb() is fence rw,rw, and RVWMO's stores are multi-copy
 * atomic (RISC-V unprivileged ISA, chapter 17, rule 4): forbidden under
 * rvwmo.
 *
 * Cores: 4
 * Cpus: x86 x86_64 sparc32 arm aarch64 riscv64
 *
 * Memory: sc tso pso arm rvwmo
 * Search: dfs:3
 * Result: Never
 */
#include <atomic.h>
#define MB() smp_mb()
#include "shape-iriw.c"
