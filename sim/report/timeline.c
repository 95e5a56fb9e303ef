/* timeline.c — see timeline.h. */
#include <string.h>

#include "html.h"
#include "timeline-private.h"
#include "trace.h"

#define TIMELINE_MAX_EVENTS 200000      /* beyond this the page says so */
#define SPIN_FOLD_AFTER 3               /* spin reads shown before folding */

static void kept_finding_clear(void *p)
{
    g_free(((struct kept_finding *)p)->text);
}

/* A finding the run reported: it points at the events it names, or else
 * follows the event it was found at, the last one. */
static void timeline_finding(void *ctx, const struct finding *f)
{
    struct timeline *t = ctx;
    uint64_t last = t->rows->len ? g_array_index(t->rows, struct row, t->rows->len - 1).e.step
                                 : 0;
    struct kept_finding k = { g_strdup(f->text), f->kind, { 0 }, 0 };
    if (f->kind == FINDING_LOST_UPDATE || f->kind == FINDING_MONITOR_DIVERGENCE) {
        for (unsigned i = 0; i < 3; i++)
            k.steps[k.nsteps++] = f->access[i].step;
    } else if (last > 0) {
        k.steps[k.nsteps++] = last;
    }
    g_array_append_val(t->findings, k);
}

static void timeline_begin(void *ctx, const struct run_control *ctl)
{
    struct timeline *t = ctx;
    t->ctl = ctl;
    g_array_set_size(t->rows, 0);
    g_array_set_size(t->findings, 0);
    t->dropped = 0;
    t->intact = 0;
}

static void timeline_event(void *ctx, const struct event *e)
{
    struct timeline *t = ctx;
    if (t->rows->len >= TIMELINE_MAX_EVENTS) {
        t->dropped++;
        return;
    }
    struct row r = { .e = *e, .previous = -1, .running = machine_running(t->m) };
    /* the monitor has seen this event already */
    uint64_t intact = monitor_intact(t->ctl->monitor);
    r.broke = t->intact & ~intact & ~(1ull << e->core);
    t->intact = intact;
    /* the core that ran last: a drain is no step the core runs */
    for (guint i = t->rows->len; i-- > 0 && r.previous < 0;) {
        const struct event *before = &g_array_index(t->rows, struct row, i).e;
        if (!(before->flags & EVENT_DRAINED))
            r.previous = (int)before->core;
    }
    g_array_append_val(t->rows, r);
}

struct timeline *timeline_new(struct machine *m, struct lockstat *locks)
{
    struct timeline *t = g_new0(struct timeline, 1);
    t->m = m;
    t->locks = locks;
    t->rows = g_array_new(FALSE, FALSE, sizeof(struct row));
    t->findings = g_array_new(FALSE, FALSE, sizeof(struct kept_finding));
    g_array_set_clear_func(t->findings, kept_finding_clear);
    return t;
}

void timeline_free(struct timeline *t)
{
    if (t == NULL)
        return;
    g_array_unref(t->rows);
    g_array_unref(t->findings);
    g_free(t);
}

struct event_sink timeline_sink(struct timeline *t)
{
    return (struct event_sink){ .event = timeline_event, .ctx = t, .begin = timeline_begin,
                                .finding = timeline_finding };
}

/* Rendering ---------------------------------------------------------------- */

struct row *timeline_row_at_step(struct timeline *t, uint64_t step)
{
    if (step == 0 || t->rows->len == 0)
        return NULL;
    uint64_t first = g_array_index(t->rows, struct row, 0).e.step;
    if (step < first || step - first >= t->rows->len)
        return NULL;
    return &g_array_index(t->rows, struct row, step - first);
}

void timeline_mark_findings(struct timeline *t)
{
    static const uint8_t lost_marks[3] = { MARK_STALE_READ, MARK_LOST_WRITE, MARK_OVERWRITE };
    for (guint i = 0; i < t->findings->len; i++) {
        const struct kept_finding *k = &g_array_index(t->findings, struct kept_finding, i);
        for (unsigned j = 0; j < k->nsteps; j++) {
            struct row *r = timeline_row_at_step(t, k->steps[j]);
            if (r) {
                r->marks |= k->nsteps == 3 ? lost_marks[j] : MARK_FINDING;
                r->divergence |= k->kind == FINDING_MONITOR_DIVERGENCE;
            }
        }
    }
}

static const char *const mark_labels[2][MARK_FINDING + 1] = {
    { [MARK_STALE_READ] = "stale load: the value the lost update started from",
      [MARK_LOST_WRITE] = "the update that is lost",
      [MARK_OVERWRITE] = "the store that overwrote it with a value computed from the stale "
                         "load",
      [MARK_FINDING] = "the finding" },
    { [MARK_STALE_READ] = "the load-exclusive: its reservation",
      [MARK_LOST_WRITE] = "another core writes the granule: the reservation is gone",
      [MARK_OVERWRITE] = "yet the store-exclusive stores: the value monitor only compares "
                         "values (ABA)",
      [MARK_FINDING] = "the finding" },
};

/* What each core's store buffer holds after the step, oldest first; a
 * drain says which store became visible. */
static void buffer_cell(struct timeline *t, struct state *st, const struct event *e,
                        GString *out)
{
    GPtrArray *mine = st->buffered[e->core];
    g_autofree char *name = event_has_addr(e) ? image_name_addr(t->m->img, e->addr) : NULL;
    g_string_append(out, "<td class=\"buf\">");
    if (e->flags & EVENT_BUFFERED) {
        g_ptr_array_add(mine, g_strdup_printf("%s=%" G_GUINT64_FORMAT, name,
                                              e->new_value & value_mask(e->size)));
    } else if ((e->flags & EVENT_DRAINED) && e->slot < mine->len) {
        /* the slot-th oldest: under pso and arm not always the oldest */
        g_string_append_printf(out, "<div class=\"drained c%u\">&darr; visible: ", e->core);
        html_escape(out, g_ptr_array_index(mine, e->slot));
        g_string_append(out, "</div>");
        g_ptr_array_remove_index(mine, e->slot);
    } else if (e->flags & EVENT_FORWARDED) {
        g_string_append(out, "<div class=\"muted\">read from its own buffer</div>");
    }
    for (unsigned i = 0; i < t->m->ncores; i++) {
        if (st->buffered[i]->len == 0)
            continue;
        g_string_append_printf(out, "<div class=\"c%u\">cpu%u:", i, i);
        for (guint k = 0; k < st->buffered[i]->len; k++) {
            g_string_append_c(out, ' ');
            html_escape(out, g_ptr_array_index(st->buffered[i], k));
        }
        g_string_append(out, "</div>");
    }
    g_string_append(out, "</td>");
}

/* lockstat's rules (event.h): what takes, releases and waits for a lock. */
static void lock_cells(struct state *st, const struct event *e, GString *out)
{
    for (unsigned j = 0; j < st->nlocks; j++) {
        const char *note = "";
        int before = st->holder[j];
        if (e->addr == st->lock[j] && e->kind != EVENT_TRAP && e->kind != EVENT_FENCE) {
            if (event_takes_lock(e)) {
                st->holder[j] = (int)e->core;
                note = "taken";
            } else if (event_releases_lock(e) && before == (int)e->core) {
                st->holder[j] = -1;
                note = "released";
            } else if (before >= 0 && before != (int)e->core && event_finds_taken(e)) {
                note = "waits";
            }
        }
        int colour = st->holder[j] >= 0 ? st->holder[j] : *note ? (int)e->core : -1;
        if (colour < 0) {
            g_string_append(out, "<td class=\"lock\"></td>");
            continue;
        }
        g_string_append_printf(out, "<td class=\"lock held c%d\">", colour);
        if (*note)
            g_string_append_printf(out, "cpu%u %s", e->core, note);
        g_string_append(out, "</td>");
    }
}

static void init_locks(struct timeline *t, struct state *st, GString *head)
{
    GArray *locks = lockstat_locks(t->locks);
    st->nlocks = locks ? MIN(locks->len, LOCK_COLUMNS_MAX) : 0;
    for (unsigned j = 0; j < st->nlocks; j++) {
        const struct lock_stats *s = &g_array_index(locks, struct lock_stats, j);
        st->lock[j] = s->addr;
        st->holder[j] = -1;
        g_autofree char *name = lockstat_lock_name(t->locks, s);
        g_string_append(head, "<th class=\"lock-head\">");
        html_escape(head, name);
        g_string_append(head, "</th>");
    }
}

static void monitor_note(struct timeline *t, const struct row *r, GString *s)
{
    const struct event *e = &r->e;
    g_autofree char *what = image_name_addr(t->m->img, e->addr);
    if (e->kind == EVENT_LL)
        html_printf(s, "cpu%u reserves %s", e->core, what);
    if (e->kind == EVENT_CLREX)
        html_printf(s, "cpu%u drops its reservation", e->core);
    if (e->kind == EVENT_SC) {
        html_printf(s, "cpu%u's store-exclusive ", e->core);
        g_string_append(s, e->flags & EVENT_SUCCESS ? "stores"
                                                    : "<span class=\"failed-tag\">fails</span>");
        if (e->flags & EVENT_DIVERGED)
            g_string_append(s, " <b>(the value monitor let it through: ABA)</b>");
    }
    for (unsigned i = 0; i < t->m->ncores; i++) {
        if (!(r->broke >> i & 1))
            continue;
        g_string_append(s, " <span class=\"broken\">");
        if (event_stored(e))
            html_printf(s, "breaks cpu%u's reservation", i);
        else
            html_printf(s, "cpu%u's reservation is gone (switched out)", i);
        g_string_append(s, "</span>");
    }
}

static bool is_spin(const struct row *a, const struct row *b)
{
    return a->e.kind == EVENT_LOAD && b->e.kind == EVENT_LOAD && a->e.core == b->e.core &&
           a->e.pc == b->e.pc && a->e.addr == b->e.addr && a->e.old_value == b->e.old_value &&
           !a->marks && !b->marks;
}

/* Where the event's instruction is: its function and offset, small, and the
 * pc and source line (DWARF) in its title. */
static void write_where(struct timeline *t, const struct event *e, GString *out)
{
    g_autofree char *where = image_name_addr(t->m->img, e->pc);
    g_autofree char *line = image_source_line(t->m->img, e->pc);
    g_string_append_printf(out, "<span class=\"pc\" title=\"pc 0x%" G_GINT64_MODIFIER "x",
                           e->pc);
    if (line != NULL) {
        g_string_append(out, ", ");
        html_escape(out, line);
    }
    g_string_append(out, "\">");
    html_escape(out, where);
    g_string_append(out, "</span> ");
}

/* A failed attempt (its values say "failed") says what that means. */
static void write_failure(const struct event *e, GString *out)
{
    if (event_failed(e))
        g_string_append_printf(out, " <span class=\"failed-tag\">&#x2717; %s</span>",
                               e->kind == EVENT_SC ? "stored nothing"
                                                   : "no match: stored nothing");
}

/* The core's cell of the row: where, the instruction, what it did. */
static void write_event(struct timeline *t, const struct row *r, GString *out)
{
    const struct event *e = &r->e;
    char text[96];
    codemap_disassemble(&t->m->code, e->pc, text, sizeof text);
    g_autoptr(GString) values = g_string_new(NULL);
    trace_format_values(t->m, e, values);
    /* the kind and marks on the cell too: a page of several runs has a
     * kind a cell in a row */
    g_string_append_printf(out, "<td class=\"lane run k-%s%s\"><div class=\"ev c%u%s\" "
                                "data-core=\"%u\">", kind_name(e->kind),
                           r->marks ? " marked" : "", e->core,
                           event_failed(e) ? " failed" : "", e->core);
    write_where(t, e, out);
    g_string_append(out, "<code>");
    html_escape(out, text);
    g_string_append_printf(out, "</code> <span class=\"kind\">%s</span> ", kind_name(e->kind));
    if (event_has_addr(e)) {
        g_autofree char *addr = image_name_addr(t->m->img, e->addr);
        g_string_append(out, "<span class=\"addr\">");
        html_escape(out, addr);
        g_string_append(out, "</span> ");
    }
    g_string_append(out, "<span class=\"val\">");
    html_escape(out, values->str);
    g_string_append(out, "</span>");
    write_failure(e, out);
    for (unsigned m = MARK_STALE_READ; m <= MARK_FINDING; m <<= 1)
        if (r->marks & m)
            g_string_append_printf(out, "<div class=\"mark m%u\">%s</div>", m,
                                   mark_labels[r->divergence][m]);
    g_string_append(out, "</div></td>");
}

bool timeline_write_preemption(const struct row *r, GString *out)
{
    if (!(r->e.flags & EVENT_PREEMPTED) || r->previous < 0)
        return false;
    g_string_append_printf(out, "preempted: cpu%d &rarr; cpu%u", r->previous, r->e.core);
    return true;
}

void timeline_write_cells(struct timeline *t, struct state *st, const struct row *r,
                          GString *out)
{
    const struct event *e = &r->e;
    for (unsigned i = 0; i < t->m->ncores; i++) {
        if (i == e->core)
            write_event(t, r, out);
        else
            g_string_append_printf(out, "<td class=\"lane %s\"></td>",
                                   r->running >> i & 1 ? "run" : "gone");
    }
    lock_cells(st, e, out);
    if (st->buffers)
        buffer_cell(t, st, e, out);
    if (t->m->cpu->exclusive_granule > 0) {
        g_autoptr(GString) mon = g_string_new(NULL);
        monitor_note(t, r, mon);
        g_string_append_printf(out, "<td class=\"mon\">%s</td>", mon->str);
    }
}

static void write_row(struct timeline *t, struct state *st, const struct row *r, GString *out,
                      int fold)
{
    const struct event *e = &r->e;
    g_autoptr(GString) preempted = g_string_new(NULL);
    if (timeline_write_preemption(r, preempted))
        g_string_append_printf(out, "<tr class=\"preempt\"><td></td><td colspan=\"%u\">%s"
                                    "</td></tr>\n", st->columns, preempted->str);
    g_string_append_printf(out, "<tr id=\"s%" G_GUINT64_FORMAT "\" class=\"k-%s%s%s%s\"",
                           e->step, kind_name(e->kind), r->marks ? " marked" : "",
                           event_failed(e) ? " failed" : "", fold >= 0 ? " fold" : "");
    if (fold >= 0)
        g_string_append_printf(out, " data-fold=\"%d\"", fold);
    g_string_append_printf(out, "><td class=\"step\">%" G_GUINT64_FORMAT "</td>", e->step);
    timeline_write_cells(t, st, r, out);
    g_string_append(out, "</tr>\n");
}

void timeline_write_finding_list(struct timeline *t, GString *out)
{
    static const char *const access_names[2][3] = {
        { "stale load", "lost update", "overwriting store" },
        { "load-exclusive", "the other core's write", "store-exclusive" },
    };
    if (t->findings->len == 0)
        g_string_append(out, "<p class=\"muted\">none</p>\n");
    for (guint i = 0; i < t->findings->len; i++) {
        const struct kept_finding *k = &g_array_index(t->findings, struct kept_finding, i);
        g_string_append_printf(out, "<div class=\"finding %s\"><span class=\"ftext\">",
                               finding_kind_name(k->kind));
        html_escape(out, k->text);
        g_string_append(out, "</span><span class=\"links\">");
        for (unsigned j = 0; j < k->nsteps; j++)
            g_string_append_printf(out, " <a href=\"#s%" G_GUINT64_FORMAT "\">%s, step %"
                                        G_GUINT64_FORMAT "</a>",
                                   k->steps[j],
                                   k->nsteps < 3 ? "at"
                                   : access_names[k->kind == FINDING_MONITOR_DIVERGENCE][j],
                                   k->steps[j]);
        g_string_append(out, "</span></div>\n");
    }
}

/* The page's key: each core's colour, and what a failed attempt looks like. */
void timeline_write_legend(struct timeline *t, GString *out)
{
    g_string_append(out, "<span class=\"legend\">");
    for (unsigned i = 0; i < t->m->ncores; i++)
        g_string_append_printf(out, "<span class=\"swatch c%u\">cpu%u</span>", i, i);
    g_string_append(out, "<span class=\"swatch failed\">failed attempt</span></span>");
}

/* Per lock, lockstat's totals: the numbers it prints at the end of a run. */
static void write_lock_totals(struct timeline *t, GString *out)
{
    GArray *locks = lockstat_locks(t->locks);
    if (locks == NULL || locks->len == 0)
        return;
    g_string_append(out, "<section id=\"locks\"><h2>Locks</h2>\n<table class=\"lockstat\">"
                         "<thead><tr><th>lock</th><th>acquired</th><th>contended</th>"
                         "<th>spins</th><th>wait total/max</th><th>hold total/max</th>"
                         "<th>false contention</th></tr></thead><tbody>\n");
    for (guint j = 0; j < locks->len; j++) {
        const struct lock_stats *s = &g_array_index(locks, struct lock_stats, j);
        g_autofree char *name = lockstat_lock_name(t->locks, s);
        g_string_append(out, "<tr><td class=\"lock-name\">");
        html_escape(out, name);
        g_string_append_printf(out, "</td><td>%" G_GUINT64_FORMAT "</td><td>%" G_GUINT64_FORMAT
                               "</td><td>%" G_GUINT64_FORMAT "</td><td>%" G_GUINT64_FORMAT "/%"
                               G_GUINT64_FORMAT "</td><td>%" G_GUINT64_FORMAT "/%"
                               G_GUINT64_FORMAT "</td><td>%" G_GUINT64_FORMAT "</td></tr>\n",
                               s->acquisitions, s->contended, s->spins, s->wait_total,
                               s->wait_max, s->hold_total, s->hold_max, s->false_contention);
    }
    g_string_append(out, "</tbody></table></section>\n");
}

const char timeline_style[] =
    ".bar{display:flex;gap:14px;align-items:center;margin:10px 0;flex-wrap:wrap}"
    ".finding{border-left:4px solid #d33;background:#fdecec;padding:6px 10px;margin:4px 0}"
    ".finding a{margin-left:8px}"
    "#lanes td{border-bottom:1px solid #f0f0f0}"
    "#lanes td.step{color:#888;text-align:right;font-variant-numeric:tabular-nums}"
    "td.lane{min-width:16em;border-left:3px solid transparent}"
    "td.lane.run{border-left-color:#e4e4ea}td.lane.gone{background:#fafafa}"
    ".ev{padding:1px 6px;border-radius:5px}"
    ".ev code{font-weight:600}.ev .kind{font-size:11px;color:#555;letter-spacing:.04em}"
    ".ev .addr{color:#0b57d0}.ev .val{color:#333}"
    ".c0{background:#e8f1ff}.c1{background:#fff0dd}.c2{background:#e9f8ea}"
    ".c3{background:#f6e8fb}.c4{background:#fdf7d7}.c5{background:#e1f6f6}"
    ".k-RMW .ev,.k-SC .ev{box-shadow:inset 3px 0 #f39c12}"
    ".k-LL .ev{box-shadow:inset 3px 0 #3498db}"
    ".ev .pc{font-size:11px;color:#888;margin-right:4px}"
    ".ev.failed{box-shadow:inset 3px 0 #c0392b;outline:1px dashed #c0392b;"
    "background-image:repeating-linear-gradient(135deg,transparent 0 6px,"
    "rgba(192,57,43,.09) 6px 12px)}"
    ".ev.failed .val,.failed-tag{color:#c0392b;font-weight:600}"
    ".marked .ev{outline:2px solid #d33}"
    ".mark{color:#b00;font-size:12px;font-weight:600}"
    "tr.preempt td{font-size:11px;color:#a15c00;border-top:2px dashed #e0a040;padding:0 8px}"
    "td.mon{font-size:12px;color:#444;max-width:22em}"
    "td.buf{font-size:12px;color:#444;max-width:22em;font-family:monospace}"
    "td.buf .drained{font-weight:bold}"
    "th.lock-head{font-size:11px;white-space:nowrap}"
    "td.lock{font-size:11px;min-width:5em;color:#333;white-space:nowrap}"
    ".broken{color:#b00;font-weight:600}"
    ".legend{display:flex;gap:6px;align-items:center}"
    ".swatch{padding:1px 8px;border-radius:5px;font-size:12px}"
    ".swatch.failed{color:#c0392b;outline:1px dashed #c0392b}"
    "table.lockstat td{font-variant-numeric:tabular-nums;white-space:nowrap;text-align:right}"
    "table.lockstat td.lock-name{font-family:monospace;text-align:left}"
    "tr.fold.hidden,tr.hidden{display:none}"
    "tr.foldbar td{font-size:12px;color:#666;background:#f7f7f9;cursor:pointer}"
    ":target .ev{outline:3px solid #111}";

const char timeline_controls_script[] =
    "const rows = document.querySelectorAll('#lanes tbody tr');\n"
    "document.getElementById('filter').addEventListener('input', e => {\n"
    "  const q = e.target.value.toLowerCase();\n"
    "  rows.forEach(r => { if (!r.classList.contains('fold'))\n"
    "    r.classList.toggle('hidden', q !== '' && !r.textContent.toLowerCase().includes(q)); });\n"
    "});\n"
    "let zoom = 1;\n"
    "function setZoom(z) { zoom = Math.min(2, Math.max(0.4, z));\n"
    "  document.getElementById('lanes').style.fontSize = (zoom * 100) + '%'; }\n"
    "document.getElementById('zoomin').onclick = () => setZoom(zoom + 0.15);\n"
    "document.getElementById('zoomout').onclick = () => setZoom(zoom - 0.15);\n";

static const char timeline_fold_script[] =
    "function foldSpins(on) {\n"
    "  document.querySelectorAll('tr.fold').forEach(r => r.classList.toggle('hidden', on));\n"
    "  document.querySelectorAll('tr.foldbar').forEach(r => r.style.display = on ? '' : 'none');\n"
    "}\n"
    "document.querySelectorAll('tr.foldbar').forEach(bar => bar.addEventListener('click', () => {\n"
    "  document.querySelectorAll('tr.fold[data-fold=\"' + bar.dataset.fold + '\"]')\n"
    "    .forEach(r => r.classList.remove('hidden'));\n"
    "  bar.style.display = 'none';\n"
    "}));\n"
    "document.getElementById('fold').addEventListener('change', e => foldSpins(e.target.checked));\n"
    "foldSpins(true);";

void timeline_write_controls(GString *out, bool fold)
{
    if (fold)
        g_string_append(out, "<label><input type=\"checkbox\" id=\"fold\" checked> fold spins"
                             "</label>");
    g_string_append(out, "<label>show only events containing "
                         "<input id=\"filter\" placeholder=\"counter, cpu1, ldrex...\">"
                         "</label><span>zoom <button id=\"zoomout\">&minus;</button>"
                         "<button id=\"zoomin\">+</button></span>");
}

void timeline_begin_columns(struct timeline *t, struct state *st, GString *out)
{
    *st = (struct state){ 0 };
    for (unsigned i = 0; i < t->m->ncores; i++)
        g_string_append_printf(out, "<th class=\"lane-head\" data-core=\"%u\">cpu%u</th>", i, i);
    init_locks(t, st, out);
    for (guint i = 0; i < t->rows->len && !st->buffers; i++)
        st->buffers = g_array_index(t->rows, struct row, i).e.flags & EVENT_BUFFERED;
    for (unsigned i = 0; st->buffers && i < t->m->ncores; i++)
        st->buffered[i] = g_ptr_array_new_with_free_func(g_free);
    if (st->buffers)
        g_string_append(out, "<th>store buffers</th>");
    if (t->m->cpu->exclusive_granule > 0)
        g_string_append(out, "<th>exclusive monitor</th>");
    st->columns = t->m->ncores + st->nlocks + st->buffers + (t->m->cpu->exclusive_granule > 0);
}

void timeline_state_clear(struct timeline *t, struct state *st)
{
    for (unsigned i = 0; st->buffers && i < t->m->ncores; i++)
        g_ptr_array_unref(st->buffered[i]);
}

/* The rows, each spin's reads after the first few folded away. */
static void write_rows(struct timeline *t, struct state *st, GString *out)
{
    int folds = 0;
    for (guint i = 0; i < t->rows->len;) {
        /* a spin: the same load again and again; show the first few */
        guint j = i + 1;
        while (j < t->rows->len && is_spin(&g_array_index(t->rows, struct row, i),
                                           &g_array_index(t->rows, struct row, j)) &&
               !(g_array_index(t->rows, struct row, j).e.flags & EVENT_PREEMPTED))
            j++;
        for (guint k = i; k < j; k++) {
            bool folded = j - i > SPIN_FOLD_AFTER + 1 && k >= i + SPIN_FOLD_AFTER;
            if (folded && k == i + SPIN_FOLD_AFTER)
                g_string_append_printf(out, "<tr class=\"foldbar\" data-fold=\"%d\"><td></td>"
                                            "<td colspan=\"%u\">&hellip; cpu%u reads the same "
                                            "value %u more times (a spin): click to show</td>"
                                            "</tr>\n", folds, st->columns,
                                       g_array_index(t->rows, struct row, i).e.core,
                                       j - k);
            write_row(t, st, &g_array_index(t->rows, struct row, k), out,
                      folded ? folds : -1);
        }
        if (j - i > SPIN_FOLD_AFTER + 1)
            folds++;
        i = j;
    }
}

gboolean timeline_write(struct timeline *t, const char *path, const char *title,
                        const char *result, const char *reproduce, GError **error)
{
    timeline_mark_findings(t);
    g_autoptr(GString) out = g_string_new(NULL);
    html_begin(out, title, timeline_style);
    g_string_append(out, "<h1>");
    html_escape(out, title);
    g_string_append(out, "</h1>\n<p>Result: <b>");
    html_escape(out, result);
    g_string_append(out, "</b><br><span class=\"muted\">Reproduce:</span> <code>");
    html_escape(out, reproduce);
    g_string_append(out, "</code></p>\n<section id=\"findings\"><h2>Findings</h2>\n");
    timeline_write_finding_list(t, out);
    g_string_append(out, "</section>\n");
    write_lock_totals(t, out);
    g_string_append(out, "<h2>Interleaving</h2>\n<div class=\"bar\">");
    timeline_write_controls(out, true);
    timeline_write_legend(t, out);
    g_string_append_printf(out, "<span class=\"muted\">%u events", t->rows->len);
    if (t->dropped)
        g_string_append_printf(out, " (the %" G_GUINT64_FORMAT " after them are not shown)",
                               t->dropped);
    g_string_append(out, "; time flows down</span></div>\n<table id=\"lanes\"><thead><tr>"
                         "<th>step</th>");
    struct state st;
    timeline_begin_columns(t, &st, out);
    g_string_append(out, "</tr></thead><tbody>\n");
    write_rows(t, &st, out);
    g_string_append(out, "</tbody></table>\n");
    timeline_state_clear(t, &st);
    g_autofree char *script = g_strconcat(timeline_controls_script, timeline_fold_script, NULL);
    html_end(out, script);
    return g_file_set_contents(path, out->str, (gssize)out->len, error);
}
