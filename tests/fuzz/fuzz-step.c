/* fuzz-step.c — libFuzzer target for the commands of `atomsim step`
 * (step_command_parse): a line of any bytes.  Invariants: a core and a slot
 * are within any machine's limits, a save names a file, and a command
 * written back as text parses to the same command (its read choice, ~K or
 * =V, too). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <glib.h>

#include "base/limits.h"
#include "cli/step-command.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* cmd as a line a user would type. */
static char *command_text(const struct step_command *cmd)
{
    switch (cmd->verb) {
    case STEP_CORE:
        if (cmd->predicted)
            return g_strdup_printf("%u=%" G_GUINT64_FORMAT, cmd->core, cmd->value);
        return cmd->older ? g_strdup_printf("%u~%u", cmd->core, cmd->older)
                          : g_strdup_printf("%u", cmd->core);
    case STEP_DRAIN: return g_strdup_printf("d%u.%u", cmd->core, cmd->slot);
    case STEP_SAVE: return g_strdup_printf("w %s", cmd->path);
    case STEP_UNDO: return g_strdup("u");
    case STEP_RUN: return g_strdup("r");
    case STEP_TRACE: return g_strdup("t");
    case STEP_HELP: return g_strdup("h");
    case STEP_QUIT: return g_strdup("q");
    default: return NULL;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    g_autofree char *line = g_strndup((const char *)data, size);
    struct step_command cmd;
    step_command_parse(line, &cmd);
    g_assert(cmd.verb <= STEP_BAD);
    if (cmd.verb == STEP_CORE || cmd.verb == STEP_DRAIN) {
        g_assert(cmd.core < ATOMSIM_MAX_CORES);
        g_assert(cmd.slot < ATOMSIM_STORE_BUFFER_DEPTH);
    }
    g_assert((cmd.verb == STEP_SAVE) == (cmd.path != NULL));
    g_assert(cmd.path == NULL || (cmd.path[0] != '\0' && cmd.path[0] != '#'));
    g_autofree char *again = command_text(&cmd);
    if (again != NULL) {
        struct step_command twin;
        step_command_parse(again, &twin);
        g_assert(twin.verb == cmd.verb && twin.core == cmd.core && twin.slot == cmd.slot);
        g_assert(twin.older == cmd.older && twin.predicted == cmd.predicted &&
                 twin.value == cmd.value);
        g_assert(g_strcmp0(twin.path, cmd.path) == 0);
        step_command_clear(&twin);
    }
    step_command_clear(&cmd);
    return 0;
}
