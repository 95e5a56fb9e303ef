/* log.c — see log.h. */
#include <string.h>

#include "error.h"
#include "log.h"

unsigned log_areas_on;

static const char *const areas[LOG_AREAS] = {
    [LOG_SCHED] = "sched", [LOG_MONITOR] = "monitor", [LOG_MEMORY] = "memory",
    [LOG_CPU] = "cpu", [LOG_EXPLORE] = "explore",
};

static const char *const domains[LOG_AREAS] = {
    [LOG_SCHED] = "atomsim-sched", [LOG_MONITOR] = "atomsim-monitor",
    [LOG_MEMORY] = "atomsim-memory", [LOG_CPU] = "atomsim-cpu",
    [LOG_EXPLORE] = "atomsim-explore",
};

const char *log_domain(enum log_area a)
{
    return domains[a];
}

void log_write(enum log_area a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g_logv(domains[a], G_LOG_LEVEL_DEBUG, fmt, ap);
    va_end(ap);
}

const char *log_area_names(void)
{
    return "sched, monitor, memory, cpu, explore";
}

/* The areas named in a list of words separated by commas or blanks, each an
 * area (or, with prefix "atomsim-", its domain) or "all"; -1 if a word names
 * none of them. */
static int areas_in(const char *list, const char *prefix, char **unknown)
{
    unsigned on = 0;
    g_auto(GStrv) words = g_strsplit_set(list, ", ", -1);
    for (char **w = words; *w != NULL; w++) {
        if (**w == '\0')
            continue;
        if (strcmp(*w, "all") == 0) {
            on = (1u << LOG_AREAS) - 1;
            continue;
        }
        const char *name = g_str_has_prefix(*w, prefix) ? *w + strlen(prefix) : NULL;
        int found = -1;
        for (int a = 0; a < LOG_AREAS && name != NULL; a++)
            if (strcmp(name, areas[a]) == 0)
                found = a;
        if (found < 0) {
            if (unknown != NULL && *unknown == NULL)
                *unknown = g_strdup(*w);
            continue;
        }
        on |= 1u << found;
    }
    return (int)on;
}

gboolean log_init(const char *list, GError **error)
{
    const char *env = g_getenv("G_MESSAGES_DEBUG");
    unsigned on = env != NULL ? (unsigned)areas_in(env, "atomsim-", NULL) : 0;
    if (list != NULL) {
        g_autofree char *unknown = NULL;
        on |= (unsigned)areas_in(list, "", &unknown);
        if (unknown != NULL) {
            g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                        "--debug %s: '%s' is no subsystem (%s, or all)", list, unknown,
                        log_area_names());
            return FALSE;
        }
    }
    log_areas_on = on;
    if (on == 0)
        return TRUE;
    /* standard output is the guest's and the report's */
    g_log_writer_default_set_use_stderr(TRUE);
    /* GLib prints a debug message only if G_MESSAGES_DEBUG names its
     * domain: name every area that is on. */
    GString *domains_on = g_string_new(env);
    for (int a = 0; a < LOG_AREAS; a++)
        if (on >> a & 1)
            g_string_append_printf(domains_on, " %s", domains[a]);
    g_setenv("G_MESSAGES_DEBUG", domains_on->str, TRUE);
    g_string_free(domains_on, TRUE);
    return TRUE;
}
