/* semaphore.c — POSIX semaphores (<semaphore.h>) on atomsim's futex
 * protocol (see pthread.c): sem_wait takes one by compare-and-swap, or
 * waits while the count is still 0 (atomsim checks and sleeps in one step,
 * so no post is missed); sem_post adds one and wakes one waiter.  Both are
 * fully ordered atomics of the cpu (<atomic.h>): what a thread wrote before
 * a post is visible to the thread its wait lets through (POSIX 4.12,
 * "Memory Synchronization"). */
#include <errno.h>
#include <semaphore.h>
#include <atomic.h>
#include <atomsim.h>

static atomic_t *count(sem_t *sem)
{
    return (atomic_t *)&sem->value;
}

int sem_init(sem_t *sem, int pshared, unsigned value)
{
    (void)pshared;
    if (value > SEM_VALUE_MAX)
        return -1;
    atomic_set(count(sem), (int)value);
    return 0;
}

int sem_destroy(sem_t *sem)
{
    (void)sem;
    return 0;
}

int sem_trywait(sem_t *sem)
{
    int v;
    while ((v = atomic_read(count(sem))) > 0)
        if (atomic_cmpxchg(count(sem), v, v - 1) == v)
            return 0;
    errno = EAGAIN;
    return -1;
}

int sem_wait(sem_t *sem)
{
    while (sem_trywait(sem) != 0)
        sim_wait(&sem->value, 0, SIM_WAIT_SEM);
    return 0;
}

int sem_post(sem_t *sem)
{
    atomic_inc_return(count(sem));
    sim_wake(&sem->value, 1);
    return 0;
}

int sem_getvalue(sem_t *sem, int *value)
{
    *value = atomic_read(count(sem));
    return 0;
}
