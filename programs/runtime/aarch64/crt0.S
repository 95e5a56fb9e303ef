/* aarch64 entry and system-call instruction (Linux: svc #0, x8 = number,
 * x0.. = arguments, x0 = result or -errno). */
        .text
        .global _start
_start:
        mov     x0, sp
        and     x0, x0, #~15
        mov     sp, x0
        bl      __sim_main
        bl      __sim_start_exit

        .global sim_syscall
        .type   sim_syscall, %function
sim_syscall:
        mov     x8, x0
        mov     x0, x1
        mov     x1, x2
        mov     x2, x3
        svc     #0
        ret
        .size   sim_syscall, .-sim_syscall
        .section .note.GNU-stack,"",%progbits
