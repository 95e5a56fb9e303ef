/* litmus-linux.h — the Linux kernel API that C litmus tests use.
 *
 * The C litmus tests of the Linux-kernel memory model (LKMM,
 * tools/memory-model/litmus-tests/, and the herd7 dialect of its
 * linux-kernel.def) are written against a small part of the kernel:
 * READ_ONCE and WRITE_ONCE, the barriers, acquire and release, xchg and
 * cmpxchg with their orderings, atomic_t, and spinlocks.  `atomsim litmus`
 * builds each test as a guest program that includes this header, and runs
 * it on a cpu: what it shows is that cpu's behaviour of the code the kernel
 * (and gcc) would make of the test.
 *
 * Most of the API is <atomic.h>'s, built the way the kernel builds it on
 * each cpu (programs/lib/<cpu>/arch-atomic.h).  This header adds what the
 * tests use beyond it, each built as the kernel builds it on that cpu (the
 * file named in each comment):
 *
 *   xchg_relaxed/_acquire/_release(p, v), cmpxchg_relaxed/_acquire/
 *       _release(p, o, n) on 4- and 8-byte objects, through the atomic_t
 *       (atomic64_t) operation of the same ordering, as the kernel's
 *       arch_xchg_* and arch_cmpxchg_* are on every cpu here;
 *   atomic_read_acquire, atomic_set_release;
 *   smp_store_mb, smp_mb__after_spinlock, smp_mb__after_unlock_lock,
 *   smp_acquire__after_ctrl_dep, spin_is_locked, cpu_relax;
 *   rcu_dereference and rcu_assign_pointer, which are a READ_ONCE and a
 *       store-release (include/linux/rcupdate.h; linux-kernel.def too), no
 *       grace period involved.
 *
 * RCU's and SRCU's read-side critical sections and grace periods
 * (rcu_read_lock, synchronize_rcu, call_rcu, srcu_*) are not modelled: any
 * use of them stops the build with "litmus-linux.h: RCU is not modelled by
 * atomsim".
 *
 * A spinlock_t is the guest library's test-and-set lock (<atomic.h>,
 * spin_lock, spin_trylock, spin_unlock): taken with an atomic exchange
 * that acquires, given back with a release store, as the fast path of the
 * kernel's qspinlock behaves (sparc32: ldstub and a byte store, as
 * arch/sparc/include/asm/spinlock_32.h).  A zero spinlock_t is unlocked.
 */
#ifndef ATOMSIM_LITMUS_LINUX_H
#define ATOMSIM_LITMUS_LINUX_H

#include <atomsim.h>
#include <atomic.h>

/* xchg and cmpxchg in one ordering sfx (_relaxed, _acquire, _release) on a
 * 4- or 8-byte object: the atomic_t or atomic64_t operation of that
 * ordering on the object's bits.  That is how each cpu's kernel builds
 * them: arm's arch/arm/include/asm/cmpxchg.h writes the relaxed ldrex/strex
 * loop and the generic fallbacks (include/linux/atomic/
 * atomic-arch-fallback.h) add the fences; arm64's cmpxchg.h has swp/cas in
 * each ordering (swpa, swpl, swpal); riscv's cmpxchg.h amoswap and the
 * lr/sc loop with RISCV_ACQUIRE_BARRIER / RISCV_RELEASE_BARRIER; x86's
 * cmpxchg.h only the fully ordered xchg and lock cmpxchg, which the
 * fallbacks use for every ordering; sparc32's cmpxchg_32.h only the locked
 * __xchg_u32 and __cmpxchg_u32 of arch/sparc/lib/atomic32.c, the same.  The
 * fully ordered xchg() and cmpxchg() are <atomic.h>'s. */
#define __LITMUS_XCHG(sfx, ptr, new) ({                                         \
    __ATOMSIM_BITS(ptr) __n = { .v = (new) }, __r;                              \
    _Static_assert(sizeof(*(ptr)) == 4 || sizeof(*(ptr)) == 8,                  \
                   "xchg" #sfx ": 4 or 8 bytes");                               \
    if (sizeof(*(ptr)) == 8)                                                    \
        __r.u64 = (unsigned long long)atomic64_xchg##sfx(                       \
            (atomic64_t *)(void *)(ptr), (s64)__n.u64);                         \
    else                                                                        \
        __r.u32 = (unsigned int)atomic_xchg##sfx(                               \
            (atomic_t *)(void *)(ptr), (int)__n.u32);                           \
    __r.v; })
#define __LITMUS_CMPXCHG(sfx, ptr, old, new) ({                                 \
    __ATOMSIM_BITS(ptr) __o = { .v = (old) }, __n = { .v = (new) }, __r;        \
    _Static_assert(sizeof(*(ptr)) == 4 || sizeof(*(ptr)) == 8,                  \
                   "cmpxchg" #sfx ": 4 or 8 bytes");                            \
    if (sizeof(*(ptr)) == 8)                                                    \
        __r.u64 = (unsigned long long)atomic64_cmpxchg##sfx(                    \
            (atomic64_t *)(void *)(ptr), (s64)__o.u64, (s64)__n.u64);           \
    else                                                                        \
        __r.u32 = (unsigned int)atomic_cmpxchg##sfx(                            \
            (atomic_t *)(void *)(ptr), (int)__o.u32, (int)__n.u32);             \
    __r.v; })
#define xchg_relaxed(ptr, new) __LITMUS_XCHG(_relaxed, ptr, new)
#define xchg_acquire(ptr, new) __LITMUS_XCHG(_acquire, ptr, new)
#define xchg_release(ptr, new) __LITMUS_XCHG(_release, ptr, new)
#define cmpxchg_relaxed(ptr, old, new) __LITMUS_CMPXCHG(_relaxed, ptr, old, new)
#define cmpxchg_acquire(ptr, old, new) __LITMUS_CMPXCHG(_acquire, ptr, old, new)
#define cmpxchg_release(ptr, old, new) __LITMUS_CMPXCHG(_release, ptr, old, new)

/* atomic_read_acquire and atomic_set_release: the kernel's fallbacks
 * (include/linux/atomic/atomic-arch-fallback.h) make them
 * smp_load_acquire() and smp_store_release() of the counter where atomic_t
 * is a native word, as it is on every cpu here.  So on sparc32
 * atomic_set_release is a plain store, not atomic_set's locked one. */
#define atomic_read_acquire(v) smp_load_acquire(&(v)->counter)
#define atomic_set_release(v, i) smp_store_release(&(v)->counter, (i))
#define atomic64_read_acquire(v) smp_load_acquire(&(v)->counter)
#define atomic64_set_release(v, i) smp_store_release(&(v)->counter, (i))

/* smp_store_mb(var, value): store, then a full barrier.  x86 makes it one
 * xchg (arch/x86/include/asm/barrier.h, __smp_store_mb), a full barrier by
 * itself; every other cpu here takes asm-generic/barrier.h's WRITE_ONCE
 * then smp_mb() (on sparc32 a compiler barrier only, as every smp_ barrier
 * there). */
#if defined(__i386__) || defined(__x86_64__)
#define smp_store_mb(var, value)                                                \
    do { (void)__atomic_exchange_n(&(var), (value), __ATOMIC_SEQ_CST); } while (0)
#else
#define smp_store_mb(var, value) do { WRITE_ONCE(var, value); smp_mb(); } while (0)
#endif

/* smp_acquire__after_ctrl_dep(): asm-generic/barrier.h's smp_rmb() on every
 * cpu here. */
#define smp_acquire__after_ctrl_dep() smp_rmb()

#ifndef cpu_relax
#define cpu_relax() barrier()
#endif

/* smp_mb__after_spinlock(): a full barrier where taking a lock is not one
 * already.  arm64 (arch/arm64/include/asm/spinlock.h) makes it smp_mb(),
 * dmb ish; riscv (arch/riscv/include/asm/barrier.h) fence iorw,iorw; x86,
 * arm and sparc32 take include/linux/spinlock.h's empty one (their locks
 * are taken with a locked instruction, a dmb ish after the ldrex/strex, an
 * ldstub under TSO). */
#if defined(__aarch64__)
#define smp_mb__after_spinlock() smp_mb()
#elif defined(__riscv)
#define smp_mb__after_spinlock() __asm__ volatile("fence iorw,iorw" ::: "memory")
#else
#define smp_mb__after_spinlock() barrier()
#endif

/* smp_mb__after_unlock_lock(): makes an unlock and a later lock a full
 * barrier.  include/linux/rcupdate.h makes it smp_mb() only under
 * CONFIG_ARCH_WEAK_RELEASE_ACQUIRE (powerpc); on every cpu here it is
 * empty: their unlock+lock is a full barrier already. */
#define smp_mb__after_unlock_lock() barrier()

/* spin_is_locked(): a plain read of the lock word (asm-generic/qspinlock.h
 * reads the lock with atomic_read; sparc32's spinlock_32.h the byte). */
static inline bool spin_is_locked(spinlock_t *l)
{
    return READ_ONCE(l->lock) != 0;
}

/* rcu_assign_pointer(p, v) and rcu_dereference(p): publishing a pointer
 * with a store-release and reading it with READ_ONCE, whose address
 * dependency orders the reads through it (include/linux/rcupdate.h).  They
 * need no grace period, so they are kept; nothing else of RCU is. */
#define rcu_assign_pointer(p, v) smp_store_release(&(p), (v))
#define rcu_dereference(p) READ_ONCE(p)
#define rcu_access_pointer(p) READ_ONCE(p)

/* RCU and SRCU read-side sections and grace periods: not modelled.  Each
 * is a statement expression (usable where a statement or a value is
 * expected) whose static assertion stops the build. */
#define __LITMUS_NO_RCU                                                         \
    ({ _Static_assert(0, "litmus-linux.h: RCU is not modelled by atomsim"); 0; })
struct rcu_head { void *__litmus_rcu_not_modelled; };
struct srcu_struct { int __litmus_rcu_not_modelled; };
#define rcu_read_lock(...) __LITMUS_NO_RCU
#define rcu_read_unlock(...) __LITMUS_NO_RCU
#define rcu_read_lock_bh(...) __LITMUS_NO_RCU
#define rcu_read_unlock_bh(...) __LITMUS_NO_RCU
#define rcu_read_lock_sched(...) __LITMUS_NO_RCU
#define rcu_read_unlock_sched(...) __LITMUS_NO_RCU
#define synchronize_rcu(...) __LITMUS_NO_RCU
#define synchronize_rcu_expedited(...) __LITMUS_NO_RCU
#define call_rcu(...) __LITMUS_NO_RCU
#define rcu_barrier(...) __LITMUS_NO_RCU
#define srcu_read_lock(...) __LITMUS_NO_RCU
#define srcu_read_unlock(...) __LITMUS_NO_RCU
#define srcu_down_read(...) __LITMUS_NO_RCU
#define srcu_up_read(...) __LITMUS_NO_RCU
#define synchronize_srcu(...) __LITMUS_NO_RCU
#define synchronize_srcu_expedited(...) __LITMUS_NO_RCU
#define call_srcu(...) __LITMUS_NO_RCU

#endif
