/* Litmus shape SB+xchg: store buffering (shape-sb.c) where each core's store
 * is an xchg(), which the kernel orders fully (Documentation/atomic_t.txt).
 * Both cores reading 0 fails the check.
 *
 * x86's xchg is locked: no later load passes it (Intel SDM vol. 3A
 * 9.2.3.9; x86-TSO, Sewell et al., CACM 2010): forbidden.  arm's is ldrex/
 * strex between two dmb ish (ARM ARM A3.8.3): forbidden.  aarch64's is
 * swpal (ldxr/stlxr then dmb ish with -mno-lse): the flag's write has both
 * Acquire and Release semantics, so it is ordered before every later access
 * (Arm ARM B2.3, Barrier-ordered-before): forbidden.  sparc32's, as
 * arch/sparc/lib/atomic32.c has it, takes the spinlock the address hashes
 * to with ldstub, loads and stores under it, and unlocks with a plain byte
 * store; nothing orders the flag's store before the later load of the other
 * flag.  Here x and y hash to the same lock (the program stops if they do
 * not): under tso the unlock drains after the store before it (SPARC V8
 * manual Appendix K, TSO), so the other core, which must take the lock
 * first, sees the flag: forbidden.  Under pso the unlock may drain before
 * the flag's store (Appendix K, PSO: no stbar between them): the other
 * core takes the lock, stores its flag and reads the first flag still 0:
 * allowed, so sparc32's xchg is not fully ordered under pso (nor is its
 * lock a lock: the kernel runs sparc32 in TSO).  shape-sb-xchg-apart.c puts
 * x and y under different locks.
 * riscv64's xchg() is amoswap.w.aqrl, ordered before every later access
 * (RISC-V unprivileged ISA, chapter 17, rule 5, and rule 7: .aqrl is RCsc):
 * forbidden under rvwmo.
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
#define STORE(p) xchg((p), 1)
#ifndef SAME_LOCK
#define SAME_LOCK 1
#endif
#ifdef __sparc__
#define LAYOUT_OK() ((ATOMIC_HASH(&x) == ATOMIC_HASH(&y)) == SAME_LOCK)
#endif
#include "shape-sb.c"
