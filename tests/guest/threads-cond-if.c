/* threads-cond-if.c — a condition wait under `if`, not `while`: POSIX lets
 * the wait return with no signal (a spurious wakeup), and then the waiter
 * goes on while `ready` is still 0. */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready;

static void *waiter(void *arg)
{
    pthread_mutex_lock(&m);
    if (!ready)
        pthread_cond_wait(&c, &m);
    assert(ready);
    pthread_mutex_unlock(&m);
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, waiter, 0);
    pthread_mutex_lock(&m);
    ready = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    printf("ready %d\n", ready);
    return 0;
}
