/* step-terminal.h — `atomsim step` on a terminal, through ncurses: the
 * screen's text drawn whole (the trace's colours in it turned into curses
 * attributes, lines wider than the terminal cut), a key at a time, a line
 * asked for at the bottom. */
#ifndef ATOMSIM_STEP_TERMINAL_H
#define ATOMSIM_STEP_TERMINAL_H

#include <stdbool.h>

/* The key curses gives when the terminal changes size. */
#define STEP_TERMINAL_RESIZED (-2)

/* Take the terminal (keys unechoed, one at a time; colours if colour and
 * the terminal has them).  False if curses cannot drive it. */
bool step_terminal_open(bool colour);
/* Give it back as it was. */
void step_terminal_close(void);
/* Its width in columns. */
unsigned step_terminal_width(void);
/* Draw text (lines, with ANSI colour sequences as trace.h makes them) and
 * under it footer on the last rows: of text the last lines if tail and it
 * is taller than the room above the footer, else the first. */
void step_terminal_draw(const char *text, const char *footer, bool tail);
/* The next key; STEP_TERMINAL_RESIZED, or EOF if there are no more. */
int step_terminal_key(void);
/* A line typed after question at the bottom, echoed (to free); NULL if
 * none. */
char *step_terminal_ask(const char *question);

#endif
