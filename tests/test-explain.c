/* test-explain.c — `atomsim explain`'s roles pinned down: for each primitive
 * on each cpu, the role of its key instructions (a mnemonic's substring ->
 * a substring of the role, or no role at all), the kernel's generic names,
 * and the programs found where `make install` puts them. */
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "test-programs.h"

/* On cpu, the line of `explain PRIMITIVE` that shows insn has a role that
 * holds role; with role NULL, no line that shows insn has a role. */
struct row {
    const char *cpu, *primitive, *insn, *role;
};

#define TAKE "take the lock"
#define TEST "test the loaded value"
#define MODIFY "modify: work on the loaded value"
#define ONE_LOCKED "one locked read-modify-write"
/* an RMW atomic by itself (xchg, LSE ld<op>/st<op>/swp, RISC-V amo<op>) */
#define ONE_ATOMIC "the whole operation: one atomic instruction"

static const struct row rows[] = {
    /* sparc32: every read-modify-write under a hashed ldstub lock */
    { "sparc32", "atomic_fetch_add", "ld [%g1 + ", "read the lock table's size" },
    { "sparc32", "atomic_fetch_add", "ldstub", TAKE },
    { "sparc32", "atomic_fetch_add", "andcc", TEST },
    { "sparc32", "atomic_fetch_add", "ldub", "spin: read the lock" },
    { "sparc32", "atomic_fetch_add", "ld [%o1]", "load the value, under the lock" },
    { "sparc32", "atomic_fetch_add", "add %o7, %o0", MODIFY },
    { "sparc32", "atomic_fetch_add", "st %o7", "store the new value, under the lock" },
    { "sparc32", "atomic_fetch_add", "stb %g0", "release the lock" },
    { "sparc32", "atomic_fetch_add", "sethi", NULL },
    { "sparc32", "atomic_add_return", "add %o0, %g1", MODIFY },
    { "sparc32", "atomic_cmpxchg", "cmp %o1, %o0", TEST },
    { "sparc32", "atomic_cmpxchg", "st %o2", "store the new value, under the lock" },
    { "sparc32", "xchg", "st %o1", "store the new value, under the lock" },
    { "sparc32", "spin_lock", "ldstub", TAKE },
    { "sparc32", "spin_lock", "cmp %g1, 0", TEST },
    { "sparc32", "spin_unlock", "stb %g0", "release the lock" },
    { "sparc32", "test_and_set_bit", "or %o7, %g1", MODIFY },
    { "sparc32", "test_and_set_bit", "and %o7, %g1", "the result: the old bit" },
    { "sparc32", "test_and_set_bit", "addx", "the result: the old bit" },
    { "sparc32", "atomic_read", "ld [%o0]", "load the value" },
    /* arm: ldrex/strex loops between barriers */
    { "arm", "atomic_fetch_add", "ldrex", "load-exclusive" },
    { "arm", "atomic_fetch_add", "add r2, r0", MODIFY },
    { "arm", "atomic_fetch_add", "strex ", "store-exclusive" },
    { "arm", "atomic_fetch_add", "teq ip", "did the store-exclusive store" },
    { "arm", "atomic_fetch_add", "bne", "retry from the load-exclusive" },
    { "arm", "atomic_fetch_add", "dmb ish", "full barrier" },
    { "arm", "atomic_add_return", "add r0, r0, r3", "the result: the new value" },
    { "arm", "atomic_cmpxchg", "teq r0, r1", TEST },
    { "arm", "atomic_cmpxchg", "mov ip, #0", NULL },
    { "arm", "atomic_cmpxchg", "strexeq", "if the test found the expected value" },
    { "arm", "xchg", "strex ", "store-exclusive" },
    { "arm", "spin_lock", "ldrex", TAKE },
    { "arm", "spin_lock", "strexeq", TAKE },
    { "arm", "spin_lock", "mov r2, #0", NULL },
    { "arm", "spin_lock", "mov r3, #1", NULL },
    { "arm", "spin_lock", "teq r1, #0", TEST },
    { "arm", "spin_lock", "cmp r1, #0", TEST },
    { "arm", "spin_lock", "bne #0x", "branch on the lock's old value" },
    { "arm", "spin_lock", "ldr r2", "spin: read the lock" },
    { "arm", "spin_unlock", "str r3", "release the lock" },
    { "arm", "spin_unlock", "mov r3, #0", NULL },
    { "arm", "test_and_set_bit", "orr", MODIFY },
    { "arm", "test_and_set_bit", "tst", "the result: the old bit" },
    { "arm", "test_and_set_bit", "movne", "the result: the old bit" },
    { "arm", "test_and_set_bit", "moveq", "the result: the old bit" },
    { "arm", "atomic_read", "ldr r0", "load the value" },
    /* x86 and x86_64: one locked instruction */
    { "x86", "atomic_fetch_add", "lock xadd", ONE_LOCKED },
    { "x86", "atomic_fetch_add", "mov edx", NULL },
    { "x86", "atomic_add_return", "add eax, edx", "the result: the new value" },
    { "x86", "atomic_cmpxchg", "lock cmpxchg", "a locked compare-and-exchange" },
    { "x86", "xchg", "xchg dword", ONE_ATOMIC },
    { "x86", "spin_lock", "xchg", TAKE },
    { "x86", "spin_lock", "test eax", TEST },
    { "x86", "spin_lock", "mov eax, dword ptr [edx]", "spin: read the lock" },
    { "x86", "spin_lock", "mov ecx, 1", NULL },
    { "x86", "spin_unlock", "mov dword ptr [eax], 0", "release the lock" },
    { "x86", "test_and_set_bit", "lock bts", ONE_LOCKED },
    { "x86", "test_and_set_bit", "setb", "the result: the old bit" },
    { "x86", "atomic_read", "mov eax, dword ptr [eax]", "load the value" },
    { "x86_64", "atomic_fetch_add", "lock xadd", ONE_LOCKED },
    { "x86_64", "atomic_add_return", "add eax, edi", "the result: the new value" },
    { "x86_64", "atomic_cmpxchg", "lock cmpxchg", "a locked compare-and-exchange" },
    { "x86_64", "xchg", "xchg dword", ONE_ATOMIC },
    { "x86_64", "spin_lock", "xchg", TAKE },
    { "x86_64", "spin_lock", "mov eax, dword ptr [rdi]", "spin: read the lock" },
    { "x86_64", "spin_unlock", "mov dword ptr [rdi], 0", "release the lock" },
    { "x86_64", "test_and_set_bit", "setb", "the result: the old bit" },
    { "x86_64", "atomic_read", "mov eax, dword ptr [rdi]", "load the value" },
    /* aarch64: one LSE instruction, ordered by its own al form; its LL/SC
     * alternative (programs/aarch64/llsc/), an ldxr/stlxr loop and a dmb,
     * below it */
    { "aarch64", "atomic_fetch_add", "ldadd", ONE_ATOMIC },
    { "aarch64", "atomic_fetch_add", "ldaddal", "the old value comes back in a register" },
    { "aarch64", "atomic_fetch_add", "dmb ish", "full barrier" },
    { "aarch64", "atomic_fetch_add", "ldxr", "load-exclusive" },
    { "aarch64", "atomic_fetch_add", "add w", MODIFY },
    { "aarch64", "atomic_fetch_add", "stlxr", "store-exclusive" },
    { "aarch64", "atomic_add", "stadd", "no register gets the old value" },
    { "aarch64", "atomic_add", "ldxr", "load-exclusive" },
    { "aarch64", "atomic_add_return", "ldadd", ONE_ATOMIC },
    { "aarch64", "atomic_add_return", "add w0, w0", "the result: the new value" },
    { "aarch64", "atomic_fetch_andnot", "ldclr", ONE_ATOMIC },
    { "aarch64", "atomic_cmpxchg", "casal ", "one compare-and-swap instruction" },
    { "aarch64", "atomic_cmpxchg", "stlxr", "store-exclusive" },
    { "aarch64", "atomic_add_unless", "casal ", "compare-and-swap: stores only if" },
    { "aarch64", "xchg", "swp", ONE_ATOMIC },
    { "aarch64", "xchg", "ldxr", "load-exclusive" },
    { "aarch64", "test_and_set_bit", "ldset", ONE_ATOMIC },
    { "aarch64", "test_and_set_bit", "cset", "the result: the old bit" },
    { "aarch64", "atomic_read", "ldr w0, [x0]", "load the value" },
    /* riscv64: an AMO for each fetch-op, an lr/sc loop for cmpxchg.  The
     * mnemonics are matched without their ordering suffixes (.aq, .rl,
     * .aqrl), which say how each is ordered, not what it does. */
    { "riscv64", "atomic_fetch_add", "amoadd.w", ONE_ATOMIC },
    { "riscv64", "atomic_fetch_add", "amoadd.w", "the old value comes back in a register" },
    { "riscv64", "atomic_fetch_add", "sext.w", "the result: the old value" },
    { "riscv64", "atomic_add", "amoadd.w", "no register gets the old value" },
    { "riscv64", "atomic_add_return", "amoadd.w", ONE_ATOMIC },
    { "riscv64", "atomic_add_return", "addw", "the result: the new value" },
    { "riscv64", "atomic_fetch_andnot", "amoand.w", ONE_ATOMIC },
    { "riscv64", "atomic_cmpxchg", "lr.w", "load-exclusive (load-reserved)" },
    { "riscv64", "atomic_cmpxchg", "sc.w", "store-exclusive (store-conditional)" },
    { "riscv64", "atomic_cmpxchg", "bne ", "branch on the loaded value" },
    { "riscv64", "atomic_cmpxchg", "bnez", "retry from the load-exclusive" },
    { "riscv64", "atomic_cmpxchg", "fence rw,rw", "full barrier" },
    { "riscv64", "xchg", "amoswap.w", ONE_ATOMIC },
    { "riscv64", "test_and_set_bit", "amoor.d", ONE_ATOMIC },
    { "riscv64", "test_and_set_bit", "snez", "the result: the old bit" },
    { "riscv64", "spin_lock", "amoswap.w", TAKE },
    { "riscv64", "spin_lock", "lw ", "spin: read the lock" },
    { "riscv64", "spin_unlock", "sw zero", "release the lock" },
    { "riscv64", "atomic_read", "lw a0", "load the value" },
};

/* The role on an instruction line of the text output ("" for none): what
 * follows the disassembly column (two spaces, the address, two spaces, 34
 * columns and one space). */
static const char *role_on(const char *line)
{
    size_t at = 2 + 8 + 2 + 34 + 1;
    return strlen(line) > at ? line + at : "";
}

static void check_row(const struct row *r, const char *out)
{
    g_auto(GStrv) lines = g_strsplit(out, "\n", -1);
    bool shown = false;
    for (char **l = lines; *l; l++) {
        if (!g_str_has_prefix(*l, "  ") || !strstr(*l, r->insn))
            continue;
        shown = true;
        const char *role = role_on(g_strchomp(*l));
        if (r->role == NULL && *role != '\0')
            g_error("%s %s: \"%s\" has a role: %s", r->cpu, r->primitive, *l, role);
        if (r->role != NULL && strstr(role, r->role))
            return;
    }
    if (!shown || r->role != NULL)
        g_error("%s %s: no line with \"%s\"%s%s in:\n%s", r->cpu, r->primitive, r->insn,
                r->role ? " and role " : "", r->role ? r->role : "", out);
}

/* Every row of the table for one cpu, one explain run per primitive. */
static void test_roles(gconstpointer data)
{
    const char *cpu = data;
    const char *last = NULL;
    struct result r = { 0 };
    for (size_t i = 0; i < G_N_ELEMENTS(rows); i++) {
        if (strcmp(rows[i].cpu, cpu) != 0)
            continue;
        if (last == NULL || strcmp(last, rows[i].primitive) != 0) {
            result_clear(&r);
            r = atomsim("explain", "--cpu", cpu, rows[i].primitive, NULL);
            g_assert_cmpint(r.status, ==, 0);
            g_assert_nonnull(strstr(r.out, "Why it is atomic: "));
            g_assert_nonnull(strstr(r.out, "How it is ordered: "));
            last = rows[i].primitive;
        }
        check_row(&rows[i], r.out);
    }
    result_clear(&r);
}

/* The kernel's generic names show the library's function, and say so. */
static void test_kernel_names(void)
{
    static const char *const names[][2] = {
        { "xchg", "__xchg_u32" },
        { "cmpxchg", "__cmpxchg_u32" },
        { "cmpxchg64", "__cmpxchg_u64" },
        { "try_cmpxchg", "atomic_try_cmpxchg" },
        { "cmpxchg_relaxed", "atomic_cmpxchg_relaxed" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
        struct result r = atomsim("explain", "--cpu", first_cpu(), names[i][0], NULL);
        g_assert_cmpint(r.status, ==, 0);
        g_autofree char *note = g_strdup_printf("%s: the guest library builds it as %s (",
                                                names[i][0], names[i][1]);
        g_assert_nonnull(strstr(r.out, note));
        result_clear(&r);
    }
    /* the page says it too */
    g_autofree char *dir = g_dir_make_tmp("atomsim-test-XXXXXX", NULL);
    g_autofree char *page = g_build_filename(dir, "explain.html", NULL);
    struct result h = atomsim("explain", "cmpxchg", "--html", page, NULL);
    g_assert_cmpint(h.status, ==, 0);
    g_autofree char *html = contents_of(page);
    g_assert_nonnull(strstr(html, "<p class=\"note\">cmpxchg: the guest library builds it "
                                  "as __cmpxchg_u32"));
    result_clear(&h);
    g_remove(page);
    g_rmdir(dir);
    /* a name that is its own function has no note */
    struct result r = atomsim("explain", "--cpu", first_cpu(), "atomic_cmpxchg", NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_null(strstr(r.out, "the guest library builds it as"));
    result_clear(&r);
}

/* On the explain page, aarch64's column has the LSE instruction, then a
 * block with the LL/SC build's ldxr and stlxr.  (Not inlined: inlined, gcc 12
 * takes the pointers into html for dangling ones into contents_of's.) */
G_GNUC_NO_INLINE static void check_alternative_column(const char *html)
{
    const char *col = strstr(html, "data-cpu=\"aarch64\"");
    g_assert_nonnull(col);
    const char *block = strstr(col, "<div class=\"alt\" data-build=\"llsc\">");
    g_assert_nonnull(block);
    const char *lse = strstr(col, "ldadd");
    g_assert_true(lse != NULL && lse < block);
    g_assert_nonnull(strstr(block, "ldxr"));
    g_assert_nonnull(strstr(block, "stlxr"));
}

/* aarch64 shows its LSE instruction, then its LL/SC alternative: an
 * ldxr/stxr loop read from programs/aarch64/llsc/; where both builds are
 * the same (a plain load), it says so instead. */
static void test_alternative(void)
{
    if (!need_cpu("aarch64"))
        return;
    struct result r = atomsim("explain", "--cpu", "aarch64", "atomic_fetch_add", NULL);
    g_assert_cmpint(r.status, ==, 0);
    const char *alt = strstr(r.out, "\naarch64, the LL/SC alternative (");
    g_assert_nonnull(alt);
    g_assert_nonnull(strstr(alt, "/aarch64/llsc/counter.elf)"));
    g_autofree char *lse = g_strndup(r.out, (gsize)(alt - r.out));
    g_assert_nonnull(strstr(lse, "ldadd"));
    g_assert_null(strstr(lse, "  ldxr"));
    g_assert_null(strstr(alt, "ldadd"));
    g_assert_nonnull(strstr(alt, "ldxr"));
    g_assert_nonnull(strstr(alt, "stlxr"));
    /* ldaddal orders itself; the loop by its stlxr and a dmb after it */
    g_assert_nonnull(strstr(lse, "fully ordered under arm: its release before it, its acquire "
                                 "after"));
    g_assert_nonnull(strstr(alt, "fully ordered under arm: its release before it, a full "
                                 "barrier after"));
    g_assert_cmpuint(count(r.out, "Why it is atomic: "), ==, 1);
    g_assert_cmpuint(count(r.out, "How it is ordered: "), ==, 2);
    result_clear(&r);
    r = atomsim("explain", "--cpu", "aarch64", "atomic_read", NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, "; the same instructions."));
    g_assert_cmpuint(count(r.out, "load the value"), ==, 1);
    result_clear(&r);
    /* and on the page, inside aarch64's column */
    g_autofree char *dir = g_dir_make_tmp("atomsim-test-XXXXXX", NULL);
    g_autofree char *page = g_build_filename(dir, "explain.html", NULL);
    r = atomsim("explain", "atomic_fetch_add", "--html", page, NULL);
    g_assert_cmpint(r.status, ==, 0);
    result_clear(&r);
    char *html = contents_of(page);
    check_alternative_column(html);
    g_free(html);
    g_remove(page);
    g_rmdir(dir);
}

/* --cpu takes every cpu atomsim runs; the default is one of each family. */
static void test_cpus(void)
{
    struct result r = atomsim("explain", "--cpu", "x86_64", "atomic_fetch_add", NULL);
    if (cpu_built("x86_64")) {
        g_assert_cmpint(r.status, ==, 0);
        g_assert_nonnull(strstr(r.out, "\nx86_64 ("));
    }
    result_clear(&r);
    r = atomsim("explain", "--cpu", "mips", "atomic_add", NULL);
    g_assert_cmpint(r.status, ==, 2);
    g_assert_nonnull(strstr(r.err, "sparc32|arm|x86|x86_64|aarch64|riscv64"));
    result_clear(&r);
    /* --help names them all, and the default ones */
    r = atomsim("explain", "--help", NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, "one of sparc32|arm|x86|x86_64|aarch64|riscv64"));
    g_assert_nonnull(strstr(r.out, "one of each family, sparc32, arm, x86, aarch64, riscv64"));
    result_clear(&r);
    /* riscv64 has one build: AMOs and lr/sc in the same library */
    if (cpu_built("riscv64")) {
        r = atomsim("explain", "atomic_cmpxchg", NULL);
        g_assert_cmpint(r.status, ==, 0);
        g_assert_nonnull(strstr(r.out, "\nriscv64 ("));
        g_assert_null(strstr(r.out, "\nriscv64, the LL/SC alternative ("));
        g_assert_nonnull(strstr(r.out, "Why it is atomic: RISC-V's A extension"));
        result_clear(&r);
    }
    if (cpu_built("aarch64")) {
        r = atomsim("explain", "atomic_add", NULL);
        g_assert_cmpint(r.status, ==, 0);
        g_assert_nonnull(strstr(r.out, "\naarch64 ("));
        g_assert_nonnull(strstr(r.out, "\naarch64, the LL/SC alternative ("));
        result_clear(&r);
    }
}

/* `explain --help` lists the library's primitives, and every one it lists
 * explains on every cpu built (no list that promises what is not there). */
static void test_help_lists_primitives(void)
{
    if (!cpu_built("x86"))
        return;
    struct result r = atomsim("explain", "--help", NULL);
    g_assert_cmpint(r.status, ==, 0);
    const char *list = strstr(r.out, "try_cmpxchg):\n");
    g_assert_nonnull(list);
    g_auto(GStrv) names = g_strsplit_set(list + strlen("try_cmpxchg):\n"), " \n", -1);
    unsigned listed = 0;
    for (char **name = names; *name; name++) {
        if (**name == '\0')
            continue;
        listed++;
        struct result one = atomsim("explain", *name, NULL);
        if (one.status != 0)
            g_error("explain %s: exit %d: %s", *name, one.status, one.err);
        result_clear(&one);
    }
    g_assert_cmpuint(listed, >=, 40);
    g_assert_true(g_strv_contains((const char *const *)names, "spin_lock"));
    g_assert_true(g_strv_contains((const char *const *)names, "atomic_fetch_add"));
    result_clear(&r);
}

/* With ATOMSIM_PROGRAMS naming a directory without them, explain says
 * where it looked. */
static void test_programs_dir(void)
{
    g_autofree char *dir = g_dir_make_tmp("atomsim-test-XXXXXX", NULL);
    g_setenv("ATOMSIM_PROGRAMS", dir, TRUE);
    struct result r = atomsim("explain", "--cpu", first_cpu(), "atomic_read", NULL);
    g_unsetenv("ATOMSIM_PROGRAMS");
    g_assert_cmpint(r.status, !=, 0);
    g_assert_nonnull(strstr(r.err, dir));
    result_clear(&r);
    g_rmdir(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_auto(GStrv) cpus = g_strsplit(GUEST_CPUS, " ", -1);
    for (char **cpu = cpus; *cpu; cpu++) {
        if (**cpu == '\0')
            continue;
        g_autofree char *path = g_strdup_printf("/explain/%s/roles", *cpu);
        g_test_add_data_func_full(path, g_strdup(*cpu), test_roles, g_free);
    }
    g_test_add_func("/explain/kernel-names", test_kernel_names);
    g_test_add_func("/explain/cpus", test_cpus);
    g_test_add_func("/explain/alternative", test_alternative);
    g_test_add_func("/explain/programs-dir", test_programs_dir);
    g_test_add_func("/explain/help-lists-primitives", test_help_lists_primitives);
    return g_test_run();
}
