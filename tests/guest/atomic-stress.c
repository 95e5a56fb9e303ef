/* atomic-stress.c — every core runs ITER rounds of every kind of operation
 * in <atomic.h> on shared variables, taking the plain, _relaxed, _acquire
 * and _release forms in turn; after a barrier, core 0 checks the exact
 * values that any number of cores and any interleaving must leave:
 *   sums from add/inc/fetch_add/add_return and sub/dec/fetch_sub/sub_return;
 *   tickets from fetch_inc/inc_return and fetch_dec/dec_return, each handed
 *     out exactly once;
 *   per-core bits set with or/fetch_or, cleared with and/andnot and their
 *     fetch_ forms, flipped an even number of times with xor/fetch_xor;
 *   increments made of cmpxchg and try_cmpxchg loops and under a lock made
 *     of xchg; values that xchg conserves (what it returned plus what is
 *     left is what was written plus the start);
 *   add_unless/fetch_add_unless up to a cap; inc_not_zero from 1 and from 0;
 *   dec_and_test, sub_and_test and inc_and_test true exactly once, and
 *     add_negative true a known number of times;
 *   all of it again for atomic64_t, with values that carry and borrow
 *     across the 32-bit halves;
 *   the bit operations on per-core bits of a shared bitmap, and
 *     test_and_change_bit on one shared bit; a spinlock around a plain
 *     counter; xchg() and cmpxchg() on plain 4- and 8-byte objects; the
 *     compiler's __atomic/__sync read-modify-writes.
 * Each core also checks what the operations return as it goes.
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef ITER
#define ITER 20
#endif
#define MAX_CORES 64
#define TICKETS (2 * MAX_CORES * ITER)

/* op's four orderings, taken in turn: op_orders[k] with k = 0..3. */
#define ORDERS(ret, op, ...)                                                    \
    static ret (*const op##_orders[4])(__VA_ARGS__) = {                         \
        op, op##_relaxed, op##_acquire, op##_release                            \
    }
ORDERS(int, atomic_add_return, int, atomic_t *);
ORDERS(int, atomic_sub_return, int, atomic_t *);
ORDERS(int, atomic_inc_return, atomic_t *);
ORDERS(int, atomic_dec_return, atomic_t *);
ORDERS(int, atomic_fetch_add, int, atomic_t *);
ORDERS(int, atomic_fetch_sub, int, atomic_t *);
ORDERS(int, atomic_fetch_inc, atomic_t *);
ORDERS(int, atomic_fetch_dec, atomic_t *);
ORDERS(int, atomic_fetch_and, int, atomic_t *);
ORDERS(int, atomic_fetch_andnot, int, atomic_t *);
ORDERS(int, atomic_fetch_or, int, atomic_t *);
ORDERS(int, atomic_fetch_xor, int, atomic_t *);
ORDERS(int, atomic_xchg, atomic_t *, int);
ORDERS(int, atomic_cmpxchg, atomic_t *, int, int);
ORDERS(bool, atomic_try_cmpxchg, atomic_t *, int *, int);
ORDERS(s64, atomic64_add_return, s64, atomic64_t *);
ORDERS(s64, atomic64_sub_return, s64, atomic64_t *);
ORDERS(s64, atomic64_inc_return, atomic64_t *);
ORDERS(s64, atomic64_dec_return, atomic64_t *);
ORDERS(s64, atomic64_fetch_add, s64, atomic64_t *);
ORDERS(s64, atomic64_fetch_sub, s64, atomic64_t *);
ORDERS(s64, atomic64_fetch_inc, atomic64_t *);
ORDERS(s64, atomic64_fetch_dec, atomic64_t *);
ORDERS(s64, atomic64_fetch_and, s64, atomic64_t *);
ORDERS(s64, atomic64_fetch_andnot, s64, atomic64_t *);
ORDERS(s64, atomic64_fetch_or, s64, atomic64_t *);
ORDERS(s64, atomic64_fetch_xor, s64, atomic64_t *);
ORDERS(s64, atomic64_xchg, atomic64_t *, s64);
ORDERS(s64, atomic64_cmpxchg, atomic64_t *, s64, s64);
ORDERS(bool, atomic64_try_cmpxchg, atomic64_t *, s64 *, s64);

/* n cores, NI = n * ITER rounds in all (set by core 0 before the first
 * barrier). */
static unsigned n, NI;

/* What each core counted, in its own slot. */
struct counts {
    unsigned added, added64;            /* add_unless, fetch_add_unless */
    unsigned zero[6];                   /* dec/sub/inc_and_test, 32 and 64 bits */
    unsigned negative, negative64;      /* add_negative */
    unsigned swapped;                   /* the values xchg and xchg() returned */
    unsigned long long swapped64;
    unsigned changed;                   /* test_and_change_bit of the shared bit */
};
static struct counts counts[MAX_CORES];

/* --- atomic_t ---------------------------------------------------------- */

static atomic_t sum;            /* up 11 a round */
static atomic_t down;           /* from 11 NI, down 11 a round */
static atomic_t up_tickets;     /* fetch_inc, inc_return hand out 0 .. 2 NI - 1 */
static atomic_t down_tickets;   /* fetch_dec, dec_return: 2 NI .. 1 */
static volatile unsigned long up_seen[BITS_TO_LONGS(TICKETS)];
static volatile unsigned long down_seen[BITS_TO_LONGS(TICKETS)];
static atomic_t setclr;         /* from 0xffff0000, core c sets bit c % 16, clears 16 + c % 16 */
static atomic_t flipped;        /* core c flips bit c % 32 twice a round */
#define FLIPPED_START 0x5a5a5a5a
static atomic_t cas;            /* +1 by a cmpxchg loop, +1 by a try_cmpxchg loop a round */
static atomic_t xlock;          /* a lock made of xchg ... */
static volatile unsigned xlocked;   /* ... around a plain counter */
static atomic_t swapped;        /* xchg: conserved */
static atomic_t capped;         /* add_unless by 1 up to NI / 2 */
static atomic_t live;           /* from 1: inc_not_zero always adds */
static atomic_t dead;           /* from 0: inc_not_zero never does */
static atomic_t dec_zero;       /* from NI: dec_and_test true once */
static atomic_t sub_zero;       /* from 3 NI: sub_and_test(3) true once */
static atomic_t inc_zero;       /* from -NI: inc_and_test true once */
static atomic_t negative;       /* from NI / 2: add_negative(-1) true NI - NI / 2 times */

/* The ticket handed out must be new; seen remembers it. */
static void take(volatile unsigned long *seen, s64 ticket, const char *msg)
{
    sim_check(ticket >= 0 && ticket < 2 * NI && !test_and_set_bit((unsigned)ticket, seen), msg);
}

/* The value conserved by xchg, written by core me in round r. */
static unsigned xvalue(unsigned me, unsigned r)
{
    return me * ITER + r + 1;
}

static void round32(unsigned me, unsigned r, unsigned k)
{
    atomic_add(3, &sum);
    atomic_inc(&sum);
    int old = atomic_fetch_add_orders[k](2, &sum);
    sim_check(atomic_add_return_orders[k](5, &sum) >= old + 7,
              "atomic_add_return: less than fetch_add's value plus what was added since");
    atomic_sub(3, &down);
    atomic_dec(&down);
    old = atomic_fetch_sub_orders[k](2, &down);
    int now = atomic_sub_return_orders[k](5, &down);
    sim_check(now <= old - 7 && now >= 0, "atomic_sub_return: more than fetch_sub's value "
              "less what was subtracted since, or below zero");

    take(up_seen, atomic_fetch_inc_orders[k](&up_tickets), "atomic_fetch_inc: a ticket twice");
    take(up_seen, atomic_inc_return_orders[k](&up_tickets) - 1,
         "atomic_inc_return: a ticket twice");
    take(down_seen, atomic_fetch_dec_orders[k](&down_tickets) - 1,
         "atomic_fetch_dec: a ticket twice");
    take(down_seen, atomic_dec_return_orders[k](&down_tickets),
         "atomic_dec_return: a ticket twice");

    unsigned set = 1u << (me % 16), clr = 1u << (16 + me % 16);
    atomic_or((int)set, &setclr);
    sim_check((unsigned)atomic_fetch_or_orders[k]((int)set, &setclr) & set,
              "atomic_fetch_or: this core's bit missing from the value returned");
    atomic_andnot((int)clr, &setclr);
    sim_check(!((unsigned)atomic_fetch_andnot_orders[k]((int)clr, &setclr) & clr),
              "atomic_fetch_andnot: this core's cleared bit set in the value returned");
    atomic_and((int)~clr, &setclr);
    sim_check(!((unsigned)atomic_fetch_and_orders[k]((int)~clr, &setclr) & clr),
              "atomic_fetch_and: this core's cleared bit set in the value returned");
    unsigned flip = 1u << (me % 32);
    atomic_xor((int)flip, &flipped);
    old = atomic_fetch_xor_orders[k]((int)flip, &flipped);
    if (n <= 32)        /* no other core flips this bit */
        sim_check(((unsigned)old ^ FLIPPED_START) & flip,
                  "atomic_fetch_xor: this core's flip missing from the value returned");

    int found;
    old = atomic_read(&cas);
    while ((found = atomic_cmpxchg_orders[k](&cas, old, old + 1)) != old)
        old = found;
    old = atomic_read(&cas);
    while (!atomic_try_cmpxchg_orders[k](&cas, &old, old + 1))
        ;
    do {        /* test and test-and-set: spin reading, so that the holder can
                 * take sparc32's bucket lock to release it */
        while (atomic_read(&xlock) != 0)
            ;
    } while ((k % 2 ? atomic_xchg_acquire : atomic_xchg)(&xlock, 1) != 0);
    xlocked = xlocked + 1;
    sim_check((k % 2 ? atomic_xchg_release : atomic_xchg)(&xlock, 0) == 1,
              "atomic_xchg: the lock was not held");
    counts[me].swapped += (unsigned)atomic_xchg_orders[k](&swapped, (int)xvalue(me, r));

    int cap = (int)NI / 2;
    if (r % 2) {
        counts[me].added += atomic_add_unless(&capped, 1, cap);
    } else {
        old = atomic_fetch_add_unless(&capped, 1, cap);
        sim_check(old >= 0 && old <= cap, "atomic_fetch_add_unless: went past the cap");
        counts[me].added += old != cap;
    }
    sim_check(atomic_inc_not_zero(&live), "atomic_inc_not_zero: did not add to a live count");
    sim_check(!atomic_inc_not_zero(&dead), "atomic_inc_not_zero: added to zero");
    counts[me].zero[0] += atomic_dec_and_test(&dec_zero);
    counts[me].zero[1] += atomic_sub_and_test(3, &sub_zero);
    counts[me].zero[2] += atomic_inc_and_test(&inc_zero);
    counts[me].negative += atomic_add_negative(-1, &negative);
}

/* --- atomic64_t: values across the halves ------------------------------ */

static atomic64_t sum64;        /* from SUM64_START, up 0x280000000 a round */
#define SUM64_START 0xfffffff0
static atomic64_t down64;       /* down 0x280000000 a round, to 5 */
static atomic64_t up64;         /* tickets from 2^32 - NI */
static atomic64_t down64_tickets;   /* tickets from 2^32 + NI down */
static volatile unsigned long up64_seen[BITS_TO_LONGS(TICKETS)];
static volatile unsigned long down64_seen[BITS_TO_LONGS(TICKETS)];
static atomic64_t setclr64;     /* from 0xffffffff, core c sets bit 32 + c % 32, clears c % 32 */
static atomic64_t flipped64;    /* core c flips bit c twice a round */
#define FLIPPED64_START 0x5a5a5a5aa5a5a5a5
static atomic64_t cas64;        /* from 0xfffffff0, +0xffffffff (cmpxchg) +1 (try_cmpxchg) a round */
static atomic64_t swapped64;    /* xchg: conserved */
static atomic64_t capped64;     /* add_unless by 1 from 2^32 - NI / 4 to 2^32 - NI / 4 + NI / 2 */
static atomic64_t live64;       /* from 2^32: inc_not_zero always adds */
static atomic64_t dead64;       /* from 0: inc_not_zero never does */
static atomic64_t dec_zero64;   /* from NI: dec_and_test true once */
static atomic64_t sub_zero64;   /* from NI * 0xffffffff: sub_and_test(0xffffffff) true once */
static atomic64_t inc_zero64;   /* from -NI: inc_and_test true once */
static atomic64_t negative64;   /* from NI / 2 * 0x100000001: add_negative(-0x100000001)
                                 * true NI - NI / 2 times */

/* A 64-bit value with the same 32-bit number in both halves. */
static s64 twice(unsigned x)
{
    return (s64)((unsigned long long)x << 32 | x);
}

static void round64(unsigned me, unsigned r, unsigned k)
{
    atomic64_add(0xffffffff, &sum64);
    atomic64_inc(&sum64);
    s64 old = atomic64_fetch_add_orders[k](0x100000000, &sum64);
    sim_check(atomic64_add_return_orders[k](0x80000000, &sum64) >= old + 0x180000000,
              "atomic64_add_return: less than fetch_add's value plus what was added since");
    atomic64_sub(0xffffffff, &down64);
    atomic64_dec(&down64);
    old = atomic64_fetch_sub_orders[k](0x100000000, &down64);
    s64 now = atomic64_sub_return_orders[k](0x80000000, &down64);
    sim_check(now <= old - 0x180000000 && now >= 5, "atomic64_sub_return: more than "
              "fetch_sub's value less what was subtracted since, or below the end");

    s64 base = 0x100000000 - NI;
    take(up64_seen, atomic64_fetch_inc_orders[k](&up64) - base,
         "atomic64_fetch_inc: a ticket twice");
    take(up64_seen, atomic64_inc_return_orders[k](&up64) - 1 - base,
         "atomic64_inc_return: a ticket twice");
    base = 0x100000000 + NI;
    take(down64_seen, base - atomic64_fetch_dec_orders[k](&down64_tickets),
         "atomic64_fetch_dec: a ticket twice");
    take(down64_seen, base - 1 - atomic64_dec_return_orders[k](&down64_tickets),
         "atomic64_dec_return: a ticket twice");

    s64 set = (s64)(1ull << (32 + me % 32)), clr = (s64)1 << (me % 32);
    atomic64_or(set, &setclr64);
    sim_check(atomic64_fetch_or_orders[k](set, &setclr64) & set,
              "atomic64_fetch_or: this core's bit missing from the value returned");
    atomic64_andnot(clr, &setclr64);
    sim_check(!(atomic64_fetch_andnot_orders[k](clr, &setclr64) & clr),
              "atomic64_fetch_andnot: this core's cleared bit set in the value returned");
    atomic64_and(~clr, &setclr64);
    sim_check(!(atomic64_fetch_and_orders[k](~clr, &setclr64) & clr),
              "atomic64_fetch_and: this core's cleared bit set in the value returned");
    s64 flip = (s64)((unsigned long long)1 << me);
    atomic64_xor(flip, &flipped64);
    sim_check((atomic64_fetch_xor_orders[k](flip, &flipped64) ^ FLIPPED64_START) & flip,
              "atomic64_fetch_xor: this core's flip missing from the value returned");

    s64 found;
    old = atomic64_read(&cas64);
    while ((found = atomic64_cmpxchg_orders[k](&cas64, old, old + 0xffffffff)) != old)
        old = found;
    old = atomic64_read(&cas64);
    while (!atomic64_try_cmpxchg_orders[k](&cas64, &old, old + 1))
        ;
    counts[me].swapped64 +=
        (unsigned long long)atomic64_xchg_orders[k](&swapped64, twice(xvalue(me, r)));

    s64 cap = 0x100000000 - NI / 4 + NI / 2;
    if (r % 2) {
        counts[me].added64 += atomic64_add_unless(&capped64, 1, cap);
    } else {
        old = atomic64_fetch_add_unless(&capped64, 1, cap);
        sim_check(old >= 0x100000000 - NI / 4 && old <= cap,
                  "atomic64_fetch_add_unless: went past the cap");
        counts[me].added64 += old != cap;
    }
    sim_check(atomic64_inc_not_zero(&live64),
              "atomic64_inc_not_zero: did not add to a live count");
    sim_check(!atomic64_inc_not_zero(&dead64), "atomic64_inc_not_zero: added to zero");
    counts[me].zero[3] += atomic64_dec_and_test(&dec_zero64);
    counts[me].zero[4] += atomic64_sub_and_test(0xffffffff, &sub_zero64);
    counts[me].zero[5] += atomic64_inc_and_test(&inc_zero64);
    counts[me].negative64 += atomic64_add_negative(-0x100000001, &negative64);
}

/* --- bit operations, a spinlock, xchg() and cmpxchg(), builtins --------- */

/* Core c's bits: bit c is claimed with test_and_set_bit, bit 64 + c set,
 * bit 128 + c cleared (core 0 sets it first), bit 192 + c changed twice a
 * round; every core flips the shared bit 256 with test_and_change_bit. */
#define CLAIMED(c) (c)
#define SET(c) (MAX_CORES + (c))
#define CLEARED(c) (2 * MAX_CORES + (c))
#define CHANGED(c) (3 * MAX_CORES + (c))
#define SHARED_BIT (4 * MAX_CORES)
static volatile unsigned long bitmap[BITS_TO_LONGS(SHARED_BIT + 1)];

static spinlock_t lock = SPINLOCK_INIT;
static volatile unsigned locked;    /* a plain counter under lock */

static volatile unsigned int mcount;    /* +1 by a cmpxchg() loop a round */
static volatile unsigned long long mcount64 __attribute__((aligned(8)));  /* +0xffffffff */
static volatile unsigned int mswap;     /* xchg(): conserved */
static volatile unsigned long long mswap64 __attribute__((aligned(8)));

static volatile int bcount;         /* +3 a round by __atomic and __sync builtins */

static void round_other(unsigned me, unsigned r)
{
    sim_check(test_and_set_bit(CLAIMED(me), bitmap) == (r != 0),
              "test_and_set_bit: wrong old value of this core's bit");
    sim_check(test_bit(CLAIMED(me), bitmap), "test_bit: this core's claimed bit is clear");
    set_bit(SET(me), bitmap);
    sim_check(test_and_clear_bit(CLEARED(me), bitmap) == (r == 0),
              "test_and_clear_bit: wrong old value of this core's bit");
    clear_bit(CLEARED(me), bitmap);
    change_bit(CHANGED(me), bitmap);
    sim_check(test_and_change_bit(CHANGED(me), bitmap),
              "test_and_change_bit: change_bit's change missing");
    counts[me].changed += test_and_change_bit(SHARED_BIT, bitmap);

    if (!spin_trylock(&lock))
        spin_lock(&lock);
    sim_check(!spin_trylock(&lock), "spin_trylock: took a held lock");
    locked = locked + 1;
    spin_unlock(&lock);
    spin_lock(&lock);
    locked = locked + 1;
    spin_unlock(&lock);

    unsigned int old = mcount, found;
    while ((found = cmpxchg(&mcount, old, old + 1)) != old)
        old = found;
    unsigned long long old64 = mcount64, found64;
    while ((found64 = cmpxchg(&mcount64, old64, old64 + 0xffffffff)) != old64)
        old64 = found64;
    counts[me].swapped += xchg(&mswap, xvalue(me, r));
    counts[me].swapped64 += xchg(&mswap64, (unsigned long long)twice(xvalue(me, r)));

    __atomic_fetch_add(&bcount, 1, __ATOMIC_SEQ_CST);
    __sync_fetch_and_add(&bcount, 1);
    int expected = __atomic_load_n(&bcount, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(&bcount, &expected, expected + 1, false,
                                        __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
        ;
}

/* --- the end values ---------------------------------------------------- */

static void expect(s64 got, s64 want, const char *msg)
{
    if (got != want)
        sim_printf("found 0x%x:%x, expected 0x%x:%x\n",
                   (unsigned)((unsigned long long)got >> 32), (unsigned)got,
                   (unsigned)((unsigned long long)want >> 32), (unsigned)want);
    sim_check(got == want, msg);
}

/* Every ticket below 2 NI was handed out. */
static bool all_taken(const volatile unsigned long *seen)
{
    for (unsigned t = 0; t < 2 * NI; t++)
        if (!test_bit(t, seen))
            return false;
    return true;
}

static void start_values(void)
{
    atomic_set(&down, 11 * (int)NI);
    atomic_set(&down_tickets, 2 * (int)NI);
    atomic_set(&setclr, (int)0xffff0000);
    atomic_set(&flipped, FLIPPED_START);
    atomic_set(&live, 1);
    atomic_set(&dec_zero, (int)NI);
    atomic_set(&sub_zero, 3 * (int)NI);
    atomic_set(&inc_zero, -(int)NI);
    atomic_set(&negative, (int)NI / 2);

    atomic64_set(&sum64, SUM64_START);
    atomic64_set(&down64, ((s64)(5 * NI) << 31) + 5);
    atomic64_set(&up64, 0x100000000 - NI);
    atomic64_set(&down64_tickets, 0x100000000 + NI);
    atomic64_set(&setclr64, 0xffffffff);
    atomic64_set(&flipped64, FLIPPED64_START);
    atomic64_set(&cas64, 0xfffffff0);
    atomic64_set(&capped64, 0x100000000 - NI / 4);
    atomic64_set(&live64, 0x100000000);
    atomic64_set(&dec_zero64, NI);
    atomic64_set(&sub_zero64, ((s64)NI << 32) - NI);
    atomic64_set(&inc_zero64, -(s64)NI);
    atomic64_set(&negative64, twice(NI / 2));

    for (unsigned c = 0; c < n; c++)
        set_bit(CLEARED(c), bitmap);
}

static void check_end_values(void)
{
    struct counts total = { 0 };
    for (unsigned c = 0; c < n; c++) {
        total.added += counts[c].added;
        total.added64 += counts[c].added64;
        for (unsigned i = 0; i < 6; i++)
            total.zero[i] += counts[c].zero[i];
        total.negative += counts[c].negative;
        total.negative64 += counts[c].negative64;
        total.swapped += counts[c].swapped;
        total.swapped64 += counts[c].swapped64;
        total.changed += counts[c].changed;
    }
    /* xvalue() takes each of 1 .. NI once, in each xchg family */
    unsigned written = NI * (NI + 1) / 2;

    expect(atomic_read(&sum), 11 * (int)NI, "atomic_add/inc/fetch_add/add_return: wrong sum");
    expect(atomic_read(&down), 0, "atomic_sub/dec/fetch_sub/sub_return: wrong difference");
    expect(atomic_read(&up_tickets), 2 * (int)NI, "atomic_fetch_inc/inc_return: wrong count");
    sim_check(all_taken(up_seen), "atomic_fetch_inc/inc_return: a ticket never handed out");
    expect(atomic_read(&down_tickets), 0, "atomic_fetch_dec/dec_return: wrong count");
    sim_check(all_taken(down_seen), "atomic_fetch_dec/dec_return: a ticket never handed out");
    unsigned mask16 = 0, mask32 = 0;
    for (unsigned c = 0; c < n; c++) {
        mask16 |= 1u << (c % 16);
        mask32 |= 1u << (c % 32);
    }
    expect(atomic_read(&setclr), (int)((0xffff0000 & ~(mask16 << 16)) | mask16),
           "atomic_or/andnot/and and fetch_: wrong bits");
    expect(atomic_read(&flipped), FLIPPED_START, "atomic_xor/fetch_xor: wrong bits");
    expect(atomic_read(&cas), 2 * (int)NI, "atomic_cmpxchg/try_cmpxchg loops: wrong count");
    expect(xlocked, NI, "atomic_xchg: the lock let two cores in");
    expect(total.swapped + (unsigned)atomic_read(&swapped) + mswap, 2 * written,
           "atomic_xchg/xchg(): what they returned and left is not what was written");
    expect(atomic_read(&capped), (int)NI / 2, "atomic_add_unless: wrong end value");
    expect(total.added, NI / 2, "atomic_add_unless/fetch_add_unless: wrong number of adds");
    expect(atomic_read(&live), 1 + (int)NI, "atomic_inc_not_zero: wrong count");
    expect(atomic_read(&dead), 0, "atomic_inc_not_zero: added to zero");
    expect(atomic_read(&dec_zero), 0, "atomic_dec_and_test: wrong end value");
    expect(total.zero[0], 1, "atomic_dec_and_test: not true exactly once");
    expect(atomic_read(&sub_zero), 0, "atomic_sub_and_test: wrong end value");
    expect(total.zero[1], 1, "atomic_sub_and_test: not true exactly once");
    expect(atomic_read(&inc_zero), 0, "atomic_inc_and_test: wrong end value");
    expect(total.zero[2], 1, "atomic_inc_and_test: not true exactly once");
    expect(atomic_read(&negative), (int)NI / 2 - (int)NI, "atomic_add_negative: wrong end value");
    expect(total.negative, NI - NI / 2, "atomic_add_negative: wrong number of negatives");

    expect(atomic64_read(&sum64), SUM64_START + ((s64)(5 * NI) << 31),
           "atomic64_add/inc/fetch_add/add_return: wrong sum");
    expect(atomic64_read(&down64), 5, "atomic64_sub/dec/fetch_sub/sub_return: wrong difference");
    expect(atomic64_read(&up64), 0x100000000 + NI, "atomic64_fetch_inc/inc_return: wrong count");
    sim_check(all_taken(up64_seen), "atomic64_fetch_inc/inc_return: a ticket never handed out");
    expect(atomic64_read(&down64_tickets), 0x100000000 - NI,
           "atomic64_fetch_dec/dec_return: wrong count");
    sim_check(all_taken(down64_seen),
              "atomic64_fetch_dec/dec_return: a ticket never handed out");
    expect(atomic64_read(&setclr64), (s64)((unsigned long long)mask32 << 32 | (0xffffffff & ~mask32)),
           "atomic64_or/andnot/and and fetch_: wrong bits");
    expect(atomic64_read(&flipped64), FLIPPED64_START, "atomic64_xor/fetch_xor: wrong bits");
    expect(atomic64_read(&cas64), 0xfffffff0 + ((s64)NI << 32),
           "atomic64_cmpxchg/try_cmpxchg loops: wrong count");
    expect((s64)(total.swapped64 + (unsigned long long)atomic64_read(&swapped64) + mswap64),
           twice(written) * 2, "atomic64_xchg/xchg(): what they returned and left is not "
           "what was written");
    expect(atomic64_read(&capped64), 0x100000000 - NI / 4 + NI / 2,
           "atomic64_add_unless: wrong end value");
    expect(total.added64, NI / 2, "atomic64_add_unless/fetch_add_unless: wrong number of adds");
    expect(atomic64_read(&live64), 0x100000000 + NI, "atomic64_inc_not_zero: wrong count");
    expect(atomic64_read(&dead64), 0, "atomic64_inc_not_zero: added to zero");
    expect(atomic64_read(&dec_zero64), 0, "atomic64_dec_and_test: wrong end value");
    expect(total.zero[3], 1, "atomic64_dec_and_test: not true exactly once");
    expect(atomic64_read(&sub_zero64), 0, "atomic64_sub_and_test: wrong end value");
    expect(total.zero[4], 1, "atomic64_sub_and_test: not true exactly once");
    expect(atomic64_read(&inc_zero64), 0, "atomic64_inc_and_test: wrong end value");
    expect(total.zero[5], 1, "atomic64_inc_and_test: not true exactly once");
    expect(atomic64_read(&negative64), twice(NI / 2) - twice(NI),
           "atomic64_add_negative: wrong end value");
    expect(total.negative64, NI - NI / 2, "atomic64_add_negative: wrong number of negatives");

    bool bits_ok = true;
    for (unsigned c = 0; c < MAX_CORES; c++) {
        bits_ok &= test_bit(CLAIMED(c), bitmap) == (c < n);
        bits_ok &= test_bit(SET(c), bitmap) == (c < n);
        bits_ok &= !test_bit(CLEARED(c), bitmap) && !test_bit(CHANGED(c), bitmap);
    }
    sim_check(bits_ok, "set_bit/clear_bit/change_bit/test_and_*_bit: wrong bits");
    expect(test_bit(SHARED_BIT, bitmap), NI % 2, "test_and_change_bit: wrong shared bit");
    expect(total.changed, NI / 2, "test_and_change_bit: wrong number of old 1s");
    expect(locked, 2 * NI, "spin_lock: the lock let two cores in");
    expect(mcount, NI, "cmpxchg() loop on unsigned int: wrong count");
    expect((s64)mcount64, ((s64)NI << 32) - NI, "cmpxchg() loop on unsigned long long: wrong sum");
    expect(bcount, 3 * (int)NI, "__atomic_fetch_add/__sync_fetch_and_add/"
           "__atomic_compare_exchange_n: wrong count");
}

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        n = sim_ncpus();
        NI = n * ITER;
        sim_check(n <= MAX_CORES, "too many cores");
        start_values();
    }
    sim_barrier();
    for (unsigned r = 0; r < ITER; r++) {
        unsigned k = (me + r) % 4;    /* the cores take different orderings at once */
        round32(me, r, k);
        round64(me, r, k);
        round_other(me, r);
    }
    sim_barrier();
    if (me == 0) {
        check_end_values();
        sim_printf("%u cores, %u rounds each: checked\n", n, ITER);
    }
    return 0;
}
