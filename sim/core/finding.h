/* finding.h — what a run found wrong, for people (text) and programs (JSON). */
#ifndef ATOMSIM_FINDING_H
#define ATOMSIM_FINDING_H

#include <stdbool.h>
#include <stdint.h>
#include <glib.h>

#include "loader.h"

enum finding_kind {
    FINDING_LOST_UPDATE,
    FINDING_MONITOR_DIVERGENCE,
    FINDING_CHECK_FAILED,       /* the guest's sim_check */
    FINDING_EXIT_CODE,          /* a core exited non-zero */
    FINDING_DEADLOCK,           /* every running core spins on what none will write */
    FINDING_LIVELOCK,           /* a store-exclusive that keeps failing */
    FINDING_HANG,               /* a core loops forever on its registers and stack */
};

/* One access a finding points at. */
struct finding_access {
    unsigned core;
    uint64_t step;
    uint64_t pc;
    uint64_t value;
};

struct finding {
    enum finding_kind kind;
    unsigned core;              /* the core it is about */
    char *text;                 /* the whole finding, as printed */
    bool unprinted;             /* kept (JSON) but not printed: one of many alike */
    /* lost update and monitor divergence: the location and, in order, the
     * stale read, the other core's write and the store that overwrote it */
    uint64_t addr;
    unsigned size;
    struct finding_access access[3];
    /* the others: where, and what (the guest's message for a check) */
    uint64_t pc;
    char *message;
    /* a check failed: the program reached SV-COMP's error function
     * (detect/svcomp.h), the one finding --only-reach-error keeps */
    bool reach_error;
};

/* "lost-update", "monitor-divergence", "check-failed", "exit-code",
 * "deadlock", "livelock" */
const char *finding_kind_name(enum finding_kind kind);
void finding_clear(void *f);

/* The text of a finding about pc: "check failed: WHAT, at pc 0x10a4
 * (main+0x20 (counter.c:23))" (to free).  A check's pc is the return
 * address of its call, and names the call's line. */
char *finding_text_at(const struct image *img, enum finding_kind kind, const char *what,
                      uint64_t pc);

/* The findings of a run, in the order they were reported: the one place
 * they are kept. */
struct findings {
    GArray *list;               /* struct finding */
};

void findings_init(struct findings *fs);
/* Keep a copy of f. */
void findings_add(struct findings *fs, const struct finding *f);
void findings_clear(struct findings *fs);

static inline unsigned findings_count(const struct findings *fs)
{
    return fs->list ? fs->list->len : 0;
}

static inline const struct finding *findings_at(const struct findings *fs, unsigned i)
{
    return &g_array_index(fs->list, struct finding, i);
}

#endif
