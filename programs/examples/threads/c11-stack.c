/* c11-stack.c — a lock-free stack (Treiber's) in C11 atomics: threads push
 * nodes from malloc with a release compare-and-swap on the top, then pop
 * them with an acquire one.
 *
 * Verdict: correct on every cpu under every memory model: every value
 * pushed is popped exactly once.  The release on push orders the node's
 * fields before the top that points to it; the acquire on pop orders the
 * read of top->next after it.  Two exceptions, both the compiler's:
 *   riscv64 under rvwmo, built by Debian 12's gcc 12: its compare-exchange
 *     with memory_order_release is lr.d/sc.d with neither .rl nor a fence
 *     (GCC's RISC-V atomics before GCC 13 drop the release), so a node's
 *     fields may become visible after the top that points to it, and a
 *     pop takes a stale next: atomsim finds a value popped twice;
 *   sparc32 under --memory pso: gcc builds SPARC V8 code for TSO, the
 *     model Linux runs SPARC in, so the release orders no store there.
 * (Nodes are freed only after every thread is done, so no node is reused
 * while another thread may hold it: the ABA problem cannot arise.)
 *
 *   tools/atomsim-cc --cpu aarch64 -o c11-stack.elf programs/examples/threads/c11-stack.c
 *   ./atomsim --cores 3 --runs 300 c11-stack.elf
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#define THREADS 2
#define PUSHES 4

struct node {
    int value;
    struct node *next;
};

static _Atomic(struct node *) top;
static struct node *popped[THREADS][PUSHES];

static void push(struct node *n)
{
    struct node *old = atomic_load_explicit(&top, memory_order_relaxed);
    do
        n->next = old;
    while (!atomic_compare_exchange_weak_explicit(&top, &old, n, memory_order_release,
                                                  memory_order_relaxed));
}

static struct node *pop(void)
{
    struct node *old = atomic_load_explicit(&top, memory_order_acquire);
    while (old != NULL &&
           !atomic_compare_exchange_weak_explicit(&top, &old, old->next, memory_order_acquire,
                                                  memory_order_acquire))
        ;
    return old;
}

static void *thread(void *arg)
{
    int me = (int)(long)arg;
    for (int i = 0; i < PUSHES; i++) {
        struct node *n = malloc(sizeof *n);
        assert(n != NULL);
        n->value = me * PUSHES + i + 1;
        push(n);
    }
    for (int i = 0; i < PUSHES; i++)
        popped[me][i] = pop();
    return NULL;
}

int main(void)
{
    pthread_t t[THREADS];
    for (long i = 0; i < THREADS; i++)
        pthread_create(&t[i], NULL, thread, (void *)i);
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    /* each value 1 .. THREADS * PUSHES popped once */
    int seen[THREADS * PUSHES + 1] = { 0 };
    for (int i = 0; i < THREADS; i++) {
        for (int k = 0; k < PUSHES; k++) {
            struct node *n = popped[i][k];
            assert(n != NULL);
            assert(n->value >= 1 && n->value <= THREADS * PUSHES);
            assert(!seen[n->value]);
            seen[n->value] = 1;
            free(n);
        }
    }
    assert(atomic_load(&top) == NULL);
    printf("c11-stack: %d values pushed and popped once each\n", THREADS * PUSHES);
    return 0;
}
