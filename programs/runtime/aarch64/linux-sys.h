/* Linux system-call numbers of arm64 (the asm-generic table). */
#define LINUX_SYS_write 64
#define LINUX_SYS_exit 93
#define LINUX_SYS_exit_group 94
