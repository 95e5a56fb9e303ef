/* seqlock-no-rmb.c — a seqlock whose reader has no smp_rmb(): core 0
 * writes a pair under the sequence count (odd while it writes, smp_wmb()
 * around the data, as the kernel's write_seqcount_begin/end); core 1 reads
 * the count, the pair, the count again, and trusts the pair if the count
 * was even and unchanged.  Without read_seqcount_begin's and
 * read_seqcount_retry's smp_rmb() nothing orders the reader's loads on
 * arm, aarch64 and riscv64: it may read the count after the update, one
 * half of the pair from before it, and the count again: a torn pair it
 * believes.  The fix, seqlock.c, has the reader's barriers.
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef READ_BARRIER
#define READ_BARRIER() do { } while (0)
#endif

volatile unsigned seq, left, right;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        WRITE_ONCE(seq, 1);
        smp_wmb();
        WRITE_ONCE(left, 1);
        WRITE_ONCE(right, 1);
        smp_wmb();
        WRITE_ONCE(seq, 2);
    } else if (me == 1) {
        unsigned s1, s2, l, r;
        do {
            s1 = READ_ONCE(seq);
            READ_BARRIER();
            l = READ_ONCE(left);
            r = READ_ONCE(right);
            READ_BARRIER();
            s2 = READ_ONCE(seq);
        } while ((s1 & 1) || s1 != s2);
        sim_check(l == r, "the reader took a torn pair for a consistent one");
    }
    return 0;
}
