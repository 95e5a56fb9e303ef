/* limits.h — the compiler's own.  gcc's looks for the C library's after
 * itself unless the C library's is already in: this file stands for it. */
#ifndef _LIBC_LIMITS_H_
#define _LIBC_LIMITS_H_
#include_next <limits.h>
#endif
