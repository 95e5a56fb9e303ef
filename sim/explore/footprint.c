/* footprint.c — see footprint.h. */
#include "footprint.h"
#include "core/guest-abi.h"

static bool is_memory(uint64_t word)
{
    return word < SCHEDULE_WORD;
}

/* f touches words first..last too (read or written): merged into a range
 * of f's where they overlap or adjoin it (memory with memory only), else a
 * range of their own; when none is left, f commutes with nothing. */
void footprint_add(struct footprint *f, bool write, uint64_t first, uint64_t last)
{
    for (unsigned i = 0; i < f->nranges; i++) {
        struct word_range *r = &f->range[i];
        bool same_side = is_memory(first) == is_memory(r->first);
        if (r->write == write && same_side && first <= r->last + 1 && r->first <= last + 1) {
            r->first = MIN(r->first, first);
            r->last = MAX(r->last, last);
            return;
        }
    }
    if (f->nranges == FOOTPRINT_RANGES) {
        f->all = true;
        return;
    }
    f->range[f->nranges++] = (struct word_range){ write, first, last };
}

/* f touches what g does too. */
void footprint_join(struct footprint *f, const struct footprint *g)
{
    f->all |= g->all;
    f->reads_all |= g->reads_all;
    for (unsigned i = 0; i < g->nranges; i++)
        footprint_add(f, g->range[i].write, g->range[i].first, g->range[i].last);
}

/* The memory words of e's access: a load-exclusive reads its whole
 * reservation granule and a store-exclusive writes it (a store by another
 * core anywhere in the granule decides whether the store-exclusive
 * succeeds). */
static void add_access(const struct footprint_rules *rules, struct footprint *f,
                       const struct event *e, bool write)
{
    uint64_t lo = e->addr, hi = e->addr + (e->size ? e->size : 1) - 1;
    uint64_t granule = rules->cpu->exclusive_granule;
    if ((e->kind == EVENT_LL || e->kind == EVENT_SC) && granule > 0) {
        lo &= ~(granule - 1);
        hi |= granule - 1;
    }
    footprint_add(f, write, lo >> WORD_SHIFT, hi >> WORD_SHIFT);
}

/* What a trap touches: calls that decide which cores run write a pseudo
 * word.  A wait reads the word it waits on and, with a wake on that word,
 * the word's waiters: waits and wakes on different words commute.  A join
 * waits for an exit, a wait or a join may complete a barrier, and a wake
 * starts cores a barrier must wait for: they read which cores run, and
 * commute with each other, not with an exit, a barrier or an atomic
 * section.  An atomic section's bounds touch nothing: what runs in it
 * touches what it touches, and no interleaving puts another core's step
 * between them (one that does is never run, so naming it does no harm).
 * (Exits that commuted would name fewer interleavings, not run fewer: the
 * search would reach the same ones by other prefixes.)  Under a model with
 * views, waits and
 * joins synchronise every waiting core (views_sync): there they commute
 * with nothing, and wakes and thread starts are taken as calls that
 * decide which cores run. */
static void add_trap(const struct footprint_rules *rules, struct footprint *f,
                     const struct event *e)
{
    enum guest_call_reach reach = guest_call_reach(rules->cpu, e->old_value);
    if (rules->views && (reach == REACH_WAIT || reach == REACH_JOIN))
        reach = REACH_ANYTHING;
    else if (rules->views &&
             (reach == REACH_WAKE || reach == REACH_THREADS || reach == REACH_ATOMIC))
        reach = REACH_SCHEDULE;
    switch (reach) {
    case REACH_OWN_CORE:
    case REACH_ATOMIC:
        break;
    case REACH_THREADS:
        footprint_add(f, true, THREADS_WORD, THREADS_WORD);
        break;
    case REACH_WAIT:
        footprint_add(f, false, e->new_value >> WORD_SHIFT, (e->new_value + 3) >> WORD_SHIFT);
        /* fall through */
    case REACH_WAKE:
        footprint_add(f, true, WAITERS_WORD(e->new_value), WAITERS_WORD(e->new_value));
        /* fall through */
    case REACH_JOIN:
        footprint_add(f, false, SCHEDULE_WORD, SCHEDULE_WORD);
        break;
    case REACH_SCHEDULE:
        footprint_add(f, true, SCHEDULE_WORD, SCHEDULE_WORD);
        /* the cores it synchronises see every write so far (views_sync) */
        if (rules->views)
            footprint_add(f, false, WRITES_WORD, WRITES_WORD);
        break;
    case REACH_READS_MEMORY:
        f->reads_all = true;
        break;
    default:
        f->all = true;
    }
}

/* What a step touches that other agents see.  Fences order nothing more in
 * a sequentially consistent machine, and clrex drops only its own core's
 * reservation.
 *
 * With store buffers (tso, pso, arm, rvwmo) each core's buffer is a pseudo word:
 * a store that enters it writes only that word (no other core sees it); a
 * drain writes its memory words (and so ends the other cores' reservations
 * of them, as the monitor does when a store becomes visible) and the
 * buffer; a fence, an atomic, a trap, anything but a load, writes the
 * buffer too (it waits for it, drains it or marks it with a barrier).  So
 * every step of a core that involves its buffer, and every drain of it, are
 * ordered among themselves in every equivalent interleaving: the sequence
 * of pushes and drains of a buffer is the same in all of them, and with it
 * the slot each drain takes (the drain agent n * (1 + slot) + i names the
 * same store) and which slots may drain (only pushes, drains and barriers
 * change that).  A load need not touch the buffer: what it reads is its
 * bytes in its own buffer, which only its own core's pushes and the drains
 * of stores to those bytes change (the drain writes the load's words), or
 * what is visible there (likewise).  A drain forced by the core's next
 * instruction is folded into that instruction's step (equivalence_event).
 *
 * Under a model with views every write to memory writes one more pseudo
 * word, so that writes never commute: a write's timestamp is its place
 * among all writes (views.h), which the views of every later load compare
 * with, so two orders of writes to different words are two executions
 * there (Promising's memory is one list of all writes).  A load's choice
 * of write, among those to its words before it, is then the same write in
 * every equivalent interleaving (it is part of the step's name). */
struct footprint footprint_of(const struct footprint_rules *rules, const struct event *e)
{
    struct footprint f = { 0 };
    if (!rules->commute) {
        f.all = true;
        return f;
    }
    uint64_t buffer = BUFFER_WORD(e->core);
    if (e->flags & EVENT_BUFFERED) {
        footprint_add(&f, true, buffer, buffer);
        return f;
    }
    bool writes = (e->flags & EVENT_DRAINED) || e->kind == EVENT_STORE ||
                  e->kind == EVENT_RMW || e->kind == EVENT_SC;
    if (writes && rules->views)
        footprint_add(&f, true, WRITES_WORD, WRITES_WORD);
    if (e->flags & EVENT_DRAINED) {
        add_access(rules, &f, e, true);
        footprint_add(&f, true, buffer, buffer);
        return f;
    }
    switch (e->kind) {
    case EVENT_LOAD:
    case EVENT_LL:
        add_access(rules, &f, e, false);
        break;
    case EVENT_STORE:
    case EVENT_RMW:
    case EVENT_SC:
        add_access(rules, &f, e, true);
        break;
    case EVENT_TRAP:
        add_trap(rules, &f, e);
        break;
    default:
        break;
    }
    if (rules->buffers && e->kind != EVENT_LOAD)
        footprint_add(&f, true, buffer, buffer);
    return f;
}

/* Does f write a word other cores could read: memory, or which cores run
 * (what a read of all memory does not commute with)? */
bool writes_visible(const struct footprint *f)
{
    for (unsigned i = 0; i < f->nranges; i++)
        if (f->range[i].write && f->range[i].first <= SCHEDULE_WORD)
            return true;
    return false;
}
