/* litmus-file.h — a litmus test as herdtools7 writes it, parsed.
 *
 * The format (herd7's, as in its catalogues and the Linux kernel's
 * tools/memory-model/litmus-tests/):
 *
 *   ARCH NAME                     X86, X86_64, ARM, AArch64, RISCV, SPARC, C
 *   "optional doc string"         and lines KEY=VALUE (Com=, Orig=, Hash=...)
 *   { x=0; 0:EAX=0; 0:R2=x;       the initial state: locations, and thread
 *     int64_t z; uint64_t 0:X0; }   registers (a value, or a location's address)
 *   P0          | P1          ;   assembly: a column per thread, rows of one
 *   MOV [x],$1  | MOV [y],$1  ;   instruction (or label) per thread, ';'-ended
 *   P0(int *x, int *y) { ... }    or C: one function per thread
 *   locations [x; 0:EAX;]         optional: more values to show
 *   filter (0:EAX=1)              optional: executions to keep
 *   exists (0:EAX=0 /\ 1:EAX=0)   the final condition: exists, ~exists, forall
 *
 * Comments are OCaml's (* ... *) (nested), and in C bodies C's own.  A line
 * "Result: Never" (or Sometimes, Always) inside a comment is the verdict the
 * test expects (the kernel's tests carry one); "Atomsim: Never (reason)" the
 * verdict atomsim's model is known to give where it is stricter than the
 * architecture's (and, in a C test, "Atomsim x86 sparc32: Never (reason)" for
 * some cpus only).
 *
 * litmus_parse knows no ISA: instructions are kept as text, for the cpu's
 * litmus dialect (cpus/) to assemble.  Errors name the file, the line and
 * what was expected: "SB.litmus:7: expected '|' or ';' after an instruction".
 */
#ifndef ATOMSIM_LITMUS_FILE_H
#define ATOMSIM_LITMUS_FILE_H

#include <stdbool.h>
#include <stdint.h>
#include <glib.h>

/* A value in the initial state or the condition: a number, or the address
 * of a location (0:R2=x). */
struct litmus_value {
    bool is_addr;
    int64_t num;                /* when !is_addr */
    char *sym;                  /* when is_addr: the location's name */
};

/* A location, or a thread's register (thread >= 0), with its type as
 * written ("int" when none: herd's default; "int64_t", "uint64_t", "int*",
 * "atomic_t", "spinlock_t" ...) and its initial value (0 when none). */
/* litmus_var.thread of a symbolic register of herd's ("%x0=x"): whichever
 * thread names it in its code gets a spare register of its own for it. */
#define LITMUS_SYMBOLIC (-2)

struct litmus_var {
    int thread;                 /* -1: a location; LITMUS_SYMBOLIC */
    char *name;                 /* "x", "EAX", "R2", "X0", "r0" as written */
    char *type;
    struct litmus_value init;
    unsigned line;
};

/* One thread.  Assembly: its instructions, a row of the table each ("" for
 * an empty cell), and the file line of each row.  C: its parameters and its
 * body as written (without the braces). */
struct litmus_thread {
    unsigned id;                /* P<id> */
    GPtrArray *insns;           /* char *, assembly (NULL for C) */
    GArray *insn_lines;         /* unsigned, the line of each insn */
    char *c_params;             /* C: "int *x, int *y" (NULL for assembly) */
    char *c_body;               /* C: between the outer braces */
    unsigned line;              /* where the thread starts */
};

enum litmus_quantifier { LITMUS_EXISTS, LITMUS_NOT_EXISTS, LITMUS_FORALL };

enum litmus_cond_kind {
    COND_TRUE, COND_FALSE,
    COND_EQ,                    /* an atom: var = value */
    COND_NE,                    /* var != value */
    COND_NOT, COND_AND, COND_OR, COND_IMPLIES,
};

struct litmus_cond {
    enum litmus_cond_kind kind;
    /* COND_EQ/NE: a thread's register (thread >= 0) or a location (-1;
     * written x or [x]) against a value */
    int thread;
    char *name;
    struct litmus_value value;
    struct litmus_cond *left, *right;   /* NOT: left only */
};

/* A variable the final state shows: a register of a thread, or a
 * location. */
struct litmus_observable {
    int thread;                 /* -1: a location */
    char *name;
};

struct litmus_test {
    char *file;                 /* as given, for messages */
    char *arch;                 /* as written: "X86", "AArch64", "C" ... */
    char *name;
    GPtrArray *vars;            /* struct litmus_var *: the initial state, in order */
    GPtrArray *threads;         /* struct litmus_thread *, by id 0 .. n-1 */
    GPtrArray *locations;       /* struct litmus_observable *: locations [...] */
    struct litmus_cond *filter; /* or NULL */
    enum litmus_quantifier quantifier;
    struct litmus_cond *cond;
    char *expected;             /* "Never", "Sometimes", "Always", or NULL */
    /* Atomsim lines: the cpus they name (NULL: every cpu) and the verdict */
    GPtrArray *atomsim_expected;        /* struct litmus_expectation * */
};

struct litmus_expectation {
    char **cpus;                /* NULL: every cpu */
    char *verdict;              /* "Never", "Sometimes", "Always" */
    char *why;                  /* what follows the verdict, or "" */
};

/* Parse text (len bytes, not necessarily NUL-terminated) from file; NULL
 * with error (ATOMSIM_ERROR_INPUT, "FILE:LINE: ...") if it is not a litmus
 * test.  Bounded: no recursion deeper than LITMUS_MAX_DEPTH, no more than
 * LITMUS_MAX_THREADS threads. */
#define LITMUS_MAX_DEPTH 64
#define LITMUS_MAX_THREADS 16
struct litmus_test *litmus_parse(const char *text, gsize len, const char *file, GError **error);
/* Read and parse a file. */
struct litmus_test *litmus_load(const char *path, GError **error);
void litmus_test_free(struct litmus_test *t);
typedef struct litmus_test litmus_test;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(litmus_test, litmus_test_free)

/* The verdict the test expects on cpu (its Atomsim line for cpu, else its
 * Result line), or NULL. */
const char *litmus_expected_on(const struct litmus_test *t, const char *cpu, const char **why);

/* The initial state's entry for a thread's register (thread >= 0) or a
 * location (-1), or NULL. */
const struct litmus_var *litmus_var_of(const struct litmus_test *t, int thread, const char *name);

/* The values the final state shows, in herd7's order: the condition's and
 * the filter's registers and locations, then those of locations [...], each
 * once; registers before locations, registers by thread then name (to free:
 * g_ptr_array_unref). */
GPtrArray *litmus_observables(const struct litmus_test *t);

/* Evaluate c: lookup gives the final value of a register (thread >= 0) or
 * location, or of a location's address (for values that are addresses). */
typedef int64_t (*litmus_lookup)(void *ctx, int thread, const char *name);
typedef int64_t (*litmus_address)(void *ctx, const char *sym);
bool litmus_cond_eval(const struct litmus_cond *c, litmus_lookup value, litmus_address addr,
                      void *ctx);

/* The condition as herd7 prints it: "exists (0:EAX=0 /\ 1:EAX=0)" (to free). */
char *litmus_condition_text(const struct litmus_test *t);

#endif
