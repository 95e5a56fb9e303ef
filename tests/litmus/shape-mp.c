/* Litmus shape MP (message passing), searched: core 0 writes data, then the
 * flag (PUBLISH); core 1 reads the flag (OBSERVE), then data.  Seeing the
 * flag but not the data fails the check.  shape-mp-wmb-rmb.c and
 * shape-mp-release-acquire.c build it with the kernel's barriers.
 *
 * The architectures, bare: forbidden under sc, and under tso: stores become
 * visible in program order and loads are not reordered with other loads
 * (Intel SDM vol. 3A 9.2.3.2, "neither loads nor stores are reordered with
 * like operations"; x86-TSO, Sewell et al., CACM 2010, test MP; SPARC V8
 * manual Appendix K, TSO).  Allowed under pso, whose stores to different
 * addresses drain in any order without stbar (Appendix K, PSO), and under
 * arm (ARM ARM A3.8: neither the stores nor the loads are ordered).  ARM
 * allows it with the loads reordered too; atomsim reorders only the stores.
 * riscv64 under rvwmo as arm: allowed, nothing orders two stores or two
 * loads to different addresses (RISC-V unprivileged ISA, chapter 17);
 * atomsim drains data's store after the flag's.
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
#include <atomsim.h>
#include <atomic.h>

#ifndef WMB
#define WMB() barrier()
#endif
#ifndef RMB
#define RMB() barrier()
#endif
#ifndef PUBLISH
#define PUBLISH(p) WRITE_ONCE(*(p), 1)
#endif
#ifndef OBSERVE
#define OBSERVE(p) READ_ONCE(*(p))
#endif

volatile unsigned data, flag, r1, r2;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        WRITE_ONCE(data, 1);
        WMB();
        PUBLISH(&flag);
    } else if (me == 1) {
        r1 = OBSERVE(&flag);
        RMB();
        r2 = READ_ONCE(data);
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(r1 == 1 && r2 == 0), "MP: the flag without the data");
    return 0;
}
