/* bakery.c — Lamport's bakery lock for three threads, its shared state in
 * C11 atomics with the default (sequentially consistent) order.
 *
 * Verdict: safe on every cpu under every memory model: seq_cst accesses
 * are compiled with the fences each cpu needs (x86: xchg for the stores;
 * arm: dmb ish around them; aarch64: stlr/ldar; riscv64: fences), so no
 * store waits in a buffer past a later load.  Rewrite the accesses with
 * memory_order_relaxed and the assert fails under tso and weaker.
 * sparc32 under --memory pso is the exception: gcc and Linux build SPARC V8
 * code for TSO, the model Linux runs SPARC in, so a seq_cst store is a plain st and
 * an ldstub, which under PSO orders no store: both threads get in.
 *
 *   tools/atomsim-cc --cpu arm -o bakery.elf programs/examples/threads/bakery.c
 *   ./atomsim --cores 4 --runs 500 bakery.elf
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define N 3
#define ROUNDS 2

static atomic_int choosing[N], number[N];
static int inside;                      /* threads in the critical section */
static int total;

static int max_number(void)
{
    int m = 0;
    for (int j = 0; j < N; j++) {
        int n = atomic_load(&number[j]);
        if (n > m)
            m = n;
    }
    return m;
}

static void lock(int i)
{
    atomic_store(&choosing[i], 1);
    atomic_store(&number[i], 1 + max_number());
    atomic_store(&choosing[i], 0);
    for (int j = 0; j < N; j++) {
        while (atomic_load(&choosing[j]))
            ;
        for (;;) {
            int nj = atomic_load(&number[j]), ni = atomic_load(&number[i]);
            if (nj == 0 || nj > ni || (nj == ni && j >= i))
                break;
        }
    }
}

static void unlock(int i)
{
    atomic_store(&number[i], 0);
}

static void *thread(void *arg)
{
    int me = (int)(long)arg;
    for (int r = 0; r < ROUNDS; r++) {
        lock(me);
        inside++;
        assert(inside == 1);            /* mutual exclusion */
        total++;
        inside--;
        unlock(me);
    }
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    for (long i = 0; i < N; i++)
        pthread_create(&t[i], NULL, thread, (void *)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    assert(total == N * ROUNDS);
    printf("bakery: %d entries, one at a time\n", total);
    return 0;
}
