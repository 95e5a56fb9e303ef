/* stale-pointer.c — a lost update of a pointer: core 0 reads cursor, core 1
 * moves it on a slot, core 0 stores what it read plus one slot.  The
 * barriers fix the order; atomsim prints the pointers in hex.  Cores past
 * the second only meet the barriers.
 */
#include <atomsim.h>

struct slot {
    int owner;
    int value;
};
static struct slot slots[4];
struct slot *volatile cursor = slots;

int main(void)
{
    unsigned me = sim_cpu_id();
    struct slot *seen = 0;
    if (me == 0)
        seen = cursor;
    sim_barrier();
    if (me == 1)
        cursor = cursor + 1;
    sim_barrier();
    if (me == 0)
        cursor = seen + 1;
    return 0;
}
