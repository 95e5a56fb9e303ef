/* layout.c — see layout.h. */
#include "base/error.h"
#include "layout.h"
#include "tls.h"

static uint64_t align_up(uint64_t v, uint64_t a)
{
    return (v + a - 1) & ~(a - 1);
}

static int region_cmp(gconstpointer a, gconstpointer b)
{
    const struct region *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The image's segments as page ranges; segments that share a page share
 * a region with the union of their permissions. */
static GArray *image_regions(const struct image *img)
{
    GArray *r = g_array_new(FALSE, FALSE, sizeof(struct region));
    for (guint i = 0; i < img->segments->len; i++) {
        const struct segment *s = &g_array_index(img->segments, struct segment, i);
        struct region reg = { s->vaddr & ~(IMAGE_PAGE - 1),
                              align_up(s->vaddr + s->memsz, IMAGE_PAGE), s->flags };
        g_array_append_val(r, reg);
    }
    g_array_sort(r, region_cmp);
    guint out = 0;
    for (guint i = 1; i < r->len; i++) {
        struct region *prev = &g_array_index(r, struct region, out);
        struct region *cur = &g_array_index(r, struct region, i);
        if (cur->lo < prev->hi) {
            prev->hi = MAX(prev->hi, cur->hi);
            prev->flags |= cur->flags;
        } else {
            g_array_index(r, struct region, ++out) = *cur;
        }
    }
    g_array_set_size(r, out + 1);
    return r;
}

gboolean layout_plan(struct layout *l, const struct image *img, unsigned ncores,
                     uint64_t addr_end, GError **error)
{
    /* image_load checked the segments: some, disjoint, executable, within
     * IMAGE_MAX_SPAN, below the end of the address space. */
    g_assert(img->segments->len > 0);
    l->regions = image_regions(img);
    const struct region *first = &g_array_index(l->regions, struct region, 0);
    const struct region *last = &g_array_index(l->regions, struct region, l->regions->len - 1);
    l->image_lo = first->lo;
    l->image_hi = last->hi;
    l->code_lo = UINT64_MAX;
    l->code_hi = 0;
    for (guint i = 0; i < l->regions->len; i++) {
        const struct region *r = &g_array_index(l->regions, struct region, i);
        if (r->flags & SEG_X) {
            l->code_lo = MIN(l->code_lo, r->lo);
            l->code_hi = MAX(l->code_hi, r->hi);
        }
    }
    if (l->code_lo >= l->code_hi) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT,
                    "%s: no executable segment", img->path);
        return FALSE;
    }
    /* Stacks above the image: a guard page, then the stack, per core. */
    l->stacks = align_up(l->image_hi, LAYOUT_STACK_GAP) + LAYOUT_STACK_GAP;
    l->stack_size = LAYOUT_STACK_SIZE + tls_area_size(&img->tls);
    uint64_t stacks_end = l->stacks + (uint64_t)ncores * (l->stack_size + LAYOUT_STACK_GUARD);
    if (l->image_hi > addr_end || stacks_end > addr_end) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_INPUT,
                    "%s: the program leaves no room for %u stacks below %s", img->path, ncores,
                    addr_end == IMAGE_ADDR_END_32 ? "4 GiB" : "the end of user space");
        return FALSE;
    }
    return TRUE;
}

void layout_clear(struct layout *l)
{
    if (l->regions)
        g_array_unref(l->regions);
    l->regions = NULL;
}
