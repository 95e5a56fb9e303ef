/* long-loop.c — every core counts to 2^40 on its own stack: no visible
 * step, and no state repeats (it is no hang), so a run lasts until
 * --max-insns (a billion instructions by default: far longer than the
 * --time-limit a test gives). */
int main(void)
{
    volatile unsigned long long n = 0;
    while (n < (1ull << 40))
        n++;
    return 0;
}
