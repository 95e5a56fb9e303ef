/* tls.c — see tls.h.  The layouts are the ELF TLS ABI's (Drepper, "ELF
 * Handling For Thread-Local Storage", 3.4.6, as each psABI takes it up):
 * variant I (arm, aarch64, riscv64) puts the block after a thread control
 * block at the thread pointer; variant II (i386, x86-64, SPARC) ends the
 * block at the thread pointer, where the TCB's first word points at itself
 * (`movl %gs:0, %eax` reads the thread pointer).  A static program has one
 * module, so the linker has already turned every access into a fixed
 * offset from the thread pointer. */
#include "tls.h"

static uint64_t align_up(uint64_t v, uint64_t a)
{
    return (v + a - 1) & ~(a - 1);
}

uint64_t tls_area_size(const struct tls_template *t)
{
    if (t->memsz == 0)
        return 0;
    /* the block, room to align it and the thread pointer, a TCB (at most
     * 16 bytes) or the self pointer, and the stack's 16-byte alignment */
    return align_up(align_up(t->memsz, t->align) + 2 * t->align + 32, IMAGE_PAGE);
}

struct tls_place tls_place(const struct cpu_ops *cpu, const struct tls_template *t,
                           uint64_t stack_hi)
{
    uint64_t size = align_up(t->memsz, t->align);
    struct tls_place p;
    if (cpu->tls_below) {
        p.tp = (stack_hi - 16) & ~(MAX(t->align, 16) - 1);
        p.block = p.tp - size;
    } else {
        p.block = (stack_hi - size) & ~(t->align - 1);
        p.tp = p.block - align_up(cpu->tls_tcb, t->align);
    }
    p.stack_top = MIN(p.block, p.tp) & ~15ull;
    return p;
}
