/* wait-two.c — core 0 waits on two flags no core ever sets, reading both
 * in turn: no single location is read again and again, yet every running
 * core only reads.  atomsim reports a deadlock instead of spending the step
 * budget. */
#include <atomsim.h>

volatile int flag[2];

int main(void)
{
    if (sim_cpu_id() == 0)
        while ((flag[0] | flag[1]) == 0)
            ;
    return 0;
}
