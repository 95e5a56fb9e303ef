/* step-command.c — see step-command.h. */
#include <string.h>
#include <glib.h>

#include "base/limits.h"
#include "sched/scheduler.h"
#include "step-command.h"

/* "N" or "N.K" (the whole of text) into core and slot. */
static bool parse_core(const char *text, unsigned *core, unsigned *slot)
{
    char *end;
    *slot = 0;
    if (!g_ascii_isdigit(text[0]))
        return false;
    guint64 n = g_ascii_strtoull(text, &end, 10);
    if (*end == '.' && g_ascii_isdigit(end[1])) {
        guint64 k = g_ascii_strtoull(end + 1, &end, 10);
        if (k >= ATOMSIM_STORE_BUFFER_DEPTH)
            return false;
        *slot = (unsigned)k;
    }
    if (*end != '\0' || n >= ATOMSIM_MAX_CORES)
        return false;
    *core = (unsigned)n;
    return true;
}

/* "N", "N~K" or "N=V" (the whole of text) into cmd's core, older (0
 * without ~K) and predicted value. */
static bool parse_step(char *text, struct step_command *cmd)
{
    char *tilde = strchr(text, '~'), *equals = strchr(text, '=');
    guint64 k = 0;
    unsigned slot;
    if (tilde != NULL && equals != NULL)
        return false;
    if (tilde != NULL) {
        *tilde = '\0';
        if (!g_ascii_string_to_unsigned(tilde + 1, 10, 1, SCHED_MAX_OLDER, &k, NULL))
            return false;
    }
    if (equals != NULL) {
        *equals = '\0';
        guint64 v;
        if (!g_ascii_string_to_unsigned(equals + 1, 10, 0, G_MAXUINT64, &v, NULL))
            return false;
        cmd->predicted = true;
        cmd->value = v;
    }
    cmd->older = (unsigned)k;
    return strchr(text, '.') == NULL && parse_core(text, &cmd->core, &slot);
}

static enum step_verb verb_of(const char *word)
{
    static const struct {
        const char *word;
        enum step_verb verb;
    } verbs[] = { { "u", STEP_UNDO }, { "r", STEP_RUN }, { "t", STEP_TRACE },
                  { "h", STEP_HELP }, { "?", STEP_HELP }, { "q", STEP_QUIT } };
    for (unsigned i = 0; i < G_N_ELEMENTS(verbs); i++)
        if (strcmp(word, verbs[i].word) == 0)
            return verbs[i].verb;
    return STEP_BAD;
}

void step_command_parse(const char *line, struct step_command *cmd)
{
    *cmd = (struct step_command){ .verb = STEP_BAD };
    g_autofree char *text = g_strdup(line);
    for (char *hash = strchr(text, '#'); hash != NULL; hash = strchr(hash + 1, '#')) {
        if (hash == text || g_ascii_isspace(hash[-1])) {
            *hash = '\0';
            break;
        }
    }
    g_strstrip(text);
    if (text[0] == '\0') {
        cmd->verb = STEP_NOTHING;
    } else if (text[0] == 'w' && g_ascii_isspace(text[1])) {
        cmd->verb = STEP_SAVE;
        cmd->path = g_strdup(g_strchug(text + 1));
    } else if (text[0] == 'd' && parse_core(g_strchug(text + 1), &cmd->core, &cmd->slot)) {
        cmd->verb = STEP_DRAIN;
    } else if (g_ascii_isdigit(text[0])) {
        if (parse_step(text, cmd))
            cmd->verb = STEP_CORE;
    } else {
        cmd->verb = verb_of(text);
    }
}

void step_command_clear(struct step_command *cmd)
{
    g_free(cmd->path);
    cmd->path = NULL;
}
