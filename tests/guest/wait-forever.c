/* wait-forever.c — core 0 spins on a flag no core ever sets, only reading:
 * atomsim reports a deadlock instead of spending the step budget. */
#include <atomsim.h>

volatile int flag;

int main(void)
{
    if (sim_cpu_id() == 0)
        while (!flag)
            ;
    return 0;
}
