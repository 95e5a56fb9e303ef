/* stdlib.c — numbers from strings, abs, and a per-core rand. */
#include <limits.h>
#include <stdlib.h>
#include "atomsim.h"
#include "libc-private.h"

static int digit_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 10;
    return 99;
}

/* strtoul's work: spaces, a sign, a base prefix, digits.  *negative tells
 * the sign; the magnitude saturates at ULONG_MAX. */
static unsigned long parse(const char *s, char **end, int base, int *negative)
{
    const char *p = s;
    while (*p == ' ' || (*p >= '\t' && *p <= '\r'))
        p++;
    *negative = *p == '-';
    if (*p == '-' || *p == '+')
        p++;
    if ((base == 0 || base == 16) && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') &&
        digit_value(p[2]) < 16) {
        p += 2;
        base = 16;
    } else if (base == 0) {
        base = p[0] == '0' ? 8 : 10;
    }
    unsigned long v = 0;
    int any = 0, overflow = 0;
    for (int d; (d = digit_value(*p)) < base; p++, any = 1) {
        if (v > (ULONG_MAX - (unsigned long)d) / (unsigned long)base)
            overflow = 1;
        v = v * (unsigned long)base + (unsigned long)d;
    }
    if (end != NULL)
        *end = (char *)(any ? p : s);
    return overflow ? ULONG_MAX : v;
}

unsigned long strtoul(const char *s, char **end, int base)
{
    int negative;
    unsigned long v = parse(s, end, base, &negative);
    return negative ? -v : v;
}

long strtol(const char *s, char **end, int base)
{
    int negative;
    unsigned long v = parse(s, end, base, &negative);
    if (negative)
        return v > (unsigned long)LONG_MAX + 1 ? LONG_MIN : (long)(0 - v);
    return v > (unsigned long)LONG_MAX ? LONG_MAX : (long)v;
}

long atol(const char *s)
{
    return strtol(s, NULL, 10);
}

int atoi(const char *s)
{
    return (int)strtol(s, NULL, 10);
}

int abs(int v)
{
    return v < 0 ? -v : v;
}

long labs(long v)
{
    return v < 0 ? -v : v;
}

/* rand: a linear congruential generator (C's example constants), one state per core, so that each core's
 * sequence does not depend on how the cores interleave.  Kept as
 * state ^ 1, so that .bss's zero is the default seed, 1. */
static unsigned rand_state[LIBC_MAX_CORES];

void srand(unsigned seed)
{
    rand_state[sim_cpu_id()] = seed ^ 1;
}

int rand(void)
{
    unsigned *state = &rand_state[sim_cpu_id()];
    unsigned next = (*state ^ 1) * 1103515245u + 12345u;
    *state = next ^ 1;
    return (int)((next >> 1) & RAND_MAX);
}
