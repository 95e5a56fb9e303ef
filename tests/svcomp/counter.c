/* counter.c — an SV-COMP-style task: unreach-call fails (verdict false).
 * Two threads increment a plain counter, a load and a store each: when
 * both load before either stores, one increment is lost. */
#include <pthread.h>

void reach_error(void) {}

int count;

void *increment(void *arg)
{
    (void)arg;
    int seen = count;
    count = seen + 1;
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, increment, 0);
    pthread_create(&b, 0, increment, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    if (count != 2)
        reach_error();
    return 0;
}
