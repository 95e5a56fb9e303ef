/* c11-arch.h — sparc32's C11 atomics take locks (lock-table.c): none is
 * lock-free. */
#define C11_LOCK_FREE_SIZE 0
