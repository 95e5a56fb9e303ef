/* svcomp-cli.c — see svcomp-cli.h. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "base/error.h"
#include "explore/dfs.h"
#include "guest-cc.h"
#include "hunt.h"
#include "svcomp-cli.h"

/* The time, in parts: a short random hunt (quick to find shallow bugs, and
 * it draws many nondet values), dfs with few preemptions (most bugs need
 * few) until FEW_UNTIL of it, dfs with no bound (the proof) until
 * ALL_UNTIL, and unless that proved the program, a hunt again, with PCT
 * unless --sched says otherwise: its priorities keep a thread from running
 * for as long as a bug may need (one that must wait for twenty others to
 * end), which neither a random walk nor a bounded search reaches. */
#define LAST_HUNT "pct:3"
#define HUNT_SHARE 0.05
#define FEW_UNTIL 0.2
#define ALL_UNTIL 0.85
#define FEW_BOUND 2

int svcomp_build(struct options *o)
{
    const char *src = o->args[0];
    if (!g_str_has_suffix(src, ".c") && !g_str_has_suffix(src, ".i"))
        return EXIT_CLEAN;
    /* beside the witness, which names it in its reproduce line */
    g_autofree char *dir = g_path_get_dirname(o->witness);
    g_autofree char *base = g_path_get_basename(src);
    base[strlen(base) - 2] = '\0';
    g_autofree char *name = g_strconcat(base, ".elf", NULL);
    char *elf = g_build_filename(dir, name, NULL);
    /* every access as the C source has it (SV-COMP's programs spin on
     * plain variables); some declare plain `inline` functions */
    const char *flags[] = { "-O0", "-fgnu89-inline", "-w", NULL };
    g_autoptr(GError) error = NULL;
    if (!guest_cc_build(o->cpu ? o->cpu : "x86", src, elf, flags, &error)) {
        fprintf(stderr, "atomsim: --svcomp: %s\n", error->message);
        g_free(elf);
        return atomsim_exit_for(error);
    }
    o->svcomp_input = g_strdup(src);
    g_free(o->args[0]);
    o->args[0] = elf;
    return EXIT_CLEAN;
}

static double seconds_since(gint64 start)
{
    return (double)(g_get_monotonic_time() - start) / 1e6;
}

int svcomp_run(struct options *o, struct run *r, struct lockstat *locks, struct run_options *ro,
               unsigned traced_sinks)
{
    gint64 start = g_get_monotonic_time();
    double total = o->time_limit > 0 ? o->time_limit : SVCOMP_SECONDS;
    struct options phase = *o;
    struct dfs_outcome few = { 0 }, all = { 0 };
    phase.time_limit = total * HUNT_SHARE;
    phase.runs = G_MAXINT32;
    int status = hunt_explore(&phase, r, locks, ro, traced_sinks);
    phase.runs = 1;
    ro->await_spins = dfs_awaits_spins();
    if (status == EXIT_CLEAN) {
        phase.time_limit = MAX(total * FEW_UNTIL - seconds_since(start), 0.001);
        status = hunt_dfs(&phase, r, locks, ro, traced_sinks, FEW_BOUND, &few);
    }
    if (status == EXIT_CLEAN && !few.found) {
        phase.time_limit = MAX(total * ALL_UNTIL - seconds_since(start), 0.001);
        status = hunt_dfs(&phase, r, locks, ro, traced_sinks, UINT_MAX, &all);
    }
    if (status == EXIT_CLEAN && !all.found && !all.verified) {
        ro->await_spins = false;
        phase.time_limit = MAX(total - seconds_since(start), 0.001);
        phase.runs = G_MAXINT32;
        if (o->sched == NULL)
            phase.sched = LAST_HUNT;
        status = hunt_explore(&phase, r, locks, ro, traced_sinks);
    }
    if (status == EXIT_FINDING) {
        printf("atomsim: verdict: FALSE (unreach-call): violation witness in %s\n", o->witness);
        return status;
    }
    if (status != EXIT_CLEAN) {
        printf("atomsim: verdict: UNKNOWN (the search stopped at what is no violation of "
               "unreach-call)\n");
        return status;
    }
    if (all.verified)
        printf("atomsim: verdict: TRUE\n");
    else
        printf("atomsim: verdict: UNKNOWN (no run reached reach_error(), but %s)\n",
               all.exhausted ? "dfs with no bound is no proof here: see \"not verified\" above"
                             : "not every schedule ran");
    return EXIT_CLEAN;
}
