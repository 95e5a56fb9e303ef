/* compared.h — the constants a program compares with, which its nondet
 * draws try beside 0, 1, -1 and the type's bounds (guest_call_domain).
 *
 * A bound such as `assume(n >= 20 && n < 40)` holds of none of those, and
 * of a random 32-bit value once in 2^28 draws; the constants 19 and 39 it
 * compares with, and their neighbours, meet it (as a fuzzer's dictionary
 * of comparison operands does).  The program's own code (loader.h:
 * program_lo, program_hi) is read once, instruction by instruction, with
 * the cpu's compare_constant; the libraries' is not.
 */
#ifndef ATOMSIM_COMPARED_H
#define ATOMSIM_COMPARED_H

#include <stdint.h>
#include "cpus/cpu.h"
#include "loader.h"

/* The constants kept: the first ones in the code, each once; and the most
 * bytes of code read for them. */
#define COMPARED_MAX 8
#define COMPARED_SCAN_MAX (4u << 20)

struct compared {
    unsigned n;
    int64_t k[COMPARED_MAX];
};

/* The constants img's own code compares with (none if its link did not
 * mark its code). */
void compared_scan(struct compared *out, const struct cpu_ops *cpu, const struct image *img);

/* The values a draw of `bits` bits tries for them: each constant, then one
 * more and one less (a bound and its neighbours), as the type has them;
 * at most max, into values; their number. */
unsigned compared_values(const struct compared *c, unsigned bits, uint64_t *values,
                         unsigned max);

#endif
