/* test-litmus.c — the judge of tests/litmus/: runs every litmus program under
 * the schedules its header names and checks the verdict it states.
 *
 * A verdict is over the runs of one block (see tests/litmus/litmus.h):
 * Always if every run observed the outcome, Never if none did, Sometimes
 * otherwise.  The schedules are pinned (--schedule), so the verdict does not
 * depend on luck.
 */
#include <stdbool.h>
#include <string.h>
#include <glib.h>

#include "test-programs.h"

struct block {
    char *monitor;              /* NULL: atomsim's default */
    char *memory;               /* likewise */
    GPtrArray *schedules;       /* char * */
    char *result;               /* Always, Sometimes, Never */
};

struct litmus {
    char *name;
    char *path;                 /* the source, whose header is read */
    char **cpus;
    GPtrArray *blocks;          /* struct block * */
};

static void block_free(gpointer p)
{
    struct block *b = p;
    g_free(b->monitor);
    g_free(b->memory);
    g_ptr_array_unref(b->schedules);
    g_free(b->result);
    g_free(b);
}

static struct block *block_new(void)
{
    struct block *b = g_new0(struct block, 1);
    b->schedules = g_ptr_array_new_with_free_func(g_free);
    return b;
}

/* The header comment's "Key: value" lines, in order. */
static struct litmus *litmus_read(const char *dir, const char *file)
{
    struct litmus *l = g_new0(struct litmus, 1);
    l->name = g_strndup(file, strlen(file) - 2);
    l->path = g_build_filename(dir, file, NULL);
    l->blocks = g_ptr_array_new_with_free_func(block_free);

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
            l->cpus = g_strsplit_set(value, " ", -1);
        } else if (strcmp(s, "Monitor") == 0) {
            b->monitor = g_strdup(value);
        } else if (strcmp(s, "Memory") == 0) {
            b->memory = g_strdup(value);
        } else if (strcmp(s, "Schedule") == 0) {
            g_ptr_array_add(b->schedules, g_strdup(value));
        } else if (strcmp(s, "Result") == 0) {
            b->result = g_strdup(value);
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
    g_ptr_array_unref(l->blocks);
    g_free(l);
}

struct litmus_case {
    const struct litmus *litmus;
    const char *cpu;
};

/* Did the run observe the outcome?  The run must end, with or without
 * findings (exit 0 or 1), and core 0 must say. */
static bool run_once(const char *elf, const char *cpu, const char *schedule,
                     const struct block *b)
{
    g_autofree char *monitor = g_strdup_printf("--monitor=%s",
                                               b->monitor ? b->monitor : "address");
    g_autofree char *memory = g_strdup_printf("--memory=%s", b->memory ? b->memory : "sc");
    struct result r = atomsim(monitor, memory, "--cpu", cpu, "--cores", "2", "--schedule",
                              schedule, elf, NULL);
    if (r.status > 1)
        g_error("--schedule %s: atomsim did not end:\n%s%s", schedule, r.out, r.err);
    bool observed = strstr(r.out, "cpu0: litmus: observed\n") != NULL;
    if (!observed && !strstr(r.out, "cpu0: litmus: not observed\n"))
        g_error("--schedule %s: core 0 did not report:\n%s", schedule, r.out);
    result_clear(&r);
    return observed;
}

static void test_litmus(gconstpointer data)
{
    const struct litmus_case *lc = data;
    const struct litmus *l = lc->litmus;
    g_autofree char *elf = litmus(lc->cpu, l->name);
    g_assert_true(g_file_test(elf, G_FILE_TEST_EXISTS));

    for (guint i = 0; i < l->blocks->len; i++) {
        const struct block *b = g_ptr_array_index(l->blocks, i);
        unsigned seen = 0;
        for (guint k = 0; k < b->schedules->len; k++) {
            const char *schedule = g_ptr_array_index(b->schedules, k);
            bool observed = run_once(elf, lc->cpu, schedule, b);
            g_test_message("%s on %s, --schedule %s --monitor %s --memory %s: %s", l->name,
                           lc->cpu, schedule, b->monitor ? b->monitor : "address",
                           b->memory ? b->memory : "sc", observed ? "observed" : "not observed");
            seen += observed;
        }
        g_assert_cmpuint(b->schedules->len, >, 0);
        const char *verdict = seen == b->schedules->len ? "Always"
                              : seen == 0              ? "Never"
                                                       : "Sometimes";
        if (strcmp(verdict, b->result) != 0)
            g_error("%s on %s, block %u (--monitor %s --memory %s): %s, but the header says %s",
                    l->name, lc->cpu, i + 1, b->monitor ? b->monitor : "address",
                    b->memory ? b->memory : "sc", verdict, b->result);
    }
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
            if (**cpu == '\0' || !cpu_built(*cpu))
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
