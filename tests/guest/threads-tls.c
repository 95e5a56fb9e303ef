/* threads-tls.c — thread-local storage (__thread, _Thread_local): every
 * thread starts with its own copy of the initial values, whatever another
 * thread did to its copy; an over-aligned variable is aligned; a large
 * zeroed array spans pages; a thread writes main's copy through a pointer,
 * and main sees it after the join. */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

_Thread_local int counted = 7;
__thread long long wide __attribute__((aligned(16))) = 0x1122334455667788ll;
__thread char scratch[6000];

static int *main_counted;
static int *seen[4];

static void *worker(void *arg)
{
    int id = (int)(long)arg;
    assert(counted == 7 && wide == 0x1122334455667788ll);
    assert((uintptr_t)&wide % 16 == 0);
    for (int i = 0; i < (int)sizeof scratch; i += 1000)
        assert(scratch[i] == 0);
    scratch[sizeof scratch - 1] = (char)id;
    for (int i = 0; i < id; i++)
        counted++;
    wide = id;
    seen[id] = &counted;
    if (id == 1)
        *main_counted += 100;
    assert(counted == 7 + id && wide == id && scratch[sizeof scratch - 1] == id);
    return 0;
}

int main(void)
{
    pthread_t t[3];
    counted = 0;
    wide = 0;
    main_counted = &counted;
    for (long i = 1; i <= 3; i++)
        pthread_create(&t[i - 1], 0, worker, (void *)i);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], 0);
    assert(seen[1] != seen[2] && seen[2] != seen[3] && seen[1] != &counted);
    printf("main's counted %d, wide %lld\n", counted, wide);
    return 0;
}
