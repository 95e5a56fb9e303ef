/* litmus-report.h — a litmus test's outcome as herd7 prints it, its
 * expectation judged, and a picture of a witness. */
#ifndef ATOMSIM_LITMUS_REPORT_H
#define ATOMSIM_LITMUS_REPORT_H

#include <stdio.h>
#include "litmus-run.h"

enum litmus_judgement {
    LITMUS_AS_EXPECTED,
    LITMUS_NOT_AS_EXPECTED,
    LITMUS_NO_EXPECTATION,
};

/* Does the outcome on cpu match what the test expects?  *expected and
 * *why: the verdict it expects and where that comes from ("Result", or the
 * Atomsim line's reason).  A C test's Result is the Linux-kernel memory
 * model's verdict, for every cpu: Never must be Never, Always Always;
 * Sometimes allows a cpu stronger than the model to say Never.  An
 * assembly test's Result, and any Atomsim line, must be met exactly. */
enum litmus_judgement litmus_judge(const struct litmus_test *t, const char *cpu,
                                   const struct litmus_outcome *out, const char **expected,
                                   const char **why);

/* herd7's lines for the outcome (litmus7's, with the count of each state:
 * "*>" marks those where the proposition holds), then atomsim's: the cpu,
 * the model, the executions, the expectation. */
void litmus_print(FILE *f, const struct litmus_test *t, const char *cpu, const char *model,
                  const struct litmus_outcome *out);

/* Draw the run of schedule (the witness) on elf as a timeline page at
 * path.  False with error. */
bool litmus_timeline(const struct litmus_test *t, const char *elf, const struct cpu_ops *cpu,
                     enum memory_model memory, const char *schedule, const char *path,
                     GError **error);

#endif
