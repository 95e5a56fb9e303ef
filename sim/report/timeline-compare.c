/* timeline-compare.c — see timeline-compare.h. */
#include "html.h"
#include "timeline-compare.h"
#include "timeline-private.h"

static const char compare_style[] =
    ".parted-note{border-left:4px solid #7b3fe4;background:#f3edfd;padding:6px 10px}"
    ".policies{display:flex;gap:14px}.policy{flex:1;min-width:0}"
    ".policy h2 b{font-weight:600}.policy code{overflow-wrap:anywhere}"
    "colgroup.set{border-left:3px solid #b9b9c6}"
    "thead tr.sets th{position:static;text-align:center;font-size:1.05em}"
    "td.lane{min-width:9em}td.mon{max-width:13em}td.ended{background:#fafafa}"
    "tr.parted td{background:#f3edfd}tr.parted td.step{color:#7b3fe4;font-weight:700}"
    "tr.parted .ev{outline:2px solid #7b3fe4}";

/* The i-th row of a run, or NULL past its end. */
static const struct row *row_of(const struct timeline_compared *run, guint i)
{
    GArray *rows = run->view->rows;
    return i < rows->len ? &g_array_index(rows, struct row, i) : NULL;
}

/* The note at the top: where the runs part, linked to its row. */
static void write_parted_note(uint64_t parted, const char *text, GString *out)
{
    g_string_append(out, "<p class=\"parted-note\">");
    if (parted > 0)
        g_string_append_printf(out, "The runs part at <a href=\"#s%" G_GUINT64_FORMAT
                                    "\">step %" G_GUINT64_FORMAT "</a>: ", parted, parted);
    html_escape(out, text);
    g_string_append(out, "</p>\n");
}

/* Each run's result, the command that gives it, and its findings. */
static void write_run_findings(const struct timeline_compared *run, GString *out)
{
    g_string_append(out, "<section class=\"policy\" data-policy=\"");
    html_escape(out, run->name);
    g_string_append(out, "\"><h2>");
    html_escape(out, run->name);
    g_string_append(out, ": <b>");
    html_escape(out, run->result);
    g_string_append(out, "</b></h2>\n<p><span class=\"muted\">Reproduce:</span> <code>");
    html_escape(out, run->reproduce);
    g_string_append(out, "</code></p>\n");
    timeline_mark_findings(run->view);
    timeline_write_finding_list(run->view, out);
    g_string_append(out, "</section>\n");
}

/* The table's head: a row naming each run's lane set over a row of their
 * columns; st[i] made ready for run i's rows. */
static void write_head(const struct timeline_compared *runs, unsigned n, struct state *st,
                       GString *out)
{
    g_autoptr(GString) columns = g_string_new("<tr><th>step</th>");
    for (unsigned i = 0; i < n; i++)
        timeline_begin_columns(runs[i].view, &st[i], columns);
    g_string_append(out, "<colgroup><col></colgroup>");
    for (unsigned i = 0; i < n; i++)
        g_string_append_printf(out, "<colgroup class=\"set\" span=\"%u\"></colgroup>",
                               st[i].columns);
    g_string_append(out, "<thead><tr class=\"sets\"><th></th>");
    for (unsigned i = 0; i < n; i++) {
        g_string_append_printf(out, "<th class=\"policy-head\" colspan=\"%u\">",
                               st[i].columns);
        html_escape(out, runs[i].name);
        g_string_append(out, "</th>");
    }
    g_string_append_printf(out, "</tr>\n%s</tr></thead>\n", columns->str);
}

/* A row of preemptions before row i, if a run switched cores there. */
static void write_preemptions(const struct timeline_compared *runs, unsigned n,
                              const struct state *st, guint i, GString *out)
{
    g_autoptr(GString) cells = g_string_new(NULL);
    bool any = false;
    for (unsigned k = 0; k < n; k++) {
        const struct row *r = row_of(&runs[k], i);
        g_string_append_printf(cells, "<td colspan=\"%u\">", st[k].columns);
        any |= r != NULL && timeline_write_preemption(r, cells);
        g_string_append(cells, "</td>");
    }
    if (any)
        g_string_append_printf(out, "<tr class=\"preempt\"><td></td>%s</tr>\n", cells->str);
}

/* Row i of every run: what each did at that step, or nothing once it
 * ended. */
static void write_step(const struct timeline_compared *runs, unsigned n, struct state *st,
                       guint i, uint64_t parted, GString *out)
{
    uint64_t step = 0;
    for (unsigned k = 0; k < n && step == 0; k++) {
        const struct row *r = row_of(&runs[k], i);
        step = r ? r->e.step : 0;
    }
    write_preemptions(runs, n, st, i, out);
    g_string_append_printf(out, "<tr id=\"s%" G_GUINT64_FORMAT "\"%s><td class=\"step\">%"
                                G_GUINT64_FORMAT "</td>", step,
                           step == parted ? " class=\"parted\"" : "", step);
    for (unsigned k = 0; k < n; k++) {
        const struct row *r = row_of(&runs[k], i);
        if (r != NULL)
            timeline_write_cells(runs[k].view, &st[k], r, out);
        else
            g_string_append_printf(out, "<td class=\"ended\" colspan=\"%u\"></td>",
                                   st[k].columns);
    }
    g_string_append(out, "</tr>\n");
}

static void write_table(const struct timeline_compared *runs, unsigned n, uint64_t parted,
                        GString *out)
{
    struct state *st = g_new0(struct state, n);
    guint longest = 0;
    for (unsigned k = 0; k < n; k++)
        longest = MAX(longest, runs[k].view->rows->len);
    g_string_append(out, "<table id=\"lanes\">");
    write_head(runs, n, st, out);
    g_string_append(out, "<tbody>\n");
    for (guint i = 0; i < longest; i++)
        write_step(runs, n, st, i, parted, out);
    g_string_append(out, "</tbody></table>\n");
    for (unsigned k = 0; k < n; k++)
        timeline_state_clear(runs[k].view, &st[k]);
    g_free(st);
}

gboolean timeline_compare_write(const struct timeline_compared *runs, unsigned n,
                                uint64_t parted, const char *parted_text, const char *path,
                                const char *title, GError **error)
{
    g_return_val_if_fail(n > 0, FALSE);
    g_autoptr(GString) out = g_string_new(NULL);
    g_autofree char *style = g_strconcat(timeline_style, compare_style, NULL);
    html_begin(out, title, style);
    g_string_append(out, "<h1>");
    html_escape(out, title);
    g_string_append(out, "</h1>\n");
    write_parted_note(parted, parted_text, out);
    g_string_append(out, "<div class=\"policies\">");
    for (unsigned k = 0; k < n; k++)
        write_run_findings(&runs[k], out);
    g_string_append(out, "</div>\n");
    g_string_append(out, "<h2>Interleaving</h2>\n<div class=\"bar\">");
    timeline_write_controls(out, false);
    timeline_write_legend(runs[0].view, out);
    g_string_append(out, "<span class=\"muted\">a row is one step of each run; time flows "
                         "down</span></div>\n");
    write_table(runs, n, parted, out);
    html_end(out, timeline_controls_script);
    return g_file_set_contents(path, out->str, (gssize)out->len, error);
}
