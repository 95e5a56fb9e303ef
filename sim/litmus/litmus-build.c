/* litmus-build.c — see litmus-build.h: the cpu of a test, and its program
 * built by atomsim-cc into the cache. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gstdio.h>

#include "base/error.h"
#include "litmus-build.h"

void litmus_builder_init(struct litmus_builder *b, const char *cc, const char *cache_dir)
{
    b->cc = g_strdup(cc);
    b->cache_dir = g_strdup(cache_dir);
    b->stamps = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    b->pool = NULL;
    b->soon = g_ptr_array_new_with_free_func((GDestroyNotify)litmus_test_free);
    b->building = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    g_mutex_init(&b->lock);
    g_cond_init(&b->built);
}

void litmus_builder_clear(struct litmus_builder *b)
{
    g_free(b->cc);
    g_free(b->cache_dir);
    if (b->pool != NULL)
        g_thread_pool_free(b->pool, TRUE, TRUE);   /* the queued dropped, the running waited for */
    g_ptr_array_unref(b->soon);
    g_hash_table_unref(b->building);
    g_hash_table_unref(b->stamps);
    g_mutex_clear(&b->lock);
    g_cond_clear(&b->built);
}

/* Does the dialect of cpu have the name arch? */
static bool speaks(const struct cpu_ops *cpu, const char *arch)
{
    if (cpu->litmus == NULL)
        return false;
    for (const char *const *a = cpu->litmus->archs; *a; a++)
        if (strcmp(*a, arch) == 0)
            return true;
    return false;
}

const struct cpu_ops *litmus_cpu_for(const struct litmus_test *t, GError **error)
{
    for (const struct cpu_ops *const *c = cpu_list; *c; c++)
        if (speaks(*c, t->arch))
            return *c;
    GString *names = g_string_new(NULL);
    for (const struct cpu_ops *const *c = cpu_list; *c; c++)
        if ((*c)->litmus != NULL)
            g_string_append_printf(names, "%s, ", (*c)->litmus->archs[0]);
    g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT,
                "%s:1: a litmus test for %s, which atomsim does not run (it runs %sand C)",
                t->file, t->arch, names->str);
    g_string_free(names, TRUE);
    return NULL;
}

/* Run atomsim-cc with args; its standard error in *err (to free).  False
 * if it did not run or failed. */
static bool run_cc(char **argv, char **err, GError **error)
{
    int status = 0;
    if (!g_spawn_sync(NULL, argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, err,
                      &status, error))
        return false;
    return g_spawn_check_wait_status(status, NULL);
}

/* What the guest runtime of cpu is, as the cache's key sees it: the files
 * atomsim-cc links and includes, by name, size and time (to free). */
static char *runtime_stamp(struct litmus_builder *b, const struct cpu_ops *cpu)
{
    g_mutex_lock(&b->lock);
    char *known = g_strdup(g_hash_table_lookup(b->stamps, cpu->name));
    g_mutex_unlock(&b->lock);
    if (known != NULL)
        return known;
    GString *stamp = g_string_new(b->cc);
    g_autofree char *out = NULL;
    char *argv[] = { b->cc, "--cpu", (char *)cpu->name, "--print-runtime", NULL };
    int status = 0;
    if (g_spawn_sync(NULL, argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
                     &status, NULL) && g_spawn_check_wait_status(status, NULL)) {
        g_auto(GStrv) dirs = g_strsplit(g_strstrip(out), "\n", -1);
        for (char **d = dirs; *d; d++) {
            g_autoptr(GDir) dir = g_dir_open(*d, 0, NULL);
            const char *name;
            while (dir != NULL && (name = g_dir_read_name(dir)) != NULL) {
                g_autofree char *path = g_build_filename(*d, name, NULL);
                GStatBuf st;
                if (g_stat(path, &st) == 0)
                    g_string_append_printf(stamp, "\n%s %lld %lld", path, (long long)st.st_size,
                                           (long long)st.st_mtime);
            }
        }
    }
    g_mutex_lock(&b->lock);
    g_hash_table_insert(b->stamps, g_strdup(cpu->name), g_strdup(stamp->str));
    g_mutex_unlock(&b->lock);
    return g_string_free(stamp, FALSE);
}

/* The first line of the compiler's messages that names a line and says
 * what is wrong, else its last line (to free). */
static char *first_error(const char *messages)
{
    g_auto(GStrv) lines = g_strsplit(messages ? messages : "", "\n", -1);
    const char *last = "atomsim-cc failed";
    for (char **l = lines; *l; l++) {
        if (strstr(*l, ": Error: ") || strstr(*l, "error: ") || strstr(*l, "undefined reference"))
            return g_strdup(g_strstrip(*l));
        if (**l != '\0')
            last = *l;
    }
    return g_strdup(last);
}

/* A file name for the test's ELF: its name, kept to safe characters, the
 * cpu and the key. */
static char *elf_name(const struct litmus_test *t, const struct cpu_ops *cpu, const char *key)
{
    g_autofree char *name = g_strndup(t->name, 48);
    g_strcanon(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-_.", '_');
    return g_strdup_printf("%s-%s-%.16s.elf", name, cpu->name, key);
}

/* Write the sources into a new directory and build them into elf. */
static bool compile(struct litmus_builder *b, const struct litmus_test *t,
                    const struct cpu_ops *cpu, const char *harness, const char *threads,
                    const char *elf, GError **error)
{
    g_autofree char *dir = g_dir_make_tmp("atomsim-litmus-XXXXXX", error);
    if (dir == NULL)
        return false;
    g_autofree char *c_path = g_build_filename(dir, "harness.c", NULL);
    g_autofree char *s_path = g_build_filename(dir, "threads.S", NULL);
    g_autofree char *out = g_build_filename(dir, "test.elf", NULL);
    bool ok = g_file_set_contents(c_path, harness, -1, error) &&
              (threads == NULL || g_file_set_contents(s_path, threads, -1, error));
    g_autofree char *messages = NULL;
    if (ok) {
        char *argv[] = { b->cc, "--cpu", (char *)cpu->name, "-o", out, c_path,
                         threads ? s_path : NULL, NULL };
        GError *spawn_error = NULL;
        if (!run_cc(argv, &messages, &spawn_error)) {
            g_autofree char *why = spawn_error ? g_strdup(spawn_error->message)
                                               : first_error(messages);
            g_clear_error(&spawn_error);
            g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT, "%s%s%s",
                        strstr(why, t->file) == why ? "" : t->file,
                        strstr(why, t->file) == why ? "" : ": cannot build it: ", why);
            ok = false;
        } else if (g_rename(out, elf) != 0) {
            g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT, "%s: %s", elf,
                        g_strerror(errno));
            ok = false;
        }
    }
    g_unlink(c_path);
    g_unlink(s_path);
    g_unlink(out);
    g_rmdir(dir);
    return ok;
}

char *litmus_build(struct litmus_builder *b, const struct litmus_test *t,
                   const struct cpu_ops *cpu, GError **error)
{
    if (!litmus_is_c(t) && cpu->litmus == NULL) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT, "%s: %s has no litmus dialect",
                    t->file, cpu->name);
        return NULL;
    }
    g_autofree char *harness = litmus_harness_source(t, cpu);
    g_autofree char *threads = NULL;
    if (!litmus_is_c(t) && (threads = litmus_threads_source(t, cpu, error)) == NULL)
        return NULL;
    g_autofree char *stamp = runtime_stamp(b, cpu);
    GChecksum *sum = g_checksum_new(G_CHECKSUM_SHA256);
    const char *parts[] = { PACKAGE_VERSION, cpu->name, stamp, harness, threads ? threads : "" };
    for (unsigned i = 0; i < G_N_ELEMENTS(parts); i++)
        g_checksum_update(sum, (const guchar *)parts[i], (gssize)strlen(parts[i]) + 1);
    g_autofree char *key = g_strdup(g_checksum_get_string(sum));
    g_checksum_free(sum);
    g_autofree char *name = elf_name(t, cpu, key);
    char *elf = g_build_filename(b->cache_dir, name, NULL);
    /* one build of an ELF at a time: another thread's, waited for */
    g_mutex_lock(&b->lock);
    while (g_hash_table_contains(b->building, elf))
        g_cond_wait(&b->built, &b->lock);
    bool cached = g_file_test(elf, G_FILE_TEST_IS_REGULAR);
    if (!cached)
        g_hash_table_add(b->building, g_strdup(elf));
    g_mutex_unlock(&b->lock);
    if (cached)
        return elf;
    bool ok = true;
    if (g_mkdir_with_parents(b->cache_dir, 0755) != 0) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT, "%s: %s", b->cache_dir,
                    g_strerror(errno));
        ok = false;
    }
    ok = ok && compile(b, t, cpu, harness, threads, elf, error);
    g_mutex_lock(&b->lock);
    g_hash_table_remove(b->building, elf);
    g_cond_broadcast(&b->built);
    g_mutex_unlock(&b->lock);
    if (!ok)
        g_clear_pointer(&elf, g_free);
    return elf;
}

/* A build litmus_build_soon queued. */
struct build_job {
    const struct litmus_test *t;
    const struct cpu_ops *cpu;
};

static void build_job(gpointer job, gpointer builder)
{
    struct build_job *j = job;
    g_free(litmus_build(builder, j->t, j->cpu, NULL));
    g_free(j);
}

void litmus_build_soon(struct litmus_builder *b, struct litmus_test *t,
                       const struct cpu_ops *const *cpus, unsigned n)
{
    g_mutex_lock(&b->lock);
    g_ptr_array_add(b->soon, t);
    g_mutex_unlock(&b->lock);
    if (b->pool == NULL)
        b->pool = g_thread_pool_new(build_job, b, (gint)g_get_num_processors(), FALSE, NULL);
    for (unsigned i = 0; i < n; i++) {
        struct build_job *j = g_new(struct build_job, 1);
        *j = (struct build_job){ t, cpus[i] };
        g_thread_pool_push(b->pool, j, NULL);
    }
}

