/* sparc32 entry and system-call instruction (Linux: ta 0x10, %g1 = number,
 * %o0.. = arguments; on error the carry flag is set and %o0 is errno.
 * atomsim leaves the carry clear and returns -errno, so clear it first). */
        .text
        .global _start
_start:
        and     %sp, -8, %sp
        sub     %sp, 96, %sp            ! register-window save area + outgoing args
        call    __sim_main
         nop
        call    __sim_start_exit
         nop

        .global sim_syscall
        .type   sim_syscall, #function
sim_syscall:
        mov     %o0, %g1
        mov     %o1, %o0
        mov     %o2, %o1
        mov     %o3, %o2
        subcc   %g0, %g0, %g0           ! carry clear
        ta      0x10
        bcc     1f
         nop
        sub     %g0, %o0, %o0           ! carry set: return -errno
1:      retl
         nop
        .size   sim_syscall, .-sim_syscall

        .section .note.GNU-stack,"",@progbits
