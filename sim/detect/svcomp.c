/* svcomp.c — see svcomp.h. */
#include "svcomp.h"
#include "core/control.h"

const struct symbol *svcomp_error_function(const struct image *img)
{
    const struct symbol *fn = image_find_symbol(img, SVCOMP_ERROR_SYMBOL);
    return fn != NULL ? fn : image_find_symbol(img, SVCOMP_OLD_ERROR_SYMBOL);
}

void svcomp_init(struct svcomp *h, const struct machine *m)
{
    *h = (struct svcomp){ .m = m, .img = m->img, .error_fn = svcomp_error_function(m->img) };
}

static void begin(void *ctx, const struct run_control *ctl)
{
    struct svcomp *h = ctx;
    h->ctl = ctl;
}

static void ignore_event(void *ctx, const struct event *e)
{
    (void)ctx;
    (void)e;
}

static bool reached(void *ctx, unsigned core, uint64_t pc)
{
    struct svcomp *h = ctx;
    /* where it was called: where it returns to, if the cpu says */
    uint64_t ra = 0;
    if (h->m->cpu->return_address(h->m->cores[core].uc, &ra) == UC_ERR_OK && ra != 0)
        pc = ra;
    g_autofree char *where = ra != 0 ? image_name_return(h->img, pc) : image_name_pc(h->img, pc);
    g_autofree char *message = g_strdup_printf("%s() reached", h->error_fn->name);
    g_autofree char *text = g_strdup_printf("check failed: %s, at pc 0x%" G_GINT64_MODIFIER
                                            "x (%s)", message, pc, where);
    struct finding f = { .kind = FINDING_CHECK_FAILED, .core = core, .text = text, .pc = pc,
                         .message = message, .reach_error = true };
    control_report(h->ctl, &f);
    return true;
}

struct event_sink svcomp_sink(struct svcomp *h)
{
    return (struct event_sink){ .event = ignore_event, .ctx = h, .begin = begin,
                                .reached = h->error_fn ? reached : NULL,
                                .watch = h->error_fn ? h->error_fn->addr : 0 };
}
