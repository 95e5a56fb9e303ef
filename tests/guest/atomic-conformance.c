/* atomic-conformance.c — every operation of <atomic.h>, on one core: for
 * atomic_t and atomic64_t, the value each one returns and the value it
 * leaves in memory, in every ordering (plain, _relaxed, _acquire,
 * _release), with 32-bit wrap-around and 64-bit values that carry and
 * borrow across the halves; the bit operations on a three-word bitmap;
 * xchg() and cmpxchg() on 4- and 8-byte objects; spinlocks; and the gcc
 * builtins (__atomic_*, __sync_*) on a 4-byte int, which sparc32 turns into
 * calls to the library's helpers.
 *
 * It prints one line per group ("atomic_fetch_add: ok"), so that its output
 * under atomsim and under qemu-user (cpu 0 of 1) can be compared.  A failed
 * check is a sim_check naming the call; the value found and the value
 * expected are printed before it.  Only core 0 runs the checks.
 */
#include <atomsim.h>
#include <atomic.h>

static atomic_t a;
static atomic64_t a64;
static volatile unsigned int u32;
static volatile unsigned long long u64 __attribute__((aligned(8)));
static volatile unsigned long bitmap[3];
static spinlock_t lock = SPINLOCK_INIT;

static unsigned failures;       /* in the current group */
static unsigned failed_groups;

/* Count a failed condition for the group line. */
static bool ok(bool cond)
{
    failures += !cond;
    return cond;
}

/* got == want; if not, print both (as high:low 32-bit halves). */
static bool same(s64 got, s64 want)
{
    if (ok(got == want))
        return true;
    sim_printf("found 0x%x:%x, expected 0x%x:%x\n",
               (unsigned)((unsigned long long)got >> 32), (unsigned)got,
               (unsigned)((unsigned long long)want >> 32), (unsigned)want);
    return false;
}

#define CHECK(cond, msg) sim_check(ok(cond), msg)

/* The line that closes a group of checks. */
static void group(const char *name)
{
    sim_printf("%s: %s\n", name, failures ? "FAILED" : "ok");
    failed_groups += failures != 0;
    failures = 0;
}

/* The type of lvalue x, without qualifiers. */
#define TYPE_OF(x) __typeof__((x) + 0)

/* Set x to start, then make call: it returns ret and leaves after in x. */
#define EXPECT(x, start, call, ret, after)                                      \
    do {                                                                        \
        (x) = (TYPE_OF(x))(start);                                              \
        __typeof__(call) got_ = (call);                                         \
        sim_check(same(got_, (__typeof__(call))(ret)), #call ": value returned"); \
        sim_check(same((x), (TYPE_OF(x))(after)), #call ": value left");        \
    } while (0)

/* The same for a call that returns nothing. */
#define EXPECT_VOID(x, start, call, after)                                      \
    do {                                                                        \
        (x) = (TYPE_OF(x))(start);                                              \
        call;                                                                   \
        sim_check(same((x), (TYPE_OF(x))(after)), #call ": value left");        \
    } while (0)

/* check(op, ...) for op and for its _relaxed, _acquire and _release forms. */
#define EVERY_ORDER(check, op, ...)                                             \
    do {                                                                        \
        check(op, __VA_ARGS__);                                                 \
        check(op##_relaxed, __VA_ARGS__);                                       \
        check(op##_acquire, __VA_ARGS__);                                       \
        check(op##_release, __VA_ARGS__);                                       \
    } while (0)

/* op args, on v set to start: returns ret, leaves after. */
#define CALL(op, v, start, args, ret, after) EXPECT((v).counter, start, op args, ret, after)
#define ORDERED(op, ...) EVERY_ORDER(CALL, op, __VA_ARGS__)

/* op(&v, &old, new) with old = expect: returns ret, leaves after in v and
 * found in old. */
#define TRY(op, v, start, expect, new, ret, after, found)                       \
    do {                                                                        \
        TYPE_OF((v).counter) old = (TYPE_OF((v).counter))(expect);              \
        EXPECT((v).counter, start, op(&(v), &old, new), ret, after);            \
        sim_check(same(old, (TYPE_OF((v).counter))(found)), #op ": *old left"); \
    } while (0)

/* atomic_t: small values, signs, and wrap-around at 0x7fffffff/0x80000000.
 * Patterns for the logic operations: 0xff00ff00 op 0x0ff00ff0. */
static void check_atomic(void)
{
    EXPECT(a.counter, 7, atomic_read(&a), 7, 7);
    EXPECT(a.counter, -5, atomic_read(&a), -5, -5);
    group("atomic_read");
    EXPECT_VOID(a.counter, 1, atomic_set(&a, -2), -2);
    EXPECT_VOID(a.counter, -2, atomic_set(&a, 0x7fffffff), 0x7fffffff);
    group("atomic_set");

    EXPECT_VOID(a.counter, 5, atomic_add(3, &a), 8);
    EXPECT_VOID(a.counter, 5, atomic_add(-7, &a), -2);
    EXPECT_VOID(a.counter, 0x7fffffff, atomic_add(1, &a), 0x80000000);
    group("atomic_add");
    EXPECT_VOID(a.counter, 5, atomic_sub(3, &a), 2);
    EXPECT_VOID(a.counter, -1, atomic_sub(-2, &a), 1);
    EXPECT_VOID(a.counter, 0x80000000, atomic_sub(1, &a), 0x7fffffff);
    group("atomic_sub");
    EXPECT_VOID(a.counter, -1, atomic_inc(&a), 0);
    EXPECT_VOID(a.counter, 0x7fffffff, atomic_inc(&a), 0x80000000);
    group("atomic_inc");
    EXPECT_VOID(a.counter, 0, atomic_dec(&a), -1);
    EXPECT_VOID(a.counter, 1, atomic_dec(&a), 0);
    group("atomic_dec");
    EXPECT_VOID(a.counter, 0xff00ff00, atomic_and(0x0ff00ff0, &a), 0x0f000f00);
    group("atomic_and");
    EXPECT_VOID(a.counter, 0xff00ff00, atomic_andnot(0x0ff00ff0, &a), 0xf000f000);
    group("atomic_andnot");
    EXPECT_VOID(a.counter, 0xff00ff00, atomic_or(0x0ff00ff0, &a), 0xfff0fff0);
    group("atomic_or");
    EXPECT_VOID(a.counter, 0xff00ff00, atomic_xor(0x0ff00ff0, &a), 0xf0f0f0f0);
    group("atomic_xor");

    /*       operation                v  start        args               returns      leaves */
    ORDERED(atomic_add_return,        a, 5,           (3, &a),           8,           8);
    ORDERED(atomic_add_return,        a, 5,           (-7, &a),          -2,          -2);
    ORDERED(atomic_add_return,        a, 0x7fffffff,  (1, &a),           0x80000000,  0x80000000);
    group("atomic_add_return");
    ORDERED(atomic_sub_return,        a, 5,           (3, &a),           2,           2);
    ORDERED(atomic_sub_return,        a, 3,           (5, &a),           -2,          -2);
    ORDERED(atomic_sub_return,        a, 0x80000000,  (1, &a),           0x7fffffff,  0x7fffffff);
    group("atomic_sub_return");
    ORDERED(atomic_inc_return,        a, -1,          (&a),              0,           0);
    ORDERED(atomic_inc_return,        a, 41,          (&a),              42,          42);
    group("atomic_inc_return");
    ORDERED(atomic_dec_return,        a, 0,           (&a),              -1,          -1);
    ORDERED(atomic_dec_return,        a, 43,          (&a),              42,          42);
    group("atomic_dec_return");
    ORDERED(atomic_fetch_add,         a, 5,           (3, &a),           5,           8);
    ORDERED(atomic_fetch_add,         a, 5,           (-7, &a),          5,           -2);
    ORDERED(atomic_fetch_add,         a, 0x7fffffff,  (1, &a),           0x7fffffff,  0x80000000);
    group("atomic_fetch_add");
    ORDERED(atomic_fetch_sub,         a, 5,           (3, &a),           5,           2);
    ORDERED(atomic_fetch_sub,         a, 3,           (5, &a),           3,           -2);
    ORDERED(atomic_fetch_sub,         a, 0x80000000,  (1, &a),           0x80000000,  0x7fffffff);
    group("atomic_fetch_sub");
    ORDERED(atomic_fetch_inc,         a, -1,          (&a),              -1,          0);
    ORDERED(atomic_fetch_inc,         a, 41,          (&a),              41,          42);
    group("atomic_fetch_inc");
    ORDERED(atomic_fetch_dec,         a, 0,           (&a),              0,           -1);
    ORDERED(atomic_fetch_dec,         a, 43,          (&a),              43,          42);
    group("atomic_fetch_dec");
    ORDERED(atomic_fetch_and,         a, 0xff00ff00,  (0x0ff00ff0, &a),  0xff00ff00,  0x0f000f00);
    group("atomic_fetch_and");
    ORDERED(atomic_fetch_andnot,      a, 0xff00ff00,  (0x0ff00ff0, &a),  0xff00ff00,  0xf000f000);
    group("atomic_fetch_andnot");
    ORDERED(atomic_fetch_or,          a, 0xff00ff00,  (0x0ff00ff0, &a),  0xff00ff00,  0xfff0fff0);
    group("atomic_fetch_or");
    ORDERED(atomic_fetch_xor,         a, 0xff00ff00,  (0x0ff00ff0, &a),  0xff00ff00,  0xf0f0f0f0);
    group("atomic_fetch_xor");
    ORDERED(atomic_xchg,              a, 0x80000001,  (&a, 0x12345678),  0x80000001,  0x12345678);
    ORDERED(atomic_xchg,              a, 7,           (&a, 7),           7,           7);
    group("atomic_xchg");
    ORDERED(atomic_cmpxchg,           a, 5,           (&a, 5, 9),        5,           9);
    ORDERED(atomic_cmpxchg,           a, 5,           (&a, 4, 9),        5,           5);
    ORDERED(atomic_cmpxchg,           a, 0x80000000,  (&a, 0x80000000, -1), 0x80000000, -1);
    ORDERED(atomic_cmpxchg,           a, -1,          (&a, 0x7fffffff, 0), -1,         -1);
    group("atomic_cmpxchg");
    /*          operation             v  start  old  new  returns  leaves  *old */
    EVERY_ORDER(TRY, atomic_try_cmpxchg, a, 5,     5,   9,   true,    9,      5);
    EVERY_ORDER(TRY, atomic_try_cmpxchg, a, 5,     4,   9,   false,   5,      5);
    EVERY_ORDER(TRY, atomic_try_cmpxchg, a, -1,    1,   0,   false,   -1,     -1);
    group("atomic_try_cmpxchg");

    EXPECT(a.counter, 5, atomic_sub_and_test(5, &a), true, 0);
    EXPECT(a.counter, 5, atomic_sub_and_test(4, &a), false, 1);
    EXPECT(a.counter, -3, atomic_sub_and_test(-3, &a), true, 0);
    group("atomic_sub_and_test");
    EXPECT(a.counter, 1, atomic_dec_and_test(&a), true, 0);
    EXPECT(a.counter, 2, atomic_dec_and_test(&a), false, 1);
    EXPECT(a.counter, 0, atomic_dec_and_test(&a), false, -1);
    group("atomic_dec_and_test");
    EXPECT(a.counter, -1, atomic_inc_and_test(&a), true, 0);
    EXPECT(a.counter, 0, atomic_inc_and_test(&a), false, 1);
    group("atomic_inc_and_test");
    EXPECT(a.counter, 3, atomic_add_negative(-5, &a), true, -2);
    EXPECT(a.counter, 3, atomic_add_negative(-3, &a), false, 0);
    EXPECT(a.counter, -1, atomic_add_negative(2, &a), false, 1);
    EXPECT(a.counter, 0x7fffffff, atomic_add_negative(1, &a), true, 0x80000000);
    group("atomic_add_negative");
    EXPECT(a.counter, 5, atomic_fetch_add_unless(&a, 1, 0), 5, 6);
    EXPECT(a.counter, 0, atomic_fetch_add_unless(&a, 1, 0), 0, 0);
    EXPECT(a.counter, 7, atomic_fetch_add_unless(&a, -3, 7), 7, 7);
    EXPECT(a.counter, 8, atomic_fetch_add_unless(&a, -3, 7), 8, 5);
    EXPECT(a.counter, 7, atomic_fetch_add_unless(&a, 3, -7), 7, 10);
    group("atomic_fetch_add_unless");
    EXPECT(a.counter, 5, atomic_add_unless(&a, 1, 0), true, 6);
    EXPECT(a.counter, 0, atomic_add_unless(&a, 1, 0), false, 0);
    EXPECT(a.counter, 7, atomic_add_unless(&a, -3, 7), false, 7);
    EXPECT(a.counter, 8, atomic_add_unless(&a, -3, 7), true, 5);
    group("atomic_add_unless");
    EXPECT(a.counter, 0, atomic_inc_not_zero(&a), false, 0);
    EXPECT(a.counter, 5, atomic_inc_not_zero(&a), true, 6);
    EXPECT(a.counter, -1, atomic_inc_not_zero(&a), true, 0);
    group("atomic_inc_not_zero");
}

/* atomic64_t: values whose halves differ, so that a carry or a borrow
 * between the halves, an operation on one half only, or a comparison of one
 * half only gives a wrong result.  Patterns for the logic operations:
 * 0xff00ff00_12345678 op 0x0ff00ff0_f0f0f0f0. */
static void check_atomic64(void)
{
    EXPECT(a64.counter, 0x123456789abcdef0, atomic64_read(&a64), 0x123456789abcdef0,
           0x123456789abcdef0);
    EXPECT(a64.counter, -2, atomic64_read(&a64), -2, -2);
    group("atomic64_read");
    EXPECT_VOID(a64.counter, 1, atomic64_set(&a64, 0x123456789abcdef0), 0x123456789abcdef0);
    EXPECT_VOID(a64.counter, 0x123456789abcdef0, atomic64_set(&a64, -2), -2);
    group("atomic64_set");

    EXPECT_VOID(a64.counter, 0xffffffff, atomic64_add(1, &a64), 0x100000000);
    EXPECT_VOID(a64.counter, 0x100000000, atomic64_add(-1, &a64), 0xffffffff);
    EXPECT_VOID(a64.counter, 0x180000000, atomic64_add(0x180000000, &a64), 0x300000000);
    group("atomic64_add");
    EXPECT_VOID(a64.counter, 0x100000000, atomic64_sub(1, &a64), 0xffffffff);
    EXPECT_VOID(a64.counter, 0, atomic64_sub(0x100000001, &a64), -0x100000001);
    EXPECT_VOID(a64.counter, 0xffffffff, atomic64_sub(-1, &a64), 0x100000000);
    group("atomic64_sub");
    EXPECT_VOID(a64.counter, 0xffffffff, atomic64_inc(&a64), 0x100000000);
    EXPECT_VOID(a64.counter, -1, atomic64_inc(&a64), 0);
    group("atomic64_inc");
    EXPECT_VOID(a64.counter, 0x100000000, atomic64_dec(&a64), 0xffffffff);
    EXPECT_VOID(a64.counter, 0, atomic64_dec(&a64), -1);
    group("atomic64_dec");
    EXPECT_VOID(a64.counter, 0xff00ff0012345678, atomic64_and(0x0ff00ff0f0f0f0f0, &a64),
                0x0f000f0010305070);
    group("atomic64_and");
    EXPECT_VOID(a64.counter, 0xff00ff0012345678, atomic64_andnot(0x0ff00ff0f0f0f0f0, &a64),
                0xf000f00002040608);
    group("atomic64_andnot");
    EXPECT_VOID(a64.counter, 0xff00ff0012345678, atomic64_or(0x0ff00ff0f0f0f0f0, &a64),
                0xfff0fff0f2f4f6f8);
    group("atomic64_or");
    EXPECT_VOID(a64.counter, 0xff00ff0012345678, atomic64_xor(0x0ff00ff0f0f0f0f0, &a64),
                0xf0f0f0f0e2c4a688);
    group("atomic64_xor");

    /*       operation            v    start         args                     returns       leaves */
    ORDERED(atomic64_add_return,  a64, 0xffffffff,   (1, &a64),               0x100000000,  0x100000000);
    ORDERED(atomic64_add_return,  a64, 1,            (-2, &a64),              -1,           -1);
    ORDERED(atomic64_add_return,  a64, 0x180000000,  (0x180000000, &a64),     0x300000000,  0x300000000);
    group("atomic64_add_return");
    ORDERED(atomic64_sub_return,  a64, 0x100000000,  (1, &a64),               0xffffffff,   0xffffffff);
    ORDERED(atomic64_sub_return,  a64, 0xffffffff,   (0x100000000, &a64),     -1,           -1);
    group("atomic64_sub_return");
    ORDERED(atomic64_inc_return,  a64, 0xffffffff,   (&a64),                  0x100000000,  0x100000000);
    ORDERED(atomic64_inc_return,  a64, -1,           (&a64),                  0,            0);
    group("atomic64_inc_return");
    ORDERED(atomic64_dec_return,  a64, 0x100000000,  (&a64),                  0xffffffff,   0xffffffff);
    ORDERED(atomic64_dec_return,  a64, 0,            (&a64),                  -1,           -1);
    group("atomic64_dec_return");
    ORDERED(atomic64_fetch_add,   a64, 0xffffffff,   (1, &a64),               0xffffffff,   0x100000000);
    ORDERED(atomic64_fetch_add,   a64, -1,           (0x100000000, &a64),     -1,           0xffffffff);
    group("atomic64_fetch_add");
    ORDERED(atomic64_fetch_sub,   a64, 0x100000000,  (1, &a64),               0x100000000,  0xffffffff);
    ORDERED(atomic64_fetch_sub,   a64, 0,            (0x100000001, &a64),     0,            -0x100000001);
    group("atomic64_fetch_sub");
    ORDERED(atomic64_fetch_inc,   a64, 0xffffffff,   (&a64),                  0xffffffff,   0x100000000);
    ORDERED(atomic64_fetch_inc,   a64, -1,           (&a64),                  -1,           0);
    group("atomic64_fetch_inc");
    ORDERED(atomic64_fetch_dec,   a64, 0x100000000,  (&a64),                  0x100000000,  0xffffffff);
    ORDERED(atomic64_fetch_dec,   a64, 0,            (&a64),                  0,            -1);
    group("atomic64_fetch_dec");
    ORDERED(atomic64_fetch_and,   a64, 0xff00ff0012345678, (0x0ff00ff0f0f0f0f0, &a64),
            0xff00ff0012345678, 0x0f000f0010305070);
    group("atomic64_fetch_and");
    ORDERED(atomic64_fetch_andnot, a64, 0xff00ff0012345678, (0x0ff00ff0f0f0f0f0, &a64),
            0xff00ff0012345678, 0xf000f00002040608);
    group("atomic64_fetch_andnot");
    ORDERED(atomic64_fetch_or,    a64, 0xff00ff0012345678, (0x0ff00ff0f0f0f0f0, &a64),
            0xff00ff0012345678, 0xfff0fff0f2f4f6f8);
    group("atomic64_fetch_or");
    ORDERED(atomic64_fetch_xor,   a64, 0xff00ff0012345678, (0x0ff00ff0f0f0f0f0, &a64),
            0xff00ff0012345678, 0xf0f0f0f0e2c4a688);
    group("atomic64_fetch_xor");
    ORDERED(atomic64_xchg,        a64, 0x123456789abcdef0, (&a64, 0xfedcba9876543210),
            0x123456789abcdef0, 0xfedcba9876543210);
    group("atomic64_xchg");
    /* a match in one half only is no match */
    ORDERED(atomic64_cmpxchg,     a64, 0x100000005,  (&a64, 0x100000005, 0x200000007),
            0x100000005, 0x200000007);
    ORDERED(atomic64_cmpxchg,     a64, 0x100000005,  (&a64, 5, 9),            0x100000005,  0x100000005);
    ORDERED(atomic64_cmpxchg,     a64, 0x100000005,  (&a64, 0x100000004, 9),  0x100000005,  0x100000005);
    ORDERED(atomic64_cmpxchg,     a64, 5,            (&a64, 0x100000005, 9),  5,            5);
    group("atomic64_cmpxchg");
    /*          operation               v    start        old          new  returns  leaves       *old */
    EVERY_ORDER(TRY, atomic64_try_cmpxchg, a64, 0x100000005, 0x100000005, -1,  true,    -1,          0x100000005);
    EVERY_ORDER(TRY, atomic64_try_cmpxchg, a64, 0x100000005, 5,           -1,  false,   0x100000005, 0x100000005);
    EVERY_ORDER(TRY, atomic64_try_cmpxchg, a64, 5,           0x100000005, -1,  false,   5,           5);
    group("atomic64_try_cmpxchg");

    EXPECT(a64.counter, 0x100000000, atomic64_sub_and_test(0x100000000, &a64), true, 0);
    EXPECT(a64.counter, 0x100000001, atomic64_sub_and_test(1, &a64), false, 0x100000000);
    EXPECT(a64.counter, 0x100000001, atomic64_sub_and_test(0x100000000, &a64), false, 1);
    group("atomic64_sub_and_test");
    EXPECT(a64.counter, 1, atomic64_dec_and_test(&a64), true, 0);
    EXPECT(a64.counter, 0x100000001, atomic64_dec_and_test(&a64), false, 0x100000000);
    EXPECT(a64.counter, 0, atomic64_dec_and_test(&a64), false, -1);
    group("atomic64_dec_and_test");
    EXPECT(a64.counter, -1, atomic64_inc_and_test(&a64), true, 0);
    EXPECT(a64.counter, 0xffffffff, atomic64_inc_and_test(&a64), false, 0x100000000);
    group("atomic64_inc_and_test");
    EXPECT(a64.counter, 0x100000000, atomic64_add_negative(-1, &a64), false, 0xffffffff);
    EXPECT(a64.counter, 0x100000000, atomic64_add_negative(-0x100000001, &a64), true, -1);
    EXPECT(a64.counter, 0x7fffffff, atomic64_add_negative(1, &a64), false, 0x80000000);
    EXPECT(a64.counter, -1, atomic64_add_negative(1, &a64), false, 0);
    group("atomic64_add_negative");
    EXPECT(a64.counter, 5, atomic64_fetch_add_unless(&a64, 1, 0x100000005), 5, 6);
    EXPECT(a64.counter, 0x100000005, atomic64_fetch_add_unless(&a64, 1, 0x100000005),
           0x100000005, 0x100000005);
    EXPECT(a64.counter, 0x100000005, atomic64_fetch_add_unless(&a64, 1, 5), 0x100000005,
           0x100000006);
    EXPECT(a64.counter, 0xffffffff, atomic64_fetch_add_unless(&a64, 0x100000001, 0), 0xffffffff,
           0x200000000);
    group("atomic64_fetch_add_unless");
    EXPECT(a64.counter, 5, atomic64_add_unless(&a64, 1, 0x100000005), true, 6);
    EXPECT(a64.counter, 0x100000005, atomic64_add_unless(&a64, 1, 0x100000005), false,
           0x100000005);
    EXPECT(a64.counter, 0x100000005, atomic64_add_unless(&a64, -1, 5), true, 0x100000004);
    group("atomic64_add_unless");
    EXPECT(a64.counter, 0, atomic64_inc_not_zero(&a64), false, 0);
    EXPECT(a64.counter, 0x100000000, atomic64_inc_not_zero(&a64), true, 0x100000001);
    EXPECT(a64.counter, -1, atomic64_inc_not_zero(&a64), true, 0);
    group("atomic64_inc_not_zero");
}

/* The bitmap holds background in every word, but bit nr holds bit. */
static bool holds(unsigned long background, unsigned nr, bool bit)
{
    bool all = true;
    for (unsigned w = 0; w < 3; w++) {
        unsigned long want = background;
        if (w == nr / BITS_PER_LONG) {
            unsigned long mask = 1ul << (nr % BITS_PER_LONG);
            want = bit ? want | mask : want & ~mask;
        }
        all &= bitmap[w] == want;
    }
    return ok(all);
}

static void fill(unsigned long background, unsigned nr, bool bit)
{
    for (unsigned w = 0; w < 3; w++)
        bitmap[w] = background;
    if (bit)
        bitmap[nr / BITS_PER_LONG] |= 1ul << (nr % BITS_PER_LONG);
    else
        bitmap[nr / BITS_PER_LONG] &= ~(1ul << (nr % BITS_PER_LONG));
}

/* Each bit operation, from the bitmap filled with background and bit nr
 * set (or clear) as it needs. */
static void check_set_bit(unsigned long bg, unsigned nr)
{
    fill(bg, nr, 0);
    set_bit(nr, bitmap);
    CHECK(holds(bg, nr, 1), "set_bit: sets the bit");
    set_bit(nr, bitmap);
    CHECK(holds(bg, nr, 1), "set_bit: on a set bit");
}

static void check_clear_bit(unsigned long bg, unsigned nr)
{
    fill(bg, nr, 1);
    clear_bit(nr, bitmap);
    CHECK(holds(bg, nr, 0), "clear_bit: clears the bit");
    clear_bit(nr, bitmap);
    CHECK(holds(bg, nr, 0), "clear_bit: on a clear bit");
}

static void check_change_bit(unsigned long bg, unsigned nr)
{
    fill(bg, nr, 0);
    change_bit(nr, bitmap);
    CHECK(holds(bg, nr, 1), "change_bit: 0 to 1");
    change_bit(nr, bitmap);
    CHECK(holds(bg, nr, 0), "change_bit: 1 to 0");
}

static void check_test_and_set_bit(unsigned long bg, unsigned nr)
{
    fill(bg, nr, 0);
    CHECK(!test_and_set_bit(nr, bitmap), "test_and_set_bit: returns the old 0");
    CHECK(holds(bg, nr, 1), "test_and_set_bit: sets the bit");
    CHECK(test_and_set_bit(nr, bitmap), "test_and_set_bit: returns the old 1");
    CHECK(holds(bg, nr, 1), "test_and_set_bit: on a set bit");
}

static void check_test_and_clear_bit(unsigned long bg, unsigned nr)
{
    fill(bg, nr, 1);
    CHECK(test_and_clear_bit(nr, bitmap), "test_and_clear_bit: returns the old 1");
    CHECK(holds(bg, nr, 0), "test_and_clear_bit: clears the bit");
    CHECK(!test_and_clear_bit(nr, bitmap), "test_and_clear_bit: returns the old 0");
    CHECK(holds(bg, nr, 0), "test_and_clear_bit: on a clear bit");
}

static void check_test_and_change_bit(unsigned long bg, unsigned nr)
{
    fill(bg, nr, 0);
    CHECK(!test_and_change_bit(nr, bitmap), "test_and_change_bit: returns the old 0");
    CHECK(holds(bg, nr, 1), "test_and_change_bit: 0 to 1");
    CHECK(test_and_change_bit(nr, bitmap), "test_and_change_bit: returns the old 1");
    CHECK(holds(bg, nr, 0), "test_and_change_bit: 1 to 0");
}

static void check_test_bit(unsigned long bg, unsigned nr)
{
    fill(bg, nr, 1);
    CHECK(test_bit(nr, bitmap), "test_bit: a set bit");
    CHECK(test_bit(nr ^ 1, bitmap) == (bg != 0), "test_bit: its neighbour");
    fill(bg, nr, 0);
    CHECK(!test_bit(nr, bitmap), "test_bit: a clear bit");
    CHECK(holds(bg, nr, 0), "test_bit: changes nothing");
}

/* Every bit operation on bits in the first, second and third word, at both
 * ends of a word, over a background of zeros and of ones: it changes its
 * bit and no other. */
static void check_bitops(void)
{
    static const struct {
        const char *name;
        void (*check)(unsigned long bg, unsigned nr);
    } ops[] = {
        { "set_bit", check_set_bit },
        { "clear_bit", check_clear_bit },
        { "change_bit", check_change_bit },
        { "test_and_set_bit", check_test_and_set_bit },
        { "test_and_clear_bit", check_test_and_clear_bit },
        { "test_and_change_bit", check_test_and_change_bit },
        { "test_bit", check_test_bit },
    };
    static const unsigned nrs[] = {
        0, 5, BITS_PER_LONG - 1, BITS_PER_LONG, BITS_PER_LONG + 7, 3 * BITS_PER_LONG - 1,
    };
    static const unsigned long backgrounds[] = { 0, ~0ul };
    for (unsigned op = 0; op < sizeof ops / sizeof ops[0]; op++) {
        for (unsigned b = 0; b < 2; b++)
            for (unsigned n = 0; n < sizeof nrs / sizeof nrs[0]; n++)
                ops[op].check(backgrounds[b], nrs[n]);
        group(ops[op].name);
    }
}

/* xchg() and cmpxchg() on plain 4- and 8-byte objects. */
static void check_xchg_cmpxchg(void)
{
    EXPECT(u32, 0x80000001, xchg(&u32, 0xfffffffe), 0x80000001, 0xfffffffe);
    EXPECT(u64, 0x1ffffffff, xchg(&u64, 0xffffffff00000000), 0x1ffffffff, 0xffffffff00000000);
    group("xchg");
    EXPECT(u32, 0xfffffffe, cmpxchg(&u32, 0xfffffffe, 7), 0xfffffffe, 7);
    EXPECT(u32, 7, cmpxchg(&u32, 8, 9), 7, 7);
    EXPECT(u64, 0x1ffffffff, cmpxchg(&u64, 0x1ffffffff, 0x200000000), 0x1ffffffff, 0x200000000);
    EXPECT(u64, 0x1ffffffff, cmpxchg(&u64, 0xffffffff, 0), 0x1ffffffff, 0x1ffffffff);
    EXPECT(u64, 0x1ffffffff, cmpxchg(&u64, 0x1fffffffe, 0), 0x1ffffffff, 0x1ffffffff);
    group("cmpxchg");
}

static void check_spinlock(void)
{
    spin_lock_init(&lock);
    CHECK(spin_trylock(&lock), "spin_trylock: takes a free lock");
    CHECK(!spin_trylock(&lock), "spin_trylock: fails on a held lock");
    spin_unlock(&lock);
    CHECK(spin_trylock(&lock), "spin_trylock: takes the lock again after spin_unlock");
    spin_unlock(&lock);
    spin_lock(&lock);
    CHECK(!spin_trylock(&lock), "spin_lock: leaves the lock held");
    spin_unlock(&lock);
    spin_lock(&lock);
    spin_lock_init(&lock);
    CHECK(spin_trylock(&lock), "spin_lock_init: leaves the lock free");
    spin_unlock(&lock);
    group("spinlock");
}

/* The compiler's atomics on a 4-byte int (a's counter). */
static void check_builtins(void)
{
    EXPECT(a.counter, 5, __atomic_fetch_add(&a.counter, 3, __ATOMIC_SEQ_CST), 5, 8);
    EXPECT(a.counter, 5, __atomic_add_fetch(&a.counter, -7, __ATOMIC_RELAXED), -2, -2);
    EXPECT(a.counter, 5, __atomic_fetch_sub(&a.counter, 3, __ATOMIC_RELEASE), 5, 2);
    EXPECT(a.counter, 0xff00ff00, __atomic_fetch_and(&a.counter, 0x0ff00ff0, __ATOMIC_ACQUIRE),
           0xff00ff00, 0x0f000f00);
    EXPECT(a.counter, 0xff00ff00, __atomic_fetch_or(&a.counter, 0x0ff00ff0, __ATOMIC_ACQ_REL),
           0xff00ff00, 0xfff0fff0);
    EXPECT(a.counter, 0xff00ff00, __atomic_fetch_xor(&a.counter, 0x0ff00ff0, __ATOMIC_SEQ_CST),
           0xff00ff00, 0xf0f0f0f0);
    group("__atomic_fetch_op");
    EXPECT(a.counter, 5, __atomic_exchange_n(&a.counter, -9, __ATOMIC_SEQ_CST), 5, -9);
    group("__atomic_exchange_n");
    int expected = 5;
    EXPECT(a.counter, 5, __atomic_compare_exchange_n(&a.counter, &expected, 9, false,
                                                     __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST),
           true, 9);
    CHECK(expected == 5, "__atomic_compare_exchange_n: expected kept on success");
    expected = 4;
    EXPECT(a.counter, 5, __atomic_compare_exchange_n(&a.counter, &expected, 9, false,
                                                     __ATOMIC_ACQUIRE, __ATOMIC_RELAXED),
           false, 5);
    CHECK(expected == 5, "__atomic_compare_exchange_n: expected learns the value found");
    group("__atomic_compare_exchange_n");
    EXPECT(a.counter, -3, __atomic_load_n(&a.counter, __ATOMIC_ACQUIRE), -3, -3);
    EXPECT_VOID(a.counter, -3, __atomic_store_n(&a.counter, 11, __ATOMIC_RELEASE), 11);
    group("__atomic_load_n, __atomic_store_n");
    EXPECT(a.counter, 5, __sync_fetch_and_add(&a.counter, 3), 5, 8);
    EXPECT(a.counter, 5, __sync_add_and_fetch(&a.counter, -7), -2, -2);
    group("__sync_fetch_and_add");
    EXPECT(a.counter, 5, __sync_val_compare_and_swap(&a.counter, 5, 9), 5, 9);
    EXPECT(a.counter, 5, __sync_val_compare_and_swap(&a.counter, 4, 9), 5, 5);
    EXPECT(a.counter, 5, __sync_bool_compare_and_swap(&a.counter, 5, 9), true, 9);
    EXPECT(a.counter, 5, __sync_bool_compare_and_swap(&a.counter, 4, 9), false, 5);
    group("__sync_compare_and_swap");
    EXPECT(a.counter, 0, __sync_lock_test_and_set(&a.counter, 1), 0, 1);
    EXPECT(a.counter, 1, __sync_lock_test_and_set(&a.counter, 1), 1, 1);
    EXPECT_VOID(a.counter, 1, __sync_lock_release(&a.counter), 0);
    group("__sync_lock_test_and_set, __sync_lock_release");
}

int main(void)
{
    if (sim_cpu_id() != 0)
        return 0;
    check_atomic();
    check_atomic64();
    check_bitops();
    check_xchg_cmpxchg();
    check_spinlock();
    check_builtins();
    sim_printf("%u groups failed\n", failed_groups);
    return failed_groups != 0;
}
