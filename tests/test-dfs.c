/* test-dfs.c — `--sched dfs`'s reductions are sound and close to optimal.
 *
 * For a few clean programs on every cpu, under their cpu's own memory model
 * (store buffers: tso, arm) and under sc, the search runs twice: reduced,
 * and with ATOMSIM_DFS_REDUCE=0 (every schedule within the bound).  Both
 * write the distinct interleavings they complete (ATOMSIM_DFS_CLASSES):
 * the sets must be equal, and the reduced search completes (runs not cut
 * short) at most 1.5 times as many schedules as there are interleavings
 * (a core that waits at a spin takes no step: where it starts to wait
 * depends on where its trips were preempted, which the names of prefixes
 * do not tell, so some interleavings complete twice).
 * The unreduced search also checks the independence relation itself:
 * every run of one interleaving must see the same values.
 *
 * The search's runs also wait at spins (run-spin.c): C litmus tests that
 * spin on locks give the same final states with that and without it
 * (ATOMSIM_DFS_AWAIT=0), in fewer schedules.
 *
 * Where only checks count (--only-checks) under sc, the search remembers
 * the states it explored (run-state.c): with that and without it
 * (ATOMSIM_DFS_STATES=0), dfs:all finds the same failed check or verifies
 * the same programs.
 */
#include <stdlib.h>
#include <glib/gstdio.h>

#include "test-programs.h"

enum where { GUEST, EXAMPLE, LITMUS };

struct dfs_case {
    const char *name;
    enum where where;
    const char *cores;          /* NULL: the program's default */
    const char *sched;
    bool both_models;           /* also under the cpu's default model, not only sc */
};

static const struct dfs_case cases[] = {
    { "counter-atomic-once", GUEST, "2", "dfs:2", true },
    { "fetch-vs-return", EXAMPLE, "2", "dfs:1", true },
    { "shape-mp-wmb-rmb", LITMUS, NULL, "dfs:2", true },
    /* store buffering is reached under tso and arm, message passing and
     * load buffering under arm: a finding ends the search, so only sc
     * exhausts them */
    { "shape-lb", LITMUS, NULL, "dfs:2", false },
    { "shape-sb", LITMUS, NULL, "dfs:2", false },
    { "shape-mp", LITMUS, NULL, "dfs:2", false },
    /* threads: waits and wakes on different words commute; spins wait */
    { "threads/peterson", EXAMPLE, NULL, "dfs:1", false },
    /* atomic sections' bounds commute */
    { "atomic-sections", GUEST, NULL, "dfs:2", false },
};

/* What a search's summary says. */
struct summary {
    unsigned runs, cut, skipped, distinct;
};

static struct summary parse_summary(const char *out)
{
    g_autoptr(GRegex) re = g_regex_new(
        "ran (\\d+) schedules in [0-9.]+ s \\((\\d+) cut short[^)]* and (\\d+) not started"
        "[^)]*; (\\d+) distinct interleavings\\).*the space is exhausted", 0, 0, NULL);
    g_autoptr(GMatchInfo) match = NULL;
    if (!g_regex_match(re, out, 0, &match))
        g_error("no exhaustive dfs summary in: %s", out);
    unsigned v[4];
    for (int i = 0; i < 4; i++) {
        g_autofree char *n = g_match_info_fetch(match, i + 1);
        v[i] = (unsigned)strtoul(n, NULL, 10);
    }
    return (struct summary){ v[0], v[1], v[2], v[3] };
}

static int compare_lines(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int argc_of(const char *const *argv)
{
    int n = 0;
    while (argv[n] != NULL)
        n++;
    return n;
}

/* argv run with the environment env: what it printed, its standard error
 * in *err (to free); it must exit 0. */
static char *run_clean(const char *const *argv, GStrv env, char **err)
{
    char *out = NULL;
    int wait_status;
    g_autoptr(GError) error = NULL;
    if (!g_spawn_sync(NULL, (char **)argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, err,
                      &wait_status, &error))
        g_error("cannot run %s: %s", argv[0], error->message);
    g_assert_true(WIFEXITED(wait_status));
    if (WEXITSTATUS(wait_status) != 0)
        g_error("%s exited %d: %s%s", argv[0], WEXITSTATUS(wait_status), out, *err);
    /* every run of the search took the steps its prefix gave it (dfs.c) */
    if (strstr(*err, "did not replay") != NULL)
        g_error("%s: %s", argv[argc_of(argv) - 1], *err);
    return out;
}

/* atomsim argv with ATOMSIM_DFS_CLASSES=classes (and the reduction off
 * unless reduce): its summary; the sorted classes in *lines. */
static struct summary search(const char *const *argv, bool reduce, const char *classes,
                             GStrv *lines)
{
    g_auto(GStrv) env = g_get_environ();
    env = g_environ_setenv(env, "ATOMSIM_DFS_CLASSES", classes, TRUE);
    env = g_environ_setenv(env, "ATOMSIM_DFS_REDUCE", reduce ? "1" : "0", TRUE);
    g_autofree char *err = NULL;
    g_autofree char *out = run_clean(argv, env, &err);
    /* every run of one interleaving saw the same values (dfs.c checks): the
     * steps the footprints say commute do */
    g_assert_null(strstr(err, "different values"));
    g_autofree char *text = contents_of(classes);
    *lines = g_strsplit(g_strchomp(text), "\n", -1);
    qsort(*lines, g_strv_length(*lines), sizeof **lines, compare_lines);
    return parse_summary(out);
}

static char *program(const struct dfs_case *c, const char *cpu)
{
    switch (c->where) {
    case GUEST:
        return guest(cpu, c->name);
    case EXAMPLE:
        return example(cpu, c->name);
    default:
        return litmus(cpu, c->name);
    }
}

static void check_case(const struct dfs_case *c, const char *cpu, const char *memory)
{
    g_autofree char *prog = program(c, cpu);
    const char *argv[12] = { BUILDDIR "/atomsim", "--sched", c->sched };
    int n = 3;
    if (c->cores != NULL) {
        argv[n++] = "--cores";
        argv[n++] = c->cores;
    }
    if (memory != NULL) {
        argv[n++] = "--memory";
        argv[n++] = memory;
    }
    argv[n++] = prog;
    g_autofree char *dir = g_dir_make_tmp("test-dfs-XXXXXX", NULL);
    g_assert_nonnull(dir);
    g_autofree char *on_file = g_build_filename(dir, "on", NULL);
    g_autofree char *off_file = g_build_filename(dir, "off", NULL);
    g_auto(GStrv) on = NULL, off = NULL;
    struct summary reduced = search(argv, true, on_file, &on);
    struct summary all = search(argv, false, off_file, &off);
    g_unlink(on_file);
    g_unlink(off_file);
    g_rmdir(dir);

    g_test_message("%s %s %s%s: %u runs, %u completed, %u distinct (unreduced: %u runs)",
                   cpu, c->name, c->sched, memory ? " --memory sc" : "", reduced.runs,
                   reduced.runs - reduced.cut, reduced.distinct, all.runs);
    /* unreduced: nothing pruned */
    g_assert_cmpuint(all.cut, ==, 0);
    g_assert_cmpuint(all.skipped, ==, 0);
    /* the summary counts what the file lists */
    g_assert_cmpuint(g_strv_length(on), ==, reduced.distinct);
    g_assert_cmpuint(g_strv_length(off), ==, all.distinct);
    /* the reduction is sound: the same interleavings, every one */
    g_assert_cmpuint(reduced.distinct, ==, all.distinct);
    for (guint i = 0; on[i] != NULL; i++)
        g_assert_cmpstr(on[i], ==, off[i]);
    /* and it runs each about once: completed <= 1.5 x distinct */
    g_assert_cmpuint(2 * (reduced.runs - reduced.cut), <=, 3 * reduced.distinct);
    /* and it never runs more */
    g_assert_cmpuint(reduced.runs, <=, all.runs);
}

static void test_dfs(gconstpointer data)
{
    const char *cpu = data;
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        if (cases[i].both_models)
            check_case(&cases[i], cpu, NULL);
        check_case(&cases[i], cpu, "sc");
    }
}

/* atomsim litmus -v on file for cpu under memory, spins waited at or not:
 * the final states (sorted), and the schedules run in *runs. */
static char *litmus_states(const char *file, const char *cpu, const char *memory, bool await,
                           unsigned *runs)
{
    const char *argv[] = { BUILDDIR "/atomsim", "litmus", "-v", "--cpu", cpu, "--memory",
                           memory, file, NULL };
    g_auto(GStrv) env = g_environ_setenv(g_get_environ(), "ATOMSIM_DFS_AWAIT",
                                         await ? "1" : "0", TRUE);
    g_autofree char *err = NULL;
    g_autofree char *out = run_clean(argv, env, &err);
    g_autoptr(GPtrArray) states = g_ptr_array_new();
    g_auto(GStrv) lines = g_strsplit(out, "\n", -1);
    for (char **l = lines; *l; l++) {
        char *state = strstr(*l, ":>");
        if (state != NULL)
            g_ptr_array_add(states, state);
        if (strstr(*l, "every one (") != NULL)
            *runs = (unsigned)strtoul(strstr(*l, "every one (") + 11, NULL, 10);
    }
    g_assert_cmpuint(states->len, >, 0);
    g_ptr_array_sort(states, compare_lines);
    g_ptr_array_add(states, NULL);
    return g_strjoinv("\n", (char **)states->pdata);
}

static void test_await(gconstpointer data)
{
    const char *cpu = data;
    const char *files[] = { "spin-lock-counter", "SB+locks", "MP+locks" };
    const char *models[] = { "sc", strcmp(cpu, "x86") == 0 || strcmp(cpu, "sparc32") == 0
                                       ? "tso" : NULL };
    for (size_t i = 0; i < G_N_ELEMENTS(files); i++) {
        g_autofree char *file = g_strdup_printf(SRCDIR "/tests/litmus-files/c/%s.litmus",
                                                files[i]);
        for (size_t k = 0; k < G_N_ELEMENTS(models) && models[k] != NULL; k++) {
            unsigned waited = 0, spun = 0;
            g_autofree char *with = litmus_states(file, cpu, models[k], true, &waited);
            g_autofree char *without = litmus_states(file, cpu, models[k], false, &spun);
            g_test_message("%s %s --memory %s: %u schedules waiting at spins, %u without",
                           cpu, files[i], models[k], waited, spun);
            g_assert_cmpstr(with, ==, without);
            g_assert_cmpuint(waited, >, 0);
            g_assert_cmpuint(waited, <=, spun);
        }
    }
}

/* sim_choose's values are choices of the search: the one bad pair of 15
 * is found, and its schedule (=VALUE) gives it again; with none bad, the
 * search tried every pair and says verified.  A value drawn by the first
 * step of a core a schedule switches to is tried at every value too. */
static void test_choices(gconstpointer data)
{
    const char *cpu = data;
    g_autofree char *prog = guest(cpu, "choose");
    struct result r = atomsim("--cores", "1", "--sched", "dfs", prog, NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "check failed: the one bad pair"));
    g_assert_nonnull(strstr(r.out, "=4"));
    g_auto(GStrv) again = reproduce_argv(r.out);
    result_clear(&r);
    r = run_argv((const char *const *)again);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "check failed: the one bad pair"));
    result_clear(&r);
    r = atomsim("--cores", "2", "--sched", "dfs", prog, NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, "atomsim: verified: no schedule with at most 2 preemptions "
                                   "finds anything"));
    result_clear(&r);
    /* a draw that is the first step of a core the search switches to is
     * tried at every value there too */
    g_autofree char *race = guest(cpu, "choose-race");
    for (int seed = 1; seed <= 3; seed++) {
        g_autofree char *seed_text = g_strdup_printf("%d", seed);
        r = atomsim("--cores", "2", "--memory", "sc", "--sched", "dfs:all", "--seed",
                    seed_text, race, NULL);
        g_assert_cmpint(r.status, ==, 1);
        g_assert_nonnull(strstr(r.out, "check failed: chose 2 before y was set"));
        result_clear(&r);
    }
}

/* Remembering states loses nothing: the same verdict, a failed check
 * found or every schedule verified, with it and without it; every run
 * replays the prefix the search gave it. */
static void test_states(gconstpointer data)
{
    const char *cpu = data;
    const struct {
        const char *name, *verdict;
    } checked[] = {
        { "handoff-rounds", "check failed: the receiver reads the round's data" },
        { "atomic-sections", "verified: no schedule of the program fails a check" },
        { "c11-counter-once", "verified: no schedule of the program fails a check" },
        { "threads-spin-atomic", "verified: no schedule of the program fails a check" },
        /* values drawn inside an atomic section, a window after it */
        { "atomic-draw", "check failed: saw the values 2 and 2 inside the window" },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(checked); i++) {
        g_autofree char *prog = guest(cpu, checked[i].name);
        const char *argv[] = { BUILDDIR "/atomsim", "--memory", "sc", "--only-checks",
                               "--sched", "dfs:all", prog, NULL };
        for (int remember = 0; remember <= 1; remember++) {
            g_auto(GStrv) env = g_environ_setenv(g_get_environ(), "ATOMSIM_DFS_STATES",
                                                 remember ? "1" : "0", TRUE);
            g_autofree char *out = NULL, *err = NULL;
            int wait_status;
            g_assert_true(g_spawn_sync(NULL, (char **)argv, env, G_SPAWN_DEFAULT, NULL, NULL,
                                       &out, &err, &wait_status, NULL));
            g_test_message("%s %s, states %s: %s", cpu, checked[i].name,
                           remember ? "remembered" : "not", strstr(out, "atomsim: dfs"));
            g_assert_nonnull(strstr(out, checked[i].verdict));
            g_assert_null(strstr(err, "did not replay"));
            /* an exhausted search's summary says how many runs a state
             * explored cut */
            if (g_str_has_prefix(checked[i].verdict, "verified"))
                g_assert_true(remember == (strstr(out, "at a state explored") != NULL));
        }
    }
}

/* A search on more than 32 cores under sc, where the only agents are the
 * cores (no store buffers to drain): every run replays the prefix the
 * search gave it, and the lost round is found. */
static void test_many_cores(gconstpointer data)
{
    g_autofree char *prog = guest(data, "handoff-rounds");
    struct result r = atomsim("--memory", "sc", "--only-checks", "--sched", "dfs:all",
                              "--cores", "40", prog, NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.out, "check failed: the receiver reads the round's data"));
    g_assert_null(strstr(r.err, "did not replay"));
    result_clear(&r);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    const struct per_cpu_test tests[] = { { "reduction", test_dfs }, { "await", test_await },
                                            { "choices", test_choices },
                                            { "states", test_states },
                                            { "many-cores", test_many_cores } };
    add_per_cpu_tests("dfs", tests, G_N_ELEMENTS(tests));
    return g_test_run();
}
