/* Litmus shape MP in C11 with the flag stored and loaded relaxed
 * (c11-mp.c): C11 allows the flag without the data.  Forbidden under sc
 * and tso (stores drain in order, loads are in order: x86-TSO; V8 manual
 * Appendix K); allowed under pso and arm, where stores to different
 * addresses drain in any order (Appendix K.2; ARM ARM A3.8).
 *
 * riscv64: gcc 12 stores relaxed atomics with amoswap.w, which atomsim makes
 * visible at once, in program order, so it never sees the outcome RVWMO
 * allows (RISC-V unprivileged ISA, chapter 17: nothing orders two AMOs to
 * different addresses without .aq/.rl): fewer outcomes than the hardware,
 * never more (doc/manual.md, "Memory models").
 *
 * Cpus: x86 x86_64 sparc32 arm aarch64 riscv64
 *
 * Memory: sc tso rvwmo
 * Search: dfs:4
 * Result: Never
 *
 * Memory: pso arm
 * Search: dfs:4
 * Result: Sometimes
 */
#define PUBLISH_ORDER memory_order_relaxed
#define OBSERVE_ORDER memory_order_relaxed
#include "c11-mp.c"
