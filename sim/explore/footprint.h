/* footprint.h — what a step touches that other agents see, and so which
 * steps commute (equivalence.h). */
#ifndef ATOMSIM_FOOTPRINT_H
#define ATOMSIM_FOOTPRINT_H

#include <stdbool.h>
#include <stdint.h>
#include "base/limits.h"
#include "core/event.h"
#include "cpus/cpu.h"

#define WORD_SHIFT 3            /* memory is compared in 8-byte words */

/* What a step touches that other agents see: a few ranges of words, each
 * read or written (memory words, or pseudo words: "which cores run", "core
 * i's store buffer"), perhaps all of memory (read), or everything.  A step
 * that would need more ranges than fit commutes with nothing. */
#define FOOTPRINT_RANGES 6
struct word_range {
    bool write;
    uint64_t first, last;
};
struct footprint {
    bool all;           /* commutes with nothing */
    bool reads_all;     /* reads every word of memory */
    uint8_t nranges;
    struct word_range range[FOOTPRINT_RANGES];
};

/* Pseudo words no address reaches: which cores run, each core's store
 * buffer, and, under a model with views, the order of all writes. */
#define SCHEDULE_WORD ((UINT64_MAX >> WORD_SHIFT) + 1)
#define BUFFER_WORD(core) (SCHEDULE_WORD + 1 + (core))
#define WRITES_WORD BUFFER_WORD(ATOMSIM_MAX_CORES)
/* ... the count of threads made, and which cores wait on each word */
#define THREADS_WORD (WRITES_WORD + 1)
#define WAITERS_WORD(addr) ((1ull << 62) + ((addr) >> WORD_SHIFT))

/* What decides a step's footprint: the cpu (its reservation granule, its
 * calls), whether steps commute at all, and the memory model's store
 * buffers and views. */
struct footprint_rules {
    const struct cpu_ops *cpu;
    bool commute;
    bool buffers;               /* stores wait in store buffers */
    bool views;                 /* loads may read older writes (views.h) */
};

/* f touches words first..last too (read or written). */
void footprint_add(struct footprint *f, bool write, uint64_t first, uint64_t last);
/* f touches what g does too. */
void footprint_join(struct footprint *f, const struct footprint *g);
/* What event e's step touches under rules. */
struct footprint footprint_of(const struct footprint_rules *rules, const struct event *e);
/* Does f write a word other cores could read: memory, or which cores run? */
bool writes_visible(const struct footprint *f);

#endif
