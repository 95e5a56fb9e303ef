/* Linux system-call numbers of x86_64. */
#define LINUX_SYS_write 1
#define LINUX_SYS_exit 60
#define LINUX_SYS_exit_group 231
