/* refcount.c — reference counts: get() is atomic_inc, put() is
 * atomic_dec_and_test, and whoever drops the last reference releases.
 *
 * Core 0 creates NOBJ objects, each holding one reference for every core.
 * Every core then takes and drops ITER extra references to each object and
 * finally drops its own: the core whose put() brings the count to zero
 * releases the object.  Which core that is depends on the schedule, but
 * atomic_dec_and_test returns true to exactly one of them, so every object
 * is released exactly once.  With a plain `refs--; if (refs == 0)` two cores
 * could both see zero (a double free) or neither (a leak).
 *
 *   atomsim --cores 4 --seed 3 programs/sparc32/refcount.elf
 *
 * Look at the "released by" lines: change --seed and another core may be
 * the last; the count of releases never changes.
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef ITER
#define ITER 10
#endif
#define NOBJ 3

struct object {
    atomic_t refs;
    int released;               /* times release() ran: must end at 1 */
};

static struct object objects[NOBJ];
static atomic_t releases;       /* release() calls over all objects */

static void release(struct object *o)
{
    o->released++;              /* only the last put() gets here */
    atomic_inc(&releases);
    sim_printf("object %d released by cpu%u\n", (int)(o - objects), sim_cpu_id());
}

static void get(struct object *o)
{
    atomic_inc(&o->refs);
}

static void put(struct object *o)
{
    if (atomic_dec_and_test(&o->refs))
        release(o);
}

int main(void)
{
    if (sim_cpu_id() == 0)
        for (int k = 0; k < NOBJ; k++)
            atomic_set(&objects[k].refs, (int)sim_ncpus());
    sim_barrier();

    for (int i = 0; i < ITER; i++)
        for (int k = 0; k < NOBJ; k++) {
            get(&objects[k]);
            put(&objects[k]);
        }
    for (int k = 0; k < NOBJ; k++)
        put(&objects[k]);       /* this core's own reference */

    sim_barrier();
    if (sim_cpu_id() == 0) {
        sim_printf("releases = %d, expected %d\n", atomic_read(&releases), NOBJ);
        for (int k = 0; k < NOBJ; k++) {
            sim_check(objects[k].released == 1, "an object was not released exactly once");
            sim_check(atomic_read(&objects[k].refs) == 0, "references left over");
        }
        sim_check(atomic_read(&releases) == NOBJ, "wrong number of releases");
    }
    return 0;
}
