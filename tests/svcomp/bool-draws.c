/* bool-draws.c — an SV-COMP-style task: unreach-call holds (verdict true).
 * Each thread draws a _Bool and adds 1 or 2 to a counter in an atomic
 * section: whatever they draw, the sum is 2, 3 or 4.  A _Bool has two
 * values, both of which a search tries, so an exhausted search proves it. */
#include <pthread.h>

void reach_error(void) {}
extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int sum;

void *add(void *arg)
{
    (void)arg;
    int step = __VERIFIER_nondet_bool() ? 1 : 2;
    __VERIFIER_atomic_begin();
    sum = sum + step;
    __VERIFIER_atomic_end();
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, add, 0);
    pthread_create(&b, 0, add, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    if (sum < 2 || sum > 4)
        reach_error();
    return 0;
}
