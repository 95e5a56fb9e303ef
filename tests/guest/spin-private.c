/* spin-private.c — an endless loop that touches no memory at all. */
#include <atomsim.h>

int main(void)
{
    for (;;)
        __asm__ volatile("");
}
