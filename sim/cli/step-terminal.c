/* step-terminal.c — see step-terminal.h. */
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <curses.h>
#include <glib.h>

#include "step-terminal.h"

#define ANSWER_MAX 1024
#define ESC '\033'

static bool colours;            /* the terminal shows them, and they are wanted */
static short pairs[256];        /* colour pair of each 256-colour index, or 0 */
static short next_pair = 1;

/* The colour curses can show for an xterm 256-colour index: itself, or on
 * a terminal of 8 colours the nearest of them. */
static short shown_colour(int index)
{
    static const struct {
        int index;
        short basic;
    } nearest[] = { { 33, COLOR_BLUE }, { 208, COLOR_YELLOW }, { 35, COLOR_GREEN },
                    { 170, COLOR_MAGENTA }, { 178, COLOR_YELLOW }, { 37, COLOR_CYAN },
                    { 1, COLOR_RED } };
    if (COLORS >= 256)
        return (short)index;
    for (unsigned i = 0; i < G_N_ELEMENTS(nearest); i++)
        if (nearest[i].index == index)
            return nearest[i].basic;
    return COLOR_WHITE;
}

static attr_t colour_attr(int index)
{
    if (!colours || index < 0 || index > 255)
        return A_NORMAL;
    if (pairs[index] == 0 && next_pair < COLOR_PAIRS) {
        init_pair(next_pair, shown_colour(index), -1);
        pairs[index] = next_pair++;
    }
    return pairs[index] ? COLOR_PAIR(pairs[index]) : A_NORMAL;
}

/* The attribute an SGR sequence's parameters ("38;5;208", "1", "31", "0")
 * make of attr. */
static attr_t sgr(const char *params, attr_t attr)
{
    g_auto(GStrv) p = g_strsplit(params, ";", -1);
    for (guint i = 0; p[i] != NULL; i++) {
        int n = atoi(p[i]);
        if (n == 0)
            attr = A_NORMAL;
        else if (n == 1)
            attr |= A_BOLD;
        else if (n == 31)
            attr = (attr & ~A_COLOR) | colour_attr(1);
        else if (n == 38 && p[i + 1] && atoi(p[i + 1]) == 5 && p[i + 2])
            attr = (attr & ~A_COLOR) | colour_attr(atoi(p[i += 2]));
    }
    return attr;
}

/* One line of text at row y, cut at the right margin. */
static void draw_line(int y, const char *line)
{
    attr_t attr = A_NORMAL;
    int x = 0;
    move(y, 0);
    for (const char *p = line; *p != '\0' && x < COLS - 1;) {
        if (p[0] == ESC && p[1] == '[') {
            const char *end = p + 2 + strspn(p + 2, "0123456789;");
            g_autofree char *params = g_strndup(p + 2, (gsize)(end - p - 2));
            attr = sgr(params, attr);
            attrset(attr);
            p = *end ? end + 1 : end;
            continue;
        }
        const char *next = g_utf8_next_char(p);
        addnstr(p, (int)(next - p));
        p = next;
        x++;
    }
    attrset(A_NORMAL);
}

bool step_terminal_open(bool colour)
{
    /* the screen is UTF-8 (· ● │): a wide-character curses needs a UTF-8
     * locale to draw it */
    setlocale(LC_CTYPE, "");
    if (strcmp(nl_langinfo(CODESET), "UTF-8") != 0)
        setlocale(LC_CTYPE, "C.UTF-8");
    if (newterm(NULL, stdout, stdin) == NULL)
        return false;
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    curs_set(0);
    colours = colour && has_colors();
    if (colours) {
        start_color();
        use_default_colors();
    }
    return true;
}

void step_terminal_close(void)
{
    endwin();
}

unsigned step_terminal_width(void)
{
    return (unsigned)COLS;
}

/* text's lines (without an empty last one) into *n. */
static GStrv lines_of(const char *text, int *n)
{
    GStrv lines = g_strsplit(text, "\n", -1);
    *n = (int)g_strv_length(lines);
    if (*n > 0 && lines[*n - 1][0] == '\0')
        (*n)--;
    return lines;
}

void step_terminal_draw(const char *text, const char *footer, bool tail)
{
    int n, nfoot;
    g_auto(GStrv) lines = lines_of(text, &n);
    g_auto(GStrv) foot = lines_of(footer, &nfoot);
    int room = MAX(LINES - nfoot, 1);
    int from = tail && n > room ? n - room : 0;
    erase();
    for (int y = 0; y < room && from + y < n; y++)
        draw_line(y, lines[from + y]);
    for (int y = 0; y < nfoot && room + y < LINES; y++)
        draw_line(room + y, foot[y]);
    refresh();
}

int step_terminal_key(void)
{
    int key = getch();
    if (key == KEY_RESIZE)
        return STEP_TERMINAL_RESIZED;
    return key == ERR ? EOF : key;
}

char *step_terminal_ask(const char *question)
{
    char answer[ANSWER_MAX] = "";
    move(LINES - 1, 0);
    clrtoeol();
    addstr(question);
    echo();
    curs_set(1);
    int got = getnstr(answer, sizeof answer - 1);
    noecho();
    curs_set(0);
    return got == ERR ? NULL : g_strdup(answer);
}
