/* litmus-build.h — a litmus test as a guest program for one cpu.
 *
 * The program is generated: a C harness (the locations as globals with
 * their initial values, a slot per register the condition reads, and a
 * main that runs thread P<n> on core n), and the threads — for an assembly
 * dialect a .S file the cpu's dialect writes (cpus/, struct cpu_litmus),
 * for C litmus the test's own functions with the kernel's API
 * (<litmus-linux.h>).  tools/atomsim-cc builds it.  The ELF is kept in a
 * cache, named by a digest of the sources, the cpu and the guest runtime
 * they link, so a catalogue builds once.
 */
#ifndef ATOMSIM_LITMUS_BUILD_H
#define ATOMSIM_LITMUS_BUILD_H

#include <glib.h>
#include "cpus/cpu.h"
#include "litmus-file.h"

/* The function each thread ends by calling.  There an assembly thread's
 * registers are the core's; a C thread passes its registers the condition
 * reads, in litmus_observables' order, as an array (at most LITMUS_MAX_REGS
 * words) in its first argument. */
#define LITMUS_DONE "__litmus_done"
#define LITMUS_MAX_REGS 64

struct litmus_builder {
    char *cc;                   /* tools/atomsim-cc */
    char *cache_dir;
    GHashTable *stamps;         /* cpu name -> its runtime's stamp (char *) */
    /* Builds ahead (litmus_build_soon), in threads: */
    GThreadPool *pool;          /* or NULL */
    GPtrArray *soon;            /* the tests queued, kept until the end */
    GHashTable *building;       /* the ELFs (paths) being built now */
    GMutex lock;                /* of stamps, soon and building */
    GCond built;                /* one of building is done */
};

/* A builder with atomsim-cc at cc and the cache in cache_dir (made if
 * missing). */
void litmus_builder_init(struct litmus_builder *b, const char *cc, const char *cache_dir);
void litmus_builder_clear(struct litmus_builder *b);

/* The cpu an assembly test runs on: the one whose dialect it is.  NULL with
 * error (ATOMSIM_ERROR_INPUT) when none is.  (A C test runs on any.) */
const struct cpu_ops *litmus_cpu_for(const struct litmus_test *t, GError **error);
/* Is t written in C (run on any cpu)? */
bool litmus_is_c(const struct litmus_test *t);

/* Build t for cpu: the ELF's path (to free), or NULL with error naming the
 * test's file and line where the compiler or assembler said one. */
char *litmus_build(struct litmus_builder *b, const struct litmus_test *t,
                   const struct cpu_ops *cpu, GError **error);

/* Build t (taken) for each of cpus soon, in a thread of a pool with one
 * for each processor: the tests build while others run.  litmus_build of
 * one being built waits for it; one not yet started it builds itself; one
 * that failed it fails again and says why. */
void litmus_build_soon(struct litmus_builder *b, struct litmus_test *t,
                       const struct cpu_ops *const *cpus, unsigned n);

/* The sources, for the cache's key and for the curious (to free). */
char *litmus_harness_source(const struct litmus_test *t, const struct cpu_ops *cpu);
char *litmus_threads_source(const struct litmus_test *t, const struct cpu_ops *cpu,
                            GError **error);

#endif
