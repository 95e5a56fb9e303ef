/* step-command.h — the commands of `atomsim step`, a line of text each (a
 * key on a terminal is the line of its letter): parsed here, carried out by
 * step.c. */
#ifndef ATOMSIM_STEP_COMMAND_H
#define ATOMSIM_STEP_COMMAND_H

#include <stdbool.h>
#include <stdint.h>

#define STEP_KEYS "keys: a core's number steps it (N~K: its load reads the K-th older write, " \
                  "N=V: V from a write to come) " \
                  "\u00b7 d N drains its oldest buffered store " \
                  "\u00b7 u undoes \u00b7 r runs to a finding \u00b7 w FILE saves \u00b7 " \
                  "t traces \u00b7 q quits"

enum step_verb {
    STEP_NOTHING,       /* a blank line or a comment */
    STEP_CORE,          /* "N": core N runs one step; "N~K": a load that reads
                           the write K places before the newest it may; "N=V":
                           a load that reads V, which a write to come gives */
    STEP_DRAIN,         /* "d N" or "d N.K": core N's K-th oldest store drains */
    STEP_UNDO,          /* "u" */
    STEP_RUN,           /* "r": on to the next finding */
    STEP_SAVE,          /* "w FILE" */
    STEP_TRACE,         /* "t" */
    STEP_HELP,          /* "h" or "?" */
    STEP_QUIT,          /* "q" */
    STEP_BAD,           /* none of them */
};

struct step_command {
    enum step_verb verb;
    unsigned core, slot, older;
    bool predicted;     /* "N=V" */
    uint64_t value;
    char *path;         /* STEP_SAVE's FILE (to free: step_command_clear) */
};

/* line (a comment from a "#" at its start or after a blank on is no part
 * of it) into cmd.  Core numbers and slots are checked against the limits
 * of any machine (ATOMSIM_MAX_CORES, the store buffer's depth), not this
 * one's. */
void step_command_parse(const char *line, struct step_command *cmd);
void step_command_clear(struct step_command *cmd);

#endif
