/* timeline-private.h — what the timeline of one run (timeline.c) and the
 * page that compares runs (timeline-compare.c) share: the rows a timeline
 * keeps of its run, and the pieces of a page drawn from them. */
#ifndef ATOMSIM_TIMELINE_PRIVATE_H
#define ATOMSIM_TIMELINE_PRIVATE_H

#include "timeline.h"

enum mark { MARK_STALE_READ = 1, MARK_LOST_WRITE = 2, MARK_OVERWRITE = 4, MARK_FINDING = 8 };

struct row {
    struct event e;
    uint64_t running;           /* the cores still running (a mask) */
    uint64_t broke;             /* the other cores' reservations it ended (a mask) */
    int previous;               /* the core that ran before, or -1 */
    uint8_t marks;              /* enum mark */
    bool divergence;            /* the marks are a monitor divergence's */
};

struct kept_finding {
    char *text;
    enum finding_kind kind;
    uint64_t steps[3];          /* the events it points at (0: none) */
    unsigned nsteps;
};

struct timeline {
    const struct run_control *ctl;     /* of the run under way */
    struct machine *m;
    struct lockstat *locks;
    GArray *rows;               /* struct row */
    GArray *findings;           /* struct kept_finding */
    uint64_t dropped;           /* events past TIMELINE_MAX_EVENTS */
    uint64_t intact;            /* the exclusive monitor's intact reservations */
};

/* Who holds each lock as the events go by.  Each lock (lockstat's: a word
 * seen taken and released) is a column, coloured by its holder. */
#define LOCK_COLUMNS_MAX 8

/* What a lane set's cells show after each row: drawn row by row. */
struct state {
    unsigned columns;           /* after the step: lanes, locks, buffers, the monitor */
    unsigned nlocks;
    uint64_t lock[LOCK_COLUMNS_MAX];
    int holder[LOCK_COLUMNS_MAX];               /* core, or -1 */
    /* The store buffers (--memory tso, pso, arm, rvwmo), when the run had any: each core's
     * buffered stores, oldest first, as "x=1" (char *). */
    bool buffers;
    GPtrArray *buffered[ATOMSIM_MAX_CORES];
};

/* The page's style, and its script's part that filters and zooms the table
 * #lanes (the controls timeline_write_controls writes). */
extern const char timeline_style[];
extern const char timeline_controls_script[];

/* The row of the step, or NULL. */
struct row *timeline_row_at_step(struct timeline *t, uint64_t step);
/* Mark the rows the findings point at. */
void timeline_mark_findings(struct timeline *t);
/* The findings, each linked to the rows it points at ("none" without). */
void timeline_write_finding_list(struct timeline *t, GString *out);
/* The key of the core colours. */
void timeline_write_legend(struct timeline *t, GString *out);
/* The controls above the table: fold spins (if fold), filter, zoom. */
void timeline_write_controls(GString *out, bool fold);
/* The heads of t's columns (a lane per core, the locks, the store buffers,
 * the monitor) into out, and st made ready for the rows (to clear). */
void timeline_begin_columns(struct timeline *t, struct state *st, GString *out);
void timeline_state_clear(struct timeline *t, struct state *st);
/* The row's cells under those heads. */
void timeline_write_cells(struct timeline *t, struct state *st, const struct row *r,
                          GString *out);
/* "preempted: cpu0 → cpu1" if the row's step is the first after a
 * preemption. */
bool timeline_write_preemption(const struct row *r, GString *out);

#endif
