/* litmus-linux-api.c — every macro and function of <litmus-linux.h> (the
 * kernel API of C litmus tests, on top of <atomic.h>), built with -Wall
 * -Wextra -Werror for every cpu (tests/local.mk), the way `atomsim litmus`
 * builds a C test: locations as globals, each thread a static function
 * taking pointers to them.  Core 0 runs it once and checks each result
 * (sim_check); the other cores only wait. */
#include <litmus-linux.h>

int x, y;
long lx;
long long ll;
char c;
short sh;
int *p = &x;
atomic_t v = ATOMIC_INIT(0);
atomic64_t v64 = ATOMIC64_INIT(0);
spinlock_t s;

static void P0(int *x, int *y, atomic_t *v, spinlock_t *s, int **p)
{
	int r0;
	int *rp;
	long long q;

	/* READ_ONCE and WRITE_ONCE on every int size */
	WRITE_ONCE(*x, 1);
	WRITE_ONCE(c, 2);
	WRITE_ONCE(sh, 3);
	WRITE_ONCE(ll, 4);
	r0 = READ_ONCE(*x) + READ_ONCE(c) + READ_ONCE(sh) + (int)READ_ONCE(ll);
	sim_check(r0 == 10, "READ_ONCE/WRITE_ONCE");

	/* barriers */
	smp_mb(); smp_rmb(); smp_wmb(); barrier();
	smp_mb__before_atomic(); smp_mb__after_atomic();
	smp_mb__after_spinlock(); smp_mb__after_unlock_lock();
	smp_acquire__after_ctrl_dep();
	cpu_relax();

	/* acquire, release, store-mb */
	smp_store_release(y, 5);
	sim_check(smp_load_acquire(y) == 5, "smp_store_release/smp_load_acquire");
	smp_store_mb(*x, 6);
	smp_store_mb(lx, 7L);
	sim_check(READ_ONCE(*x) == 6 && READ_ONCE(lx) == 7, "smp_store_mb");

	/* xchg and cmpxchg in every ordering: the old value back */
	sim_check(xchg(x, 1) == 6, "xchg");
	sim_check(xchg_relaxed(x, 2) == 1, "xchg_relaxed");
	sim_check(xchg_acquire(x, 3) == 2, "xchg_acquire");
	sim_check(xchg_release(x, 4) == 3, "xchg_release");
	sim_check(cmpxchg(x, 4, 5) == 4, "cmpxchg");
	sim_check(cmpxchg_relaxed(x, 4, 9) == 5 && READ_ONCE(*x) == 5, "cmpxchg_relaxed fails");
	sim_check(cmpxchg_acquire(x, 5, 6) == 5, "cmpxchg_acquire");
	sim_check(cmpxchg_release(x, 6, 7) == 6 && READ_ONCE(*x) == 7, "cmpxchg_release");
	xchg(x, 0);
	cmpxchg_relaxed(x, 0, 0);
	q = xchg_relaxed(&ll, 8LL);
	q += cmpxchg_acquire(&ll, 8LL, 9LL);
	sim_check(q == 12 && READ_ONCE(ll) == 9, "xchg/cmpxchg on 8 bytes");
	sim_check(xchg_release(&lx, 8L) == 7, "xchg on a long");
	rp = xchg_relaxed(p, y);
	sim_check(rp == x, "xchg on a pointer");
	sim_check(cmpxchg_release(p, y, x) == y && READ_ONCE(*p) == x, "cmpxchg on a pointer");

	/* atomic_t */
	atomic_set(v, 1);
	atomic_set_release(v, 2);
	sim_check(atomic_read(v) == 2 && atomic_read_acquire(v) == 2, "atomic_set/read");
	atomic_add(3, v); atomic_sub(1, v); atomic_inc(v); atomic_dec(v);
	sim_check(atomic_read(v) == 4, "atomic_add/sub/inc/dec");
	r0 = atomic_add_return(1, v) + atomic_add_return_relaxed(1, v) +
	     atomic_add_return_acquire(1, v) + atomic_add_return_release(1, v);
	sim_check(r0 == 5 + 6 + 7 + 8, "atomic_add_return*");
	r0 = atomic_fetch_add(1, v) + atomic_fetch_add_relaxed(1, v) +
	     atomic_fetch_add_acquire(1, v) + atomic_fetch_add_release(1, v);
	sim_check(r0 == 8 + 9 + 10 + 11, "atomic_fetch_add*");
	r0 = atomic_xchg(v, 1) + atomic_xchg_relaxed(v, 2) + atomic_xchg_acquire(v, 3) +
	     atomic_xchg_release(v, 4);
	sim_check(r0 == 12 + 1 + 2 + 3, "atomic_xchg*");
	r0 = atomic_cmpxchg(v, 4, 5) + atomic_cmpxchg_relaxed(v, 5, 6) +
	     atomic_cmpxchg_acquire(v, 6, 7) + atomic_cmpxchg_release(v, 0, 8);
	sim_check(r0 == 4 + 5 + 6 + 7 && atomic_read(v) == 7, "atomic_cmpxchg*");
	sim_check(atomic_inc_return(v) == 8 && atomic_dec_return(v) == 7 &&
		  atomic_sub_return(2, v) == 5 && atomic_fetch_sub(1, v) == 5,
		  "atomic_inc/dec/sub_return, fetch_sub");
	sim_check(!atomic_sub_and_test(1, v) && !atomic_dec_and_test(v) &&
		  atomic_sub_and_test(2, v) && atomic_inc_and_test(v) == 0 &&
		  atomic_dec_and_test(v) && !atomic_add_negative(1, v),
		  "atomic_*_and_test, add_negative");
	atomic64_set_release(&v64, 3);
	sim_check(atomic64_read_acquire(&v64) == 3, "atomic64_set_release/read_acquire");

	/* spinlocks */
	sim_check(!spin_is_locked(s), "spin_is_locked, free");
	spin_lock(s);
	sim_check(spin_is_locked(s) && !spin_trylock(s), "spin_is_locked, held");
	spin_unlock(s);
	sim_check(spin_trylock(s), "spin_trylock");
	spin_unlock(s);

	/* rcu_assign_pointer and rcu_dereference (no grace periods) */
	rcu_assign_pointer(*p, y);
	rp = rcu_dereference(*p);
	sim_check(rp == y && rcu_access_pointer(*p) == y, "rcu_assign_pointer/rcu_dereference");
}

int main(void)
{
	if (sim_cpu_id() == 0)
		P0(&x, &y, &v, &s, &p);
	return 0;
}
