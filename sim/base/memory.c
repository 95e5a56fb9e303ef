/* memory.c — see memory.h. */
#include <string.h>

#include "memory.h"

static const char *const names[] = { [MEMORY_SC] = "sc", [MEMORY_TSO] = "tso" };

const char *memory_model_name(enum memory_model model)
{
    return names[model];
}

bool memory_model_parse(const char *name, enum memory_model *model)
{
    for (unsigned i = 0; i < sizeof names / sizeof *names; i++) {
        if (strcmp(name, names[i]) == 0) {
            *model = (enum memory_model)i;
            return true;
        }
    }
    return false;
}

const char *memory_model_names(void)
{
    return "sc or tso";
}
