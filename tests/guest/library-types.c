/* library-types.c — <atomic.h> on the types kernel code uses it with, built
 * with -Wall -Wextra -Werror (tests/local.mk): cmpxchg() and xchg() on
 * pointers (a Treiber stack), atomic_long_t, DEFINE_SPINLOCK.  Each core
 * pushes NODES nodes and counts with each; core 0 checks the totals. */
#include <atomsim.h>
#include <atomic.h>

#define NODES 4
#define MAX_CORES 16

struct node {
    struct node *next;
    unsigned core;
};

static struct node pool[MAX_CORES][NODES];
static struct node *top;
static struct node *last_pushed;
static atomic_long_t hits = ATOMIC_LONG_INIT(0);
static DEFINE_SPINLOCK(lock);
static long plain;              /* under lock */

static void push(struct node *n)
{
    struct node *old = READ_ONCE(top);
    for (;;) {
        n->next = old;
        struct node *found = cmpxchg(&top, old, n);
        if (found == old)
            break;
        old = found;
    }
    (void)xchg(&last_pushed, n);
}

/* Each call adds 1 to hits, by every operation in turn. */
static void count(int i)
{
    long seen;
    switch (i % 6) {
    case 0: atomic_long_inc(&hits); break;
    case 1: atomic_long_add(1, &hits); break;
    case 2: sim_check(atomic_long_fetch_add(1, &hits) >= 0, "fetch_add"); break;
    case 3: sim_check(atomic_long_add_return(1, &hits) > 0, "add_return"); break;
    case 4:
        seen = atomic_long_read(&hits);
        while (!atomic_long_try_cmpxchg(&hits, &seen, seen + 1))
            ;
        break;
    default:
        atomic_long_add(2, &hits);
        atomic_long_dec(&hits);
        break;
    }
}

int main(void)
{
    unsigned me = sim_cpu_id(), n = sim_ncpus();
    if (n > MAX_CORES)
        return 1;
    for (int i = 0; i < NODES; i++) {
        pool[me][i].core = me;
        push(&pool[me][i]);
        count(i + (int)me);
        spin_lock(&lock);
        plain++;
        spin_unlock(&lock);
    }
    sim_barrier();
    if (me != 0)
        return 0;
    long nodes = 0;
    for (struct node *p = top; p != NULL; p = p->next)
        nodes++;
    long want = (long)n * NODES;
    sim_printf("nodes = %d, hits = %d, plain = %d, expected %d\n", (int)nodes,
               (int)atomic_long_read(&hits), (int)plain, (int)want);
    sim_check(nodes == want && atomic_long_read(&hits) == want && plain == want, "totals");
    sim_check(last_pushed != NULL, "xchg on a pointer");
    long old = atomic_long_xchg(&hits, -1);
    sim_check(old == want && atomic_long_cmpxchg(&hits, -1, 0) == -1, "xchg, cmpxchg");
    sim_check(atomic_long_read(&hits) == 0 && sizeof(hits) == sizeof(long), "atomic_long_t");
    return 0;
}
