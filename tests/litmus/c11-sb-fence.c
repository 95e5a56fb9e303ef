/* Litmus shape SB in C11 with relaxed stores and loads and an
 * atomic_thread_fence(memory_order_seq_cst) between them (c11-sb.c): C11
 * forbids both loads reading 0 (C11 7.17.4: two seq_cst fences order the
 * store before one with the load after the other).
 *
 * gcc's fence: x86 lock orl $0,(%esp) (drains the buffer), arm and
 * aarch64 dmb ish, riscv64 fence rw,rw: forbidden.  sparc32 ldstub
 * [%sp-1], which drains the buffer under TSO but, with no stbar before it,
 * does not order the store before it under PSO (V8 manual, Appendix K.2;
 * gcc's V8 code assumes TSO): allowed under pso.
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
#define STORE_ORDER memory_order_relaxed
#define LOAD_ORDER memory_order_relaxed
#define FENCE() atomic_thread_fence(memory_order_seq_cst)
#include "c11-sb.c"
