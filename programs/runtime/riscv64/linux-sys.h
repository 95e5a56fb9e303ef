/* Linux system-call numbers of riscv64 (the generic table). */
#define LINUX_SYS_write 64
#define LINUX_SYS_exit 93
#define LINUX_SYS_exit_group 94
