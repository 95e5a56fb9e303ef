/* Litmus shape MP in C11 with the flag stored and loaded relaxed
 * (c11-mp.c): C11 allows the flag without the data.  Forbidden under sc
 * and tso (stores drain in order, loads are in order: x86-TSO; V8 manual
 * Appendix K); allowed under pso and arm, where stores to different
 * addresses drain in any order (Appendix K.2; ARM ARM A3.8).
 *
 * riscv64: gcc 12 stores relaxed atomics with amoswap.w, which atomsim makes
 * visible at once, in program order; RVWMO allows the outcome all the same
 * (RISC-V unprivileged ISA, chapter 17: nothing orders the reader's two
 * loads without a fence), and atomsim reaches it: the data's load may
 * read its older write (the views of its core, doc/manual.md, "Memory
 * models").
 *
 * Cpus: x86 x86_64 sparc32 arm aarch64 riscv64
 *
 * Memory: sc tso
 * Search: dfs:4
 * Result: Never
 *
 * Memory: pso arm rvwmo
 * Search: dfs:4
 * Result: Sometimes
 */
#define PUBLISH_ORDER memory_order_relaxed
#define OBSERVE_ORDER memory_order_relaxed
#include "c11-mp.c"
