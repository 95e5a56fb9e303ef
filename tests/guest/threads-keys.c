/* threads-keys.c — thread-specific data: each thread sees its own value of
 * a key; when a thread ends (returning from its function or through
 * pthread_exit), each destructor is called with the thread's non-NULL
 * value, again while destructors set values; main's values are not
 * destroyed when main returns (POSIX: only a thread's end runs them). */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_key_t key, again;
static long destroyed, rounds;

static void destroy(void *value)
{
    __atomic_fetch_add(&destroyed, (long)value, __ATOMIC_SEQ_CST);
    /* a second round: the value set here is destroyed too */
    if ((long)value < 100)
        pthread_setspecific(again, (void *)((long)value * 100));
}

static void destroy_again(void *value)
{
    __atomic_fetch_add(&rounds, (long)value, __ATOMIC_SEQ_CST);
}

static void *worker(void *arg)
{
    long id = (long)arg;
    assert(pthread_getspecific(key) == NULL);
    pthread_setspecific(key, arg);
    assert((long)pthread_getspecific(key) == id);
    if (id == 2)
        pthread_exit(0);
    return 0;
}

int main(void)
{
    pthread_key_create(&key, destroy);
    pthread_key_create(&again, destroy_again);
    pthread_setspecific(key, (void *)1000);
    pthread_t t[2];
    for (long i = 0; i < 2; i++)
        pthread_create(&t[i], 0, worker, (void *)(i + 1));
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
    assert((long)pthread_getspecific(key) == 1000);
    printf("destroyed %ld, then %ld\n", destroyed, rounds);
    return 0;
}
