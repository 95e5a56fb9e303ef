/* pthread.c — POSIX threads on atomsim's cores (<pthread.h>).
 *
 * Each thread runs on a core of its own: SIM_SYS_THREAD_NEW gives the next
 * free core, which has waited since the run began without running;
 * SIM_SYS_THREAD_START gives it the function and its argument and starts
 * it at the program's entry, and it goes to __sim_thread_idle (sim.c sends
 * every core but 0 there in a program that links this file), which asks
 * atomsim for them (SIM_SYS_THREAD_ROUTINE).  A thread ends with
 * SIM_SYS_THREAD_EXIT, which keeps its result, and a join waits in atomsim
 * (SIM_SYS_JOIN) until the thread's core has ended, then asks for it
 * (SIM_SYS_THREAD_RESULT): no handshake through shared words, so no race
 * between them for a search to explore, and no step of another core
 * between a thread's start and its function.
 * Other blocking is Linux's futex protocol on atomsim's sim_wait and
 * sim_wake: look at a word, then wait unless it changed — atomsim checks
 * and sleeps in one step, so no wake-up is lost.  Every wake is a trap,
 * and a trap drains the core's store buffer, so what the waker stored
 * before it is visible to the core it wakes.
 *
 * Locks are taken with the kernel-style atomics of <atomic.h>, each cpu's
 * own (a hashed spinlock on sparc32), and released with a store of 0 after
 * a release barrier: what lockstat counts as a lock.
 *
 * Under qemu-user (no simulator: the calls fail with ENOSYS) a thread runs
 * to its end inside pthread_create, so the same ELF runs as a sequential
 * reference.
 */
#include <errno.h>
#include <pthread.h>
#include <atomic.h>
#include <atomsim.h>
#include "libc-private.h"

#define WAKE_ALL 0x7fffffff


#define MAX_THREADS LIBC_MAX_CORES

/* Under qemu-user: what each thread returned, and how many ran. */
static void *sequential_results[MAX_THREADS];
static int sequential_threads;

static void run_destructors(void);

static atomic_t *word(volatile int *w)
{
    return (atomic_t *)w;
}

/* Threads -------------------------------------------------------------- */

void __sim_thread_idle(void) __attribute__((noreturn));
void __sim_thread_idle(void)
{
    void *(*start)(void *) = (void *(*)(void *))sim_syscall(SIM_SYS_THREAD_ROUTINE, 0, 0, 0);
    void *arg = (void *)sim_syscall(SIM_SYS_THREAD_ROUTINE, 1, 0, 0);
    pthread_exit(start(arg));
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *),
                   void *arg)
{
    (void)attr;
    long core = sim_syscall(SIM_SYS_THREAD_NEW, (long)CALLER_PC(), 0, 0);
    /* atomsim gives a core, or ends the run when none is left: an error is
     * qemu-user's ENOSYS (a number of each cpu's own).  Run it now. */
    if (core < 0) {
        core = 1 + sequential_threads++ % (MAX_THREADS - 1);
        sequential_results[core] = start(arg);
        *thread = (pthread_t)core;
        return 0;
    }
    if (core >= MAX_THREADS)
        return EAGAIN;
    sim_syscall(SIM_SYS_THREAD_START, core, (long)start, (long)arg);
    *thread = (pthread_t)core;
    return 0;
}

int pthread_join(pthread_t thread, void **retval)
{
    if (thread >= MAX_THREADS)
        return ESRCH;
    if (thread == pthread_self())
        return EDEADLK;
    /* until its core ends (under qemu-user it ran inside pthread_create) */
    if (sim_syscall(SIM_SYS_JOIN, (long)thread, 0, 0) < 0) {
        if (retval)
            *retval = sequential_results[thread];
        return 0;
    }
    if (retval)
        *retval = (void *)sim_syscall(SIM_SYS_THREAD_RESULT, (long)thread, 0, 0);
    return 0;
}

int pthread_detach(pthread_t thread)
{
    return thread < MAX_THREADS ? 0 : ESRCH;
}

void pthread_exit(void *retval)
{
    run_destructors();
    sim_syscall(SIM_SYS_THREAD_EXIT, (long)retval, 0, 0);
    sim_exit(0);                /* under qemu-user */
}

pthread_t pthread_self(void)
{
    return sim_cpu_id();
}

int pthread_equal(pthread_t a, pthread_t b)
{
    return a == b;
}

int pthread_yield(void)
{
    return 0;
}

int pthread_attr_init(pthread_attr_t *attr)
{
    attr->detached = PTHREAD_CREATE_JOINABLE;
    return 0;
}

int pthread_attr_destroy(pthread_attr_t *attr)
{
    (void)attr;
    return 0;
}

int pthread_attr_setdetachstate(pthread_attr_t *attr, int state)
{
    attr->detached = state;
    return 0;
}

int pthread_attr_getdetachstate(const pthread_attr_t *attr, int *state)
{
    *state = attr->detached;
    return 0;
}

/* Once ----------------------------------------------------------------- */

enum { ONCE_NEW, ONCE_RUNNING, ONCE_DONE };

int pthread_once(pthread_once_t *once, void (*init)(void))
{
    int state = atomic_cmpxchg(word(once), ONCE_NEW, ONCE_RUNNING);
    if (state == ONCE_NEW) {
        init();
        smp_store_release(once, ONCE_DONE);
        sim_wake(once, WAKE_ALL);
        return 0;
    }
    while ((state = smp_load_acquire(once)) != ONCE_DONE)
        sim_wait(once, state, SIM_WAIT_ONCE);
    return 0;
}

/* Thread-specific data: a value per key and core. ------------------------ */

static int key_used[PTHREAD_KEYS_MAX];
static const void *key_value[PTHREAD_KEYS_MAX][MAX_THREADS];
static void (*key_destructor[PTHREAD_KEYS_MAX])(void *);
/* Has the thread on core c set a value (then its end looks for
 * destructors: one load of a word only it writes, not one per key, which
 * would add steps to every thread's end and schedules to every search)? */
static bool holds_values[MAX_THREADS];

int pthread_key_create(pthread_key_t *key, void (*destructor)(void *))
{
    for (unsigned k = 0; k < PTHREAD_KEYS_MAX; k++) {
        if (atomic_cmpxchg(word(&key_used[k]), 0, 1) == 0) {
            for (unsigned c = 0; c < MAX_THREADS; c++)
                key_value[k][c] = NULL;
            key_destructor[k] = destructor;
            *key = k;
            return 0;
        }
    }
    return EAGAIN;
}

/* A thread that ends calls the destructor of each key it holds a value of
 * with that value, the value set to NULL first; again while destructors
 * set values, up to PTHREAD_DESTRUCTOR_ITERATIONS times (POSIX,
 * pthread_key_create).  Not at exit(), nor when main returns. */
static void run_destructors(void)
{
    unsigned me = sim_cpu_id();
    if (!holds_values[me])
        return;
    for (int round = 0; round < PTHREAD_DESTRUCTOR_ITERATIONS; round++) {
        bool called = false;
        for (unsigned k = 0; k < PTHREAD_KEYS_MAX; k++) {
            const void *value = key_value[k][me];
            if (READ_ONCE(key_used[k]) && key_destructor[k] && value) {
                key_value[k][me] = NULL;
                key_destructor[k]((void *)value);
                called = true;
            }
        }
        if (!called)
            return;
    }
}

int pthread_key_delete(pthread_key_t key)
{
    if (key >= PTHREAD_KEYS_MAX)
        return EINVAL;
    smp_store_release(&key_used[key], 0);
    return 0;
}

void *pthread_getspecific(pthread_key_t key)
{
    return key < PTHREAD_KEYS_MAX ? (void *)key_value[key][sim_cpu_id()] : NULL;
}

int pthread_setspecific(pthread_key_t key, const void *value)
{
    if (key >= PTHREAD_KEYS_MAX)
        return EINVAL;
    unsigned me = sim_cpu_id();
    key_value[key][me] = value;
    if (value)
        holds_values[me] = true;
    return 0;
}
