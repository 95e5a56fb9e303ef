/* test-litmus.c — the judge of tests/litmus/: runs every litmus program under
 * the schedules or the search its header names and checks the verdict it
 * states.
 *
 * A verdict is over the runs of one block for one memory model (see
 * tests/litmus/litmus.h).  With schedules: Always if every run observed the
 * outcome, Never if none did, Sometimes otherwise; the schedules are pinned
 * (--schedule), so the verdict does not depend on luck.  With a search
 * (--sched dfs:N): Sometimes if it found the outcome's failed check, Never if
 * it exhausted the space without one.
 */
#include <stdbool.h>
#include <string.h>
#include <glib.h>

#include "test-programs.h"

/* Every cpu models_of() knows. */
static const char *const all_cpus[] = { "x86", "x86_64", "sparc32", "arm", "aarch64", "riscv64" };

static bool has_model(const char *cpu, const char *model)
{
    g_auto(GStrv) models = models_of(cpu);
    return g_strv_contains((const char *const *)models, model);
}

struct block {
    char *monitor;              /* NULL: atomsim's default */
    char **models;              /* Memory:, one run set per model */
    char **on;                  /* On:, the cpus it is for; NULL: every one */
    GPtrArray *schedules;       /* char * */
    char *search;               /* Search:, the --sched; NULL: schedules */
    char *result;               /* Always, Sometimes, Never */
};

struct litmus {
    char *name;
    char *path;                 /* the source, whose header is read */
    char **cpus;
    char *cores;                /* --cores */
    GPtrArray *blocks;          /* struct block * */
};

static void block_free(gpointer p)
{
    struct block *b = p;
    g_free(b->monitor);
    g_strfreev(b->models);
    g_strfreev(b->on);
    g_ptr_array_unref(b->schedules);
    g_free(b->search);
    g_free(b->result);
    g_free(b);
}

static struct block *block_new(void)
{
    struct block *b = g_new0(struct block, 1);
    b->schedules = g_ptr_array_new_with_free_func(g_free);
    b->models = g_strsplit("sc", " ", -1);
    return b;
}

/* Words separated by blanks (to free). */
static char **words(const char *value)
{
    g_auto(GStrv) all = g_strsplit_set(value, " \t", -1);
    GStrvBuilder *w = g_strv_builder_new();
    for (char **s = all; *s; s++)
        if (**s != '\0')
            g_strv_builder_add(w, *s);
    char **v = g_strv_builder_end(w);
    g_strv_builder_unref(w);
    return v;
}

/* A block that ends is sound: schedules or a search, not both; a search
 * says Sometimes or Never; every model exists. */
static void block_check(const struct litmus *l, const struct block *b)
{
    bool search = b->search != NULL;
    if (search == (b->schedules->len > 0))
        g_error("%s: a block needs Schedule: lines or one Search:, not both", l->path);
    if (search && strcmp(b->result, "Sometimes") != 0 && strcmp(b->result, "Never") != 0)
        g_error("%s: a search finds an outcome Sometimes or Never, not %s", l->path, b->result);
    for (char **m = b->models; *m; m++) {
        bool known = false;
        for (unsigned i = 0; i < G_N_ELEMENTS(all_cpus); i++)
            known = known || has_model(all_cpus[i], *m);
        if (!known)
            g_error("%s: no cpu has the memory model %s", l->path, *m);
    }
}

/* The header comment's "Key: value" lines, in order. */
static struct litmus *litmus_read(const char *dir, const char *file)
{
    struct litmus *l = g_new0(struct litmus, 1);
    l->name = g_strndup(file, strlen(file) - 2);
    l->path = g_build_filename(dir, file, NULL);
    l->blocks = g_ptr_array_new_with_free_func(block_free);
    l->cores = g_strdup("2");

    g_autofree char *text = NULL;
    g_autoptr(GError) error = NULL;
    if (!g_file_get_contents(l->path, &text, NULL, &error))
        g_error("%s", error->message);
    char *end = strstr(text, "*/");
    g_assert_nonnull(end);
    *end = '\0';

    struct block *b = block_new();
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    for (char **line = lines; *line; line++) {
        char *s = g_strstrip(*line);
        s += strspn(s, "/* ");
        char *colon = strchr(s, ':');
        if (colon == NULL)
            continue;
        *colon = '\0';
        char *value = g_strstrip(colon + 1);
        if (strcmp(s, "Cpus") == 0) {
            l->cpus = words(value);
        } else if (strcmp(s, "Cores") == 0) {
            g_free(l->cores);
            l->cores = g_strdup(value);
        } else if (strcmp(s, "Monitor") == 0) {
            b->monitor = g_strdup(value);
        } else if (strcmp(s, "Memory") == 0) {
            g_strfreev(b->models);
            b->models = words(value);
        } else if (strcmp(s, "On") == 0) {
            b->on = words(value);
        } else if (strcmp(s, "Schedule") == 0) {
            g_ptr_array_add(b->schedules, g_strdup(value));
        } else if (strcmp(s, "Search") == 0) {
            b->search = g_strdup(value);
        } else if (strcmp(s, "Result") == 0) {
            b->result = g_strdup(value);
            block_check(l, b);
            g_ptr_array_add(l->blocks, b);
            b = block_new();
        }
    }
    block_free(b);
    if (l->cpus == NULL || l->blocks->len == 0)
        g_error("%s: a litmus header needs Cpus: and at least one Result:", l->path);
    return l;
}

static void litmus_free(gpointer p)
{
    struct litmus *l = p;
    g_free(l->name);
    g_free(l->path);
    g_strfreev(l->cpus);
    g_free(l->cores);
    g_ptr_array_unref(l->blocks);
    g_free(l);
}

struct litmus_case {
    const struct litmus *litmus;
    const char *cpu;
};

/* One block run for one cpu under one model. */
struct run {
    const struct litmus *litmus;
    const char *cpu, *elf, *model;
    const struct block *block;
};

/* The command line of a run, for messages (to free). */
static char *command(const struct run *r, const char *sched, const char *value)
{
    return g_strdup_printf("atomsim --cpu %s --cores %s --memory %s --monitor %s %s %s %s",
                           r->cpu, r->litmus->cores, r->model,
                           r->block->monitor ? r->block->monitor : "address", sched, value,
                           r->elf);
}

/* atomsim on the run's program with sched and its value (--schedule S or
 * --sched dfs:N); the run must end, with or without findings (exit 0 or 1). */
static struct result run_atomsim(const struct run *r, const char *sched, const char *value)
{
    g_autofree char *monitor = g_strdup_printf("--monitor=%s", r->block->monitor
                                                                   ? r->block->monitor
                                                                   : "address");
    struct result res = atomsim("--cpu", r->cpu, "--cores", r->litmus->cores, "--memory",
                                r->model, monitor, sched, value, r->elf, NULL);
    g_autofree char *cmd = command(r, sched, value);
    g_test_message("%s: exit %d", cmd, res.status);
    if (res.status > 1)
        g_error("%s: atomsim did not end:\n%s%s", cmd, res.out, res.err);
    return res;
}

/* Did the run under one pinned schedule observe the outcome?  Core 0 must
 * say. */
static bool observed_once(const struct run *r, const char *schedule)
{
    struct result res = run_atomsim(r, "--schedule", schedule);
    bool observed = strstr(res.out, "cpu0: litmus: observed\n") != NULL;
    if (!observed && !strstr(res.out, "cpu0: litmus: not observed\n"))
        g_error("--schedule %s: core 0 did not report:\n%s", schedule, res.out);
    result_clear(&res);
    return observed;
}

/* The verdict over the block's schedules. */
static const char *verdict_of_schedules(const struct run *r)
{
    const GPtrArray *schedules = r->block->schedules;
    unsigned seen = 0;
    for (guint k = 0; k < schedules->len; k++)
        seen += observed_once(r, g_ptr_array_index(schedules, k));
    return seen == schedules->len ? "Always" : seen == 0 ? "Never" : "Sometimes";
}

/* The verdict of the block's search: Sometimes if it failed a check, Never
 * if it exhausted the space; anything else is an error. */
static const char *verdict_of_search(const struct run *r)
{
    struct result res = run_atomsim(r, "--sched", r->block->search);
    const char *verdict = res.status == 1 && strstr(res.out, "check failed: ") ? "Sometimes"
                          : res.status == 0 && strstr(res.out, "(the space is exhausted)")
                              ? "Never"
                              : NULL;
    if (verdict == NULL || strcmp(verdict, r->block->result) != 0) {
        g_autofree char *cmd = command(r, "--sched", r->block->search);
        g_error("%s: %s, but the header says %s:\n%s%s", cmd,
                verdict ? verdict : "neither a finding nor an exhausted space",
                r->block->result, res.out, res.err);
    }
    result_clear(&res);
    return verdict;
}

static bool block_is_for(const struct block *b, const char *cpu)
{
    return b->on == NULL || g_strv_contains((const char *const *)b->on, cpu);
}

/* Every model of the cpu is searched by some block: a search file cannot
 * leave one out by a slip of its Memory: or On: lines. */
static void assert_models_covered(const struct litmus *l, const char *cpu)
{
    g_auto(GStrv) models = models_of(cpu);
    for (char **m = models; *m; m++) {
        bool covered = false;
        for (guint k = 0; k < l->blocks->len; k++) {
            const struct block *b = g_ptr_array_index(l->blocks, k);
            covered = covered || (b->search && block_is_for(b, cpu) &&
                                  g_strv_contains((const char *const *)b->models, *m));
        }
        if (!covered)
            g_error("%s: no search block covers --memory %s on %s", l->path, *m, cpu);
    }
}

static void test_litmus(gconstpointer data)
{
    const struct litmus_case *lc = data;
    const struct litmus *l = lc->litmus;
    g_autofree char *elf = litmus(lc->cpu, l->name);
    g_assert_true(g_file_test(elf, G_FILE_TEST_EXISTS));

    bool searches = false;
    for (guint i = 0; i < l->blocks->len; i++) {
        const struct block *b = g_ptr_array_index(l->blocks, i);
        searches = searches || b->search;
        if (!block_is_for(b, lc->cpu))
            continue;
        for (char **m = b->models; *m; m++) {
            if (!has_model(lc->cpu, *m))
                continue;
            struct run r = { l, lc->cpu, elf, *m, b };
            const char *verdict = b->search ? verdict_of_search(&r) : verdict_of_schedules(&r);
            g_test_message("%s on %s, block %u, --memory %s: %s", l->name, lc->cpu, i + 1, *m,
                           verdict);
            if (strcmp(verdict, b->result) != 0)
                g_error("%s on %s, block %u (--monitor %s --memory %s): %s, but the header "
                        "says %s",
                        l->name, lc->cpu, i + 1, b->monitor ? b->monitor : "address", *m,
                        verdict, b->result);
        }
    }
    if (searches)
        assert_models_covered(l, lc->cpu);
}

static gint compare_names(gconstpointer a, gconstpointer b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    const char *dir = SRCDIR "/tests/litmus";
    g_autoptr(GError) error = NULL;
    g_autoptr(GDir) d = g_dir_open(dir, 0, &error);
    if (d == NULL)
        g_error("%s", error->message);
    GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
    for (const char *f; (f = g_dir_read_name(d)) != NULL;)
        if (g_str_has_suffix(f, ".c"))
            g_ptr_array_add(names, g_strdup(f));
    g_ptr_array_sort(names, compare_names);
    GPtrArray *all = g_ptr_array_new_with_free_func(litmus_free);

    for (guint i = 0; i < names->len; i++) {
        struct litmus *l = litmus_read(dir, g_ptr_array_index(names, i));
        for (char **cpu = l->cpus; *cpu; cpu++) {
            if (**cpu == '\0' || !cpu_built(*cpu) ||
                sampled_out(i, (unsigned)(cpu - l->cpus), g_strv_length(l->cpus)))
                continue;
            struct litmus_case *lc = g_new0(struct litmus_case, 1);
            lc->litmus = l;
            lc->cpu = *cpu;
            g_autofree char *path = g_strdup_printf("/litmus/%s/%s", *cpu, l->name);
            g_test_add_data_func_full(path, lc, test_litmus, g_free);
        }
        g_ptr_array_add(all, l);
    }
    int status = g_test_run();
    g_ptr_array_unref(all);
    g_ptr_array_unref(names);
    return status;
}
