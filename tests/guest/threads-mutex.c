/* threads-mutex.c — three threads add to a counter under one pthread mutex:
 * the count is exact, and lockstat sees the mutex contended. */
#include <pthread.h>
#include <atomsim.h>

#define N 3
#define ITER 20
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int counter;

static void *worker(void *arg)
{
    for (int i = 0; i < ITER; i++) {
        pthread_mutex_lock(&m);
        counter++;
        pthread_mutex_unlock(&m);
    }
    return arg;
}

int main(void)
{
    pthread_t t[N];
    for (long i = 0; i < N; i++)
        pthread_create(&t[i], 0, worker, (void *)i);
    for (int i = 0; i < N; i++) {
        void *r;
        pthread_join(t[i], &r);
        sim_check((long)r == i, "thread's value");
    }
    sim_printf("counter = %d\n", counter);
    sim_check(counter == N * ITER, "lost update");
    return 0;
}
