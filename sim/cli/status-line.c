/* status-line.c — see status-line.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "status-line.h"

#define ERASE_TO_END "\033[K"

static bool on_a_terminal(void)
{
    const char *term = getenv("TERM");
    return isatty(STDERR_FILENO) && term != NULL && strcmp(term, "dumb") != 0;
}

static void tell(void *ctx, const struct search_progress *p)
{
    struct status_line *sl = ctx;
    double rate = p->seconds > 0 ? (double)p->runs / p->seconds : 0;
    g_autofree char *share = p->of == 0 ? g_strdup("")
        : g_strdup_printf(", %u of the first run's %u branches done", p->done, p->of);
    fprintf(stderr, "\ratomsim: %" G_GUINT64_FORMAT " %s, %.0f/s, %" G_GUINT64_FORMAT
            " found%s, %.1f s" ERASE_TO_END, p->runs, sl->what, rate, p->found, share,
            p->seconds);
    fflush(stderr);
    sl->shown = true;
}

struct ticker *status_line_start(struct status_line *sl, const char *what)
{
    *sl = (struct status_line){ .what = what };
    if (!on_a_terminal())
        return NULL;
    ticker_init(&sl->ticker, tell, sl);
    return &sl->ticker;
}

void status_line_clear(struct status_line *sl)
{
    if (!sl->shown)
        return;
    fputs("\r" ERASE_TO_END, stderr);
    fflush(stderr);
    sl->shown = false;
}
