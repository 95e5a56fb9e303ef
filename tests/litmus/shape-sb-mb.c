/* Litmus shape SB+smp_mb: store buffering (shape-sb.c) with the kernel's
 * smp_mb() between each core's store and load (<atomic.h>).  Both cores
 * reading 0 fails the check.
 *
 * A full barrier orders a store before a later load, so the architectures
 * forbid it where smp_mb() is one: on x86 a locked add, which no load
 * passes (Intel SDM vol. 3A 9.2.3.9, "loads and stores are not reordered
 * with locked instructions"; x86-TSO, Sewell et al., CACM 2010); on arm dmb
 * ish (ARM ARM A3.8.3).  On sparc32 the kernel's smp_mb() is a compiler
 * barrier only (asm-generic's, which sparc32 takes): nothing is left between
 * the store and the load, and tso and pso allow it as for bare SB (SPARC V8
 * manual Appendix K; the kernel keeps sparc32 in TSO and leaves store->load
 * order to its locks).
 * On riscv64 smp_mb() is fence rw,rw, which orders the store before the load
 * (RISC-V unprivileged ISA, chapter 17, rule 4): forbidden under rvwmo.
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
#define FENCE() smp_mb()
#include "shape-sb.c"
