/* load-unmapped.c — core 1 loads from address 0, which nothing maps:
 * atomsim must report a fault naming the core, the pc and the symbol. */
#include <atomsim.h>

volatile unsigned *volatile nowhere;

int main(void)
{
    if (sim_cpu_id() == 1)
        return (int)*nowhere;
    return 0;
}
