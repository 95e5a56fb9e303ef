/* riscv64 entry and system-call instruction (Linux: ecall, a7 = number,
 * a0 a1 a2 = arguments, a0 = result or -errno).  Guests are built
 * -mno-relax, so gp is never used and needs no setting. */
        .text
        .global _start
_start:
        andi    sp, sp, -16
        call    __sim_main
        call    __sim_start_exit

        .global sim_syscall
        .type   sim_syscall, @function
sim_syscall:
        mv      a7, a0
        mv      a0, a1
        mv      a1, a2
        mv      a2, a3
        ecall
        ret
        .size   sim_syscall, .-sim_syscall
        .section .note.GNU-stack,"",@progbits
