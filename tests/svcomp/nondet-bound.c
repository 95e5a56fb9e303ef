/* nondet-bound.c — an SV-COMP-style task: unreach-call fails (verdict false).
 * A thread fills a buffer of 32 bytes with a length the program assumes to
 * lie between 20 and 39: a length above 32 overruns it.  None of the values
 * a search always tries (0, 1, -1, the type's bounds) meets the assumption,
 * and a random 32-bit value meets it once in 2^28 draws; the constants the
 * program compares with (19, 39 and 31) and their neighbours do, and 38 and
 * 39 overrun the buffer. */
#include <pthread.h>

void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

unsigned length;
char buffer[32];

void *fill(void *arg)
{
    (void)arg;
    for (unsigned i = 0; i < length; i++) {
        if (i >= sizeof buffer)
            reach_error();
        buffer[i] = 1;
    }
    return 0;
}

int main(void)
{
    pthread_t t;
    length = __VERIFIER_nondet_uint();
    __VERIFIER_assume(length >= 20 && length < 40);
    pthread_create(&t, 0, fill, 0);
    pthread_join(t, 0);
    return 0;
}
