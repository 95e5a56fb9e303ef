/* svcomp-cli.h — --svcomp PROP: verification as SV-COMP runs it (the
 * property unreach-call): the program built from its C file if need be,
 * a search that can prove it, a verdict line, and a violation witness
 * (report/witness.h) for a run that reaches reach_error(). */
#ifndef ATOMSIM_SVCOMP_CLI_H
#define ATOMSIM_SVCOMP_CLI_H

#include "detect/lockstat.h"
#include "options.h"
#include "core/run.h"

/* If the program is a C file (.c, .i), build it (for --cpu, else x86)
 * beside the witness, as NAME.elf, and run that: o->args[0] becomes the
 * ELF, o->svcomp_input the C file.  The exit status (EXIT_CLEAN, or the
 * build's failure, said). */
int svcomp_build(struct options *o);

/* The search, in parts of --time-limit (default SVCOMP_SECONDS): a random
 * hunt, dfs with few preemptions, dfs with no bound (TRUE if it ends,
 * verified), then unless TRUE a hunt again (svcomp-cli.c).  FALSE when one reaches reach_error()
 * (reported, and its witness written), else TRUE or UNKNOWN; the verdict
 * line last.  The exit
 * status: EXIT_FINDING for FALSE, else EXIT_CLEAN (or an error's). */
#define SVCOMP_SECONDS 900.0
int svcomp_run(struct options *o, struct run *r, struct lockstat *locks, struct run_options *ro,
               unsigned traced_sinks);

#endif
