/* step.h — `atomsim step [OPTION...] PROGRAM.elf`: make an interleaving
 * by hand, one step at a time (step.c). */
#ifndef ATOMSIM_STEP_H
#define ATOMSIM_STEP_H

/* argv[0] is "step".  The exit status. */
int step_main(int argc, char **argv);

#endif
