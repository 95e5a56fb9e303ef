/* message.c — message passing through shared memory: core 0 writes a
 * value, then raises a flag; every other core waits for the flag and must
 * see the value.  Stores by one core are seen by the others. */
#include <atomsim.h>

volatile unsigned value;
volatile unsigned flag;
volatile unsigned seen[64];

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        value = 42;
        flag = 1;
    } else {
        while (!flag)
            ;
        seen[me] = value;
        sim_check(seen[me] == 42, "a core saw the flag but not the value");
    }
    sim_barrier();
    if (me == 0) {
        unsigned ok = 0;
        for (unsigned i = 1; i < sim_ncpus(); i++)
            ok += seen[i] == 42;
        sim_printf("%u of %u cores saw the value\n", ok, sim_ncpus() - 1);
    }
    return 0;
}
