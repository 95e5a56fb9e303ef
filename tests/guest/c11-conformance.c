/* c11-conformance.c — C11's <stdatomic.h> on one core: every operation on
 * _Atomic objects of 1, 2, 4 and 8 bytes (each beside a neighbour in its
 * word that must not change) returns and leaves the right values, in each
 * memory order; atomic_flag; atomic_is_lock_free.  gcc inlines some and
 * calls the library for others (sparc32 all but loads, stores and a 4-byte
 * exchange; riscv64 the 1- and 2-byte ones): both must agree with C11.
 *
 * One line per size ("8 bytes: ok"), so that the output under atomsim and
 * under qemu-user can be compared.
 */
#include <atomsim.h>
#include <stdatomic.h>


static unsigned failures;

static void same(unsigned long long got, unsigned long long want, const char *what)
{
    if (got == want)
        return;
    failures++;
    sim_printf("%s: found 0x%x:%x, expected 0x%x:%x\n", what, (unsigned)(got >> 32),
               (unsigned)got, (unsigned)(want >> 32), (unsigned)want);
}

/* An N-byte object between two neighbours; ONES is all its bits set. */
#define SIZE_CHECKS(N, T, ONES)                                                 \
    static struct {                                                             \
        volatile T before;                                                      \
        _Alignas(N) _Atomic T x;                                                \
        volatile T after;                                                       \
    } s##N = { (T)0x5a5a5a5a5a5a5a5aull, 0, (T)0xa5a5a5a5a5a5a5a5ull };        \
    static void check_##N(void)                                                 \
    {                                                                           \
        failures = 0;                                                           \
        _Atomic T *x = &s##N.x;                                                 \
        atomic_store_explicit(x, 5, memory_order_relaxed);                      \
        same(atomic_fetch_add_explicit(x, 3, memory_order_relaxed), 5, "fetch_add"); \
        same(atomic_fetch_add_explicit(x, ONES, memory_order_acquire), 8, "fetch_add wrap"); \
        same(atomic_load_explicit(x, memory_order_acquire), 7, "load");         \
        same(atomic_fetch_sub_explicit(x, 9, memory_order_release), 7, "fetch_sub"); \
        same(atomic_load(x), (T)(7 - 9), "fetch_sub borrow");                   \
        same(atomic_fetch_and_explicit(x, 0x3c, memory_order_acq_rel), (T)(7 - 9), "fetch_and"); \
        same(atomic_fetch_or(x, 0x41), 0x3c, "fetch_or");                       \
        same(atomic_fetch_xor(x, 0x0f), 0x7d, "fetch_xor");                     \
        same(atomic_exchange(x, 0x12), 0x72, "exchange");                       \
        same(atomic_exchange_explicit(x, 0x13, memory_order_relaxed), 0x12, "exchange relaxed"); \
        T want = 0x99;                                                          \
        same(atomic_compare_exchange_strong(x, &want, 0x21), 0, "cas fails");   \
        same(want, 0x13, "cas failure's expected");                             \
        same(atomic_compare_exchange_strong_explicit(x, &want, 0x21,            \
             memory_order_acquire, memory_order_relaxed), 1, "cas succeeds");   \
        while (!atomic_compare_exchange_weak(x, &want, 0x22))                   \
            same(want, 0x21, "weak cas's expected");                            \
        same(++*x, 0x23, "++");                                                 \
        same(__sync_fetch_and_add((T *)x, 1), 0x23, "__sync_fetch_and_add");    \
        same(__sync_val_compare_and_swap((T *)x, 0x24, 0x30), 0x24, "__sync_val_compare_and_swap"); \
        same(__sync_lock_test_and_set((T *)x, 0x31), 0x30, "__sync_lock_test_and_set"); \
        same(atomic_load(x), 0x31, "final");                                    \
        same(s##N.before, (T)0x5a5a5a5a5a5a5a5aull, "neighbour before");        \
        same(s##N.after, (T)0xa5a5a5a5a5a5a5a5ull, "neighbour after");          \
        sim_printf("%d bytes: %s\n", N, failures ? "FAILED" : "ok");            \
        sim_check(failures == 0, #N "-byte C11 atomics");                       \
    }

SIZE_CHECKS(1, unsigned char, 0xff)
SIZE_CHECKS(2, unsigned short, 0xffff)
SIZE_CHECKS(4, unsigned int, 0xffffffffu)
SIZE_CHECKS(8, unsigned long long, 0xffffffffffffffffull)

static atomic_flag flag = ATOMIC_FLAG_INIT;

int main(void)
{
    if (sim_cpu_id() != 0)
        return 0;
    check_1();
    check_2();
    check_4();
    check_8();
    failures = 0;
    same(atomic_flag_test_and_set(&flag), 0, "test_and_set");
    same(atomic_flag_test_and_set_explicit(&flag, memory_order_acquire), 1, "test_and_set again");
    atomic_flag_clear_explicit(&flag, memory_order_release);
    same(atomic_flag_test_and_set(&flag), 0, "test_and_set after clear");
    sim_printf("atomic_flag: %s\n", failures ? "FAILED" : "ok");
    sim_check(failures == 0, "atomic_flag");
    /* Lock-free: everything but sparc32's, which take locks. */
    sim_printf("lock-free: %d %d %d %d\n", atomic_is_lock_free(&s1.x),
               atomic_is_lock_free(&s2.x), atomic_is_lock_free(&s4.x),
               atomic_is_lock_free(&s8.x));
    return 0;
}
