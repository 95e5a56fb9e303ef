/* choose.c — sim_choose(n) as a choice of the search: on one core, one
 * pair of values of 5 x 3 fails a check; on more, none does.  dfs tries
 * every pair, a random run one. */
#include <atomsim.h>

int main(void)
{
    if (sim_cpu_id() == 0) {
        unsigned a = sim_choose(5), b = sim_choose(3);
        sim_check(a < 5 && b < 3, "in range");
        sim_check(sim_ncpus() > 1 || !(a == 4 && b == 2), "the one bad pair");
    }
    return 0;
}
