/* explain-roles.h — what each instruction of a primitive does, and how the
 * primitive is ordered: the analysis behind `atomsim explain` (explain.c
 * reads the code and prints it). */
#ifndef ATOMSIM_EXPLAIN_ROLES_H
#define ATOMSIM_EXPLAIN_ROLES_H

#include <stdbool.h>
#include <stdint.h>
#include <glib.h>

#include "cpus/cpu.h"

#define TEXT_MAX 96

struct line {
    uint64_t pc;
    char text[TEXT_MAX];
    struct insn_info info;
    bool branch, backward;
    uint64_t target;
    const char *role;           /* NULL: bookkeeping */
    bool lock;                  /* an atomic instruction that takes a lock */
};

struct explained {
    const struct cpu_ops *cpu;
    char *path;
    char *shown;                /* the library's function shown */
    GArray *lines;              /* struct line */
};

/* Give every line of x its role; lines that are bookkeeping get none. */
void assign_roles(struct explained *x);
/* One sentence: how the primitive is ordered under the cpu's own memory
 * model (to free). */
char *ordering_of(const struct explained *x);

#endif
