/* test-programs.h — where the tests find the guest programs make built,
 * and how they run atomsim on them. */
#ifndef ATOMSIM_TEST_PROGRAMS_H
#define ATOMSIM_TEST_PROGRAMS_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <glib.h>

/* programs/<cpu>/<name>.elf: an example (to free). */
static inline char *example(const char *cpu, const char *name)
{
    return g_strdup_printf(BUILDDIR "/programs/%s/%s.elf", cpu, name);
}

/* tests/guest/<cpu>/<name>.elf: a test's guest program (to free). */
static inline char *guest(const char *cpu, const char *name)
{
    return g_strdup_printf(BUILDDIR "/tests/guest/%s/%s.elf", cpu, name);
}

/* programs/<cpu>/broken/<name>.elf: a broken variant (to free). */
static inline char *broken(const char *cpu, const char *name)
{
    return g_strdup_printf(BUILDDIR "/programs/%s/broken/%s.elf", cpu, name);
}

/* tests/litmus/<cpu>/<name>.elf: a litmus program (to free). */
static inline char *litmus(const char *cpu, const char *name)
{
    return g_strdup_printf(BUILDDIR "/tests/litmus/%s/%s.elf", cpu, name);
}

struct result {
    int status;         /* exit code */
    char *out;
    char *err;
};

static inline void result_clear(struct result *r)
{
    g_free(r->out);
    g_free(r->err);
}

/* Run argv (NULL-terminated) and collect its exit code and output. */
static inline struct result run_argv(const char *const *argv)
{
    struct result r = { -1, NULL, NULL };
    int wait_status;
    GError *error = NULL;
    if (!g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &r.out, &r.err,
                      &wait_status, &error))
        g_error("cannot run %s: %s", argv[0], error->message);
    g_assert_true(WIFEXITED(wait_status));
    r.status = WEXITSTATUS(wait_status);
    return r;
}

#define MAX_ARGS 24
/* atomsim with opt and its value first (none if opt is NULL), then the
 * options and program from first and ap (NULL-ended); atomsim_with takes
 * them as arguments. */
static inline struct result atomsim_va(const char *opt, const char *value, const char *first,
                                       va_list ap)
{
    const char *argv[MAX_ARGS] = { BUILDDIR "/atomsim", opt, value };
    int n = opt ? 3 : 1;
    for (const char *a = first; a != NULL; a = va_arg(ap, const char *)) {
        g_assert_cmpint(n, <, MAX_ARGS - 1);
        argv[n++] = a;
    }
    return run_argv(argv);
}

static inline struct result atomsim_with(const char *opt, const char *value, const char *first,
                                         ...) G_GNUC_NULL_TERMINATED;
static inline struct result atomsim_with(const char *opt, const char *value, const char *first,
                                         ...)
{
    va_list ap;
    va_start(ap, first);
    struct result r = atomsim_va(opt, value, first, ap);
    va_end(ap);
    return r;
}

/* atomsim with the options and program given (NULL-ended). */
#define atomsim(...) atomsim_with(NULL, NULL, __VA_ARGS__)

/* A file's contents (to free). */
static inline char *contents_of(const char *path)
{
    char *text = NULL;
    g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
    return text;
}

/* How many times what occurs in s. */
static inline unsigned count(const char *s, const char *what)
{
    unsigned n = 0;
    for (; (s = strstr(s, what)) != NULL; s++)
        n++;
    return n;
}

/* The guest's own output in a one-core run: atomsim's "cpu0: " lines
 * without their prefix (to free). */
static inline char *guest_lines(const char *out)
{
    GString *s = g_string_new(NULL);
    g_auto(GStrv) lines = g_strsplit(out, "\n", -1);
    for (char **l = lines; *l; l++)
        if (g_str_has_prefix(*l, "cpu0: "))
            g_string_append_printf(s, "%s\n", *l + 6);
    return g_string_free(s, FALSE);
}

/* The qemu-user that runs cpu's programs ("" if configure found none). */
static inline const char *qemu_for(const char *cpu)
{
    if (strcmp(cpu, "sparc32") == 0) return QEMU_SPARC32;
    if (strcmp(cpu, "arm") == 0) return QEMU_ARM;
    if (strcmp(cpu, "x86") == 0) return QEMU_X86;
    if (strcmp(cpu, "aarch64") == 0) return QEMU_AARCH64;
    if (strcmp(cpu, "riscv64") == 0) return QEMU_RISCV64;
    return QEMU_X86_64;
}

/* qemu_for(cpu), or NULL with the test skipped if configure found none. */
static inline const char *qemu_or_skip(const char *cpu)
{
    const char *qemu = qemu_for(cpu);
    if (qemu[0] != '\0')
        return qemu;
    g_test_skip("no qemu-user for this cpu: run tools/install-deps");
    return NULL;
}

/* prog under qemu prints what it printed in the one-core atomsim run a,
 * and exits 0. */
static inline void expect_qemu_agrees(const char *qemu, const char *prog, const struct result *a)
{
    const char *argv[] = { qemu, prog, NULL };
    struct result q = run_argv(argv);
    g_autofree char *lines = guest_lines(a->out);
    g_assert_cmpstr(lines, ==, q.out);
    g_assert_cmpint(q.status, ==, 0);
    result_clear(&q);
}

/* Did configure find a guest compiler for cpu? */
static inline bool cpu_built(const char *cpu)
{
    g_auto(GStrv) cpus = g_strsplit(GUEST_CPUS, " ", -1);
    return g_strv_contains((const char *const *)cpus, cpu);
}

/* cpu_built(cpu), and if not, the test is skipped. */
static inline bool need_cpu(const char *cpu)
{
    if (cpu_built(cpu))
        return true;
    g_autofree char *why = g_strdup_printf("no %s guest compiler", cpu);
    g_test_skip(why);
    return false;
}

/* Does cpu have memory model `model` (sc, tso, pso, arm)?  Asks atomsim,
 * which names a cpu's models in the error for one it lacks. */
static inline bool cpu_has_model(const char *cpu, const char *model)
{
    g_autofree char *prog = guest(cpu, "exit-code");
    struct result r = atomsim("--cores", "1", "--memory", model, prog, NULL);
    bool lacks = r.status == 2 && strstr(r.err, ": not a model of ") != NULL;
    result_clear(&r);
    return !lacks;
}

/* A budget (runs, repetitions) that a smaller one shows as well under the
 * sanitizers, which look for memory errors, not for rare schedules: the
 * plain build's, or the sanitizer build's. */
#ifdef __SANITIZE_ADDRESS__
#define SANITIZER_BUDGET(plain, sanitized) (sanitized)
#else
#define SANITIZER_BUDGET(plain, sanitized) (plain)
#endif

/* Is the test-th test for several cpus left out on the cpu-th of its
 * ncpus?  Under the sanitizers (a build with them runs several times
 * slower) a test made for several cpus runs on a third of them, a
 * different third for each test (on one, for a test of fewer than three),
 * so that every test and every cpu still run under them; the plain build
 * runs every pair. */
static inline bool sampled_out(unsigned test, unsigned cpu, unsigned ncpus)
{
#ifdef __SANITIZE_ADDRESS__
    return ncpus < 3 ? cpu != test % ncpus : (test + cpu) % 3 != 0;
#else
    (void)test;
    (void)cpu;
    (void)ncpus;
    return false;
#endif
}

/* A test run once for every cpu configure built guests for. */
struct per_cpu_test {
    const char *name;
    GTestDataFunc fn;
};

/* Add /<suite>/<cpu>/<name> for every cpu and test (sampled_out says which
 * under the sanitizers); each gets the cpu's name as its data. */
static inline void add_per_cpu_tests(const char *suite, const struct per_cpu_test *tests,
                                     unsigned n)
{
    g_auto(GStrv) cpus = g_strsplit_set(GUEST_CPUS, " ", -1);
    unsigned ncpus = 0, k = 0;
    for (char **cpu = cpus; *cpu; cpu++)
        ncpus += **cpu != '\0';
    for (char **cpu = cpus; *cpu; cpu++) {
        if (**cpu == '\0')
            continue;
        for (unsigned i = 0; i < n; i++) {
            if (sampled_out(i, k, ncpus))
                continue;
            g_autofree char *path = g_strdup_printf("/%s/%s/%s", suite, *cpu, tests[i].name);
            g_test_add_data_func_full(path, g_strdup(*cpu), tests[i].fn, g_free);
        }
        k++;
    }
}

/* The memory models of cpu, as atomsim --memory names them (to free). */
static inline char **models_of(const char *cpu)
{
    static const struct {
        const char *cpu, *models;
    } cpu_models[] = {
        { "x86", "sc tso" },
        { "x86_64", "sc tso" },
        { "sparc32", "sc tso pso" },
        { "arm", "sc arm" },
        { "aarch64", "sc arm" },
        { "riscv64", "sc rvwmo" },
    };
    for (unsigned i = 0; i < G_N_ELEMENTS(cpu_models); i++)
        if (strcmp(cpu_models[i].cpu, cpu) == 0)
            return g_strsplit(cpu_models[i].models, " ", -1);
    g_error("no memory models known for cpu %s", cpu);
}

/* The first cpu configure built guests for, or NULL if none. */
static inline const char *first_cpu(void)
{
    static char first[16];
    if (sscanf(GUEST_CPUS, "%15s", first) != 1)
        return NULL;
    return first;
}

/* The line "atomsim: reproduce: ..." of out, as an argv (to free). */
static inline char **reproduce_argv(const char *out)
{
    const char *line = strstr(out, "atomsim: reproduce: atomsim ");
    g_assert_nonnull(line);
    line += strlen("atomsim: reproduce: atomsim ");
    g_autofree char *text = g_strndup(line, strcspn(line, "\n"));
    g_autofree char *cmd = g_strdup_printf(BUILDDIR "/atomsim %s", text);
    char **argv = NULL;
    g_assert_true(g_shell_parse_argv(cmd, NULL, &argv, NULL));
    return argv;
}

#endif
