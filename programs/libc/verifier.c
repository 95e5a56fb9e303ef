/* verifier.c — SV-COMP's verification harness (the __VERIFIER_* functions
 * of the competition's rules, https://sv-comp.sosy-lab.org/rules.php):
 *   __VERIFIER_atomic_begin/end   no other core runs between them (a
 *                                 function named __VERIFIER_atomic_* runs
 *                                 so as well: atomsim reads the names)
 *   __VERIFIER_nondet_<type>      a value from the run's seed: each core's
 *                                 k-th value depends on --seed, the core and
 *                                 k only, so the reproduce line gives it again
 *   __VERIFIER_assume(cond)       a run where cond is false ends quietly
 *                                 (counted apart, never a finding)
 *   __VERIFIER_error()            a finding, as reach_error() is (the
 *                                 competition's error function until
 *                                 2020: in a program without reach_error,
 *                                 atomsim's harness watches this one)
 * Under qemu-user every value is 0 and a false assumption ends the program.
 */
#include <stdbool.h>
#include <atomsim.h>
#include "libc-private.h"
#include "linux-sys.h"

/* Weak: a program may define any of them itself, and its own is the one
 * linked (SV-COMP's tasks of 2020 and before define __VERIFIER_atomic_begin
 * and _end as a lock taken on an assumption; atomsim then runs theirs as it
 * runs every __VERIFIER_atomic_ function: atomically). */
#pragma weak __VERIFIER_atomic_begin
#pragma weak __VERIFIER_atomic_end
#pragma weak __VERIFIER_nondet_int
#pragma weak __VERIFIER_nondet_uint
#pragma weak __VERIFIER_nondet_unsigned
#pragma weak __VERIFIER_nondet_long
#pragma weak __VERIFIER_nondet_ulong
#pragma weak __VERIFIER_nondet_longlong
#pragma weak __VERIFIER_nondet_ulonglong
#pragma weak __VERIFIER_nondet_short
#pragma weak __VERIFIER_nondet_ushort
#pragma weak __VERIFIER_nondet_char
#pragma weak __VERIFIER_nondet_uchar
#pragma weak __VERIFIER_nondet_bool
#pragma weak __VERIFIER_nondet_pointer
#pragma weak __VERIFIER_nondet_size_t
#pragma weak __VERIFIER_assume
#pragma weak __VERIFIER_error

void __VERIFIER_atomic_begin(void)
{
    sim_syscall(SIM_SYS_ATOMIC, 1, 0, 0);
}

void __VERIFIER_atomic_end(void)
{
    sim_syscall(SIM_SYS_ATOMIC, 0, 0, 0);
}

/* Under atomsim (which has cores to count), a value; else 0. */
static unsigned long long nondet(unsigned bits)
{
    if (sim_syscall(SIM_SYS_NCPUS, 0, 0, 0) <= 0)
        return 0;
    return (unsigned long long)sim_syscall(SIM_SYS_NONDET, bits, 0, 0);
}

/* On a 32-bit cpu the call returns 32 bits: two calls make 64. */
static unsigned long long nondet64(void)
{
    if (sizeof(long) == 8)
        return nondet(64);
    return nondet(32) << 32 | (unsigned)nondet(32);
}

int __VERIFIER_nondet_int(void) { return (int)nondet(32); }
unsigned int __VERIFIER_nondet_uint(void) { return (unsigned)nondet(32); }
unsigned int __VERIFIER_nondet_unsigned(void) { return (unsigned)nondet(32); }
long __VERIFIER_nondet_long(void) { return (long)nondet64(); }
unsigned long __VERIFIER_nondet_ulong(void) { return (unsigned long)nondet64(); }
long long __VERIFIER_nondet_longlong(void) { return (long long)nondet64(); }
unsigned long long __VERIFIER_nondet_ulonglong(void) { return nondet64(); }
short __VERIFIER_nondet_short(void) { return (short)nondet(16); }
unsigned short __VERIFIER_nondet_ushort(void) { return (unsigned short)nondet(16); }
char __VERIFIER_nondet_char(void) { return (char)nondet(8); }
unsigned char __VERIFIER_nondet_uchar(void) { return (unsigned char)nondet(8); }
_Bool __VERIFIER_nondet_bool(void) { return nondet(1) != 0; }
void *__VERIFIER_nondet_pointer(void) { return (void *)(unsigned long)nondet64(); }
unsigned long __VERIFIER_nondet_size_t(void) { return (unsigned long)nondet64(); }

void __VERIFIER_assume(int cond)
{
    if (cond)
        return;
    for (;;) {
        sim_syscall(SIM_SYS_ASSUME, 0, 0, 0);
        sim_syscall(LINUX_SYS_exit_group, 0, 0, 0);     /* qemu-user */
    }
}

void __VERIFIER_error(void) __attribute__((noreturn));
void __VERIFIER_error(void)
{
    __libc_abort("__VERIFIER_error() reached", NULL, 0, CALLER_PC());
}
