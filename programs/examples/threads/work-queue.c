/* work-queue.c — a bounded work queue: main produces jobs, worker threads
 * take them, under one pthread mutex and two condition variables.
 *
 * Verdict: correct on every cpu under every memory model: every job is
 * done once, and the workers sleep (in atomsim's scheduler, not spinning)
 * while the queue is empty.  lockstat shows the queue's mutex and how
 * contended it was.
 * sparc32 under --memory pso is the exception: gcc and Linux build SPARC V8
 * code for TSO, the model Linux runs SPARC in, so the mutex's release (the
 * kernel's smp_store_release: a plain store) lets the queue's stores pass
 * the unlock.
 *
 *   tools/atomsim-cc --cpu riscv64 -o work-queue.elf programs/examples/threads/work-queue.c
 *   ./atomsim --cores 3 work-queue.elf
 */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

#define WORKERS 2
#define JOBS 12
#define SLOTS 4
#define STOP 0

static struct {
    pthread_mutex_t lock;
    pthread_cond_t not_empty, not_full;
    int job[SLOTS];
    unsigned head, tail;                /* tail - head jobs wait */
} queue = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER };

static int done[JOBS + 1];

static void put(int job)
{
    pthread_mutex_lock(&queue.lock);
    while (queue.tail - queue.head == SLOTS)
        pthread_cond_wait(&queue.not_full, &queue.lock);
    queue.job[queue.tail++ % SLOTS] = job;
    pthread_cond_signal(&queue.not_empty);
    pthread_mutex_unlock(&queue.lock);
}

static int take(void)
{
    pthread_mutex_lock(&queue.lock);
    while (queue.tail == queue.head)
        pthread_cond_wait(&queue.not_empty, &queue.lock);
    int job = queue.job[queue.head++ % SLOTS];
    pthread_cond_signal(&queue.not_full);
    pthread_mutex_unlock(&queue.lock);
    return job;
}

static void *worker(void *arg)
{
    int jobs = 0;
    for (int job; (job = take()) != STOP; jobs++)
        done[job]++;
    return (void *)(long)jobs;
}

int main(void)
{
    pthread_t t[WORKERS];
    for (int i = 0; i < WORKERS; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int job = 1; job <= JOBS; job++)
        put(job);
    for (int i = 0; i < WORKERS; i++)
        put(STOP);
    long total = 0;
    for (int i = 0; i < WORKERS; i++) {
        void *jobs;
        pthread_join(t[i], &jobs);
        printf("worker %d did %ld jobs\n", i, (long)jobs);
        total += (long)jobs;
    }
    for (int job = 1; job <= JOBS; job++)
        assert(done[job] == 1);
    assert(total == JOBS);
    printf("work-queue: %d jobs, each done once\n", JOBS);
    return 0;
}
