/* exit-code.c — each core returns its number: a non-zero exit is a finding. */
#include <atomsim.h>

int main(void)
{
    sim_printf("core %u of %u\n", sim_cpu_id(), sim_ncpus());
    return (int)sim_cpu_id();
}
