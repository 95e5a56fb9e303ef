/* illegal.c — every core executes an instruction its cpu does not have. */
#include <atomsim.h>

int main(void)
{
#if defined(__sparc__)
    __asm__ volatile("unimp 0");
#elif defined(__i386__) || defined(__x86_64__)
    __asm__ volatile("ud2");
#elif defined(__arm__)
    __asm__ volatile(".word 0xe7f000f0");   /* udf #0 */
#elif defined(__aarch64__)
    __asm__ volatile(".word 0x00000000");   /* udf #0 (A64) */
#elif defined(__riscv)
    __asm__ volatile(".word 0x00000000");   /* all zeros: defined illegal */
#endif
    return 0;
}
