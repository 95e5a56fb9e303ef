/* test-litmus-file.c — sim/litmus/litmus-file.h: herd7 litmus files of
 * every dialect parsed (header, initial state, threads, comments' verdicts),
 * their conditions evaluated and printed, their observables in herd7's
 * order, and the errors a bad file gets: each names the file, the line and
 * what was expected. */
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "base/error.h"
#include "litmus/litmus-file.h"

/* text parsed as T.litmus; it must parse */
static struct litmus_test *parse(const char *text)
{
    GError *error = NULL;
    struct litmus_test *t = litmus_parse(text, strlen(text), "T.litmus", &error);
    g_assert_no_error(error);
    g_assert_nonnull(t);
    return t;
}

/* text must fail with exactly the message want */
static void fails(const char *text, const char *want)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(litmus_test) t = litmus_parse(text, strlen(text), "T.litmus", &error);
    g_assert_null(t);
    g_assert_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT);
    g_assert_cmpstr(error->message, ==, want);
}

/* text must fail with a message that starts with prefix */
static void fails_with(const char *text, const char *prefix)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(litmus_test) t = litmus_parse(text, strlen(text), "T.litmus", &error);
    g_assert_null(t);
    g_assert_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT);
    if (!g_str_has_prefix(error->message, prefix))
        g_error("'%s' does not start with '%s'", error->message, prefix);
}

static const struct litmus_var *var(const struct litmus_test *t, guint i)
{
    g_assert_cmpuint(i, <, t->vars->len);
    return g_ptr_array_index(t->vars, i);
}

static const struct litmus_thread *thread(const struct litmus_test *t, guint i)
{
    g_assert_cmpuint(i, <, t->threads->len);
    return g_ptr_array_index(t->threads, i);
}

static const char *insn(const struct litmus_test *t, guint th, guint i)
{
    const struct litmus_thread *p = thread(t, th);
    g_assert_cmpuint(p->insns->len, ==, p->insn_lines->len);
    g_assert_cmpuint(i, <, p->insns->len);
    return g_ptr_array_index(p->insns, i);
}

static unsigned insn_line(const struct litmus_test *t, guint th, guint i)
{
    return g_array_index(thread(t, th)->insn_lines, unsigned, i);
}

/* The observables as "0:EAX 1:EAX x" */
static char *observables(const struct litmus_test *t)
{
    g_autoptr(GPtrArray) list = litmus_observables(t);
    GString *s = g_string_new(NULL);
    for (guint i = 0; i < list->len; i++) {
        const struct litmus_observable *o = g_ptr_array_index(list, i);
        if (i)
            g_string_append_c(s, ' ');
        if (o->thread >= 0)
            g_string_append_printf(s, "%d:", o->thread);
        g_string_append(s, o->name);
    }
    return g_string_free(s, FALSE);
}

#define CHECK_TEXT(t, want)                                                               \
    do {                                                                                  \
        g_autofree char *text_ = litmus_condition_text(t);                               \
        g_assert_cmpstr(text_, ==, want);                                                 \
    } while (0)

#define CHECK_OBSERVABLES(t, want)                                                        \
    do {                                                                                  \
        g_autofree char *obs_ = observables(t);                                           \
        g_assert_cmpstr(obs_, ==, want);                                                  \
    } while (0)

/* Dialects ------------------------------------------------------------------ */

static const char x86_sb[] =
    "X86 SB\n"
    "\"Fre PodWR Fre PodWR\"\n"
    "Cycle=Fre PodWR Fre PodWR\n"
    "{ x=0; y=0; }\n"
    " P0          | P1          ;\n"
    " MOV [x],$1  | MOV [y],$1  ;\n"
    " MOV EAX,[y] | MOV EAX,[x] ;\n"
    "exists (0:EAX=0 /\\ 1:EAX=0)\n";

static void test_x86_sb(void)
{
    g_autoptr(litmus_test) t = parse(x86_sb);
    g_assert_cmpstr(t->file, ==, "T.litmus");
    g_assert_cmpstr(t->arch, ==, "X86");
    g_assert_cmpstr(t->name, ==, "SB");
    g_assert_cmpuint(t->vars->len, ==, 2);
    g_assert_cmpint(var(t, 0)->thread, ==, -1);
    g_assert_cmpstr(var(t, 0)->name, ==, "x");
    g_assert_cmpstr(var(t, 0)->type, ==, "int");
    g_assert_false(var(t, 0)->init.is_addr);
    g_assert_cmpint(var(t, 0)->init.num, ==, 0);
    g_assert_cmpuint(var(t, 1)->line, ==, 4);
    g_assert_cmpuint(t->threads->len, ==, 2);
    g_assert_cmpuint(thread(t, 1)->id, ==, 1);
    g_assert_null(thread(t, 0)->c_body);
    g_assert_cmpuint(thread(t, 0)->insns->len, ==, 2);
    g_assert_cmpstr(insn(t, 0, 0), ==, "MOV [x],$1");
    g_assert_cmpstr(insn(t, 1, 1), ==, "MOV EAX,[x]");
    g_assert_cmpuint(insn_line(t, 0, 0), ==, 6);
    g_assert_cmpuint(insn_line(t, 1, 1), ==, 7);
    g_assert_cmpint(t->quantifier, ==, LITMUS_EXISTS);
    g_assert_null(t->filter);
    g_assert_cmpuint(t->locations->len, ==, 0);
    g_assert_null(t->expected);
    g_assert_null(litmus_expected_on(t, "x86", NULL));
    CHECK_TEXT(t, "exists (0:EAX=0 /\\ 1:EAX=0)");
    CHECK_OBSERVABLES(t, "0:EAX 1:EAX");
}

/* Registers that hold addresses, a label alone and with an instruction, an
 * empty cell, comments in the table, CRLF line ends. */
static void test_arm_mp(void)
{
    g_autoptr(litmus_test) t = parse(
        "ARM MP+dmb+addr \"DMBdWW Rfe DpAddrdR Fre\"\r\n"
        "{\r\n"
        "0:R0=1; 0:R2=x; 0:R3=y;\r\n"
        "1:R2=y; 1:R4=x;\r\n"
        "}\r\n"
        " P0           | P1               ;\r\n"
        " STR R0,[R2]  | LDR R0,[R2]      ;\r\n"
        " DMB          | EOR R1,R0,R0     ; (* a comment after a row *)\r\n"
        " STR R0,[R3]  | LDR R3,[R1,R4]   ;\r\n"
        " LC00:        | LC01: MOV R5,#1  ;\r\n"
        "              | B LC01 (* back *);\r\n"
        "exists\r\n(1:R0=1 /\\ 1:R3=0)\r\n");
    g_assert_cmpstr(t->arch, ==, "ARM");
    g_assert_cmpstr(t->name, ==, "MP+dmb+addr");
    g_assert_cmpuint(t->vars->len, ==, 5);
    g_assert_cmpint(var(t, 0)->thread, ==, 0);
    g_assert_cmpstr(var(t, 0)->name, ==, "R0");
    g_assert_false(var(t, 0)->init.is_addr);
    g_assert_cmpint(var(t, 0)->init.num, ==, 1);
    g_assert_true(var(t, 1)->init.is_addr);
    g_assert_cmpstr(var(t, 1)->init.sym, ==, "x");
    g_assert_cmpint(var(t, 4)->thread, ==, 1);
    g_assert_cmpstr(var(t, 4)->init.sym, ==, "x");
    g_assert_cmpuint(var(t, 4)->line, ==, 4);
    g_assert_cmpuint(thread(t, 0)->insns->len, ==, 5);
    g_assert_cmpstr(insn(t, 0, 3), ==, "LC00:");
    g_assert_cmpstr(insn(t, 0, 4), ==, "");
    g_assert_cmpstr(insn(t, 1, 3), ==, "LC01: MOV R5,#1");
    g_assert_cmpstr(insn(t, 1, 4), ==, "B LC01");
    g_assert_cmpstr(insn(t, 1, 2), ==, "LDR R3,[R1,R4]");
    g_assert_cmpuint(insn_line(t, 0, 4), ==, 11);
    CHECK_TEXT(t, "exists (1:R0=1 /\\ 1:R3=0)");
}

/* diy7's header lines, W and X registers, typed initial values. */
static void test_aarch64(void)
{
    g_autoptr(litmus_test) t = parse(
        "AArch64 MP+dmb.sy+addr\n"
        "\"DMB.SYdWW Rfe DpAddrdR Fre\"\n"
        "Generator=diy7 (version 7.51+4(dev))\n"
        "Prefetch=0:x=F,0:y=W,1:y=F,1:x=T\n"
        "Com=Rf Fr\n"
        "Orig=DMB.SYdWW Rfe DpAddrdR Fre\n"
        "{\n"
        "0:X1=x; 0:X3=y;\n"
        "1:X1=y; 1:X4=x;\n"
        "uint64_t 1:X0; int64_t z = -0x10; [w]=0x7fffffffffffffff; uint64_t u=0xffffffffffffffff;\n"
        "}\n"
        " P0          | P1                  ;\n"
        " MOV W0,#1   | LDR W0,[X1]         ;\n"
        " STR W0,[X1] | EOR W2,W0,W0        ;\n"
        " DMB SY      | LDR W3,[X4,W2,SXTW] ;\n"
        " MOV W2,#1   |                     ;\n"
        " STR W2,[X3] |                     ;\n"
        "exists (1:X0=1 /\\ 1:X3=0)\n");
    g_assert_cmpstr(t->name, ==, "MP+dmb.sy+addr");
    g_assert_cmpuint(t->vars->len, ==, 8);
    g_assert_cmpstr(var(t, 4)->type, ==, "uint64_t");
    g_assert_cmpint(var(t, 4)->thread, ==, 1);
    g_assert_cmpstr(var(t, 4)->name, ==, "X0");
    g_assert_cmpint(var(t, 4)->init.num, ==, 0);
    g_assert_cmpstr(var(t, 5)->type, ==, "int64_t");
    g_assert_cmpstr(var(t, 5)->name, ==, "z");
    g_assert_cmpint(var(t, 5)->init.num, ==, -16);
    g_assert_cmpstr(var(t, 6)->name, ==, "w");
    g_assert_cmpint(var(t, 6)->init.num, ==, G_MAXINT64);
    g_assert_cmpint(var(t, 7)->init.num, ==, -1);
    g_assert_cmpuint(thread(t, 0)->insns->len, ==, 5);
    g_assert_cmpstr(insn(t, 1, 2), ==, "LDR W3,[X4,W2,SXTW]");
    g_assert_cmpstr(insn(t, 1, 4), ==, "");
    g_assert_cmpuint(thread(t, 1)->line, ==, 12);
    CHECK_OBSERVABLES(t, "1:X0 1:X3");
}

static void test_riscv(void)
{
    g_autoptr(litmus_test) t = parse(
        "RISCV SB+fence.rw.rws\n"
        "{\n0:x6=x; 0:x8=y;\n1:x6=y; 1:x8=x;\n}\n"
        " P0             | P1             ;\n"
        " ori x5,x0,1    | ori x5,x0,1    ;\n"
        " sw x5,0(x6)    | sw x5,0(x6)    ;\n"
        " fence rw,rw    | fence rw,rw    ;\n"
        " lw x7,0(x8)    | lw x7,0(x8)    ;\n"
        "exists (0:x7=0 /\\ 1:x7=0)\n");
    g_assert_cmpstr(t->arch, ==, "RISCV");
    g_assert_cmpstr(insn(t, 0, 1), ==, "sw x5,0(x6)");
    g_assert_cmpstr(insn(t, 1, 2), ==, "fence rw,rw");
    CHECK_TEXT(t, "exists (0:x7=0 /\\ 1:x7=0)");
}

/* SPARC's registers are written without '%' in the state and condition. */
static void test_sparc(void)
{
    g_autoptr(litmus_test) t = parse(
        "SPARC SB+membars\n"
        "{ 0:o1=x; 0:o2=y; 1:o1=y; 1:o2=x; 0:g1=1; 1:g1=1; }\n"
        " P0                | P1                ;\n"
        " st %g1,[%o1]      | st %g1,[%o1]      ;\n"
        " membar #StoreLoad | membar #StoreLoad ;\n"
        " ld [%o2],%g2      | ld [%o2],%g2      ;\n"
        "~exists (0:g2=0 /\\ 1:g2=0)\n");
    g_assert_cmpuint(t->vars->len, ==, 6);
    g_assert_cmpstr(var(t, 4)->name, ==, "g1");
    g_assert_cmpstr(insn(t, 0, 1), ==, "membar #StoreLoad");
    g_assert_cmpstr(insn(t, 1, 2), ==, "ld [%o2],%g2");
    g_assert_cmpint(t->quantifier, ==, LITMUS_NOT_EXISTS);
    CHECK_TEXT(t, "~exists (0:g2=0 /\\ 1:g2=0)");
}

static const char kernel_sb[] =
    "C SB+fencembonceonces\n"
    "\n"
    "(*\n"
    " * Result: Never\n"
    " *\n"
    " * This litmus test demonstrates that full memory barriers suffice to\n"
    " * order the store-buffering pattern.  (Locking and RCU can also\n"
    " * be used to order this pattern.)\n"
    " *\n"
    " * Atomsim x86 sparc32: Sometimes (weaker (nested) than the kernel's)\n"
    " * Atomsim: Never\n"
    " * Atomsim arm: Always  \n"
    " *)\n"
    "\n"
    "{}\n"
    "\n"
    "P0(int *x, int *y)\n"
    "{\n"
    "\tint r0;\n"
    "\n"
    "\tWRITE_ONCE(*x, 1);\n"
    "\tsmp_mb();\n"
    "\tr0 = READ_ONCE(*y); /* a } in a comment */\n"
    "}\n"
    "\n"
    "static void P1(int *x,\n"
    "               int *y)\n"
    "{\n"
    "\tint r0;\n"
    "\n"
    "\tif (1) { WRITE_ONCE(*y, 1); } // }\n"
    "\tsmp_mb();\n"
    "\tr0 = READ_ONCE(*x);\n"
    "\tchar *s = \"}\\\"}\"; char c = '}';\n"
    "}\n"
    "\n"
    "exists (0:r0=0 /\\ 1:r0=0)\n";

/* The kernel's C tests: the Result comment, {} and C bodies. */
static void test_kernel_c(void)
{
    g_autoptr(litmus_test) t = parse(kernel_sb);
    g_assert_cmpstr(t->arch, ==, "C");
    g_assert_cmpstr(t->name, ==, "SB+fencembonceonces");
    g_assert_cmpuint(t->vars->len, ==, 0);
    g_assert_cmpuint(t->threads->len, ==, 2);
    const struct litmus_thread *p0 = thread(t, 0), *p1 = thread(t, 1);
    g_assert_null(p0->insns);
    g_assert_cmpstr(p0->c_params, ==, "int *x, int *y");
    g_assert_cmpuint(p0->line, ==, 17);
    g_assert_true(g_str_has_prefix(p0->c_body, "\n\tint r0;\n"));
    g_assert_true(g_str_has_suffix(p0->c_body, "/* a } in a comment */\n"));
    g_assert_cmpstr(p1->c_params, ==, "int *x,\n               int *y");
    g_assert_cmpuint(p1->line, ==, 26);
    g_assert_nonnull(strstr(p1->c_body, "if (1) { WRITE_ONCE(*y, 1); } // }\n"));
    g_assert_true(g_str_has_suffix(p1->c_body, "char c = '}';\n"));
    g_assert_cmpstr(t->expected, ==, "Never");
    g_assert_cmpuint(t->atomsim_expected->len, ==, 3);
    const char *why = NULL;
    g_assert_cmpstr(litmus_expected_on(t, "x86", &why), ==, "Sometimes");
    g_assert_cmpstr(why, ==, "(weaker (nested) than the kernel's)");
    g_assert_cmpstr(litmus_expected_on(t, "sparc32", &why), ==, "Sometimes");
    g_assert_cmpstr(litmus_expected_on(t, "arm", &why), ==, "Always");
    g_assert_cmpstr(why, ==, "");
    g_assert_cmpstr(litmus_expected_on(t, "riscv64", &why), ==, "Never");
    g_assert_cmpstr(why, ==, "");
    CHECK_OBSERVABLES(t, "0:r0 1:r0");
}

/* The C tests' typed initial values; a Result line alone. */
static void test_c_init(void)
{
    g_autoptr(litmus_test) t = parse(
        "C init (* Result: Sometimes *)\n"
        "{ int x = 0; spinlock_t lo; atomic_t v = ATOMIC_INIT(-1); int *p = &x;\n"
        "  int* q = y; unsigned long *r; 0:r0; x=1; y=2 }\n"
        "void P0(int *x) { }\n"
        "forall (x=1)\n");
    g_assert_cmpuint(t->vars->len, ==, 9);
    g_assert_cmpstr(var(t, 0)->type, ==, "int");
    g_assert_cmpstr(var(t, 1)->type, ==, "spinlock_t");
    g_assert_cmpstr(var(t, 1)->name, ==, "lo");
    g_assert_cmpstr(var(t, 2)->type, ==, "atomic_t");
    g_assert_cmpint(var(t, 2)->init.num, ==, -1);
    g_assert_cmpstr(var(t, 3)->type, ==, "int*");
    g_assert_true(var(t, 3)->init.is_addr);
    g_assert_cmpstr(var(t, 3)->init.sym, ==, "x");
    g_assert_cmpstr(var(t, 4)->type, ==, "int*");
    g_assert_cmpstr(var(t, 4)->init.sym, ==, "y");
    g_assert_cmpstr(var(t, 5)->type, ==, "unsigned long*");
    g_assert_cmpstr(var(t, 5)->name, ==, "r");
    g_assert_cmpint(var(t, 6)->thread, ==, 0);
    g_assert_cmpstr(var(t, 6)->type, ==, "int");
    g_assert_cmpuint(var(t, 6)->line, ==, 3);
    g_assert_cmpint(var(t, 8)->init.num, ==, 2);
    g_assert_cmpstr(thread(t, 0)->c_body, ==, " ");
    g_assert_cmpstr(t->expected, ==, "Sometimes");
    const char *why = "unset";
    g_assert_cmpstr(litmus_expected_on(t, "x86", &why), ==, "Sometimes");
    g_assert_cmpstr(why, ==, "");
    g_assert_cmpint(t->quantifier, ==, LITMUS_FORALL);
}

/* locations [...] and filter: the observables, in herd7's order. */
static void test_locations_filter(void)
{
    g_autoptr(litmus_test) t = parse(
        "X86 SB+loc\n{ x=0; y=0; }\n P0 | P1 ;\n MOV [x],$1 | MOV [y],$1 ;\n"
        " MOV EAX,[y] | MOV EAX,[x] ;\n"
        "locations [y; 1:EBX; x; 0:EAX;]\n"
        "filter (0:EAX=0 \\/ 1:EAX=0)\n"
        "forall (x=1 /\\ [y]=1)\n");
    g_assert_cmpuint(t->locations->len, ==, 4);
    const struct litmus_observable *o = g_ptr_array_index(t->locations, 1);
    g_assert_cmpint(o->thread, ==, 1);
    g_assert_cmpstr(o->name, ==, "EBX");
    g_assert_nonnull(t->filter);
    g_assert_cmpint(t->filter->kind, ==, COND_OR);
    CHECK_TEXT(t, "forall (x=1 /\\ y=1)");
    CHECK_OBSERVABLES(t, "0:EAX 1:EAX 1:EBX x y");

    g_autoptr(litmus_test) n = parse(
        "X86 N\n{}\n P0 | P1 ;\n NOP | NOP ;\n"
        "locations [a]\n"
        "exists (0:R10=1 /\\ 0:R2=1 /\\ 1:R1=0 /\\ z=1 /\\ a=2 /\\ 0:R2=3 /\\ 0:EAX=q)\n");
    CHECK_OBSERVABLES(n, "0:EAX 0:R2 0:R10 1:R1 z a");
}

/* What herd's own tests write: a note after the name, P0:r5 and "0: X1",
 * MIPS's $ registers, a ';' after the condition, C comments between and
 * after C threads' heads. */
static void test_herd_quirks(void)
{
    g_autoptr(litmus_test) t = parse(
        "PPC co1 (PPCCoOne)\n"
        "{ P0:r5=x ; 0: r1 = 1 ; 1:$3=0; }\n"
        " P0         | P1          ;\n"
        " stw r1,0(r5) | lw $3,0(%x1) ;\n"
        "exists (1:$3=0 /\\ 0: r1=1);\n");
    g_assert_cmpstr(t->name, ==, "co1");
    g_assert_cmpint(var(t, 0)->thread, ==, 0);
    g_assert_cmpstr(var(t, 0)->name, ==, "r5");
    g_assert_cmpstr(var(t, 0)->init.sym, ==, "x");
    g_assert_cmpstr(var(t, 1)->name, ==, "r1");
    g_assert_cmpstr(var(t, 2)->name, ==, "$3");
    CHECK_TEXT(t, "exists (1:$3=0 /\\ 0:r1=1)");
    CHECK_OBSERVABLES(t, "0:r1 1:$3");

    g_autoptr(litmus_test) c = parse(
        "C MP\n{}\n"
        "//\\fcvexclude\n"
        "P0(int *buf, int *flag) // Producer\n{\n\tWRITE_ONCE(*buf, 1);\n}\n"
        "/* the consumer */\n"
        "P1 (int *buf, int *flag) /* Consumer */ {\n\tint r0;\n}\n"
        "// the end\n"
        "exists (1:r0=0)\n");
    g_assert_cmpuint(c->threads->len, ==, 2);
    g_assert_cmpstr(thread(c, 1)->c_params, ==, "int *buf, int *flag");
    g_assert_cmpstr(thread(c, 1)->c_body, ==, "\n\tint r0;\n");
}

/* Conditions ----------------------------------------------------------------- */

/* The test "exists COND" over two threads (to free) */
static struct litmus_test *with_cond(const char *cond)
{
    g_autofree char *text =
        g_strdup_printf("X86 C\n{ a=0; b=0; }\n P0 | P1 ;\n NOP | NOP ;\n%s\n", cond);
    return parse(text);
}

static void check_text(const char *cond, const char *want)
{
    g_autoptr(litmus_test) t = with_cond(cond);
    CHECK_TEXT(t, want);
    /* the text reads back to itself */
    g_autofree char *text = litmus_condition_text(t);
    g_autoptr(litmus_test) again = with_cond(text);
    CHECK_TEXT(again, want);
}

static void test_quantifiers(void)
{
    check_text("exists a=1", "exists (a=1)");
    check_text("~exists (a=1)", "~exists (a=1)");
    check_text("~ exists a=1", "~exists (a=1)");
    check_text("forall (a=1)", "forall (a=1)");
    check_text("exists true", "exists (true)");
    check_text("exists (false)", "exists (false)");
}

static void test_operators(void)
{
    check_text("exists 0:EAX=0 /\\ 1:EAX=0", "exists (0:EAX=0 /\\ 1:EAX=0)");
    check_text("exists a=1 \\/ b=1 /\\ c=1", "exists (a=1 \\/ b=1 /\\ c=1)");
    check_text("exists (a=1 \\/ b=1) /\\ c=1", "exists ((a=1 \\/ b=1) /\\ c=1)");
    check_text("exists a=1 /\\ (b=1 /\\ c=1)", "exists (a=1 /\\ (b=1 /\\ c=1))");
    check_text("exists ((a=1 /\\ b=1) /\\ c=1)", "exists (a=1 /\\ b=1 /\\ c=1)");
    check_text("exists a=1 => b=1 => c=1", "exists (a=1 => b=1 => c=1)");
    check_text("exists (a=1 => b=1) => c=1", "exists ((a=1 => b=1) => c=1)");
    check_text("exists a=1 \\/ b=1 => c=1 /\\ d=1", "exists (a=1 \\/ b=1 => c=1 /\\ d=1)");
    check_text("exists ~a=1 /\\ not (b=1 \\/ c=1)", "exists (~a=1 /\\ ~(b=1 \\/ c=1))");
    check_text("exists ~~a=1", "exists (~~a=1)");
    check_text("exists (a!=1 \\/ b<>2 \\/ [c]==-3)", "exists (a!=1 \\/ b!=2 \\/ c=-3)");
    check_text("exists (a=0x10 /\\ 0:EAX=b /\\ 1:r=&a)", "exists (a=16 /\\ 0:EAX=b /\\ 1:r=a)");
    check_text("exists (* a comment *) (a=1 (* inside *)\n /\\\n b=2)", "exists (a=1 /\\ b=2)");

    g_autoptr(litmus_test) t = with_cond("exists a=1 \\/ b=1 /\\ c=1 => d=1");
    g_assert_cmpint(t->cond->kind, ==, COND_IMPLIES);
    g_assert_cmpint(t->cond->left->kind, ==, COND_OR);
    g_assert_cmpint(t->cond->left->right->kind, ==, COND_AND);
    g_assert_cmpint(t->cond->right->kind, ==, COND_EQ);
    g_assert_cmpint(t->cond->right->thread, ==, -1);
    g_assert_cmpstr(t->cond->right->name, ==, "d");
    g_assert_cmpint(t->cond->right->value.num, ==, 1);
}

/* Final values for eval: a, b and 0:EAX; an address is 0x1000 + its first letter. */
struct state {
    int64_t a, b, eax;
};

static int64_t lookup(void *ctx, int thread, const char *name)
{
    const struct state *s = ctx;
    if (thread == 0 && strcmp(name, "EAX") == 0)
        return s->eax;
    g_assert_cmpint(thread, ==, -1);
    return strcmp(name, "a") == 0 ? s->a : strcmp(name, "b") == 0 ? s->b : 0;
}

static int64_t address(void *ctx, const char *sym)
{
    (void)ctx;
    return 0x1000 + sym[0];
}

static bool eval(const char *cond, int64_t a, int64_t b, int64_t eax)
{
    g_autoptr(litmus_test) t = with_cond(cond);
    struct state s = { a, b, eax };
    return litmus_cond_eval(t->cond, lookup, address, &s);
}

static void test_eval(void)
{
    g_assert_true(eval("exists a=1 /\\ b=2", 1, 2, 0));
    g_assert_false(eval("exists a=1 /\\ b=2", 1, 3, 0));
    g_assert_true(eval("exists a=1 \\/ b=2", 0, 2, 0));
    g_assert_false(eval("exists a=1 \\/ b=2", 0, 0, 0));
    g_assert_true(eval("exists a=1 => b=2", 0, 0, 0));
    g_assert_false(eval("exists a=1 => b=2", 1, 0, 0));
    g_assert_true(eval("exists a=1 => b=2", 1, 2, 0));
    g_assert_true(eval("exists ~a=1", 0, 0, 0));
    g_assert_true(eval("exists a!=1 /\\ b<>1", 0, 0, 0));
    g_assert_false(eval("exists a!=1", 1, 0, 0));
    g_assert_true(eval("exists a=-1 /\\ b=0xffffffffffffffff", -1, -1, 0));
    g_assert_true(eval("exists 0:EAX=b", 0, 0, 0x1000 + 'b'));
    g_assert_false(eval("exists 0:EAX=a", 0, 0, 0x1000 + 'b'));
    g_assert_true(eval("exists true", 0, 0, 0));
    g_assert_false(eval("exists false \\/ ~true", 0, 0, 0));
}

/* litmus_load reads a file; a missing one is an input error naming it. */
static void test_load(void)
{
    g_autofree char *dir = g_dir_make_tmp("test-litmus-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "SB.litmus", NULL);
    g_assert_true(g_file_set_contents(path, x86_sb, -1, NULL));
    g_autoptr(GError) error = NULL;
    g_autoptr(litmus_test) t = litmus_load(path, &error);
    g_assert_no_error(error);
    g_assert_cmpstr(t->file, ==, path);
    g_assert_cmpstr(t->name, ==, "SB");
    g_remove(path);
    g_autoptr(litmus_test) none = litmus_load(path, &error);
    g_assert_null(none);
    g_assert_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT);
    g_assert_true(g_str_has_prefix(error->message, path));
    g_rmdir(dir);
}

/* Errors --------------------------------------------------------------------- */

#define TABLE "X86 SB\n{ x=0; y=0; }\n P0 | P1 ;\n MOV [x],$1 | MOV [y],$1 ;\n"

static void test_error_table(void)
{
    fails(TABLE " MOV EAX,[y] | MOV EAX,[x]",
          "T.litmus:5: expected '|' or ';' after an instruction, found end of file");
    fails(TABLE " MOV EAX,[y] | MOV EAX,[x]\nexists (x=0)\n",
          "T.litmus:5: expected '|' or ';' after an instruction, found end of line");
    fails(TABLE " MOV EAX,[y] ; MOV EAX,[x] ;\n",
          "T.litmus:5: expected '|' and P1's instruction, found ';'");
    fails(TABLE " MOV EAX,[y] | MOV EAX,[x] | NOP ;\n",
          "T.litmus:5: expected ';' after P1's instruction (the last thread's), found '|'");
    fails(TABLE " MOV EAX,[y] | MOV EAX,[x] ; NOP\n",
          "T.litmus:5: expected the end of the line after a row's ';', found 'NOP'");
    fails("X86 SB\n{ x=0; }\n P0 | P2 ;\n", "T.litmus:3: expected P1, found 'P2'");
    fails("X86 SB\n{ x=0; }\n P1 | P0 ;\n",
          "T.litmus:3: expected the threads' header row, P0 | P1 ... ;, found 'P1'");
    fails("X86 SB\n{ x=0; }\n P0 | P1\n",
          "T.litmus:3: expected '|' or ';' after P1, found end of line");
    fails("X86 SB\n{ x=0; }\n P0 | P1 |P2|P3|P4|P5|P6|P7|P8|P9|P10|P11|P12|P13|P14|P15|P16;\n",
          "T.litmus:3: expected at most 16 threads, found P16");
    fails("X86 SB\n{ 2:EAX=1; }\n P0 | P1 ;\n NOP | NOP ;\nexists (x=0)\n",
          "T.litmus:2: expected a register of P0 to P1, found 2:EAX");
}

static void test_error_c(void)
{
    fails("C T\n{}\nP0(int *x) { }\nP2(int *x) { }\nexists (x=0)\n",
          "T.litmus:4: expected P1(...) { ... }, found 'P2'");
    fails("C T\n{}\nint f(void) { }\nexists (x=0)\n",
          "T.litmus:3: expected P0(...) { ... }, found 'int'");
    fails("C T\n{}\nP0(int *x)\n{\n\tif (1) {\n\t\tx = 0;\n}\n\nexists (x=0)\n",
          "T.litmus:4: expected '}' to close P0's body opened here, found end of file");
    fails("C T\n{}\nP0(int *x) { /* \n}\n", "T.litmus:3: expected '*/' to close the comment "
          "opened here, found end of file");
    fails("C T\n{}\nP0(int *x\n{ }\n",
          "T.litmus:3: expected ')' to close P0's parameters, found end of file");
    fails("C T\n{}\nP0(int *x) WRITE_ONCE(*x, 1);\n",
          "T.litmus:3: expected '{' and P0's body, found 'WRITE_ONCE'");
    fails("C T\n{}\nP0(int *x) { }\nP1(int *x) { }\n",
          "T.litmus:4: expected exists, ~exists or forall, found end of file");
}

static void test_error_header_init(void)
{
    fails("ARM MP\n{\n$x0=x;\n}\n P0 | P1 ;\n",
          "T.litmus:3: $x0: not a location, nor a thread's register (0:R1=x)");
    fails("", "T.litmus:1: expected the architecture (X86, AArch64, C ...) and the test's name, "
          "found end of file");
    fails("X86\n{}\n",
          "T.litmus:1: expected the test's name after the architecture, found end of line");
    fails("X86 SB\n(* a comment\n *( not closed\n{ x=0; }\n",
          "T.litmus:2: expected '*)' to close the comment opened here, found end of file");
    fails("X86 SB\n(* (* nested *) still open\n{ x=0; }\n",
          "T.litmus:2: expected '*)' to close the comment opened here, found end of file");
    /* a doc string never closed ends with its line (herd's catalogue has some) */
    fails("X86 SB\n\"doc\nstring\n{ x=0; }\n",
          "T.litmus:3: expected a doc string, KEY=VALUE or the initial state's '{', "
          "found 'string'");
    fails("X86 SB\nwhat is this\n{ x=0; }\n",
          "T.litmus:2: expected a doc string, KEY=VALUE or the initial state's '{', found 'what'");
    fails("X86 SB\n{ x=0; y=1\n",
          "T.litmus:2: expected ';' or '}' after an initial value, found end of file");
    fails("X86 SB\n{ x=0 y=1 }\n",
          "T.litmus:2: expected ';' or '}' after an initial value, found 'y'");
    fails("X86 SB\n{ x=; }\n", "T.litmus:2: expected a number or a location, found ';'");
    fails("X86 SB\n{ x=12ab; }\n", "T.litmus:2: expected a number's end, found 'ab'");
    fails("X86 SB\n{ x=99999999999999999999; }\n",
          "T.litmus:2: expected a number of 64 bits, found a larger one");
    fails("X86 SB\n{ 0:=1; }\n", "T.litmus:2: expected a register after 'THREAD:', found '='");
    fails("X86 SB\n{ ; }\n", "T.litmus:2: expected a location, a register or '}', found ';'");
    fails("C T\n{ atomic_t v = ATOMIC_INIT(x); }\n", "T.litmus:2: expected a number, found 'x'");
    fails("X86 SB\n(*\n * Atomsim x86: Maybe (who knows)\n *)\n{}\n",
          "T.litmus:3: expected Never, Sometimes or Always after 'Atomsim...:', found 'Maybe'");
    fails("X86 SB\n(* Atomsim: *)\n{}\n",
          "T.litmus:2: expected Never, Sometimes or Always after 'Atomsim...:', found nothing");
    g_autofree char *big = g_malloc0(2u << 20);
    memset(big, ' ', 2u << 20);
    g_autoptr(GError) error = NULL;
    g_assert_null(litmus_parse(big, 2u << 20, "T.litmus", &error));
    g_assert_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT);
    g_assert_true(
        g_str_has_prefix(error->message, "T.litmus:1: expected a litmus test of at most"));
}

#define COND_TEST "X86 C\n{}\n P0 | P1 ;\n NOP | NOP ;\n"

static void test_error_cond(void)
{
    fails(COND_TEST, "T.litmus:4: expected exists, ~exists or forall, found end of file");
    fails(COND_TEST "~ forall (x=1)\n", "T.litmus:5: expected exists after '~', found 'forall'");
    fails(COND_TEST "exists (0:EAX=)\n", "T.litmus:5: expected a number or a location, found ')'");
    fails(COND_TEST "exists (0:EAX 0)\n",
          "T.litmus:5: expected '=', '!=' or '<>' after a register or location, found '0'");
    fails(COND_TEST "exists (2:EAX=0)\n",
          "T.litmus:5: expected a register of P0 to P1, found 2:EAX");
    fails(COND_TEST "exists (x=1\n",
          "T.litmus:5: expected ')' or an operator (/\\, \\/, =>), found end of file");
    fails(COND_TEST "exists (x=1 /\\)\n",
          "T.litmus:5: expected a condition: THREAD:REG=VALUE, LOC=VALUE, '(', '~', true or false, "
          "found ')'");
    fails(COND_TEST "exists (x=1) foo\n",
          "T.litmus:5: expected the end of the file after the condition, found 'foo'");
    fails(COND_TEST "exists (x=1) (* fine *)\n exists (y=1)\n",
          "T.litmus:6: expected the end of the file after the condition, found 'exists'");
    fails(COND_TEST "locations [x y]\nexists (x=1)\n",
          "T.litmus:5: expected ';' or ']' after a location, found 'y'");
    fails(COND_TEST "filter (x=1)\nfilter (x=1)\nexists (x=1)\n",
          "T.litmus:6: expected exists, ~exists or forall, found 'filter'");
}

/* Bounds: deep nesting and long conditions are errors, not crashes. */
static void test_error_bounds(void)
{
    GString *s = g_string_new(COND_TEST "exists ");
    for (int i = 0; i < 70; i++)
        g_string_append_c(s, '(');
    g_string_append(s, "x=1");
    for (int i = 0; i < 70; i++)
        g_string_append_c(s, ')');
    fails_with(s->str,
               "T.litmus:5: expected a condition nested at most 64 deep, found a deeper one");
    g_string_assign(s, COND_TEST "exists ");
    for (int i = 0; i < 100000; i++)
        g_string_append_c(s, '~');
    g_string_append(s, "x=1");
    fails_with(s->str, "T.litmus:5: expected a condition nested at most 64 deep");
    g_string_assign(s, COND_TEST "exists x=1");
    for (int i = 0; i < 100; i++)
        g_string_append(s, " => x=1");
    fails_with(s->str, "T.litmus:5: expected a condition nested at most 64 deep");
    g_string_assign(s, COND_TEST "exists x=1");
    for (int i = 0; i < 5000; i++)
        g_string_append(s, " /\\ x=1");
    fails_with(s->str, "T.litmus:5: expected a condition of at most 4096 terms");
    /* 64 deep is fine */
    g_string_assign(s, COND_TEST "exists ");
    for (int i = 0; i < 63; i++)
        g_string_append_c(s, '(');
    g_string_append(s, "x=1");
    for (int i = 0; i < 63; i++)
        g_string_append_c(s, ')');
    g_autoptr(litmus_test) t = parse(s->str);
    CHECK_TEXT(t, "exists (x=1)");
    g_string_free(s, TRUE);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/litmus-file/x86-sb", test_x86_sb);
    g_test_add_func("/litmus-file/arm-mp", test_arm_mp);
    g_test_add_func("/litmus-file/aarch64", test_aarch64);
    g_test_add_func("/litmus-file/riscv", test_riscv);
    g_test_add_func("/litmus-file/sparc", test_sparc);
    g_test_add_func("/litmus-file/kernel-c", test_kernel_c);
    g_test_add_func("/litmus-file/c-init", test_c_init);
    g_test_add_func("/litmus-file/locations-filter", test_locations_filter);
    g_test_add_func("/litmus-file/herd-quirks", test_herd_quirks);
    g_test_add_func("/litmus-file/quantifiers", test_quantifiers);
    g_test_add_func("/litmus-file/operators", test_operators);
    g_test_add_func("/litmus-file/eval", test_eval);
    g_test_add_func("/litmus-file/load", test_load);
    g_test_add_func("/litmus-file/error-table", test_error_table);
    g_test_add_func("/litmus-file/error-c", test_error_c);
    g_test_add_func("/litmus-file/error-header-init", test_error_header_init);
    g_test_add_func("/litmus-file/error-cond", test_error_cond);
    g_test_add_func("/litmus-file/error-bounds", test_error_bounds);
    return g_test_run();
}
