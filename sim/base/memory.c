/* memory.c — see memory.h. */
#include <string.h>
#include <glib.h>

#include "memory.h"

static const char *const names[MEMORY_MODELS] = {
    [MEMORY_SC] = "sc", [MEMORY_TSO] = "tso", [MEMORY_PSO] = "pso", [MEMORY_ARM] = "arm",
    [MEMORY_RVWMO] = "rvwmo",
};

const char *memory_model_name(enum memory_model model)
{
    return names[model];
}

bool memory_model_parse(const char *name, enum memory_model *model)
{
    for (unsigned i = 0; i < MEMORY_MODELS; i++) {
        if (strcmp(name, names[i]) == 0) {
            *model = (enum memory_model)i;
            return true;
        }
    }
    return false;
}

char *memory_model_names(unsigned set)
{
    GString *s = g_string_new(NULL);
    set &= MEMORY_BIT(MEMORY_MODELS) - 1;
    unsigned left = (unsigned)__builtin_popcount(set);
    for (unsigned i = 0; i < MEMORY_MODELS; i++) {
        if (!(set & MEMORY_BIT(i)))
            continue;
        left--;
        g_string_append_printf(s, "%s%s", names[i], left == 0 ? "" : left == 1 ? " or " : ", ");
    }
    return g_string_free(s, FALSE);
}
