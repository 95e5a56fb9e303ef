/* counter-atomic.c — counter.c with each cpu's own atomic increment.
 *
 *   sparc32  a test-and-test-and-set spinlock taken with `ldstub` (SPARC V8
 *            has no atomic add; Linux builds every atomic op this way)
 *   x86      one `lock incl` (the LOCK prefix makes the read-modify-write
 *            atomic)
 *   arm      `ldrex` ... `strex`, retried until the store-exclusive succeeds
 *   aarch64  one LSE `stadd` (ARMv8.1); with -mno-lse, `ldxr` ... `stxr`,
 *            retried until the store-exclusive succeeds
 *   riscv64  one AMO, `amoadd.w`
 *
 * No schedule loses an update: core 0's check always holds.
 */
#include <atomsim.h>

#ifndef ITER
#define ITER 200
#endif

volatile unsigned counter;

#if defined(__sparc__)
static volatile unsigned char counter_lock;

static void atomic_inc(volatile unsigned *p)
{
    unsigned tmp;
    __asm__ volatile(
        "1:     ldstub  [%2], %0\n"     /* take the lock: old byte, store 0xff */
        "       orcc    %0, %%g0, %%g0\n"
        "       be      3f\n"
        "        nop\n"
        "2:     ldub    [%2], %0\n"     /* held: spin reading until it is free */
        "       orcc    %0, %%g0, %%g0\n"
        "       bne     2b\n"
        "        nop\n"
        "       b       1b\n"
        "        nop\n"
        "3:     ld      [%1], %0\n"     /* locked: plain read-modify-write */
        "       add     %0, 1, %0\n"
        "       st      %0, [%1]\n"
        "       stb     %%g0, [%2]\n"   /* release */
        : "=&r"(tmp)
        : "r"(p), "r"(&counter_lock)
        : "memory", "cc");
}
#elif defined(__i386__) || defined(__x86_64__)
static void atomic_inc(volatile unsigned *p)
{
    __asm__ volatile("lock incl %0" : "+m"(*p) : : "memory", "cc");
}
#elif defined(__arm__)
static void atomic_inc(volatile unsigned *p)
{
    unsigned tmp, failed;
    __asm__ volatile(
        "1:     ldrex   %0, [%2]\n"
        "       add     %0, %0, #1\n"
        "       strex   %1, %0, [%2]\n" /* 0 if the reservation held */
        "       teq     %1, #0\n"
        "       bne     1b\n"
        : "=&r"(tmp), "=&r"(failed)
        : "r"(p)
        : "memory", "cc");
}
#elif defined(__aarch64__) && defined(__ARM_FEATURE_ATOMICS)
static void atomic_inc(volatile unsigned *p)
{
    __asm__ volatile("stadd   %w1, [%0]" : : "r"(p), "r"(1) : "memory");
}
#elif defined(__aarch64__)
static void atomic_inc(volatile unsigned *p)
{
    unsigned tmp, failed;
    __asm__ volatile(
        "1:     ldxr    %w0, [%2]\n"
        "       add     %w0, %w0, #1\n"
        "       stxr    %w1, %w0, [%2]\n" /* 0 if the reservation held */
        "       cbnz    %w1, 1b\n"
        : "=&r"(tmp), "=&r"(failed)
        : "r"(p)
        : "memory");
}
#elif defined(__riscv)
static void atomic_inc(volatile unsigned *p)
{
    /* One AMO, as the riscv kernel's atomic_inc: amoadd.w, result discarded. */
    __asm__ volatile("amoadd.w zero, %1, %0" : "+A"(*p) : "r"(1) : "memory");
}
#else
#error "counter-atomic.c: no atomic increment for this cpu"
#endif

int main(void)
{
    for (int i = 0; i < ITER; i++)
        atomic_inc(&counter);

    sim_barrier();
    if (sim_cpu_id() == 0) {
        unsigned expected = ITER * sim_ncpus();
        sim_printf("counter = %u, expected %u\n", counter, expected);
        sim_check(counter == expected, "lost update: counter != ITER * ncpus");
    }
    return 0;
}
