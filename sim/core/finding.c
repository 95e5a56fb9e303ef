/* finding.c — see finding.h. */
#include <glib.h>
#include "finding.h"

const char *finding_kind_name(enum finding_kind kind)
{
    static const char *const names[] = {
        [FINDING_LOST_UPDATE] = "lost-update",
        [FINDING_MONITOR_DIVERGENCE] = "monitor-divergence",
        [FINDING_CHECK_FAILED] = "check-failed",
        [FINDING_EXIT_CODE] = "exit-code",
        [FINDING_DEADLOCK] = "deadlock",
        [FINDING_LIVELOCK] = "livelock",
    };
    return names[kind];
}

void finding_clear(void *p)
{
    struct finding *f = p;
    g_free(f->text);
    g_free(f->message);
}
