/* x86_64 entry and system-call instruction (Linux: syscall, rax = number,
 * rdi rsi rdx = arguments, rax = result or -errno). */
        .text
        .global _start
_start:
        andq    $-16, %rsp
        call    __sim_main
        movl    %eax, %edi
        call    __sim_start_exit

        .global sim_syscall
        .type   sim_syscall, @function
sim_syscall:
        movq    %rdi, %rax
        movq    %rsi, %rdi
        movq    %rdx, %rsi
        movq    %rcx, %rdx
        syscall
        ret
        .size   sim_syscall, .-sim_syscall
        .section .note.GNU-stack,"",@progbits
