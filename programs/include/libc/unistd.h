/* unistd.h — what of POSIX's <unistd.h> a threaded guest uses
 * (programs/libc/unistd.c).  atomsim models no clock: sleeping returns at
 * once, so a program that sleeps to let another thread go first is run
 * without that help, as a loaded machine might. */
#ifndef ATOMSIM_UNISTD_H
#define ATOMSIM_UNISTD_H

unsigned sleep(unsigned seconds);
int usleep(unsigned long usec);

#endif
