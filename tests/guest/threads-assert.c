/* threads-assert.c — a thread's assert fails: one finding, at the line of
 * the assert, and the program ends with 134. */
#include <assert.h>
#include <pthread.h>

static int shared;

static void *thread(void *arg)
{
    shared = (int)(long)arg;
    assert(shared == 0);                /* fails: the thread got 1 */
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, thread, (void *)1L);
    pthread_join(t, NULL);
    return 0;
}
