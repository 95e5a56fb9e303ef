/* sync.c — pthread mutexes, condition variables, barriers, read-write
 * locks and spinlocks (see pthread.c for how threads block). */
#include <errno.h>
#include <pthread.h>
#include <atomic.h>
#include <atomsim.h>
#include "libc-private.h"

#define WAKE_ALL 0x7fffffff


static atomic_t *word(volatile int *w)
{
    return (atomic_t *)w;
}

static int me(void)
{
    return (int)sim_cpu_id() + 1;
}

/* A lock word: 0 free, else its holder's core + 1.  Taken by
 * compare-and-swap; a core that finds it held waits until the word
 * changes.  Released by a store of 0 and a wake: one waiter tries again. */
static void lock_word(volatile int *w, unsigned what)
{
    int held;
    while ((held = atomic_cmpxchg(word(w), 0, me())) != 0)
        sim_wait(w, held, what);
}

static void unlock_word(volatile int *w)
{
    smp_store_release(w, 0);
    sim_wake(w, 1);
}

/* Mutexes --------------------------------------------------------------- */

int pthread_mutexattr_init(pthread_mutexattr_t *attr)
{
    attr->kind = PTHREAD_MUTEX_DEFAULT;
    return 0;
}

int pthread_mutexattr_destroy(pthread_mutexattr_t *attr)
{
    (void)attr;
    return 0;
}

int pthread_mutexattr_settype(pthread_mutexattr_t *attr, int kind)
{
    if (kind < PTHREAD_MUTEX_NORMAL || kind > PTHREAD_MUTEX_ERRORCHECK)
        return EINVAL;
    attr->kind = kind;
    return 0;
}

int pthread_mutexattr_gettype(const pthread_mutexattr_t *attr, int *kind)
{
    *kind = attr->kind;
    return 0;
}

int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr)
{
    m->lock = 0;
    m->kind = attr ? attr->kind : PTHREAD_MUTEX_DEFAULT;
    m->count = 0;
    return 0;
}

int pthread_mutex_destroy(pthread_mutex_t *m)
{
    return READ_ONCE(m->lock) ? EBUSY : 0;
}

/* A recursive or error-checking mutex its caller holds already: the count
 * goes up, or EDEADLK; a normal one deadlocks, as POSIX says. */
static int held_by_caller(pthread_mutex_t *m, int *result)
{
    if (m->kind == PTHREAD_MUTEX_NORMAL || READ_ONCE(m->lock) != me())
        return 0;
    if (m->kind == PTHREAD_MUTEX_RECURSIVE) {
        m->count++;
        *result = 0;
    } else {
        *result = EDEADLK;
    }
    return 1;
}

int pthread_mutex_lock(pthread_mutex_t *m)
{
    int result;
    if (held_by_caller(m, &result))
        return result;
    lock_word(&m->lock, SIM_WAIT_MUTEX);
    return 0;
}

int pthread_mutex_trylock(pthread_mutex_t *m)
{
    int result;
    if (held_by_caller(m, &result))
        return result == EDEADLK ? EBUSY : result;
    return atomic_cmpxchg(word(&m->lock), 0, me()) == 0 ? 0 : EBUSY;
}

int pthread_mutex_unlock(pthread_mutex_t *m)
{
    if (m->kind != PTHREAD_MUTEX_NORMAL && READ_ONCE(m->lock) != me())
        return EPERM;
    if (m->kind == PTHREAD_MUTEX_RECURSIVE && m->count > 0) {
        m->count--;
        return 0;
    }
    unlock_word(&m->lock);
    return 0;
}

/* Condition variables: a sequence number that signals advance.  A waiter
 * reads it under the mutex, lets the mutex go, and waits unless it moved.
 *
 * POSIX lets a wait return with no signal at all (a spurious wakeup:
 * pthread_cond_wait, "Spurious wakeups ... may occur"), so a waiter must
 * test its predicate in a loop.  The first wait of each thread in a run
 * may return so, a choice of the scheduler's (sim_choose: random runs draw
 * it, dfs tries both): a wait with `if` in place of `while` is found, and
 * a search still ends on waits in loops. */
static int spurious_taken[LIBC_MAX_CORES];

static bool wakes_spuriously(void)
{
    int *taken = &spurious_taken[sim_cpu_id()];
    if (*taken || sim_choose(2) == 0)
        return false;
    *taken = 1;
    return true;
}

int pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *attr)
{
    (void)attr;
    c->seq = 0;
    return 0;
}

int pthread_cond_destroy(pthread_cond_t *c)
{
    (void)c;
    return 0;
}

int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
    int seq = READ_ONCE(c->seq);
    pthread_mutex_unlock(m);
    if (!wakes_spuriously())
        sim_wait(&c->seq, seq, SIM_WAIT_COND);
    pthread_mutex_lock(m);
    return 0;
}

int pthread_cond_signal(pthread_cond_t *c)
{
    atomic_inc(word(&c->seq));
    sim_wake(&c->seq, 1);
    return 0;
}

int pthread_cond_broadcast(pthread_cond_t *c)
{
    atomic_inc(word(&c->seq));
    sim_wake(&c->seq, WAKE_ALL);
    return 0;
}

/* Barriers: the last to arrive starts the next generation. -------------- */

int pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *attr,
                         unsigned count)
{
    (void)attr;
    if (count == 0)
        return EINVAL;
    b->lock = b->arrived = b->generation = 0;
    b->count = count;
    return 0;
}

int pthread_barrier_destroy(pthread_barrier_t *b)
{
    (void)b;
    return 0;
}

int pthread_barrier_wait(pthread_barrier_t *b)
{
    lock_word(&b->lock, SIM_WAIT_MUTEX);
    int generation = b->generation;
    if ((unsigned)++b->arrived == b->count) {
        b->arrived = 0;
        smp_store_release(&b->generation, generation + 1);
        unlock_word(&b->lock);
        sim_wake(&b->generation, WAKE_ALL);
        return PTHREAD_BARRIER_SERIAL_THREAD;
    }
    unlock_word(&b->lock);
    while (smp_load_acquire(&b->generation) == generation)
        sim_wait(&b->generation, generation, SIM_WAIT_BARRIER);
    return 0;
}

/* Read-write locks: readers count up, a writer makes it -1. ------------- */

int pthread_rwlock_init(pthread_rwlock_t *l, const pthread_rwlockattr_t *attr)
{
    (void)attr;
    l->state = 0;
    return 0;
}

int pthread_rwlock_destroy(pthread_rwlock_t *l)
{
    return READ_ONCE(l->state) ? EBUSY : 0;
}

int pthread_rwlock_tryrdlock(pthread_rwlock_t *l)
{
    int s = READ_ONCE(l->state);
    return s >= 0 && atomic_cmpxchg(word(&l->state), s, s + 1) == s ? 0 : EBUSY;
}

int pthread_rwlock_rdlock(pthread_rwlock_t *l)
{
    for (;;) {
        int s = READ_ONCE(l->state);
        if (s < 0)
            sim_wait(&l->state, s, SIM_WAIT_MUTEX);
        else if (atomic_cmpxchg(word(&l->state), s, s + 1) == s)
            return 0;
    }
}

int pthread_rwlock_trywrlock(pthread_rwlock_t *l)
{
    return atomic_cmpxchg(word(&l->state), 0, -1) == 0 ? 0 : EBUSY;
}

int pthread_rwlock_wrlock(pthread_rwlock_t *l)
{
    int s;
    while ((s = atomic_cmpxchg(word(&l->state), 0, -1)) != 0)
        sim_wait(&l->state, s, SIM_WAIT_MUTEX);
    return 0;
}

int pthread_rwlock_unlock(pthread_rwlock_t *l)
{
    if (READ_ONCE(l->state) < 0) {
        smp_store_release(&l->state, 0);
        sim_wake(&l->state, WAKE_ALL);     /* every reader may come in */
        return 0;
    }
    if (atomic_dec_return(word(&l->state)) == 0)
        sim_wake(&l->state, WAKE_ALL);
    return 0;
}

/* Spinlocks: they spin, as their callers asked. ------------------------- */

int pthread_spin_init(pthread_spinlock_t *l, int pshared)
{
    (void)pshared;
    *l = 0;
    return 0;
}

int pthread_spin_destroy(pthread_spinlock_t *l)
{
    (void)l;
    return 0;
}

int pthread_spin_lock(pthread_spinlock_t *l)
{
    while (atomic_cmpxchg(word(l), 0, me()) != 0)
        while (READ_ONCE(*l) != 0)
            ;
    return 0;
}

int pthread_spin_trylock(pthread_spinlock_t *l)
{
    return atomic_cmpxchg(word(l), 0, me()) == 0 ? 0 : EBUSY;
}

int pthread_spin_unlock(pthread_spinlock_t *l)
{
    smp_store_release(l, 0);
    return 0;
}
