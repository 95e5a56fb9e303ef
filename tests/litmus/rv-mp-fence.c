/* Litmus rv-mp-fence: message passing (shape-mp.c) on riscv64 with fence
 * w,w between the writer's data and flag stores and fence r,r between the
 * reader's flag and data loads.  Seeing the flag but not the data fails the
 * check.
 *
 * Forbidden: a fence orders every access of its predecessor set before it
 * with every access of its successor set after it (RISC-V unprivileged ISA,
 * chapter 17, rule 4), so data's store is visible before the flag's, and
 * the data load is satisfied after the flag load; RVWMO's stores are
 * multi-copy atomic.  These are the kernel's smp_wmb() and smp_rmb()
 * (shape-mp-wmb-rmb.c); without them shape-mp.c shows the outcome.
 *
 * Cpus: riscv64
 *
 * Memory: sc rvwmo
 * Search: dfs:4
 * Result: Never
 */
#include <atomic.h>
#define WMB() __asm__ volatile("fence w,w" ::: "memory")
#define RMB() __asm__ volatile("fence r,r" ::: "memory")
#include "shape-mp.c"
