/* arm (EABI) entry and system-call instruction (Linux: svc #0, r7 = number,
 * r0.. = arguments, r0 = result or -errno). */
        .text
        .arm
        .global _start
_start:
        bic     sp, sp, #7
        bl      __sim_main
        bl      __sim_start_exit

        .global sim_syscall
        .type   sim_syscall, %function
sim_syscall:
        push    {r7, lr}
        mov     r7, r0
        mov     r0, r1
        mov     r1, r2
        mov     r2, r3
        svc     #0
        pop     {r7, pc}
        .size   sim_syscall, .-sim_syscall

/* libgcc's division helpers call raise(SIGFPE) on a division by zero:
 * end the core with 128 + the signal number, as a shell would report it. */
        .global raise
        .type   raise, %function
raise:
        add     r0, r0, #128
        b       sim_exit
        .size   raise, .-raise
        .section .note.GNU-stack,"",%progbits
