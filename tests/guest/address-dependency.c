/* address-dependency.c — a pointer published after smp_wmb() and read with
 * READ_ONCE() alone, as rcu_dereference() reads one: the load through the
 * pointer has an address dependency on the pointer's load, which orders it
 * after that load on arm, aarch64 (ARM ARM K.a B2.3.6: address
 * dependencies order reads) and riscv64 (RVWMO rule 9), so a reader that
 * finds the pointer finds what it points to.  A load may read an older
 * write only where nothing orders it: never here.  (The reader compares
 * the pointer only after both loads: a compiler that knew its value before
 * the second could address that load without it.) */
#include <atomsim.h>
#include <atomic.h>

struct box {
    unsigned value;
};

static struct box boxes[2] = { { 1 }, { 1 } };
static struct box *volatile published = &boxes[0];

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        WRITE_ONCE(boxes[1].value, 42);
        smp_wmb();
        WRITE_ONCE(published, &boxes[1]);
    } else {
        struct box *b = READ_ONCE(published);
        unsigned v = READ_ONCE(b->value);
        sim_check(b == &boxes[0] || v == 42, "the pointer was new, what it points to old");
    }
    return 0;
}
