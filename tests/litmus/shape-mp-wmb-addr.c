/* Litmus shape MP+smp_wmb+addr: core 0 writes data, smp_wmb(), then points
 * ptr at data; core 1 reads ptr, then reads through it (an address
 * dependency, which the kernel relies on instead of smp_rmb()).  Seeing ptr
 * at data but data still 0 fails the check.
 *
 * Forbidden under sc and tso as bare MP is (Intel SDM vol. 3A 9.2.3.2;
 * x86-TSO, Sewell et al., CACM 2010; SPARC V8 manual Appendix K, TSO).  On
 * arm smp_wmb() is dmb ishst and the address dependency orders the loads
 * (ARM ARM A3.8.2): forbidden.  On sparc32 smp_wmb() is a compiler barrier
 * only, so pso lets ptr drain before data (Appendix K, PSO).  atomsim keeps
 * every core's loads in order, so the dependency is not what orders them
 * here.
 * On riscv64 smp_wmb() is fence w,w (RISC-V unprivileged ISA, chapter 17,
 * rule 4) and the address dependency orders the loads (rule 9): forbidden
 * under rvwmo.
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
#include <atomsim.h>
#include <atomic.h>

unsigned zero, data;
unsigned *volatile ptr = &zero;
volatile unsigned *r1;
volatile unsigned r2;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        WRITE_ONCE(data, 1);
        smp_wmb();
        WRITE_ONCE(ptr, &data);
    } else if (me == 1) {
        unsigned *p = READ_ONCE(ptr);
        r1 = p;
        r2 = READ_ONCE(*p);
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(r1 == &data && r2 == 0), "MP+addr: the pointer without the data");
    return 0;
}
