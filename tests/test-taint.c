/* test-taint.c — sim/taint.c: which loads a core's register values depend on,
 * on made-up instructions over registers 0..3 (a cpu's compact numbering). */
#include <glib.h>

#include "core/taint.h"

#define R(n) CPU_REG_BIT(n)
#define STACK R(CPU_REG_STACK)

/* An instruction that reads `read` and writes `written`, of kind `kind`. */
static struct insn_info insn(enum insn_kind kind, uint64_t read, uint64_t written)
{
    struct insn_info ii = { .kind = (uint8_t)kind, .regs_read = read, .regs_written = written };
    return ii;
}

/* r0 = load X; r1 = r0 + r2; store r1 to X depends on X, a store of r2 does not. */
static void test_load_flows_to_store(void)
{
    struct taint t;
    taint_reset(&t);
    const uint64_t x = 0x1000, y = 0x2000;
    struct insn_info load = insn(INSN_LOAD, 0, R(0)), add = insn(INSN_PRIVATE, R(0) | R(2), R(1));
    taint_propagate(&t, &load, taint_load(&t, x), 0);
    g_assert_false(taint_untouched(&t, &add));
    taint_propagate(&t, &add, 0, 0);
    g_assert_true(taint_depends(&t, R(1), x));
    g_assert_false(taint_depends(&t, R(2), x));
    g_assert_false(taint_depends(&t, R(1), y));         /* no load of y at all */
    /* a constant written over r1 ends its dependency */
    struct insn_info constant = insn(INSN_PRIVATE, 0, R(1));
    taint_propagate(&t, &constant, 0, 0);
    g_assert_false(taint_depends(&t, R(1), x));
    g_assert_true(taint_depends(&t, R(0), x));
}

/* A value from y stored to x does not depend on x's load. */
static void test_other_variable(void)
{
    struct taint t;
    taint_reset(&t);
    struct insn_info load0 = insn(INSN_LOAD, 0, R(0)), load1 = insn(INSN_LOAD, 0, R(1));
    taint_propagate(&t, &load0, taint_load(&t, 0x1000), 0);
    taint_propagate(&t, &load1, taint_load(&t, 0x2000), 0);
    g_assert_false(taint_depends(&t, R(1), 0x1000));
    g_assert_true(taint_depends(&t, R(1), 0x2000));
}

/* Saved to the stack and loaded back, a value keeps its load. */
static void test_stack(void)
{
    struct taint t;
    taint_reset(&t);
    struct insn_info load = insn(INSN_LOAD, 0, R(0));
    struct insn_info push = insn(INSN_PRIVATE, R(0) | STACK, STACK);
    struct insn_info clobber = insn(INSN_PRIVATE, 0, R(0));
    struct insn_info pop = insn(INSN_PRIVATE, STACK, R(3));
    taint_propagate(&t, &load, taint_load(&t, 0x1000), 0);
    taint_propagate(&t, &push, 0, 0);
    taint_propagate(&t, &clobber, 0, 0);
    taint_propagate(&t, &pop, 0, 0);
    g_assert_true(taint_depends(&t, R(3), 0x1000));
    /* the same through a private access the run loop found */
    struct insn_info store = insn(INSN_STORE, R(3), 0), reload = insn(INSN_LOAD, 0, R(2));
    taint_reset(&t);
    taint_propagate(&t, &load, taint_load(&t, 0x1000), 0);
    struct insn_info move = insn(INSN_PRIVATE, R(0), R(3));
    taint_propagate(&t, &move, 0, 0);
    taint_private_access(&t, &store);
    taint_private_access(&t, &reload);
    g_assert_true(taint_depends(&t, R(2), 0x1000));
}

/* When every slot is taken, the oldest goes, and no register depends on it. */
static void test_slots_reused(void)
{
    struct taint t;
    taint_reset(&t);
    struct insn_info load = insn(INSN_LOAD, 0, R(0)), other = insn(INSN_LOAD, 0, R(1));
    taint_propagate(&t, &load, taint_load(&t, 0x1000), 0);
    g_assert_cmpuint(taint_load(&t, 0x1000), ==, taint_slot(&t, 0x1000));  /* one per address */
    for (uint64_t i = 1; i < TAINT_SLOTS; i++)
        taint_propagate(&t, &other, taint_load(&t, 0x2000 + 4 * i), 0);
    g_assert_true(taint_depends(&t, R(0), 0x1000));
    taint_propagate(&t, &other, taint_load(&t, 0x9000), 0);        /* takes 0x1000's slot */
    g_assert_cmpuint(taint_slot(&t, 0x1000), ==, 0);
    g_assert_false(taint_untouched(&t, &other));
    g_assert_cmpuint(taint_of(&t, R(0)), ==, 0);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/taint/load-flows-to-store", test_load_flows_to_store);
    g_test_add_func("/taint/other-variable", test_other_variable);
    g_test_add_func("/taint/stack", test_stack);
    g_test_add_func("/taint/slots-reused", test_slots_reused);
    return g_test_run();
}
