/* litmus-cli.h — atomsim litmus: herd7 litmus files run on atomsim's cpus. */
#ifndef ATOMSIM_LITMUS_CLI_H
#define ATOMSIM_LITMUS_CLI_H

/* atomsim litmus [OPTION...] FILE|DIR...; argv[0] is "litmus". */
int litmus_main(int argc, char **argv);

#endif
