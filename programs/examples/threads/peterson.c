/* peterson.c — Peterson's lock for two threads, written as in the textbook:
 * plain shared flags, no fences.
 *
 * Verdict, per memory model (atomsim --memory):
 *   sc                     safe: the assert never fails.
 *   tso, pso, arm, rvwmo   both threads get in (the assert fails, or a lost
 *                          update on inside): each thread's store to its
 *                          flag may wait in its store buffer while it reads
 *                          the other's flag (store buffering, the SB litmus
 *                          shape).
 * -DFENCE puts a full fence (C11's seq_cst fence) after each of the two
 * stores, after the wait (acquire) and before the unlock (release): safe
 * under every model, except sparc32's pso, for which gcc does not compile:
 * its SPARC V8 fence is an ldstub, a full fence under TSO (the model Linux
 * runs SPARC in), but under PSO stores still pass it.  The fence between
 * the two stores matters where stores drain out of order (pso, arm,
 * rvwmo): without it, turn = other may become visible before flag[me] = 1,
 * the other thread writes turn after it and reads flag[me] still 0, this
 * one reads the other's turn, and both enter — atomsim finds that run.
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
    fence();
    turn = other;
    fence();
    while (flag[other] && turn == other)
        ;
    fence();
}

static void unlock(int me)
{
    fence();
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
