/* choose-race.c — every core's first step draws a value; core 0 then sets
 * y, and another core fails a check if it drew 2 and y is not yet set.
 * dfs finds it only if a schedule that runs core 1 first (a preemption)
 * also tries each value of that first step. */
#include <atomsim.h>

volatile int y;

int main(void)
{
    int v = sim_choose(3);
    if (sim_cpu_id() == 0)
        y = 1;
    else
        sim_check(!(v == 2 && y == 0), "chose 2 before y was set");
    return 0;
}
