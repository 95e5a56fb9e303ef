/* kinds.h — the one vocabulary of what a core does that other cores can see.
 *
 * cpus/ classify each instruction as one of these kinds (struct insn_info);
 * the run loop turns it into an event of the same kind (core/event.h), with
 * the same number, so no table maps one onto the other.  An instruction has
 * a few kinds more: what is invisible, what is not classified yet, what
 * becomes two events (a non-atomic RMW) and what cannot run.
 */
#ifndef ATOMSIM_KINDS_H
#define ATOMSIM_KINDS_H

/* X(NAME, what it does): every kind an event has. */
#define VISIBLE_KINDS(X) \
    X(LOAD, "reads memory") \
    X(STORE, "writes memory") \
    X(RMW, "reads and writes memory in one atomic instruction") \
    X(LL, "load-exclusive: reads and reserves the address") \
    X(SC, "store-exclusive: stores if the exclusive monitor allows") \
    X(CLREX, "drops the core's reservation") \
    X(FENCE, "orders memory accesses") \
    X(TRAP, "a system call")

enum insn_kind {
    INSN_UNKNOWN = 0,   /* not classified yet */
#define X(name, what) INSN_##name,
    VISIBLE_KINDS(X)
#undef X
    INSN_PRIVATE,       /* registers, stack or constants only */
    INSN_SPLIT_RMW,     /* reads, then writes memory, not atomically: another
                           core may store in between (x86 without LOCK); two
                           events, a LOAD and a STORE */
    INSN_UNSUPPORTED,   /* cannot run faithfully: a guest fault, saying why */
    INSN_KINDS
};

enum event_kind {
#define X(name, what) EVENT_##name = INSN_##name,
    VISIBLE_KINDS(X)
#undef X
};

/* "LOAD", "STORE" ... for any insn_kind ("PRIVATE", "SPLIT_RMW" ...). */
static inline const char *kind_name(unsigned kind)
{
    static const char *const names[INSN_KINDS] = {
        [INSN_UNKNOWN] = "UNKNOWN",
#define X(name, what) [INSN_##name] = #name,
        VISIBLE_KINDS(X)
#undef X
        [INSN_PRIVATE] = "PRIVATE", [INSN_SPLIT_RMW] = "SPLIT_RMW",
        [INSN_UNSUPPORTED] = "UNSUPPORTED",
    };
    return kind < INSN_KINDS ? names[kind] : "?";
}

#endif
