/* Litmus shape SB in C11 with memory_order_relaxed stores and loads
 * (c11-sb.c): C11 allows both loads to read 0, and so do the
 * architectures: gcc's relaxed accesses are plain ones (st/ld, mov, str/ldr)
 * whose store waits in a store buffer (x86-TSO, Sewell et al., CACM 2010;
 * SPARC V8 manual Appendix K; ARM ARM A3.8).  Forbidden under sc.
 *
 * riscv64: gcc 12 stores a relaxed atomic with a plain amoswap.w (not sw),
 * which atomsim makes visible the moment it executes; RVWMO allows the
 * outcome (no preserved-program-order rule orders an AMO without .aq/.rl
 * before a later load of another address; RISC-V unprivileged ISA, chapter
 * 17), and atomsim reaches it: the later load may read the other flag's
 * older write (the views of its core, doc/manual.md, "Memory models").
 *
 * Cpus: x86 x86_64 sparc32 arm aarch64 riscv64
 *
 * Memory: sc
 * Search: dfs:4
 * Result: Never
 *
 * Memory: tso pso arm rvwmo
 * Search: dfs:4
 * Result: Sometimes
 */
#define STORE_ORDER memory_order_relaxed
#define LOAD_ORDER memory_order_relaxed
#include "c11-sb.c"
