/* An exclusive access to an unaligned address: the processor raises an
 * alignment fault (ARM ARM A3.2.1), so atomsim reports a guest fault. */
#include <atomsim.h>

volatile unsigned words[2];

int main(void)
{
    unsigned v;
    volatile char *p = (volatile char *)words + 2;
    __asm__ volatile("ldrex %0, [%1]" : "=r"(v) : "r"(p) : "memory");
    return (int)v;
}
