/* status-line.h — the one line a long search keeps up to date on a
 * terminal: runs, runs per second, findings, and for dfs how much of the
 * tree is done.  Only when standard error is a terminal: never in a pipe or
 * a file, where a log is wanted, not a moving line. */
#ifndef ATOMSIM_STATUS_LINE_H
#define ATOMSIM_STATUS_LINE_H

#include <stdbool.h>
#include "explore/ticker.h"

struct status_line {
    bool shown;                 /* a line is on the screen now */
    const char *what;           /* "runs", or "schedules" for dfs */
    struct ticker ticker;
};

/* A line for a search whose runs are called `what`; its ticker, or NULL if
 * standard error is no terminal. */
struct ticker *status_line_start(struct status_line *sl, const char *what);
/* Take the line off the screen (before the search's own output). */
void status_line_clear(struct status_line *sl);

#endif
