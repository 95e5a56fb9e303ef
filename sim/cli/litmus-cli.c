/* litmus-cli.c — see litmus-cli.h.
 *
 * One test on one cpu prints herd7's lines; more (a directory, several
 * files, a C test on every cpu) print a line each and a summary. */
#include <stdio.h>
#include <string.h>

#include "base/error.h"
#include "core/memory-model.h"
#include "guest-cc.h"
#include "litmus-cli.h"
#include "litmus/litmus-build.h"
#include "litmus/litmus-report.h"
#include "litmus/litmus-run.h"

/* A test found in a directory, or named. */
struct test_file {
    char *path;
    bool named;                 /* given on the command line */
};

static void test_file_free(gpointer p)
{
    struct test_file *f = p;
    g_free(f->path);
    g_free(f);
}

static gint by_path(gconstpointer a, gconstpointer b)
{
    return strcmp((*(struct test_file *const *)a)->path, (*(struct test_file *const *)b)->path);
}

/* Every *.litmus under dir, recursively. */
static void add_dir(GPtrArray *files, const char *dir)
{
    g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
    const char *name;
    while (d != NULL && (name = g_dir_read_name(d)) != NULL) {
        g_autofree char *path = g_build_filename(dir, name, NULL);
        if (g_file_test(path, G_FILE_TEST_IS_DIR)) {
            add_dir(files, path);
        } else if (g_str_has_suffix(name, ".litmus")) {
            struct test_file *f = g_new0(struct test_file, 1);
            f->path = g_steal_pointer(&path);
            g_ptr_array_add(files, f);
        }
    }
}

static char *cache_dir(void)
{
    const char *env = g_getenv("ATOMSIM_CACHE_DIR");
    if (env != NULL && *env != '\0')
        return g_strdup(env);
    return g_build_filename(g_get_user_cache_dir(), "atomsim", "litmus", NULL);
}

struct totals {
    unsigned pairs, as_expected, not_expected, unexpected, errors, skipped;
    double seconds, build_seconds, slowest;
    char *slowest_name;
};

struct litmus_cli {
    const struct cpu_ops *cpus[8];      /* --cpu, or NULL-ended empty: each test's own */
    unsigned ncpus;
    const char *memory;
    const char *timeline;
    gint64 max_steps;
    double time_limit;
    bool detailed;              /* herd7's lines for each */
    struct litmus_builder builder;
    struct totals totals;
};

/* Parse --cpu's list ("all", or names separated by commas). */
static bool parse_cpus(struct litmus_cli *cli, const char *list)
{
    if (list == NULL)
        return true;
    if (strcmp(list, "all") == 0) {
        for (const struct cpu_ops *const *c = cpu_list; *c && cli->ncpus < 8; c++)
            cli->cpus[cli->ncpus++] = *c;
        return true;
    }
    g_auto(GStrv) names = g_strsplit(list, ",", -1);
    for (char **n = names; *n; n++) {
        const struct cpu_ops *c = cpu_find(*n);
        if (c == NULL || cli->ncpus >= 8) {
            fprintf(stderr, "atomsim litmus: --cpu %s: not one of %s (or all)\n", *n,
                    cpu_names());
            return false;
        }
        cli->cpus[cli->ncpus++] = c;
    }
    return true;
}

/* Run test t on cpu; print its outcome.  The judgement, or -1 on error. */
static int run_on(struct litmus_cli *cli, const struct litmus_test *t, const struct cpu_ops *cpu)
{
    g_autoptr(GError) error = NULL;
    enum memory_model model = cpu->memory;
    if (cli->memory != NULL && !memory_model_parse(cli->memory, &model)) {
        fprintf(stderr, "atomsim litmus: --memory %s: no such model\n", cli->memory);
        return -1;
    }
    gint64 start = g_get_monotonic_time();
    g_autofree char *elf = litmus_build(&cli->builder, t, cpu, &error);
    double built = (double)(g_get_monotonic_time() - start) / 1e6;
    cli->totals.build_seconds += built;
    struct litmus_outcome out;
    struct litmus_run_options ro = { .memory = model, .max_steps = (uint64_t)cli->max_steps,
                                     .time_limit = cli->time_limit };
    if (elf == NULL || !litmus_run(t, elf, cpu, &ro, &out, &error)) {
        fprintf(stderr, "atomsim litmus: %s\n", error->message);
        if (elf != NULL)
            litmus_outcome_clear(&out);
        return -1;
    }
    if (out.positive + out.negative + out.filtered == 0) {
        fprintf(stderr, "atomsim litmus: %s on %s: no execution ended (each spun without end "
                "or ran past --max-steps %" G_GINT64_FORMAT "): nothing to judge\n", t->file,
                cpu->name, cli->max_steps);
        litmus_outcome_clear(&out);
        return -1;
    }
    if (!cli->detailed && out.out_of_budget > 0)
        fprintf(stderr, "atomsim litmus: %s on %s: %u executions did not end within "
                "--max-steps %" G_GINT64_FORMAT " (not counted)\n", t->file, cpu->name,
                out.out_of_budget, cli->max_steps);
    double seconds = (double)(g_get_monotonic_time() - start) / 1e6;
    cli->totals.seconds += seconds;
    if (seconds - built > cli->totals.slowest) {
        cli->totals.slowest = seconds - built;
        g_free(cli->totals.slowest_name);
        cli->totals.slowest_name = g_strdup_printf("%s on %s", t->name, cpu->name);
    }
    const char *expected, *why;
    enum litmus_judgement j = litmus_judge(t, cpu->name, &out, &expected, &why);
    if (cli->detailed) {
        litmus_print(stdout, t, cpu->name, memory_model_name(model), &out);
    } else {
        const char *said = j == LITMUS_AS_EXPECTED       ? "as expected"
                           : j == LITMUS_NOT_AS_EXPECTED ? "NOT as expected"
                                                         : "no expectation";
        printf("%-32s %-8s %-6s %-9s %6u %6u  %s%s%s%s  %.2f s\n", t->name, cpu->name,
               memory_model_name(model), litmus_observation(&out), out.positive, out.negative,
               said, expected ? " (" : "", expected ? expected : "", expected ? ")" : "",
               seconds);
    }
    if (!out.exhausted)
        fprintf(stderr, "atomsim litmus: %s on %s: not every execution ran (%u schedules in "
                "%.1f s): the counts are a part only\n", t->file, cpu->name, out.runs,
                out.seconds);
    if (cli->timeline != NULL) {
        if (out.witness == NULL)
            fprintf(stderr, "atomsim litmus: --timeline %s: no execution satisfies the "
                    "condition: nothing to draw\n", cli->timeline);
        else if (!litmus_timeline(t, elf, cpu, model, out.witness, cli->timeline, &error))
            fprintf(stderr, "atomsim litmus: --timeline %s: %s\n", cli->timeline,
                    error->message);
    }
    litmus_outcome_clear(&out);
    return (int)j;
}

/* The cpus test t runs on: --cpu's that can run it, else its own.  A test
 * for no cpu, or named but not for --cpu, is an error, said on stderr
 * unless quiet. */
static unsigned cpus_of(struct litmus_cli *cli, const struct litmus_test *t, bool named,
                        bool quiet, const struct cpu_ops **cpus, bool *error_said)
{
    g_autoptr(GError) error = NULL;
    if (litmus_is_c(t)) {
        if (cli->ncpus == 0) {
            unsigned n = 0;
            for (const struct cpu_ops *const *c = cpu_list; *c; c++)
                cpus[n++] = *c;
            return n;
        }
        memcpy(cpus, cli->cpus, cli->ncpus * sizeof *cpus);
        return cli->ncpus;
    }
    const struct cpu_ops *own = litmus_cpu_for(t, &error);
    if (own == NULL) {
        if (!quiet)
            fprintf(stderr, "atomsim litmus: %s\n", error->message);
        *error_said = true;
        return 0;
    }
    bool wanted = cli->ncpus == 0;
    for (unsigned i = 0; i < cli->ncpus; i++)
        wanted |= cli->cpus[i] == own;
    if (!wanted) {
        if (named) {
            if (!quiet)
                fprintf(stderr, "atomsim litmus: %s: a litmus test for %s (atomsim's %s), "
                        "not for --cpu %s\n", t->file, t->arch, own->name, cli->cpus[0]->name);
            *error_said = true;
        }
        return 0;
    }
    cpus[0] = own;
    return 1;
}

static void run_file(struct litmus_cli *cli, const struct test_file *f)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(litmus_test) t = litmus_load(f->path, &error);
    if (t == NULL) {
        fprintf(stderr, "atomsim litmus: %s\n", error->message);
        cli->totals.errors++;
        return;
    }
    const struct cpu_ops *cpus[16];
    bool error_said = false;
    unsigned n = cpus_of(cli, t, f->named, false, cpus, &error_said);
    if (n == 0) {
        cli->totals.errors += error_said;
        cli->totals.skipped += !error_said;
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        cli->totals.pairs++;
        switch (run_on(cli, t, cpus[i])) {
        case LITMUS_AS_EXPECTED: cli->totals.as_expected++; break;
        case LITMUS_NOT_AS_EXPECTED: cli->totals.not_expected++; break;
        case LITMUS_NO_EXPECTATION: cli->totals.unexpected++; break;
        default: cli->totals.errors++; break;
        }
        fflush(stdout);
    }
}

/* Queue every file's tests to be built, in the order they run: they build
 * in threads, one for each processor, while the first ones run. */
static void build_soon(struct litmus_cli *cli, GPtrArray *files)
{
    if (g_get_num_processors() < 2 || files->len < 2)
        return;
    for (guint i = 0; i < files->len; i++) {
        const struct test_file *f = g_ptr_array_index(files, i);
        struct litmus_test *t = litmus_load(f->path, NULL);
        if (t == NULL)
            continue;
        const struct cpu_ops *cpus[16];
        bool error_said = false;
        unsigned n = cpus_of(cli, t, f->named, true, cpus, &error_said);
        litmus_build_soon(&cli->builder, t, cpus, n);
    }
}

static void print_summary(const struct totals *s)
{
    printf("litmus: %u tests: %u as expected, %u not, %u without an expectation, %u errors",
           s->pairs, s->as_expected, s->not_expected, s->unexpected, s->errors);
    if (s->skipped > 0)
        printf(", %u skipped (not for --cpu)", s->skipped);
    printf("; %.2f s in all (building %.2f s)", s->seconds, s->build_seconds);
    if (s->slowest_name != NULL)
        printf(", the slowest run %s %.2f s", s->slowest_name, s->slowest);
    printf("\n");
}

int litmus_main(int argc, char **argv)
{
    g_autofree char *cpu_list_arg = NULL, *memory = NULL, *timeline = NULL;
    gboolean verbose = FALSE;
    struct litmus_cli cli = { .max_steps = 200, .time_limit = 120 };
    g_autofree char *cpu_help = g_strdup_printf(
        "Run C tests on CPU (one of %s, several separated by commas, or all: the default); "
        "an assembly test runs on its own cpu", cpu_names());
    GOptionEntry entries[] = {
        { "cpu", 0, 0, G_OPTION_ARG_STRING, &cpu_list_arg, cpu_help, "CPU" },
        { "memory", 0, 0, G_OPTION_ARG_STRING, &memory,
          "The memory model (sc, tso, pso, arm, rvwmo; the default: the cpu's own)", "MODEL" },
        { "timeline", 0, 0, G_OPTION_ARG_FILENAME, &timeline,
          "Draw an execution where the condition holds as an HTML page (one test)", "FILE" },
        { "max-steps", 0, 0, G_OPTION_ARG_INT64, &cli.max_steps,
          "Steps an execution may take (200); longer ones (spins) are not counted", "N" },
        { "time-limit", 0, 0, G_OPTION_ARG_DOUBLE, &cli.time_limit,
          "Seconds a test's search may take (120)", "S" },
        { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose,
          "herd7's lines for every test, not one line each", NULL },
        { NULL, 0, 0, 0, NULL, NULL, NULL },
    };
    g_autoptr(GOptionContext) ctx = g_option_context_new(
        "FILE.litmus|DIR... - run herd7 litmus tests: every execution, its final states, "
        "the condition's verdict");
    g_option_context_add_main_entries(ctx, entries, NULL);
    g_option_context_set_description(ctx,
        "Reads herd7's X86, X86_64, ARM, AArch64 and RISCV dialects, atomsim's SPARC dialect,\n"
        "and C litmus tests as the Linux kernel's tools/memory-model writes them.  A\n"
        "directory is searched for *.litmus files.  Exit status: 0 when every test met its\n"
        "expectation (its Result: or Atomsim: line), 1 when one did not, 2 when a test could\n"
        "not be read, built or run.  Built tests are kept in $ATOMSIM_CACHE_DIR (default\n"
        "$XDG_CACHE_HOME/atomsim/litmus).");
    g_autoptr(GError) error = NULL;
    if (!g_option_context_parse(ctx, &argc, &argv, &error) || argc < 2) {
        fprintf(stderr, "atomsim litmus: %s (see atomsim litmus --help)\n",
                error ? error->message : "give a litmus file or a directory of them");
        return EXIT_USAGE;
    }
    enum memory_model model;
    if (memory != NULL && !memory_model_parse(memory, &model)) {
        fprintf(stderr, "atomsim litmus: --memory %s: no such model (sc, tso, pso, arm, "
                "rvwmo)\n", memory);
        return EXIT_USAGE;
    }
    if (cli.max_steps <= 0 || cli.time_limit < 0) {
        fprintf(stderr, "atomsim litmus: --max-steps and --time-limit must be positive\n");
        return EXIT_USAGE;
    }
    if (!parse_cpus(&cli, cpu_list_arg))
        return EXIT_USAGE;
    cli.memory = memory;
    cli.timeline = timeline;
    g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func(test_file_free);
    for (int i = 1; i < argc; i++) {
        if (g_file_test(argv[i], G_FILE_TEST_IS_DIR)) {
            g_autoptr(GPtrArray) found = g_ptr_array_new();
            add_dir(found, argv[i]);
            if (found->len == 0) {
                fprintf(stderr, "atomsim litmus: %s: no *.litmus file in it\n", argv[i]);
                return EXIT_USAGE;
            }
            g_ptr_array_sort(found, by_path);
            g_ptr_array_extend_and_steal(files, g_steal_pointer(&found));
        } else {
            struct test_file *f = g_new0(struct test_file, 1);
            f->path = g_strdup(argv[i]);
            f->named = true;
            g_ptr_array_add(files, f);
        }
    }
    bool one = files->len == 1 && ((struct test_file *)files->pdata[0])->named &&
               cli.ncpus <= 1;
    g_autofree char *cc = guest_cc_path();
    g_autofree char *cache = cache_dir();
    litmus_builder_init(&cli.builder, cc, cache);
    cli.detailed = verbose || one;
    if (one && cli.ncpus == 0) {
        /* one C test runs on every cpu: a line each */
        g_autoptr(litmus_test) t = litmus_load(((struct test_file *)files->pdata[0])->path, NULL);
        one = t == NULL || !litmus_is_c(t);
        cli.detailed = verbose || one;
    }
    if (timeline != NULL && !one) {
        fprintf(stderr, "atomsim litmus: --timeline draws one test on one cpu\n");
        litmus_builder_clear(&cli.builder);
        return EXIT_USAGE;
    }
    build_soon(&cli, files);
    for (guint i = 0; i < files->len; i++)
        run_file(&cli, g_ptr_array_index(files, i));
    if (!one)
        print_summary(&cli.totals);
    litmus_builder_clear(&cli.builder);
    g_free(cli.totals.slowest_name);
    return cli.totals.errors > 0         ? EXIT_USAGE
           : cli.totals.not_expected > 0 ? EXIT_FINDING
                                         : EXIT_CLEAN;
}
