/* pthread.h — the POSIX threads a guest program may use (atomsim's
 * programs/threads/pthread.c).
 *
 * main runs on core 0 and each pthread_create'd thread on a core of its own
 * (run with --cores at least one more than the threads a program has at
 * once); a thread that blocks (a mutex, a join, a condition variable, a
 * barrier) waits in atomsim's scheduler, not by spinning.  Locks are built
 * from the cpu's own atomics (<atomic.h>), and every object here is ready
 * when zeroed, as glibc's are, so programs written against glibc's types
 * (SV-COMP's preprocessed .i files) work with these functions.
 */
#ifndef ATOMSIM_PTHREAD_H
#define ATOMSIM_PTHREAD_H

#include <stddef.h>

typedef unsigned long pthread_t;
typedef struct { int detached; } pthread_attr_t;

/* A mutex's word is 0 when free, else its holder's core + 1. */
typedef struct { int lock; int kind; int count; } pthread_mutex_t;
typedef struct { int kind; } pthread_mutexattr_t;
typedef struct { int seq; } pthread_cond_t;
typedef struct { int unused; } pthread_condattr_t;
typedef struct { int lock; int arrived; int generation; unsigned count; } pthread_barrier_t;
typedef struct { int unused; } pthread_barrierattr_t;
/* Readers count up; a writer holds it as -1. */
typedef struct { int state; } pthread_rwlock_t;
typedef struct { int unused; } pthread_rwlockattr_t;
typedef volatile int pthread_spinlock_t;
typedef int pthread_once_t;
typedef unsigned pthread_key_t;

#define PTHREAD_MUTEX_INITIALIZER { 0, 0, 0 }
#define PTHREAD_COND_INITIALIZER { 0 }
#define PTHREAD_RWLOCK_INITIALIZER { 0 }
#define PTHREAD_ONCE_INIT 0
#define PTHREAD_BARRIER_SERIAL_THREAD (-1)
#define PTHREAD_CREATE_JOINABLE 0
#define PTHREAD_CREATE_DETACHED 1
#define PTHREAD_PROCESS_PRIVATE 0
#define PTHREAD_PROCESS_SHARED 1
#define PTHREAD_KEYS_MAX 32
#define PTHREAD_DESTRUCTOR_ITERATIONS 4
enum {
    PTHREAD_MUTEX_NORMAL, PTHREAD_MUTEX_RECURSIVE, PTHREAD_MUTEX_ERRORCHECK,
    PTHREAD_MUTEX_DEFAULT = PTHREAD_MUTEX_NORMAL,
};

int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *),
                   void *arg);
int pthread_join(pthread_t thread, void **retval);
int pthread_detach(pthread_t thread);
void pthread_exit(void *retval) __attribute__((noreturn));
pthread_t pthread_self(void);
int pthread_equal(pthread_t a, pthread_t b);
int pthread_yield(void);
int pthread_attr_init(pthread_attr_t *attr);
int pthread_attr_destroy(pthread_attr_t *attr);
int pthread_attr_setdetachstate(pthread_attr_t *attr, int state);
int pthread_attr_getdetachstate(const pthread_attr_t *attr, int *state);

int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr);
int pthread_mutex_destroy(pthread_mutex_t *m);
int pthread_mutex_lock(pthread_mutex_t *m);
int pthread_mutex_trylock(pthread_mutex_t *m);
int pthread_mutex_unlock(pthread_mutex_t *m);
int pthread_mutexattr_init(pthread_mutexattr_t *attr);
int pthread_mutexattr_destroy(pthread_mutexattr_t *attr);
int pthread_mutexattr_settype(pthread_mutexattr_t *attr, int kind);
int pthread_mutexattr_gettype(const pthread_mutexattr_t *attr, int *kind);

int pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *attr);
int pthread_cond_destroy(pthread_cond_t *c);
int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m);
int pthread_cond_signal(pthread_cond_t *c);
int pthread_cond_broadcast(pthread_cond_t *c);

int pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *attr,
                         unsigned count);
int pthread_barrier_destroy(pthread_barrier_t *b);
int pthread_barrier_wait(pthread_barrier_t *b);

int pthread_rwlock_init(pthread_rwlock_t *l, const pthread_rwlockattr_t *attr);
int pthread_rwlock_destroy(pthread_rwlock_t *l);
int pthread_rwlock_rdlock(pthread_rwlock_t *l);
int pthread_rwlock_wrlock(pthread_rwlock_t *l);
int pthread_rwlock_tryrdlock(pthread_rwlock_t *l);
int pthread_rwlock_trywrlock(pthread_rwlock_t *l);
int pthread_rwlock_unlock(pthread_rwlock_t *l);

int pthread_spin_init(pthread_spinlock_t *l, int pshared);
int pthread_spin_destroy(pthread_spinlock_t *l);
int pthread_spin_lock(pthread_spinlock_t *l);
int pthread_spin_trylock(pthread_spinlock_t *l);
int pthread_spin_unlock(pthread_spinlock_t *l);

int pthread_once(pthread_once_t *once, void (*init)(void));
int pthread_key_create(pthread_key_t *key, void (*destructor)(void *));
int pthread_key_delete(pthread_key_t key);
void *pthread_getspecific(pthread_key_t key);
int pthread_setspecific(pthread_key_t key, const void *value);

#endif
