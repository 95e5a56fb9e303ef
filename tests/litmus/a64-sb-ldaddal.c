/* Litmus a64-sb-ldaddal: a64-sb-ldadd.c with ldaddal, the acquire-release
 * form the kernel's fully ordered atomic_fetch_add() is on arm64 LSE.  Both
 * cores reading 0 fails the check.
 *
 * Forbidden: the flag's store is ordered before ldaddal's write (Arm ARM
 * B2.3, Barrier-ordered-before: every access before a Write with Release
 * semantics), and the Write of an atomic instruction with both Acquire and
 * Release semantics is ordered before every later access (the same list),
 * so the load of the other flag comes after the store of this one.
 *
 * Cpus: aarch64
 *
 * Memory: sc arm
 * Search: dfs:4
 * Result: Never
 */
#define LDADD "ldaddal"
#include "a64-sb-ldadd.c"
