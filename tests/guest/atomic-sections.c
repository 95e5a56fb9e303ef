/* atomic-sections.c — two threads increment a counter twice, each
 * increment in an SV-COMP atomic section, with a store outside between:
 * no increment is lost (a search checks its reduction on it: the sections'
 * bounds commute with the other thread's steps). */
#include <pthread.h>
#include <atomsim.h>

void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);

volatile int count, last;

static void *increment(void *arg)
{
    for (int i = 0; i < 2; i++) {
        __VERIFIER_atomic_begin();
        int seen = count;
        count = seen + 1;
        __VERIFIER_atomic_end();
        last = (int)(long)arg;
    }
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, increment, (void *)1);
    pthread_create(&b, 0, increment, (void *)2);
    pthread_join(a, 0);
    pthread_join(b, 0);
    sim_check(count == 4, "an increment was lost");
    return 0;
}
