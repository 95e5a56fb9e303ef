/* threads-spin-atomic.c — a thread waits for a flag no one sets, reading it
 * in atomic sections (as SV-COMP's programs do): the atomic section's calls
 * are no progress, so the spin is found as a deadlock, not run to the step
 * budget. */
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int flag;

static void *waiter(void *arg)
{
    int seen;
    do {
        __VERIFIER_atomic_begin();
        seen = flag;
        __VERIFIER_atomic_end();
    } while (!seen);
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, waiter, NULL);
    pthread_join(t, NULL);
    return 0;
}
