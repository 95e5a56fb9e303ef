/* program.h — what every command that runs a program does first: load
 * its ELF, check it against the options (its cpu, --memory, --monitor,
 * --ignore, --lock-table-size) and make the machine and its run. */
#ifndef ATOMSIM_PROGRAM_H
#define ATOMSIM_PROGRAM_H

#include "core/run.h"
#include "options.h"

#define LOST_UPDATES_SHOWN 3    /* per location; the rest are counted */

struct program {
    struct image *img;
    struct machine *m;
    struct run *r;
    struct run_ignore *ignore;  /* --ignore's variables, nignore of them */
    unsigned nignore;
};

/* Open o->args[0] for a run as o asks (o->memory_model is set to the cpu's
 * own without --memory).  EXIT_CLEAN with p filled, or the exit status
 * after a line on stderr that says what is wrong; either way
 * program_close(p) after. */
int program_open(struct options *o, struct program *p);
void program_close(struct program *p);
/* The options of p's runs that o gives; no sinks (the caller's). */
struct run_options program_run_options(const struct options *o, const struct program *p);
typedef struct program program;
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(program, program_close)

#endif
