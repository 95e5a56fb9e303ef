/* Litmus shape SB+xchg with x and y 256 bytes apart: shape-sb-xchg.c where,
 * on sparc32, the two flags hash to different spinlocks of the lock table
 * (the program stops if they do not).  Both cores reading 0 fails the check.
 *
 * x86, arm and aarch64: forbidden, as in shape-sb-xchg.c (Intel SDM vol. 3A
 * 9.2.3.9; x86-TSO, Sewell et al., CACM 2010; ARM ARM A3.8.3; Arm ARM B2.3).  sparc32: each core
 * takes its own lock, its flag's store waits in its store buffer behind the
 * ldstub while it reads the other flag from memory, as in bare SB: allowed
 * under tso and pso (SPARC V8 manual Appendix K).  So the kernel's sparc32
 * xchg() (and every value-returning atomic built on the lock table) does not
 * order its store before a later load of another lock's address, even under
 * TSO, although Documentation/atomic_t.txt calls it fully ordered.
 * riscv64's xchg() is amoswap.w.aqrl wherever the flags lie (shape-sb-
 * xchg.c): forbidden under rvwmo.
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
#define FLAG_ALIGN 256
#define SAME_LOCK 0
#include "shape-sb-xchg.c"
