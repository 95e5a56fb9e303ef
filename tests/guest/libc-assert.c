/* libc-assert.c — a failed assert on core 0 (the others wait at the
 * barrier): one finding, at the assert's line, marked below.  The assert
 * is its function's last call: its return address lies past the function. */
#include <assert.h>
#include <atomsim.h>

volatile int value = 1;

__attribute__((noinline)) static void expect_even(int v)
{
    assert(v % 2 == 0);                 /* FINDING */
}

__attribute__((noinline)) static int next_function(int v)
{
    return v + 1;
}

int main(void)
{
    if (sim_cpu_id() == 0)
        expect_even(value);
    sim_barrier();
    return next_function(value) - 2;
}
