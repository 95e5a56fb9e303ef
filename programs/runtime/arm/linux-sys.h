/* Linux system-call numbers of arm EABI. */
#define LINUX_SYS_write 4
#define LINUX_SYS_exit 1
#define LINUX_SYS_exit_group 248
