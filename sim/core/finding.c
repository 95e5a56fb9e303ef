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
        [FINDING_HANG] = "hang",
    };
    return names[kind];
}

void finding_clear(void *p)
{
    struct finding *f = p;
    g_free(f->text);
    g_free(f->message);
}

char *finding_text_at(const struct image *img, enum finding_kind kind, const char *what,
                      uint64_t pc)
{
    /* a check's pc is where sim_check_failed returns to: the line of its call */
    g_autofree char *where = kind == FINDING_CHECK_FAILED ? image_name_return(img, pc)
                                                          : image_name_pc(img, pc);
    return g_strdup_printf("%s%s, at pc 0x%" G_GINT64_MODIFIER "x (%s)",
                           kind == FINDING_CHECK_FAILED ? "check failed: " : "", what, pc, where);
}

void findings_init(struct findings *fs)
{
    fs->list = NULL;            /* made by the first finding: most runs find nothing */
}

void findings_add(struct findings *fs, const struct finding *f)
{
    if (fs->list == NULL) {
        fs->list = g_array_new(FALSE, TRUE, sizeof(struct finding));
        g_array_set_clear_func(fs->list, finding_clear);
    }
    struct finding kept = *f;
    kept.text = g_strdup(f->text);
    kept.message = g_strdup(f->message);
    g_array_append_val(fs->list, kept);
}

void findings_clear(struct findings *fs)
{
    if (fs->list)
        g_array_unref(fs->list);
    fs->list = NULL;
}
