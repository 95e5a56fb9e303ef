/* guest-cc.c — see guest-cc.h. */
#include <string.h>

#include "base/error.h"
#include "guest-cc.h"

char *guest_cc_path(void)
{
    const char *env = g_getenv("ATOMSIM_CC");
    if (env != NULL && *env != '\0')
        return g_strdup(env);
    g_autofree char *exe = g_file_read_link("/proc/self/exe", NULL);
    g_autofree char *dir = exe ? g_path_get_dirname(exe) : g_strdup(".");
    char *built = g_build_filename(dir, "tools", "atomsim-cc", NULL);
    if (g_file_test(built, G_FILE_TEST_IS_EXECUTABLE))
        return built;
    g_free(built);
    return g_build_filename(dir, "atomsim-cc", NULL);
}

bool guest_cc_build(const char *cpu, const char *src, const char *elf,
                    const char *const *flags, GError **error)
{
    g_autofree char *cc = guest_cc_path();
    g_autoptr(GPtrArray) argv = g_ptr_array_new();
    const char *fixed[] = { cc, "--cpu", cpu, "-o", elf };
    for (unsigned i = 0; i < G_N_ELEMENTS(fixed); i++)
        g_ptr_array_add(argv, (gpointer)fixed[i]);
    for (const char *const *f = flags; f && *f; f++)
        g_ptr_array_add(argv, (gpointer)*f);
    g_ptr_array_add(argv, (gpointer)src);
    g_ptr_array_add(argv, NULL);
    g_autofree char *err = NULL;
    int status = 0;
    g_autoptr(GError) spawn = NULL;
    if (!g_spawn_sync(NULL, (char **)argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                      NULL, &err, &status, &spawn)) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_RESOURCE, "%s: cannot run %s: %s", src,
                    cc, spawn->message);
        return false;
    }
    if (!g_spawn_check_wait_status(status, NULL)) {
        const char *line = err ? strstr(err, "error: ") : NULL;
        g_autofree char *first = line ? g_strndup(line, strcspn(line, "\n")) : g_strdup("failed");
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT, "%s: atomsim-cc --cpu %s: %s", src,
                    cpu, first);
        return false;
    }
    return true;
}
