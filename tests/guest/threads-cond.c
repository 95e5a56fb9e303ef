/* threads-cond.c — two threads wait on a condition variable until main
 * broadcasts, then meet main at a barrier. */
#include <pthread.h>
#include <atomsim.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static pthread_barrier_t bar;
static int ready, got;
static void *waiter(void *x) {
    pthread_mutex_lock(&m);
    while (!ready)
        pthread_cond_wait(&c, &m);
    got++;
    pthread_mutex_unlock(&m);
    pthread_barrier_wait(&bar);
    return x;
}
int main(void) {
    pthread_t t[2];
    pthread_barrier_init(&bar, 0, 3);
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, waiter, 0);
    pthread_mutex_lock(&m);
    ready = 1;
    pthread_cond_broadcast(&c);
    pthread_mutex_unlock(&m);
    pthread_barrier_wait(&bar);
    sim_check(got == 2, "both woke");
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    sim_printf("got %d\n", got);
    return 0;
}
