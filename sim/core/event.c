/* event.c — see event.h. */
#include "event.h"

const char *event_kind_name(enum event_kind kind)
{
    static const char *const names[] = {
        [EVENT_LOAD] = "LOAD", [EVENT_STORE] = "STORE", [EVENT_RMW] = "RMW",
        [EVENT_LL] = "LL",     [EVENT_SC] = "SC",       [EVENT_CLREX] = "CLREX",
        [EVENT_FENCE] = "FENCE", [EVENT_TRAP] = "TRAP",
    };
    return names[kind];
}
