/* stale-store.c — three stores after a stale read, one of them a lost update.
 *
 * Core 0 reads a, b and c; core 1 then writes all three; core 0 then stores
 * a constant to a, a value computed from another variable to b, and the
 * value it read from c plus one to c.  Only the last overwrites core 1's
 * write with a value computed from what core 0 saw before it: the one lost
 * update.  The barriers fix the order under every schedule.  Cores past the
 * second only meet the barriers.
 */
#include <atomsim.h>

volatile unsigned a, b, c;
volatile unsigned other = 40;

int main(void)
{
    unsigned me = sim_cpu_id();
    unsigned seen_a = 0, seen_b = 0, seen_c = 0;
    if (me == 0) {
        seen_a = a;
        seen_b = b;
        seen_c = c;
    }
    sim_barrier();
    if (me == 1) {
        a = 10;
        b = 20;
        c = 30;
    }
    sim_barrier();
    if (me == 0) {
        a = 7;
        b = other + 1;
        c = seen_c + 1;
        sim_printf("read %u %u %u\n", seen_a, seen_b, seen_c);
    }
    return 0;
}
