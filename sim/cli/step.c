/* step.c — `atomsim step`: the user makes the interleaving.
 *
 * Each command changes the schedule made so far (the stepper runs the
 * program again along it: explore/stepper.h) and the screen is drawn anew
 * from the run it left (report/step-screen.h).  On a terminal a key is a
 * command and the screen is redrawn in place; otherwise (a script, a pipe)
 * each line of standard input is a command and the screen is printed after
 * it as plain text, so that a lesson's handout or a test can drive it.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "base/error.h"
#include "detect/detectors.h"
#include "explore/stepper.h"
#include "program.h"
#include "report.h"
#include "report/step-screen.h"
#include "report/trace.h"
#include "step-command.h"
#include "step-terminal.h"
#include "step.h"

#define SCREEN_WIDTH 100                /* when it is no terminal */
#define CTRL_C 3
#define CTRL_D 4
#define OUTPUT_KEPT (64 * 1024)         /* of what the runs print, the end */

struct session {
    struct options *o;
    struct program *p;
    struct stepper *st;
    struct lockstat *locks;
    FILE *printed;              /* what a run prints: guest lines, findings */
    char *title;
    bool colour;
    unsigned width;             /* of the screen: the terminal's */
};

/* What a run prints goes to a file of its own, emptied as each run
 * begins: the screen shows the end of it. */
static void printed_begin(void *ctx, const struct run_control *ctl)
{
    (void)ctl;
    FILE *f = ctx;
    rewind(f);
    if (ftruncate(fileno(f), 0) != 0)
        g_warning("cannot empty the run's output: %s", g_strerror(errno));
}

static void printed_event(void *ctx, const struct event *e)
{
    (void)ctx;
    (void)e;
}

static char *printed_text(FILE *f)
{
    fflush(f);
    long size = ftell(f);
    if (size <= 0)
        return g_strdup("");
    long from = size > OUTPUT_KEPT ? size - OUTPUT_KEPT : 0;
    char *text = g_malloc0((gsize)(size - from) + 1);
    if (fseek(f, from, SEEK_SET) == 0)
        (void)!fread(text, 1, (size_t)(size - from), f);
    fseek(f, 0, SEEK_END);
    return text;
}

/* The screen, on the terminal (on_screen) or printed. */
static void show(struct session *s, const char *message, bool on_screen)
{
    g_autofree char *printed = printed_text(s->printed);
    struct run *r = stepper_run(s->st);
    /* on a terminal the answer goes at the bottom, over the keys */
    struct step_screen v = { .title = s->title, .r = r, .events = stepper_events(s->st),
                             .turns = stepper_turns(s->st), .locks = s->locks,
                             .output = printed, .message = on_screen ? NULL : message,
                             .colour = s->colour, .width = s->width };
    g_autofree char *text = step_screen_text(&v);
    if (on_screen) {
        g_autofree char *footer = g_strdup_printf("%s%s%s", message ? message : "",
                                                  message ? "\n" : "", STEP_KEYS);
        step_terminal_draw(text, footer, false);
    } else {
        fputs(text, stdout);
        fflush(stdout);
    }
}

/* Every event of the run so far, as --trace prints them (to free). */
static char *trace_text(struct session *s)
{
    const GArray *events = stepper_events(s->st);
    return trace_events_text(s->p->m, (const struct event *)events->data, events->len,
                             s->colour);
}

/* Why core cannot take a step now, or NULL (to free). */
static char *cannot_step(struct session *s, unsigned core)
{
    struct run *r = stepper_run(s->st);
    const struct machine *m = r->m;
    if (core >= m->ncores)
        return g_strdup_printf("no cpu%u: the machine has %u cores, cpu0 to cpu%u", core,
                               m->ncores, m->ncores - 1);
    if (r->end != RUN_CUT)
        return g_strdup("the run is over: u undoes a step");
    const struct core *c = &m->cores[core];
    if (c->state == CORE_EXITED)
        return g_strdup_printf("cpu%u has ended: it takes no more steps", core);
    if (c->state == CORE_AWAITS_WRITE)
        return g_strdup_printf("cpu%u waits for the write its load read: another core must "
                               "write that value there first", core);
    if (c->state != CORE_RUNNING)
        return g_strdup_printf("cpu%u waits: another core must let it go on", core);
    if (m->atomic_core >= 0 && m->atomic_core != (int)core)
        return g_strdup_printf("cpu%d is in an atomic section: only it may step", m->atomic_core);
    return NULL;
}

/* Why core's slot-th oldest buffered store cannot drain now, or NULL. */
static char *cannot_drain(struct session *s, unsigned core, unsigned slot)
{
    struct run *r = stepper_run(s->st);
    if (core >= r->m->ncores)
        return g_strdup_printf("no cpu%u: the machine has %u cores", core, r->m->ncores);
    if (!r->model->buffers)
        return g_strdup_printf("--memory %s has no store buffers: every store is seen at once",
                               memory_model_name(r->memory));
    if (r->end != RUN_CUT)
        return g_strdup("the run is over: u undoes a step");
    unsigned count = store_buffer_count(&r->sb, core);
    if (slot >= count)
        return count == 0 ? g_strdup_printf("cpu%u's store buffer is empty", core)
                          : g_strdup_printf("cpu%u's store buffer holds %u store%s", core, count,
                                            count == 1 ? "" : "s");
    if (store_buffers_held(&r->sb, core, slot + 1) &&
        !store_buffers_held(&r->sb, core, slot))
        return g_strdup_printf("cpu%u's store %u waits for the write its load read (it depends "
                               "on that load, or writes its location)", core, slot);
    if (!(store_buffers_drainable(&r->sb, core) >> slot & 1))
        return g_strdup_printf("cpu%u's store %u may not drain before the older ones (%s keeps "
                               "their order there)", core, slot, memory_model_name(r->memory));
    return NULL;
}

static char *save(struct session *s, const char *path)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *schedule = sched_turns_text(stepper_turns(s->st));
    if (!report_write_schedule(path, s->p->m, schedule, &error))
        return g_strdup_printf("w %s: %s", path, error->message);
    g_autofree char *spec = g_strdup_printf("replay:%s", path);
    g_autoptr(sched) replay = sched_new(spec, 0, s->p->m->ncores, &error);
    if (replay == NULL)
        return g_strdup_printf("w %s: %s", path, error->message);
    g_autofree char *again = report_reproduce(s->o, stepper_run(s->st), replay);
    return g_strdup_printf("saved %s to %s: replay it with\n  %s", schedule[0] ? schedule
                           : "the empty schedule", path, again);
}

/* Carry out cmd; the answer to say on the screen, or NULL (to free). */
static char *carry_out(struct session *s, const struct step_command *cmd)
{
    char *answer = NULL;
    switch (cmd->verb) {
    case STEP_CORE:
        answer = cannot_step(s, cmd->core);
        if (answer == NULL &&
            !stepper_step(s->st, cmd->core, cmd->older, cmd->predicted ? &cmd->value : NULL))
            answer = cmd->predicted
                         ? g_strdup_printf("cpu%u's next step is no load that may read a write "
                                           "to come (a plain load under arm and rvwmo, with no "
                                           "such read of its core still waiting for its write)",
                                           cmd->core)
                     : cmd->older == 0
                         ? g_strdup_printf("cpu%u could not take a step", cmd->core)
                         : g_strdup_printf("cpu%u's next step reads no write %u older than the "
                                           "newest it may (a load may read an older write "
                                           "under arm and rvwmo, where nothing orders it)",
                                           cmd->core, cmd->older);
        return answer;
    case STEP_DRAIN:
        answer = cannot_drain(s, cmd->core, cmd->slot);
        if (answer == NULL && !stepper_drain(s->st, cmd->core, cmd->slot))
            answer = g_strdup_printf("cpu%u's store could not drain", cmd->core);
        return answer;
    case STEP_UNDO:
        return stepper_undo(s->st) ? NULL : g_strdup("nothing to undo");
    case STEP_RUN:
        if (stepper_run(s->st)->end != RUN_CUT)
            return g_strdup("the run is over: u undoes a step");
        return g_strdup(stepper_run_to_finding(s->st)
                            ? "stopped at the first finding (u undoes its step)"
                            : "no finding on the way");
    case STEP_SAVE:
        return save(s, cmd->path);
    case STEP_TRACE: {
        g_autofree char *events = trace_text(s);
        fputs(events, stdout);
        return NULL;
    }
    case STEP_HELP:
        return g_strdup(STEP_KEYS);
    case STEP_NOTHING:
    case STEP_QUIT:
    case STEP_BAD:
        break;
    }
    return NULL;
}

/* Commands from a script or a pipe, a line each ("#" lines and blank ones
 * aside); the screen after each. */
static int run_script(struct session *s)
{
    char buf[4096];
    unsigned lineno = 0;
    show(s, NULL, false);
    while (fgets(buf, sizeof buf, stdin) != NULL) {
        lineno++;
        struct step_command cmd;
        step_command_parse(buf, &cmd);
        if (cmd.verb == STEP_NOTHING)
            continue;
        g_strstrip(buf);
        if (cmd.verb == STEP_QUIT || cmd.verb == STEP_BAD) {
            if (cmd.verb == STEP_BAD)
                fprintf(stderr, "atomsim step: line %u: %s: not a command (%s)\n", lineno, buf,
                        STEP_KEYS);
            return cmd.verb == STEP_BAD ? EXIT_USAGE : EXIT_CLEAN;
        }
        printf("\n> %s\n", buf);
        g_autofree char *answer = carry_out(s, &cmd);
        if (cmd.verb != STEP_TRACE)
            show(s, answer, false);
        step_command_clear(&cmd);
    }
    return EXIT_CLEAN;
}

/* Are keys typed and the screen seen on a terminal that can redraw it? */
static bool on_terminal(void)
{
    const char *term = g_getenv("TERM");
    return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) && term != NULL &&
           strcmp(term, "dumb") != 0;
}

/* A key at a time from the terminal; the screen redrawn after each. */
static int run_keys(struct session *s)
{
    if (!step_terminal_open(s->colour))
        return run_script(s);
    s->width = step_terminal_width();
    show(s, NULL, true);
    int key;
    while ((key = step_terminal_key()) != EOF && key != CTRL_C && key != CTRL_D) {
        g_autofree char *answer = NULL;
        if (key == STEP_TERMINAL_RESIZED) {
            s->width = step_terminal_width();
        } else if (key == 't') {
            g_autofree char *events = trace_text(s);
            step_terminal_draw(events, "(any key: back to the screen)", true);
            if (step_terminal_key() == EOF)
                break;
        } else if (key != '\n' && key != ' ') {
            char line[16] = { (char)key, '\0' };
            g_autofree char *typed = NULL;
            if (key == 'd') {                   /* d, then the core */
                int core = step_terminal_key();
                g_snprintf(line, sizeof line, "d%c", core > 0 && core < 128 ? core : ' ');
            } else if (key == 'w') {            /* w, then a file name */
                g_autofree char *path = step_terminal_ask("save the schedule to: ");
                typed = g_strdup_printf("w %s", path ? g_strstrip(path) : "");
            }
            struct step_command cmd;
            step_command_parse(typed ? typed : line, &cmd);
            if (cmd.verb == STEP_QUIT)
                break;
            answer = cmd.verb != STEP_BAD ? carry_out(s, &cmd)
                     : key == 'w'         ? g_strdup("nothing saved: no file named")
                                          : g_strdup_printf("%s: not a key (h for help)", line);
            step_command_clear(&cmd);
        }
        show(s, answer, true);
    }
    step_terminal_close();
    return EXIT_CLEAN;
}

/* The options a stepper cannot use, or NULL. */
static const char *unused_option(const struct options *o)
{
    if (o->runs > 1)
        return "--runs";
    if (o->shrink)
        return "--shrink";
    if (o->trace || o->json || o->timeline || o->export_litmus || o->record)
        return "--trace, --json, --timeline, --export-litmus and --record (w FILE saves the "
               "schedule: replay it with them)";
    if (o->monitor_all)
        return "--monitor all (a stepper runs one policy: address, value or switch)";
    if (o->sched != NULL && !sched_fixed(o->strategy))
        return "--sched other than replay:FILE (you are the scheduler)";
    return NULL;
}

/* --schedule or --sched replay:FILE: where the stepper starts (the turns,
 * each with its number of steps; to free).  NULL with a message if a turn
 * has "*". */
static GArray *start_turns(const struct options *o)
{
    const GArray *given = sched_given_turns(o->strategy);
    if (given == NULL)          /* no schedule given: from the start */
        return g_array_new(FALSE, FALSE, sizeof(struct sched_turn));
    for (guint i = 0; i < given->len; i++) {
        if (g_array_index(given, struct sched_turn, i).steps < 0) {
            g_autofree char *text = sched_describe(o->strategy);
            fprintf(stderr, "atomsim step: %s: give each turn its number of steps (not *): the "
                    "stepper stops after them\n", text);
            return NULL;
        }
    }
    return g_array_copy((GArray *)given);
}

static int step_session(struct options *o, struct program *p)
{
    g_autoptr(GArray) start = start_turns(o);
    if (start == NULL)
        return EXIT_USAGE;
    FILE *printed = tmpfile();
    if (printed == NULL) {
        fprintf(stderr, "atomsim step: a temporary file: %s\n", g_strerror(errno));
        return EXIT_RESOURCE;
    }
    struct detectors d;
    detectors_init(&d, p->m, LOST_UPDATES_SHOWN, (uint64_t)o->spin_limit,
                   (uint64_t)o->sc_fail_limit);
    struct event_sink sinks[1 + G_N_ELEMENTS(d.sinks)];
    sinks[0] = (struct event_sink){ .event = printed_event, .ctx = printed,
                                    .begin = printed_begin };
    for (unsigned i = 0; i < G_N_ELEMENTS(d.sinks); i++)
        sinks[1 + i] = d.sinks[i];
    struct run_options ro = program_run_options(o, p);
    ro.out = printed;
    ro.sinks = sinks;
    ro.nsinks = G_N_ELEMENTS(sinks);
    g_autoptr(stepper) st = stepper_new(p->r, &ro);
    struct session s = {
        .o = o, .p = p, .st = st, .locks = d.locks, .printed = printed,
        .title = g_strdup_printf("atomsim step %s \u00b7 %s, %u cores \u00b7 memory %s \u00b7 "
                                 "monitor %s", p->img->path, p->m->cpu->name, p->m->ncores,
                                 memory_model_name(o->memory_model),
                                 monitor_policy_name(o->monitor_policy)),
        .colour = trace_colour_wanted(stdout),
        .width = SCREEN_WIDTH,
    };
    int status = EXIT_CLEAN;
    if (!stepper_goto(st, start)) {
        g_autofree char *text = sched_describe(o->strategy);
        fprintf(stderr, "atomsim step: %s: the program does not take these steps (a core "
                "named has ended or waits, or the run ends first)\n", text);
        status = EXIT_USAGE;
    } else {
        status = on_terminal() ? run_keys(&s) : run_script(&s);
    }
    g_free(s.title);
    fclose(printed);
    detectors_clear(&d);
    return status;
}

int step_main(int argc, char **argv)
{
    struct options o;
    g_autoptr(GError) error = NULL;
    if (!options_parse(&o, argc, argv, TRUE, &error)) {
        fprintf(stderr, "atomsim step: %s (see atomsim --help)\n", error->message);
        return EXIT_USAGE;
    }
    int status = EXIT_USAGE;
    const char *unused = unused_option(&o);
    g_auto(program) p = { 0 };
    if (o.version) {
        status = printf("atomsim %s\n", PACKAGE_VERSION) < 0 ? EXIT_USAGE : EXIT_CLEAN;
    } else if (unused != NULL) {
        fprintf(stderr, "atomsim step: not with %s (see atomsim --help)\n", unused);
    } else if ((status = program_open(&o, &p)) == EXIT_CLEAN) {
        status = step_session(&o, &p);
    }
    options_clear(&o);
    return status;
}
