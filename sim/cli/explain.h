/* explain.h — `atomsim explain PRIMITIVE`: how the guest library builds one
 * atomic primitive on each cpu, instruction by instruction, each with its
 * role (take the hash lock, load-exclusive, the retry branch, the single
 * locked instruction ...), and why it is atomic there.  Text for a terminal,
 * or an HTML page with the cpus side by side. */
#ifndef ATOMSIM_EXPLAIN_H
#define ATOMSIM_EXPLAIN_H

/* argv[0] is "explain".  The exit status. */
int explain_main(int argc, char **argv);

#endif
