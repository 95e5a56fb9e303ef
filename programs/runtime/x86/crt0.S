/* i386 entry and system-call instruction (Linux: int $0x80, eax = number,
 * ebx ecx edx = arguments, eax = result or -errno). */
        .text
        .global _start
_start:
        andl    $-16, %esp
        call    __sim_main
        subl    $12, %esp
        pushl   %eax
        call    __sim_start_exit

        .global sim_syscall
        .type   sim_syscall, @function
sim_syscall:
        pushl   %ebx
        movl    8(%esp), %eax
        movl    12(%esp), %ebx
        movl    16(%esp), %ecx
        movl    20(%esp), %edx
        int     $0x80
        popl    %ebx
        ret
        .size   sim_syscall, .-sim_syscall
        .section .note.GNU-stack,"",@progbits
