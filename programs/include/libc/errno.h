/* errno.h — the error numbers the small libc's functions return (Linux's
 * generic numbering, the same on every cpu here, whatever its kernel
 * numbers), and errno, one per thread (programs/libc/errno.c). */
#ifndef ATOMSIM_ERRNO_H
#define ATOMSIM_ERRNO_H

#define EPERM 1
#define ENOENT 2
#define ESRCH 3
#define EINTR 4
#define EAGAIN 11
#define ENOMEM 12
#define EBUSY 16
#define EINVAL 22
#define ERANGE 34
#define EDEADLK 35
#define ENOSYS 38
#define ETIMEDOUT 110
#define EWOULDBLOCK EAGAIN

int *__errno_location(void);
#define errno (*__errno_location())

#endif
