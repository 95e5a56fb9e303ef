/* libc-abort.c — abort() on core 0: one finding at the marked line, and
 * the program's exit status is 134.  The call ends its function. */
#include <stdlib.h>
#include <atomsim.h>

volatile int value = 1;

__attribute__((noinline)) static void give_up(int v)
{
    if (v > 0)
        abort();                        /* FINDING */
}

__attribute__((noinline)) static int next_function(int v)
{
    return v + 1;
}

int main(void)
{
    if (sim_cpu_id() == 0)
        give_up(value);
    sim_barrier();
    return next_function(value) - 2;
}
