/* add-unless-whole.c — atomic64_fetch_add_unless reads the value whole.
 *
 * v goes from 0x0_ffffffff to 0x1_00000000 when core 1 increments it.  A
 * read made of two 32-bit loads, one on each side of that increment, sees
 * 0x1_ffffffff, a value v never holds; with that as `unless`, core 0's add
 * would be skipped.  Read whole, v is never `unless`, so the add happens.
 */
#include <atomsim.h>
#include <atomic.h>

#define NEVER 0x1ffffffffLL     /* the high half of one value, the low of the other */

static atomic64_t v = ATOMIC64_INIT(0xffffffffLL);

int main(void)
{
    if (sim_cpu_id() == 1)
        atomic64_inc(&v);
    else if (sim_cpu_id() == 0)
        sim_check(atomic64_fetch_add_unless(&v, 2, NEVER) != NEVER,
                  "fetch_add_unless saw a value v never held");
    sim_barrier();
    if (sim_cpu_id() == 0)
        sim_check(atomic64_read(&v) == 0x100000002LL, "an add was lost or skipped");
    return 0;
}
