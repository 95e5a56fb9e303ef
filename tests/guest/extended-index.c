/* extended-index.c — aarch64: stores whose index register is a w register
 * extended by the addressing mode (Arm ARM C6.2.STR (register): uxtw, sxtw).
 * The x registers hold garbage above bit 31, which the extension ignores:
 * sxtw of -3 from arr[4] is arr[1], uxtw of 2 is arr[6].  The trace must
 * name those elements (atomsim computes each event's address itself). */
#include <atomsim.h>

volatile int arr[8];

int main(void)
{
    if (sim_cpu_id() == 0) {
        unsigned long minus3 = 0xdeadbeeffffffffdul, two = 0x1234567800000002ul;
        __asm__ volatile("str %w0, [%1, %w2, sxtw #2]\n\t"
                         "str %w0, [%1, %w3, uxtw #2]"
                         :: "r"(7), "r"(&arr[4]), "r"(minus3), "r"(two) : "memory");
        sim_check(arr[1] == 7 && arr[6] == 7, "the extended index stores elsewhere");
    }
    return 0;
}
