/* forever.c — core 0 counts while it waits for a flag no core ever sets: it
 * writes memory at every step, so it is no deadlock, and never ends. */
#include <atomsim.h>

volatile int flag;
volatile unsigned ticks;

int main(void)
{
    if (sim_cpu_id() == 0)
        while (!flag)
            ticks++;
    return 0;
}
