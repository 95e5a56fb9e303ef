/* forever.c — core 0 spins on a flag no core ever sets: it never ends. */
#include <atomsim.h>

volatile int flag;

int main(void)
{
    if (sim_cpu_id() == 0)
        while (!flag)
            ;
    return 0;
}
