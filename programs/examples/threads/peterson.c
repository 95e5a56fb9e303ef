/* peterson.c — Peterson's lock for two threads, written as in the textbook:
 * plain shared flags, no fences.
 *
 * Verdict, per memory model (atomsim --memory):
 *   sc                     safe: the assert never fails.
 *   tso, pso, arm, rvwmo   the assert fails: each thread's store to its flag
 *                          may wait in its store buffer while it reads the
 *                          other's flag (store buffering, the SB litmus
 *                          shape), so both enter.  -DFENCE puts a full
 *                          fence between them and makes it safe everywhere.
 *
 *   tools/atomsim-cc --cpu x86 -o peterson.elf programs/examples/threads/peterson.c
 *   ./atomsim --cores 3 --runs 2000 peterson.elf
 */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

#ifdef FENCE
#define fence() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#else
#define fence() __asm__ volatile("" ::: "memory")
#endif

#define ROUNDS 3

static volatile int flag[2], turn;
static volatile int inside;             /* threads in the critical section */

static void lock(int me)
{
    int other = 1 - me;
    flag[me] = 1;
    turn = other;
    fence();
    while (flag[other] && turn == other)
        ;
}

static void unlock(int me)
{
    flag[me] = 0;
}

static void *thread(void *arg)
{
    int me = (int)(long)arg;
    for (int i = 0; i < ROUNDS; i++) {
        lock(me);
        inside++;
        assert(inside == 1);            /* mutual exclusion */
        inside--;
        unlock(me);
    }
    return NULL;
}

int main(void)
{
    pthread_t t[2];
    for (long i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, thread, (void *)i);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    printf("peterson: %d rounds each, mutual exclusion held\n", ROUNDS);
    return 0;
}
