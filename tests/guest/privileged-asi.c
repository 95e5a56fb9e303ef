/* casa with ASI 0x0b (supervisor data): privileged in user mode, which is
 * all Unicorn runs; atomsim says so instead of running it. */
#include <atomsim.h>

volatile unsigned w;

int main(void)
{
    unsigned v = 1;
    __asm__ volatile("casa [%1] 0x0b, %2, %0" : "+r"(v) : "r"(&w), "r"(0) : "memory");
    return (int)v;
}
