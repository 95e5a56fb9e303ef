/* test-libc.c — the small libc (programs/libc/) on every cpu configure
 * built guests for:
 *   basics        tests/guest/libc-basics.c on one core prints what is
 *                 expected (printf's formats, strings, numbers, the heap);
 *   basics-qemu   the same ELF under qemu-user prints the same lines;
 *   heap-cores    the same program on 4 cores, under several schedules:
 *                 clean, and the heap's lock shows no false contention;
 *   assert        a failed assert: one finding naming the assert's line
 *                 (its call ends its function), atomsim exits 1; under
 *                 qemu-user a message and exit status 134;
 *   abort         the same for abort();
 *   double-free   a double free and a free of a non-heap pointer are
 *                 findings at their lines;
 *   fopen         what the libc lacks is a link error naming it. */
#include <glib.h>
#include <glib/gstdio.h>

#include "test-programs.h"

static const char expected_basics[] =
    "ints: -42 7 3000000000 beef BEEF 10 z str % 0x1234\n"
    "flags: [   42] [42   ] [00042] [007] [+3] [ 3] [0xff] [010] [   9] [9  ]\n"
    "strings: [   right] [left    ] [cu] [ok]\n"
    "lengths: -1 123 -9000000000 18446744073709551615 77 -3 44 ffffffff 123456789abcdef\n"
    "snprintf: 12 'abcdef-'\n"
    "sprintf: 7 '   -3|0'\n"
    "fprintf: stdout\n"
    "puts: line\n"
    "fputs: line\n"
    "p\n"
    "string: 'hhello world' 12 'abc' 1 0 0 1\n"
    "search: '/b/c' '/c' 'needle' 1\n"
    "memset: 'xxx' memchr: 'def'\n"
    "strtol: -31 'z' 511 -99 255\n"
    "atoi: 123 -77 abs: 5 6\n"
    "rand: 1 1\n"
    "limits: 1 1\n"
    "heap: 1 cores, 4 rounds: checked\n";

/* "name.c:N" for the line of tests/guest/name.c that holds marker (to
 * free). */
static char *marked_line(const char *name, const char *marker)
{
    g_autofree char *path = g_strdup_printf(SRCDIR "/tests/guest/%s.c", name);
    g_autofree char *text = contents_of(path);
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    for (unsigned i = 0; lines[i]; i++)
        if (strstr(lines[i], marker) != NULL)
            return g_strdup_printf("%s.c:%u", name, i + 1);
    g_error("%s: no line with %s", path, marker);
}

static void test_basics(gconstpointer data)
{
    g_autofree char *prog = guest(data, "libc-basics");
    struct result r = atomsim("--cores", "1", prog, NULL);
    g_autofree char *lines = guest_lines(r.out);
    g_assert_cmpstr(lines, ==, expected_basics);
    g_assert_cmpint(r.status, ==, 0);
    result_clear(&r);
}

static void test_basics_qemu(gconstpointer data)
{
    const char *cpu = data, *qemu = qemu_or_skip(cpu);
    if (qemu == NULL)
        return;
    g_autofree char *prog = guest(cpu, "libc-basics");
    struct result r = atomsim("--cores", "1", prog, NULL);
    expect_qemu_agrees(qemu, prog, &r);
    result_clear(&r);
}

/* The false-contention column of the heap lock's row. */
static unsigned heap_false_contention(const char *out)
{
    const char *row = strstr(out, "heap_lock");
    g_assert_nonnull(row);
    const char *end = strchr(row, '\n');
    g_autofree char *line = g_strndup(row, end ? (gsize)(end - row) : strlen(row));
    const char *last = strrchr(line, ' ');
    return (unsigned)atoi(last + 1);
}

static void test_heap_cores(gconstpointer data)
{
    g_autofree char *prog = guest(data, "libc-basics");
    static const char *const scheds[] = { "random", "random:16", "rr", "pct" };
    for (unsigned i = 0; i < G_N_ELEMENTS(scheds); i++) {
        struct result r = atomsim("--cores", "4", "--sched", scheds[i], "--seed", "3", prog,
                                  NULL);
        if (r.status != 0)
            g_test_message("%s%s", r.out, r.err);
        g_assert_cmpint(r.status, ==, 0);
        g_assert_nonnull(strstr(r.out, "cpu0: heap: 4 cores, 4 rounds: checked\n"));
        g_assert_nonnull(strstr(r.out, "atomsim: result: clean\n"));
        g_assert_cmpuint(heap_false_contention(r.out), ==, 0);
        result_clear(&r);
    }
}

/* prog ends the program on core 0 with a finding, named by its function
 * and the marked line; under qemu-user, message on standard error and
 * exit status 134. */
static void expect_abort(const char *cpu, const char *name, const char *function,
                         const char *message)
{
    g_autofree char *prog = guest(cpu, name);
    g_autofree char *line = marked_line(name, "/* FINDING */");
    g_autofree char *where = g_strdup_printf("(%s+", function);
    struct result r = atomsim("--cores", "2", prog, NULL);
    g_test_message("%s", r.out);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, message));
    g_assert_nonnull(strstr(r.out, where));
    g_assert_nonnull(strstr(r.out, line));
    if (strstr(r.out, "exited with code 134") == NULL)
        g_assert_nonnull(strstr(r.out, "atomsim: result: 1 finding\n"));
    else    /* an atomsim without SIM_SYS_ABORT: a failed check, and exits */
        g_test_message("atomsim has no SIM_SYS_ABORT: a check and exit codes instead");
    result_clear(&r);

    const char *qemu = qemu_for(cpu);
    if (qemu[0] == '\0')
        return;
    const char *argv[] = { qemu, prog, NULL };
    struct result q = run_argv(argv);
    g_assert_cmpint(q.status, ==, 134);
    g_assert_nonnull(strstr(q.err, message));
    result_clear(&q);
}

static void test_assert(gconstpointer data)
{
    expect_abort(data, "libc-assert", "expect_even",
                 "assertion failed: v % 2 == 0 (in expect_even)");
}

static void test_abort(gconstpointer data)
{
    expect_abort(data, "libc-abort", "give_up", "abort() called");
}

/* out has a finding that starts with what and names line. */
static void expect_finding_at(const char *out, const char *what, const char *line)
{
    const char *f = strstr(out, what);
    g_assert_nonnull(f);
    g_autofree char *finding = g_strndup(f, strcspn(f, "\n"));
    g_assert_nonnull(strstr(finding, line));
}

static void test_double_free(gconstpointer data)
{
    g_autofree char *prog = guest(data, "libc-double-free");
    g_autofree char *twice = marked_line("libc-double-free", "/* FINDING */");
    g_autofree char *stray = marked_line("libc-double-free", "/* FINDING 2 */");
    struct result r = atomsim("--cores", "2", prog, NULL);
    g_test_message("%s", r.out);
    g_assert_cmpint(r.status, ==, 1);
    expect_finding_at(r.out, "check failed: double free, at pc", twice);
    expect_finding_at(r.out, "check failed: free of a pointer malloc did not return, at pc",
                      stray);
    g_assert_nonnull(strstr(r.out, "cpu0: still running\n"));
    g_assert_nonnull(strstr(r.out, "atomsim: result: 2 findings\n"));
    result_clear(&r);
}

/* What the small libc lacks: a link error that names it, and the hint. */
static void test_fopen(gconstpointer data)
{
    g_autofree char *dir = g_dir_make_tmp("atomsim-libc-XXXXXX", NULL);
    g_autofree char *src = g_build_filename(dir, "files.c", NULL);
    g_autofree char *elf = g_build_filename(dir, "files.elf", NULL);
    g_assert_true(g_file_set_contents(src, "#include <stdio.h>\n"
                                      "FILE *fopen(const char *, const char *);\n"
                                      "int main(void) { return fopen(\"x\", \"r\") != 0; }\n",
                                      -1, NULL));
    const char *const cc[] = { BUILDDIR "/tools/atomsim-cc", "--cpu", data, "-o", elf, src,
                               NULL };
    struct result c = run_argv(cc);
    g_assert_cmpint(c.status, !=, 0);
    g_assert_nonnull(strstr(c.err, "undefined reference to `fopen'"));
    g_assert_nonnull(strstr(c.err, "atomsim-cc: guests have a small libc only"));
    g_assert_false(g_file_test(elf, G_FILE_TEST_EXISTS));
    result_clear(&c);
    g_remove(src);
    g_rmdir(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    static const struct per_cpu_test per_cpu[] = {
        { "basics", test_basics },
        { "basics-qemu", test_basics_qemu },
        { "heap-cores", test_heap_cores },
        { "assert", test_assert },
        { "abort", test_abort },
        { "double-free", test_double_free },
        { "fopen", test_fopen },
    };
    add_per_cpu_tests("libc", per_cpu, G_N_ELEMENTS(per_cpu));
    return g_test_run();
}
