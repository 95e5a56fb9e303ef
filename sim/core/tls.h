/* tls.h — where each core's thread-local storage goes: a copy of the
 * program's PT_TLS template at the top of the core's stack, and the thread
 * pointer its cpu's ABI finds it from (cpu.h, set_thread_pointer); the
 * machine (machine.c) puts them there at each reset. */
#ifndef ATOMSIM_TLS_H
#define ATOMSIM_TLS_H

#include <stdint.h>

#include "cpus/cpu.h"
#include "loader.h"

/* The bytes each core keeps at the top of its stack for its block (whole
 * pages; 0 if the program has no thread-local storage). */
uint64_t tls_area_size(const struct tls_template *t);

struct tls_place {
    uint64_t tp;                /* the thread pointer */
    uint64_t block;             /* the block's first byte */
    uint64_t stack_top;         /* below both, 16-byte aligned: where the stack may begin */
};

/* Where the block and thread pointer of a core whose stack ends at
 * stack_hi go, for a template with memsz > 0. */
struct tls_place tls_place(const struct cpu_ops *cpu, const struct tls_template *t,
                           uint64_t stack_hi);

#endif
