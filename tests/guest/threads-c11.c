/* threads-c11.c — C11's <threads.h>: two threads add under an mtx_t, one
 * waits on a cnd_t for main's signal, both return a value to thrd_join. */
#include <stdio.h>
#include <threads.h>

static mtx_t lock;
static cnd_t go;
static int started, count;

static int worker(void *arg)
{
    mtx_lock(&lock);
    while (!started)
        cnd_wait(&go, &lock);
    count += (int)(long)arg;
    mtx_unlock(&lock);
    return (int)(long)arg * 10;
}

int main(void)
{
    thrd_t t[2];
    mtx_init(&lock, mtx_plain);
    cnd_init(&go);
    for (long i = 0; i < 2; i++)
        thrd_create(&t[i], worker, (void *)(i + 1));
    mtx_lock(&lock);
    started = 1;
    cnd_broadcast(&go);
    mtx_unlock(&lock);
    int sum = 0;
    for (int i = 0; i < 2; i++) {
        int r;
        thrd_join(t[i], &r);
        sum += r;
    }
    printf("count %d, results %d\n", count, sum);
    return count == 3 && sum == 30 ? 0 : 1;
}
