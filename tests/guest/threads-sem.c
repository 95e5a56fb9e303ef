/* threads-sem.c — a bounded buffer between a producer and a consumer,
 * counted by semaphores (`empty` slots, `full` slots) and guarded by a
 * binary one (small, so that dfs proves it on every cpu in well under a
 * second): every item arrives once, in order, whatever the
 * schedule.  sem_trywait on 0 fails with EAGAIN; sleep and sched_yield
 * return at once.  With MISSING_POST the
 * producer forgets to post its last item, and the consumer waits on `full`
 * for ever: a deadlock. */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdio.h>
#include <unistd.h>

#define SLOTS 1
#define ITEMS 2

static sem_t empty, full, guard;
static int buffer[SLOTS], in, out;

static void *producer(void *arg)
{
    (void)arg;
    for (int i = 1; i <= ITEMS; i++) {
        sem_wait(&empty);
        sem_wait(&guard);
        buffer[in] = i;
        in = (in + 1) % SLOTS;
        sem_post(&guard);
#ifdef MISSING_POST
        if (i == ITEMS)
            break;
#endif
        sem_post(&full);
        sched_yield();
    }
    return 0;
}

static void *consumer(void *arg)
{
    (void)arg;
    int sum = 0;
    for (int i = 1; i <= ITEMS; i++) {
        sem_wait(&full);
        sem_wait(&guard);
        assert(buffer[out] == i);
        sum += buffer[out];
        out = (out + 1) % SLOTS;
        sem_post(&guard);
        sem_post(&empty);
    }
    return (void *)(long)sum;
}

int main(void)
{
    sem_init(&empty, 0, SLOTS);
    sem_init(&full, 0, 0);
    sem_init(&guard, 0, 1);
    assert(sem_trywait(&full) == -1 && errno == EAGAIN);
    pthread_t p, c;
    pthread_create(&p, 0, producer, 0);
    pthread_create(&c, 0, consumer, 0);
    sleep(1);
    usleep(10);
    void *sum;
    pthread_join(p, 0);
    pthread_join(c, &sum);
    int left;
    sem_getvalue(&empty, &left);
    printf("sum %ld, %d slots empty\n", (long)sum, left);
    assert((long)sum == ITEMS * (ITEMS + 1) / 2 && left == SLOTS);
    return 0;
}
